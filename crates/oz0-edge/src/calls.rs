//! A tool's function called by hand: the job it runs in, the files handed to it, the call, and what the
//! edge makes of the result (its size, the files it returns, its usage reports, its fit note), recorded
//! as a step of the job.

use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant, SystemTime};

use base64::Engine as _;
use oz0_core::api::{
    CallAnswer, CallRequest, EdgeError, FileRef, Job, JobKind, JobState, MAX_FILE_BYTES, MAX_RESULT_BYTES, StoredFile,
    TreeId,
};
use oz0_core::fit::FitNote;
use oz0_core::trace::{Fitted, Outcome, Step, StepKind};
use oz0_core::usage;
use serde_json::{Map, Value};
use tokio_util::sync::CancellationToken;

use crate::files::digest;
use crate::plugins::{server_command, tail};
use crate::service::{EdgeState, NO_FILE};
use crate::store::{JobStart, NewJob, PluginRecord, Principal, TenantRecord, rfc3339_millis};
use crate::toolhost::{Call, ToolHostError, call_function};

/// The `_meta` key under which a call gets the files handed to it, as `{ref: path}`.
pub const FILES_META_KEY: &str = "oz0/files";

/// The `_meta` key of a result's fit note.
pub const FIT_META_KEY: &str = "oz0/fit";

/// The running calls of each job, to cancel them.
#[derive(Debug, Default)]
pub(crate) struct Running {
    jobs: Mutex<HashMap<(i64, String), (CancellationToken, usize)>>,
}

impl Running {
    /// Registers a call of the job and returns the token that cancels it.
    pub(crate) fn enter(&self, tenant: i64, job: &TreeId) -> CancellationToken {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let entry = jobs.entry((tenant, job.as_str().to_owned())).or_insert_with(|| (CancellationToken::new(), 0));
        entry.1 += 1;
        entry.0.child_token()
    }

    /// Unregisters a call of the job.
    pub(crate) fn leave(&self, tenant: i64, job: &TreeId) {
        let mut jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        let key = (tenant, job.as_str().to_owned());
        if let Some(entry) = jobs.get_mut(&key) {
            entry.1 -= 1;
            if entry.1 == 0 {
                jobs.remove(&key);
            }
        }
    }

    /// Cancels the job's running calls and runs in this process; returns whether there were any.
    pub(crate) fn cancel(&self, tenant: i64, job: &TreeId) -> bool {
        let jobs = self.jobs.lock().unwrap_or_else(PoisonError::into_inner);
        match jobs.get(&(tenant, job.as_str().to_owned())) {
            Some((token, _)) => {
                token.cancel();
                true
            }
            None => false,
        }
    }
}

/// What a call by hand needs, found before anything starts.
struct Prepared {
    job: TreeId,
    /// Files of other trees its arguments name, to hand to the job it starts.
    handed: Vec<StoredFile>,
}

fn now_ms() -> i64 {
    SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(0))
}

/// Returns a new job ID: a ULID.
pub fn new_job_id() -> Result<TreeId, EdgeError> {
    let mut random = [0u8; 10];
    getrandom::fill(&mut random).map_err(|err| EdgeError::internal("could not make a job ID", err))?;
    Ok(TreeId::ulid(u64::try_from(now_ms()).unwrap_or(0), random))
}

/// An installed tool's plugin, and the function's input schema.
pub(crate) struct Target {
    pub plugin: PluginRecord,
    pub timeout: Duration,
    pub input_schema: Value,
}

/// Finds an installed tool's function.
pub(crate) fn target(
    state: &EdgeState,
    tenant: &TenantRecord,
    tool: &str,
    function: &str,
) -> Result<Target, EdgeError> {
    let plugin = state.store().plugin_of_tool(tenant, tool)?.ok_or_else(|| {
        EdgeError::not_found(format!("no tool `{tool}` is installed; `oz0 plugin list` shows the tools"))
    })?;
    let info =
        plugin.info.tools.iter().find(|t| t.id == tool).ok_or_else(|| {
            EdgeError::internal("an installed tool is missing from its plugin", format!("tool {tool}"))
        })?;
    if info.remote {
        return Err(EdgeError::invalid(format!(
            "the tool `{tool}` is a remote server; only local tools (`mcp`) are called by the edge"
        )));
    }
    let schema = info.function(function).map(|f| f.input_schema.clone()).ok_or_else(|| {
        let names: Vec<&str> = info.functions.iter().map(|f| f.name.as_str()).collect();
        EdgeError::not_found(format!("the tool `{tool}` has no function `{function}`; it has {}", names.join(", ")))
    })?;
    let timeout = Duration::from_secs(info.timeout_secs);
    Ok(Target { plugin, timeout, input_schema: schema })
}

