//! `oz0 conversation`: list conversations, show one's turns, and fork one from a turn.

use clap::{Args, Subcommand};
use oz0_core::api::{Conversation, Edge, ForkRequest, JobState, TreeId};

use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number, Text};
use oz0_core::trace::dollars;

/// List the tenant's conversations, show one's turns, and fork one from a turn.
///
/// A conversation is a run of an agent and the runs that go on with it (`oz0 run AGENT --conversation
/// new`, then `--conversation ID`), each turn a job. A turn reads what the turns before it said and
/// the files they stored; a fork begins with a conversation's turns up to one, and reads no file a
/// later turn stored.
#[derive(Debug, Subcommand)]
pub enum ConversationCommand {
    List(ListArgs),
    Show(ShowArgs),
    Fork(ForkArgs),
}

/// List the tenant's conversations, newest first: ID, turns, the last turn's agent and state.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// How many conversations to show.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub limit: u32,
}

/// Show a conversation's turns: each turn's job, agent, state, cost and what it was asked.
#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The conversation's ID, as `oz0 conversation list` shows it.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,
}

/// Fork a conversation from one of its turns, and print the new conversation's ID.
///
/// The fork begins with the conversation's turns 1 to N; its next turn (`oz0 run AGENT --conversation
/// NEW_ID`) reads what they said and the files they stored, never a later turn's.
#[derive(Debug, Args)]
#[command(after_long_help = "Examples:\n  oz0 conversation fork 01K1N6ZQ4B7V2X9M3P8R5T0W6Y --turn 1")]
pub struct ForkArgs {
    /// The conversation's ID.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,

    /// The last turn the fork begins with.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..))]
    pub turn: u32,
}

/// Runs an `oz0 conversation` command.
pub fn run(command: ConversationCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    match command {
        ConversationCommand::List(args) => {
            let listed = block_on(async {
                let fail = |err| connected.error("could not list the conversations", err);
                connected.edge.conversations(args.limit).await.map_err(fail)
            })?;
            if format == Format::Json {
                return ui::print_json(&listed);
            }
            if listed.is_empty() {
                ui::info("no conversations yet; `oz0 run AGENT --conversation new` starts one");
                return Ok(());
            }
            let mut table = ui::table(&[
                Key("ID"),
                Number("TURNS"),
                Key("STATE"),
                Key("STARTED"),
                Key("AGENT"),
                Text("FORKED FROM"),
            ]);
            for conversation in &listed {
                table.add_row([
                    conversation.id.to_string(),
                    conversation.turns.to_string(),
                    conversation.state.map_or("-", JobState::as_str).to_owned(),
                    conversation.started_at.clone(),
                    conversation.agent.clone().unwrap_or_else(|| "-".to_owned()),
                    conversation
                        .forked_from
                        .as_ref()
                        .map_or_else(|| "-".to_owned(), |f| format!("{} at turn {}", f.conversation, f.turn)),
                ]);
            }
            ui::print_text(&ui::table_text(&table))?;
            Ok(())
        }
        ConversationCommand::Show(args) => {
            let conversation = block_on(async {
                let fail = |err| connected.error("could not read the conversation", err);
                connected.edge.conversation(&args.id).await.map_err(fail)
            })?;
            if format == Format::Json {
                return ui::print_json(&conversation);
            }
            ui::print_text(&render(&conversation))?;
            Ok(())
        }
        ConversationCommand::Fork(args) => {
            let fork = block_on(async {
                let fail = |err| connected.error(&format!("could not fork the conversation {}", args.id), err);
                connected.edge.fork_conversation(&args.id, &ForkRequest { turn: args.turn }).await.map_err(fail)
            })?;
            if format == Format::Json {
                return ui::print_json(&fork);
            }
            ui::info(&format!(
                "forked {} at turn {}: go on with `oz0 run AGENT --conversation {}`",
                args.id, args.turn, fork.id
            ));
            ui::print_text(fork.id.as_str())?;
            Ok(())
        }
    }
}

/// Returns a conversation as text: where it came from, then a line a turn.
fn render(conversation: &Conversation) -> String {
    let mut out =
        format!("conversation {}, started {} by {}", conversation.id, conversation.started_at, conversation.person);
    if let Some(from) = &conversation.forked_from {
        out.push_str(&format!(", forked from {} at turn {}", from.conversation, from.turn));
    }
    out.push('\n');
    if conversation.turns.is_empty() {
        out.push_str("  no turns yet\n");
        return out;
    }
    let mut table =
        ui::table(&[Number("TURN"), Key("JOB"), Key("AGENT"), Key("STATE"), Number("STEPS"), Number("COST")]);
    ui::indent(&mut table, 2);
    for turn in &conversation.turns {
        table.add_row([
            turn.turn.to_string(),
            turn.job.id.to_string(),
            turn.job.name.clone(),
            turn.job.state.as_str().to_owned(),
            turn.job.steps.to_string(),
            dollars(turn.job.cost_usd),
        ]);
    }
    out.push_str(&ui::table_text(&table));
    out
}
