//! The audit log: what a change is called in it ([`Action`]), and how an entry is written ([`audit`]).

use super::records::TenantRecord;
use super::records::now_ms;
use super::sql::{Lock, Outcome, Sql, lock};

/// What an audit entry records.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Action {
    /// A tenant was made.
    TenantCreate,
    /// A person was made, without a token: the embedded edge's caller.
    PersonCreate,
    /// A person was made with a token.
    TokenCreate,
    /// The tenant's offload settings changed.
    TenantOffload,
    /// The tenant's spending limits changed.
    TenantLimits,
    /// The tenant's data rules changed.
    TenantRules,
    /// The tenant's quotas changed.
    TenantQuotas,
    /// A plugin was installed, or installed again.
    PluginInstall,
    /// A plugin was removed.
    PluginRemove,
    /// A policy rule was set.
    PolicySet,
    /// A policy rule was removed.
    PolicyRemove,
    /// A call waiting for approval was approved.
    ApprovalApprove,
    /// A call waiting for approval was denied.
    ApprovalDeny,
    /// A run's model call was recorded.
    RunModelCall,
    /// A job's files were handed to another job tree.
    JobFilesHanded,
    /// A job was failed because its node was lost.
    JobNodeLost,
    /// A conversation was forked from one of its turns.
    ConversationFork,
    /// An agent was defined, or defined again.
    AgentApply,
    /// A flow was defined, or defined again.
    FlowApply,
    /// The tenant's retention changed.
    TenantRetention,
    /// The tenant was given a new payload key.
    TenantPayloadKey,
    /// A legal hold was made.
    HoldCreate,
    /// A legal hold was released.
    HoldRelease,
    /// A job's, a tree's or a conversation's payloads were erased.
    JobErased,
    /// Retention removed files and jobs' payloads.
    RetentionExpired,
    /// An experiment (`oz0 compare-savings`) was started.
    ExperimentStart,
    /// An experiment was cancelled.
    ExperimentCancel,
}

impl Action {
    /// Returns the action's name in the log, such as `token.create`.
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            Self::TenantCreate => "tenant.create",
            Self::PersonCreate => "person.create",
            Self::TokenCreate => "token.create",
            Self::TenantOffload => "tenant.offload",
            Self::TenantLimits => "tenant.limits",
            Self::TenantRules => "tenant.rules",
            Self::TenantQuotas => "tenant.quotas",
            Self::PluginInstall => "plugin.install",
            Self::PluginRemove => "plugin.remove",
            Self::PolicySet => "policy.set",
            Self::PolicyRemove => "policy.remove",
            Self::ApprovalApprove => "approval.approve",
            Self::ApprovalDeny => "approval.deny",
            Self::RunModelCall => "run.model_call",
            Self::JobFilesHanded => "job.files_handed",
            Self::JobNodeLost => "job.node_lost",
            Self::ConversationFork => "conversation.fork",
            Self::AgentApply => "agent.apply",
            Self::FlowApply => "flow.apply",
            Self::TenantRetention => "tenant.retention",
            Self::TenantPayloadKey => "tenant.payload_key",
            Self::HoldCreate => "hold.create",
            Self::HoldRelease => "hold.release",
            Self::JobErased => "job.erased",
            Self::RetentionExpired => "retention.expired",
            Self::ExperimentStart => "experiment.start",
            Self::ExperimentCancel => "experiment.cancel",
        }
    }
}

/// Appends an entry to the tenant's audit log, numbered one more than the tenant's last.
///
/// On SQLite the one writer numbers entries in the order they are committed. On PostgreSQL the
/// number is taken under [`Lock::Audit`], held until the transaction ends: the next writer of the
/// tenant, on any node, reads the highest number only once this one has committed (each statement of a
/// transaction in READ COMMITTED sees what was committed before it began). Either way numbers follow
/// the order of the commits, never repeat, and a transaction rolled back leaves no gap.
pub(crate) fn audit(
    sql: &mut dyn Sql,
    tenant: &TenantRecord,
    actor: &str,
    action: Action,
    old: &str,
    new: &str,
) -> Outcome<()> {
    lock(sql, Lock::Audit, tenant.id)?;
    sql.execute(
        "INSERT INTO audit (tenant_id, seq, at, actor, action, old, new)
         VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM audit WHERE tenant_id = $1), $2, $3, $4, $5, $6)",
        &[&tenant.id, &now_ms(), &actor, &action.as_str(), &old, &new],
    )?;
    Ok(())
}
