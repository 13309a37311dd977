//! Runs of agents and flows: each a job whose steps are recorded as they end, run in a task of its own
//! so that the caller can follow it ([`events`]) or leave it (`--detach`).

mod agent;
mod answer;
mod events;
pub(crate) mod experiment;
mod flow;
mod run;
mod tree;

use std::sync::Arc;

use oz0_core::agent::{Definition, Spent};
use oz0_core::api::{EdgeError, Job, NEW_CONVERSATION, RunRequest, StoredFile, TreeId};

pub(crate) use agent::{Offered, read_resource, read_result, tool_call};
pub(crate) use answer::Bounds;
pub(crate) use events::events;
pub(crate) use flow::run_flow;
pub(crate) use run::{Reached, Run};
pub(crate) use tree::{Task, call as call_in_tree, reached};

pub(crate) use run::{gateway_for, job_threshold};

use run::{AgentSetup, finish, kind_of};

use crate::calls::{hand_on, new_job_id, refused_start, refused_turn};
use crate::gateway::ChatMessage;
use crate::state::EdgeState;
use crate::store::{JobStart, NewJob, Principal, TenantRecord, TurnRefused, TurnStarted};

/// Starts a run: finds its definition, starts its job (handing it the files asked for) and runs it in
/// a task of its own. A start under the ID of a running job follows that job and starts nothing.
pub(crate) async fn start(
    state: &Arc<EdgeState>,
    principal: &Principal,
    request: &RunRequest,
) -> Result<Job, EdgeError> {
    let prepared = state
        .blocking(principal, {
            let request = request.clone();
            move |state, principal| prepare(state, principal, &request)
        })
        .await?;
    let Prepared { job, started: Some((definition, setup, reached)), files } = prepared else {
        return Ok(prepared.job);
    };
    let token = state.running().enter(principal.tenant.id, &job.id);
    let run = Run {
        state: Arc::clone(state),
        principal: principal.clone(),
        job: job.clone(),
        input: request.input.clone(),
        files,
        token,
        person: None,
        reached: Arc::new(reached),
        above: Vec::new(),
    };
    tokio::spawn(async move {
        let ended = agent::run_any(&run, &definition, setup.as_ref()).await;
        finish(&run, ended).await;
    });
    Ok(job)
}

/// A run's job, and what it runs unless the start follows a running job: its definition, an agent's
/// setup and what it may reach, and the files handed to it.
struct Prepared {
    job: Job,
    started: Option<(Definition, Option<AgentSetup>, Reached)>,
    files: Vec<StoredFile>,
}

fn prepare(state: &EdgeState, principal: &Principal, request: &RunRequest) -> Result<Prepared, EdgeError> {
    let tenant = &principal.tenant;
    let definition = match &request.definition {
        Some(definition) => definition.clone(),
        None => state.store().definition(tenant, &request.name)?.ok_or_else(|| {
            EdgeError::not_found(format!(
                "no agent or flow `{}`: there is no agents/{0}.yaml or flows/{0}.yaml here, and none is installed \
                 (`oz0 agent list`)",
                request.name
            ))
        })?,
    };
    oz0_core::agent::check(&definition).map_err(|err| EdgeError::invalid(format!("{}: {err}", request.name)))?;
    if let (Some(offload), Definition::Flow(flow)) = (request.offload, &definition) {
        return Err(EdgeError::invalid(format!(
            "`{}` is a flow, which offloads nothing: an offload threshold ({offload}) is for an agent's runs",
            flow.id
        )));
    }
    let mut setup = match &definition {
        Definition::Agent(agent) => {
            let (gateway, config) = gateway_for(state, agent)?;
            let threshold = job_threshold(state, principal, request.offload.or(agent.offload))?;
            Some(AgentSetup {
                gateway,
                config,
                threshold,
                history: Vec::new(),
                budget: agent.budget,
                spent: Spent::default(),
            })
        }
        Definition::Flow(_) => None,
    };
    let reached = tree::reached(state, principal, &request.reached, &definition, setup.as_ref().map(|s| &s.config))?;
    let conversation = conversation_of(request, &definition)?;
    let id = match (&request.job, &conversation) {
        (Some(id), _) => id.clone(),
        // A fork's first turn of its own is named by the fork's ID.
        (None, Some(Some(fork))) if state.store().job(tenant, fork)?.is_none() => fork.clone(),
        (None, _) => new_job_id()?,
    };
    let running = state.store().job(tenant, &id)?.is_some_and(|j| !j.state.ended());
    let named: Vec<(String, oz0_core::api::FileRef)> =
        request.files.iter().enumerate().map(|(i, f)| (format!("--file {}", i + 1), *f)).collect();
    let handed = hand_on(state, tenant, &id, &named, running)?;
    let new = NewJob {
        id: &id,
        kind: kind_of(&definition),
        name: definition.id(),
        person: &principal.person,
        input: Some(&request.input),
    };
    let job = match conversation {
        Some(conversation) => {
            let started = start_turn(state, tenant, conversation.as_ref(), &new)?;
            if let Some(setup) = &mut setup {
                setup.history = history(&started.history);
            }
            started.job
        }
        None => match state.store().start_job(tenant, &new)? {
            JobStart::Started(job) => job,
            JobStart::Follows(job) => return Ok(Prepared { job, started: None, files: Vec::new() }),
            JobStart::Refused(job) => return Err(refused_start(&job)),
            JobStart::Turn(conversation) => return Err(refused_turn(&id, &conversation)),
        },
    };
    if !handed.is_empty() {
        state.store().hand_files(tenant, &id, &handed, principal)?;
    }
    let mut files = Vec::new();
    for file in &request.files {
        let size = state.store().file_size(tenant, &id, file)?.unwrap_or(0);
        files.push(StoredFile { file: *file, size });
    }
    Ok(Prepared { job, started: Some((definition, setup, reached)), files })
}

