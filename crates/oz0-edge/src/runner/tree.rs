//! A job tree's other jobs: an agent's delegated agents (`agents`) and flows installed as tools
//! (`as_tool`), each run as a job of its caller's tree, one level below it. The tree's files are
//! theirs: what one keeps, the others read. What they spend counts toward the tree's budget, and what
//! they read labels the caller's step.

use std::sync::Arc;
use std::time::Instant;

use futures_util::future::BoxFuture;
use oz0_core::agent::{Definition, FLOW_TOOL_FUNCTION, FlowDef, MOST_DEPTH, task_schema};
use oz0_core::api::{EdgeError, FileRef, JobState, StoredFile};
use oz0_core::fit::weigh;
use oz0_core::offload::Offload;
use oz0_core::stored_result;
use oz0_core::trace::{Outcome, Step, StepKind};
use serde_json::{Map, Value};

use super::answer::{Answered, Bounds, offload, withheld};
use super::run::{AgentSetup, Ended, Reached, Run, blocking, finish, gateway_for, job_threshold, kind_of, record};
use crate::calls::{TreeBudget, new_job_id, now};
use crate::gateway::GatewayConfig;
use crate::state::EdgeState;
use crate::store::{NewJob, Principal};

/// The most agents and flows a run reaches.
const MOST_REACHED: usize = 32;

/// Runs a job of the tree to its end: what the caller's loop is (an agent's, a flow's), handed to
/// [`call`] so that the loops and the tree need not name each other.
pub(crate) type Runs = for<'a> fn(&'a Run, &'a Definition, Option<&'a AgentSetup>) -> BoxFuture<'a, Ended>;

/// Returns the name a model calls the delegated agent `agent` by.
pub(crate) fn ask_name(agent: &str) -> String {
    format!("ask_{agent}")
}

/// Returns the flow installed as the tool `tool` among those a run reaches.
pub(crate) fn flow_tool<'a>(reached: &'a Reached, tool: &str) -> Option<&'a FlowDef> {
    match reached.get(tool) {
        Some(Definition::Flow(flow)) if flow.as_tool => Some(flow),
        _ => None,
    }
}

/// How a definition is reached.
#[derive(Clone, Copy)]
enum By {
    Handoff,
    Delegation,
    /// As a tool: an installed plugin's tool of that name is the tool, and a flow only when none is.
    Tool,
}

/// Returns what `definition` names that a run of it may reach.
fn wanted(definition: &Definition) -> Vec<(String, By, String)> {
    let from = definition.id().to_owned();
    let tool = |call: &str| call.split_once('.').map_or(call, |(tool, _)| tool).to_owned();
    match definition {
        Definition::Agent(agent) => {
            let handoffs = agent.handoffs.iter().map(|name| (name.clone(), By::Handoff));
            let agents = agent.agents.iter().map(|name| (name.clone(), By::Delegation));
            let tools = agent.tools.iter().map(|name| (tool(name), By::Tool));
            handoffs.chain(agents).chain(tools).map(|(name, by)| (name, by, from.clone())).collect()
        }
        Definition::Flow(flow) => flow.steps.iter().map(|step| (tool(&step.call), By::Tool, from.clone())).collect(),
    }
}

