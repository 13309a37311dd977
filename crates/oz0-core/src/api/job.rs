//! What the edge says about jobs: a tool called by hand, what it answered, and the job's trace.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::file::{FileRef, StoredFile, TreeId};
use crate::fit::FitNote;
use crate::trace::{Outcome, Sampled, ServerNote, Step, Totals};
use crate::usage::Usage;

/// The most bytes a result's text and structured content may come to, as UTF-8 JSON: 31 MiB.
pub const MAX_RESULT_BYTES: u64 = 31 << 20;

/// What a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobKind {
    /// A tool's function called by hand.
    Call,
    /// An agent's run.
    Agent,
    /// A flow's run.
    Flow,
    /// A session of the platform's tool server (`oz0 mcp serve`): the calls an MCP client made in it.
    Session,
}

impl JobKind {
    /// Returns the kind as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            JobKind::Call => "call",
            JobKind::Agent => "agent",
            JobKind::Flow => "flow",
            JobKind::Session => "session",
        }
    }
}

/// Where a job is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum JobState {
    /// It runs.
    Running,
    /// It ended, and worked.
    Succeeded,
    /// It ended, and failed.
    Failed,
    /// It was cancelled.
    Cancelled,
}

impl JobState {
    /// Returns the state as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            JobState::Running => "running",
            JobState::Succeeded => "succeeded",
            JobState::Failed => "failed",
            JobState::Cancelled => "cancelled",
        }
    }

    /// Returns whether the job has ended.
    pub fn ended(self) -> bool {
        self != JobState::Running
    }
}

/// A job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Job {
    /// Its ID.
    pub id: TreeId,
    /// Its tree: its first job's ID, its own for a job started by a person.
    pub tree: TreeId,
    /// The job of its tree that started it: the agent that delegated to it, or whose tool it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub parent: Option<TreeId>,
    /// What it is.
    pub kind: JobKind,
    /// What it runs: `tool.function`, an agent's or a flow's name.
    pub name: String,
    /// Where it is.
    pub state: JobState,
    /// Who started it.
    pub person: String,
    /// When it started, in RFC 3339 (UTC) with milliseconds.
    pub started_at: String,
    /// When it ended.
    pub ended_at: Option<String>,
    /// Its steps so far.
    pub steps: u32,
    /// What it cost so far, in US dollars: model calls and reported usage.
    pub cost_usd: f64,
    /// Why it failed.
    pub error: Option<String>,
    /// The labels of what the job read, joined from its steps.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<String>,
    /// The turn of a conversation it is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_of: Option<TurnOf>,
    /// When its payloads were erased, by a person or by retention: what it was asked and answered, its
    /// messages and its trace's texts are gone, its numbers kept.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub erased_at: Option<String>,
}

/// The turn of a conversation a job is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TurnOf {
    /// The conversation: its first turn's job ID, or the ID its fork was given.
    pub conversation: TreeId,
    /// The turn's number, from 1.
    pub turn: u32,
}

/// A job with its files and totals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct JobDetail {
    /// The job.
    pub job: Job,
    /// The files its tree holds.
    pub files: Vec<StoredFile>,
    /// What an agent or a flow was asked.
    pub input: Option<String>,
    /// Its answer: an agent's last message, a flow's last step's text.
    pub output: Option<String>,
    /// Its totals.
    pub totals: Totals,
}

/// A job's trace: each step, and the totals.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Trace {
    /// The job.
    pub job: Job,
    /// Its steps, in order.
    pub steps: Vec<Step>,
    /// Its totals, of every step.
    pub totals: Totals,
    /// The step after the last one given, when more follow: ask again with `after` set to it less one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<u32>,
}

/// The most steps one page of a trace holds.
pub const MAX_TRACE_STEPS: u32 = 1000;

/// A call of a tool's function by a person.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CallRequest {
    /// The tool's ID.
    pub tool: String,
    /// The function's name.
    pub function: String,
    /// The arguments, as the function's input schema says. No budget is filled in for a person.
    #[serde(default)]
    pub arguments: Map<String, Value>,
    /// The job's ID; left out, a new ULID.
    #[serde(default)]
    pub job: Option<TreeId>,
    /// Whether a person at a terminal answers the questions the tool's server asks during the call
    /// ([`RunEvent::Question`](super::RunEvent::Question)); when not, each is declined.
    #[serde(default)]
    pub ask: bool,
    /// Folders, absolute paths on the edge's machine, that the tool's server is told of as its MCP roots
    /// for this call, besides its manifest's, and may read. A served edge gives a server only the
    /// folders its operator lets servers read.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roots: Vec<String>,
    /// A resource of the tool's server to read (`resources/read`), such as one a call's result linked
    /// to, in place of calling a function: `function` and `arguments` are then left empty. What it reads
    /// is answered as a result whose content is that resource.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource: Option<String>,
}

/// The name a resource read goes by in policy rules and traces: `<tool>.resources/read`.
pub const RESOURCES_READ: &str = "resources/read";

/// What a call by hand did and answered.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct CallAnswer {
    /// The job the call ran in.
    pub job: Job,
    /// The call's step in the job.
    pub step: u32,
    /// How it ended.
    pub outcome: Outcome,
    /// Why it failed, with what to do.
    pub error: Option<String>,
    /// The end of what the tool's server wrote on stderr, when it failed.
    pub stderr: Option<String>,
    /// The protocol the server spoke.
    pub protocol: Option<String>,
    /// The result as the tool answered it (MCP's `CallToolResult`); `None` when the call failed
    /// before an answer, or the answer was too large to keep.
    pub result: Option<Value>,
    /// The fit note, from the structured content's `fit` or the result's `_meta` `oz0/fit`.
    pub fit: Option<FitNote>,
    /// Files the tool returned, stored in the job's tree.
    pub files: Vec<StoredFile>,
    /// Files of other trees handed to the call.
    pub handed: Vec<FileRef>,
    /// What the tool reported its services cost, charged to the job.
    pub usage: Vec<Usage>,
    /// Why the tool's usage report was refused, when it was.
    pub usage_refused: Option<String>,
    /// What the tool's server said or asked during the call, as its step keeps it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub server: Vec<ServerNote>,
    /// The model calls the tool made by MCP sampling.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sampling: Vec<Sampled>,
    /// The model calls the tool made through its gateway token.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gateway: Vec<Sampled>,
}
