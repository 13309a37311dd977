//! `oz0 util man DIR`.

use std::path::PathBuf;

use clap::{Args, CommandFactory};

use crate::cli::Cli;
use crate::error::CommandError;

/// Write the man pages of oz0 and each of its commands into a folder.
#[derive(Debug, Args)]
pub struct UtilManArgs {
    /// The folder to write `oz0.1`, `oz0-fit.1`, ... into; created if missing.
    pub dir: PathBuf,
}

/// Writes one man page a command, the hidden ones left out.
pub fn run(args: &UtilManArgs) -> Result<(), CommandError> {
    fs_err::create_dir_all(&args.dir).map_err(|err| {
        CommandError::operational(format!("could not create '{}'", args.dir.display())).caused_by(err)
    })?;
    let command = Cli::command();
    clap_mangen::generate_to(command, &args.dir).map_err(|err| {
        CommandError::operational(format!("could not write man pages into '{}'", args.dir.display())).caused_by(err)
    })?;
    // Hidden commands are for packagers, not readers of man pages.
    for entry in fs_err::read_dir(&args.dir)
        .map_err(|err| CommandError::operational("could not list the man pages").caused_by(err))?
    {
        let path =
            entry.map_err(|err| CommandError::operational("could not list the man pages").caused_by(err))?.path();
        if path.file_name().is_some_and(|n| n.to_string_lossy().starts_with("oz0-util")) {
            fs_err::remove_file(&path)
                .map_err(|err| CommandError::operational("could not remove a hidden page").caused_by(err))?;
        }
    }
    Ok(())
}
