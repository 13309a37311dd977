//! `oz0 tool`: call an installed tool's function by hand.

mod ask;
pub mod call;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Call an installed tool's function by hand, and see what a model would read.
#[derive(Debug, Subcommand)]
pub enum ToolCommand {
    Call(call::ToolCallArgs),
}

/// Runs an `oz0 tool` command.
pub fn run(command: ToolCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        ToolCommand::Call(args) => call::run(&args, edge),
    }
}
