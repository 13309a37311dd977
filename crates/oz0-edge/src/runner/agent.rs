//! The agent loop: ask the model, run the tools it calls, and feed their results back, until it
//! answers or a limit stops it.
//!
//! For a model's calls the runtime fills in the budget of a fitted function the model left out, keeps a
//! result heavier than the job's threshold as a file and gives the model a stub in its place, and
//! offers `oz.read_result` to read parts of it back. Before each model call the worst case of the
//! call is reserved against the job's budget and the tenant's limits, and the call is refused when it
//! would exceed either.

use std::time::Instant;

use futures_util::future::BoxFuture;
use oz0_core::agent::{AgentDef, Definition, FLOW_TOOL_FUNCTION, Spent, fill_budget, task_schema};
use oz0_core::api::{EdgeError, FileRef, RESOURCES_READ};
use oz0_core::fit::weigh;
use oz0_core::manifest::Shape;
use oz0_core::offload::Offload;
use oz0_core::stored_result::{self, READ_RESULT};
use oz0_core::trace::{Fitted, Outcome, Step, StepKind};
use serde_json::{Map, Value};

use super::answer::{Answered, Bounds, offload, spent_by, withheld};
use super::run::{AgentSetup, Ended, Run, blocking, cancelled, record, record_call, record_last};
use super::tree::{self, Task, ask_name, flow_tool};
use crate::calls::{Draft, How, Invoked, Target, TreeBudget, invoke, now, target};
use crate::gateway::{ChatMessage, ChatRequest, ToolCall, ToolDef};
use crate::spending::ForTree;
use crate::store::Quoted;

/// The name a model calls `oz.read_result` by: providers take letters, digits, `_` and `-` only.
const READ_RESULT_NAME: &str = "oz__read_result";

/// The name a model calls `oz.read_resource` by.
const READ_RESOURCE_NAME: &str = "oz__read_resource";

/// A function the agent may call.
pub(crate) struct Offered {
    pub target: Target,
    /// Whether it is fitted, so that a budget is filled in: its tool declares `results: {fit: true}`
    /// and its input schema follows the convention. An undeclared function is called as the model
    /// asked, whatever its schema looks like.
    pub fitted: bool,
}

impl Offered {
    /// Returns the function of `target`, fitted when its tool declares so and its input schema follows
    /// the convention.
    pub fn new(target: Target) -> Self {
        Self { fitted: target.fits && Shape::of(&target.input_schema).follows(), target }
    }
}

fn model_name(tool: &str, function: &str) -> String {
    format!("{tool}__{function}")
}

/// Finds the functions the agent lists: a tool's ID is all its functions, `tool.function` one. A flow
/// installed as a tool, when no plugin's tool has its name, is its one function `run`; those are
/// returned by name apart, and called as jobs of the tree ([`tree::call`]).
async fn offered(run: &Run, agent: &AgentDef) -> Result<(Vec<Offered>, Vec<String>, Vec<ToolDef>), String> {
    let names = agent.tools.clone();
    let reached = std::sync::Arc::clone(&run.reached);
    let (found, flows) = blocking(run, move |state, principal| {
        let (mut out, mut flows) = (Vec::new(), Vec::new());
        for name in &names {
            let (tool, only) = match name.split_once('.') {
                Some((tool, function)) => (tool, Some(function)),
                None => (name.as_str(), None),
            };
            let plugin = state.store().plugin_of_tool(&principal.tenant, tool)?;
            let plugin = match (plugin, flow_tool(&reached, tool)) {
                (Some(plugin), _) => plugin,
                (None, Some(_)) if only.is_none_or(|o| o == FLOW_TOOL_FUNCTION) => {
                    flows.push(tool.to_owned());
                    continue;
                }
                (None, Some(_)) => {
                    return Err(EdgeError::not_found(format!(
                        "the agent lists `{name}`: the flow tool `{tool}` has one function, `{FLOW_TOOL_FUNCTION}`"
                    )));
                }
                (None, None) => {
                    return Err(EdgeError::not_found(format!(
                        "the agent lists the tool `{tool}`, which is not installed, nor a flow installed as a tool"
                    )));
                }
            };
            let info = plugin.info.tools.into_iter().find(|t| t.id == tool).into_iter().flat_map(|t| t.functions);
            for function in info.filter(|f| only.is_none_or(|o| o == f.name)) {
                let target = target(state, &principal.tenant, tool, &function.name)?;
                out.push((target, function.description));
            }
            if let Some(only) = only
                && !out.iter().any(|(t, _)| t.tool == tool && t.function == only)
            {
                // Names what is missing, as a call of it would.
                target(state, &principal.tenant, tool, only)?;
            }
        }
        Ok((out, flows))
    })
    .await
    .map_err(|err| err.to_string())?;
    let mut offered = Vec::new();
    let mut defs = Vec::new();
    for (target, description) in found {
        defs.push(ToolDef {
            name: model_name(&target.tool, &target.function),
            description: description.unwrap_or_default(),
            parameters: target.input_schema.clone(),
        });
        offered.push(Offered::new(target));
    }
    for name in &flows {
        let description = flow_tool(&run.reached, name).and_then(|flow| flow.description.clone());
        defs.push(ToolDef {
            name: model_name(name, FLOW_TOOL_FUNCTION),
            description: description.unwrap_or_else(|| format!("Run the flow `{name}`.")),
            parameters: task_schema(),
        });
    }
    Ok((offered, flows, defs))
}

