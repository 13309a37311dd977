//! Experiments (`oz0 compare-savings`): an agent run on the same inputs under two offload thresholds,
//! in pairs, to measure what the variant saves against the baseline.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::file::TreeId;
use crate::agent::Definition;
use crate::offload::Offload;

/// The most inputs an experiment runs.
pub const MAX_EXPERIMENT_INPUTS: usize = 1000;

/// An experiment to start.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ExperimentRequest {
    /// The agent's name: one installed on the edge unless `definition` is given.
    pub agent: String,
    /// The agent's definition, read from a file by the caller; left out, the one installed as `agent`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub definition: Option<Definition>,
    /// The variant's offload threshold; the baseline is the one the agent gets today.
    pub variant_offload: Offload,
    /// What each pair of runs is asked, in order; or, left empty, `replay` names the inputs.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub inputs: Vec<String>,
    /// Asks each pair what one of the agent's N most recent jobs was asked, in place of `inputs`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replay: Option<u32>,
    /// The most the experiment may spend, in US dollars: no pair starts once what it spent, with a pair
    /// of what pairs cost so far, would go over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_usd: Option<f64>,
}

/// Where an experiment is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ExperimentState {
    /// Its pairs run.
    Running,
    /// Every pair ran.
    Done,
    /// It stopped at its budget, before its last pairs.
    Stopped,
    /// A person cancelled it.
    Cancelled,
    /// It could not go on: an arm could not start, or the edge that ran it stopped.
    Failed,
}

impl ExperimentState {
    /// Returns the state as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Running => "running",
            Self::Done => "done",
            Self::Stopped => "stopped",
            Self::Cancelled => "cancelled",
            Self::Failed => "failed",
        }
    }
}

/// Which of an experiment's two thresholds a job ran under.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Arm {
    /// The threshold the agent got when the experiment started.
    Baseline,
    /// The threshold under test.
    Variant,
}

impl Arm {
    /// Returns the arm as the API spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Baseline => "baseline",
            Self::Variant => "variant",
        }
    }
}

/// An experiment, as a list shows it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Experiment {
    /// Its ID, a ULID.
    pub id: TreeId,
    /// The agent it runs.
    pub agent: String,
    /// Who started it.
    pub person: String,
    /// Where it is.
    pub state: ExperimentState,
    /// Why it stopped or failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    /// The baseline's threshold.
    pub baseline_offload: Offload,
    /// The variant's threshold.
    pub variant_offload: Offload,
    /// How many inputs it runs, a pair of jobs each.
    pub inputs: u32,
    /// The most it may spend, in US dollars.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub budget_usd: Option<f64>,
    /// What its jobs spent so far, in US dollars.
    pub spent_usd: f64,
    /// How many of its jobs have started.
    pub jobs: u32,
    /// When it started, in RFC 3339 (UTC) with milliseconds.
    pub started_at: String,
    /// When it ended.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ended_at: Option<String>,
}

/// What one arm of an experiment did, over its jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ArmTotals {
    /// Its threshold.
    pub offload: Offload,
    /// Its jobs that started.
    pub jobs: u32,
    /// Those that succeeded.
    pub succeeded: u32,
    /// The model's input tokens.
    pub input_tokens: u64,
    /// The model's output tokens.
    pub output_tokens: u64,
    /// What its jobs cost, in US dollars.
    pub cost_usd: f64,
    /// Its jobs' steps.
    pub steps: u32,
    /// Its reads of offloaded results (`oz.read_result`).
    pub read_results: u32,
    /// Its jobs' wall time, in seconds, from each start to its end.
    pub seconds: f64,
}

/// A share the variant saved over the baseline, with its 95% interval (paired bootstrap): 0.38 is 38%
/// saved; a negative share is what the variant spent more.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Share {
    /// Saved over all the pairs.
    pub share: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// How often the two arms' answers agreed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Agreed {
    /// Pairs whose answers are the same text.
    pub exactly: u32,
    /// Pairs whose answers are the same once white space is collapsed and case ignored.
    pub normalized: u32,
    /// Pairs whose arms both answered.
    pub of: u32,
}

/// What the variant saved over the baseline, on the pairs whose two jobs ended.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Savings {
    /// The pairs measured.
    pub pairs: u32,
    /// Of the model's tokens, input and output; `None` when the baseline used none.
    pub tokens: Option<Share>,
    /// Of the cost; `None` when the baseline spent nothing.
    pub cost: Option<Share>,
    /// The variant's tokens less the baseline's, over the pairs measured.
    pub tokens_saved: i64,
    /// The variant's cost less the baseline's, in US dollars.
    pub cost_saved_usd: f64,
    /// How often the answers agreed.
    pub agreed: Agreed,
    /// The verdict in plain words.
    pub verdict: String,
}

/// One input's two jobs.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ExperimentPair {
    /// The input's number, from 1.
    pub n: u32,
    /// The baseline's job, once started.
    pub baseline: Option<PairArm>,
    /// The variant's job, once started.
    pub variant: Option<PairArm>,
}

/// One job of a pair.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct PairArm {
    /// The job.
    pub job: TreeId,
    /// Where it is.
    pub state: super::job::JobState,
    /// Why it failed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The model's tokens, input and output.
    pub tokens: u64,
    /// What it cost, in US dollars.
    pub cost_usd: f64,
}

/// An experiment with both arms side by side and what the variant saved.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ExperimentReport {
    /// Its ID.
    pub id: TreeId,
    /// The agent it runs.
    pub agent: String,
    /// The experiment.
    pub experiment: Experiment,
    /// The baseline's totals.
    pub baseline: ArmTotals,
    /// The variant's totals.
    pub variant: ArmTotals,
    /// What the variant saved.
    pub savings: Savings,
    /// Each input's jobs, in order.
    pub pairs: Vec<ExperimentPair>,
}

impl ExperimentReport {
    /// Returns both arms side by side as people read them, a row a measure: its name, the baseline's,
    /// the variant's, and, where it is measured, what the variant saved with its 95% interval
    /// (`38% (30% to 45%)`, negative for what it spent more).
    pub fn rows(&self) -> Vec<[String; 4]> {
        use crate::savings::{grouped, percent, threshold};
        use crate::trace::dollars;
        let share = |share: Option<Share>| {
            share.map_or_else(
                || "-".to_owned(),
                |s| format!("{} ({} to {})", percent(s.share), percent(s.low), percent(s.high)),
            )
        };
        let (b, v) = (&self.baseline, &self.variant);
        let row = |what: &str, b: String, v: String, saved: String| [what.to_owned(), b, v, saved];
        vec![
            row("offload", threshold(b.offload), threshold(v.offload), String::new()),
            row("jobs", b.jobs.to_string(), v.jobs.to_string(), String::new()),
            row("succeeded", b.succeeded.to_string(), v.succeeded.to_string(), String::new()),
            row("input tokens", grouped(b.input_tokens), grouped(v.input_tokens), String::new()),
            row("output tokens", grouped(b.output_tokens), grouped(v.output_tokens), String::new()),
            row(
                "tokens",
                grouped(b.input_tokens + b.output_tokens),
                grouped(v.input_tokens + v.output_tokens),
                share(self.savings.tokens),
            ),
            row("cost", dollars(b.cost_usd), dollars(v.cost_usd), share(self.savings.cost)),
            row("steps", b.steps.to_string(), v.steps.to_string(), String::new()),
            row("oz.read_result calls", b.read_results.to_string(), v.read_results.to_string(), String::new()),
            row("wall time", format!("{:.2} s", b.seconds), format!("{:.2} s", v.seconds), String::new()),
        ]
    }
}
