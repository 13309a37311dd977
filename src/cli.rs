//! The command line's shape: `oz0 <command>`.

use clap::{Parser, Subcommand, ValueEnum};

use crate::commands::edge::EdgeCommand;
use crate::commands::fit::FitArgs;
use crate::commands::plugin::PluginCommand;
use crate::commands::tenant::TenantCommand;
use crate::commands::util::UtilCommand;
use crate::edge::EdgeArgs;

/// The command-line toolkit of the oz0 agent platform.
///
/// Fit any document to a token budget (`oz0 fit`); lint a plugin before you release it
/// (`oz0 plugin lint`); set the tenant's offload (`oz0 tenant offload`); serve an edge for a team
/// (`oz0 edge serve`).
///
/// Commands that need the platform talk to the embedded edge, whose state is under $OZ0_HOME, unless
/// --edge, OZ0_EDGE or a profile of $XDG_CONFIG_HOME/oz0/config.toml names one over HTTP.
#[derive(Debug, Parser)]
#[command(name = "oz0", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,

    #[command(flatten)]
    pub edge: EdgeArgs,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    Fit(FitArgs),
    /// Lint a plugin and measure its MCP servers.
    #[command(subcommand)]
    Plugin(PluginCommand),
    /// Read and change the tenant's settings.
    #[command(subcommand)]
    Tenant(TenantCommand),
    /// Run a shared edge, make tokens, and see which edge commands talk to.
    #[command(subcommand)]
    Edge(EdgeCommand),
    /// Generate completions and man pages.
    #[command(subcommand, hide = true)]
    Util(UtilCommand),
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
