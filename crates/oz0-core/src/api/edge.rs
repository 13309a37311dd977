//! The one interface every command that needs the platform goes through.

use std::future::Future;

use super::conversation::{Conversation, ConversationSummary, ForkRequest, JobHistory};
use super::error::EdgeError;
use super::experiment::{Experiment, ExperimentReport, ExperimentRequest};
use super::file::{FileRef, StoredFile, TreeId};
use super::job::{CallAnswer, CallRequest, Job, JobDetail, Trace};
use super::lifecycle::{Erasure, Hold, HoldRequest, PayloadKeyRotation, Retention, Scope};
use super::names::Tenant;
use super::page::{AuditPage, Cursor, JobPage};
use super::plugin::{InstallOptions, Installed, InstalledPlugin, ToolInfo};
use super::policy::{Approval, Decision, Rule};
use super::run::{Applied, EventStream, QuestionAnswer, RunRequest};
use super::tenant::{
    CreatedToken, DataRules, OffloadChange, OffloadPatch, OffloadView, Quotas, SpendingLimits, Status, TokenRequest,
};
use super::usage::UsageRecord;
use crate::agent::Definition;
use crate::offload::{Offload, Threshold};

/// The edge, as a caller with a tenant and roles sees it: in process (`oz0_edge::LocalEdge`) or over
/// HTTP (`oz0_client::Client`). Both answer alike, errors included.
///
/// A tenant the caller may not see, and a tree's file the caller may not read, answer
/// [`EdgeError::NotFound`] exactly as ones that do not exist.
pub trait Edge: Send + Sync {
    /// Returns who the caller is and what the edge is.
    fn status(&self) -> impl Future<Output = Result<Status, EdgeError>> + Send;

    /// Returns the tenant's offload settings and the thresholds they give.
    fn offload(&self, tenant: &Tenant) -> impl Future<Output = Result<OffloadView, EdgeError>> + Send;

    /// Changes the tenant's offload settings (admin only), refusing settings that contradict, and
    /// returns them before and after.
    fn set_offload(
        &self,
        tenant: &Tenant,
        patch: &OffloadPatch,
    ) -> impl Future<Output = Result<OffloadChange, EdgeError>> + Send;

    /// Returns the caller's tenant's usage from the jobs that started from `since_ms` to before
    /// `until_ms` (milliseconds since 1970; `None` for no bound): one record a model call or a
    /// service's reported cost.
    fn usage(
        &self,
        since_ms: Option<u64>,
        until_ms: Option<u64>,
    ) -> impl Future<Output = Result<Vec<UsageRecord>, EdgeError>> + Send;

    /// Returns the tenant's tool policy, by pattern.
    fn rules(&self) -> impl Future<Output = Result<Vec<Rule>, EdgeError>> + Send;

    /// Sets the rule of its pattern (admin; audited as `policy.set`); returns the one it replaced.
    fn set_rule(&self, rule: &Rule) -> impl Future<Output = Result<Option<Rule>, EdgeError>> + Send;

    /// Removes the rule of `pattern` (admin; audited as `policy.remove`) and returns it.
    fn remove_rule(&self, pattern: &str) -> impl Future<Output = Result<Rule, EdgeError>> + Send;

    /// Returns the tenant's approvals, newest first: those pending, or all of them.
    fn approvals(&self, all: bool) -> impl Future<Output = Result<Vec<Approval>, EdgeError>> + Send;

    /// Returns one approval.
    fn approval(&self, id: u64) -> impl Future<Output = Result<Approval, EdgeError>> + Send;

    /// Answers a pending approval (content role; audited as `approval.approve` or `approval.deny`).
    fn decide(&self, id: u64, decision: &Decision) -> impl Future<Output = Result<Approval, EdgeError>> + Send;

    /// Returns the tenant's spending limits.
    fn limits(&self, tenant: &Tenant) -> impl Future<Output = Result<SpendingLimits, EdgeError>> + Send;

    /// Sets the tenant's spending limits (admin only; audited as `tenant.limits`) and returns them.
    fn set_limits(
        &self,
        tenant: &Tenant,
        limits: &SpendingLimits,
    ) -> impl Future<Output = Result<SpendingLimits, EdgeError>> + Send;

    /// Returns how long the tenant keeps its data (admin only).
    fn retention(&self, tenant: &Tenant) -> impl Future<Output = Result<Retention, EdgeError>> + Send;

    /// Sets how long the tenant keeps its data (admin only; audited as `tenant.retention`) and returns
    /// what it replaced.
    fn set_retention(
        &self,
        tenant: &Tenant,
        retention: &Retention,
    ) -> impl Future<Output = Result<Retention, EdgeError>> + Send;

