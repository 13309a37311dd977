//! The command line's shape: `oz0 <command>`.

use clap::{Parser, Subcommand};

use crate::commands::agent::AgentCommand;
use crate::commands::edge::EdgeCommand;
use crate::commands::file::FileCommand;
use crate::commands::fit::FitArgs;
use crate::commands::job::JobCommand;
use crate::commands::plugin::PluginCommand;
use crate::commands::run::RunArgs;
use crate::commands::tenant::TenantCommand;
use crate::commands::tool::ToolCommand;
use crate::commands::util::UtilCommand;
use crate::edge::EdgeArgs;
use crate::output::Output;

/// The command-line toolkit of the oz0 agent platform.
///
/// Fit any document to a token budget (`oz0 fit`); lint a plugin before you release it
/// (`oz0 plugin lint`), install it (`oz0 plugin install`) and call its tools by hand (`oz0 tool call`);
/// run agents and flows (`oz0 run`) and read what a job did (`oz0 job trace`); set the tenant's offload (`oz0 tenant offload`); serve an
/// edge for a team (`oz0 edge serve`).
///
/// Commands that need the platform talk to the embedded edge, whose state is under $OZ0_HOME, unless
/// --edge, OZ0_EDGE or a profile of $XDG_CONFIG_HOME/oz0/config.toml names one over HTTP.
#[derive(Debug, Parser)]
#[command(name = "oz0", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    /// Which edge commands talk to: before the command or after it, as `oz0 --edge URL job list`.
    #[command(flatten)]
    pub edge: EdgeArgs,

    /// How commands print: before the command or after it, as `oz0 --format json job list`.
    #[command(flatten)]
    pub output: Output,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    Fit(FitArgs),
    /// Lint, measure, install, list and remove plugins.
    Plugin(OnEdge<PluginCommand>),
    /// Call an installed tool's function by hand.
    Tool(OnEdge<ToolCommand>),
    /// List jobs, show one, and read its trace.
    Job(OnEdge<JobCommand>),
    /// Save the files tools stored in a job's tree.
    File(OnEdge<FileCommand>),
    /// Run an agent or a flow, and follow it live.
    Run(RunOnEdge),
    /// List conversations, show one's turns, and fork one from a turn.
    Conversation(OnEdge<crate::commands::conversation::ConversationCommand>),
    /// Measure what an offload threshold saves on your own agent, in pairs of runs.
    CompareSavings(OnEdge<crate::commands::compare_savings::CompareSavingsCommand>),
    /// Install agents and flows on the edge, and list them.
    Agent(OnEdge<AgentCommand>),
    /// Read and change the tenant's settings.
    Tenant(OnEdge<TenantCommand>),
    /// Decide what tools may do: allow, deny, or ask a person first.
    Policy(OnEdge<crate::commands::policy::PolicyCommand>),
    /// See and answer the calls that wait for a person's approval.
    Approval(OnEdge<crate::commands::approval::ApprovalCommand>),
    /// Keep a job, a tree or a conversation beyond retention and from erasure.
    ///
    /// A hold on a job keeps its history (what it was asked and answered, its messages, its trace's
    /// texts) past the jobs' retention; on a conversation, each of its turns'; on a job tree, the files
    /// of the tree past the files' retention and its jobs' histories. A job's or a conversation's hold
    /// keeps no files: hold the tree (`--tree`, named by its first job's ID) for those. `oz0 erase` of
    /// anything a hold reaches is refused, naming the hold, until the hold is released. Every command
    /// needs the admin role; making and releasing a hold are audited as `hold.create` and `hold.release`.
    Hold(OnEdge<crate::commands::hold::HoldCommand>),
    Erase(crate::commands::erase::EraseArgs),
    /// What the tenant spent, by day, job, agent, plugin, service or model; and its export.
    Usage(crate::commands::usage::UsageArgs),
    /// Open the embedded edge's console in a browser: jobs, traces, costs and approvals.
    Console(crate::commands::console::ConsoleArgs),
    /// Serve the tenant's tools to any MCP client, fitted and offloaded as for the platform's agents.
    Mcp(OnEdge<crate::commands::mcp::McpCommand>),
    /// Run a shared edge, make tokens, and see which edge commands talk to.
    Edge(OnEdge<EdgeCommand>),
    /// Generate completions and man pages.
    #[command(subcommand, hide = true)]
    Util(UtilCommand),
}

/// The commands that never talk to an edge, whose help leaves out the edge's options.
const LOCAL: &[&[&str]] = &[&["fit"], &["plugin", "lint"], &["plugin", "measure"]];

impl Cli {
    /// Returns the command line's definition, for parsing, help, completions and man pages: [`Cli`]'s,
    /// with the edge's global options hidden from the commands that never talk to an edge (they are
    /// still accepted there, as everywhere).
    pub fn definition() -> clap::Command {
        let mut cmd = <Self as clap::CommandFactory>::command();
        // Building copies the global options into every command, where they can then be hidden.
        cmd.build();
        LOCAL.iter().fold(cmd, |cmd, path| hide_edge_options(cmd, path))
    }

    /// Parses the command line, as [`clap::Parser::try_parse_from`] with [`Cli::definition`].
    pub fn parse_args(args: &[std::ffi::OsString]) -> Result<Self, clap::Error> {
        use clap::FromArgMatches;
        Self::from_arg_matches(&Self::definition().try_get_matches_from(args)?)
    }

    /// Returns whether the command serves an edge, whose log lines a team reads later.
    pub fn serves(&self) -> bool {
        matches!(&self.command, Command::Edge(OnEdge { command: EdgeCommand::Serve(_), .. }))
    }
}

/// Hides `--edge`, `--token` and `--profile` from the help of the command at `path` under `cmd`, which
/// is built: each argument is changed where it is (`mut_args`), since the parser of a built command
/// finds its arguments by their place (`mut_arg` would move one to the end).
fn hide_edge_options(cmd: clap::Command, path: &[&str]) -> clap::Command {
    match path.split_first() {
        Some((name, rest)) => cmd.mut_subcommand(*name, |sub| hide_edge_options(sub, rest)),
        None => cmd.mut_args(|arg| {
            let edge = ["edge", "token", "profile"].contains(&arg.get_id().as_str());
            if edge { arg.hide(true) } else { arg }
        }),
    }
}

/// A command that talks to the edge, which the global options choose.
#[derive(Debug, clap::Args)]
pub struct OnEdge<C: Subcommand> {
    #[command(subcommand)]
    pub command: C,
}

/// `oz0 run`, which talks to the edge the global options choose.
#[derive(Debug, clap::Args)]
pub struct RunOnEdge {
    #[command(flatten)]
    pub args: RunArgs,
}
