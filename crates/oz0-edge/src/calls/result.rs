//! What the edge makes of a tool's result: its size, the files it returns, its usage reports and its fit
//! note.

use base64::Engine as _;
use oz0_core::api::{FileRef, MAX_FILE_BYTES, MAX_RESULT_BYTES, StoredFile, TreeId};
use oz0_core::fit::FitNote;
use oz0_core::trace::Outcome;
use oz0_core::usage;
use serde_json::Value;

use super::FIT_META_KEY;
use crate::files::digest;
use crate::service::EdgeState;
use crate::store::TenantRecord;

/// What the edge makes of a result.
#[derive(Debug, Default)]
pub(crate) struct Draft {
    pub outcome: Outcome,
    pub error: Option<String>,
    pub stderr: Option<String>,
    pub result: Option<Value>,
    pub fit: Option<FitNote>,
    pub files: Vec<StoredFile>,
    pub usage: Vec<oz0_core::usage::Usage>,
    pub usage_refused: Option<String>,
}

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
    let _ = serde_json::to_writer(&mut counter, value);
    counter.0
}

/// Returns the result's fit note: its structured content's `fit`, else its `_meta` `oz0/fit`.
pub fn fit_note(result: &Value) -> Option<FitNote> {
    let from_content = result.get("structuredContent").and_then(|s| s.get("fit"));
    let from_meta = result.get("_meta").and_then(|m| m.get(FIT_META_KEY));
    [from_content, from_meta].into_iter().flatten().find_map(|note| serde_json::from_value(note.clone()).ok())
}

/// Checks the result's size, keeps the files it returns, reads its usage reports and its fit note.
pub(super) fn read_result(
    state: &EdgeState,
    tenant: &TenantRecord,
    tree: &TreeId,
    job: &TreeId,
    result: Value,
) -> Draft {
    let size = result_bytes(&result);
    if size > MAX_RESULT_BYTES {
        return Draft {
            outcome: Outcome::TooLarge,
            error: Some(format!(
                "the result is {size} bytes ({:.1} MiB) as JSON, more than the 31 MiB a result may hold, so it was \
                 not kept; ask for less: a view, a budget, a query or a narrower argument",
                size as f64 / f64::from(1u32 << 20)
            )),
            ..Draft::default()
        };
    }
    let files = match keep_files(state, tenant, tree, &result) {
        Ok(files) => files,
        Err(message) => return Draft { outcome: Outcome::Error, error: Some(message), ..Draft::default() },
    };
    let (usage, usage_refused) = match result.get("_meta").and_then(|m| m.get(usage::META_KEY)) {
        None => (Vec::new(), None),
        Some(reports) => match usage::reports(reports, job.as_str()) {
            Ok(reports) => (reports, None),
            Err(err) => (Vec::new(), Some(err.to_string())),
        },
    };
    let is_error = result.get("isError").and_then(Value::as_bool) == Some(true);
    let error = is_error.then(|| {
        let text = result
            .get("content")
            .and_then(Value::as_array)
            .and_then(|blocks| blocks.iter().find_map(|b| b.get("text").and_then(Value::as_str)))
            .unwrap_or("no message");
        let first = text.lines().next().unwrap_or_default();
        let cut: String = first.chars().take(300).collect();
        format!("the tool answered with an error: {cut}")
    });
    Draft {
        outcome: if is_error { Outcome::Error } else { Outcome::Ok },
        error,
        fit: fit_note(&result),
        result: Some(result),
        files,
        usage,
        usage_refused,
        ..Draft::default()
    }
}

/// Keeps each embedded resource whose URI is `oz0-file:sha256:<hex>` as a file of the tree, its digest
/// checked; returns why when one is not such a file.
fn keep_files(
    state: &EdgeState,
    tenant: &TenantRecord,
    tree: &TreeId,
    result: &Value,
) -> Result<Vec<StoredFile>, String> {
    let mut kept = Vec::new();
    for block in result.get("content").and_then(Value::as_array).into_iter().flatten() {
        if block.get("type").and_then(Value::as_str) != Some("resource") {
            continue;
        }
        let Some(resource) = block.get("resource") else { continue };
        let uri = resource.get("uri").and_then(Value::as_str).unwrap_or_default();
        if !uri.starts_with("oz0-file:") {
            continue;
        }
        let claimed: FileRef = uri.parse().map_err(|err| format!("the tool returned a file whose URI {err}"))?;
        let bytes = if let Some(blob) = resource.get("blob").and_then(Value::as_str) {
            base64::engine::general_purpose::STANDARD
                .decode(blob)
                .map_err(|err| format!("the file {claimed} is not valid base64: {err}"))?
        } else if let Some(text) = resource.get("text").and_then(Value::as_str) {
            text.as_bytes().to_vec()
        } else {
            return Err(format!("the file {claimed} holds neither `blob` nor `text`"));
        };
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(format!(
                "the file {claimed} is {} bytes, more than the {MAX_FILE_BYTES} (32 MiB) a file may hold",
                bytes.len()
            ));
        }
        let found = FileRef::from_digest(digest(&bytes));
        if found != claimed {
            return Err(format!("the file {claimed} was refused: its bytes have the digest of {found}"));
        }
        let file = state
            .files()
            .put(tenant.id, &bytes)
            .map_err(|err| format!("the file {claimed} could not be kept: {err}"))?;
        let size = bytes.len() as u64;
        state
            .store()
            .record_file(tenant, tree, &file, size)
            .map_err(|err| format!("the file {claimed} could not be kept: {err}"))?;
        if !kept.iter().any(|k: &StoredFile| k.file == file) {
            kept.push(StoredFile { file, size });
        }
    }
    Ok(kept)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

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
