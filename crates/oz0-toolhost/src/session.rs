//! A server's MCP session, started once and kept for the calls of its lifetime: several may run on it
//! at once, each its own request, up to [`MAX_CALLS`]; more wait their turn.

use std::borrow::Cow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rmcp::RoleClient;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CallToolResult, CancelledNotification, CancelledNotificationParam,
    ClientNotification, ClientRequest, CustomRequest, CustomResult, InputRequest, InputResponses, MetaObject,
    ReadResourceRequest, ReadResourceRequestParams, RequestMetaObject, ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions, RunningService, ServiceError};
use serde_json::{Map, Value, json};
use tokio::sync::Semaphore;
use tokio::time::Instant as Deadline;
use tokio_util::sync::CancellationToken;

use crate::client::{Host, Listener, Refusal};
use crate::command::ServerCommand;
use crate::error::ToolHostError;
use crate::remote::RemoteServer;
use crate::server::Server;
use crate::stdio::StdioServer;

/// A call to make.
#[derive(Debug, Clone, PartialEq)]
pub struct Call {
    /// The function's name.
    pub function: String,
    /// Its arguments.
    pub arguments: Map<String, Value>,
    /// The request's `_meta`, such as `oz0/files`.
    pub meta: Map<String, Value>,
    /// The most the whole may take, the server's start included.
    pub timeout: Duration,
    /// Whether to call it as an MCP task, as a function whose `execution.taskSupport` is `required`
    /// must be.
    pub task: bool,
    /// A resource to read (`resources/read`) in place of calling `function`; its contents are
    /// answered as a tool's result whose content blocks are embedded resources.
    pub resource: Option<String>,
}

/// What a server answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Answered {
    /// The result, as MCP's `CallToolResult` in JSON.
    pub result: Value,
    /// The protocol negotiated.
    pub protocol: String,
    /// The end of what the server wrote on stderr by the time it answered, where servers log why a
    /// call answered with an error.
    pub stderr: String,
}

/// The most calls one server runs at once; more wait for one of them to end.
pub const MAX_CALLS: usize = 8;

/// The most times a call of 2026-07-28 is made again with the input its server asked for.
const MAX_ROUNDS: usize = 32;

/// Returns the tool's error that ends a call whose request for a model was refused: the refusal's
/// message, and as structured content `{"error": ...}` the refusal's object (`ai.oz0/refusal`), or one
/// made of its message.
fn refused(refusal: &Refusal) -> CallToolResult {
    let error = refusal
        .data
        .as_ref()
        .and_then(|data| data.get("ai.oz0/refusal"))
        .cloned()
        .unwrap_or_else(|| json!({"type": "refused", "message": refusal.message}));
    let result = json!({
        "content": [{"type": "text", "text": format!("a request for a model was refused: {}", refusal.message)}],
        "structuredContent": {"error": error},
        "isError": true,
    });
    serde_json::from_value(result).unwrap_or_default()
}

/// Returns whether a server answered a call with an error for want of a task (`taskSupport: required`).
fn wants_task(result: &CallToolResult) -> bool {
    result.is_error == Some(true)
        && result.content.iter().any(|block| block.as_text().is_some_and(|text| text.text.contains("taskSupport")))
}

/// What a call waits with: who hears of it, until when, and what cancels it.
struct Wait<'a> {
    listener: &'a Listener,
    deadline: Deadline,
    cancel: &'a CancellationToken,
}

/// Why a call's request ended without an answer.
enum Stop {
    /// The server answered with an error.
    Refused(String),
    /// The server answered something else than was asked.
    Unexpected(String),
    /// The session broke: the server exited, or closed its side.
    Failed(String),
    Timeout,
    Cancelled,
}