/// Returns the top-level arguments that name files, as `(argument, file)`.
fn file_arguments(arguments: &Map<String, Value>) -> Vec<(String, FileRef)> {
    arguments
        .iter()
        .filter_map(|(key, value)| value.as_str().and_then(|s| s.parse::<FileRef>().ok()).map(|f| (key.clone(), f)))
        .collect()
}

/// Checks the arguments and decides which files of other trees the call hands to its job.
fn prepare(state: &EdgeState, principal: &Principal, request: &CallRequest) -> Result<Prepared, EdgeError> {
    let tenant = &principal.tenant;
    let target = target(state, tenant, &request.tool, &request.function)?;
    let name = format!("{}.{}", request.tool, request.function);
    oz0_core::args::check(&name, &target.input_schema, &request.arguments)
        .map_err(|err| EdgeError::invalid(err.to_string()))?;
    let job = match &request.job {
        Some(id) => id.clone(),
        None => new_job_id()?,
    };
    let running = state.store().job(tenant, &job)?.is_some_and(|j| !j.state.ended());
    let handed = hand_on(state, tenant, &job, &file_arguments(&request.arguments), running)?;
    Ok(Prepared { job, handed })
}

/// Returns the files of other trees among `files` that a person hands to the job `job`; refuses with
/// "not found" a file the tenant never stored, and any file of another tree when the job runs already
/// (a start that follows a running job hands it no files).
pub(crate) fn hand_on(
    state: &EdgeState,
    tenant: &TenantRecord,
    job: &TreeId,
    files: &[(String, FileRef)],
    running: bool,
) -> Result<Vec<StoredFile>, EdgeError> {
    let mut handed = Vec::new();
    for (key, file) in files {
        if state.store().file_size(tenant, job, file)?.is_some() {
            continue;
        }
        match state.store().tenant_file(tenant, file)? {
            Some(size) if !running => {
                if !handed.iter().any(|h: &StoredFile| h.file == *file) {
                    handed.push(StoredFile { file: *file, size });
                }
            }
            _ => return Err(EdgeError::not_found(format!("the argument `{key}`: {NO_FILE} ({file})"))),
        }
    }
    Ok(handed)
}

/// Calls a tool's function by hand, as [`oz0_core::api::Edge::call_tool`] says.
pub(crate) async fn call(
    state: &Arc<EdgeState>,
    principal: &Principal,
    request: &CallRequest,
) -> Result<CallAnswer, EdgeError> {
    let prepared = blocking(state, principal, {
        let request = request.clone();
        move |state, principal| prepare(state, principal, &request)
    })
    .await?;
    let tenant = principal.tenant.clone();
    let name = format!("{}.{}", request.tool, request.function);
    let (job, started) = blocking(state, principal, {
        let (id, name) = (prepared.job.clone(), name.clone());
        move |state, principal| {
            let new = NewJob { id: &id, kind: JobKind::Call, name: &name, person: &principal.person, input: None };
            match state.store().start_job(&principal.tenant, &new)? {
                JobStart::Started(job) => Ok((job, true)),
                JobStart::Follows(job) => Ok((job, false)),
                JobStart::Refused(job) => Err(refused_start(&job)),
            }
        }
    })
    .await?;
    let handed = prepared.handed;
    if !handed.is_empty() {
        let (id, handed) = (job.id.clone(), handed.clone());
        blocking(state, principal, move |state, principal| {
            Ok(state.store().hand_files(&principal.tenant, &id, &handed, principal)?)
        })
        .await?;
    }

    let token = state.running().enter(tenant.id, &job.id);
    let invoked = invoke(state, principal, &job, &request.tool, &request.function, &request.arguments, &token).await;
    state.running().leave(tenant.id, &job.id);
    let Invoked { mut step, draft: answer, protocol } = invoked?;
    step.handed = handed.iter().map(|f| f.file).collect();
    let outcome = step.outcome;

    let (id, usage_refused) = (job.id.clone(), answer.usage_refused.clone());
    let (seq, job) = blocking(state, principal, move |state, principal| {
        let seq = record(state, &principal.tenant, &id, &step, usage_refused)?;
        if started {
            state.store().end_job(&principal.tenant, &id, job_state(outcome), step.error.as_deref())?;
        }
        let job = state.store().job(&principal.tenant, &id)?.ok_or_else(|| EdgeError::not_found("the job is gone"))?;
        Ok((seq, job))
    })
    .await?;
    Ok(CallAnswer {
        job,
        step: seq,
        outcome,
        error: answer.error,
        stderr: answer.stderr,
        protocol,
        result: answer.result,
        fit: answer.fit,
        files: answer.files,
        handed: handed.iter().map(|f| f.file).collect(),
        usage: answer.usage,
        usage_refused: answer.usage_refused,
    })
}

