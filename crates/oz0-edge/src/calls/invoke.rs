//! A function called in a job: its tool found, the files its arguments name handed to it, the server
//! run, and the result read into a step.

use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use oz0_core::api::{EdgeError, FileRef, Job, QuestionAnswer, RESOURCES_READ, RunEvent, TreeId};
use oz0_core::trace::{Fitted, Outcome, PluginOf, ServerNote, ServerNoteKind, Step, StepKind};
use serde_json::{Map, Value};
use tokio_util::sync::CancellationToken;

use oz0_core::mcp::FILES_META_KEY;

use super::clock::now;
use super::draft::Draft;
use super::handed::materialize;
use crate::state::{EdgeState, NO_FILE};
use crate::store::{Principal, TenantRecord};
use oz0_core::manifest::Sandbox as Lifespan;
use oz0_toolhost::{Ask, Asked, Call, Event, Lifetime, Listener, Sample, Server, ToolHostError, tail, tool_server};

use super::policy::Gate;
use super::sampling::{Sampler, TreeBudget};

/// An installed tool's function: its server (how to start it, or where to reach it), the time a call
/// may take, and its input schema.
pub(crate) struct Target {
    pub tool: String,
    pub function: String,
    pub server: Server,
    pub timeout: Duration,
    pub input_schema: Value,
    /// How long its server is kept, from the manifest's `sandbox`.
    pub lifespan: Lifespan,
    /// Whether it is called as an MCP task.
    pub task: bool,
    /// The plugin that brings it.
    pub plugin: String,
    /// The plugin's version.
    pub plugin_version: String,
    /// The alias its sampling requests are answered with, when the plugin is granted one.
    pub sampling: Option<String>,
    /// The formats its gateway token may call, when the plugin is granted them.
    pub gateway: Vec<String>,
    /// What its manifest's `requires_approval` names: functions, and `<tool>.sampling`.
    pub asks: Vec<String>,
    /// Whether the function reads the open world, so that a result without labels is `outside`.
    pub open_world: bool,
    /// The resource of the tool's server read in place of calling a function (`resources/read`).
    pub resource: Option<String>,
    /// Whether its manifest declares `results: {fit: true}`: its functions follow the fitting
    /// convention, so that the runtime fills in a budget the model leaves out.
    pub fits: bool,
}

impl Target {
    /// Returns the plugin that brings the tool, as it is installed now.
    pub fn plugin_of(&self) -> PluginOf {
        PluginOf { name: self.plugin.clone(), version: self.plugin_version.clone() }
    }

    /// Returns whether the manifest asks a person to approve calls of `what`: the function, or
    /// `sampling`.
    pub fn manifest_asks(&self, what: &str) -> bool {
        self.asks.iter().any(|asked| asked == what || *asked == format!("{}.{what}", self.tool))
    }
}

/// How a call is made: whether a person answers its server's questions, and the job tree's budget
/// its requests for a model are reserved against.
#[derive(Clone, Default)]
pub(crate) struct How {
    pub ask: bool,
    pub budget: Option<TreeBudget>,
    /// Who answers the call's questions in place of the person at the job's live events, such as an MCP
    /// client of the platform's tool server.
    pub person: Option<Arc<dyn Ask>>,
    /// Why none of the call's requests for a model is answered, whatever it asks: its agent keeps its
    /// data on the node (`data: local`).
    pub models_withheld: Option<String>,
}

impl Target {
    /// Returns `tool.function`.
    pub fn name(&self) -> String {
        format!("{}.{}", self.tool, self.function)
    }
}

/// Returns why a call of `tool`, which no installed plugin has, is refused: naming the flow of that
/// name applied as a tool, which is run rather than called by hand.
pub(crate) fn no_tool(state: &EdgeState, tenant: &TenantRecord, tool: &str) -> Result<EdgeError, EdgeError> {
    if let Some(oz0_core::agent::Definition::Flow(flow)) = state.store().definition(tenant, tool)?
        && flow.as_tool
    {
        return Ok(EdgeError::not_found(format!(
            "`{tool}` is a flow applied as a tool, which agents (`tools: [{tool}]`), flows and the clients of \
             `oz0 mcp serve` (`{tool}.run`) call: run it by hand with `oz0 run {tool} --input ...`"
        )));
    }
    Ok(EdgeError::not_found(format!("no tool `{tool}` is installed; `oz0 plugin list` shows the tools")))
}