/// A started server and its session.
pub(crate) struct Session {
    peer: Peer<RoleClient>,
    client: tokio::sync::Mutex<Option<RunningService<RoleClient, Host>>>,
    server: tokio::sync::Mutex<Option<StdioServer>>,
    /// The server's process ID, for the edge's log.
    pub pid: Option<u32>,
    /// The address of a remote server.
    url: Option<String>,
    /// The folder it runs in; empty for a remote server.
    pub cwd: std::path::PathBuf,
    /// Whether the session is kept for later calls: a local server's is, and a remote server's when
    /// the server keeps state in it.
    pub kept: bool,
    host: Host,
    protocol: String,
    permits: Semaphore,
    /// What the relay of a local server's output tells: the turns of the large messages it read and
    /// this session has yet to hand on, and whether the server outgrew being kept; `None` for a remote
    /// server.
    relayed: Option<crate::transport::Relayed>,
    /// Set when the server exited or broke its session, so that the next call starts another.
    broken: AtomicBool,
    used: Mutex<Instant>,
}

impl Session {
    /// Starts a server and its session within `timeout`: the server ready, or why not. A remote
    /// server's session is opened.
    pub async fn start(server: &Server, timeout: Duration) -> Result<Self, ToolHostError> {
        match server {
            Server::Local(command) => Self::start_local(command, timeout).await,
            Server::Remote(remote) => Self::open_remote(remote, timeout).await,
        }
    }

    async fn start_local(command: &ServerCommand, timeout: Duration) -> Result<Self, ToolHostError> {
        let (mut server, io, relayed) = crate::transport::start(command).await?;
        let host = Host::new(&command.roots, command.sampling);
        let connected = tokio::time::timeout(timeout, crate::handshake::connect(host.clone(), io, host.tally())).await;
        let client = match connected {
            Ok(Ok(client)) => client,
            Ok(Err(err)) => {
                let error = match server.wait_exit(Duration::from_millis(500)).await {
                    Some(status) => ToolHostError::NotStarted { status, stderr: server.stderr_tail().await },
                    None => ToolHostError::Protocol { message: err.to_string(), stderr: server.stderr_tail().await },
                };
                server.shutdown().await;
                return Err(error);
            }
            Err(_) => {
                let error = match server.exited() {
                    Some(status) => ToolHostError::NotStarted { status, stderr: server.stderr_tail().await },
                    None => ToolHostError::CallTimeout { after: timeout, stderr: server.stderr_tail().await },
                };
                server.shutdown().await;
                return Err(error);
            }
        };
        let mut session = Self::of(client, host, command.cwd.clone());
        session.relayed = Some(relayed);
        session.pid = server.id();
        session.server = tokio::sync::Mutex::new(Some(server));
        Ok(session)
    }

    async fn open_remote(remote: &RemoteServer, timeout: Duration) -> Result<Self, ToolHostError> {
        let host = Host::new(&[], remote.sampling);
        let (client, stateful) = match tokio::time::timeout(timeout, remote.connect(host.clone())).await {
            Ok(connected) => connected?,
            Err(_) => return Err(ToolHostError::CallTimeout { after: timeout, stderr: String::new() }),
        };
        let mut session = Self::of(client, host, std::path::PathBuf::new());
        session.url = Some(remote.url.clone());
        session.kept = stateful;
        Ok(session)
    }

    /// Returns the session of a connected client, with no server of its own yet.
    fn of(client: RunningService<RoleClient, Host>, host: Host, cwd: std::path::PathBuf) -> Self {
        let protocol = client.peer_info().map(|info| info.protocol_version.to_string()).unwrap_or_default();
        Self {
            peer: client.peer().clone(),
            client: tokio::sync::Mutex::new(Some(client)),
            pid: None,
            url: None,
            cwd,
            kept: true,
            server: tokio::sync::Mutex::new(None),
            host,
            protocol,
            permits: Semaphore::new(MAX_CALLS),
            relayed: None,
            broken: AtomicBool::new(false),
            used: Mutex::new(Instant::now()),
        }
    }

    /// Returns whether the session may take a call: its server has not exited, broken it, or sent a
    /// message too long to be kept ([`crate::transport::KEPT_MESSAGE`]).
    pub fn alive(&self) -> bool {
        !self.broken.load(Ordering::Relaxed)
            && !self.peer.is_transport_closed()
            && !self.relayed.as_ref().is_some_and(|relayed| relayed.outgrown.load(Ordering::Relaxed))
    }

