//! The command line's shape: `oz0 <command>`.

use clap::{Parser, Subcommand, ValueEnum};

use crate::commands::fit::FitArgs;
use crate::commands::plugin::PluginCommand;
use crate::commands::util::UtilCommand;

/// The command-line toolkit of the oz0 agent platform.
///
/// Fit any document to a token budget (`oz0 fit`); lint a plugin before you release it
/// (`oz0 plugin lint`).
#[derive(Debug, Parser)]
#[command(name = "oz0", version, propagate_version = true, max_term_width = 100)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

/// The commands.
#[derive(Debug, Subcommand)]
pub enum Command {
    Fit(FitArgs),
    /// Lint a plugin and measure its MCP servers.
    #[command(subcommand)]
    Plugin(PluginCommand),
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
