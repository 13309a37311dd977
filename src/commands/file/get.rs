//! `oz0 file get`: save a file of a job's tree.

use std::path::PathBuf;

use clap::Args;
use oz0_core::api::{Edge, FileRef, TreeId};

use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::ui;

/// Save a file that a tool stored in a job's tree, its digest checked.
///
/// Only the job's own tree is read: a file of another job answers "not found", as one that was never
/// stored. The file is written whole or not at all (a temporary file renamed into place).
#[derive(Debug, Args)]
#[command(
    after_long_help = "Examples:\n  oz0 file get oz0-file:sha256:9f2c... --job 01J... -o archive.tar\n  oz0 file get oz0-file:sha256:9f2c... --job 01J... -o - | head"
)]
pub struct FileGetArgs {
    /// The file's reference, `oz0-file:sha256:<hex>`.
    #[arg(value_name = "REF", value_parser = parse_ref)]
    pub file: FileRef,

    /// The job whose tree holds it.
    #[arg(long, value_name = "ID", value_parser = parse_job)]
    pub job: TreeId,

    /// Where to write it; `-` for stdout.
    #[arg(short, long, value_name = "PATH")]
    pub output: PathBuf,
}

fn parse_ref(value: &str) -> Result<FileRef, String> {
    value.trim().parse::<FileRef>().map_err(|err| err.to_string())
}

/// Runs `oz0 file get`.
pub fn run(args: &FileGetArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let connected = connect(edge)?;
    let bytes = block_on(async {
        connected
            .edge
            .job_file(&args.job, &args.file)
            .await
            .map_err(|err| connected.error(&format!("could not read {} of job {}", args.file, args.job), err))
    })?;
    if args.output.as_os_str() == "-" {
        ui::print_bytes(&bytes)?;
        return Ok(());
    }
    ui::write_file(&args.output, &bytes)?;
    ui::info(&format!("wrote {} bytes to {}", bytes.len(), args.output.display()));
    Ok(())
}
