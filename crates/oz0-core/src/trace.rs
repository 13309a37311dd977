//! What a job did, step by step: the trace `oz0 job trace` shows.
//!
//! A trace holds numbers and names, never content: a fitted step keeps its view and sizes but not the
//! fit note's `omitted` sentence, and an offloaded one its file's digest and sizes but not its outline,
//! since both name headings and paths of what a tool read.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::api::file::{FileRef, StoredFile, TreeId};
use crate::fit::{Bound, FitNote, View};
use crate::usage::Usage;

/// Returns `cost` in US dollars as a trace is read: `$0`, two decimals from a cent up, else up to six.
pub fn dollars(cost: f64) -> String {
    if cost == 0.0 {
        "$0".to_owned()
    } else if cost >= 0.01 {
        format!("${cost:.2}")
    } else {
        format!("${cost:.6}").trim_end_matches('0').to_owned()
    }
}

/// Returns milliseconds as seconds to two places, such as `1.25 s`.
pub fn seconds(ms: u64) -> String {
    format!("{:.2} s", ms as f64 / 1000.0)
}

/// What a step was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum StepKind {
    /// A call of a tool's function.
    ToolCall,
    /// A request to a model.
    ModelCall,
    /// A tool's own model request, answered by the platform.
    Sampling,
    /// A read of an offloaded result (`oz.read_result`).
    ReadResult,
    /// A report of what a tool's own services cost.
    Usage,
    /// A call of an agent's hook (`hooks.post_tool_call`) on the result of the tool call before it.
    Hook,
    /// An agent's model handed the conversation to another agent (`handoffs`), named as its `tool`.
    Handoff,
    /// An agent's model asked another agent (`agents`), named as its `tool`, which ran as the job
    /// `job` of the same tree.
    Delegation,
}

impl StepKind {
    /// Returns the kind as the trace spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            StepKind::ToolCall => "tool_call",
            StepKind::ModelCall => "model_call",
            StepKind::Sampling => "sampling",
            StepKind::ReadResult => "read_result",
            StepKind::Usage => "usage",
            StepKind::Hook => "hook",
            StepKind::Handoff => "handoff",
            StepKind::Delegation => "delegation",
        }
    }
}

/// How a step ended.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    /// It worked.
    #[default]
    Ok,
    /// The tool answered with an error, or the protocol failed.
    Error,
    /// It took longer than the time allowed.
    Timeout,
    /// The tool's server exited during the call.
    Crashed,
    /// The result was too large to keep.
    TooLarge,
    /// It was cancelled.
    Cancelled,
    /// The platform refused it, such as a usage report that broke the rules.
    Refused,
}

impl Outcome {
    /// Returns the outcome as the trace spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Outcome::Ok => "ok",
            Outcome::Error => "error",
            Outcome::Timeout => "timeout",
            Outcome::Crashed => "crashed",
            Outcome::TooLarge => "too_large",
            Outcome::Cancelled => "cancelled",
            Outcome::Refused => "refused",
        }
    }

    /// Returns whether the step worked.
    pub fn is_ok(self) -> bool {
        self == Outcome::Ok
    }
}

/// The numbers of a result fitted to a budget: the fit note without its `omitted` sentence.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Fitted {
    /// The view returned.
    pub view: View,
    /// The budget asked for, if any.
    pub budget: Option<u64>,
    /// The whole's weight in tokens.
    pub size: u64,
    /// The weight of what was returned.
    pub tokens: u64,
    /// The bound that made it fall, if one did.
    pub bound: Option<Bound>,
    /// Whether a bound cut the answer.
    pub truncated: bool,
}

impl From<&FitNote> for Fitted {
    fn from(note: &FitNote) -> Self {
        Self {
            view: note.view,
            budget: note.budget,
            size: note.size,
            tokens: note.tokens,
            bound: note.bound,
            truncated: note.truncated,
        }
    }
}

/// The numbers of a result kept as a file instead of read inline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Offloaded {
    /// The file.
    #[serde(rename = "ref")]
    pub file: FileRef,
    /// Its size in bytes.
    pub size: u64,
    /// Its weight in tokens.
    pub tokens: u64,
    /// Its lines, in the form it is read by.
    pub lines: u64,
}

