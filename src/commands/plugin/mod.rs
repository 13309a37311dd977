//! `oz0 plugin`: lint a plugin's manifest and measure its MCP servers; install, list and remove the
//! tenant's plugins.

mod folder;
pub mod install;
pub mod lint;
pub mod list;
pub mod measure;
pub mod remove;
mod report;

use clap::Subcommand;

use crate::edge::EdgeArgs;
use crate::error::CommandError;

/// Lint a plugin and measure its MCP servers; install, list and remove the tenant's plugins.
#[derive(Debug, Subcommand)]
pub enum PluginCommand {
    Lint(lint::PluginLintArgs),
    Measure(measure::PluginMeasureArgs),
    Install(install::PluginInstallArgs),
    /// List the tenant's installed plugins, their tools and each tool's functions.
    List,
    Remove(remove::PluginRemoveArgs),
}

/// Runs an `oz0 plugin` command.
pub fn run(command: PluginCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    match command {
        PluginCommand::Lint(args) => lint::run(&args),
        PluginCommand::Measure(args) => measure::run(&args),
        PluginCommand::Install(args) => install::run(&args, edge),
        PluginCommand::List => list::run(edge),
        PluginCommand::Remove(args) => remove::run(&args, edge),
    }
}
