//! `oz0 job`: list jobs, show one, follow it live, read its trace, and cancel it.

pub mod cancel;
pub mod follow;
pub mod get;
pub mod list;
pub mod trace;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// List the tenant's jobs, show one, follow one live, read what it did, and cancel one that runs.
#[derive(Debug, Subcommand)]
pub enum JobCommand {
    List(list::JobListArgs),
    Get(get::JobGetArgs),
    Follow(follow::JobFollowArgs),
    Trace(trace::JobTraceArgs),
    Cancel(cancel::JobCancelArgs),
}

/// Runs an `oz0 job` command.
pub fn run(command: JobCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        JobCommand::List(args) => list::run(&args, edge),
        JobCommand::Get(args) => get::run(&args, edge),
        JobCommand::Follow(args) => follow::run(&args, edge),
        JobCommand::Trace(args) => trace::run(&args, edge),
        JobCommand::Cancel(args) => cancel::run(&args, edge),
    }
}
