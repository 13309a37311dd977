//! A run under way: what every run of an agent or a flow needs, how it ends, and how it records its
//! steps and reaches the store.

use std::sync::Arc;

use oz0_core::agent::{AgentBudget, AgentDef, Definition, Spent};
use oz0_core::api::{EdgeError, Job, JobKind, JobState, StoredFile, TreeId};
use oz0_core::offload::Offload;
use oz0_core::offload::threshold;
use tokio_util::sync::CancellationToken;

use crate::gateway::{Gateway, GatewayConfig};
use crate::state::EdgeState;
use crate::store::Principal;

/// What every run needs: the edge, who runs it, its job and what cancels it.
pub(crate) struct Run {
    pub state: Arc<EdgeState>,
    pub principal: Principal,
    pub job: Job,
    pub input: String,
    pub files: Vec<StoredFile>,
    pub token: CancellationToken,
    /// Who answers its calls' questions, when not the person at the job's live events (see [`How`]).
    ///
    /// [`How`]: crate::calls::How
    pub person: Option<Arc<dyn oz0_toolhost::Ask>>,
    /// The agents and flows it may reach: hand-offs, delegated agents and flow tools.
    pub reached: Arc<Reached>,
    /// The jobs of its tree above it, the tree's first job first: empty for a job started by a person.
    pub above: Vec<Job>,
}

/// The agents and flows a run may reach, by name: those its agents hand off to (`handoffs`) and
/// delegate to (`agents`), and the flows installed as tools among their tools and its steps' calls, and
/// theirs; each as the caller gave it from a file, or else as installed.
pub(crate) type Reached = std::collections::BTreeMap<String, oz0_core::agent::Definition>;

/// What an agent's run needs beyond the job: its model gateway and the threshold it started with.
pub(crate) struct AgentSetup {
    pub gateway: Gateway,
    pub config: GatewayConfig,
    /// The offload threshold, kept for the whole run whatever the tenant changes meanwhile.
    pub threshold: Offload,
    /// What the turns before this one said, for a turn of a conversation: the model's history.
    pub history: Vec<crate::gateway::ChatMessage>,
    /// What its tree may spend: the first agent's budget, or a delegated agent's caller's.
    pub budget: Option<AgentBudget>,
    /// What its tree spent before it started, for a delegated agent: what its budget has left.
    pub spent: Spent,
}

/// How a run ended.
pub(crate) struct Ended {
    pub state: JobState,
    pub output: Option<String>,
    pub error: Option<String>,
    /// What it spent, its delegated agents' and flow tools' included: filled in by the run as it ends.
    pub spent: Spent,
}

impl Ended {
    pub fn succeeded(output: String) -> Self {
        Self { state: JobState::Succeeded, output: Some(output), error: None, spent: Spent::default() }
    }

    pub fn failed(error: impl Into<String>) -> Self {
        Self { state: JobState::Failed, output: None, error: Some(error.into()), spent: Spent::default() }
    }

    /// Returns the end of a run stopped by a step that ended in `outcome`: cancelled with it, or
    /// failed, saying `error`.
    pub fn stopped(outcome: oz0_core::trace::Outcome, error: String) -> Self {
        let state = if outcome == oz0_core::trace::Outcome::Cancelled { JobState::Cancelled } else { JobState::Failed };
        Self { state, ..Self::failed(error) }
    }

    pub fn cancelled() -> Self {
        Self { state: JobState::Cancelled, output: None, error: Some("cancelled".to_owned()), spent: Spent::default() }
    }

    /// Returns the end of `run`, one of whose steps could not be recorded, and logs why: the cause of
    /// an internal error is for the edge's log, not for the caller.
    pub fn unrecorded(run: &Run, err: &EdgeError) -> Self {
        tracing::error!(job = %run.job.id, error = err as &dyn std::error::Error, "a step could not be recorded");
        Self::failed(format!("a step of the job could not be recorded in its trace: {err}"))
    }
}