/// Finds an installed tool's function.
pub(crate) fn target(
    state: &EdgeState,
    tenant: &TenantRecord,
    tool: &str,
    function: &str,
) -> Result<Target, EdgeError> {
    let Some(plugin) = state.plugin_of_tool(tenant, tool)? else {
        return Err(no_tool(state, tenant, tool)?);
    };
    let info =
        plugin.info.tools.iter().find(|t| t.id == tool).ok_or_else(|| {
            EdgeError::internal("an installed tool is missing from its plugin", format!("tool {tool}"))
        })?;
    // A read of a resource of the tool's server takes no arguments, and is no task.
    let (schema, task, open_world) = if function == RESOURCES_READ {
        (serde_json::json!({"type": "object"}), false, false)
    } else {
        info.function(function).map(|f| (f.input_schema.clone(), f.task, f.open_world)).ok_or_else(|| {
            let names: Vec<&str> = info.functions.iter().map(|f| f.name.as_str()).collect();
            EdgeError::not_found(format!("the tool `{tool}` has no function `{function}`; it has {}", names.join(", ")))
        })?
    };
    let manifest = plugin.manifest.tools.iter().find(|t| t.id == tool);
    let server = manifest
        .and_then(|t| {
            let sandbox = state.sandbox(tenant.id);
            tool_server(&plugin.manifest, t, Path::new(&plugin.dir), &sandbox, &plugin.secrets)
        })
        .ok_or_else(|| EdgeError::internal("an installed tool has no server", format!("tool {tool}")))?;
    Ok(Target {
        tool: tool.to_owned(),
        function: function.to_owned(),
        server,
        timeout: Duration::from_secs(info.timeout_secs),
        input_schema: schema,
        task,
        plugin: plugin.info.name.clone(),
        plugin_version: plugin.info.version.clone(),
        sampling: plugin
            .manifest
            .requires
            .as_ref()
            .and_then(|r| r.models.as_ref())
            .and_then(|m| m.sampling.clone())
            // The plugin's own alias answers as the edge's alias it was mapped to at install.
            .map(|alias| plugin.info.models.get(&alias).cloned().unwrap_or(alias))
            .filter(|_| plugin.info.models_accepted),
        asks: manifest.map(|t| t.requires_approval.clone()).unwrap_or_default(),
        open_world,
        gateway: plugin
            .manifest
            .requires
            .as_ref()
            .and_then(|r| r.models.as_ref())
            .map(|m| m.gateway.clone())
            .filter(|_| plugin.info.models_accepted)
            .unwrap_or_default(),
        lifespan: manifest.and_then(|t| t.sandbox).unwrap_or(Lifespan::Shared),
        resource: None,
        fits: manifest.is_some_and(|t| t.fits()),
    })
}

/// Returns the top-level arguments that name files, as `(argument, file)`.
pub(crate) fn file_arguments(arguments: &Map<String, Value>) -> Vec<(String, FileRef)> {
    arguments
        .iter()
        .filter_map(|(key, value)| value.as_str().and_then(|s| s.parse::<FileRef>().ok()).map(|f| (key.clone(), f)))
        .collect()
}

/// A call made, not yet recorded.
pub(crate) struct Invoked {
    /// Its step, numbered when recorded.
    pub step: Step,
    /// What the edge made of its result.
    pub draft: Draft,
    /// The protocol the server spoke.
    pub protocol: Option<String>,
}

