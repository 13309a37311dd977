//! The `oz0` command line: a thin layer that parses, calls `oz0-core` once or twice, and renders.

mod cli;
mod commands;
mod edge;
mod error;
mod ui;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::Parser;

pub use cli::Cli;
pub use error::{CommandError, ErrorKind};

/// Runs the command line `args` (the program name first) and returns its exit code.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(err) => {
            // Help and version go to stdout with 0; usage errors to stderr with 2.
            let _ = err.print();
            return ExitCode::from(if err.use_stderr() { 2 } else { 0 });
        }
    };
    ui::init_log(cli.serves());
    match commands::run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.is_broken_pipe() => ExitCode::SUCCESS,
        Err(err) => {
            ui::print_error(&err);
            ExitCode::from(err.kind.exit_code())
        }
    }
}