/// Returns the conversation a run is a turn of, as its request names it: `None` for none, `Some(None)`
/// for a new one, `Some(Some(id))` to go on with `id`.
fn conversation_of(request: &RunRequest, definition: &Definition) -> Result<Option<Option<TreeId>>, EdgeError> {
    let Some(named) = &request.conversation else {
        return Ok(None);
    };
    if let Definition::Flow(flow) = definition {
        return Err(EdgeError::invalid(format!(
            "`{}` is a flow, and a conversation's turns are runs of agents: run it without --conversation",
            flow.id
        )));
    }
    if named == NEW_CONVERSATION {
        return Ok(Some(None));
    }
    let id = TreeId::new(named).map_err(|_| {
        EdgeError::invalid(format!(
            "--conversation takes `{NEW_CONVERSATION}` or a conversation's ID (`oz0 conversation list`), and `{named}` \
             is neither"
        ))
    })?;
    Ok(Some(Some(id)))
}

/// Starts a turn of `conversation` (a new one when `None`) as the job `new`.
fn start_turn(
    state: &EdgeState,
    tenant: &TenantRecord,
    conversation: Option<&TreeId>,
    new: &NewJob<'_>,
) -> Result<TurnStarted, EdgeError> {
    match state.store().start_turn(tenant, conversation, new)? {
        Ok(started) => Ok(started),
        Err(TurnRefused::Unknown) => Err(EdgeError::not_found(format!(
            "no conversation `{}`: `oz0 conversation list` shows them, and `--conversation new` starts one",
            conversation.map(TreeId::as_str).unwrap_or_default()
        ))),
        Err(TurnRefused::Busy(job)) => Err(EdgeError::invalid(format!(
            "the last turn of the conversation `{}` (job {job}) still runs: go on once it has answered \
             (`oz0 job get {job}`)",
            conversation.map(TreeId::as_str).unwrap_or_default()
        ))),
        Err(TurnRefused::Taken(id)) => Err(EdgeError::invalid(format!(
            "a job `{id}` exists already, and a turn is a new job: leave out --id, or choose another"
        ))),
    }
}

/// Returns the history the turns before a turn left its model: each one's messages, or what it was
/// asked when it kept none.
fn history(turns: &[(Vec<String>, String)]) -> Vec<ChatMessage> {
    let mut messages = Vec::new();
    for (said, input) in turns {
        let kept: Vec<ChatMessage> = said.iter().filter_map(|text| serde_json::from_str(text).ok()).collect();
        if kept.is_empty() {
            messages.push(ChatMessage::User { text: input.clone() });
        }
        messages.extend(kept);
    }
    messages
}
