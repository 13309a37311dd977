//! What the edge makes of a tool's raw result ([`Draft`]): its size checked, the files it returns kept,
//! its usage reports and its fit note read.

use base64::Engine as _;
use oz0_core::api::{FileRef, MAX_FILE_BYTES, MAX_RESULT_BYTES, StoredFile, TreeId};
use oz0_core::fit::FitNote;
use oz0_core::mcp::{fit_note, result_bytes};
use oz0_core::trace::Outcome;
use oz0_core::usage;
use serde_json::Value;

use crate::files::digest;
use crate::state::EdgeState;
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
    /// The labels the result declares (`_meta["oz0/labels"]`).
    pub labels: Vec<String>,
}

impl Draft {
    /// Returns what the edge makes of a tool's raw result: checks its size, keeps the files it returns
    /// as files of `tree`, reads its usage reports and its fit note.
    pub(super) fn of(state: &EdgeState, tenant: &TenantRecord, tree: &TreeId, job: &TreeId, result: Value) -> Self {
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
        let labels = match result.get("_meta").and_then(|m| m.get(oz0_core::labels::META_KEY)) {
            None => Vec::new(),
            Some(labels) => match oz0_core::labels::read(labels) {
                Ok(labels) => labels,
                Err(message) => return Draft { outcome: Outcome::Error, error: Some(message), ..Draft::default() },
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
            labels,
            ..Draft::default()
        }
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
        let stored = state
            .keep_file(tenant, tree, &bytes)
            .map_err(|err| format!("the file {claimed} could not be kept: {err}"))?;
        if !kept.iter().any(|k: &StoredFile| k.file == stored.file) {
            kept.push(stored);
        }
    }
    Ok(kept)
}
