//! Calls one function of a server: start it, negotiate the protocol, call, stop it.

use std::borrow::Cow;
use std::time::Duration;

use rmcp::model::{CallToolRequestParams, MetaObject, RequestMetaObject};
use rmcp::service::ServiceError;
use serde_json::{Map, Value};
use tokio_util::sync::CancellationToken;

use super::stdio::with_stderr;
use super::{ServerCommand, ToolHostError};

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
/// Returns a [`ToolHostError`]: the server could not start, exited during the call ([`Crashed`]), took
/// longer than the timeout ([`CallTimeout`]), answered with a protocol error ([`Refused`]) or was
/// cancelled; each that ran carries the end of its stderr.
///
/// [`Crashed`]: ToolHostError::Crashed
/// [`CallTimeout`]: ToolHostError::CallTimeout
/// [`Refused`]: ToolHostError::Refused
pub async fn call_function(
    command: &ServerCommand,
    call: &Call,
    cancel: &CancellationToken,
) -> Result<Answered, ToolHostError> {
    let (mut server, io) = super::start(command).await?;
    let mut params = CallToolRequestParams::new(Cow::Owned(call.function.clone()));
    params.arguments = Some(call.arguments.clone());
    if !call.meta.is_empty() {
        params.meta = Some(RequestMetaObject(MetaObject(call.meta.clone())));
    }
    let work = async {
        let client = super::handshake::connect((), io).await.map_err(|err| Failure::Start(err.to_string()))?;
        let protocol = client.peer_info().map(|info| info.protocol_version.to_string()).unwrap_or_default();
        let result = client.call_tool(params).await.map_err(Failure::Call)?;
        let _ = client.cancel().await;
        let result = serde_json::to_value(&result).map_err(|err| Failure::Start(err.to_string()))?;
        Ok::<_, Failure>(Answered { result, protocol, stderr: String::new() })
    };
    let outcome = tokio::select! {
        outcome = tokio::time::timeout(call.timeout, work) => outcome,
        () = cancel.cancelled() => {
            server.shutdown().await;
            return Err(ToolHostError::Cancelled);
        }
    };
    let result = match outcome {
        Ok(Ok(mut answered)) => {
            answered.stderr = server.stderr_tail().await;
            Ok(answered)
        }
        Ok(Err(Failure::Call(ServiceError::McpError(err)))) => {
            let message = err.message.to_string();
            Err(with_stderr(&mut server, |stderr| ToolHostError::Refused { message, stderr }).await)
        }
        Ok(Err(failure)) => match server.wait_exit(Duration::from_millis(500)).await {
            Some(status) => Err(with_stderr(&mut server, |stderr| ToolHostError::Crashed { status, stderr }).await),
            None => {
                let message = failure.to_string();
                Err(with_stderr(&mut server, |stderr| ToolHostError::Protocol { message, stderr }).await)
            }
        },
        Err(_) => match server.exited() {
            Some(status) => Err(with_stderr(&mut server, |stderr| ToolHostError::Crashed { status, stderr }).await),
            None => {
                Err(with_stderr(&mut server, |stderr| ToolHostError::CallTimeout { after: call.timeout, stderr }).await)
            }
        },
    };
    server.shutdown().await;
    result
}

/// Where a call failed before it had an answer.
enum Failure {
    Start(String),
    Call(ServiceError),
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Start(message) => f.write_str(message),
            Failure::Call(err) => write!(f, "{err}"),
        }
    }
}
