//! A flow: tool calls in order, without a model. Each step's result goes whole to the steps after it
//! (its text blocks as `text`, its first file as `file`, its structured content as `json`); the flow's
//! output is what a model reads of the last step's result. Nothing is offloaded and no budget is filled
//! in; a step that names a view gets that view, within the cap.

use std::collections::BTreeMap;

use futures_util::future::BoxFuture;
use oz0_core::agent::{Definition, FLOW_TOOL_FUNCTION, FlowDef, Spent};
use oz0_core::offload::Offload;
use oz0_core::trace::{Outcome, Step, StepKind};
use serde_json::{Map, Value};

use super::answer::{Bounds, spent_by};
use super::run::{AgentSetup, Ended, Run, blocking, cancelled, record_call, record_last};
use super::tree::{self, Task, flow_tool};
use crate::calls::{How, invoke, now, target};

/// What a step left for the steps after it.
struct Left {
    text: String,
    file: Option<String>,
    json: Value,
}

/// Fills in the references of a step's arguments.
fn substitute(value: &Value, run: &Run, done: &BTreeMap<String, Left>) -> Result<Value, String> {
    Ok(match value {
        Value::String(s) => {
            let refs = oz0_core::agent::references(value);
            if let [only] = refs.as_slice()
                && s.trim() == format!("${{{only}}}")
                && let Some(name) = only.strip_prefix("steps.").and_then(|r| r.strip_suffix(".json"))
            {
                return done.get(name).map(|left| left.json.clone()).ok_or_else(|| format!("no step `{name}` ran"));
            }
            let mut out = s.clone();
            for reference in refs {
                let with = resolve(&reference, run, done)?;
                out = out.replace(&format!("${{{reference}}}"), &with);
            }
            Value::String(out)
        }
        Value::Array(items) => Value::Array(items.iter().map(|v| substitute(v, run, done)).collect::<Result<_, _>>()?),
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| Ok((k.clone(), substitute(v, run, done)?)))
                .collect::<Result<Map<_, _>, String>>()?,
        ),
        other => other.clone(),
    })
}

fn resolve(reference: &str, run: &Run, done: &BTreeMap<String, Left>) -> Result<String, String> {
    if reference == "input" {
        return Ok(run.input.clone());
    }
    if let Some(n) = reference.strip_prefix("files.") {
        let n: usize = n.parse().map_err(|_| format!("`${{{reference}}}`: files are numbered from 0"))?;
        return run.files.get(n).map(|f| f.file.to_string()).ok_or_else(|| {
            format!("`${{{reference}}}`: the job was handed {} file(s); pass them with --file", run.files.len())
        });
    }
    let parts: Vec<&str> = reference.split('.').collect();
    match parts.as_slice() {
        ["steps", name, what] => {
            let left = done.get(*name).ok_or_else(|| format!("`${{{reference}}}`: no step `{name}` ran"))?;
            match *what {
                "text" => Ok(left.text.clone()),
                "file" => {
                    left.file.clone().ok_or_else(|| format!("`${{{reference}}}`: the step `{name}` returned no file"))
                }
                "json" => Ok(serde_json::to_string(&left.json).unwrap_or_default()),
                _ => Err(format!("`${{{reference}}}`: a step's `text`, `file` or `json`")),
            }
        }
        _ => Err(format!("`${{{reference}}}` is not `input`, `files.N` or `steps.NAME.text|file|json`")),
    }
}

/// Runs a flow, its steps in order; returns how it ended and what its calls spent.
pub(crate) async fn run(run: &Run, flow: &FlowDef) -> Ended {
    let mut spent = Spent::default();
    let ended = steps(run, flow, &mut spent).await;
    Ended { spent, ..ended }
}

/// Runs a flow tool's flow that a step of a flow, or a client of the platform's tool server, called,
/// as a job of the tree.
pub(crate) fn run_flow<'a>(
    run: &'a Run,
    definition: &'a Definition,
    _: Option<&'a AgentSetup>,
) -> BoxFuture<'a, Ended> {
    Box::pin(async move {
        match definition {
            Definition::Flow(flow) => self::run(run, flow).await,
            Definition::Agent(agent) => {
                Ended::failed(format!("a flow's step calls tools, not the agent `{}`", agent.id))
            }
        }
    })
}