/// Finds the functions of the agent's `post_tool_call` hooks, each `tool.function`.
async fn hooks(run: &Run, agent: &AgentDef) -> Result<Vec<Target>, String> {
    let names = agent.hooks.post_tool_call.clone();
    blocking(run, move |state, principal| {
        names
            .iter()
            .map(|name| {
                let (tool, function) = name.split_once('.').ok_or_else(|| {
                    EdgeError::invalid(format!("the hook `{name}` names no function: write it `tool.function`"))
                })?;
                target(state, &principal.tenant, tool, function)
            })
            .collect()
    })
    .await
    .map_err(|err| format!("the agent's post_tool_call hook: {err}"))
}

/// The agent whose turn it is: the one the run started with, or one it was handed to. Its functions
/// (and `oz.read_result` when it has any, or hand-offs whose agents may), its hooks and why its tools'
/// requests for a model are refused.
struct Seat<'a> {
    agent: &'a AgentDef,
    offered: Vec<Offered>,
    /// The flows installed as tools that it lists.
    flows: Vec<String>,
    tools: Vec<ToolDef>,
    hooks: Vec<Target>,
    withheld: Option<String>,
}

impl<'a> Seat<'a> {
    async fn take(run: &Run, agent: &'a AgentDef, linked: bool) -> Result<Self, String> {
        let (offered, flows, mut tools) = offered(run, agent).await?;
        // Its tools' results, and its delegated agents' answers, may be offloaded; and an agent it is
        // handed to may have kept files.
        if !offered.is_empty() || !flows.is_empty() || !agent.agents.is_empty() || !agent.handoffs.is_empty() {
            tools.push(read_result_def());
        }
        for name in &agent.agents {
            let about = match run.reached.get(name) {
                Some(Definition::Agent(delegate)) => {
                    delegate.instructions.lines().next().unwrap_or_default().to_owned()
                }
                _ => String::new(),
            };
            tools.push(ToolDef {
                name: ask_name(name),
                description: format!(
                    "Ask the agent `{name}`, which works on it with its own tools and answers; the files it keeps \
                     are this job's too. {about}"
                )
                .trim_end()
                .to_owned(),
                parameters: task_schema(),
            });
        }
        for target in &agent.handoffs {
            tools.push(ToolDef {
                name: transfer_name(target),
                description: format!("Hand the conversation to the agent `{target}`, which answers from then on."),
                parameters: serde_json::json!({"type": "object", "properties": {}}),
            });
        }
        if linked {
            tools.push(read_resource_def());
        }
        let hooks = hooks(run, agent).await?;
        Ok(Self { agent, offered, flows, tools, hooks, withheld: agent.models_withheld() })
    }

    fn bounds(&self) -> Bounds<'_> {
        Bounds {
            clearance: self.agent.clearance.as_deref(),
            models_withheld: self.withheld.as_deref(),
            hooks: &self.hooks,
        }
    }
}

/// The name a model calls a hand-off to `agent` by, as the OpenAI Agents SDK names it.
fn transfer_name(agent: &str) -> String {
    format!("transfer_to_{agent}")
}

