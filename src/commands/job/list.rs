//! `oz0 job list`: the tenant's jobs, newest first.

use clap::Args;
use oz0_core::api::Edge;

use super::dollars;
use crate::cli::{self, Format};
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::ui;
use crate::ui::Column::{Key, Number};

/// List the tenant's jobs, newest first: ID, state, what ran, steps and cost.
#[derive(Debug, Args)]
pub struct JobListArgs {
    /// How many jobs to show, from 1 to 1000.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub limit: u32,
}

/// Runs `oz0 job list`.
pub fn run(args: &JobListArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = cli::format()?;
    let connected = connect(edge)?;
    let jobs = block_on(async {
        connected.edge.jobs(args.limit).await.map_err(|err| connected.error("could not list the jobs", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&jobs);
    }
    if jobs.is_empty() {
        ui::info("no jobs yet; `oz0 tool call TOOL.FUNCTION` makes one");
        return Ok(());
    }
    let mut table = ui::table(&[
        Key("ID"),
        Key("STATE"),
        Key("STARTED"),
        Key("KIND"),
        Number("STEPS"),
        Number("COST"),
        Key("NAME"),
    ]);
    for job in &jobs {
        table.add_row([
            job.id.as_str().to_owned(),
            job.state.as_str().to_owned(),
            job.started_at.clone(),
            job.kind.as_str().to_owned(),
            job.steps.to_string(),
            dollars(job.cost_usd),
            job.name.clone(),
        ]);
    }
    ui::print_text(&ui::table_text(&table))?;
    Ok(())
}
