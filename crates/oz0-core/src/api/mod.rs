//! The edge's interface and its wire types: what every command that needs the platform asks, whether the
//! edge runs in process or behind HTTP.
//!
//! [`Edge`] is implemented in process by `oz0-edge` and over HTTP by `oz0-client`; the types here are
//! what both speak, serialised as JSON on the wire. Errors of the HTTP API are `application/problem+json`
//! documents ([`Problem`]), which both sides map to and from [`EdgeError`].

mod conversation;
mod edge;
mod error;
mod experiment;
pub(crate) mod file;
mod job;
mod lifecycle;
mod names;
mod page;
pub mod paths;
mod plugin;
mod policy;
mod run;
mod tenant;
mod usage;

pub use conversation::{
    ChatMessage, Conversation, ConversationSummary, ForkRequest, Forked, JobHistory, NEW_CONVERSATION, Said, ToolCall,
    Turn,
};
pub use edge::Edge;
pub use error::{EdgeError, Problem, ProblemKind};
pub use experiment::{
    Agreed, Arm, ArmTotals, Experiment, ExperimentPair, ExperimentReport, ExperimentRequest, ExperimentState,
    MAX_EXPERIMENT_INPUTS, PairArm, Savings, Share,
};
pub use file::{FileRef, MAX_FILE_BYTES, StoredFile, TreeId};
pub use job::{
    CallAnswer, CallRequest, Job, JobDetail, JobKind, JobState, MAX_RESULT_BYTES, MAX_TRACE_STEPS, RESOURCES_READ,
    Trace, TurnOf,
};
pub use lifecycle::{
    DEFAULT_FILE_LIFETIME, Erased, Erasure, ErasureRequest, Hold, HoldRequest, Lifetime, LifetimeError,
    PayloadKeyRotation, Retention, Scope,
};
pub use names::{NameError, Role, Tenant, TenantName};
pub use page::{AuditPage, Cursor, JobPage, MAX_PAGE};
pub use plugin::{
    DEFAULT_TOOL_TIMEOUT_SECS, FunctionInfo, InstallOptions, Installed, InstalledPlugin, MAX_PLUGIN_BYTES, ToolInfo,
    check_alias,
};
pub use policy::{Approval, ApprovalState, Decided, Decision, Effect, Rule, check_pattern, decide};
pub use run::{Applied, EventStream, QuestionAnswer, RunEvent, RunRequest};
pub use tenant::{
    AliasStatus, Asked, AuditEntry, CreatedToken, DataRules, KeyKind, KeyStatus, OffloadChange, OffloadPatch,
    OffloadView, Quota, Quotas, SpendingLimits, Status, StoreStatus, TokenRequest, ToolsStatus,
};
pub use usage::{UsageKind, UsageRecord, parse_instant};
