//! The tool host of oz0: runs a plugin's local MCP server as a child process over stdio, or reaches a
//! remote one over MCP's streamable HTTP, lists its functions and calls them. The edge calls tools through it, and `oz0 plugin measure` lists them
//! through it on a person's machine, so both see a server alike.
//!
//! ```no_run
//! use std::time::Duration;
//! use std::path::Path;
//! use oz0_toolhost::{Server, ServerCommand, list_functions};
//!
//! # async fn show() -> Result<(), oz0_toolhost::ToolHostError> {
//! // The server's HOME is /tmp/acme/home, and its TMPDIR a folder of its own in /tmp/acme/tmp.
//! let argv = vec!["python3".into(), "server.py".into()];
//! let server = Server::Local(ServerCommand::new(argv, "examples/acme-docs".into(), Path::new("/tmp/acme")));
//! let listed = list_functions(&server, Duration::from_secs(30)).await?;
//! for function in &listed.functions {
//!     println!("{} ({} tokens)", function.name, function.weight);
//! }
//! # Ok(())
//! # }
//! ```

mod address;
mod call;
mod client;
mod command;
mod confine;
mod error;
mod handshake;
mod list;
mod measure;
mod pool;
mod progress;
mod proxy;
mod remote;
mod sandbox;
mod server;
mod session;
mod sse;
mod stdio;
mod transport;
mod turns;

pub use call::call_function;
pub use client::{Ask, Asked, Event, Listener, Refusal, Sample};
pub use command::ServerCommand;
pub use confine::{
    Access, CONFINE_VARIABLE, Confinement, Fallback, Grant, Limits, Namespaces, Network, Support, protect_process,
    raise_descriptor_limit,
};
pub use error::ToolHostError;
pub use handshake::{FALLBACK_PROTOCOL, PREFERRED_PROTOCOL};
pub use list::{Listed, list_functions};
pub use measure::{MeasureError, fill_config, fill_secrets, measure, secrets_named, server_command, tail, tool_server};
pub use pool::{Lifetime, Pool};
pub use proxy::PROXY_PORT;
pub use remote::{RemoteServer, http_client};
pub use sandbox::{MARK_VARIABLE, Sandbox, reap, remove_folder};
pub use server::Server;
pub use session::{Answered, Call, MAX_CALLS};
pub use stdio::StdioServer;
pub use transport::MAX_MESSAGE_BYTES;
pub use turns::Turns;
