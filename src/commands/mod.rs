//! One file a command; each parses its arguments, calls the core once or twice, and renders.

pub mod edge;
pub mod fit;
pub mod plugin;
pub mod tenant;
pub mod util;

use crate::cli::{Cli, Command};
use crate::error::CommandError;

/// Runs the command the command line names.
pub fn run(cli: Cli) -> Result<(), CommandError> {
    match cli.command {
        Command::Fit(args) => fit::run(&args),
        Command::Plugin(command) => plugin::run(command),
        Command::Tenant(on) => tenant::run(on.command, &on.edge),
        Command::Edge(on) => edge::run(on.command, &on.edge),
        Command::Util(command) => util::run(command),
    }
}