fn read_result_def() -> ToolDef {
    ToolDef {
        name: READ_RESULT_NAME.to_owned(),
        description: "Read part of a tool result that was kept as a file because it was too long to read inline: a \
                      section (a heading, a top-level key or an item such as [3]), a range of lines, or a view \
                      within a budget."
            .to_owned(),
        parameters: stored_result::read_result_schema(),
    }
}

fn read_resource_def() -> ToolDef {
    ToolDef {
        name: READ_RESOURCE_NAME.to_owned(),
        description: stored_result::READ_RESOURCE_ABOUT.to_owned(),
        parameters: stored_result::read_resource_schema(),
    }
}

/// Runs an agent: its model in a loop, and the agents it hands the conversation to (`handoffs`), in the
/// same job, after the history of the turns before it in a conversation. The job's budget and
/// `max_steps` are the first agent's. Each message, from what it was asked on, is kept with the job as
/// it is said ([`say`]).
pub(crate) async fn run(run: &Run, agent: &AgentDef, setup: &AgentSetup) -> Ended {
    let mut text = run.input.clone();
    if !run.files.is_empty() {
        let refs: Vec<String> = run.files.iter().map(|f| format!("{} ({} bytes)", f.file, f.size)).collect();
        text.push_str(&format!("\n\nFiles handed to this job: {}", refs.join(", ")));
    }
    let mut messages = setup.history.clone();
    if let Err(err) = say(run, &mut messages, ChatMessage::User { text }).await {
        return Ended::unrecorded(run, &err);
    }
    let mut spent = setup.spent;
    let ended = converse(run, agent, setup, &mut messages, &mut spent).await;
    Ended { spent: Spent { tokens: spent.tokens - setup.spent.tokens, usd: spent.usd - setup.spent.usd }, ..ended }
}

/// Runs a job of the tree that an agent's call started: a delegated agent, or a flow tool's flow.
pub(crate) fn run_any<'a>(
    run: &'a Run,
    definition: &'a Definition,
    setup: Option<&'a AgentSetup>,
) -> BoxFuture<'a, Ended> {
    Box::pin(async move {
        match (definition, setup) {
            (Definition::Agent(agent), Some(setup)) => self::run(run, agent, setup).await,
            (Definition::Agent(_), None) => Ended::failed("the edge has no model gateway configured"),
            (Definition::Flow(flow), _) => super::flow::run(run, flow).await,
        }
    })
}

/// Keeps a message of the run with its job, for those who follow the job and for a conversation's next
/// turn, and adds it to the messages the model reads.
async fn say(run: &Run, messages: &mut Vec<ChatMessage>, message: ChatMessage) -> Result<(), EdgeError> {
    let (id, text) = (run.job.id.clone(), serde_json::to_string(&message).unwrap_or_default());
    blocking(run, move |state, principal| Ok(state.store().say(&principal.tenant, &id, &text)?)).await?;
    messages.push(message);
    Ok(())
}

