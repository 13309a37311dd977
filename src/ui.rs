//! All printing: data to stdout, diagnostics and progress to stderr, colours only where wanted.

use std::io::{IsTerminal, Write};

use anstyle::{AnsiColor, Style};
use comfy_table::{CellAlignment, ColumnConstraint, ContentArrangement, Table};

use crate::error::CommandError;
use crate::output::{ColorWhen, output};

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

/// Copies all of `reader` to stdout, as it is.
pub fn print_from(reader: &mut impl std::io::Read) -> std::io::Result<u64> {
    let mut out = std::io::stdout().lock();
    let copied = std::io::copy(reader, &mut out)?;
    out.flush()?;
    Ok(copied)
}

/// Writes a report meant for a person, such as lint findings, to stderr as it is.
pub fn report(text: &str) {
    let _ = stderr().write_all(text.as_bytes());
}

/// Returns whether a stream takes colours: as `--color` says, and with `auto` a terminal with
/// `NO_COLOR` unset.
fn colour(terminal: bool) -> bool {
    match output().color {
        ColorWhen::Always => true,
        ColorWhen::Never => false,
        ColorWhen::Auto => terminal && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty()),
    }
}

/// Returns whether stdout takes colours.
pub fn stdout_colour() -> bool {
    colour(std::io::stdout().is_terminal())
}

/// Returns whether stderr takes colours.
pub fn stderr_colour() -> bool {
    colour(std::io::stderr().is_terminal())
}

/// Writes `value` to stdout as pretty JSON and a newline.
pub fn print_json(value: &impl serde::Serialize) -> Result<(), CommandError> {
    let mut out = std::io::stdout().lock();
    // A reader that went away (`| head`) ends the command quietly, as for text.
    serde_json::to_writer_pretty(&mut out, value).map_err(|err| match err.io_error_kind() {
        Some(kind) => CommandError::from(std::io::Error::from(kind)),
        None => CommandError::operational("could not write the output").caused_by(err),
    })?;
    out.write_all(b"\n")?;
    out.flush()?;
    Ok(())
}

/// Writes `bytes` to the file `path` whole or not at all: to a temporary file beside it, synced and
/// renamed over it, so that a failed command leaves what was there. A new file gets the mode a shell's
/// `>` gives one (0666 less the umask), a replaced one keeps its own.
pub fn write_file(path: &std::path::Path, bytes: &[u8]) -> Result<(), CommandError> {
    use std::os::unix::fs::PermissionsExt;
    let fail =
        |err: std::io::Error| CommandError::operational(format!("could not write '{}'", path.display())).caused_by(err);
    let dir = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(std::path::Path::new("."));
    let mut temp =
        tempfile::Builder::new().permissions(std::fs::Permissions::from_mode(0o666)).tempfile_in(dir).map_err(fail)?;
    if let Ok(existing) = std::fs::metadata(path) {
        temp.as_file().set_permissions(existing.permissions()).map_err(fail)?;
    }
    temp.write_all(bytes).map_err(fail)?;
    temp.as_file().sync_all().map_err(fail)?;
    temp.persist(path).map_err(|err| fail(err.error))?;
    Ok(())
}

/// The spaces between two columns of a table.
const GAP: u16 = 2;

