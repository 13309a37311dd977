//! Tool calls: a function called by hand (the job it runs in and the files handed to it), the call
//! itself as agents and flows make it too ([`invoke`]), and what the edge makes of a result
//! ([`Draft`]: its size, the files it returns, its usage reports, its fit note), recorded as a step of
//! the job.

mod clock;
mod draft;
pub(crate) mod handed;
mod invoke;
mod policy;
mod sampling;

use std::sync::Arc;

use oz0_core::api::{
    CallAnswer, CallRequest, EdgeError, FileRef, Job, JobKind, JobState, RESOURCES_READ, StoredFile, TreeId,
};
use oz0_core::trace::{Outcome, Step, StepKind};
use oz0_toolhost::Server;

use crate::news::Notice;
use crate::state::{EdgeState, NO_FILE};
use crate::store::{JobStart, NewJob, Principal, TenantRecord};

pub(crate) use clock::now;
pub(crate) use draft::Draft;
pub(crate) use invoke::{How, Invoked, Target, file_arguments, invoke, no_tool, target};
pub(crate) use sampling::{TreeBudget, broken_rule};

/// What a call by hand needs, found before anything starts.
struct Prepared {
    job: TreeId,
    target: Target,
    /// Files of other trees its arguments name, to hand to the job it starts.
    handed: Vec<StoredFile>,
}

/// Returns a new job's ID.
pub(crate) fn new_job_id() -> Result<TreeId, EdgeError> {
    TreeId::generate().map_err(|err| EdgeError::internal("could not make a job ID", err))
}

