//! What oz0 reads and writes in a tool's MCP messages, whichever edge makes the call: the `_meta` keys
//! of a call, the text a model reads of a result, its size as the limits count it, and its fit note.

use serde_json::Value;

use crate::fit::{self, FitNote};

/// The `_meta` key under which a call gets the files handed to it, as `{ref: path}`.
pub const FILES_META_KEY: &str = "oz0/files";

/// Returns the text a model reads of a result: its text blocks, a line break between each.
pub fn text_of(result: &Value) -> String {
    let texts: Vec<&str> = result
        .get("content")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|b| b.get("text").and_then(Value::as_str))
        .collect();
    texts.join("\n")
}

/// Returns the bytes the result's text and structured content come to as UTF-8 JSON.
pub fn result_bytes(result: &Value) -> u64 {
    let mut bytes = 0u64;
    for block in result.get("content").and_then(Value::as_array).into_iter().flatten() {
        if block.get("type").and_then(Value::as_str) == Some("text")
            && let Some(text) = block.get("text")
        {
            bytes += json_len(text);
        }
    }
    if let Some(structured) = result.get("structuredContent").filter(|v| !v.is_null()) {
        bytes += json_len(structured);
    }
    bytes
}

fn json_len(value: &Value) -> u64 {
    struct Counter(u64);
    impl std::io::Write for Counter {
        fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
            self.0 += buf.len() as u64;
            Ok(buf.len())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    let mut counter = Counter(0);
    // Writing a `Value` fails only when the writer does, and this one never does.
    let _ = serde_json::to_writer(&mut counter, value);
    counter.0
}

/// Returns the result's fit note: its structured content's `fit`, else its `_meta` [`fit::META_KEY`].
pub fn fit_note(result: &Value) -> Option<FitNote> {
    let from_content = result.get("structuredContent").and_then(|s| s.get("fit"));
    let from_meta = result.get("_meta").and_then(|m| m.get(fit::META_KEY));
    [from_content, from_meta].into_iter().flatten().find_map(|note| serde_json::from_value(note.clone()).ok())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn the_text_joins_the_text_blocks() {
        let result = json!({"content": [{"type": "text", "text": "a"}, {"type": "image", "data": "xx"},
                                        {"type": "text", "text": "b"}]});
        assert_eq!(text_of(&result), "a\nb");
        assert_eq!(text_of(&json!({})), "");
    }

    #[test]
    fn the_size_counts_text_and_structured_content_as_json() {
        let result = json!({"content": [{"type": "text", "text": "a\"b"}, {"type": "image", "data": "xxxx"}],
                            "structuredContent": {"k": 1}});
        assert_eq!(result_bytes(&result), 6 + 7);
    }

    #[test]
    fn the_fit_note_comes_from_the_content_or_the_meta() {
        let note = json!({"view": "summary", "budget": 500, "size": 900, "tokens": 400, "omitted": "x",
                          "bound": "budget", "truncated": true});
        let a = fit_note(&json!({"structuredContent": {"content": "..", "fit": note}})).unwrap();
        let b = fit_note(&json!({"_meta": {"oz0/fit": note}})).unwrap();
        assert_eq!(a, b);
        assert!(a.truncated);
        assert!(fit_note(&json!({"structuredContent": {"fit": "no"}})).is_none());
    }
}
