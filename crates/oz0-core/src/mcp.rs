//! What oz0 reads and writes in a tool's MCP messages, whichever edge makes the call: the `_meta` keys
//! of a call, the text a model reads of a result ([`render`]), its size as the limits count it, and its
//! fit note.

use serde_json::Value;

use crate::fit::{self, FitNote};

/// The `_meta` key under which a call gets the files handed to it, as `{ref: path}`.
pub const FILES_META_KEY: &str = "oz0/files";

/// Returns the text of a result's text blocks, a line break between each: the tool's own words, which a
/// flow hands on as data. What a model reads is [`render`].
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

/// What a model reads of a result, and what it was told of only by a placeholder.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Rendered {
    /// The text a model reads: each content block in turn, a line break between each.
    pub text: String,
    /// One line for each block the model reads only a placeholder of (an image, audio, a binary
    /// resource, a block of a type oz0 does not know): what it was and its size. Files the edge keeps
    /// are not listed: the answer names them.
    pub summarized: Vec<String>,
    /// The structured content the model does not read because the result has text.
    pub structured_left_out: Option<StructuredLeftOut>,
}

/// Structured content left out of what a model reads, because the result has text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StructuredLeftOut {
    /// Its size as compact JSON, in bytes.
    pub bytes: u64,
    /// Whether the text, read as JSON, is the same value.
    pub same_as_text: bool,
}

/// Returns what a model reads of a result, the one rendering the runtime and `oz0 tool call` share:
/// text blocks as they are; images and audio as a typed placeholder with their size; resource links
/// with their URI; embedded resources' text under a line naming them, a binary one as a placeholder; a
/// file the edge keeps (`oz0-file:`) as its reference and size, never its bytes; the structured content,
/// as compact JSON, only when there is no text block.
pub fn render(result: &Value) -> Rendered {
    let mut rendered = Rendered::default();
    let mut parts: Vec<String> = Vec::new();
    let mut has_text = false;
    for block in result.get("content").and_then(Value::as_array).into_iter().flatten() {
        let field = |key: &str| block.get(key).and_then(Value::as_str);
        match field("type").unwrap_or_default() {
            "text" => {
                let text = field("text").unwrap_or_default();
                has_text |= !text.is_empty();
                parts.push(text.to_owned());
            }
            kind @ ("image" | "audio") => {
                let mime = field("mimeType").unwrap_or("unknown type");
                let size = human_size(base64_len(field("data").unwrap_or_default()));
                parts.push(format!("[{kind}: {mime}, {size}]"));
                rendered.summarized.push(format!("{kind}: {mime}, {size}, shown as a placeholder"));
            }
            "resource_link" => parts.push(link(block)),
            "resource" => {
                let resource = block.get("resource").unwrap_or(&Value::Null);
                let field = |key: &str| resource.get(key).and_then(Value::as_str);
                let uri = field("uri").unwrap_or("no URI");
                let mime = field("mimeType").map(|m| format!(", {m}")).unwrap_or_default();
                let (text, blob) = (field("text"), field("blob"));
                let bytes = blob.map_or_else(|| text.map_or(0, |t| t.len() as u64), base64_len);
                if uri.starts_with("oz0-file:") {
                    parts.push(format!("[file: {uri}{mime}, {}, kept in the job's tree]", human_size(bytes)));
                } else if let Some(text) = text.filter(|_| blob.is_none()) {
                    parts.push(format!("[resource: {uri}{mime}]\n{text}"));
                } else if let Some(text) = blob.filter(|_| field("mimeType").is_some_and(is_text)).and_then(decoded) {
                    parts.push(format!("[resource: {uri}{mime}]\n{text}"));
                } else {
                    let size = human_size(bytes);
                    parts.push(format!("[resource: {uri}{mime}, {size} of binary]"));
                    rendered.summarized.push(format!("resource {uri}{mime}: {size} of binary, shown as a placeholder"));
                }
            }
            other => {
                let kind = if other.is_empty() { "untyped" } else { other };
                parts.push(format!("[{kind} block]"));
                rendered.summarized.push(format!("a `{kind}` content block oz0 does not read, left out"));
            }
        }
    }
    if let Some(structured) = result.get("structuredContent").filter(|v| !v.is_null()) {
        if has_text {
            let same_as_text = serde_json::from_str::<Value>(&text_of(result)).ok().as_ref() == Some(structured);
            rendered.structured_left_out = Some(StructuredLeftOut { bytes: json_len(structured), same_as_text });
        } else {
            parts.push(serde_json::to_string(structured).unwrap_or_default());
        }
    }
    rendered.text = parts.join("\n");
    rendered
}

