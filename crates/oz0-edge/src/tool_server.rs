//! The platform's tool server (`oz0 mcp serve`): an MCP server that offers an MCP client (Claude Code,
//! Codex CLI, Cursor) the tenant's installed functions as `<tool>.<function>`, and `oz.read_result`.
//!
//! A session is a job of its own (kind `session`), started by its first call and ended with it. Its
//! calls are a model's calls, as an agent's are: the tenant's policy decides each (an `ask` is put to
//! the client's person by elicitation, and to `oz0 approval`), a fitted function's budget left out is
//! filled in, a result heavier than the tenant's offload threshold is kept as a file of the session's
//! job and the client reads a stub with its ref, and `oz.read_result` reads back that job's files only.

use std::borrow::Cow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use futures_util::future::BoxFuture;
use oz0_core::agent::{DEFAULT_CONTEXT, Definition, FLOW_TOOL_FUNCTION, FlowDef, fill_budget, task_schema};
use oz0_core::api::{EdgeError, JobKind, JobState};
use oz0_core::offload::Offload;
use oz0_core::stored_result::{self, READ_RESULT};
use oz0_core::trace::Outcome;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequestParams, ElicitationAction,
    Implementation, ListToolsResult, PaginatedRequestParams, ProtocolVersion, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt as _};
use serde_json::{Map, Value};
use tokio::sync::OnceCell;

use crate::calls::{new_job_id, target};
use crate::gateway::ToolCall;
use crate::runner::{
    Bounds, Offered, Reached, Run, Task, call_in_tree, job_threshold, reached, read_resource, read_result, run_flow,
    tool_call,
};
use crate::state::EdgeState;
use crate::store::{JobStart, NewJob, Principal};
use oz0_toolhost::{Ask, Asked};

/// The name of a session's job.
const SESSION_NAME: &str = "mcp serve";

/// One client's session of the tool server.
#[derive(Clone)]
pub struct ToolServer {
    session: Arc<Session>,
}

impl std::fmt::Debug for ToolServer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let tenant = self.session.principal.get().map(|principal| principal.tenant.id);
        f.debug_struct("ToolServer").field("tenant", &tenant).finish_non_exhaustive()
    }
}

struct Session {
    state: Arc<EdgeState>,
    /// Who the session is of: given over stdio, and over HTTP the bearer of its first request's token.
    principal: OnceLock<Principal>,
    /// The session's job, started by its first call.
    run: OnceCell<Run>,
    /// Whether its job has ended.
    ended: AtomicBool,
}

impl ToolServer {
    /// Returns a session of the tool server for `principal`.
    pub fn new(state: &Arc<EdgeState>, principal: Principal) -> Self {
        let server = Self::unbound(state);
        let _ = server.session.principal.set(principal);
        server
    }

    /// Returns a session whose person is the bearer of its first request's token, as `/mcp` of a
    /// served edge makes one.
    pub(crate) fn unbound(state: &Arc<EdgeState>) -> Self {
        let session = Session {
            state: Arc::clone(state),
            principal: OnceLock::new(),
            run: OnceCell::new(),
            ended: AtomicBool::new(false),
        };
        Self { session: Arc::new(session) }
    }

    /// Returns who the session is of: over HTTP, the bearer of the request's token, who must be the
    /// bearer of the session's first request's.
    fn principal(&self, context: &RequestContext<RoleServer>) -> Result<Principal, EdgeError> {
        let bearer = context
            .extensions
            .get::<axum::http::request::Parts>()
            .and_then(|parts| parts.extensions.get::<Principal>())
            .cloned();
        let principal = match bearer {
            Some(ref bearer) => self.session.principal.get_or_init(|| bearer.clone()),
            None => self
                .session
                .principal
                .get()
                .ok_or_else(|| EdgeError::Unauthenticated { detail: "the session has no person".to_owned() })?,
        };
        if let Some(bearer) = bearer.filter(|b| b.tenant.id != principal.tenant.id || b.person != principal.person) {
            tracing::warn!(tenant = bearer.tenant.id, "a request named another person's session of the tool server");
            return Err(EdgeError::not_found("no such session"));
        }
        Ok(principal.clone())
    }