/// Calls a function in a job: the files its arguments name must be the job's tree's. Returns the
/// step, which the caller records, and what the edge made of the result.
pub(crate) async fn invoke(
    state: &Arc<EdgeState>,
    principal: &Principal,
    job: &Job,
    target: &Target,
    arguments: &Map<String, Value>,
    how: How,
    token: &CancellationToken,
) -> Result<Invoked, EdgeError> {
    let files = state
        .blocking(principal, {
            let (tree, arguments) = (job.tree.clone(), arguments.clone());
            move |state, principal| {
                let mut files = Vec::new();
                for (key, file) in file_arguments(&arguments) {
                    match state.store().file_size(&principal.tenant, &tree, &file)? {
                        Some(_) => files.push(file),
                        None => return Err(EdgeError::not_found(format!("the argument `{key}`: {NO_FILE} ({file})"))),
                    }
                }
                Ok(files)
            }
        })
        .await?;
    let at = now();
    let clock = Instant::now();
    let (events, heard) = tokio::sync::mpsc::unbounded_channel();
    let person: Option<Arc<dyn Ask>> = how.person.clone().or_else(|| {
        how.ask.then(|| {
            Arc::new(Person {
                state: Arc::clone(state),
                tenant: principal.tenant.id,
                job: job.id.clone(),
                call: target.name(),
            }) as Arc<dyn Ask>
        })
    });
    // What meters the call's model calls, by sampling or through its gateway token.
    let sampler = (target.sampling.is_some() || !target.gateway.is_empty()).then(|| {
        let (tenant, plugin, alias) = (principal.tenant.clone(), target.plugin.clone(), target.sampling.clone());
        Arc::new(
            Sampler::new(Arc::clone(state), tenant, job.tree.clone(), plugin, alias.unwrap_or_default(), how.budget)
                .withholding(how.models_withheld.clone()),
        )
    });
    let sample = sampler.clone().filter(|_| target.sampling.is_some()).map(|sampler| sampler as Arc<dyn Sample>);
    let gate = Gate {
        state: Arc::clone(state),
        principal: principal.clone(),
        job: job.id.clone(),
        person: person.clone(),
        deadline: tokio::time::Instant::now() + target.timeout,
    };
    if let Some(sampler) = &sampler {
        sampler.guard(gate.clone(), target.tool.clone(), target.manifest_asks("sampling"));
    }
    let listener = Listener { events: Some(events), ask: person, sample };
    // The tenant's policy decides the call, with the arguments it will be made with.
    let view = serde_json::json!({"arguments": arguments});
    if let Err(refused) = gate.pass(&target.name(), target.manifest_asks(&target.function), view).await {
        let mut step = Step::new(0, at, StepKind::ToolCall);
        step.tool = Some(target.tool.clone());
        step.function = Some(target.function.clone());
        step.plugin = Some(target.plugin_of());
        step.outcome = Outcome::Refused;
        step.error = Some(refused.clone());
        step.duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
        let draft = Draft { outcome: Outcome::Refused, error: Some(refused), ..Draft::default() };
        return Ok(Invoked { step, draft, protocol: None });
    }
    let notes = tokio::spawn(hear(Arc::clone(state), principal.tenant.id, job.id.clone(), target.name(), heard));
    let outcome = run(state, &principal.tenant, job, target, arguments, &files, listener, sampler.clone(), token).await;
    let cancelled = token.is_cancelled();
    let mut step = Step::new(0, at, StepKind::ToolCall);
    // The events end when the call's last listener is gone, which is when the call returns.
    let (notes, left_out) = match tokio::time::timeout(Duration::from_secs(1), notes).await {
        Ok(Ok(notes)) => notes,
        _ => (Vec::new(), 0),
    };
    step.server = notes;
    if let Some(sampler) = &sampler {
        let (calls, cost) = sampler.taken();
        let (gateway, sampling): (Vec<_>, Vec<_>) = calls.into_iter().partition(|call| call.format.is_some());
        (step.sampling, step.gateway) = (sampling, gateway);
        step.cost_usd = (cost > 0.0).then_some(cost);
    }
    if left_out > 0 {
        let text = format!("{left_out} more of the server's messages were left out of the trace");
        step.server.push(ServerNote { kind: ServerNoteKind::Log, level: "notice".into(), text });
    }
    step.tool = Some(target.tool.clone());
    step.function = Some(target.function.clone());
    step.plugin = Some(target.plugin_of());
    step.duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
    let (mut draft, protocol) = match outcome {
        Ok(answered) => {
            let result = answered.result;
            let (tree, job_id) = (job.tree.clone(), job.id.clone());
            let mut draft = state
                .blocking(principal, move |state, principal| {
                    Ok(Draft::of(state, &principal.tenant, &tree, &job_id, result))
                })
                .await?;
            // A server says on stderr why a call answered with an error, such as the traceback behind
            // "Error executing tool".
            if draft.outcome == Outcome::Error && !answered.stderr.trim().is_empty() {
                draft.stderr = Some(tail(&answered.stderr, 20));
            }
            (draft, Some(answered.protocol))
        }
        Err(err) => {
            let outcome = match &err {
                ToolHostError::CallTimeout { .. } | ToolHostError::Timeout { .. } | ToolHostError::Busy { .. } => {
                    Outcome::Timeout
                }
                ToolHostError::Crashed { .. } | ToolHostError::Exited { .. } => Outcome::Crashed,
                ToolHostError::Cancelled => Outcome::Cancelled,
                _ => Outcome::Error,
            };
            let stderr = err.stderr().map(|s| tail(s, 20));
            let mut message = format!("{}: {err}", target.name());
            if outcome == Outcome::Timeout {
                message.push_str("; give the tool a longer `timeout` in its manifest, or ask for less");
            }
            (Draft { outcome, error: Some(message), stderr, ..Draft::default() }, None)
        }
    };
    if cancelled {
        draft.outcome = Outcome::Cancelled;
    }
    step.outcome = draft.outcome;
    step.error = draft.error.clone();
    step.fitted = draft.fit.as_ref().map(Fitted::from);
    step.files = draft.files.clone();
    // What the call read: its result's labels, or `outside` for a function of the open world that
    // declares none; and what its model requests said they carried.
    let mut labels = draft.labels.clone();
    if labels.is_empty() && target.open_world && draft.result.is_some() {
        labels.push(oz0_core::labels::OUTSIDE.to_owned());
    }
    if let Some(sampler) = &sampler {
        oz0_core::labels::join(&mut labels, &sampler.labels());
    }
    oz0_core::labels::join(&mut step.labels, &labels);
    step.usage = draft.usage.clone();
    Ok(Invoked { step, draft, protocol })
}

