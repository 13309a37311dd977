//! `oz0 mcp serve`: the platform's tool server over stdio.

use clap::Args;
use oz0_edge::tool_server::ToolServer;

use crate::edge::{EdgeArgs, Place, place};
use crate::error::CommandError;

/// Serve the tenant's tools over MCP on stdin and stdout, for an MCP client on this machine.
///
/// The client sees each installed function as `<tool>.<function>`, and `oz.read_result`. A session is a
/// job of its own (`oz0 job list` shows it as a `session`), and its calls are made as a model's: the
/// tenant's policy decides each (a rule that asks waits for `oz0 approval`, or asks the client's person
/// when the client can be asked), a fitted function's budget left out is filled in, and a result heavier
/// than the tenant's offload threshold (`oz0 tenant offload`) is kept as a file of the session's job: the
/// client reads a stub with its ref and an outline, and reads parts back with `oz.read_result`, which
/// reads that session's files only.
///
/// Nothing but MCP is written on stdout; errors go to stderr. A served edge serves the same at `/mcp`
/// of its address, for a person's bearer token.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct McpServeArgs {}

const EXAMPLES: &str = "\
Examples:
  claude mcp add oz0 -- oz0 mcp serve
  codex mcp add oz0 -- oz0 mcp serve
  In a client's JSON configuration:
    {\"mcpServers\": {\"oz0\": {\"command\": \"oz0\", \"args\": [\"mcp\", \"serve\"]}}}";

/// Runs `oz0 mcp serve`.
pub fn run(_args: &McpServeArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let dir = match place(edge)? {
        Place::Embedded(dir) => dir,
        Place::Remote { url, .. } => {
            return Err(CommandError::usage("`oz0 mcp serve` serves the embedded edge's tools")
                .hint(format!("a served edge serves its own: point the client at {}/mcp", url.trim_end_matches('/'))));
        }
    };
    crate::edge::block_on_threads(async {
        let local = crate::edge::open_embedded(&dir)?;
        let server = ToolServer::new(local.state(), local.principal().clone());
        server
            .serve_stdio()
            .await
            .map_err(|err| CommandError::operational("could not serve MCP on stdio").caused_by(err))
    })
}
