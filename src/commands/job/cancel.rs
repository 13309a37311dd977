//! `oz0 job cancel`: stop a running job.

use clap::Args;
use oz0_core::api::{Edge, TreeId};

use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Cancel a running job: its calls stop, their servers end, and it ends as cancelled.
///
/// The content role is needed. A job that has ended is not changed.
#[derive(Debug, Args)]
pub struct JobCancelArgs {
    /// The job's ID, as `oz0 job list` shows it.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,
}

/// Runs `oz0 job cancel`.
pub fn run(args: &JobCancelArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let job = block_on(async {
        connected.edge.cancel_job(&args.id).await.map_err(|err| connected.error("could not cancel the job", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&job);
    }
    ui::print_text(&format!("cancelling the job {}", job.id))?;
    Ok(())
}