/// Finds the agents and flows a run of `root` may reach ([`Reached`]), each from `given` (read from
/// files by the caller) or else installed, checked as a run's definition is, an agent's model alias
/// one of `config`'s. The run's own is among them, to be handed back to.
pub(crate) fn reached(
    state: &EdgeState,
    principal: &Principal,
    given: &[Definition],
    root: &Definition,
    config: Option<&GatewayConfig>,
) -> Result<Reached, EdgeError> {
    let tenant = &principal.tenant;
    let mut found = Reached::from([(root.id().to_owned(), root.clone())]);
    let mut wanted_now = wanted(root);
    while let Some((name, by, from)) = wanted_now.pop() {
        if found.contains_key(&name) || matches!(by, By::Tool) && state.plugin_of_tool(tenant, &name)?.is_some() {
            continue;
        }
        let definition = match given.iter().find(|d| d.id() == name) {
            Some(definition) => Some(definition.clone()),
            None => state.store().definition(tenant, &name)?,
        };
        let definition = match (definition, by) {
            (Some(definition @ Definition::Flow(FlowDef { as_tool: true, .. })), By::Tool) => definition,
            // Named as a tool and not one: the run says so when it offers or calls it.
            (_, By::Tool) => continue,
            (Some(definition @ Definition::Agent(_)), _) => definition,
            (Some(Definition::Flow(_)), _) => {
                return Err(EdgeError::invalid(format!(
                    "`{name}`, named in `{}` of `{from}`, is a flow: name agents there",
                    if matches!(by, By::Handoff) { "handoffs" } else { "agents" }
                )));
            }
            (None, by) => {
                let how = if matches!(by, By::Handoff) { "hands off to" } else { "delegates to" };
                return Err(EdgeError::not_found(format!(
                    "the agent `{from}` {how} `{name}`: there is no agents/{name}.yaml here, and none is installed"
                )));
            }
        };
        oz0_core::agent::check(&definition).map_err(|err| EdgeError::invalid(format!("{name}: {err}")))?;
        if let Definition::Agent(agent) = &definition {
            match config {
                Some(config) if config.resolve(&agent.model).is_none() => {
                    return Err(EdgeError::invalid(format!(
                        "the agent `{name}` calls the model alias `{}`, which the edge's gateway does not configure",
                        agent.model
                    )));
                }
                Some(_) => {}
                None => return Err(EdgeError::invalid(format!("the agent `{name}` needs a model gateway"))),
            }
        }
        if found.len() >= MOST_REACHED {
            return Err(EdgeError::invalid(format!(
                "`{}` reaches more than {MOST_REACHED} agents and flows by its hand-offs, agents and tools",
                root.id()
            )));
        }
        wanted_now.extend(wanted(&definition));
        found.insert(name, definition);
    }
    Ok(found)
}

/// A call of another job of the tree: what its caller asks, and what bounds it.
pub(crate) struct Task<'a> {
    /// The agent or the flow tool called.
    pub name: &'a str,
    /// The model's (or the flow step's) arguments: `input`, and `files` of the tree.
    pub arguments: &'a Map<String, Value>,
    /// The tree's budget and what the caller spent of it; `None` when it has none, and a delegated
    /// agent's own budget then bounds its job.
    pub budget: Option<TreeBudget>,
    /// The caller's offload threshold for what the job answers.
    pub threshold: Offload,
    /// The agents and flows the caller reaches, among them the one called.
    pub reached: &'a Arc<Reached>,
}

/// Runs `task` as a job of the caller's tree, one level below it, and records the caller's step: a
/// `delegation` for an agent, a `tool_call` of `<flow>.run` for a flow tool, naming the job. Returns
/// what the caller reads (the job's answer, offloaded as a tool's result is, or why there is none) and
/// what the job spent, or why the step could not be recorded.
pub(crate) async fn call(run: &Run, task: Task<'_>, bounds: Bounds<'_>, runs: Runs) -> Result<Answered, EdgeError> {
    let definition = task.reached.get(task.name).cloned();
    let mut step = match &definition {
        Some(Definition::Flow(_)) => {
            let mut step = Step::new(0, now(), StepKind::ToolCall);
            step.function = Some(FLOW_TOOL_FUNCTION.to_owned());
            step
        }
        _ => Step::new(0, now(), StepKind::Delegation),
    };
    step.tool = Some(task.name.to_owned());
    let clock = Instant::now();
    let started = match definition {
        Some(definition) => start(run, &definition, &task).await.map(|(child, setup)| (child, definition, setup)),
        None => Err(format!("`{}` is not an agent or a flow tool this job reaches", task.name)),
    };
    let (child, definition, setup) = match started {
        Ok(started) => started,
        Err(why) => {
            step.outcome = Outcome::Refused;
            step.error = Some(why.clone());
            record(run, step, None).await?;
            return Ok(Answered::refused(format!("the call was not made: {why}")));
        }
    };
    step.job = Some(child.job.id.clone());
    let work = runs(&child, &definition, setup.as_ref());
    tokio::pin!(work);
    // The caller cancelled goes down the tree: the job ends as cancelled, at its next step.
    let ended = tokio::select! {
        ended = &mut work => ended,
        () = run.token.cancelled() => {
            child.token.cancel();
            work.await
        }
    };
    let ended = finish(&child, ended).await;
    step.duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
    let id = child.job.id.clone();
    step.labels = blocking(run, move |state, principal| Ok(state.store().job(&principal.tenant, &id)?))
        .await?
        .map(|job| job.labels)
        .unwrap_or_default();
    let what = if matches!(definition, Definition::Agent(_)) { "agent" } else { "flow" };
    let (outcome, mut text) = match (ended.state, ended.output) {
        (JobState::Succeeded, output) => (Outcome::Ok, output.unwrap_or_default()),
        (state, _) => {
            step.error = ended.error.clone();
            let outcome = if state == JobState::Cancelled { Outcome::Cancelled } else { Outcome::Error };
            let why = ended.error.unwrap_or_else(|| state.as_str().to_owned());
            (outcome, format!("the {what} `{}` did not answer (job {}): {why}", task.name, child.job.id))
        }
    };
    step.outcome = outcome;
    let cost = ended.spent;
    if let Some(note) = withheld(bounds.clearance, &step.labels) {
        step.withheld = true;
        record(run, step, None).await?;
        return Ok(Answered { cost, ..Answered::refused(note) });
    }
    if let (Outcome::Ok, Offload::Tokens(most)) = (outcome, task.threshold)
        && weigh(&text) > u64::from(most.get())
    {
        let name = step.target();
        match offload(run, &stored_result::kept(&text), u64::from(most.get()), &name, &step.labels).await {
            Ok((stub, kept)) => {
                step.offloaded = Some(kept);
                text = stub;
            }
            Err(err) => text = format!("the answer could not be kept as a file: {err}"),
        }
    }
    record(run, step, None).await?;
    Ok(Answered { text, cost, outcome, linked: false })
}

