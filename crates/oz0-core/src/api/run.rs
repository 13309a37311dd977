//! What the edge says about runs of agents and flows, and the live stream of a run's steps.

use std::pin::Pin;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::error::EdgeError;
use super::file::{FileRef, TreeId};
use super::job::Job;
use crate::agent::Definition;
use crate::offload::Offload;
use crate::trace::Step;

/// A run to start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RunRequest {
    /// The agent's or flow's name: one installed on the edge unless `definition` is given.
    pub name: String,
    /// The definition to run, read from a file by the caller; left out, the one installed as `name`.
    #[serde(default)]
    pub definition: Option<Definition>,
    /// What the job is asked.
    #[serde(default)]
    pub input: String,
    /// Files of other jobs handed to this one (the content role; audited as `job.files_handed`).
    #[serde(default)]
    pub files: Vec<FileRef>,
    /// The job's ID; left out, a new ULID.
    #[serde(default)]
    pub job: Option<TreeId>,
    /// The agents and flows the run may reach, read from files by the caller: those its hand-offs and
    /// `agents` name, the flows among its tools, and theirs. One left out is the one installed under its
    /// name.
    #[serde(default, alias = "handoffs", skip_serializing_if = "Vec::is_empty")]
    pub reached: Vec<Definition>,
    /// The conversation the run is a turn of: `new` starts one, named by this run's job ID; a
    /// conversation's ID goes on with it, the turns before as the model's history.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversation: Option<String>,
    /// The offload threshold of this run, in place of the agent's own `offload` and within the
    /// tenant's ceiling as the agent's is: to measure what a threshold does to an agent. Agents only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub offload: Option<Offload>,
}

/// An agent or a flow installed, and whether it replaced one of its name.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Applied {
    /// What was installed.
    pub definition: Definition,
    /// Whether one of its name was replaced.
    pub replaced: bool,
}

/// What happens in a run, as it happens.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum RunEvent {
    /// A step ended.
    Step {
        /// The step.
        step: Box<Step>,
    },
    /// A message of the run: what it was asked, what its model said, what the model read of a tool's
    /// result. Kept with the job, and read in order after the step it follows.
    Said {
        /// Its number in the job, from 1.
        n: u32,
        /// The job's last step when it was said: it follows that step.
        after: u32,
        /// The message.
        message: super::conversation::ChatMessage,
    },
    /// A tool's server reported progress on a call of the job. Live only: sent to whoever follows the
    /// job on the edge that runs it, never kept.
    Progress {
        /// The tool and function called, `tool.function`.
        call: String,
        /// The progress so far.
        progress: f64,
        /// The whole, when the server knows it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        total: Option<f64>,
        /// What the server is doing.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        message: Option<String>,
    },
    /// A tool's server asks the person who made the call (`oz0 tool call` on a terminal) for input;
    /// [`Edge::answer`](super::Edge::answer) answers it. Live only, as progress is.
    Question {
        /// The question's number in the job.
        question: u32,
        /// The tool and function called, `tool.function`.
        call: String,
        /// What the server asks.
        message: String,
        /// The JSON Schema of the answer: an object of plain fields.
        schema: serde_json::Value,
    },
    /// The job ended.
    Done {
        /// The job as it ended.
        job: Job,
        /// Its answer: an agent's last message, a flow's last step's text.
        output: Option<String>,
    },
}

/// A person's answer to a [`RunEvent::Question`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "action", rename_all = "snake_case", deny_unknown_fields)]
pub enum QuestionAnswer {
    /// Answered, with a value for each field the person filled in.
    Accept {
        /// The values.
        content: serde_json::Map<String, serde_json::Value>,
    },
    /// The person said no.
    Decline,
    /// The person dismissed the question.
    Cancel,
}

/// A run's events, in order, ending with [`RunEvent::Done`].
pub type EventStream = Pin<Box<dyn futures_core::Stream<Item = Result<RunEvent, EdgeError>> + Send>>;
