//! `oz0 approval`: the calls waiting for a person's yes, and the answers given.

use clap::{Args, Subcommand};
use oz0_core::api::{Approval, Decision, Edge};

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number, Text};

/// See and answer the calls that wait for a person's approval (the tool policy's `ask`).
///
/// Each shows exactly what will happen: the function and the arguments it will be made with, or for a
/// tool's model request the system prompt and the messages the model would read. The call is made
/// with what was shown, never anything else; no answer by the end of the call's time refuses it.
/// Answering needs the content role, and is audited with who and when.
#[derive(Debug, Subcommand)]
#[command(after_long_help = EXAMPLES)]
pub enum ApprovalCommand {
    /// List the approvals that wait (all of them with --all).
    List(ListArgs),
    /// Show one approval, with what it would let happen.
    Show(ShowArgs),
    /// Let the call be made, exactly as shown.
    Approve(DecideArgs),
    /// Refuse the call.
    Deny(DecideArgs),
}

const EXAMPLES: &str = "\
Examples:
  oz0 approval list
  oz0 approval show 3
  oz0 approval approve 3
  oz0 approval deny 3 --reason \"not on production data\"";

/// `oz0 approval list`.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// Every approval, answered or not.
    #[arg(long)]
    pub all: bool,
}

/// `oz0 approval show`.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The approval's number.
    pub id: u64,
}

/// `oz0 approval approve|deny`.
#[derive(Debug, Args)]
pub struct DecideArgs {
    /// The approval's number.
    pub id: u64,
    /// Why.
    #[arg(long)]
    pub reason: Option<String>,
}

/// Runs an `oz0 approval` command.
pub fn run(command: ApprovalCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    match command {
        ApprovalCommand::List(args) => {
            let approvals = block_on(async {
                connected
                    .edge
                    .approvals(args.all)
                    .await
                    .map_err(|err| connected.error("could not read the approvals", err))
            })?;
            if format == Format::Json {
                return ui::print_json(&approvals);
            }
            if approvals.is_empty() {
                ui::print_text(if args.all { "no approvals" } else { "no approval waits" })?;
                return Ok(());
            }
            let mut table = ui::table(&[Number("ID"), Key("STATE"), Key("CALL"), Key("JOB"), Key("ASKED"), Text("BY")]);
            for a in &approvals {
                table.add_row([
                    a.id.to_string(),
                    a.state.as_str().to_owned(),
                    a.target.clone(),
                    a.job.to_string(),
                    a.asked_at.clone(),
                    a.decided_by.clone().unwrap_or_default(),
                ]);
            }
            ui::print_text(&ui::table_text(&table))?;
        }
        ApprovalCommand::Show(args) => {
            let approval = block_on(async {
                connected
                    .edge
                    .approval(args.id)
                    .await
                    .map_err(|err| connected.error("could not read the approval", err))
            })?;
            if format == Format::Json {
                return ui::print_json(&approval);
            }
            ui::print_text(&describe(&approval))?;
        }
        ApprovalCommand::Approve(args) => answer(&connected, &args, true)?,
        ApprovalCommand::Deny(args) => answer(&connected, &args, false)?,
    }
    Ok(())
}

fn answer(connected: &crate::edge::Connected, args: &DecideArgs, approve: bool) -> Result<(), CommandError> {
    let decision = Decision { approve, reason: args.reason.clone() };
    let approval = block_on(async {
        connected
            .edge
            .decide(args.id, &decision)
            .await
            .map_err(|err| connected.error("could not answer the approval", err))
    })?;
    ui::print_text(&format!("approval {} {}: {}", approval.id, approval.state.as_str(), approval.target))?;
    Ok(())
}

/// Returns an approval as a person reads it: what will happen, and where it stands.
pub fn describe(approval: &Approval) -> String {
    let mut out = format!(
        "approval {}: {} ({})\n  job      {}\n  asked    {} by {}\n  expires  {}\n",
        approval.id,
        approval.target,
        approval.state.as_str(),
        approval.job,
        approval.asked_at,
        approval.rule,
        approval.expires_at
    );
    if let Some(by) = &approval.decided_by {
        let reason = approval.reason.as_deref().map(|r| format!(": {r}")).unwrap_or_default();
        out.push_str(&format!("  answered by {by} at {}{reason}\n", approval.decided_at.as_deref().unwrap_or("?")));
    }
    out.push_str("  it will run with:\n");
    let view = serde_json::to_string_pretty(&approval.view).unwrap_or_default();
    for line in view.lines() {
        out.push_str(&format!("    {line}\n"));
    }
    out
}
