//! `oz0 hold`: legal holds, which keep a job, a tree or a conversation beyond retention and from erasure.

use clap::{Args, Subcommand};
use oz0_core::api::{Edge, Hold, HoldRequest, Scope, TreeId};

use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number, Text};

/// The commands of `oz0 hold`, whose help is its variant's in [`crate::cli::Command`].
#[derive(Debug, Subcommand)]
#[command(after_long_help = EXAMPLES)]
pub enum HoldCommand {
    /// Make a hold on a job, a tree or a conversation.
    Create(HoldCreateArgs),
    /// List the holds in force (all of them with --all), newest first.
    List(HoldListArgs),
    /// Release a hold: what it kept follows retention again, and may be erased.
    Release(HoldReleaseArgs),
}

const EXAMPLES: &str = "\
Examples:
  oz0 hold create --job 01K1N6ZQ4B7V2X9M3P8R5T0W6Y --reason \"case 2026-114\"
  oz0 hold create --conversation support-42
  oz0 hold list --all
  oz0 hold release 3";

/// What a hold or an erasure reaches: one of a job, a job tree or a conversation.
#[derive(Debug, Args)]
#[group(required = true, multiple = false)]
pub struct ScopeArgs {
    /// A job.
    #[arg(long, value_name = "ID", value_parser = parse_job)]
    pub job: Option<TreeId>,

    /// A job tree, named by its first job's ID: its files, and every job of it.
    #[arg(long, value_name = "ID", value_parser = parse_job)]
    pub tree: Option<TreeId>,

    /// A conversation: each of its turns.
    #[arg(long, value_name = "ID", value_parser = parse_job)]
    pub conversation: Option<TreeId>,
}

impl ScopeArgs {
    /// Returns the scope the options name (clap lets exactly one through).
    pub fn scope(&self) -> Result<Scope, CommandError> {
        match (&self.job, &self.tree, &self.conversation) {
            (Some(job), _, _) => Ok(Scope::Job(job.clone())),
            (None, Some(tree), _) => Ok(Scope::Tree(tree.clone())),
            (None, None, Some(conversation)) => Ok(Scope::Conversation(conversation.clone())),
            (None, None, None) => Err(CommandError::usage("name a --job, a --tree or a --conversation")),
        }
    }
}

/// `oz0 hold create`.
#[derive(Debug, Args)]
pub struct HoldCreateArgs {
    #[command(flatten)]
    pub scope: ScopeArgs,

    /// Why: a case, a request, a name (at most 500 characters).
    #[arg(long, value_name = "TEXT")]
    pub reason: Option<String>,
}

/// `oz0 hold list`.
#[derive(Debug, Args)]
pub struct HoldListArgs {
    /// Every hold, released or not.
    #[arg(long)]
    pub all: bool,
}

/// `oz0 hold release`.
#[derive(Debug, Args)]
pub struct HoldReleaseArgs {
    /// The hold's number, as `oz0 hold list` shows it.
    #[arg(value_name = "HOLD")]
    pub id: u64,
}

/// Runs an `oz0 hold` command.
pub fn run(command: HoldCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    match command {
        HoldCommand::Create(args) => {
            let request = HoldRequest { scope: args.scope.scope()?, reason: args.reason.clone() };
            let hold = block_on(async {
                connected
                    .edge
                    .create_hold(&request)
                    .await
                    .map_err(|err| connected.error("could not make the hold", err))
            })?;
            if format == Format::Json {
                return ui::print_json(&hold);
            }
            ui::print_text(&format!("made hold {} on {}{}", hold.id, hold.scope, reason(&hold)))?;
        }
        HoldCommand::List(args) => {
            let holds = block_on(async {
                connected.edge.holds(args.all).await.map_err(|err| connected.error("could not read the holds", err))
            })?;
            if format == Format::Json {
                return ui::print_json(&holds);
            }
            if holds.is_empty() {
                ui::info(if args.all { "no holds" } else { "no hold is in force" });
                return Ok(());
            }
            ui::print_text(&table(&holds, args.all))?;
        }
        HoldCommand::Release(args) => {
            let hold = block_on(async {
                connected
                    .edge
                    .release_hold(args.id)
                    .await
                    .map_err(|err| connected.error("could not release the hold", err))
            })?;
            if format == Format::Json {
                return ui::print_json(&hold);
            }
            ui::print_text(&format!("released hold {} on {}{}", hold.id, hold.scope, reason(&hold)))?;
        }
    }
    Ok(())
}

fn reason(hold: &Hold) -> String {
    hold.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default()
}

/// Returns the holds as a table; with `all`, with who released each and when.
fn table(holds: &[Hold], all: bool) -> String {
    let mut columns = vec![Number("HOLD"), Key("ON"), Key("MADE"), Key("BY")];
    if all {
        columns.extend([Key("RELEASED"), Key("RELEASED BY")]);
    }
    columns.push(Text("REASON"));
    let mut table = ui::table(&columns);
    for hold in holds {
        let mut row =
            vec![hold.id.to_string(), hold.scope.to_string(), hold.created_at.clone(), hold.created_by.clone()];
        if all {
            row.push(hold.released_at.clone().unwrap_or_else(|| "-".to_owned()));
            row.push(hold.released_by.clone().unwrap_or_else(|| "-".to_owned()));
        }
        row.push(hold.reason.clone().unwrap_or_default());
        table.add_row(row);
    }
    ui::table_text(&table)
}
