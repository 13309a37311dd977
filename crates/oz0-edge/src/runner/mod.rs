//! Runs of agents and flows: each a job whose steps are recorded as they end, run in a task of its own
//! so that the caller can follow it ([`events`]) or leave it (`--detach`).

mod agent;
mod events;
pub(crate) mod experiment;
mod flow;
mod run;

use std::collections::BTreeMap;
use std::sync::Arc;

use oz0_core::agent::{AgentDef, Definition};
use oz0_core::api::{EdgeError, Job, JobKind, JobState, NEW_CONVERSATION, RunRequest, StoredFile, TreeId};
use oz0_core::offload::{Offload, threshold};

pub(crate) use agent::{Bounds, Offered, read_resource, read_result, tool_call};
pub(crate) use events::events;
pub(crate) use run::Run;

use run::{AgentSetup, Ended, blocking};

use crate::calls::{hand_on, new_job_id, refused_start, refused_turn};
use crate::gateway::{ChatMessage, Gateway, GatewayConfig};
use crate::state::EdgeState;
use crate::store::{JobStart, NewJob, Principal, TenantRecord, TurnRefused, TurnStarted};

/// Starts a run: finds its definition, starts its job (handing it the files asked for) and runs it in
/// a task of its own. A start under the ID of a running job follows that job and starts nothing.
pub(crate) async fn start(
    state: &Arc<EdgeState>,
    principal: &Principal,
    request: &RunRequest,
) -> Result<Job, EdgeError> {
    let (job, definition, files, gateway) = state
        .blocking(principal, {
            let request = request.clone();
            move |state, principal| prepare(state, principal, &request)
        })
        .await?;
    let Some(definition) = definition else {
        return Ok(job);
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
    };
    tokio::spawn(async move {
        let ended = match (&definition, gateway) {
            (Definition::Agent(agent), Some(setup)) => agent::run(&run, agent, &setup).await,
            (Definition::Agent(_), None) => Ended::failed("the edge has no model gateway configured"),
            (Definition::Flow(flow), _) => flow::run(&run, flow).await,
        };
        finish(&run, ended).await;
    });
    Ok(job)
}

