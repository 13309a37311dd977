//! Agents and flows: what `oz0 run NAME` runs.
//!
//! An agent is a model with instructions and tools, run in a loop until it answers; a flow is a list
//! of tool calls run in order without a model, each step's arguments able to name the job's input,
//! earlier steps' results and files. Both are YAML files (`agents/NAME.yaml`, `flows/NAME.yaml`) or
//! definitions installed on the edge (`oz0 agent apply FILE`).

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use crate::fit::View;
use crate::offload::Offload;

/// The context an agent's model is taken to have when its definition says nothing.
pub const DEFAULT_CONTEXT: u64 = 128_000;

/// The share of its budget after which a job tree's filled-in budgets are halved.
pub const DEFAULT_WARNING_SHARE: f64 = 0.8;

/// The most steps an agent takes when its definition says nothing.
pub const DEFAULT_MAX_STEPS: u32 = 20;

/// The least and the most budget the runtime fills in.
pub const FILL_MIN: u64 = 500;
/// See [`FILL_MIN`].
pub const FILL_MAX: u64 = 8_000;

/// An agent or a flow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Definition {
    /// A model with tools.
    Agent(AgentDef),
    /// Tool calls in order.
    Flow(FlowDef),
}

impl Definition {
    /// Returns its name.
    pub fn id(&self) -> &str {
        match self {
            Definition::Agent(agent) => &agent.id,
            Definition::Flow(flow) => &flow.id,
        }
    }
}

/// An agent's definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AgentDef {
    /// Its name: letters, digits, `-` and `_`.
    pub id: String,
    /// The model alias it calls: `default`, `fast`, `smart`, or one the edge's operator configured.
    #[serde(default = "default_model")]
    pub model: String,
    /// What it is told first.
    #[serde(default)]
    pub instructions: String,
    /// The tools it may call: a tool's ID (all its functions) or `tool.function`.
    #[serde(default)]
    pub tools: Vec<String>,
    /// The size in tokens above which a tool result is kept as a file, or `off`.
    #[serde(default)]
    pub offload: Option<Offload>,
    /// The model's context in tokens.
    #[serde(default = "default_context")]
    pub context: u64,
    /// What the job tree may spend.
    #[serde(default)]
    pub budget: Option<AgentBudget>,
    /// The labels of what its model may read; a result that carries another is withheld. Left out,
    /// everything.
    #[serde(default)]
    pub clearance: Option<Vec<String>>,
    /// The most model calls a run makes.
    #[serde(default = "default_max_steps")]
    pub max_steps: u32,
    /// The most tokens a model answer may take.
    #[serde(default = "default_max_tokens")]
    pub max_tokens: u32,
    /// Where the data its tools read is kept: `local`, on the node, answers none of its tools' requests
    /// for a model (sampling, or a call's gateway token), so that nothing they read leaves through them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub data: Option<DataKeeping>,
    /// Tool functions the runtime calls around its model's tool calls.
    #[serde(default, skip_serializing_if = "Hooks::is_empty")]
    pub hooks: Hooks,
    /// The agents its model may hand the conversation to: each is offered as `transfer_to_<agent>`, and
    /// answers in the same job from then on, with its own instructions and tools.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub handoffs: Vec<String>,
    /// The agents its model may delegate a task to: each is offered as `ask_<agent>` and runs as a job
    /// of this job's tree, with its own instructions and tools; its answer is the function's result,
    /// and the files it keeps are the tree's, read by this agent as by it.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub agents: Vec<String>,
}

/// An agent's hooks: tool functions, `tool.function`, the runtime calls around its model's tool calls.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Hooks {
    /// Called in order after each tool call of the model, before offload, with `{"tool":
    /// "<tool>.<function>", "arguments": {...}, "result": "<the whole result's text>"}`: an empty answer
    /// keeps the result, any other text replaces it and is read inline, never offloaded.
    #[serde(default)]
    pub post_tool_call: Vec<String>,
}

