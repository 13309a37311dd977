//! Calls one function of a server of the call's own: start it, negotiate the protocol, call, stop it.

use std::time::Duration;

use serde_json::{Map, Value};
use tokio_util::sync::CancellationToken;

use crate::client::Listener;
use crate::session::Session;
use crate::{ServerCommand, ToolHostError};

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

/// Starts a server, calls one of its functions and stops it, within the call's timeout and until
/// `cancel` fires. The server and whatever it started are gone when this returns, however it returns.
///
/// # Errors
///
/// Returns a [`ToolHostError`]: the server could not start ([`NotStarted`]), exited during the call
/// ([`Crashed`]), took longer than the timeout ([`CallTimeout`]), answered with a protocol error
/// ([`Refused`]) or was cancelled; each that ran carries the end of its stderr.
///
/// [`NotStarted`]: ToolHostError::NotStarted
/// [`Crashed`]: ToolHostError::Crashed
/// [`CallTimeout`]: ToolHostError::CallTimeout
/// [`Refused`]: ToolHostError::Refused
pub async fn call_function(
    command: &ServerCommand,
    call: &Call,
    cancel: &CancellationToken,
) -> Result<Answered, ToolHostError> {
    call_own(command, call, Listener::default(), cancel).await
}

/// [`call_function`], its events told to `listener`.
pub(crate) async fn call_own(
    command: &ServerCommand,
    call: &Call,
    listener: Listener,
    cancel: &CancellationToken,
) -> Result<Answered, ToolHostError> {
    let deadline = tokio::time::Instant::now() + call.timeout;
    let session = tokio::select! {
        session = Session::start(command, call.timeout) => session?,
        () = cancel.cancelled() => return Err(ToolHostError::Cancelled),
    };
    let answered = session.call(call, listener, deadline, cancel).await;
    session.shutdown().await;
    answered
}