/// Runs the agent's model in a loop until it answers, adding to `spent` what its tree spends.
async fn converse(
    run: &Run,
    agent: &AgentDef,
    setup: &AgentSetup,
    messages: &mut Vec<ChatMessage>,
    spent: &mut Spent,
) -> Ended {
    let mut seat = match Seat::take(run, agent, false).await {
        Ok(seat) => seat,
        Err(err) => return Ended::failed(err),
    };
    for _ in 0..agent.max_steps {
        if cancelled(run).await {
            return Ended::cancelled();
        }
        let now_agent = seat.agent;
        let price = setup.config.entry(&now_agent.model).cloned();
        let request = ChatRequest {
            system: now_agent.instructions.clone(),
            messages: messages.clone(),
            tools: seat.tools.clone(),
            max_tokens: now_agent.max_tokens,
            temperature: None,
        };
        // The worst case of this call: the request as the estimate weighs it, and the most it may answer.
        let worst_in = weigh(&serde_json::to_string(&request).unwrap_or_default());
        let worst = Spent {
            tokens: worst_in + u64::from(now_agent.max_tokens),
            usd: price.as_ref().map_or(0.0, |p| p.cost_usd(worst_in, u64::from(now_agent.max_tokens))),
        };
        // What the job read goes with the request: the tenant's data rules say to which aliases.
        let (job, alias) = (run.job.id.clone(), now_agent.model.clone());
        let broken = blocking(run, move |state, principal| {
            Ok(crate::calls::broken_rule(state, &principal.tenant, &job, &[], &alias)?)
        })
        .await;
        let broken = match broken {
            Ok(broken) => broken.map(|(message, _)| message),
            Err(err) => Some(format!("the tenant's data rules could not be read: {err}")),
        };
        if let Some(message) = broken {
            let mut step = Step::new(0, now(), StepKind::ModelCall);
            step.tool = Some(now_agent.model.clone());
            step.outcome = Outcome::Refused;
            step.error = Some(message.clone());
            return record_last(run, step, Ended::failed(message)).await;
        }
        // The request counts toward the tenant's quotas for the day, reserved with its money.
        let tree =
            ForTree { tree: run.job.tree.clone(), budget: setup.budget, spent: *spent, quota: Quoted::default() };
        let reservation = match crate::spending::reserve(
            run.state.limits(),
            run.state.store_handle(),
            &run.principal.tenant,
            Some(tree),
            worst,
        )
        .await
        {
            Ok(reservation) => reservation,
            Err((message, _)) => {
                let mut step = Step::new(0, now(), StepKind::ModelCall);
                step.tool = Some(now_agent.model.clone());
                step.outcome = Outcome::Refused;
                step.error = Some(message.clone());
                return record_last(run, step, Ended::failed(message)).await;
            }
        };
        let mut step = Step::new(0, now(), StepKind::ModelCall);
        step.tool = Some(now_agent.model.clone());
        let clock = Instant::now();
        let answer = tokio::select! {
            answer = setup.gateway.complete(&now_agent.model, &request) => answer,
            () = run.token.cancelled() => return Ended::cancelled(),
        };
        step.duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
        let answer = match answer {
            Ok(answer) => answer,
            Err(err) => {
                step.outcome = Outcome::Error;
                step.error = Some(err.to_string());
                return record_last(run, step, Ended::failed(err.to_string())).await;
            }
        };
        step.tokens_in = Some(answer.tokens_in);
        step.tokens_out = Some(answer.tokens_out);
        step.cost_usd = Some(answer.cost_usd);
        step.model = Some(answer.model.clone());
        let recorded = record(run, step, None).await;
        reservation.release().await;
        if let Err(err) = recorded {
            return Ended::unrecorded(run, &err);
        }
        *spent += Spent { tokens: answer.tokens_in + answer.tokens_out, usd: answer.cost_usd };
        let used = answer.tokens_in + answer.tokens_out;
        let said = ChatMessage::Assistant { text: answer.text.clone(), tool_calls: answer.tool_calls.clone() };
        if let Err(err) = say(run, messages, said).await {
            return Ended::unrecorded(run, &err);
        }
        if answer.tool_calls.is_empty() {
            return Ended::succeeded(answer.text.unwrap_or_default());
        }
        let warned = setup.budget.is_some_and(|budget| budget.warned(*spent));
        let mut handed_to: Option<&str> = None;
        for call in &answer.tool_calls {
            let fill = fill_budget(now_agent.context, used, warned);
            let bounds = seat.bounds();
            let target = now_agent.handoffs.iter().find(|target| transfer_name(target) == call.name);
            let answered = if let Some(to) = handed_to {
                Ok(Answered::read(format!("not run: the conversation was handed to the agent `{to}`")))
            } else if let Some(target) = target {
                let mut step = Step::new(0, now(), StepKind::Handoff);
                step.tool = Some(target.clone());
                if let Err(err) = record(run, step, None).await {
                    return Ended::unrecorded(run, &err);
                }
                handed_to = Some(target);
                Ok(Answered::read(format!("{{\"assistant\": \"{target}\"}}")))
            } else if call.name == READ_RESULT_NAME {
                read_result(run, call, fill, bounds.clearance).await.map(|(text, _)| Answered::read(text))
            } else if call.name == READ_RESOURCE_NAME {
                let listed = |tool: &str| seat.offered.iter().any(|o| o.target.tool == tool);
                read_resource(run, call, listed, fill, setup.threshold, bounds).await
            } else if let Some(name) = now_agent
                .agents
                .iter()
                .find(|name| ask_name(name) == call.name)
                .or_else(|| seat.flows.iter().find(|flow| model_name(flow, FLOW_TOOL_FUNCTION) == call.name))
            {
                let budget = setup.budget.map(|budget| TreeBudget { budget, spent: *spent });
                let (arguments, threshold, reached) = (&call.arguments, setup.threshold, &run.reached);
                let task = Task { name, arguments, budget, threshold, reached };
                tree::call(run, task, bounds, run_any).await
            } else {
                match seat.offered.iter().find(|o| model_name(&o.target.tool, &o.target.function) == call.name) {
                    Some(function) => {
                        let budget = setup.budget.map(|budget| TreeBudget { budget, spent: *spent });
                        tool_call(run, function, call, fill, setup.threshold, budget, bounds).await
                    }
                    None => {
                        Ok(Answered::read(format!("there is no tool `{}`; the tools are those offered", call.name)))
                    }
                }
            };
            let Answered { text, cost, linked, .. } = match answered {
                Ok(answered) => answered,
                Err(err) => return Ended::unrecorded(run, &err),
            };
            // A result that links to resources offers the model the way to read them, from then on.
            if linked && !seat.tools.iter().any(|tool| tool.name == READ_RESOURCE_NAME) {
                seat.tools.push(read_resource_def());
            }
            *spent += cost;
            if let Err(err) = say(run, messages, ChatMessage::Tool { call_id: call.id.clone(), text }).await {
                return Ended::unrecorded(run, &err);
            }
        }
        if let Some(to) = handed_to {
            let linked = seat.tools.iter().any(|tool| tool.name == READ_RESOURCE_NAME);
            let Some(Definition::Agent(next)) = run.reached.get(to) else {
                return Ended::failed(format!("the agent `{to}` that `{}` hands off to is not known", now_agent.id));
            };
            seat = match Seat::take(run, next, linked).await {
                Ok(seat) => seat,
                Err(err) => return Ended::failed(format!("the hand-off to `{to}`: {err}")),
            };
        }
    }
    Ended::failed(format!("the agent reached its max_steps ({}) without an answer", agent.max_steps))
}

