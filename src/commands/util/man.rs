//! `oz0 util man DIR`.

use std::path::PathBuf;

use clap::Args;

use crate::error::CommandError;

/// Write the man pages of oz0 and each of its commands into a folder.
#[derive(Debug, Args)]
pub struct UtilManArgs {
    /// The folder to write `oz0.1`, `oz0-fit.1`, ... into; created if missing.
    pub dir: PathBuf,
}

/// Writes one man page a command, the hidden ones left out.
pub fn run(args: &UtilManArgs, command: clap::Command) -> Result<(), CommandError> {
    fs_err::create_dir_all(&args.dir).map_err(|err| {
        CommandError::operational(format!("could not create '{}'", args.dir.display())).caused_by(err)
    })?;
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
            continue;
        }
        // Every page says what its exit status means and which variables it reads.
        let mut page = fs_err::read_to_string(&path)
            .map_err(|err| CommandError::operational("could not read a man page").caused_by(err))?;
        page.push_str(SECTIONS);
        fs_err::write(&path, page)
            .map_err(|err| CommandError::operational("could not write a man page").caused_by(err))?;
    }
    Ok(())
}

/// The sections every page ends with, in roff.
const SECTIONS: &str = r#".SH "EXIT STATUS"
.TP
\fB0\fR
It worked.
.TP
\fB1\fR
It ran and failed: findings of errors, a failed call or job, a refusal.
.TP
\fB2\fR
It could not run: a wrong argument or file, or an edge that does not answer.
.TP
\fB130\fR
It was interrupted (Ctrl-C); a call or job under way is cancelled.
.SH ENVIRONMENT
.TP
\fBOZ0_HOME\fR
The folder of the embedded edge's state; left out, the platform's data folder.
.TP
\fBOZ0_EDGE\fR, \fBOZ0_TOKEN\fR, \fBOZ0_PROFILE\fR
The edge to talk to over HTTP, its token, and the profile of the config file, as \-\-edge, \-\-token and \-\-profile.
.TP
\fBOZ0_MASTER_KEY\fR, \fBOZ0_NEW_MASTER_KEY\fR
The edge key that seals the plugins' secrets, 32 bytes in base64, instead of the file \fIedge.key\fR of the edge's data folder; and the new key \fBoz0 edge rotate\-key\fR seals them with.
.TP
\fBXDG_CONFIG_HOME\fR
Where \fIoz0/config.toml\fR, the profiles, is read from.
.TP
\fBOZ0_LOG\fR
What oz0 logs on stderr, as a tracing filter such as \fIinfo\fR or \fIoz0_edge=debug\fR.
.TP
\fBNO_COLOR\fR
Set, to print without colour.
"#;
