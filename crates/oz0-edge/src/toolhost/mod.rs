//! The tool host: runs a tool's MCP server and speaks MCP to it.

mod call;
mod error;
mod list;
mod stdio;

pub use call::{Answered, Call, call_function};
pub use error::ToolHostError;
pub use list::{FALLBACK_PROTOCOL, Listed, PREFERRED_PROTOCOL, list_functions};
pub use stdio::{ServerCommand, StdioServer};
