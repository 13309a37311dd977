//! `oz0 policy`: what the tenant lets tools do.

use clap::{Args, Subcommand};
use oz0_core::api::{Edge, Effect, Rule};

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Text};

/// Decide what tools may do: allow a call, deny it, or have it wait for a person's approval.
///
/// A pattern is `tool.function`, `tool.*` (every function of the tool, and its model requests),
/// `tool.sampling` (the tool's own model requests) or `*`. The most specific rule wins; with no rule a
/// call is allowed. A plugin's `requires_approval` asks for its functions unless a rule names the call
/// itself. Rules are checked for every call, a model's, a flow step's and a person's, with the
/// arguments it will be made with. Changing them needs the admin role, and is audited.
#[derive(Debug, Subcommand)]
#[command(after_long_help = EXAMPLES)]
pub enum PolicyCommand {
    /// Let calls of PATTERN be made.
    Allow(RuleArgs),
    /// Refuse calls of PATTERN.
    Deny(RuleArgs),
    /// Have calls of PATTERN wait for a person's approval (`oz0 approval`).
    Ask(RuleArgs),
    /// List the rules.
    List,
    /// Remove the rule of PATTERN.
    Remove(RemoveArgs),
}

const EXAMPLES: &str = "\
Examples:
  oz0 policy ask acme_docs.get_page --reason \"pages may be private\"
  oz0 policy deny 'workbench.*'
  oz0 policy ask notes.sampling
  oz0 policy list
  oz0 policy remove 'workbench.*'";

/// A rule to set.
#[derive(Debug, Args)]
pub struct RuleArgs {
    /// `tool.function`, `tool.*`, `tool.sampling` or `*`.
    pub pattern: String,
    /// Why, for whoever is refused or asked.
    #[arg(long)]
    pub reason: Option<String>,
}

/// `oz0 policy remove`.
#[derive(Debug, Args)]
pub struct RemoveArgs {
    /// The rule's pattern.
    pub pattern: String,
}

/// Runs an `oz0 policy` command.
pub fn run(command: PolicyCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let set = |args: RuleArgs, effect: Effect| Rule { pattern: args.pattern, effect, reason: args.reason };
    let rule = match command {
        PolicyCommand::Allow(args) => set(args, Effect::Allow),
        PolicyCommand::Deny(args) => set(args, Effect::Deny),
        PolicyCommand::Ask(args) => set(args, Effect::Ask),
        PolicyCommand::List => {
            let rules = block_on(async {
                connected.edge.rules().await.map_err(|err| connected.error("could not read the tool policy", err))
            })?;
            if format == Format::Json {
                return ui::print_json(&rules);
            }
            if rules.is_empty() {
                ui::print_text("no rules: every call is allowed")?;
                return Ok(());
            }
            let mut table = ui::table(&[Key("PATTERN"), Key("EFFECT"), Text("REASON")]);
            for rule in &rules {
                table.add_row([
                    rule.pattern.clone(),
                    rule.effect.as_str().to_owned(),
                    rule.reason.clone().unwrap_or_default(),
                ]);
            }
            ui::print_text(&ui::table_text(&table))?;
            return Ok(());
        }
        PolicyCommand::Remove(args) => {
            let removed = block_on(async {
                connected
                    .edge
                    .remove_rule(&args.pattern)
                    .await
                    .map_err(|err| connected.error("could not remove the rule", err))
            })?;
            ui::print_text(&format!("removed {} {}", removed.effect.as_str(), removed.pattern))?;
            return Ok(());
        }
    };
    let old = block_on(async {
        connected.edge.set_rule(&rule).await.map_err(|err| connected.error("could not set the rule", err))
    })?;
    let was = old.map(|old| format!(" (was {})", old.effect.as_str())).unwrap_or_default();
    ui::print_text(&format!("{} {}{was}", rule.effect.as_str(), rule.pattern))?;
    Ok(())
}