/// Returns the error of a start under the ID of an ended job whose tree still holds files.
pub(crate) fn refused_start(job: &Job) -> EdgeError {
    EdgeError::invalid(format!(
        "the job `{}` has ended ({}) and its tree still holds files, so a new job may not start under its ID and \
         inherit them; leave out --id, or choose another",
        job.id,
        job.state.as_str()
    ))
}

/// Returns the state a job ends in after its last step ended so.
pub(crate) fn job_state(outcome: Outcome) -> JobState {
    match outcome {
        Outcome::Ok => JobState::Succeeded,
        Outcome::Cancelled => JobState::Cancelled,
        _ => JobState::Failed,
    }
}

/// Records a step, and a refused usage report as a step of its own after it; returns the step's number.
pub(crate) fn record(
    state: &EdgeState,
    tenant: &TenantRecord,
    job: &TreeId,
    step: &Step,
    usage_refused: Option<String>,
) -> Result<u32, EdgeError> {
    let seq = state.store().record_step(tenant, job, step)?;
    if let Some(refused) = usage_refused {
        let mut report = Step::new(0, rfc3339_millis(now_ms()), StepKind::Usage);
        report.tool = step.tool.clone();
        report.function = step.function.clone();
        report.outcome = Outcome::Refused;
        report.error = Some(refused);
        state.store().record_step(tenant, job, &report)?;
    }
    Ok(seq)
}

/// A call made, not yet recorded.
pub(crate) struct Invoked {
    /// Its step, numbered when recorded.
    pub step: Step,
    /// What the edge made of its result.
    pub draft: Draft,
    /// The protocol the server spoke.
    pub protocol: Option<String>,
}

/// Calls a function in a job: the files its arguments name must be the job's tree's. Returns the
/// step, which the caller records, and what the edge made of the result.
pub(crate) async fn invoke(
    state: &Arc<EdgeState>,
    principal: &Principal,
    job: &Job,
    tool: &str,
    function: &str,
    arguments: &Map<String, Value>,
    token: &CancellationToken,
) -> Result<Invoked, EdgeError> {
    let (target, files) = blocking(state, principal, {
        let (tool, function, tree, arguments) =
            (tool.to_owned(), function.to_owned(), job.tree.clone(), arguments.clone());
        move |state, principal| {
            let target = target(state, &principal.tenant, &tool, &function)?;
            let mut files = Vec::new();
            for (key, file) in file_arguments(&arguments) {
                match state.store().file_size(&principal.tenant, &tree, &file)? {
                    Some(_) => files.push(file),
                    None => return Err(EdgeError::not_found(format!("the argument `{key}`: {NO_FILE} ({file})"))),
                }
            }
            Ok((target, files))
        }
    })
    .await?;
    let name = format!("{tool}.{function}");
    let at = rfc3339_millis(now_ms());
    let clock = Instant::now();
    let outcome = run(state, &principal.tenant, &target, tool, function, arguments, &files, token).await;
    let cancelled = token.is_cancelled();
    let mut step = Step::new(0, at, StepKind::ToolCall);
    step.tool = Some(tool.to_owned());
    step.function = Some(function.to_owned());
    step.duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
    let (mut draft, protocol) = match outcome {
        Ok(answered) => {
            let result = answered.result;
            let (tree, job_id) = (job.tree.clone(), job.id.clone());
            let mut draft = blocking(state, principal, move |state, principal| {
                Ok(read_result(state, &principal.tenant, &tree, &job_id, result))
            })
            .await?;
            // A server says on stderr why a call answered with an error, such as the traceback behind
            // "Error executing tool".
            if draft.outcome == Outcome::Error && !answered.stderr.trim().is_empty() {
                draft.stderr = Some(tail(&answered.stderr, 20));
            }
            (draft, Some(answered.protocol))
        }
        Err(err) => {
            let outcome = match &err {
                ToolHostError::CallTimeout { .. } | ToolHostError::Timeout { .. } => Outcome::Timeout,
                ToolHostError::Crashed { .. } | ToolHostError::Exited { .. } => Outcome::Crashed,
                ToolHostError::Cancelled => Outcome::Cancelled,
                _ => Outcome::Error,
            };
            let stderr = err.stderr().map(|s| tail(s, 20));
            let mut message = format!("{name}: {err}");
            if outcome == Outcome::Timeout {
                message.push_str("; give the tool a longer `timeout` in its manifest, or ask for less");
            }
            (Draft { outcome, error: Some(message), stderr, ..Draft::default() }, None)
        }
    };
    if cancelled {
        draft.outcome = Outcome::Cancelled;
    }
    step.outcome = draft.outcome;
    step.error = draft.error.clone();
    step.fitted = draft.fit.as_ref().map(Fitted::from);
    step.files = draft.files.clone();
    step.usage = draft.usage.clone();
    Ok(Invoked { step, draft, protocol })
}

