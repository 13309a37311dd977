//! `oz0 job list`: the tenant's jobs, newest first.

use clap::Args;
use oz0_core::api::{Cursor, Edge, JobPage, MAX_PAGE};

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number};
use oz0_core::trace::dollars;

/// List the tenant's jobs, newest first: ID, state, what ran, steps and cost.
///
/// The edge answers a page of at most 1000 jobs at a time; more are read page after page, and `--after`
/// starts where an earlier read stopped.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct JobListArgs {
    /// How many jobs to show.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..))]
    pub limit: u32,

    /// Show the jobs older than this cursor: the `next` an earlier read printed.
    #[arg(long, value_name = "CURSOR")]
    pub after: Option<Cursor>,
}

const EXAMPLES: &str = "\
Examples:
  oz0 job list --limit 100
  oz0 job list --limit 1000 --format json | jq -r .next
  oz0 job list --after 1785231000125.01K1N6ZQ4B7V2X9M3P8R5T0W6Y";

/// Runs `oz0 job list`.
pub fn run(args: &JobListArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let page = block_on(async {
        let fail = |err| connected.error("could not list the jobs", err);
        let wanted = usize::try_from(args.limit).unwrap_or(usize::MAX);
        let room = |got: usize| u32::try_from(wanted - got).unwrap_or(MAX_PAGE).min(MAX_PAGE);
        let mut page: JobPage = connected.edge.jobs(room(0), args.after.as_ref()).await.map_err(fail)?;
        // The edge answers a page at a time; the rest follow from each page's cursor.
        while let Some(next) = page.next.clone().filter(|_| page.jobs.len() < wanted) {
            let more = connected.edge.jobs(room(page.jobs.len()), Some(&next)).await.map_err(fail)?;
            page.jobs.extend(more.jobs);
            page.next = more.next;
        }
        Ok(page)
    })?;
    if format == Format::Json {
        return ui::print_json(&page);
    }
    if page.jobs.is_empty() {
        if args.after.is_some() {
            ui::info("no older jobs");
        } else {
            ui::info("no jobs yet; `oz0 tool call TOOL.FUNCTION` makes one");
        }
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
    for job in &page.jobs {
        table.add_row([
            job.id.as_str().to_owned(),
            if job.erased_at.is_some() {
                format!("{} (erased)", job.state.as_str())
            } else {
                job.state.as_str().to_owned()
            },
            job.started_at.clone(),
            job.kind.as_str().to_owned(),
            job.steps.to_string(),
            dollars(job.cost_usd),
            match &job.parent {
                Some(parent) => format!("{} (started by {parent})", job.name),
                None => job.name.clone(),
            },
        ]);
    }
    ui::print_text(&ui::table_text(&table))?;
    if let Some(next) = &page.next {
        ui::info(&format!("older jobs follow: add --after {next}"));
    }
    Ok(())
}
