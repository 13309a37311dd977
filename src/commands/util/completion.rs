//! `oz0 util completion SHELL`.

use clap::{Args, CommandFactory};
use clap_complete::Shell;

use crate::cli::Cli;
use crate::error::CommandError;

/// Print the completion script of a shell.
#[derive(Debug, Args)]
pub struct UtilCompletionArgs {
    /// The shell to complete for.
    pub shell: Shell,
}

/// Writes the completion script to stdout.
pub fn run(args: &UtilCompletionArgs) -> Result<(), CommandError> {
    let mut command = Cli::command();
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "oz0", &mut out);
    crate::ui::print_bytes(&out)?;
    Ok(())
}