/// Checks the arguments and decides which files of other trees the call hands to its job.
fn prepare(state: &EdgeState, principal: &Principal, request: &CallRequest) -> Result<Prepared, EdgeError> {
    let tenant = &principal.tenant;
    let mut target = match &request.resource {
        Some(uri) => {
            if !request.function.is_empty() || !request.arguments.is_empty() {
                return Err(EdgeError::invalid("a read of a resource names no function and takes no arguments"));
            }
            let mut target = target(state, tenant, &request.tool, RESOURCES_READ)?;
            target.resource = Some(uri.clone());
            target
        }
        None => target(state, tenant, &request.tool, &request.function)?,
    };
    for root in &request.roots {
        let path = std::path::Path::new(root);
        if !path.is_absolute() {
            return Err(EdgeError::invalid(format!(
                "the root `{root}` is not an absolute path; give a folder of the edge's machine, such as /srv/docs"
            )));
        }
        if !path.is_dir() {
            return Err(EdgeError::invalid(format!("the root `{root}` is not a folder of the edge's machine")));
        }
        let Server::Local(command) = &mut target.server else {
            return Err(EdgeError::invalid(format!(
                "the tool `{}` is a remote server, which cannot read the edge's folders: call it without roots",
                request.tool
            )));
        };
        command.roots.push(path.to_path_buf());
    }
    oz0_core::args::check(&target.name(), &target.input_schema, &request.arguments)
        .map_err(|err| EdgeError::invalid(err.to_string()))?;
    let job = match &request.job {
        Some(id) => id.clone(),
        None => new_job_id()?,
    };
    let running = state.store().job(tenant, &job)?.is_some_and(|j| !j.state.ended());
    let handed = hand_on(state, tenant, &job, &file_arguments(&request.arguments), running)?;
    Ok(Prepared { job, target, handed })
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
    let prepared = state
        .blocking(principal, {
            let request = request.clone();
            move |state, principal| prepare(state, principal, &request)
        })
        .await?;
    let tenant = principal.tenant.clone();
    let (job, started) = state
        .blocking(principal, {
            let (id, name) = (prepared.job.clone(), prepared.target.name());
            move |state, principal| {
                let new = NewJob { id: &id, kind: JobKind::Call, name: &name, person: &principal.person, input: None };
                match state.store().start_job(&principal.tenant, &new)? {
                    JobStart::Started(job) => Ok((job, true)),
                    JobStart::Follows(job) => Ok((job, false)),
                    JobStart::Refused(job) => Err(refused_start(&job)),
                    JobStart::Turn(conversation) => Err(refused_turn(&id, &conversation)),
                }
            }
        })
        .await?;
    let handed = prepared.handed;
    if !handed.is_empty() {
        let (id, handed) = (job.id.clone(), handed.clone());
        state
            .blocking(principal, move |state, principal| {
                Ok(state.store().hand_files(&principal.tenant, &id, &handed, principal)?)
            })
            .await?;
    }

    let token = state.running().enter(tenant.id, &job.id);
    let invoked = invoke(
        state,
        principal,
        &job,
        &prepared.target,
        &request.arguments,
        How { ask: request.ask, ..How::default() },
        &token,
    )
    .await;
    state.running().leave(tenant.id, &job.id);
    if started && job.id == job.tree {
        state.servers().end_job(job.tree.as_str()).await;
    }
    let Invoked { mut step, draft: answer, protocol } = invoked?;
    step.handed = handed.iter().map(|f| f.file).collect();
    let outcome = step.outcome;
    let (server, sampling, gateway) = (step.server.clone(), step.sampling.clone(), step.gateway.clone());

    let (id, usage_refused, result) = (job.id.clone(), answer.usage_refused.clone(), answer.result.clone());
    let (seq, job) = state
        .blocking(principal, move |state, principal| {
            let seq = record_call(state, &principal.tenant, &id, &step, result.as_ref(), usage_refused)?;
            if started {
                state.end_job(&principal.tenant, &id, job_state(outcome), step.error.as_deref())?;
            }
            let job =
                state.store().job(&principal.tenant, &id)?.ok_or_else(|| EdgeError::not_found("the job is gone"))?;
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
        server,
        sampling,
        gateway,
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

/// Returns the refusal of a start under `id`, a turn of `conversation` (or its ID).
pub(crate) fn refused_turn(id: &TreeId, conversation: &TreeId) -> EdgeError {
    EdgeError::invalid(format!(
        "`{id}` is the ID of a turn of the conversation `{conversation}`, and no other job may start under it; \
         leave out --id, or choose another"
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
    let seq = state.record_step(tenant, job, step)?;
    if let Some(refused) = usage_refused {
        let mut report = Step::new(0, now(), StepKind::Usage);
        report.tool = step.tool.clone();
        report.function = step.function.clone();
        report.outcome = Outcome::Refused;
        report.error = Some(refused);
        state.record_step(tenant, job, &report)?;
    }
    Ok(seq)
}

/// Records a call's step as [`record`] does, and keeps the result it answered, whole, as the step's
/// payload (what retention and erasure remove with the job's other payloads); returns the step's number.
pub(crate) fn record_call(
    state: &EdgeState,
    tenant: &TenantRecord,
    job: &TreeId,
    step: &Step,
    result: Option<&serde_json::Value>,
    usage_refused: Option<String>,
) -> Result<u32, EdgeError> {
    let seq = record(state, tenant, job, step, usage_refused)?;
    if let Some(result) = result {
        state.store().keep_result(tenant, job, seq, &result.to_string())?;
    }
    Ok(seq)
}

/// How long a cancel waits for the node that runs the job to end it, before ending it itself.
const CANCEL_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

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
    // A job run by this process ends itself once its call or step stops, recording it. One run by
    // another node is cancelled there, which ends it the same; one that does not end so (its node died,
    // or shares a SQLite store without hearing this one) is ended here, and its runner sees that.
    if state.running().cancel(tenant.id, id) {
        return Ok(job);
    }
    if state.news().shared() {
        state.news().tell(state.running(), Notice::Cancel { tenant: tenant.id, job: id.as_str().to_owned() });
        let deadline = std::time::Instant::now() + CANCEL_WAIT;
        while std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(50));
            if let Some(job) = state.store().job(tenant, id)?.filter(|job| job.state.ended()) {
                return Ok(job);
            }
        }
    }
    let by = format!("cancelled by {}", principal.actor());
    state
        .end_job(tenant, id, JobState::Cancelled, Some(&by))?
        .ok_or_else(|| EdgeError::not_found(format!("no job `{id}`")))
}
