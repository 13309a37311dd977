//! `oz0 job follow`: watch a job as it runs, through any node of the edge.

use clap::Args;
use oz0_core::api::{Edge, TreeId};

use crate::commands::run::{OnCtrlC, RunFormat, follow};
use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output;

/// Follow a job live: each step as it is recorded, its calls' progress, and its end.
///
/// The job may run on any node of a served edge: the steps come from the shared store, the progress
/// from the node that runs it. A job that has ended is shown to its end at once. Ctrl-C stops
/// following and leaves the job running (`oz0 job cancel` stops it). The exit code is the job's, as
/// `oz0 run` gives it.
#[derive(Debug, Args)]
#[command(
    after_long_help = "Examples:\n  oz0 run reader --input 'What changed?' --detach   # prints the job's ID\n  oz0 job follow 01JD2X7Q3M   # its steps on stderr, its answer on stdout\n  oz0 job follow 01JD2X7Q3M --format jsonl --edge http://10.0.0.6:7370   # through another node"
)]
pub struct JobFollowArgs {
    /// The job's ID, as `oz0 job list` or `oz0 run --detach` shows it.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,
}

/// Runs `oz0 job follow`.
pub fn run(args: &JobFollowArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: RunFormat = output::format()?;
    let connected = connect(edge)?;
    block_on(async {
        let detail =
            connected.edge.job(&args.id).await.map_err(|err| connected.error("could not follow the job", err))?;
        follow(&connected, &detail.job, format, OnCtrlC::Leave).await
    })
}
