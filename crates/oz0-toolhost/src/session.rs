//! A server's MCP session, started once and kept for the calls of its lifetime: several may run on it
//! at once, each its own request, up to [`MAX_CALLS`]; more wait their turn.

use std::borrow::Cow;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use rmcp::RoleClient;
use rmcp::model::{
    CallToolRequest, CallToolRequestParams, CancelledNotification, CancelledNotificationParam, ClientNotification,
    ClientRequest, MetaObject, RequestMetaObject, ServerResult,
};
use rmcp::service::{Peer, PeerRequestOptions, RunningService, ServiceError};
use tokio::sync::Semaphore;
use tokio::time::Instant as Deadline;
use tokio_util::sync::CancellationToken;

use crate::client::{Host, Listener};
use crate::{Answered, Call, ServerCommand, StdioServer, ToolHostError};

/// The most calls one server runs at once; more wait for one of them to end.
pub const MAX_CALLS: usize = 8;

/// A started server and its session.
pub(crate) struct Session {
    peer: Peer<RoleClient>,
    client: tokio::sync::Mutex<Option<RunningService<RoleClient, Host>>>,
    server: tokio::sync::Mutex<Option<StdioServer>>,
    /// The server's process ID, for the edge's log.
    pub pid: Option<u32>,
    host: Host,
    protocol: String,
    permits: Semaphore,
    /// Set when the server exited or broke its session, so that the next call starts another.
    broken: AtomicBool,
    used: Mutex<Instant>,
}

impl Session {
    /// Starts a server and its session within `timeout`: the server ready, or why not.
    pub async fn start(command: &ServerCommand, timeout: Duration) -> Result<Self, ToolHostError> {
        let (mut server, io) = crate::start(command).await?;
        let host = Host::new(&command.cwd, command.sampling);
        let connected = tokio::time::timeout(timeout, crate::handshake::connect(host.clone(), io)).await;
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
        let protocol = client.peer_info().map(|info| info.protocol_version.to_string()).unwrap_or_default();
        Ok(Self {
            peer: client.peer().clone(),
            client: tokio::sync::Mutex::new(Some(client)),
            pid: server.id(),
            server: tokio::sync::Mutex::new(Some(server)),
            host,
            protocol,
            permits: Semaphore::new(MAX_CALLS),
            broken: AtomicBool::new(false),
            used: Mutex::new(Instant::now()),
        })
    }

    /// Returns whether the session may take a call: its server has not exited or broken it.
    pub fn alive(&self) -> bool {
        !self.broken.load(Ordering::Relaxed) && !self.peer.is_transport_closed()
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

    /// Calls a function on the session by `deadline`, until `cancel` fires. A call that ends early
    /// (cancelled, or out of time) is cancelled on the server, which keeps running.
    pub async fn call(
        &self,
        call: &Call,
        listener: Listener,
        deadline: Deadline,
        cancel: &CancellationToken,
    ) -> Result<Answered, ToolHostError> {
        let timeout = call.timeout;
        let out_of_time = |stderr| ToolHostError::CallTimeout { after: timeout, stderr };
        let permit = tokio::select! {
            permit = tokio::time::timeout_at(deadline, self.permits.acquire()) => match permit {
                Ok(Ok(permit)) => permit,
                Ok(Err(_)) => return Err(self.failure("the server's session was closed".to_owned()).await),
                Err(_) => return Err(out_of_time(String::new())),
            },
            () = cancel.cancelled() => return Err(ToolHostError::Cancelled),
        };
        self.touch();
        let mark = self.stderr_mark().await;
        let mut params = CallToolRequestParams::new(Cow::Owned(call.function.clone()));
        params.arguments = Some(call.arguments.clone());
        if !call.meta.is_empty() {
            params.meta = Some(RequestMetaObject(MetaObject(call.meta.clone())));
        }
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(params));
        let handle = match self.peer.send_request_with_option(request, PeerRequestOptions::no_options()).await {
            Ok(handle) => handle,
            Err(err) => return Err(self.failure(err.to_string()).await),
        };
        let entered = self.host.enter(handle.progress_token.clone(), listener);
        let id = handle.id.clone();
        let answer = tokio::select! {
            answer = tokio::time::timeout_at(deadline, handle.rx) => answer,
            () = cancel.cancelled() => {
                self.cancel_request(id, "the call was cancelled").await;
                return Err(ToolHostError::Cancelled);
            }
        };
        drop(entered);
        let result = match answer {
            Ok(Ok(Ok(ServerResult::CallToolResult(result)))) => {
                let result = serde_json::to_value(&result).map_err(|err| ToolHostError::Protocol {
                    message: format!("the result could not be read: {err}"),
                    stderr: String::new(),
                })?;
                Ok(Answered { result, protocol: self.protocol.clone(), stderr: self.stderr_since(mark).await })
            }
            Ok(Ok(Ok(_))) => Err(ToolHostError::Protocol {
                message: "the server answered the call with something other than a tool's result".to_owned(),
                stderr: self.stderr_since(mark).await,
            }),
            Ok(Ok(Err(ServiceError::McpError(err)))) => {
                Err(ToolHostError::Refused { message: err.message.to_string(), stderr: self.stderr_since(mark).await })
            }
            Ok(Ok(Err(err))) => Err(self.failure(err.to_string()).await),
            Ok(Err(_closed)) => Err(self.failure("the server closed its session".to_owned()).await),
            Err(_) => {
                self.cancel_request(id, "the call did not end within the tool's timeout").await;
                Err(out_of_time(self.stderr_since(mark).await))
            }
        };
        drop(permit);
        self.touch();
        result
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
            return ToolHostError::Protocol { message, stderr: String::new() };
        };
        match server.wait_exit(Duration::from_millis(500)).await {
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
