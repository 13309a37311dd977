//! The `oz0` command line: a thin layer that parses, calls `oz0-core` once or twice, and renders.

mod cli;
mod commands;
mod edge;
mod error;
mod output;
mod stop;
mod ui;

use std::ffi::OsString;
use std::process::ExitCode;

use clap::error::{ContextKind, ContextValue, ErrorKind as ClapErrorKind};

pub use cli::Cli;
pub use error::{CommandError, ErrorKind};

/// Runs the command line `args` (the program name first) and returns its exit code.
pub fn run(args: impl IntoIterator<Item = impl Into<OsString> + Clone>) -> ExitCode {
    let args: Vec<OsString> = args.into_iter().map(Into::into).collect();
    let cli = match Cli::parse_args(&args) {
        Ok(cli) => cli,
        Err(err) => {
            let err = respell(err, &args);
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
            let err = err.explained();
            ui::print_error(&err);
            ExitCode::from(err.kind.exit_code())
        }
    }
}

/// Suggests the visible subcommands nearest an unknown one, never a hidden one, and counts swapped
/// letters as one slip (`oz0 fti` is `oz0 fit`).
fn respell(err: clap::Error, args: &[OsString]) -> clap::Error {
    if err.kind() != ClapErrorKind::InvalidSubcommand {
        return err;
    }
    let Some(ContextValue::String(word)) = err.get(ContextKind::InvalidSubcommand).cloned() else { return err };
    let mut cmd = Cli::definition();
    // The command the word was given to: the last one the arguments before it name.
    for arg in args.iter().skip(1).map(|a| a.to_string_lossy()) {
        if arg == word.as_str() {
            break;
        }
        if let Some(sub) = cmd.find_subcommand(arg.as_ref()).cloned() {
            cmd = sub;
        }
    }
    let known: Vec<&str> = cmd
        .get_subcommands()
        .filter(|sub| !sub.is_hide_set())
        .flat_map(|sub| std::iter::once(sub.get_name()).chain(sub.get_visible_aliases()))
        .collect();
    let near: Vec<String> = oz0_core::spelling::nearest(&word, known).into_iter().map(str::to_owned).collect();
    let mut respelt = clap::Error::new(ClapErrorKind::InvalidSubcommand).with_cmd(&cmd);
    respelt.insert(ContextKind::InvalidSubcommand, ContextValue::String(word));
    if !near.is_empty() {
        respelt.insert(ContextKind::SuggestedSubcommand, ContextValue::Strings(near));
    }
    for kind in [ContextKind::Suggested, ContextKind::Usage] {
        if let Some(value) = err.get(kind).cloned() {
            respelt.insert(kind, value);
        }
    }
    respelt
}