impl Hooks {
    /// Returns whether it names no hook.
    pub fn is_empty(&self) -> bool {
        self.post_tool_call.is_empty()
    }
}

/// Where an agent keeps the data its tools read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum DataKeeping {
    /// On the node: none of its tools' requests for a model is answered.
    Local,
}

impl AgentDef {
    /// Returns why none of its tools' requests for a model is answered, naming the rule, when it keeps
    /// its data on the node; `None` otherwise.
    pub fn models_withheld(&self) -> Option<String> {
        (self.data == Some(DataKeeping::Local)).then(|| {
            format!(
                "the agent `{}` keeps its data on the node (`data: local`): none of its tools' requests for a \
                 model is answered",
                self.id
            )
        })
    }
}

/// What a job tree may spend.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AgentBudget {
    /// The most US dollars: model calls and reported usage.
    #[serde(default)]
    pub usd: Option<f64>,
    /// The most model tokens, in and out.
    #[serde(default)]
    pub tokens: Option<u64>,
    /// The share after which filled-in budgets are halved.
    #[serde(default = "default_warning_share")]
    pub warning_share: f64,
}

/// A flow's definition.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlowDef {
    /// Its name.
    pub id: String,
    /// What it does.
    #[serde(default)]
    pub description: Option<String>,
    /// Its steps, run in order.
    pub steps: Vec<FlowStep>,
    /// Whether agents and flows may call it as a tool of its name, with one function `run`
    /// ([`FLOW_TOOL_FUNCTION`]) taking what a run takes ([`task_schema`]); each call runs as a job of
    /// the caller's tree.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub as_tool: bool,
}

/// The function a flow installed as a tool is called by: `<flow>.run`.
pub const FLOW_TOOL_FUNCTION: &str = "run";

/// The most jobs deep a tree goes: a delegated agent's or a flow tool's job is one deeper than its
/// caller's.
pub const MOST_DEPTH: usize = 8;

/// Returns the input schema of a task handed to another job of the tree, a delegated agent or a flow
/// tool: what it is asked (`input`), and files of the tree to hand it (`files`).
pub fn task_schema() -> Value {
    serde_json::json!({
        "type": "object",
        "properties": {
            "input": {"type": "string", "description": "What it is asked, in full: it sees nothing else of this job."},
            "files": {
                "type": "array",
                "items": {"type": "string"},
                "description": "Files of this job to hand it, by reference (oz0-file:sha256:...)."
            }
        },
        "required": ["input"],
        "additionalProperties": false
    })
}

/// A step of a flow: one tool call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct FlowStep {
    /// Its name, which later steps refer to: `${steps.NAME.text}`, `${steps.NAME.file}`.
    pub id: String,
    /// The function: `tool.function`.
    pub call: String,
    /// The arguments. A string may hold `${input}`, `${files.N}` (the N-th file handed to the job),
    /// `${steps.NAME.text}` (a step's result text) or `${steps.NAME.file}` (the first file it
    /// returned); a string that is only `${steps.NAME.json}` is the step's structured content.
    #[serde(default)]
    pub args: Map<String, Value>,
    /// The view to ask for, within the cap: no budget is filled in for a flow's step.
    #[serde(default)]
    pub view: Option<View>,
}

fn default_model() -> String {
    "default".to_owned()
}

fn default_context() -> u64 {
    DEFAULT_CONTEXT
}

fn default_max_steps() -> u32 {
    DEFAULT_MAX_STEPS
}

fn default_max_tokens() -> u32 {
    4096
}

fn default_warning_share() -> f64 {
    DEFAULT_WARNING_SHARE
}

/// Why a definition was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{origin}: {message}")]
pub struct DefinitionError {
    /// The file or the name it came from.
    pub origin: String,
    /// What is wrong, naming the key.
    pub message: String,
}

