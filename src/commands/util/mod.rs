//! `oz0 util`: what packagers need, generated from the command line's own definition.

pub mod completion;
pub mod man;

use clap::Subcommand;

use crate::error::CommandError;

/// Generate completions and man pages.
#[derive(Debug, Subcommand)]
pub enum UtilCommand {
    Completion(completion::UtilCompletionArgs),
    Man(man::UtilManArgs),
}

/// Runs an `oz0 util` command on the command line's `definition`.
pub fn run(command: UtilCommand, definition: clap::Command) -> Result<(), CommandError> {
    match command {
        UtilCommand::Completion(args) => completion::run(&args, definition),
        UtilCommand::Man(args) => man::run(&args, definition),
    }
}