/// The most of a server's messages a step keeps.
const MAX_NOTES: usize = 200;

/// The most bytes of a server's message (a log, a question, a progress message) that the trace and the
/// job's live events keep. A server may send messages of up to 160 MiB: kept whole, `MAX_NOTES` of
/// them would be gigabytes of the edge's memory and store from one call.
const MAX_NOTE_BYTES: usize = 4096;

/// Returns `text` cut to `MAX_NOTE_BYTES` at a character's start, saying how much was left out.
fn cut(mut text: String) -> String {
    if text.len() > MAX_NOTE_BYTES {
        let end = (0..=MAX_NOTE_BYTES).rev().find(|&i| text.is_char_boundary(i)).unwrap_or(0);
        let left_out = text.len() - end;
        text.truncate(end);
        text.push_str(&format!("… ({left_out} bytes left out)"));
    }
    text
}

/// Hears a call's events until the call ends: tells its progress to whoever follows the job, and
/// returns what the trace keeps (the last progress the server reported, its logs and questions), with
/// how many messages were left out.
async fn hear(
    state: Arc<EdgeState>,
    tenant: i64,
    job: TreeId,
    call: String,
    mut heard: tokio::sync::mpsc::UnboundedReceiver<Event>,
) -> (Vec<ServerNote>, usize) {
    let (mut notes, mut left_out) = (Vec::new(), 0);
    while let Some(event) = heard.recv().await {
        if let Event::Progress { progress, total, message } = event {
            let message = message.map(cut);
            let mut text = match total {
                Some(total) => format!("{progress} of {total}"),
                None => progress.to_string(),
            };
            if let Some(message) = message.as_deref().filter(|m| !m.is_empty()) {
                text.push_str(&format!(": {message}"));
            }
            let note = ServerNote { kind: ServerNoteKind::Progress, level: "progress".into(), text };
            match notes.iter_mut().find(|n: &&mut ServerNote| n.kind == ServerNoteKind::Progress) {
                Some(last) => *last = note,
                None => notes.push(note),
            }
            let event = RunEvent::Progress { call: call.clone(), progress, total, message };
            state.running().tell(tenant, &job, event.clone());
            state.news().live(state.running(), tenant, &job, event);
            continue;
        }
        match note_of(event) {
            Some(_) if notes.len() >= MAX_NOTES => left_out += 1,
            Some(note) => notes.push(note),
            None => {}
        }
    }
    (notes, left_out)
}