/// Hands the call its files and runs it.
#[allow(clippy::too_many_arguments)]
async fn run(
    state: &Arc<EdgeState>,
    tenant: &TenantRecord,
    target: &Target,
    tool: &str,
    function: &str,
    arguments: &Map<String, Value>,
    files: &[FileRef],
    token: &CancellationToken,
) -> Result<crate::toolhost::Answered, ToolHostError> {
    let manifest_tool = target.plugin.manifest.tools.iter().find(|t| t.id == tool);
    let Some(command) = manifest_tool.and_then(|t| server_command(t, Path::new(&target.plugin.dir))) else {
        return Err(ToolHostError::EmptyCommand);
    };
    let mut meta = Map::new();
    // The folder lives until the call returns: the files are the call's to read, not to keep.
    let folder = if files.is_empty() {
        None
    } else {
        let folder = materialize(state, tenant, files).map_err(|err| ToolHostError::Protocol {
            message: format!("the files could not be handed to the call: {err}"),
            stderr: String::new(),
        })?;
        let paths: Map<String, Value> = files
            .iter()
            .map(|file| (file.to_string(), Value::String(folder.path().join(file.hex()).display().to_string())))
            .collect();
        meta.insert(FILES_META_KEY.to_owned(), Value::Object(paths));
        Some(folder)
    };
    let call = Call { function: function.to_owned(), arguments: arguments.clone(), meta, timeout: target.timeout };
    let answered = call_function(&command, &call, token).await;
    drop(folder);
    answered
}

/// Copies the files into a folder of the call's own, each named by its digest, their digests checked.
fn materialize(state: &EdgeState, tenant: &TenantRecord, files: &[FileRef]) -> Result<tempfile::TempDir, EdgeError> {
    let tmp = state.root().join("tmp");
    fs_err::create_dir_all(&tmp).map_err(|err| EdgeError::internal("could not make a folder for the call", err))?;
    let folder = tempfile::Builder::new()
        .prefix("call-")
        .tempdir_in(&tmp)
        .map_err(|err| EdgeError::internal("could not make a folder for the call", err))?;
    for file in files {
        let bytes =
            state.files().get(tenant.id, file).map_err(|err| EdgeError::internal("could not read a file", err))?;
        fs_err::write(folder.path().join(file.hex()), bytes)
            .map_err(|err| EdgeError::internal("could not hand a file to the call", err))?;
    }
    Ok(folder)
}

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
fn read_result(state: &EdgeState, tenant: &TenantRecord, tree: &TreeId, job: &TreeId, result: Value) -> Draft {
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

/// Cancels a running job: its calls stop, their servers end, and it ends as cancelled.
pub(crate) fn cancel(state: &EdgeState, principal: &Principal, id: &TreeId) -> Result<Job, EdgeError> {
    let tenant = &principal.tenant;
    let job = state.store().job(tenant, id)?.ok_or_else(|| EdgeError::not_found(format!("no job `{id}`")))?;
    if job.state.ended() {
        return Err(EdgeError::invalid(format!(
            "the job `{id}` has ended ({}); there is nothing to cancel",
            job.state.as_str()
        )));
    }
    // A job run by this process ends itself once its call or step stops, recording it; one run
    // elsewhere (another process sharing the store) is ended here, and its runner sees that.
    if state.running().cancel(tenant.id, id) {
        return Ok(job);
    }
    let by = format!("cancelled by {}", principal.actor());
    state
        .store()
        .end_job(tenant, id, JobState::Cancelled, Some(&by))?
        .ok_or_else(|| EdgeError::not_found(format!("no job `{id}`")))
}

async fn blocking<T: Send + 'static>(
    state: &Arc<EdgeState>,
    principal: &Principal,
    f: impl FnOnce(&EdgeState, &Principal) -> Result<T, EdgeError> + Send + 'static,
) -> Result<T, EdgeError> {
    let (state, principal) = (Arc::clone(state), principal.clone());
    tokio::task::spawn_blocking(move || f(&state, &principal))
        .await
        .map_err(|err| EdgeError::internal("a task of the edge failed", err))?
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