    /// Serves one session over this process's stdin and stdout until the client closes it, then ends the
    /// session's job.
    ///
    /// # Errors
    ///
    /// Returns why the session could not start.
    pub async fn serve_stdio(self) -> Result<(), EdgeError> {
        let session = Arc::clone(&self.session);
        let running = self
            .serve(rmcp::transport::stdio())
            .await
            .map_err(|err| EdgeError::invalid(format!("the MCP session could not start: {err}")))?;
        let _ = running.waiting().await;
        session.end().await;
        Ok(())
    }

    /// Returns the functions offered: the tenant's, its flows applied as tools (`<flow>.run`), and
    /// `oz.read_result`.
    async fn tools(&self, principal: &Principal) -> Result<Vec<Tool>, EdgeError> {
        let mut tools = self
            .session
            .state
            .blocking(principal, |state, principal| {
                let mut tools = Vec::new();
                let plugins = state.store().plugins(&principal.tenant)?;
                let ids: std::collections::BTreeSet<&str> =
                    plugins.iter().flat_map(|p| p.info.tools.iter().map(|t| t.id.as_str())).collect();
                for definition in state.store().definitions(&principal.tenant)? {
                    if let Definition::Flow(flow) = definition
                        && flow.as_tool
                        && !ids.contains(flow.id.as_str())
                    {
                        let Value::Object(schema) = task_schema() else { continue };
                        let name = format!("{}.{FLOW_TOOL_FUNCTION}", flow.id);
                        let about = flow.description.unwrap_or_else(|| format!("Run the flow `{}`.", flow.id));
                        tools.push(Tool::new(Cow::Owned(name), Cow::Owned(about), Arc::new(schema)));
                    }
                }
                for plugin in &plugins {
                    for tool in &plugin.info.tools {
                        for function in &tool.functions {
                            let schema = match &function.input_schema {
                                Value::Object(schema) => schema.clone(),
                                _ => Map::new(),
                            };
                            let name = format!("{}.{}", tool.id, function.name);
                            let mut offered = Tool::new(Cow::Owned(name), Cow::Owned(String::new()), Arc::new(schema));
                            offered.description = function.description.clone().map(Cow::Owned);
                            tools.push(offered);
                        }
                    }
                }
                Ok(tools)
            })
            .await?;
        let read = match stored_result::read_result_schema() {
            Value::Object(schema) => schema,
            _ => Map::new(),
        };
        let resource = match stored_result::read_resource_schema() {
            Value::Object(schema) => schema,
            _ => Map::new(),
        };
        tools.push(Tool::new(
            Cow::Borrowed(stored_result::READ_RESOURCE),
            Cow::Borrowed(stored_result::READ_RESOURCE_ABOUT),
            Arc::new(resource),
        ));
        tools.push(Tool::new(
            Cow::Borrowed(READ_RESULT),
            Cow::Borrowed(
                "Read part of a tool result that was kept as a file because it was too long to read inline: a \
                 section (a heading, a top-level key or an item such as [3]), a range of lines, or a view within \
                 a budget.",
            ),
            Arc::new(read),
        ));
        Ok(tools)
    }

