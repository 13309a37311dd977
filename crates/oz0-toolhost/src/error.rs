//! What can go wrong when the tool host runs a server.

use std::sync::Arc;
use std::time::Duration;

use thiserror::Error;

/// Why a tool's server could not be run or listed. Each variant that ran the server carries the end
/// of what it wrote on stderr, which is where servers say why they fail. It is `Clone`, so that the
/// failure of a server's start is told to every call that waited for it.
#[derive(Debug, Clone, Error)]
#[non_exhaustive]
pub enum ToolHostError {
    /// The command is empty.
    #[error("the server's command is empty")]
    EmptyCommand,
    /// The server's program could not be started.
    #[error("could not start `{program}`")]
    Spawn {
        /// The program.
        program: String,
        /// Why.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The server's own folders, or its record on the edge, could not be made.
    #[error("could not make the server's folder or record `{}`", .path.display())]
    Sandbox {
        /// The folder or file.
        path: std::path::PathBuf,
        /// Why.
        #[source]
        source: Arc<std::io::Error>,
    },
    /// The kernel cannot confine the server, and the edge starts no server unconfined.
    #[error(
        "the tool's server was not started: this edge runs tool servers confined, and here they cannot be \
         ({reason}); its operator may start `oz0 edge serve` with --unconfined-tools to run them anyway"
    )]
    Unconfined {
        /// Why the kernel cannot confine it.
        reason: String,
    },
    /// The edge gives servers a network of their own, and the kernel makes no namespace for it.
    #[error(
        "the tool's server was not started: this edge gives tool servers a network of their own (--tool-network), \
         and here the kernel makes no network namespace for it ({reason})"
    )]
    NoNetworkNamespace {
        /// Why the kernel makes no namespaces.
        reason: String,
    },
    /// The server may not be given a path that its command line, manifest or call names.
    #[error("the tool's server may not be given `{}`: {why}", .path.display())]
    Denied {
        /// The path.
        path: std::path::PathBuf,
        /// Why, and what to do.
        why: String,
    },
    /// The server's confinement could not be made.
    #[error("the tool's server could not be confined: {message}")]
    Confine {
        /// What failed.
        message: String,
    },
    /// The server went beyond its limits and was stopped.
    #[error("the server was stopped: {reason}")]
    Stopped {
        /// What it went beyond.
        reason: String,
        /// The end of its stderr.
        stderr: String,
    },
    /// The server exited before it answered.
    #[error("the server exited ({status}) before it listed its tools")]
    Exited {
        /// How it exited, such as `exit status: 1`.
        status: String,
        /// The end of its stderr.
        stderr: String,
    },
    /// The server took longer than the time allowed.
    #[error("the server did not list its tools within {} s", .after.as_secs_f64())]
    Timeout {
        /// The time allowed.
        after: Duration,
        /// The end of its stderr.
        stderr: String,
    },
    /// The server exited while it started for a call.
    #[error("the server exited ({status}) before it was ready for the call")]
    NotStarted {
        /// How it exited.
        status: String,
        /// The end of its stderr.
        stderr: String,
    },
    /// The server exited during a call.
    #[error("the server exited ({status}) during the call")]
    Crashed {
        /// How it exited.
        status: String,
        /// The end of its stderr.
        stderr: String,
    },
    /// A call waited its whole timeout for one of the calls its tenant may run at once on an edge.
    #[error(
        "the call was not started: its tenant's tools ran {calls} calls at once on this edge, the most a tenant may, \
         for the tool's whole timeout of {} s; try again when fewer run",
        .after.as_secs_f64()
    )]
    Busy {
        /// The calls its tenant may run at once.
        calls: usize,
        /// The time it waited.
        after: Duration,
    },
    /// A call took longer than the tool's timeout.
    #[error("the call did not end within the tool's timeout of {} s", .after.as_secs_f64())]
    CallTimeout {
        /// The time allowed.
        after: Duration,
        /// The end of its stderr.
        stderr: String,
    },
    /// The server answered the call with a protocol error.
    #[error("the server refused the call: {message}")]
    Refused {
        /// The error it answered.
        message: String,
        /// The end of its stderr.
        stderr: String,
    },
    /// The call was cancelled, and the server ended.
    #[error("the call was cancelled")]
    Cancelled,
    /// A remote server could not be reached, or answered over HTTP with an error.
    #[error("the remote server {url} {message}")]
    Remote {
        /// Its address.
        url: String,
        /// What went wrong, as a phrase that follows its address.
        message: String,
    },
    /// The server answered, but not as MCP says it should.
    #[error("the server broke the protocol: {message}")]
    Protocol {
        /// What went wrong.
        message: String,
        /// The end of its stderr.
        stderr: String,
    },
}

impl ToolHostError {
    /// Returns the end of what the server wrote on stderr, when it ran.
    pub fn stderr(&self) -> Option<&str> {
        match self {
            ToolHostError::Exited { stderr, .. }
            | ToolHostError::NotStarted { stderr, .. }
            | ToolHostError::Crashed { stderr, .. }
            | ToolHostError::CallTimeout { stderr, .. }
            | ToolHostError::Refused { stderr, .. }
            | ToolHostError::Timeout { stderr, .. }
            | ToolHostError::Stopped { stderr, .. }
            | ToolHostError::Protocol { stderr, .. } => Some(stderr.as_str()).filter(|s| !s.trim().is_empty()),
            _ => None,
        }
    }
}