    /// Returns how long the session has had no call, or `None` while one runs.
    pub fn idle(&self) -> Option<Duration> {
        if self.permits.available_permits() < MAX_CALLS {
            return None;
        }
        self.used.lock().ok().map(|used| used.elapsed())
    }

    fn touch(&self) {
        if let Ok(mut used) = self.used.lock() {
            *used = Instant::now();
        }
    }

    /// Calls a function on the session by `deadline`, until `cancel` fires: as an MCP task when the
    /// call says so, followed to its end. A call that ends early (cancelled, or out of time) is
    /// cancelled on the server, which keeps running.
    pub async fn call(
        &self,
        call: &Call,
        listener: Listener,
        deadline: Deadline,
        cancel: &CancellationToken,
    ) -> Result<Answered, ToolHostError> {
        let permit = tokio::select! {
            permit = tokio::time::timeout_at(deadline, self.permits.acquire()) => match permit {
                Ok(Ok(permit)) => permit,
                Ok(Err(_)) => return Err(self.failure("the server's session was closed".to_owned()).await),
                Err(_) => return Err(ToolHostError::CallTimeout { after: call.timeout, stderr: String::new() }),
            },
            () = cancel.cancelled() => return Err(ToolHostError::Cancelled),
        };
        self.touch();
        let mark = self.stderr_mark().await;
        let wait = Wait { listener: &listener, deadline, cancel };
        let answer = if let Some(uri) = &call.resource {
            self.read_resource(uri, &wait).await
        } else if call.task {
            self.call_as_task(call, &wait).await
        } else {
            // A remote server's listing says nothing of tasks to oz0 (see `list_remote`): a function it
            // refuses for want of one is called again as a task.
            match self.call_once(call, &wait).await {
                Err(Stop::Refused(message)) if message.contains("taskSupport") => self.call_as_task(call, &wait).await,
                Ok(result) if wants_task(&result) => self.call_as_task(call, &wait).await,
                answer => answer,
            }
        };
        let result = match answer {
            Ok(result) => serde_json::to_value(&result)
                .map(|result| Answered { result, protocol: self.protocol.clone(), stderr: String::new() })
                .map_err(|err| Stop::Failed(format!("the result could not be read: {err}"))),
            Err(stop) => Err(stop),
        };
        // The large messages read for the call are parsed and handed on: their turns go back.
        if let Some(relayed) = &self.relayed {
            relayed.handed.done();
        }
        let result = match result {
            Ok(mut answered) => {
                answered.stderr = self.stderr_since(mark).await;
                Ok(answered)
            }
            Err(Stop::Refused(message)) => {
                Err(ToolHostError::Refused { message, stderr: self.stderr_since(mark).await })
            }
            Err(Stop::Unexpected(message)) => {
                Err(ToolHostError::Protocol { message, stderr: self.stderr_since(mark).await })
            }
            Err(Stop::Failed(message)) => Err(self.failure(message).await),
            Err(Stop::Timeout) => {
                Err(ToolHostError::CallTimeout { after: call.timeout, stderr: self.stderr_since(mark).await })
            }
            Err(Stop::Cancelled) => Err(ToolHostError::Cancelled),
        };
        drop(permit);
        self.touch();
        result
    }