    /// Gives the tenant a new payload key (admin only; audited as `tenant.payload_key`): the edge seals
    /// the tenant's payloads with it from now on, and opens what the keys before it sealed with those.
    fn rotate_payload_key(&self, tenant: &Tenant)
    -> impl Future<Output = Result<PayloadKeyRotation, EdgeError>> + Send;

    /// Returns the tenant's legal holds, newest first: those in force, or all of them (admin only).
    fn holds(&self, all: bool) -> impl Future<Output = Result<Vec<Hold>, EdgeError>> + Send;

    /// Makes a legal hold on a job, a tree or a conversation of the tenant (admin only; audited as
    /// `hold.create`): what it names outlives retention, and its erasure is refused, until it is released.
    fn create_hold(&self, request: &HoldRequest) -> impl Future<Output = Result<Hold, EdgeError>> + Send;

    /// Releases the hold in force numbered `id` (admin only; audited as `hold.release`) and returns it.
    fn release_hold(&self, id: u64) -> impl Future<Output = Result<Hold, EdgeError>> + Send;

    /// Erases the payloads of a job, a tree or a conversation of the tenant (admin only; audited as
    /// `job.erased` with what it removed): what its jobs were asked and answered, their messages, their
    /// steps' texts and the files of their trees; the numbers stay. Refuses what a hold keeps and a job
    /// that runs. Erasing again removes nothing more.
    fn erase(&self, scope: &Scope) -> impl Future<Output = Result<Erasure, EdgeError>> + Send;

    /// Returns the tenant's data rules.
    fn data_rules(&self, tenant: &Tenant) -> impl Future<Output = Result<DataRules, EdgeError>> + Send;

    /// Sets the tenant's data rules (admin; audited as `tenant.rules`) and returns those they replaced.
    fn set_data_rules(
        &self,
        tenant: &Tenant,
        rules: &DataRules,
    ) -> impl Future<Output = Result<DataRules, EdgeError>> + Send;

    /// Returns the tenant's quotas.
    fn quotas(&self, tenant: &Tenant) -> impl Future<Output = Result<Quotas, EdgeError>> + Send;

    /// Sets the tenant's quotas (admin; audited as `tenant.quotas`) and returns those they replaced.
    fn set_quotas(&self, tenant: &Tenant, quotas: &Quotas) -> impl Future<Output = Result<Quotas, EdgeError>> + Send;

    /// Returns the threshold an agent whose `offload` is `agent` would get in the tenant.
    fn threshold(
        &self,
        tenant: &Tenant,
        agent: Option<Offload>,
    ) -> impl Future<Output = Result<Threshold, EdgeError>> + Send;

    /// Returns a page of the tenant's audit log, newest first (admin only): at most `limit` entries (1 to
    /// [`MAX_PAGE`](super::MAX_PAGE)), from the newest, or from the one after `after`, the `next` of the
    /// page before.
    fn audit(
        &self,
        tenant: &Tenant,
        limit: u32,
        after: Option<&Cursor>,
    ) -> impl Future<Output = Result<AuditPage, EdgeError>> + Send;

    /// Creates a person with a token (admin only) and returns the token, shown this once.
    fn create_token(&self, request: &TokenRequest) -> impl Future<Output = Result<CreatedToken, EdgeError>> + Send;

    /// Stores `bytes` as a file of the tenant's job tree `tree` (content role).
    fn put_file(
        &self,
        tenant: &Tenant,
        tree: &TreeId,
        bytes: Vec<u8>,
    ) -> impl Future<Output = Result<StoredFile, EdgeError>> + Send;

    /// Returns a file of the tenant's job tree `tree`, its digest checked (content role).
    fn get_file(
        &self,
        tenant: &Tenant,
        tree: &TreeId,
        file: &FileRef,
    ) -> impl Future<Output = Result<Vec<u8>, EdgeError>> + Send;

    /// Installs the plugin packed in `archive` (a tar of its folder) in the caller's tenant (admin
    /// only), replacing the version it had. A manifest with lint errors is refused with the findings,
    /// and one that declares `requires.models` needs `options.accept_model`, the tenant's grant; each
    /// secret a server's `env` names must be in `options.secrets`.
    fn install_plugin(
        &self,
        archive: Vec<u8>,
        options: &InstallOptions,
    ) -> impl Future<Output = Result<Installed, EdgeError>> + Send;

    /// Returns the tenant's installed plugins, by name.
    fn plugins(&self) -> impl Future<Output = Result<Vec<InstalledPlugin>, EdgeError>> + Send;

    /// Removes an installed plugin (admin only) and returns what it was.
    fn remove_plugin(&self, name: &str) -> impl Future<Output = Result<InstalledPlugin, EdgeError>> + Send;

    /// Returns an installed tool and its functions.
    fn tool(&self, id: &str) -> impl Future<Output = Result<ToolInfo, EdgeError>> + Send;