    /// Calls a function in the session's job, as a model's call: returns what the client reads, and
    /// whether the call worked.
    async fn call(
        &self,
        name: &str,
        arguments: Map<String, Value>,
        context: RequestContext<RoleServer>,
    ) -> Result<(String, bool), EdgeError> {
        let principal = self.principal(&context)?;
        let run = self.session.run(principal, context.peer).await?;
        let fill = fill_budget(DEFAULT_CONTEXT, 0, false);
        let call = ToolCall { id: String::new(), name: name.to_owned(), arguments };
        if name == READ_RESULT {
            return read_result(run, &call, fill, None).await;
        }
        if name == stored_result::READ_RESOURCE {
            let threshold = self
                .session
                .state
                .blocking(&run.principal, |state, principal| job_threshold(state, principal, None))
                .await?;
            // Every installed tool is offered here; `target` refuses one that is not installed.
            let answered = read_resource(run, &call, |_| true, fill, threshold, Bounds::default()).await?;
            return Ok((answered.text, answered.outcome == Outcome::Ok));
        }
        let Some((tool, function)) = name.split_once('.') else {
            return Err(EdgeError::not_found(format!("there is no function `{name}`; `tools/list` names them")));
        };
        if function == FLOW_TOOL_FUNCTION
            && let Some(reached) = self.flow_tool(&run.principal, tool).await?
        {
            let (arguments, reached) = (&call.arguments, Arc::new(reached));
            let task = Task { name: tool, arguments, budget: None, threshold: Offload::Off, reached: &reached };
            let answered = call_in_tree(run, task, Bounds::default(), run_flow).await?;
            return Ok((answered.text, answered.outcome == Outcome::Ok));
        }
        let (tool, function) = (tool.to_owned(), function.to_owned());
        let (found, threshold) = self
            .session
            .state
            .blocking(&run.principal, move |state, principal| {
                Ok((target(state, &principal.tenant, &tool, &function)?, job_threshold(state, principal, None)?))
            })
            .await?;
        let offered = Offered::new(found);
        let answered = tool_call(run, &offered, &call, fill, threshold, None, Bounds::default()).await?;
        Ok((answered.text, answered.outcome == Outcome::Ok))
    }
}

impl ToolServer {
    /// Returns what a call of the flow applied as the tool `tool` reaches, when no plugin has a tool of
    /// that name and the tenant has such a flow.
    async fn flow_tool(&self, principal: &Principal, tool: &str) -> Result<Option<Reached>, EdgeError> {
        let tool = tool.to_owned();
        self.session
            .state
            .blocking(principal, move |state, principal| {
                if state.plugin_of_tool(&principal.tenant, &tool)?.is_some() {
                    return Ok(None);
                }
                match state.store().definition(&principal.tenant, &tool)? {
                    Some(flow @ Definition::Flow(FlowDef { as_tool: true, .. })) => {
                        Ok(Some(reached(state, principal, &[], &flow, None)?))
                    }
                    _ => Ok(None),
                }
            })
            .await
    }
}

impl Session {
    /// Returns the session's run, starting its job at the first call.
    async fn run(&self, principal: Principal, peer: Peer<RoleServer>) -> Result<&Run, EdgeError> {
        self.run
            .get_or_try_init(|| async {
                let id = new_job_id()?;
                let job = self
                    .state
                    .blocking(&principal, move |state, principal| {
                        let new = NewJob {
                            id: &id,
                            kind: JobKind::Session,
                            name: SESSION_NAME,
                            person: &principal.person,
                            input: None,
                        };
                        match state.store().start_job(&principal.tenant, &new)? {
                            JobStart::Started(job) => Ok(job),
                            JobStart::Follows(job) | JobStart::Refused(job) => {
                                Err(EdgeError::internal("a new job's ID was taken", format!("job {}", job.id)))
                            }
                            JobStart::Turn(conversation) => Err(EdgeError::internal(
                                "a new job's ID was taken",
                                format!("conversation {conversation}"),
                            )),
                        }
                    })
                    .await?;
                let token = self.state.running().enter(principal.tenant.id, &job.id);
                Ok(Run {
                    state: Arc::clone(&self.state),
                    principal,
                    job,
                    input: String::new(),
                    files: Vec::new(),
                    token,
                    person: Client::of(peer),
                    reached: Arc::default(),
                    above: Vec::new(),
                })
            })
            .await
    }