/// The person at a call, asked through the job's live events and answering with
/// [`Edge::answer`](oz0_core::api::Edge::answer).
struct Person {
    state: Arc<EdgeState>,
    tenant: i64,
    job: TreeId,
    call: String,
}

impl Ask for Person {
    fn ask<'a>(&'a self, message: &'a str, schema: &'a Value) -> BoxFuture<'a, Asked> {
        Box::pin(async move {
            let message = cut(message.to_owned());
            let Some((question, answered)) =
                self.state.running().ask(self.tenant, &self.job, &self.call, &message, schema)
            else {
                return Asked::Cancel;
            };
            self.state.news().live(self.state.running(), self.tenant, &self.job, question);
            match answered.await {
                Ok(QuestionAnswer::Accept { content }) => Asked::Accept(content),
                Ok(QuestionAnswer::Decline) => Asked::Decline,
                Ok(QuestionAnswer::Cancel) | Err(_) => Asked::Cancel,
            }
        })
    }
}

/// Returns what the trace keeps of a server's event: its logs and questions, not its progress.
fn note_of(event: Event) -> Option<ServerNote> {
    Some(match event {
        Event::Progress { .. } => return None,
        Event::Log { level, logger, data } => {
            let message = data.as_str().map_or_else(|| data.to_string(), str::to_owned);
            let text = match logger {
                Some(logger) => format!("{logger}: {message}"),
                None => message,
            };
            ServerNote { kind: ServerNoteKind::Log, level, text: cut(text) }
        }
        Event::Elicited { message, action, reason } => {
            let text = match reason {
                Some(reason) => format!("{message} (declined: {reason})"),
                None => message,
            };
            ServerNote { kind: ServerNoteKind::Question, level: action, text: cut(text) }
        }
        Event::Refused { method, reason } => {
            ServerNote { kind: ServerNoteKind::Refused, level: "error".into(), text: format!("{method}: {reason}") }
        }
    })
}

