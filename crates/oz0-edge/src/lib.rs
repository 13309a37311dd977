//! The edge of oz0: what keeps a tenant's settings, people, tokens and files, and runs plugins and jobs.
//!
//! [`LocalEdge`] is the [`Edge`](oz0_core::api::Edge) in process, over a [`store::Store`] (SQLite) and
//! a content-addressed [`files::FileStore`]; [`server`] puts the same behind HTTP, and [`node`] starts
//! a served edge from its operator's settings. Tools are called through `oz0-toolhost`, which runs a
//! plugin's local MCP server over stdio.
//!
//! ```no_run
//! use oz0_core::api::{Edge, Tenant};
//! use oz0_edge::LocalEdge;
//!
//! # async fn show() -> Result<(), oz0_core::api::EdgeError> {
//! let edge = LocalEdge::open(std::path::Path::new("/tmp/oz0"))?;
//! let view = edge.offload(&Tenant::Current).await?;
//! println!("an agent that says nothing gets {}", view.says_nothing.threshold);
//! # Ok(())
//! # }
//! ```

mod by_tenant;
mod calls;
pub mod console;
mod file_room;
pub mod files;
pub mod gateway;
pub mod lifecycle;
mod live_jobs;
mod news;
pub mod node;
mod plugin_gateway;
pub mod plugins;
pub mod private;
mod runner;
pub mod sealing;
pub mod server;
pub mod service;
mod spending;
mod state;
pub mod store;
pub mod token;
pub mod tool_server;
mod usage;
mod writers;

pub use service::LocalEdge;
pub use state::{
    EdgeState, FILES_PER_TENANT, LARGE_MESSAGES_PER_TENANT, PLUGINS_PER_TENANT, SERVERS_PER_TENANT,
    TOOL_CALLS_PER_TENANT,
};