/// Returns a resource link's placeholder: its URI, then its name, type and size where given, then its
/// description's first line.
fn link(block: &Value) -> String {
    let field = |key: &str| block.get(key).and_then(Value::as_str);
    let uri = field("uri").unwrap_or("no URI");
    let mut about: Vec<String> = [field("name"), field("mimeType")].into_iter().flatten().map(str::to_owned).collect();
    about.extend(block.get("size").and_then(Value::as_u64).map(human_size));
    let about = if about.is_empty() { String::new() } else { format!(" ({})", about.join(", ")) };
    let description = field("description")
        .and_then(|d| d.lines().next())
        .filter(|d| !d.trim().is_empty())
        .map(|d| format!(": {}", d.chars().take(200).collect::<String>()))
        .unwrap_or_default();
    format!("[resource link: {uri}{about}{description}]")
}

/// Returns how many bytes base64 text decodes to, without decoding it: padding and whitespace are not
/// data.
fn base64_len(data: &str) -> u64 {
    let chars = data.bytes().filter(|b| !b.is_ascii_whitespace() && *b != b'=').count() as u64;
    chars * 3 / 4
}

/// Returns a size as a person reads it: bytes below 1 KiB, else KiB, MiB or GiB to one decimal.
pub fn human_size(bytes: u64) -> String {
    const KIB: f64 = 1024.0;
    let b = bytes as f64;
    if bytes < 1024 {
        format!("{bytes} bytes")
    } else if b < KIB * KIB {
        format!("{:.1} KiB", b / KIB)
    } else if b < KIB * KIB * KIB {
        format!("{:.1} MiB", b / (KIB * KIB))
    } else {
        format!("{:.1} GiB", b / (KIB * KIB * KIB))
    }
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

/// Returns whether a tool's result links to resources (`resource_link` blocks), which its server reads.
pub fn links_resources(result: &Value) -> bool {
    result["content"].as_array().is_some_and(|blocks| blocks.iter().any(|block| block["type"] == "resource_link"))
}

/// Returns whether a MIME type is text: `text/*`, JSON, XML, YAML, JavaScript, and their `+json`
/// and `+xml` kin.
fn is_text(mime: &str) -> bool {
    let essence = mime.split(';').next().unwrap_or_default().trim().to_ascii_lowercase();
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/xml"
                | "application/yaml"
                | "application/x-yaml"
                | "application/javascript"
        )
}

