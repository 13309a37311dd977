//! All printing: data to stdout, diagnostics and progress to stderr, colours only where wanted.

use std::io::{IsTerminal, Write};

use anstyle::{AnsiColor, Style};

use crate::error::CommandError;

const ERROR: Style = AnsiColor::Red.on_default().bold();
const WARNING: Style = AnsiColor::Yellow.on_default().bold();
const HINT: Style = AnsiColor::Cyan.on_default().bold();
const DIM: Style = Style::new().dimmed();

fn stderr() -> anstream::AutoStream<std::io::StderrLock<'static>> {
    anstream::AutoStream::auto(std::io::stderr().lock())
}

/// Writes `text` to stdout as it is, ending it with a newline when it has none and is not empty.
pub fn print_text(text: &str) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(text.as_bytes())?;
    if !text.is_empty() && !text.ends_with('\n') {
        out.write_all(b"\n")?;
    }
    out.flush()
}

/// Writes bytes to stdout exactly as they are.
pub fn print_bytes(bytes: &[u8]) -> std::io::Result<()> {
    let mut out = std::io::stdout().lock();
    out.write_all(bytes)?;
    out.flush()
}

/// Writes `value` to stdout as pretty JSON and a newline.
pub fn print_json(value: &impl serde::Serialize) -> Result<(), CommandError> {
    let mut out = std::io::stdout().lock();
    serde_json::to_writer_pretty(&mut out, value)
        .map_err(|err| CommandError::operational("could not write the output").caused_by(err))?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// Writes a line of information to stderr, dimmed.
pub fn info(line: &str) {
    let _ = writeln!(stderr(), "{DIM}{line}{DIM:#}");
}

/// Writes a warning to stderr.
pub fn warn(message: &str) {
    let _ = writeln!(stderr(), "{WARNING}warning:{WARNING:#} {message}");
}

/// Writes a command's error to stderr: `error:`, then `caused by:` lines, then `hint:` lines.
pub fn print_error(err: &CommandError) {
    let mut out = stderr();
    let _ = writeln!(out, "{ERROR}error:{ERROR:#} {}", err.message);
    for cause in err.causes() {
        let _ = writeln!(out, "{ERROR}caused by:{ERROR:#} {cause}");
    }
    for hint in &err.hints {
        let _ = writeln!(out, "{HINT}hint:{HINT:#} {hint}");
    }
}

/// Returns a progress bar of `total` bytes on stderr, or a hidden one when stderr is not a terminal.
pub fn bytes_progress(total: u64, what: &str) -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = indicatif::ProgressBar::new(total);
    let style = indicatif::ProgressStyle::with_template("{msg} {bar:30} {bytes}/{total_bytes} ({bytes_per_sec})")
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_message(what.to_owned());
    bar
}

/// Returns a spinner on stderr, or a hidden one when stderr is not a terminal.
pub fn spinner() -> indicatif::ProgressBar {
    if !std::io::stderr().is_terminal() {
        return indicatif::ProgressBar::hidden();
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.enable_steady_tick(std::time::Duration::from_millis(100));
    spinner
}