/// Returns whether the run was cancelled: here, or by another process that ended its job or a job
/// above it in its tree.
pub(crate) async fn cancelled(run: &Run) -> bool {
    if run.token.is_cancelled() {
        return true;
    }
    let mut ids: Vec<TreeId> = run.above.iter().map(|job| job.id.clone()).collect();
    ids.push(run.job.id.clone());
    let ended = blocking(run, move |state, principal| {
        for id in &ids {
            if state.store().job(&principal.tenant, id)?.is_some_and(|job| job.state.ended()) {
                return Ok(true);
            }
        }
        Ok(false)
    })
    .await
    .unwrap_or(false);
    if ended {
        run.token.cancel();
    }
    ended
}

/// Records a step of a run.
pub(crate) async fn record(
    run: &Run,
    step: oz0_core::trace::Step,
    usage_refused: Option<String>,
) -> Result<u32, EdgeError> {
    let id = run.job.id.clone();
    blocking(run, move |state, principal| crate::calls::record(state, &principal.tenant, &id, &step, usage_refused))
        .await
}

/// Records a tool call's step of a run, and keeps the result it answered ([`crate::calls::record_call`]).
pub(crate) async fn record_call(
    run: &Run,
    step: oz0_core::trace::Step,
    draft: &crate::calls::Draft,
) -> Result<u32, EdgeError> {
    let (id, result, usage_refused) = (run.job.id.clone(), draft.result.clone(), draft.usage_refused.clone());
    blocking(run, move |state, principal| {
        crate::calls::record_call(state, &principal.tenant, &id, &step, result.as_ref(), usage_refused)
    })
    .await
}

/// Records the step that ends a run, and returns how the run ends: as `ended` says, or failed when the
/// step could not be recorded, since a trace that lacks its last step would mislead.
pub(crate) async fn record_last(run: &Run, step: oz0_core::trace::Step, ended: Ended) -> Ended {
    match record(run, step, None).await {
        Ok(_) => ended,
        Err(err) => Ended::unrecorded(run, &err),
    }
}

/// Runs `f` on a thread that may block, with the run's edge and person.
pub(crate) async fn blocking<T: Send + 'static>(
    run: &Run,
    f: impl FnOnce(&EdgeState, &Principal) -> Result<T, EdgeError> + Send + 'static,
) -> Result<T, EdgeError> {
    run.state.blocking(&run.principal, f).await
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

/// Returns the threshold a job of an agent whose `offload` is `agent` keeps for its whole run.
pub(crate) fn job_threshold(
    state: &EdgeState,
    principal: &Principal,
    agent: Option<Offload>,
) -> Result<Offload, EdgeError> {
    Ok(threshold(agent, &state.store().offload(&principal.tenant)?).threshold)
}

/// Returns the kind of job a run of `definition` is.
pub(crate) fn kind_of(definition: &Definition) -> JobKind {
    match definition {
        Definition::Agent(_) => JobKind::Agent,
        Definition::Flow(_) => JobKind::Flow,
    }
}

/// Keeps the run's answer and ends its job, and returns how it ended: as `ended` says, cancelled when
/// its token was, or failed when its answer could not be kept (rather than leave it succeeded without
/// one). A job that cannot be ended is logged, as no caller is left to tell.
pub(crate) async fn finish(run: &Run, ended: Ended) -> Ended {
    run.state.running().leave(run.principal.tenant.id, &run.job.id);
    let mut ended = if run.token.is_cancelled() { Ended { spent: ended.spent, ..Ended::cancelled() } } else { ended };
    let (id, output, state, error) = (run.job.id.clone(), ended.output.clone(), ended.state, ended.error.clone());
    let done = blocking(run, move |edge, principal| {
        let unkept = output
            .and_then(|output| edge.store().set_output(&principal.tenant, &id, &output).err())
            .map(|err| format!("the job's answer could not be kept: {err}"));
        let (state, error) = match &unkept {
            Some(why) => (JobState::Failed, Some(why.as_str())),
            None => (state, error.as_deref()),
        };
        edge.end_job(&principal.tenant, &id, state, error)?;
        Ok(unkept)
    })
    .await;
    match done {
        Ok(Some(why)) => ended = Ended { spent: ended.spent, ..Ended::failed(why) },
        Ok(None) => {}
        Err(err) => {
            tracing::error!(job = %run.job.id, error = &err as &dyn std::error::Error, "the job could not be ended");
        }
    }
    if run.job.id == run.job.tree {
        run.state.servers().end_job(run.job.tree.as_str()).await;
    }
    ended
}