/// Returns a base64 blob decoded as UTF-8 text, or `None` when it is not base64 or not UTF-8.
fn decoded(blob: &str) -> Option<String> {
    use base64::Engine as _;
    let bytes = base64::engine::general_purpose::STANDARD.decode(blob.trim()).ok()?;
    String::from_utf8(bytes).ok()
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
    fn text_blocks_are_read_as_they_are() {
        let result = json!({"content": [{"type": "text", "text": "a"}, {"type": "text", "text": "b\nc"}]});
        assert_eq!(render(&result), Rendered { text: "a\nb\nc".to_owned(), ..Rendered::default() });
        assert_eq!(render(&json!({})), Rendered::default());
    }

    #[test]
    fn images_and_audio_are_typed_placeholders_with_their_decoded_size() {
        let image = "A".repeat(16_800); // 12,600 bytes
        let result = json!({"content": [{"type": "text", "text": "see"},
                                        {"type": "image", "data": image, "mimeType": "image/png"},
                                        {"type": "audio", "data": "AAAAAA==", "mimeType": "audio/wav"}]});
        let rendered = render(&result);
        assert_eq!(rendered.text, "see\n[image: image/png, 12.3 KiB]\n[audio: audio/wav, 4 bytes]");
        assert_eq!(
            rendered.summarized,
            ["image: image/png, 12.3 KiB, shown as a placeholder", "audio: audio/wav, 4 bytes, shown as a placeholder"]
        );
    }

    #[test]
    fn a_resource_link_shows_its_uri_and_what_it_says_of_itself() {
        let result = json!({"content": [
            {"type": "resource_link", "uri": "file:///x.txt", "name": "x", "mimeType": "text/plain", "size": 2048,
             "description": "The x file\nwith more lines"},
            {"type": "resource_link", "uri": "demo://1"}]});
        let rendered = render(&result);
        assert_eq!(
            rendered.text,
            "[resource link: file:///x.txt (x, text/plain, 2.0 KiB): The x file]\n[resource link: demo://1]"
        );
        assert!(rendered.summarized.is_empty(), "a link is shown whole");
    }

    #[test]
    fn a_blob_of_text_is_read_as_its_text() {
        let result = json!({"content": [
            {"type": "resource", "resource": {"uri": "demo://1", "mimeType": "text/plain", "blob": "aGVsbG8gd29ybGQ="}},
            {"type": "resource", "resource": {"uri": "demo://2", "mimeType": "application/json", "blob": "eyJhIjoxfQ=="}},
            {"type": "resource", "resource": {"uri": "demo://3", "mimeType": "text/plain", "blob": "//79"}}]});
        let rendered = render(&result);
        assert_eq!(
            rendered.text,
            "[resource: demo://1, text/plain]\nhello world\n[resource: demo://2, application/json]\n{\"a\":1}\n\
             [resource: demo://3, text/plain, 3 bytes of binary]",
            "a blob that is not UTF-8 stays binary"
        );
    }

    #[test]
    fn an_embedded_text_resource_is_read_and_a_blob_summarized() {
        let result = json!({"content": [
            {"type": "resource", "resource": {"uri": "demo://text/1", "mimeType": "text/plain", "text": "hello"}},
            {"type": "resource", "resource": {"uri": "demo://z.gz", "mimeType": "application/gzip",
                                              "blob": "A".repeat(5_600)}}]});
        let rendered = render(&result);
        assert_eq!(
            rendered.text,
            "[resource: demo://text/1, text/plain]\nhello\n[resource: demo://z.gz, application/gzip, 4.1 KiB of binary]"
        );
        assert_eq!(
            rendered.summarized,
            ["resource demo://z.gz, application/gzip: 4.1 KiB of binary, shown as a placeholder"]
        );
    }

    #[test]
    fn a_file_the_edge_keeps_is_read_as_its_reference_never_its_bytes() {
        let uri = format!("oz0-file:sha256:{}", "ab".repeat(32));
        let result = json!({"content": [
            {"type": "resource", "resource": {"uri": uri, "mimeType": "text/plain", "text": "secret bytes"}},
            {"type": "resource", "resource": {"uri": uri, "blob": "c2VjcmV0"}}]});
        let rendered = render(&result);
        assert_eq!(
            rendered.text,
            format!(
                "[file: {uri}, text/plain, 12 bytes, kept in the job's tree]\n[file: {uri}, 6 bytes, kept in the job's tree]"
            )
        );
        assert!(!rendered.text.contains("secret"));
        assert!(rendered.summarized.is_empty(), "the answer names the files");
    }

    #[test]
    fn an_unknown_block_is_named_and_left_out() {
        let rendered = render(&json!({"content": [{"type": "hologram", "data": "x"}, {"text": "untyped"}]}));
        assert_eq!(rendered.text, "[hologram block]\n[untyped block]");
        assert_eq!(rendered.summarized.len(), 2);
        assert!(rendered.summarized[0].contains("`hologram`"));
    }

    #[test]
    fn structured_content_is_read_only_when_there_is_no_text() {
        let only = render(&json!({"content": [], "structuredContent": {"k": [1, 2]}}));
        assert_eq!((only.text.as_str(), only.structured_left_out), ("{\"k\":[1,2]}", None));
        let beside = render(&json!({"content": [{"type": "image", "data": "", "mimeType": "image/png"}],
                                    "structuredContent": {"k": 1}}));
        assert_eq!(beside.text, "[image: image/png, 0 bytes]\n{\"k\":1}");

        let same =
            render(&json!({"content": [{"type": "text", "text": "{ \"k\": 1 }"}], "structuredContent": {"k": 1}}));
        assert_eq!(same.text, "{ \"k\": 1 }");
        assert_eq!(same.structured_left_out, Some(StructuredLeftOut { bytes: 7, same_as_text: true }));
        let other = render(&json!({"content": [{"type": "text", "text": "sunny"}], "structuredContent": {"k": 1}}));
        assert_eq!(other.text, "sunny");
        assert_eq!(other.structured_left_out, Some(StructuredLeftOut { bytes: 7, same_as_text: false }));
    }

    #[test]
    fn sizes_read_as_a_person_reads_them() {
        assert_eq!(human_size(0), "0 bytes");
        assert_eq!(human_size(1023), "1023 bytes");
        assert_eq!(human_size(1024), "1.0 KiB");
        assert_eq!(human_size(312 * 1024 + 100), "312.1 KiB");
        assert_eq!(human_size(3 << 20), "3.0 MiB");
        assert_eq!(human_size(10 << 30), "10.0 GiB");
        assert_eq!(base64_len("AAAA\nAA=="), 4);
        assert_eq!(base64_len("AAA"), 2);
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
