//! Conversations: runs of agents that follow one another, each turn a job that reads what the turns
//! before it said and the files they stored.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::file::TreeId;
use super::job::{Job, JobState};

/// Where a conversation was forked from.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Forked {
    /// The conversation it was forked from.
    pub conversation: TreeId,
    /// The last turn of that conversation it begins with.
    pub turn: u32,
}

/// A turn of a conversation.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Turn {
    /// Its number, from 1.
    pub turn: u32,
    /// Its job.
    pub job: Job,
}

/// A conversation and its turns.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Conversation {
    /// Its ID: its first turn's job ID, or the ID its fork was given.
    pub id: TreeId,
    /// Who started it.
    pub person: String,
    /// When it started, in RFC 3339 (UTC) with milliseconds.
    pub started_at: String,
    /// Where it was forked from; its first turns are that conversation's, up to the turn named.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<Forked>,
    /// Its turns, in order.
    pub turns: Vec<Turn>,
}

/// A conversation as a list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ConversationSummary {
    /// Its ID.
    pub id: TreeId,
    /// Who started it.
    pub person: String,
    /// When it started.
    pub started_at: String,
    /// Where it was forked from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub forked_from: Option<Forked>,
    /// How many turns it has.
    pub turns: u32,
    /// The agent of its last turn.
    pub agent: Option<String>,
    /// Where its last turn is.
    pub state: Option<JobState>,
}

/// A fork of a conversation from one of its turns.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ForkRequest {
    /// The last turn the fork begins with: its turns read the files up to that turn, never a later one's.
    pub turn: u32,
}

/// A message of a run: what it was asked, what its model said, and what the model read of a tool's
/// result (for one kept as a file, the stub and its ref). The gateway sends these to the model; a run's
/// events carry them as [`RunEvent::Said`](super::RunEvent::Said).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "role", rename_all = "snake_case")]
pub enum ChatMessage {
    /// What the user said.
    User {
        /// The text.
        text: String,
    },
    /// What the model answered: text, calls of tools, or both.
    Assistant {
        /// The text, if any.
        text: Option<String>,
        /// The tools it called, in order.
        tool_calls: Vec<ToolCall>,
    },
    /// What a tool returned to one of the model's calls, as the model read it.
    Tool {
        /// The [`ToolCall::id`] this answers.
        call_id: String,
        /// What the model read.
        text: String,
    },
}

/// A call of a tool by the model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ToolCall {
    /// The provider's id of the call, which the tool's result must quote.
    pub id: String,
    /// The name the model called the tool by.
    pub name: String,
    /// The arguments, which the tool's parameters schema describes.
    pub arguments: serde_json::Map<String, serde_json::Value>,
}

/// A job's history: each message of its run, in order, as its model read it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct JobHistory {
    /// The job.
    pub job: Job,
    /// Its messages: what it was asked, what its model said, and each tool result as the model read
    /// it (for a result kept as a file, the stub with its ref). Empty for a job erased, or one of no
    /// model.
    pub messages: Vec<Said>,
}

/// A message of a job's run.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Said {
    /// Its number in the job, from 1.
    pub n: u32,
    /// The job's last step when it was said: it follows that step.
    pub after: u32,
    /// The message.
    pub message: ChatMessage,
}

/// What `oz0 run --conversation` names: a new conversation, or one to go on with.
pub const NEW_CONVERSATION: &str = "new";
