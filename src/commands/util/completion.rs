//! `oz0 util completion SHELL`.

use clap::Args;
use clap_complete::Shell;

use crate::error::CommandError;

/// Print the completion script of a shell.
#[derive(Debug, Args)]
pub struct UtilCompletionArgs {
    /// The shell to complete for.
    pub shell: Shell,
}

/// Writes the completion script to stdout.
pub fn run(args: &UtilCompletionArgs, mut command: clap::Command) -> Result<(), CommandError> {
    let mut out = Vec::new();
    clap_complete::generate(args.shell, &mut command, "oz0", &mut out);
    crate::ui::print_bytes(&out)?;
    Ok(())
}
