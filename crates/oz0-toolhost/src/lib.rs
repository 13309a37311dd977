//! The tool host of oz0: runs a plugin's local MCP server as a child process over stdio, lists its
//! functions and calls them. The edge calls tools through it, and `oz0 plugin measure` lists them
//! through it on a person's machine, so both see a server alike.
//!
//! ```no_run
//! use std::time::Duration;
//! use std::path::Path;
//! use oz0_toolhost::{ServerCommand, list_functions};
//!
//! # async fn show() -> Result<(), oz0_toolhost::ToolHostError> {
//! // The server's HOME is /tmp/acme/home, and its TMPDIR a folder of its own in /tmp/acme/tmp.
//! let argv = vec!["python3".into(), "server.py".into()];
//! let server = ServerCommand::new(argv, "examples/acme-docs".into(), Path::new("/tmp/acme"));
//! let listed = list_functions(&server, Duration::from_secs(30)).await?;
//! for function in &listed.functions {
//!     println!("{} ({} tokens)", function.name, function.weight);
//! }
//! # Ok(())
//! # }
//! ```

use rmcp::RoleClient;
use rmcp::transport::async_rw::AsyncRwTransport;
use tokio::process::{ChildStdin, ChildStdout};

mod call;
mod client;
mod error;
mod handshake;
mod list;
mod measure;
mod pool;
mod sandbox;
mod session;
mod stdio;

pub use call::{Answered, Call, call_function};
pub use client::{Ask, Asked, Event, Listener};
pub use error::ToolHostError;
pub use list::{FALLBACK_PROTOCOL, Listed, PREFERRED_PROTOCOL, list_functions};
pub use measure::{MeasureError, measure, server_command, tail};
pub use pool::{Lifetime, Pool};
pub use sandbox::{MARK_VARIABLE, Sandbox, reap};
pub use session::MAX_CALLS;
pub use stdio::{ServerCommand, StdioServer};

/// The longest message read from a server: room for a result of 31 MiB of text and structured content
/// and a file of 32 MiB in base64, so that a result too large to keep is read and refused by name
/// rather than dropped by the transport.
pub const MAX_MESSAGE_BYTES: usize = 160 << 20;

/// An MCP client's transport over a server's stdio.
type Transport = AsyncRwTransport<RoleClient, ChildStdout, ChildStdin>;

/// Starts a server and returns it with an MCP transport over its stdio.
async fn start(command: &ServerCommand) -> Result<(StdioServer, Transport), ToolHostError> {
    let mut server = StdioServer::spawn(command).await?;
    let Some((stdout, stdin)) = server.take_io() else {
        return Err(ToolHostError::Protocol {
            message: "the server's stdio could not be opened".to_owned(),
            stderr: String::new(),
        });
    };
    let transport = AsyncRwTransport::new_client(stdout, stdin).with_max_line_length(MAX_MESSAGE_BYTES);
    Ok((server, transport))
}