/// Starts the job of `task` in the caller's tree, once its arguments, its files and its depth are
/// checked: returns its run, and an agent's setup; or why it was not started.
async fn start(run: &Run, definition: &Definition, task: &Task<'_>) -> Result<(Run, Option<AgentSetup>), String> {
    if let Err(err) = oz0_core::args::check(task.name, &task_schema(), task.arguments) {
        return Err(err.to_string());
    }
    let input = task.arguments.get("input").and_then(Value::as_str).unwrap_or_default().to_owned();
    let files = task.arguments.get("files").and_then(Value::as_array).cloned().unwrap_or_default();
    let files: Vec<FileRef> = files
        .iter()
        .map(|file| {
            let text = file.as_str().unwrap_or_default();
            text.parse().map_err(|_| format!("`files` holds `{text}`, which is not a file's reference"))
        })
        .collect::<Result<_, _>>()?;
    if run.above.len() + 1 >= MOST_DEPTH {
        return Err(format!("the job tree is {MOST_DEPTH} jobs deep already, the most it goes"));
    }
    if run.job.name == task.name || run.above.iter().any(|job| job.name == task.name) {
        return Err(format!("`{}` runs above this job in its tree already: a tree does not call itself", task.name));
    }
    let (definition, budget, parent) = (definition.clone(), task.budget, run.job.clone());
    let prepared = blocking(run, move |state, principal| {
        let tenant = &principal.tenant;
        let mut handed = Vec::new();
        for file in files {
            let Some(size) = state.store().file_size(tenant, &parent.tree, &file)? else {
                return Ok(Err(format!("{file} is not a file of this job: hand it only the files its tree holds")));
            };
            handed.push(StoredFile { file, size });
        }
        let setup = match &definition {
            Definition::Agent(agent) => {
                let (gateway, config) = gateway_for(state, agent)?;
                let threshold = job_threshold(state, principal, agent.offload)?;
                // The tree has one budget: the caller's, when it has one; else the agent's own.
                let (budget, spent) = match budget {
                    Some(TreeBudget { budget, spent }) => (Some(budget), spent),
                    None => (agent.budget, Default::default()),
                };
                Some(AgentSetup { gateway, config, threshold, history: Vec::new(), budget, spent })
            }
            Definition::Flow(_) => None,
        };
        let id = new_job_id()?;
        let new = NewJob {
            id: &id,
            kind: kind_of(&definition),
            name: definition.id(),
            person: &principal.person,
            input: Some(&input),
        };
        let job = state.store().start_child(tenant, &new, &parent)?;
        Ok(Ok((job, input, handed, setup)))
    })
    .await
    .map_err(|err| err.to_string())?;
    let (job, input, files, setup) = prepared?;
    let token = run.state.running().enter(run.principal.tenant.id, &job.id);
    let mut above = run.above.clone();
    above.push(run.job.clone());
    let child = Run {
        state: Arc::clone(&run.state),
        principal: run.principal.clone(),
        job,
        input,
        files,
        token,
        person: run.person.clone(),
        reached: Arc::clone(task.reached),
        above,
    };
    Ok((child, setup))
}