/// Hands the call its files and runs it.
#[allow(clippy::too_many_arguments, reason = "the parts of one call, each used once")]
async fn run(
    state: &Arc<EdgeState>,
    tenant: &TenantRecord,
    job: &Job,
    target: &Target,
    arguments: &Map<String, Value>,
    files: &[FileRef],
    listener: Listener,
    meter: Option<Arc<Sampler>>,
    token: &CancellationToken,
) -> Result<oz0_toolhost::Answered, ToolHostError> {
    let mut meta = Map::new();
    // The folder lives until the call returns: the files are the call's to read, not to keep.
    let folder = if files.is_empty() {
        None
    } else {
        let Server::Local(command) = &target.server else {
            return Err(ToolHostError::Protocol {
                message: "a remote server cannot read the edge's files: give it their contents, not their refs"
                    .to_owned(),
                stderr: String::new(),
            });
        };
        // Off the async threads: the files' bytes may be in a store whose calls block.
        let (shared, owner, handed) = (Arc::clone(state), tenant.clone(), files.to_vec());
        let into = command.handed.clone();
        let folder =
            tokio::task::spawn_blocking(move || materialize(shared.files(), shared.root(), &owner, &handed, &into))
                .await
                .map_err(|err| EdgeError::internal("a task of the edge failed", err))
                .and_then(|made| made)
                .map_err(|err| ToolHostError::Protocol {
                    message: format!("the files could not be handed to the call: {err}"),
                    stderr: String::new(),
                })?;
        let paths: Map<String, Value> = files
            .iter()
            .map(|file| (file.to_string(), Value::String(folder.path().join(file.hex()).display().to_string())))
            .collect();
        meta.insert(FILES_META_KEY.to_owned(), Value::Object(paths));
        Some(folder)
    };
    // The call's gateway token, which dies when the call returns. A remote server cannot reach the
    // node's gateway path, and samples instead.
    let local = matches!(target.server, Server::Local(_));
    let granted = match meter.filter(|_| local && !target.gateway.is_empty()) {
        Some(meter) => {
            let granted =
                state.passage().grant(&job.id, &target.gateway, target.timeout, meter).await.map_err(|err| {
                    ToolHostError::Protocol {
                        message: format!("the call's gateway token could not be made: {err}"),
                        stderr: String::new(),
                    }
                })?;
            let mut seen = granted.meta.clone();
            if let Server::Local(command) = &target.server
                && command.confinement.network != oz0_toolhost::Network::Host
            {
                through_proxy(&mut seen);
            }
            meta.insert("oz0/gateway".to_owned(), seen);
            Some(granted)
        }
        None => None,
    };
    // A call of a local server waits its turn among its tenant's, for up to its timeout, then runs
    // within it.
    let _turn = if local {
        let turn = tokio::time::timeout(target.timeout, state.tool_calls(tenant.id).acquire_owned());
        tokio::select! {
            turn = turn => match turn {
                Ok(Ok(turn)) => Some(turn),
                _ => return Err(ToolHostError::Busy { calls: state.tool_calls_per_tenant(), after: target.timeout }),
            },
            () = token.cancelled() => return Err(ToolHostError::Cancelled),
        }
    } else {
        None
    };
    let call = Call {
        function: target.function.clone(),
        arguments: arguments.clone(),
        meta,
        timeout: target.timeout,
        task: target.task,
        resource: target.resource.clone(),
    };
    // A remote server's session lasts its call, so that whatever the server asks in it is that call's,
    // unless the server keeps state in it: then it lasts the job tree, whose calls build on that state.
    let lifetime = match target.lifespan {
        _ if !local => Lifetime::Job(job.tree.to_string()),
        Lifespan::Shared => Lifetime::Shared,
        Lifespan::Job => Lifetime::Job(job.tree.to_string()),
        Lifespan::Own => Lifetime::Own,
    };
    let answered =
        state.servers().call(&tenant.id.to_string(), &target.server, &lifetime, &call, listener, token).await;
    drop(folder);
    drop(granted);
    answered
}

/// Points a gateway token's addresses at the proxy on the loopback of a server of a network of its
/// own, which relays the gateway path to the edge.
fn through_proxy(meta: &mut Value) {
    let proxy = format!("http://127.0.0.1:{}", oz0_toolhost::PROXY_PORT);
    for key in ["url", "openai_base_url", "anthropic_base_url"] {
        if let Some(Value::String(url)) = meta.get_mut(key)
            && let Some(at) = url.find("/gateway")
        {
            url.replace_range(..at, &proxy);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_servers_own_network_reaches_the_gateway_through_its_proxy() {
        let mut meta = serde_json::json!({
            "url": "http://127.0.0.1:4411/gateway",
            "openai_base_url": "http://127.0.0.1:4411/gateway/openai/v1",
            "anthropic_base_url": "http://[::1]:4411/gateway/anthropic",
            "token": "oz0gw_x",
        });
        through_proxy(&mut meta);
        assert_eq!(meta["url"], "http://127.0.0.1:3128/gateway");
        assert_eq!(meta["openai_base_url"], "http://127.0.0.1:3128/gateway/openai/v1");
        assert_eq!(meta["anthropic_base_url"], "http://127.0.0.1:3128/gateway/anthropic");
        assert_eq!(meta["token"], "oz0gw_x");
    }

    #[test]
    fn a_long_message_is_cut_at_a_characters_start_saying_how_much_was_left_out() {
        assert_eq!(cut("short".into()), "short");
        let whole = "x".repeat(MAX_NOTE_BYTES);
        assert_eq!(cut(whole.clone()), whole);
        // A character of three bytes across the cut is left out whole.
        let text = format!("{}日本", "x".repeat(MAX_NOTE_BYTES - 1));
        assert_eq!(cut(text), format!("{}… (6 bytes left out)", "x".repeat(MAX_NOTE_BYTES - 1)));
    }
}