    /// Calls a function with `tools/call`. On 2026-07-28 a server asks for what it needs (a model's
    /// answer, a person's, the roots) in the call's result (`input_required`): each request is answered
    /// for this call, and the call is made again with the answers, up to [`MAX_ROUNDS`] times. A
    /// refused request for a model ends the call with the refusal as the tool's error.
    async fn call_once(&self, call: &Call, wait: &Wait<'_>) -> Result<CallToolResult, Stop> {
        let mut params = CallToolRequestParams::new(Cow::Owned(call.function.clone()));
        params.arguments = Some(call.arguments.clone());
        if !call.meta.is_empty() {
            params.meta = Some(RequestMetaObject(MetaObject(call.meta.clone())));
        }
        for _ in 0..MAX_ROUNDS {
            let asked =
                match self.request(ClientRequest::CallToolRequest(CallToolRequest::new(params.clone())), wait).await? {
                    ServerResult::CallToolResult(result) => return Ok(result),
                    ServerResult::InputRequiredResult(asked) => asked,
                    _ => {
                        return Err(Stop::Unexpected(
                            "the server answered the call with something other than a tool's result".into(),
                        ));
                    }
                };
            let mut answers = InputResponses::new();
            for (key, request) in asked.input_requests.unwrap_or_default() {
                let answer = match request {
                    InputRequest::CreateMessage(request) => {
                        let request = serde_json::to_value(request.params).unwrap_or_default();
                        match self.host.sample(wait.listener, request).await {
                            Ok(answer) => answer,
                            Err(refusal) => return Ok(refused(&refusal)),
                        }
                    }
                    InputRequest::Elicitation(request) => {
                        let answer = self.host.elicit(wait.listener, request.params).await;
                        serde_json::to_value(answer).unwrap_or_default()
                    }
                    InputRequest::ListRoots(_) => self.host.roots(),
                    _ => return Err(Stop::Unexpected(format!("the server asked, as `{key}`, what oz0 does not know"))),
                };
                answers.insert(key, answer);
            }
            params.input_responses = (!answers.is_empty()).then_some(answers);
            params.request_state = asked.request_state;
        }
        Err(Stop::Unexpected(format!("the server asked for more input {MAX_ROUNDS} times without answering the call")))
    }

    /// Reads a resource of the server, and answers it as a tool's result: each of its contents an
    /// embedded resource.
    async fn read_resource(&self, uri: &str, wait: &Wait<'_>) -> Result<CallToolResult, Stop> {
        let request = ReadResourceRequest::new(ReadResourceRequestParams::new(uri.to_owned()));
        match self.request(ClientRequest::ReadResourceRequest(request), wait).await? {
            ServerResult::ReadResourceResult(read) => {
                let content: Vec<Value> =
                    read.contents.iter().map(|contents| json!({"type": "resource", "resource": contents})).collect();
                serde_json::from_value(json!({"content": content}))
                    .map_err(|err| Stop::Unexpected(format!("the resource could not be read as a result: {err}")))
            }
            _ => Err(Stop::Unexpected("the server answered the read with something other than a resource".into())),
        }
    }

    /// Calls a function as an MCP task (2025-11-25): `tools/call` with `task` makes the task, and
    /// `tasks/result` waits for its result; a call that ends early cancels the task (`tasks/cancel`).
    async fn call_as_task(&self, call: &Call, wait: &Wait<'_>) -> Result<CallToolResult, Stop> {
        let ttl = u64::try_from(call.timeout.as_millis()).unwrap_or(u64::MAX);
        let mut params = json!({"name": call.function, "arguments": call.arguments, "task": {"ttl": ttl}});
        if !call.meta.is_empty() {
            params["_meta"] = Value::Object(call.meta.clone());
        }
        let made =
            self.request(ClientRequest::CustomRequest(CustomRequest::new("tools/call", Some(params))), wait).await?;
        let task = match made {
            ServerResult::CallToolResult(result) => return Ok(result),
            ServerResult::CustomResult(CustomResult(made)) => made["task"]["taskId"].as_str().map(str::to_owned),
            _ => None,
        };
        let Some(task) = task else {
            return Err(Stop::Unexpected("the server was asked for a task and made none".into()));
        };
        let result = CustomRequest::new("tasks/result", Some(json!({"taskId": task})));
        let answer = self.request(ClientRequest::CustomRequest(result), wait).await;
        if matches!(answer, Err(Stop::Timeout | Stop::Cancelled)) {
            let cancel = CustomRequest::new("tasks/cancel", Some(json!({"taskId": task})));
            let sent = self
                .peer
                .send_request_with_option(ClientRequest::CustomRequest(cancel), PeerRequestOptions::no_options());
            let _ = tokio::time::timeout(Duration::from_secs(2), async { sent.await?.await_response().await }).await;
        }
        match answer? {
            ServerResult::CallToolResult(result) => Ok(result),
            ServerResult::CustomResult(CustomResult(result)) => serde_json::from_value(result)
                .map_err(|err| Stop::Unexpected(format!("the task's result is not a tool's result: {err}"))),
            _ => Err(Stop::Unexpected("the task's result is not a tool's result".into())),
        }
    }