/// A column of a table: its header, and what it holds.
#[derive(Debug, Clone, Copy)]
pub enum Column {
    /// Words, left-aligned, wrapped on a narrow terminal.
    Text(&'static str),
    /// An ID, a name, a time or a reference, left-aligned and never wrapped, to be read and copied whole.
    Key(&'static str),
    /// Numbers, right-aligned so that their digits line up, and never wrapped.
    Number(&'static str),
}

/// Returns an empty table in the one style of every table printed: a header row, no borders, columns
/// two spaces apart. On a terminal its text columns wrap to keep it within the terminal's width;
/// elsewhere nothing wraps, so that a pipe gets each row on one line.
pub fn table(columns: &[Column]) -> Table {
    let width = terminal_size::terminal_size_of(std::io::stdout()).map(|(width, _)| width.0);
    table_of_width(columns, width)
}

fn table_of_width(columns: &[Column], width: Option<u16>) -> Table {
    let mut table = Table::new();
    table.load_style(comfy_table::presets::NOTHING);
    table.set_header(columns.iter().map(|column| match column {
        Column::Text(header) | Column::Key(header) | Column::Number(header) => *header,
    }));
    for (column, kind) in table.column_iter_mut().zip(columns) {
        column.set_padding((0, GAP));
        match kind {
            Column::Text(_) => {}
            Column::Key(_) => {
                column.set_constraint(ColumnConstraint::ContentWidth);
            }
            Column::Number(_) => {
                column.set_constraint(ColumnConstraint::ContentWidth);
                column.set_cell_alignment(CellAlignment::Right);
            }
        }
    }
    match width {
        Some(width) => table.set_width(width).set_content_arrangement(ContentArrangement::Dynamic),
        None => table.set_content_arrangement(ContentArrangement::Disabled),
    };
    table
}

/// Sets `table` in by `spaces`, for a table under a heading.
pub fn indent(table: &mut Table, spaces: u16) {
    if let Some(first) = table.column_mut(0) {
        first.set_padding((spaces, GAP));
    }
}

/// Returns `table` as lines of text, each ending in a newline and none in spaces.
pub fn table_text(table: &Table) -> String {
    table.lines().map(|line| format!("{}\n", line.trim_end())).collect()
}

/// Writes a line of information to stderr, dimmed; nothing with `--quiet`.
pub fn info(line: &str) {
    if !output().quiet {
        let _ = writeln!(stderr(), "{DIM}{line}{DIM:#}");
    }
}

/// Returns a fit note as one line for people, as `oz0 fit` and `oz0 tool call` print it: the view, the
/// tokens of the size, the budget, what cut it, and the sentence of what was left out.
pub fn fit_note(name: Option<&str>, note: &oz0_core::fit::FitNote) -> String {
    let mut line = match name {
        Some(name) => format!("fit {name}: "),
        None => "fit: ".to_owned(),
    };
    line.push_str(&format!("{}, {} of {} tokens", note.view, note.tokens, note.size));
    if let Some(budget) = note.budget {
        line.push_str(&format!(", budget {budget}"));
    }
    if let Some(bound) = note.bound {
        line.push_str(&format!(", cut by the {}", bound.as_str().replace('_', " ")));
    }
    line.push('.');
    if let Some(omitted) = &note.omitted {
        line.push(' ');
        line.push_str(omitted);
    }
    line
}

/// Writes what a tool's server said or asked during a call: its questions and the requests refused
/// always, its log messages when `verbose`.
pub fn server_notes(notes: &[oz0_core::trace::ServerNote], verbose: bool) {
    use oz0_core::trace::ServerNoteKind;
    for note in notes {
        match note.kind {
            ServerNoteKind::Log if verbose => info(&format!("server {}: {}", note.level, note.text)),
            ServerNoteKind::Log => {}
            ServerNoteKind::Question => info(&format!("the server asked: {} ({})", note.text, note.level)),
            ServerNoteKind::Refused => warn(&format!("the server asked what oz0 refused: {}", note.text)),
            ServerNoteKind::Progress => {}
        }
    }
}

/// Writes the model calls a tool made by sampling, one line each: numbers, never messages.
pub fn sampled(calls: &[oz0_core::trace::Sampled]) {
    for call in calls {
        info(&sampled_line(call));
    }
}

/// Returns the line of a model call a tool made by sampling.
pub fn sampled_line(call: &oz0_core::trace::Sampled) -> String {
    let model = if call.model.is_empty() { String::new() } else { format!(" ({})", call.model) };
    let by = match &call.format {
        Some(format) => format!("{} through its gateway token ({format})", call.plugin),
        None => call.plugin.clone(),
    };
    let mut line = format!(
        "model call by {by}: {}{model}, {} tokens in, {} out, ${:.6}, {:.2} s, {}",
        call.alias,
        call.tokens_in,
        call.tokens_out,
        call.cost_usd,
        call.duration_ms as f64 / 1000.0,
        call.outcome.as_str()
    );
    if let Some(error) = &call.error {
        line.push_str(&format!(": {error}"));
    }
    line
}

/// Writes a prompt to stderr, without ending its line, for the person's answer on stdin.
pub fn prompt(text: &str) {
    let mut out = stderr();
    let _ = write!(out, "{text}");
    let _ = out.flush();
}

/// Returns the line that shows a call's progress: a bar when the whole is known, and what the server
/// says it is doing.
pub fn progress_line(call: &str, progress: f64, total: Option<f64>, message: Option<&str>) -> String {
    const WIDTH: usize = 20;
    let mut line = format!("{call} ");
    match total.filter(|t| *t > 0.0) {
        Some(total) => {
            let done = ((progress / total).clamp(0.0, 1.0) * WIDTH as f64).round() as usize;
            line.push_str(&format!("[{}{}] {progress}/{total}", "#".repeat(done), "-".repeat(WIDTH - done)));
        }
        None => line.push_str(&format!("{progress}")),
    }
    if let Some(message) = message.filter(|m| !m.is_empty()) {
        line.push_str(&format!(" {message}"));
    }
    line
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

/// Sends log lines (`tracing` events, such as the edge's) to stderr. `OZ0_LOG` chooses which, as a
/// level or `target=level` pairs (`info`, `oz0_edge=debug`); unset, warnings and errors, and for a
/// served edge (`server`) information too, each line with its time. The MCP library's own lines (a
/// server's whole description at each start, the log messages servers send, which the edge keeps in
/// their calls' traces) show from warnings up, whatever the default, but for the end of a remote
/// server's session, which the call's own error tells.
pub fn init_log(server: bool) {
    use tracing_subscriber::filter::{LevelFilter, Targets};
    use tracing_subscriber::fmt;
    use tracing_subscriber::layer::SubscriberExt as _;
    use tracing_subscriber::util::SubscriberInitExt as _;

    let default = Targets::new()
        .with_default(if server { LevelFilter::INFO } else { LevelFilter::WARN })
        .with_target("rmcp", LevelFilter::WARN)
        .with_target("rmcp::transport::worker", LevelFilter::OFF);
    let filter = match std::env::var("OZ0_LOG") {
        Ok(value) if !value.trim().is_empty() => value.parse().unwrap_or_else(|err| {
            warn(&format!(
                "OZ0_LOG=`{value}` is not a log filter ({err}); it is a level such as `info`, or `oz0_edge=debug`"
            ));
            default
        }),
        _ => default,
    };
    let timed = server.then(|| fmt::layer().with_writer(std::io::stderr));
    let plain = (!server).then(|| fmt::layer().without_time().with_target(false).with_writer(std::io::stderr));
    // Set once, at the start; a second call (tests that run commands in process) keeps the first.
    let _ = tracing_subscriber::registry().with(timed).with(plain).with(filter).try_init();
}

/// Returns whether progress shows: on a terminal, without `--quiet`.
fn shows_progress() -> bool {
    std::io::stderr().is_terminal() && !output().quiet
}

/// Returns a progress bar of `total` bytes on stderr, or a hidden one where progress does not show.
pub fn bytes_progress(total: u64, what: &str) -> indicatif::ProgressBar {
    if !shows_progress() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = styled(total, "{msg} {bar:30} {bytes}/{total_bytes} ({bytes_per_sec})");
    bar.set_message(what.to_owned());
    bar
}

/// Returns a progress bar of `total` drawn by `template`.
fn styled(total: u64, template: &str) -> indicatif::ProgressBar {
    let style =
        indicatif::ProgressStyle::with_template(template).unwrap_or_else(|_| indicatif::ProgressStyle::default_bar());
    indicatif::ProgressBar::new(total).with_style(style)
}

/// Returns a progress bar of `total` things (`what`) on stderr, or a hidden one where progress does not
/// show.
pub fn count_progress(total: u64, what: &str) -> indicatif::ProgressBar {
    if !shows_progress() {
        return indicatif::ProgressBar::hidden();
    }
    let bar = styled(total, &format!("{{bar:30}} {{pos}}/{{len}} {what}, {{msg}} ({{elapsed}})"));
    bar.enable_steady_tick(std::time::Duration::from_millis(200));
    bar
}

/// Returns a spinner on stderr, or a hidden one where progress does not show.
pub fn spinner() -> indicatif::ProgressBar {
    if !shows_progress() {
        return indicatif::ProgressBar::hidden();
    }
    let spinner = indicatif::ProgressBar::new_spinner();
    spinner.enable_steady_tick(std::time::Duration::from_millis(100));
    spinner
}

#[cfg(test)]
mod tests {
    use super::*;

    fn jobs(width: Option<u16>) -> String {
        let mut table = table_of_width(&[Column::Key("ID"), Column::Number("STEPS"), Column::Text("NAME")], width);
        table.add_row(["j1", "3", "a pack of the workbench's files"]);
        table.add_row(["j22", "12", "an answer"]);
        table_text(&table)
    }

    #[test]
    fn a_table_off_a_terminal_keeps_each_row_on_one_line() {
        assert_eq!(
            jobs(None),
            "\
ID   STEPS  NAME
j1       3  a pack of the workbench's files
j22     12  an answer
"
        );
    }

    #[test]
    fn a_table_on_a_narrow_terminal_wraps_its_long_cells() {
        let text = jobs(Some(30));
        assert!(text.lines().all(|line| line.chars().count() <= 30), "{text}");
        assert!(text.contains("j1       3  a pack of the"), "{text}");
        assert!(text.contains("\n            workbench's\n"), "the name wraps under itself: {text}");
    }

    #[test]
    fn an_indented_table_keeps_its_columns_and_its_keys_whole() {
        let mut table = table_of_width(&[Column::Number("STEP"), Column::Key("FILE")], Some(12));
        indent(&mut table, 2);
        table.add_row(["1", "oz0-file:sha256:0a1b"]);
        assert_eq!(table_text(&table), "  STEP  FILE\n     1  oz0-file:sha256:0a1b\n", "a key is never cut");
    }
}
