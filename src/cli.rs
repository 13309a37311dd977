//! The command line's shape: `oz0 <command>`.

use clap::{Parser, Subcommand, ValueEnum};

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
    /// Install agents and flows on the edge, and list them.
    Agent(OnEdge<AgentCommand>),
    /// Read and change the tenant's settings.
    Tenant(OnEdge<TenantCommand>),
    /// Decide what tools may do: allow, deny, or ask a person first.
    Policy(OnEdge<crate::commands::policy::PolicyCommand>),
    /// See and answer the calls that wait for a person's approval.
    Approval(OnEdge<crate::commands::approval::ApprovalCommand>),
    /// What the tenant spent, by day, job, agent, plugin, service or model; and its export.
    Usage(crate::commands::usage::UsageArgs),
    /// Run a shared edge, make tokens, and see which edge commands talk to.
    Edge(OnEdge<EdgeCommand>),
    /// Generate completions and man pages.
    #[command(subcommand, hide = true)]
    Util(UtilCommand),
}

impl Cli {
    /// Returns whether the command serves an edge, whose log lines a team reads later.
    pub fn serves(&self) -> bool {
        matches!(&self.command, Command::Edge(OnEdge { command: EdgeCommand::Serve(_), .. }))
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

/// How a command prints its data.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// For programs: JSON on stdout.
    Json,
}
