//! `oz0 agent`: install agents and flows on the edge, and list them.

pub mod apply;
pub mod definition;
pub mod list;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Install agents and flows on the edge, and list them.
#[derive(Debug, Subcommand)]
pub enum AgentCommand {
    Apply(apply::AgentApplyArgs),
    /// List the agents and flows installed on the edge.
    List,
}

/// Runs an `oz0 agent` command.
pub fn run(command: AgentCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        AgentCommand::Apply(args) => apply::run(&args, edge),
        AgentCommand::List => list::run(edge),
    }
}