/// Runs a model's call of a tool's function: fills in its budget, checks its arguments, calls it, and
/// keeps a result heavier than the threshold as a file. Returns what the model reads, what the tool
/// reported its services cost and how the call ended, or why its step could not be recorded.
pub(crate) async fn tool_call(
    run: &Run,
    function: &Offered,
    call: &ToolCall,
    fill: u64,
    threshold: Offload,
    budget: Option<TreeBudget>,
    bounds: Bounds<'_>,
) -> Result<Answered, EdgeError> {
    let target = &function.target;
    let mut arguments: Map<String, Value> = call.arguments.clone();
    let mut filled = None;
    if function.fitted && arguments.get("budget").is_none_or(Value::is_null) {
        arguments.insert("budget".to_owned(), Value::from(fill));
        filled = Some(fill);
    }
    let unmade = |outcome: Outcome, error: String| {
        let mut step = Step::new(0, now(), StepKind::ToolCall);
        step.tool = Some(target.tool.clone());
        step.function = Some(target.function.clone());
        step.plugin = Some(target.plugin_of());
        step.outcome = outcome;
        step.error = Some(error);
        step.budget_filled = filled;
        step
    };
    if let Err(err) = oz0_core::args::check(&target.name(), &target.input_schema, &arguments) {
        record(run, unmade(Outcome::Refused, err.to_string()), None).await?;
        return Ok(Answered::refused(format!("the call was not made: {err}")));
    }
    let token = run.token.child_token();
    let how = How {
        ask: false,
        budget,
        person: run.person.clone(),
        models_withheld: bounds.models_withheld.map(str::to_owned),
    };
    let invoked = match invoke(&run.state, &run.principal, &run.job, target, &arguments, how, &token).await {
        Ok(invoked) => invoked,
        Err(err) => {
            record(run, unmade(Outcome::Error, err.to_string()), None).await?;
            return Ok(Answered { outcome: Outcome::Error, ..Answered::read(format!("the call failed: {err}")) });
        }
    };
    let mut step = invoked.step;
    step.budget_filled = filled;
    let draft = invoked.draft;
    if let Some(note) = withheld(bounds.clearance, &step.labels) {
        step.withheld = true;
        let cost = Spent { tokens: 0, ..spent_by(&step, &draft) };
        record_call(run, step, &draft).await?;
        return Ok(Answered { cost, ..Answered::refused(note) });
    }
    let mut cost = spent_by(&step, &draft);
    let linked = draft.result.as_ref().is_some_and(oz0_core::mcp::links_resources);
    let mut hooked = Hooked { text: model_text(&draft), inline: false, cost: Spent::default(), steps: Vec::new() };
    if draft.result.is_some() {
        hooked = post_tool_call(run, target, &arguments, hooked, budget, bounds).await;
    }
    let mut text = hooked.text;
    if let (Outcome::Ok, Offload::Tokens(most), false) = (draft.outcome, threshold, hooked.inline)
        && weigh(&text) > u64::from(most.get())
    {
        match offload(run, &stored_result::kept(&text), u64::from(most.get()), &target.name(), &step.labels).await {
            Ok((stub, record)) => {
                step.offloaded = Some(record);
                text = stub;
            }
            Err(err) => text = format!("the result could not be kept as a file: {err}"),
        }
    }
    record_call(run, step, &draft).await?;
    for (step, usage_refused) in hooked.steps {
        record(run, step, usage_refused).await?;
    }
    cost += hooked.cost;
    Ok(Answered { text, cost, outcome: draft.outcome, linked })
}

