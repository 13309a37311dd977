//! Calls one function of a server of the call's own: start it, negotiate the protocol, call, stop it.

use tokio_util::sync::CancellationToken;

use crate::client::Listener;
use crate::error::ToolHostError;
use crate::server::Server;
use crate::session::{Answered, Call, Session};

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
    server: &Server,
    call: &Call,
    cancel: &CancellationToken,
) -> Result<Answered, ToolHostError> {
    call_own(server, call, Listener::default(), cancel).await
}

/// [`call_function`], its events told to `listener`.
pub(crate) async fn call_own(
    server: &Server,
    call: &Call,
    listener: Listener,
    cancel: &CancellationToken,
) -> Result<Answered, ToolHostError> {
    let deadline = tokio::time::Instant::now() + call.timeout;
    let session = tokio::select! {
        session = Session::start(server, call.timeout) => session?,
        () = cancel.cancelled() => return Err(ToolHostError::Cancelled),
    };
    let answered = session.call(call, listener, deadline, cancel).await;
    session.shutdown().await;
    answered
}
