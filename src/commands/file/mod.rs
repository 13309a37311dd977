//! `oz0 file`: read the files of a job's tree.

pub mod get;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Read the files tools stored in a job's tree.
#[derive(Debug, Subcommand)]
pub enum FileCommand {
    Get(get::FileGetArgs),
}

/// Runs an `oz0 file` command.
pub fn run(command: FileCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        FileCommand::Get(args) => get::run(&args, edge),
    }
}