/// What an agent's `post_tool_call` hooks made of a call's result.
struct Hooked {
    /// What the model reads.
    text: String,
    /// Whether a hook replaced the result or it was withheld: such a text is read inline, never
    /// offloaded.
    inline: bool,
    /// What the hooks reported their services cost, and their requests for a model.
    cost: Spent,
    /// Their steps, recorded after the call's, each with why its usage report was refused.
    steps: Vec<(Step, Option<String>)>,
}

/// Passes the whole result of a call of `called` through the agent's hooks, in order, before offload:
/// each is called as a tool (the tenant's policy, its usage charged to the job) with the call's name,
/// arguments and the result's text as it stands. An empty answer keeps the text, any other replaces
/// it. A hook that does not answer (refused, failed, an error result) withholds the result: a hook may
/// be what keeps a secret from the model, so the model reads why instead.
async fn post_tool_call(
    run: &Run,
    called: &Target,
    arguments: &Map<String, Value>,
    mut hooked: Hooked,
    budget: Option<TreeBudget>,
    bounds: Bounds<'_>,
) -> Hooked {
    for hook in bounds.hooks {
        let input = Map::from_iter([
            ("tool".to_owned(), Value::from(called.name())),
            ("arguments".to_owned(), Value::Object(arguments.clone())),
            ("result".to_owned(), Value::from(hooked.text.clone())),
        ]);
        let how = How {
            ask: false,
            budget,
            person: run.person.clone(),
            models_withheld: bounds.models_withheld.map(str::to_owned),
        };
        let token = run.token.child_token();
        let (step, answer) = match invoke(&run.state, &run.principal, &run.job, hook, &input, how, &token).await {
            Ok(Invoked { mut step, draft, .. }) => {
                step.kind = StepKind::Hook;
                hooked.cost += spent_by(&step, &draft);
                let answer = match draft.outcome {
                    Outcome::Ok => Ok(model_text(&draft)),
                    _ => Err(draft.error.clone().unwrap_or_else(|| model_text(&draft))),
                };
                ((step, draft.usage_refused), answer)
            }
            Err(err) => {
                let mut step = Step::new(0, now(), StepKind::Hook);
                step.tool = Some(hook.tool.clone());
                step.function = Some(hook.function.clone());
                step.plugin = Some(hook.plugin_of());
                step.outcome = Outcome::Error;
                step.error = Some(err.to_string());
                ((step, None), Err(err.to_string()))
            }
        };
        hooked.steps.push(step);
        match answer {
            Ok(answer) if answer.trim().is_empty() => {}
            Ok(answer) => (hooked.text, hooked.inline) = (answer, true),
            Err(why) => {
                hooked.text = format!(
                    "the result of {} was withheld: its post_tool_call hook {} did not answer: {why}",
                    called.name(),
                    hook.name()
                );
                hooked.inline = true;
                break;
            }
        }
    }
    hooked
}

