//! `oz0 job`: list jobs, show one, and read its trace.

pub mod cancel;
pub mod get;
pub mod list;
pub mod trace;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// List the tenant's jobs, show one, read what it did, and cancel one that runs.
#[derive(Debug, Subcommand)]
pub enum JobCommand {
    List(list::JobListArgs),
    Get(get::JobGetArgs),
    Trace(trace::JobTraceArgs),
    Cancel(cancel::JobCancelArgs),
}

/// Runs an `oz0 job` command.
pub fn run(command: JobCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        JobCommand::List(args) => list::run(&args, edge),
        JobCommand::Get(args) => get::run(&args, edge),
        JobCommand::Trace(args) => trace::run(&args, edge),
        JobCommand::Cancel(args) => cancel::run(&args, edge),
    }
}

/// Returns `cost` in US dollars, with as many decimals as a small report needs.
pub fn dollars(cost: f64) -> String {
    if cost == 0.0 {
        "$0".to_owned()
    } else if cost >= 0.01 {
        format!("${cost:.2}")
    } else {
        format!("${cost:.6}").trim_end_matches('0').to_owned()
    }
}

/// Returns milliseconds as seconds, such as `1.25 s`.
pub fn seconds(ms: u64) -> String {
    format!("{:.2} s", ms as f64 / 1000.0)
}