/// Reads an agent or a flow from YAML: a flow has `steps`, an agent has not.
///
/// # Errors
///
/// Returns a [`DefinitionError`] naming the key that is wrong and what it should be.
pub fn parse(text: &str, origin: &str) -> Result<Definition, DefinitionError> {
    let fail = |message: String| DefinitionError { origin: origin.to_owned(), message };
    let json = crate::manifest::yaml_to_json(text).map_err(|err| fail(err.to_string()))?;
    let Value::Object(map) = &json else {
        return Err(fail("a definition is a mapping of keys such as `id`, `model` and `tools`".to_owned()));
    };
    let definition = if map.contains_key("steps") {
        Definition::Flow(serde_json::from_value(json.clone()).map_err(|err| fail(format!("as a flow: {err}")))?)
    } else {
        Definition::Agent(serde_json::from_value(json.clone()).map_err(|err| fail(format!("as an agent: {err}")))?)
    };
    check(&definition).map_err(fail)?;
    Ok(definition)
}

/// Checks what serde cannot: names, ranges, references.
pub fn check(definition: &Definition) -> Result<(), String> {
    let name_ok = |id: &str| {
        (1..=64).contains(&id.len()) && id.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_'))
    };
    if !name_ok(definition.id()) {
        return Err(format!("`id` {:?} is not 1 to 64 letters, digits, `-` and `_`", definition.id()));
    }
    match definition {
        Definition::Agent(agent) => {
            if agent.tools.iter().any(|t| t.trim().is_empty()) {
                return Err("`tools` holds an empty name".to_owned());
            }
            if let Some(hook) = agent
                .hooks
                .post_tool_call
                .iter()
                .find(|h| h.split_once('.').is_none_or(|(tool, function)| tool.is_empty() || function.is_empty()))
            {
                return Err(format!("`hooks.post_tool_call` names `{hook}`, which is not `tool.function`"));
            }
            if let Some(target) = agent.handoffs.iter().find(|t| !name_ok(t) || **t == agent.id) {
                return Err(format!(
                    "`handoffs` names `{target}`: name another agent, in 1 to 64 letters, digits, `-` and `_`"
                ));
            }
            if let Some(target) = agent.agents.iter().find(|t| !name_ok(t) || **t == agent.id) {
                return Err(format!(
                    "`agents` names `{target}`: name another agent, in 1 to 64 letters, digits, `-` and `_`"
                ));
            }
            if !(1_000..=10_000_000).contains(&agent.context) {
                return Err(format!("`context` {} is not from 1000 to 10000000 tokens", agent.context));
            }
            if !(1..=1_000).contains(&agent.max_steps) {
                return Err(format!("`max_steps` {} is not from 1 to 1000", agent.max_steps));
            }
            if let Some(budget) = agent.budget {
                if !(budget.warning_share > 0.0 && budget.warning_share <= 1.0) {
                    return Err(format!(
                        "`budget.warning_share` {} is not more than 0 and at most 1",
                        budget.warning_share
                    ));
                }
                if budget.usd.is_some_and(|u| u.is_nan() || u <= 0.0) || budget.tokens == Some(0) {
                    return Err("`budget.usd` and `budget.tokens` are more than 0".to_owned());
                }
            }
        }
        Definition::Flow(flow) => {
            if flow.steps.is_empty() {
                return Err("`steps` is empty: a flow has at least one step".to_owned());
            }
            let mut seen: BTreeMap<&str, usize> = BTreeMap::new();
            for (i, step) in flow.steps.iter().enumerate() {
                if !name_ok(&step.id) {
                    return Err(format!("`steps[{i}].id` {:?} is not 1 to 64 letters, digits, `-` and `_`", step.id));
                }
                if seen.insert(&step.id, i).is_some() {
                    return Err(format!("`steps[{i}].id` {:?} names an earlier step too", step.id));
                }
                if !step.call.split_once('.').is_some_and(|(t, f)| !t.is_empty() && !f.is_empty()) {
                    return Err(format!("`steps[{i}].call` {:?} is not `tool.function`", step.call));
                }
                for reference in references(&Value::Object(step.args.clone())) {
                    if let Some(name) = reference.strip_prefix("steps.").and_then(|r| r.split('.').next())
                        && seen.get(name).is_none_or(|&at| at >= i)
                    {
                        return Err(format!(
                            "`steps[{i}].args` refers to `${{{reference}}}`, and no earlier step is named `{name}`"
                        ));
                    }
                }
            }
        }
    }
    Ok(())
}