    /// Sends a request of a call and waits for its answer, the call's events told to its listener.
    async fn request(&self, request: ClientRequest, wait: &Wait<'_>) -> Result<ServerResult, Stop> {
        let entered = self.host.enter(wait.listener.clone());
        let handle = match self.peer.send_request_with_option(request, PeerRequestOptions::no_options()).await {
            Ok(handle) => handle,
            Err(err) => return Err(Stop::Failed(err.to_string())),
        };
        let token = handle.progress_token.clone();
        entered.progress_with(token.clone());
        let id = handle.id.clone();
        let answer = tokio::select! {
            answer = tokio::time::timeout_at(wait.deadline, handle.rx) => answer,
            () = wait.cancel.cancelled() => {
                self.cancel_request(id, "the call was cancelled").await;
                self.host.settled(&token).await;
                return Err(Stop::Cancelled);
            }
        };
        // The progress the server sent before its answer is told before the call ends.
        self.host.settled(&token).await;
        match answer {
            Ok(Ok(Ok(result))) => Ok(result),
            Ok(Ok(Err(ServiceError::McpError(err)))) => Err(Stop::Refused(err.message.to_string())),
            Ok(Ok(Err(err))) => Err(Stop::Failed(err.to_string())),
            Ok(Err(_closed)) => Err(Stop::Failed("the server closed its session".to_owned())),
            Err(_) => {
                self.cancel_request(id, "the call did not end within the tool's timeout").await;
                Err(Stop::Timeout)
            }
        }
    }

    /// Tells the server that a request of a call is no longer awaited.
    async fn cancel_request(&self, id: rmcp::model::RequestId, reason: &str) {
        let notification =
            CancelledNotification::new(CancelledNotificationParam::new(Some(id), Some(reason.to_owned())));
        let _ = self.peer.send_notification(ClientNotification::CancelledNotification(notification)).await;
    }

    /// Returns the error of a session that broke: the server exited ([`ToolHostError::Crashed`]) or
    /// broke the protocol. Either way no call is sent to it again.
    async fn failure(&self, message: String) -> ToolHostError {
        self.broken.store(true, Ordering::Relaxed);
        let mut server = self.server.lock().await;
        let Some(server) = server.as_mut() else {
            return match &self.url {
                Some(url) => {
                    ToolHostError::Remote { url: url.clone(), message: format!("broke off its session: {message}") }
                }
                None => ToolHostError::Protocol { message, stderr: String::new() },
            };
        };
        let exited = server.wait_exit(Duration::from_millis(500)).await;
        if let Some(reason) = server.stopped().map(str::to_owned) {
            return ToolHostError::Stopped { reason, stderr: server.stderr_tail().await };
        }
        match exited {
            Some(status) => ToolHostError::Crashed { status, stderr: server.stderr_tail().await },
            None => ToolHostError::Protocol { message, stderr: server.stderr_tail().await },
        }
    }

    async fn stderr_mark(&self) -> u64 {
        self.server.lock().await.as_ref().map_or(0, StdioServer::stderr_mark)
    }

    async fn stderr_since(&self, mark: u64) -> String {
        self.server.lock().await.as_ref().map(|server| server.stderr_since(mark)).unwrap_or_default()
    }

    /// Stops the server once the calls running on it have ended.
    pub async fn retire(&self) {
        let all = u32::try_from(MAX_CALLS).unwrap_or(u32::MAX);
        let _idle = self.permits.acquire_many(all).await;
        self.shutdown().await;
    }

    /// Ends the session and stops the server as MCP's stdio transport says.
    pub async fn shutdown(&self) {
        self.broken.store(true, Ordering::Relaxed);
        if let Some(client) = self.client.lock().await.take() {
            let _ = client.cancel().await;
        }
        if let Some(server) = self.server.lock().await.take() {
            server.shutdown().await;
        }
    }
}
