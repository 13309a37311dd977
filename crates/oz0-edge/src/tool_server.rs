//! The platform's tool server (`oz0 mcp serve`): an MCP server that offers an MCP client (Claude Code,
//! Codex CLI, Cursor) the tenant's installed functions as `<tool>.<function>`, and `oz.read_result`.
//!
//! A session is a job of its own (kind `session`), started by its first call and ended with it. Its
//! calls are a model's calls, as an agent's are: the tenant's policy decides each (an `ask` is put to
//! the client's person by elicitation, and to `oz0 approval`), a fitted function's budget left out is
//! filled in, a result heavier than the tenant's offload threshold is kept as a file of the session's
//! job and the client reads a stub with its ref, and `oz.read_result` reads back that job's files only.

use std::borrow::Cow;
use std::sync::Arc;

use futures_util::future::BoxFuture;
use oz0_core::agent::{DEFAULT_CONTEXT, fill_budget};
use oz0_core::api::{EdgeError, JobKind, JobState};
use oz0_core::stored_result::{self, READ_RESULT};
use oz0_core::trace::Outcome;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, ElicitRequestParams, ElicitationAction,
    Implementation, ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::{Peer, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler, ServiceExt as _};
use serde_json::{Map, Value};
use tokio::sync::OnceCell;

use crate::calls::{new_job_id, target};
use crate::gateway::ToolCall;
use crate::runner::{Offered, Run, job_threshold, read_result, tool_call};
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
        f.debug_struct("ToolServer").field("tenant", &self.session.principal.tenant.id).finish_non_exhaustive()
    }
}

struct Session {
    state: Arc<EdgeState>,
    principal: Principal,
    /// The session's job, started by its first call.
    run: OnceCell<Run>,
}

impl ToolServer {
    /// Returns a session of the tool server for `principal`.
    pub fn new(state: &Arc<EdgeState>, principal: Principal) -> Self {
        Self { session: Arc::new(Session { state: Arc::clone(state), principal, run: OnceCell::new() }) }
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

    /// Returns the functions offered: the tenant's, and `oz.read_result`.
    async fn tools(&self) -> Result<Vec<Tool>, EdgeError> {
        let mut tools = self
            .session
            .state
            .blocking(&self.session.principal, |state, principal| {
                let mut tools = Vec::new();
                for plugin in state.store().plugins(&principal.tenant)? {
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
        peer: Peer<RoleServer>,
    ) -> Result<(String, bool), EdgeError> {
        let run = self.session.run(peer).await?;
        let fill = fill_budget(DEFAULT_CONTEXT, 0, false);
        let call = ToolCall { id: String::new(), name: name.to_owned(), arguments };
        if name == READ_RESULT {
            return read_result(run, &call, fill, None).await.map(|text| (text, true));
        }
        let Some((tool, function)) = name.split_once('.') else {
            return Err(EdgeError::not_found(format!("there is no function `{name}`; `tools/list` names them")));
        };
        let (tool, function) = (tool.to_owned(), function.to_owned());
        let (found, threshold) = self
            .session
            .state
            .blocking(&self.session.principal, move |state, principal| {
                Ok((target(state, &principal.tenant, &tool, &function)?, job_threshold(state, principal, None)?))
            })
            .await?;
        let offered = Offered::new(found);
        let (text, _, outcome) = tool_call(run, &offered, &call, fill, threshold, None, None).await?;
        Ok((text, outcome == Outcome::Ok))
    }
}

impl Session {
    /// Returns the session's run, starting its job at the first call.
    async fn run(&self, peer: Peer<RoleServer>) -> Result<&Run, EdgeError> {
        self.run
            .get_or_try_init(|| async {
                let id = new_job_id()?;
                let job = self
                    .state
                    .blocking(&self.principal, move |state, principal| {
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
                        }
                    })
                    .await?;
                let token = self.state.running().enter(self.principal.tenant.id, &job.id);
                Ok(Run {
                    state: Arc::clone(&self.state),
                    principal: self.principal.clone(),
                    job,
                    input: String::new(),
                    files: Vec::new(),
                    token,
                    person: Client::of(peer),
                })
            })
            .await
    }

    /// Ends the session's job, when it started one, and stops the servers kept for it.
    async fn end(&self) {
        let Some(run) = self.run.get() else { return };
        self.state.running().leave(self.principal.tenant.id, &run.job.id);
        let id = run.job.id.clone();
        let ended = self
            .state
            .blocking(&self.principal, move |state, principal| {
                state.end_job(&principal.tenant, &id, JobState::Succeeded, None)?;
                Ok(())
            })
            .await;
        if let Err(err) = ended {
            tracing::error!(job = %run.job.id, error = &err as &dyn std::error::Error, "a session's job could not be ended");
        }
        self.state.servers().end_job(run.job.tree.as_str()).await;
    }
}

/// The client's person, asked by MCP elicitation.
struct Client(Peer<RoleServer>);

impl Client {
    /// Returns the person of a client that can be asked: one that declared elicitation, on a protocol
    /// that lets a server ask in the middle of a call (before 2026-07-28). Another client's calls that a
    /// rule asks about wait for `oz0 approval` or the console.
    fn of(peer: Peer<RoleServer>) -> Option<Arc<dyn Ask>> {
        let info = peer.peer_info()?;
        let asks = info.capabilities.elicitation.is_some()
            && info.protocol_version < rmcp::model::ProtocolVersion::V_2026_07_28;
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
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("oz0", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "The tenant's tools, as <tool>.<function>. A result too long to read inline comes as a stub with \
                 its ref; read parts of it back with oz.read_result.",
            )
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let tools = self.tools().await.map_err(|err| ErrorData::internal_error(err.to_string(), None))?;
        Ok(ListToolsResult::with_all_items(tools))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let arguments = request.arguments.unwrap_or_default();
        let answer = match self.call(&request.name, arguments, context.peer).await {
            Ok((text, true)) => CallToolResult::success(vec![ContentBlock::text(text)]),
            Ok((text, false)) => CallToolResult::error(vec![ContentBlock::text(text)]),
            Err(err) => CallToolResult::error(vec![ContentBlock::text(err.to_string())]),
        };
        Ok(answer.into())
    }
}