    /// Calls a tool's function by hand, as a job of its own (content role), and returns what it
    /// answered. A call that fails (a timeout, a crash, a result too large) is an answer whose
    /// outcome says so; an error is a call that could not be made at all.
    fn call_tool(&self, request: &CallRequest) -> impl Future<Output = Result<CallAnswer, EdgeError>> + Send;

    /// Cancels a running job: its calls are stopped and their servers ended.
    fn cancel_job(&self, id: &TreeId) -> impl Future<Output = Result<Job, EdgeError>> + Send;

    /// Returns a page of the tenant's jobs, newest first: at most `limit` (1 to
    /// [`MAX_PAGE`](super::MAX_PAGE)), from the newest, or from the one after `after`, the `next` of the
    /// page before.
    fn jobs(&self, limit: u32, after: Option<&Cursor>) -> impl Future<Output = Result<JobPage, EdgeError>> + Send;

    /// Returns a job, its files and its totals.
    fn job(&self, id: &TreeId) -> impl Future<Output = Result<JobDetail, EdgeError>> + Send;

    /// Returns a job's trace.
    fn trace(&self, id: &TreeId, after: u32, limit: u32) -> impl Future<Output = Result<Trace, EdgeError>> + Send;

    /// Returns a file of the job's tree, its digest checked (content role).
    fn job_file(&self, id: &TreeId, file: &FileRef) -> impl Future<Output = Result<Vec<u8>, EdgeError>> + Send;

    /// Installs an agent or a flow in the caller's tenant (content role), replacing the one of its name.
    fn apply_definition(&self, definition: &Definition) -> impl Future<Output = Result<Applied, EdgeError>> + Send;

    /// Returns the tenant's agents and flows, by name.
    fn definitions(&self) -> impl Future<Output = Result<Vec<Definition>, EdgeError>> + Send;

    /// Starts a run of an agent or a flow as a job (content role) and returns the job at once; its
    /// steps follow on [`Edge::events`].
    fn start_run(&self, request: &RunRequest) -> impl Future<Output = Result<Job, EdgeError>> + Send;

    /// Returns a job's events from the step after `after`: each step as it ends, then the end; and,
    /// from the edge that runs it, its calls' progress and questions as they come.
    fn events(&self, id: &TreeId, after: u32) -> impl Future<Output = Result<EventStream, EdgeError>> + Send;

    /// Answers a question a tool's server asked during a call of the job (content role).
    fn answer(
        &self,
        id: &TreeId,
        question: u32,
        answer: &QuestionAnswer,
    ) -> impl Future<Output = Result<(), EdgeError>> + Send;

    /// Returns the tenant's conversations, newest first, at most `limit`.
    fn conversations(&self, limit: u32) -> impl Future<Output = Result<Vec<ConversationSummary>, EdgeError>> + Send;

    /// Returns a conversation and its turns.
    fn conversation(&self, id: &TreeId) -> impl Future<Output = Result<Conversation, EdgeError>> + Send;

    /// Forks a conversation from one of its turns (content role): a new conversation that begins with
    /// its turns up to that one, and whose turns read their files, never a later turn's.
    fn fork_conversation(
        &self,
        id: &TreeId,
        fork: &ForkRequest,
    ) -> impl Future<Output = Result<Conversation, EdgeError>> + Send;

    /// Returns the result a call's step answered, whole, as the tool answered it (content role): MCP's
    /// `CallToolResult`, kept as the step's payload until retention or an erasure removes it.
    fn step_result(&self, id: &TreeId, step: u32) -> impl Future<Output = Result<serde_json::Value, EdgeError>> + Send;

    /// Returns a job's history (content role): each message of its run, as its model read it.
    fn history(&self, id: &TreeId) -> impl Future<Output = Result<JobHistory, EdgeError>> + Send;

    /// Starts an experiment (content role): the agent run on each input under the threshold it gets
    /// today and under the variant's, in pairs, one job after another, each tagged with the experiment.
    fn start_experiment(
        &self,
        request: &ExperimentRequest,
    ) -> impl Future<Output = Result<Experiment, EdgeError>> + Send;

    /// Returns the tenant's experiments, newest first, at most `limit`.
    fn experiments(&self, limit: u32) -> impl Future<Output = Result<Vec<Experiment>, EdgeError>> + Send;

    /// Returns an experiment: both arms side by side, each pair, and what the variant saved.
    fn experiment(&self, id: &TreeId) -> impl Future<Output = Result<ExperimentReport, EdgeError>> + Send;

    /// Cancels a running experiment (content role): no pair starts, and its job that runs is cancelled.
    fn cancel_experiment(&self, id: &TreeId) -> impl Future<Output = Result<Experiment, EdgeError>> + Send;
}