/// Returns each `${...}` reference in the strings of `value`.
pub fn references(value: &Value) -> Vec<String> {
    let mut out = Vec::new();
    match value {
        Value::String(s) => {
            let mut rest = s.as_str();
            while let Some(start) = rest.find("${") {
                let Some(end) = rest[start..].find('}') else { break };
                out.push(rest[start + 2..start + end].to_owned());
                rest = &rest[start + end + 1..];
            }
        }
        Value::Array(items) => out.extend(items.iter().flat_map(references)),
        Value::Object(map) => out.extend(map.values().flat_map(references)),
        _ => {}
    }
    out
}

/// Returns the budget the runtime fills in for a model's call of a fitted function: a quarter of what
/// is left of the context, `context - used` (used: the newest model request and its answer), at least
/// [`FILL_MIN`] and at most [`FILL_MAX`] tokens, and half of that once the job tree has spent its
/// warning share.
pub fn fill_budget(context: u64, used: u64, warned: bool) -> u64 {
    let quarter = (context.saturating_sub(used) / 4).clamp(FILL_MIN, FILL_MAX);
    if warned { quarter / 2 } else { quarter }
}

/// What a job tree has spent on model calls, or what one call may spend at worst.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct Spent {
    /// US dollars.
    pub usd: f64,
    /// Model tokens, in and out.
    pub tokens: u64,
}

impl std::ops::AddAssign for Spent {
    fn add_assign(&mut self, other: Self) {
        self.usd += other.usd;
        self.tokens += other.tokens;
    }
}

/// Why a model call was refused before it was made: its worst case would exceed the job tree's budget.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum OverBudget {
    /// The tokens would exceed the budget's.
    #[error(
        "the job's budget of {limit} tokens would be exceeded: {spent} spent, and this model call may take up to \
         {worst}"
    )]
    Tokens { limit: u64, spent: u64, worst: u64 },
    /// The dollars would exceed the budget's.
    #[error(
        "the job's budget of ${limit} would be exceeded: ${spent:.6} spent, and this model call may cost up to \
         ${worst:.6}"
    )]
    Usd { limit: f64, spent: f64, worst: f64 },
}

impl AgentBudget {
    /// Checks that a model call whose worst case is `worst` fits what is left of the budget after
    /// `spent`, so that its worst case can be reserved; tokens are checked first.
    pub fn reserve(&self, spent: Spent, worst: Spent) -> Result<(), OverBudget> {
        if let Some(limit) = self.tokens
            && spent.tokens + worst.tokens > limit
        {
            return Err(OverBudget::Tokens { limit, spent: spent.tokens, worst: worst.tokens });
        }
        if let Some(limit) = self.usd
            && spent.usd + worst.usd > limit
        {
            return Err(OverBudget::Usd { limit, spent: spent.usd, worst: worst.usd });
        }
        Ok(())
    }

