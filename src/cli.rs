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
use crate::error::CommandError;

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
    /// Open the embedded edge's console in a browser: jobs, traces, costs and approvals.
    Console(crate::commands::console::ConsoleArgs),
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

/// How every command prints, given before the command or after it.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Output {
    /// How to print data: `text` for people, `json` for programs, or a command's own: `jsonl` (`oz0 run`,
    /// `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`).
    #[arg(long, global = true, value_enum, value_name = "FORMAT", help_heading = "Output options")]
    pub format: Option<FormatName>,

    /// Print data and errors only: no notes, no progress.
    #[arg(short, long, global = true, conflicts_with = "verbose", help_heading = "Output options")]
    pub quiet: bool,

    /// Print more: the log messages a tool's server sent (`oz0 tool call`, `oz0 job trace`).
    #[arg(short, long, global = true, help_heading = "Output options")]
    pub verbose: bool,

    /// When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN", help_heading = "Output options")]
    pub color: ColorWhen,
}

/// Every format a command may print; each command takes some of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatName {
    Text,
    Json,
    Jsonl,
    Sarif,
    Csv,
}

/// When to colour.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
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

/// Returns the format the command line asks for as the command's own `F`, or `F`'s default when it asks
/// for none; a format the command does not print is a usage error naming those it does.
pub fn format<F: ValueEnum + Default>() -> Result<F, CommandError> {
    let Some(name) = crate::ui::output().format else { return Ok(F::default()) };
    let name = name.to_possible_value().map(|v| v.get_name().to_owned()).unwrap_or_default();
    F::from_str(&name, false).map_err(|_| {
        let names: Vec<String> = F::value_variants()
            .iter()
            .filter_map(F::to_possible_value)
            .map(|v| format!("`{}`", v.get_name()))
            .collect();
        CommandError::usage(format!("this command does not print `--format {name}`"))
            .hint(format!("it prints {}", names.join(" or ")))
    })
}