/// One step of a job.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Step {
    /// Its number in the job, from 1.
    pub seq: u32,
    /// When it started, in RFC 3339 (UTC) with milliseconds.
    pub at: String,
    /// What it was.
    pub kind: StepKind,
    /// The tool, for a tool's step.
    pub tool: Option<String>,
    /// The function, for a tool's step.
    pub function: Option<String>,
    /// The plugin that brought the tool when the step ran, for a tool's step: what its reported usage
    /// is charged to, whatever is installed later.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub plugin: Option<PluginOf>,
    /// How long it took, in milliseconds.
    pub duration_ms: u64,
    /// How it ended.
    pub outcome: Outcome,
    /// Why it failed, in the platform's words.
    pub error: Option<String>,
    /// The budget the runtime filled in, when it did.
    pub budget_filled: Option<u64>,
    /// The fit note's numbers, when the result was fitted.
    pub fitted: Option<Fitted>,
    /// The file the result was kept in, when it was offloaded.
    pub offloaded: Option<Offloaded>,
    /// The files the step's tool returned, kept in the job's tree.
    pub files: Vec<StoredFile>,
    /// Files of other trees handed to the step by a person.
    pub handed: Vec<FileRef>,
    /// What the step's tool reported its own services cost.
    pub usage: Vec<Usage>,
    /// A model call's tokens in.
    pub tokens_in: Option<u64>,
    /// A model call's tokens out.
    pub tokens_out: Option<u64>,
    /// A model call's cost in US dollars.
    pub cost_usd: Option<f64>,
    /// The model that answered a model call, as its provider named it (the alias is in `tool`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    /// What the step's tool's server said or asked during the call: its logs, the questions it asked a
    /// person and how they were answered, and what it asked that was refused.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub server: Vec<ServerNote>,
    /// The model calls the step's tool made by MCP sampling, each with its numbers, never its messages.
    /// Their cost is in the step's `cost_usd`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub sampling: Vec<Sampled>,
    /// The model calls the step's tool made through its gateway token, each with its format.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gateway: Vec<Sampled>,
    /// The labels of what the step read: its result's, and its tool's model requests'.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub labels: Vec<String>,
    /// Whether its result was withheld from the agent's model, for carrying labels outside the
    /// agent's clearance.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub withheld: bool,
    /// The job the step ran as, in the same tree: a delegated agent's, or a flow tool's flow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job: Option<TreeId>,
}

/// A plugin, as it was installed when a step ran.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PluginOf {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
}

/// What an erased text reads as.
pub const ERASED: &str = "erased";

impl Step {
    /// Returns the step without its texts (why it failed, what its tool's server said), which may quote
    /// what the job read; its numbers, names and files' references stay. Returns `None` when it has
    /// no text to remove.
    pub fn without_payloads(&self) -> Option<Self> {
        let erased = |text: &Option<String>| text.as_ref().map(|_| ERASED.to_owned());
        let calls = |calls: &[Sampled]| -> Vec<Sampled> {
            calls.iter().map(|call| Sampled { error: erased(&call.error), ..call.clone() }).collect()
        };
        let server = self
            .server
            .iter()
            .map(|note| ServerNote {
                text: if note.text.is_empty() { String::new() } else { ERASED.to_owned() },
                ..note.clone()
            })
            .collect();
        let stripped = Self {
            error: erased(&self.error),
            server,
            sampling: calls(&self.sampling),
            gateway: calls(&self.gateway),
            ..self.clone()
        };
        (stripped != *self).then_some(stripped)
    }
}

/// A model call a tool made by MCP sampling during its call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Sampled {
    /// The plugin whose tool made it.
    pub plugin: String,
    /// The alias that answered: the plugin's, or `fast` or `smart` as the request preferred; for a
    /// gateway call, the alias its format goes to.
    pub alias: String,
    /// The request format of a gateway call, such as `openai-embeddings`; none for sampling.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<String>,
    /// The model behind the alias; empty when the request was refused before it was sent.
    pub model: String,
    /// The tokens the model read.
    pub tokens_in: u64,
    /// The tokens the model wrote.
    pub tokens_out: u64,
    /// What it cost in US dollars.
    pub cost_usd: f64,
    /// How long it took, in milliseconds.
    pub duration_ms: u64,
    /// How it ended: `ok`, `refused` or `error`.
    pub outcome: Outcome,
    /// Why it was refused or failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// Something a tool's server said or asked during a call.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ServerNote {
    /// What it was.
    pub kind: ServerNoteKind,
    /// A log message's level (`debug` to `emergency`), or how a question was answered (`accept`,
    /// `decline`, `cancel`).
    pub level: String,
    /// The log message, the question, or the request refused, with why when oz0 refused or declined.
    pub text: String,
}

/// The kinds of [`ServerNote`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ServerNoteKind {
    /// A log message (`notifications/message`).
    Log,
    /// A question for a person (`elicitation/create`).
    Question,
    /// A request oz0 refused, such as a model's answer for a plugin granted none.
    Refused,
    /// How far the call had got, as the server last said (`notifications/progress`): `level` is
    /// `progress`, and `text` the progress, its total and message.
    Progress,
}