/// Runs `oz.read_resource`: reads a resource of the server of a tool that `listed` says the caller may
/// call, as a call of that tool (its policy, its step, offload), and returns what the model reads.
pub(crate) async fn read_resource(
    run: &Run,
    call: &ToolCall,
    listed: impl Fn(&str) -> bool,
    fill: u64,
    threshold: Offload,
    bounds: Bounds<'_>,
) -> Result<Answered, EdgeError> {
    let (Some(tool), Some(uri)) = (call.arguments["tool"].as_str(), call.arguments["uri"].as_str()) else {
        return Ok(Answered::refused("oz.read_resource was not run: give `tool` and `uri`".to_owned()));
    };
    if !listed(tool) {
        return Ok(Answered::refused(format!("oz.read_resource was not run: `{tool}` is not a tool offered here")));
    }
    let (tool, uri) = (tool.to_owned(), uri.to_owned());
    let found = blocking(run, move |state, principal| {
        let mut found = target(state, &principal.tenant, &tool, RESOURCES_READ)?;
        found.resource = Some(uri);
        Ok(found)
    })
    .await?;
    let read = ToolCall { id: call.id.clone(), name: call.name.clone(), arguments: Map::new() };
    tool_call(run, &Offered { target: found, fitted: false }, &read, fill, threshold, None, bounds).await
}

/// Returns what a model reads of a call's result, as [`oz0_core::mcp::render`] renders it (the same text
/// `oz0 tool call` prints), or why the call failed.
fn model_text(draft: &Draft) -> String {
    if draft.outcome != Outcome::Ok && draft.result.is_none() {
        return format!("the call failed: {}", draft.error.clone().unwrap_or_default());
    }
    draft.result.as_ref().map(|result| oz0_core::mcp::render(result).text).unwrap_or_default()
}

/// Runs `oz.read_result`: reads part of an offloaded result of this job's tree back, in the view and
/// budget asked for (a budget left out is filled in as for a fitted tool). Returns what the model reads
/// and whether it is the file's part (not why the file may not be read), or why its step could not be
/// recorded.
pub(crate) async fn read_result(
    run: &Run,
    call: &ToolCall,
    fill: u64,
    clearance: Option<&[String]>,
) -> Result<(String, bool), EdgeError> {
    let mut step = Step::new(0, now(), StepKind::ReadResult);
    step.function = Some(READ_RESULT.to_owned());
    let clock = Instant::now();
    let mut args = match stored_result::read_args(&call.arguments) {
        Ok(args) => args,
        Err(err) => {
            step.outcome = Outcome::Refused;
            step.error = Some(err.clone());
            record(run, step, None).await?;
            return Ok((format!("oz.read_result was not run: {err}"), false));
        }
    };
    if args.budget.is_none() {
        args.budget = Some(fill);
        step.budget_filled = Some(fill);
    }
    let (tree, file): (_, FileRef) = (run.job.tree.clone(), args.file);
    let bytes = blocking(run, move |state, principal| {
        if state.store().file_size(&principal.tenant, &tree, &file)?.is_none() {
            return Ok(None);
        }
        let labels = state.store().file_labels(&principal.tenant, &tree, &file)?;
        Ok(state.files().get(principal.tenant.id, &file).ok().map(|bytes| (bytes, labels)))
    })
    .await;
    let text = match bytes {
        Ok(Some((bytes, labels))) => {
            step.labels = labels;
            String::from_utf8_lossy(&bytes).into_owned()
        }
        _ => {
            step.outcome = Outcome::Refused;
            step.error = Some(format!("{file} is not a file this job may read"));
            record(run, step, None).await?;
            let why = format!("{file} is not a file this job may read: only results this job kept can be read back");
            return Ok((why, false));
        }
    };
    if let Some(note) = withheld(clearance, &step.labels) {
        step.withheld = true;
        record(run, step, None).await?;
        return Ok((note, false));
    }
    let fitted = stored_result::read(&text, &args);
    step.fitted = Some(Fitted::from(&fitted.note));
    step.duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
    record(run, step, None).await?;
    Ok((serde_json::to_string(&fitted.answer()).unwrap_or_default(), true))
}
