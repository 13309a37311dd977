//! A run under way: what every run of an agent or a flow needs, how it ends, and how it records its
//! steps and reaches the store.

use std::sync::Arc;

use oz0_core::api::{EdgeError, Job, JobState, StoredFile};
use oz0_core::offload::Offload;
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
}

/// What an agent's run needs beyond the job: its model gateway and the threshold it started with.
pub(crate) struct AgentSetup {
    pub gateway: Gateway,
    pub config: GatewayConfig,
    /// The offload threshold, kept for the whole run whatever the tenant changes meanwhile.
    pub threshold: Offload,
    /// The agents the run may be handed to, by name: those the agent's `handoffs` name, and theirs.
    pub handoffs: std::collections::BTreeMap<String, oz0_core::agent::AgentDef>,
    /// What the turns before this one said, for a turn of a conversation: the model's history.
    pub history: Vec<crate::gateway::ChatMessage>,
}

/// How a run ended.
pub(crate) struct Ended {
    pub state: JobState,
    pub output: Option<String>,
    pub error: Option<String>,
}

impl Ended {
    pub fn failed(error: impl Into<String>) -> Self {
        Self { state: JobState::Failed, output: None, error: Some(error.into()) }
    }

    /// Returns the end of `run`, one of whose steps could not be recorded, and logs why: the cause of
    /// an internal error is for the edge's log, not for the caller.
    pub fn unrecorded(run: &Run, err: &EdgeError) -> Self {
        tracing::error!(job = %run.job.id, error = err as &dyn std::error::Error, "a step could not be recorded");
        Self::failed(format!("a step of the job could not be recorded in its trace: {err}"))
    }
}

/// Returns whether the run was cancelled: here, or by another process that ended its job.
pub(crate) async fn cancelled(run: &Run) -> bool {
    if run.token.is_cancelled() {
        return true;
    }
    let id = run.job.id.clone();
    let ended = blocking(run, move |state, principal| {
        Ok(state.store().job(&principal.tenant, &id)?.is_some_and(|job| job.state.ended()))
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
