//! `oz0 tenant retention`: read or set how long the tenant keeps files and jobs' payloads.

use clap::Args;
use oz0_core::api::{Edge, Lifetime, Retention, Tenant};
use serde::Serialize;

use super::name::parse_tenant;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Show or set how long the tenant keeps its data.
///
/// A file leaves a job's tree --files after that tree last stored it (90 days unless set). A job's
/// payloads (what it was asked and answered, its messages, its trace's texts) go --jobs after it ended;
/// `forever`, the default, keeps them until they are erased (`oz0 erase`). Numbers stay either way:
/// steps, tokens, costs. A legal hold (`oz0 hold create`) keeps what it reaches past them: a tree's
/// hold its files, every hold its jobs' payloads. A served edge removes what is due every minute, the
/// embedded edge as a command starts too.
///
/// Without options, shows the retention. With options, sets them; one left out stays as it is. Both
/// need the admin role; a change is audited as `tenant.retention`. Lengths of time are a whole number
/// and a unit: 90d, 12h, 15m or 30s.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct TenantRetentionArgs {
    /// How long a file stays in a tree after the tree last stored it, such as 90d.
    #[arg(long, value_name = "DURATION", value_parser = parse_lifetime)]
    pub files: Option<Lifetime>,

    /// How long a job's payloads are kept after it ended, such as 365d, or `forever`.
    #[arg(long, value_name = "DURATION|forever", value_parser = parse_jobs)]
    pub jobs: Option<JobsLifetime>,

    /// The tenant; left out, the token's own.
    #[arg(long, value_name = "NAME", value_parser = parse_tenant, default_value = "current")]
    pub tenant: Tenant,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tenant retention
  oz0 tenant retention --files 30d
  oz0 tenant retention --jobs 365d
  oz0 tenant retention --jobs forever --format json";

/// How long jobs' payloads are kept, as given on the command line: a lifetime, or `forever`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct JobsLifetime(Option<Lifetime>);

fn parse_lifetime(value: &str) -> Result<Lifetime, String> {
    value.parse().map_err(|err: oz0_core::api::LifetimeError| err.to_string())
}

fn parse_jobs(value: &str) -> Result<JobsLifetime, String> {
    if value == "forever" {
        return Ok(JobsLifetime(None));
    }
    parse_lifetime(value).map(|lifetime| JobsLifetime(Some(lifetime))).map_err(|err| format!("{err}, or `forever`"))
}

/// A change, as `--format json` prints it.
#[derive(Serialize)]
struct Change {
    before: Retention,
    after: Retention,
}

/// Runs `oz0 tenant retention`.
pub fn run(args: &TenantRetentionArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let (before, after) = block_on(async {
        let fail = |err| connected.error("could not read the tenant's retention", err);
        let mut retention = connected.edge.retention(&args.tenant).await.map_err(fail)?;
        if args.files.is_none() && args.jobs.is_none() {
            return Ok((retention, None));
        }
        if let Some(files) = args.files {
            retention.files = files;
        }
        if let Some(JobsLifetime(jobs)) = args.jobs {
            retention.jobs = jobs;
        }
        let fail = |err| connected.error("could not set the tenant's retention", err);
        let before = connected.edge.set_retention(&args.tenant, &retention).await.map_err(fail)?;
        Ok((before, Some(retention)))
    })?;
    let Some(after) = after else {
        if format == Format::Json {
            return ui::print_json(&before);
        }
        ui::print_text(&describe(&before))?;
        return Ok(());
    };
    if format == Format::Json {
        return ui::print_json(&Change { before, after });
    }
    let mut out = String::new();
    if args.files.is_some() {
        out.push_str(&format!("files: {} -> {}\n", before.files, after.files));
    }
    if args.jobs.is_some() {
        out.push_str(&format!("jobs: {} -> {}\n", jobs(before.jobs), jobs(after.jobs)));
    }
    ui::print_text(&out)?;
    Ok(())
}

fn jobs(lifetime: Option<Lifetime>) -> String {
    lifetime.map_or_else(|| "forever".to_owned(), |l| l.to_string())
}

/// Returns the retention as a person reads it.
fn describe(retention: &Retention) -> String {
    let jobs = match retention.jobs {
        Some(lifetime) => format!("{lifetime} after the job ended"),
        None => "forever, until erased".to_owned(),
    };
    format!("files  {} after the tree last stored them\njobs   {jobs}\n", retention.files)
}