    /// Ends the session's job, when it started one, and stops the servers kept for it.
    async fn end(&self) {
        let Some(run) = self.run.get() else { return };
        if !self.ended.swap(true, Ordering::Relaxed) {
            end(run).await;
        }
    }
}

impl Drop for Session {
    /// Ends the job of a session that ends without [`Session::end`], as an HTTP session does when its
    /// client closes it or leaves it idle.
    fn drop(&mut self) {
        let (Some(run), false) = (self.run.take(), *self.ended.get_mut()) else { return };
        if let Ok(runtime) = tokio::runtime::Handle::try_current() {
            runtime.spawn(async move { end(&run).await });
        }
    }
}

/// Ends a session's job, and stops the servers kept for it.
async fn end(run: &Run) {
    run.state.running().leave(run.principal.tenant.id, &run.job.id);
    let id = run.job.id.clone();
    let ended = run
        .state
        .blocking(&run.principal, move |state, principal| {
            state.end_job(&principal.tenant, &id, JobState::Succeeded, None)?;
            Ok(())
        })
        .await;
    if let Err(err) = ended {
        tracing::error!(job = %run.job.id, error = &err as &dyn std::error::Error, "a session's job could not be ended");
    }
    run.state.servers().end_job(run.job.tree.as_str()).await;
}

/// The client's person, asked by MCP elicitation.
struct Client(Peer<RoleServer>);

impl Client {
    /// Returns the person of a client that can be asked: one that declared elicitation, on a protocol
    /// that lets a server ask in the middle of a call (before 2026-07-28). Another client's calls that a
    /// rule asks about wait for `oz0 approval` or the console.
    fn of(peer: Peer<RoleServer>) -> Option<Arc<dyn Ask>> {
        let info = peer.peer_info()?;
        let asks = info.capabilities.elicitation.is_some() && info.protocol_version < ProtocolVersion::V_2026_07_28;
        asks.then(|| Arc::new(Client(peer.clone())) as Arc<dyn Ask>)
    }
}

impl Ask for Client {
    fn ask<'a>(&'a self, message: &'a str, schema: &'a Value) -> BoxFuture<'a, Asked> {
        Box::pin(async move {
            let Ok(requested_schema) = serde_json::from_value(schema.clone()) else { return Asked::Cancel };
            let params = ElicitRequestParams::FormElicitationParams {
                meta: None,
                message: message.to_owned(),
                requested_schema,
            };
            match self.0.create_elicitation(params).await {
                Ok(answer) => match answer.action {
                    ElicitationAction::Accept => match answer.content {
                        Some(Value::Object(content)) => Asked::Accept(content),
                        _ => Asked::Accept(Map::new()),
                    },
                    ElicitationAction::Decline => Asked::Decline,
                    _ => Asked::Cancel,
                },
                Err(_) => Asked::Cancel,
            }
        })
    }
}

impl ServerHandler for ToolServer {
    fn get_info(&self) -> ServerConfig {
        // 2025-11-25, whose sessions over HTTP keep a client's calls in one job: 2026-07-28 has none, and
        // a result offloaded in one request could not be read back in the next.
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_protocol_version(ProtocolVersion::V_2025_11_25)
            .with_server_info(Implementation::new("oz0", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "The tenant's tools, as <tool>.<function>. A result too long to read inline comes as a stub with \
                 its ref; read parts of it back with oz.read_result.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let failed = |err: EdgeError| ErrorData::internal_error(err.to_string(), None);
        let principal = self.principal(&context).map_err(failed)?;
        let tools = self.tools(&principal).await.map_err(failed)?;
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = request.arguments.unwrap_or_default();
        let answer = match self.call(&request.name, arguments, context).await {
            Ok((text, true)) => CallToolResult::success(vec![ContentBlock::text(text)]),
            Ok((text, false)) => CallToolResult::error(vec![ContentBlock::text(text)]),
            Err(err) => CallToolResult::error(vec![ContentBlock::text(err.to_string())]),
        };
        Ok(answer.into())
    }
}