async fn steps(run: &Run, flow: &FlowDef, spent: &mut Spent) -> Ended {
    let mut done: BTreeMap<String, Left> = BTreeMap::new();
    let mut last = Value::Null;
    for (i, flow_step) in flow.steps.iter().enumerate() {
        if cancelled(run).await {
            return Ended::cancelled();
        }
        let Some((tool, function)) = flow_step.call.split_once('.') else {
            return Ended::failed(format!("steps[{i}]: `{}` is not tool.function", flow_step.call));
        };
        let arguments = match substitute(&Value::Object(flow_step.args.clone()), run, &done) {
            Ok(Value::Object(map)) => map,
            Ok(_) => Map::new(),
            Err(err) => return Ended::failed(format!("the step `{}`: {err}", flow_step.id)),
        };
        let mut arguments = arguments;
        if let Some(view) = flow_step.view {
            arguments.insert("view".to_owned(), Value::from(view.as_str()));
        }
        if function == FLOW_TOOL_FUNCTION && flow_tool(&run.reached, tool).is_some() {
            let task = Task {
                name: tool,
                arguments: &arguments,
                budget: None,
                threshold: Offload::Off,
                reached: &run.reached,
            };
            let answered = match tree::call(run, task, Bounds::default(), run_flow).await {
                Ok(answered) => answered,
                Err(err) => return Ended::unrecorded(run, &err),
            };
            *spent += answered.cost;
            if answered.outcome != Outcome::Ok {
                return Ended::stopped(answered.outcome, format!("the step `{}`: {}", flow_step.id, answered.text));
            }
            done.insert(flow_step.id.clone(), Left { text: answered.text.clone(), file: None, json: Value::Null });
            last = serde_json::json!({"content": [{"type": "text", "text": answered.text}]});
            continue;
        }
        let (t, f, a) = (tool.to_owned(), function.to_owned(), arguments.clone());
        let checked = blocking(run, move |state, principal| {
            let target = target(state, &principal.tenant, &t, &f)?;
            oz0_core::args::check(&target.name(), &target.input_schema, &a)
                .map_err(|err| oz0_core::api::EdgeError::invalid(err.to_string()))?;
            Ok(target)
        })
        .await;
        let target = match checked {
            Ok(target) => target,
            Err(err) => {
                let mut step = Step::new(0, now(), StepKind::ToolCall);
                step.tool = Some(tool.to_owned());
                step.function = Some(function.to_owned());
                step.outcome = Outcome::Refused;
                step.error = Some(err.to_string());
                return record_last(run, step, Ended::failed(format!("the step `{}`: {err}", flow_step.id))).await;
            }
        };
        let token = run.token.child_token();
        let invoked =
            match invoke(&run.state, &run.principal, &run.job, &target, &arguments, How::default(), &token).await {
                Ok(invoked) => invoked,
                Err(err) => return Ended::failed(format!("the step `{}`: {err}", flow_step.id)),
            };
        let draft = invoked.draft;
        *spent += spent_by(&invoked.step, &draft);
        if let Err(err) = record_call(run, invoked.step, &draft).await {
            return Ended::unrecorded(run, &err);
        }
        if draft.outcome != Outcome::Ok {
            let error = format!("the step `{}`: {}", flow_step.id, draft.error.unwrap_or_default());
            return Ended::stopped(draft.outcome, error);
        }
        let result = draft.result.unwrap_or(Value::Null);
        // A step's `text` is data handed to the next tool's arguments: the tool's own words, with no
        // placeholder of ours in them (its files and structured content go on as `file` and `json`).
        // The flow's output is read, by a person or a model, so it is what a model reads of the result.
        let text = oz0_core::mcp::text_of(&result);
        let json = result.get("structuredContent").cloned().unwrap_or(Value::Null);
        let file = draft.files.first().map(|f| f.file.to_string());
        done.insert(flow_step.id.clone(), Left { text, file, json });
        last = result;
    }
    Ended::succeeded(oz0_core::mcp::render(&last).text)
}
