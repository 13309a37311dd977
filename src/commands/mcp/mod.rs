//! `oz0 mcp`: the platform's tool server, for any MCP client.

pub mod serve;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Serve the tenant's tools to an MCP client (Claude Code, Codex CLI, Cursor), fitted and offloaded as
/// for the platform's own agents.
#[derive(Debug, Subcommand)]
pub enum McpCommand {
    Serve(serve::McpServeArgs),
}

/// Runs an `oz0 mcp` command.
pub fn run(command: McpCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        McpCommand::Serve(args) => serve::run(&args, edge),
    }
}