impl Step {
    /// Returns a step of `kind` that started `at`, with nothing else known yet.
    pub fn new(seq: u32, at: String, kind: StepKind) -> Self {
        Self {
            seq,
            at,
            kind,
            tool: None,
            function: None,
            plugin: None,
            duration_ms: 0,
            outcome: Outcome::Ok,
            error: None,
            budget_filled: None,
            fitted: None,
            offloaded: None,
            files: Vec::new(),
            handed: Vec::new(),
            usage: Vec::new(),
            tokens_in: None,
            tokens_out: None,
            cost_usd: None,
            model: None,
            server: Vec::new(),
            sampling: Vec::new(),
            gateway: Vec::new(),
            labels: Vec::new(),
            withheld: false,
            job: None,
        }
    }

    /// Returns `tool.function`, or the step's kind when it names no function.
    pub fn target(&self) -> String {
        match (&self.tool, &self.function) {
            (Some(tool), Some(function)) => format!("{tool}.{function}"),
            (Some(tool), None) => tool.clone(),
            (None, Some(function)) => function.clone(),
            (None, None) => self.kind.as_str().to_owned(),
        }
    }
}

/// What one service cost a job, over all its reports.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ServiceTotal {
    /// The service.
    pub service: String,
    /// The unit its reports named, when they agree.
    pub unit: Option<String>,
    /// The units reported.
    pub units: f64,
    /// The cost reported, in US dollars.
    pub cost_usd: f64,
    /// How many reports.
    pub reports: u32,
}

/// A job's totals.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Totals {
    /// Steps.
    pub steps: u32,
    /// Tool calls.
    pub tool_calls: u32,
    /// Model calls.
    pub model_calls: u32,
    /// Model tokens in.
    pub tokens_in: u64,
    /// Model tokens out.
    pub tokens_out: u64,
    /// What model calls cost, in US dollars.
    pub model_cost_usd: f64,
    /// What tools reported their services cost, in US dollars.
    pub usage_cost_usd: f64,
    /// Both.
    pub cost_usd: f64,
    /// The usage, by service, in the order first reported.
    pub services: Vec<ServiceTotal>,
}

impl Totals {
    /// Returns the totals of `steps`.
    pub fn of(steps: &[Step]) -> Self {
        let mut totals = Totals { steps: u32::try_from(steps.len()).unwrap_or(u32::MAX), ..Totals::default() };
        for step in steps {
            match step.kind {
                StepKind::ToolCall => totals.tool_calls += 1,
                StepKind::ModelCall | StepKind::Sampling => totals.model_calls += 1,
                _ => {}
            }
            totals.tokens_in += step.tokens_in.unwrap_or(0);
            totals.tokens_out += step.tokens_out.unwrap_or(0);
            // A tool's model calls, by sampling or through its gateway token, are the job's too.
            for call in step.sampling.iter().chain(&step.gateway).filter(|c| c.outcome == Outcome::Ok) {
                totals.model_calls += 1;
                totals.tokens_in += call.tokens_in;
                totals.tokens_out += call.tokens_out;
            }
            totals.model_cost_usd += step.cost_usd.unwrap_or(0.0);
            for usage in &step.usage {
                totals.usage_cost_usd += usage.cost_usd;
                match totals.services.iter_mut().find(|s| s.service == usage.service) {
                    Some(service) => {
                        service.units += usage.units.unwrap_or(0.0);
                        service.cost_usd += usage.cost_usd;
                        service.reports += 1;
                        if service.unit != usage.unit {
                            service.unit = None;
                        }
                    }
                    None => totals.services.push(ServiceTotal {
                        service: usage.service.clone(),
                        unit: usage.unit.clone(),
                        units: usage.units.unwrap_or(0.0),
                        cost_usd: usage.cost_usd,
                        reports: 1,
                    }),
                }
            }
        }
        totals.cost_usd = totals.model_cost_usd + totals.usage_cost_usd;
        totals
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn usage(service: &str, cost: f64) -> Usage {
        Usage { service: service.into(), unit: Some("call".into()), units: Some(1.0), cost_usd: cost }
    }

    #[test]
    fn totals_add_up_by_service() {
        let mut a = Step::new(1, "t".into(), StepKind::ToolCall);
        a.usage = vec![usage("jev", 0.25), usage("search", 0.5)];
        let mut b = Step::new(2, "t".into(), StepKind::ToolCall);
        b.usage = vec![usage("jev", 0.25)];
        let mut c = Step::new(3, "t".into(), StepKind::ModelCall);
        c.tokens_in = Some(100);
        c.tokens_out = Some(20);
        c.cost_usd = Some(1.0);
        let totals = Totals::of(&[a, b, c]);
        assert_eq!((totals.steps, totals.tool_calls, totals.model_calls), (3, 2, 1));
        assert_eq!(totals.services.len(), 2);
        assert_eq!(totals.services[0].service, "jev");
        assert_eq!(totals.services[0].reports, 2);
        assert!((totals.services[0].cost_usd - 0.5).abs() < 1e-12);
        assert!((totals.cost_usd - 2.0).abs() < 1e-12);
        assert_eq!((totals.tokens_in, totals.tokens_out), (100, 20));
    }
}
