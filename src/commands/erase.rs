//! `oz0 erase`: remove the payloads of a job, a tree or a conversation, keeping its numbers.

use clap::Args;
use oz0_core::api::{Edge, Erasure};

use crate::commands::hold::ScopeArgs;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;

/// Erase what a job, a job tree or a conversation holds, keeping its numbers.
///
/// Removes what its jobs were asked and answered, their messages, their steps' texts and the files of
/// their trees, at once and for good; their steps, tokens and costs stay, and each job reads as erased
/// (`oz0 job get`), its files as not found. A job goes with the files of its tree, a tree with its files
/// and jobs, a conversation with each turn and its files. What a legal hold reaches is refused, naming
/// the hold (`oz0 hold release` it first), and so is a job that still runs. Erasing again removes
/// nothing more. The admin role is needed; an erasure is audited as `job.erased`, with what it removed.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct EraseArgs {
    #[command(flatten)]
    pub scope: ScopeArgs,
}

const EXAMPLES: &str = "\
Examples:
  oz0 erase --job 01K1N6ZQ4B7V2X9M3P8R5T0W6Y
  oz0 erase --conversation support-42 --format json";

/// Runs `oz0 erase`.
pub fn run(args: &EraseArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let scope = args.scope.scope()?;
    let connected = connect(edge)?;
    let erasure =
        block_on(async { connected.edge.erase(&scope).await.map_err(|err| connected.error("could not erase", err)) })?;
    if format == Format::Json {
        return ui::print_json(&erasure);
    }
    ui::print_text(&describe(&erasure))?;
    Ok(())
}

/// Returns what an erasure removed, in words.
fn describe(erasure: &Erasure) -> String {
    let e = &erasure.erased;
    if e.jobs == 0 && e.files == 0 && e.messages == 0 && e.steps == 0 {
        return format!("erased {}: nothing was left to remove", erasure.scope);
    }
    let count = |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    format!(
        "erased {}: {}, {}, {}, {}; steps, tokens and costs are kept",
        erasure.scope,
        count(e.jobs, "job's payloads", "jobs' payloads"),
        count(e.files, "file", "files"),
        count(e.messages, "message", "messages"),
        count(e.steps, "step's texts", "steps' texts"),
    )
}