type Prepared = (Job, Option<Definition>, Vec<StoredFile>, Option<AgentSetup>);

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
    let gateway = match &definition {
        Definition::Agent(agent) => {
            let (gateway, config) = gateway_for(state, agent)?;
            let threshold = job_threshold(state, principal, request.offload.or(agent.offload))?;
            let handoffs = handoffs(state, principal, &request.handoffs, agent, &config)?;
            Some(AgentSetup { gateway, config, threshold, handoffs, history: Vec::new() })
        }
        Definition::Flow(_) => None,
    };
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
    let kind = match definition {
        Definition::Agent(_) => JobKind::Agent,
        Definition::Flow(_) => JobKind::Flow,
    };
    let new = NewJob { id: &id, kind, name: definition.id(), person: &principal.person, input: Some(&request.input) };
    let mut gateway = gateway;
    let job = match conversation {
        Some(conversation) => {
            let started = start_turn(state, tenant, conversation.as_ref(), &new)?;
            if let Some(setup) = &mut gateway {
                setup.history = history(&started.history);
            }
            started.job
        }
        None => match state.store().start_job(tenant, &new)? {
            JobStart::Started(job) => job,
            JobStart::Follows(job) => return Ok((job, None, Vec::new(), None)),
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
    Ok((job, Some(definition), files, gateway))
}

/// Returns the model gateway an agent's run calls its model through, refusing an edge that has none or
/// whose gateway does not configure the agent's alias.
pub(crate) fn gateway_for(state: &EdgeState, agent: &AgentDef) -> Result<(Gateway, GatewayConfig), EdgeError> {
    let config = GatewayConfig::load(state.root()).map_err(|err| EdgeError::invalid(err.to_string()))?;
    let Some(config) = config else {
        return Err(EdgeError::invalid(format!(
            "the agent `{}` needs a model, and the edge has no model gateway: write {} with an alias `{}`",
            agent.id,
            state.root().join(GatewayConfig::FILE).display(),
            agent.model
        )));
    };
    if config.resolve(&agent.model).is_none() {
        let known = config.known();
        return Err(EdgeError::invalid(format!(
            "the agent `{}` calls the model alias `{}`, which the edge's gateway does not configure; it has {}",
            agent.id,
            agent.model,
            known.join(", ")
        )));
    }
    let gateway = Gateway::new(config.clone()).map_err(|err| EdgeError::internal("the gateway", err))?;
    Ok((gateway, config))
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

/// The most agents a run reaches by hand-offs, the first one's and theirs.
const MOST_HANDOFFS: usize = 32;

/// Finds the agents a run of `agent` may be handed to: those its `handoffs` name, and theirs, each
/// from `given` (read from files by the caller) or else installed, checked as a run's definition is,
/// its model alias one of `config`'s. The run's own agent is among them, to be handed back to.
fn handoffs(
    state: &EdgeState,
    principal: &Principal,
    given: &[Definition],
    agent: &AgentDef,
    config: &GatewayConfig,
) -> Result<BTreeMap<String, AgentDef>, EdgeError> {
    let mut found = BTreeMap::from([(agent.id.clone(), agent.clone())]);
    let mut wanted = agent.handoffs.clone();
    while let Some(name) = wanted.pop() {
        if found.contains_key(&name) {
            continue;
        }
        if found.len() > MOST_HANDOFFS {
            return Err(EdgeError::invalid(format!(
                "the agent `{}` reaches more than {MOST_HANDOFFS} agents by its hand-offs",
                agent.id
            )));
        }
        let definition = match given.iter().find(|d| d.id() == name) {
            Some(definition) => definition.clone(),
            None => state.store().definition(&principal.tenant, &name)?.ok_or_else(|| {
                EdgeError::not_found(format!(
                    "the agent `{}` hands off to `{name}`: there is no agents/{name}.yaml here, and none is installed",
                    agent.id
                ))
            })?,
        };
        oz0_core::agent::check(&definition).map_err(|err| EdgeError::invalid(format!("{name}: {err}")))?;
        let Definition::Agent(target) = definition else {
            return Err(EdgeError::invalid(format!(
                "`{name}`, a hand-off of `{}`, is a flow: hand off to agents",
                agent.id
            )));
        };
        if config.resolve(&target.model).is_none() {
            return Err(EdgeError::invalid(format!(
                "the agent `{name}` calls the model alias `{}`, which the edge's gateway does not configure",
                target.model
            )));
        }
        wanted.extend(target.handoffs.iter().cloned());
        found.insert(name, target);
    }
    Ok(found)
}

/// Returns the threshold a job of an agent whose `offload` is `agent` keeps for its whole run.
pub(crate) fn job_threshold(
    state: &EdgeState,
    principal: &Principal,
    agent: Option<Offload>,
) -> Result<Offload, EdgeError> {
    Ok(threshold(agent, &state.store().offload(&principal.tenant)?).threshold)
}

/// Keeps the run's answer and ends its job. An answer that cannot be kept fails the job rather than
/// leave it succeeded without one; a job that cannot be ended is logged, as no caller is left to tell.
async fn finish(run: &Run, ended: Ended) {
    run.state.running().leave(run.principal.tenant.id, &run.job.id);
    let cancelled = run.token.is_cancelled();
    let id = run.job.id.clone();
    let done = blocking(run, move |state, principal| {
        let store = state.store();
        let (mut final_state, mut error) =
            if cancelled { (JobState::Cancelled, Some("cancelled".to_owned())) } else { (ended.state, ended.error) };
        if let Some(output) = &ended.output
            && let Err(err) = store.set_output(&principal.tenant, &id, output)
        {
            final_state = JobState::Failed;
            error = Some(format!("the job's answer could not be kept: {err}"));
        }
        state.end_job(&principal.tenant, &id, final_state, error.as_deref())?;
        Ok(())
    })
    .await;
    if let Err(err) = done {
        tracing::error!(job = %run.job.id, error = &err as &dyn std::error::Error, "the job could not be ended");
    }
    if run.job.id == run.job.tree {
        run.state.servers().end_job(run.job.tree.as_str()).await;
    }
}