    /// Returns whether `spent` has reached the warning share of the budget, after which the budgets
    /// filled in are halved ([`fill_budget`]).
    pub fn warned(&self, spent: Spent) -> bool {
        self.tokens.is_some_and(|most| spent.tokens as f64 >= self.warning_share * most as f64)
            || self.usd.is_some_and(|most| spent.usd >= self.warning_share * most)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_and_flows_are_read() {
        let agent = parse(
            "id: reader\nmodel: fast\ninstructions: Read.\ntools: [acme_docs]\noffload: 2000\nbudget: {usd: 1}\n",
            "agents/reader.yaml",
        )
        .unwrap();
        let Definition::Agent(agent) = agent else { panic!("an agent") };
        assert_eq!((agent.context, agent.max_steps), (DEFAULT_CONTEXT, DEFAULT_MAX_STEPS));
        assert_eq!(agent.budget.unwrap().warning_share, DEFAULT_WARNING_SHARE);
        let flow = parse(
            "id: hand-on\nsteps:\n  - id: pack\n    call: workbench.pack\n    args: {text: '${input}'}\n  - id: look\n    call: workbench.inspect\n    args: {archive: '${steps.pack.file}'}\n",
            "flows/hand-on.yaml",
        )
        .unwrap();
        assert!(matches!(flow, Definition::Flow(f) if f.steps.len() == 2));
    }

    #[test]
    fn mistakes_name_the_key() {
        for (text, says) in [
            ("id: a\ntols: [x]\n", "unknown field `tols`"),
            ("id: a b\n", "`id` \"a b\""),
            ("id: a\noffload: lots\n", "as an agent"),
            ("id: a\nmax_steps: 0\n", "`max_steps` 0"),
            ("id: f\nsteps: []\n", "`steps` is empty"),
            ("id: f\nsteps:\n  - id: s\n    call: nodot\n", "`steps[0].call`"),
            (
                "id: f\nsteps:\n  - id: s\n    call: a.b\n    args: {x: '${steps.later.text}'}\n",
                "no earlier step is named `later`",
            ),
            ("- a\n", "a definition is a mapping"),
        ] {
            let err = parse(text, "x.yaml").unwrap_err().to_string();
            assert!(err.starts_with("x.yaml: ") && err.contains(says), "{text}: {err}");
        }
    }

    #[test]
    fn a_call_is_reserved_only_within_the_budget() {
        let budget = AgentBudget { usd: Some(1.0), tokens: Some(1_000), warning_share: 0.5 };
        let spent = Spent { usd: 0.5, tokens: 400 };
        assert_eq!(budget.reserve(spent, Spent { usd: 0.5, tokens: 600 }), Ok(()));
        let err = budget.reserve(spent, Spent { usd: 0.1, tokens: 601 }).unwrap_err();
        assert_eq!(err, OverBudget::Tokens { limit: 1_000, spent: 400, worst: 601 });
        assert!(err.to_string().contains("budget of 1000 tokens would be exceeded: 400 spent"), "{err}");
        let err = budget.reserve(spent, Spent { usd: 0.6, tokens: 1 }).unwrap_err();
        assert!(matches!(err, OverBudget::Usd { .. }));
        assert!(err.to_string().contains("may cost up to $0.600000"), "{err}");
        let open = AgentBudget { usd: None, tokens: None, warning_share: 0.5 };
        assert_eq!(open.reserve(spent, Spent { usd: 9.0, tokens: 9_000 }), Ok(()));
    }

    #[test]
    fn the_warning_share_is_reached_by_tokens_or_dollars() {
        let budget = AgentBudget { usd: Some(1.0), tokens: Some(1_000), warning_share: 0.8 };
        assert!(!budget.warned(Spent { usd: 0.79, tokens: 799 }));
        assert!(budget.warned(Spent { usd: 0.8, tokens: 0 }));
        assert!(budget.warned(Spent { usd: 0.0, tokens: 800 }));
    }

    #[test]
    fn the_filled_in_budget_follows_the_formula() {
        assert_eq!(fill_budget(128_000, 0, false), 8_000);
        assert_eq!(fill_budget(128_000, 110_000, false), 4_500);
        assert_eq!(fill_budget(128_000, 127_000, false), 500);
        assert_eq!(fill_budget(128_000, 200_000, false), 500);
        assert_eq!(fill_budget(128_000, 110_000, true), 2_250);
        assert_eq!(fill_budget(128_000, 0, true), 4_000);
    }
}
