//! How commands print, as the command line's output options say: `--format`, `--quiet`, `--verbose`
//! and `--color`, set once at the start and read by every command and by `ui`.

use std::sync::OnceLock;

use clap::ValueEnum;

use crate::error::CommandError;

/// How every command prints, given before the command or after it.
#[derive(Debug, Clone, Copy, Default, clap::Args)]
pub struct Output {
    /// How to print data: `text` for people, `json` for programs, or a command's own: `jsonl` (`oz0 run`,
    /// `oz0 usage export`), `sarif` (`oz0 plugin lint`), `csv` (`oz0 usage export`).
    #[arg(long, global = true, value_enum, value_name = "FORMAT", help_heading = "Output options")]
    pub format: Option<FormatName>,

    /// Print data and errors only: no notes, no progress.
    #[arg(short, long, global = true, conflicts_with = "verbose", help_heading = "Output options")]
    pub quiet: bool,

    /// Print more: the log messages a tool's server sent (`oz0 tool call`, `oz0 job trace`).
    #[arg(short, long, global = true, help_heading = "Output options")]
    pub verbose: bool,

    /// When to colour: `auto` (on a terminal, unless NO_COLOR is set), `always` or `never`.
    #[arg(long, global = true, value_enum, default_value_t, value_name = "WHEN", help_heading = "Output options")]
    pub color: ColorWhen,
}

/// Every format a command may print; each command takes some of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum FormatName {
    Text,
    Json,
    Jsonl,
    Sarif,
    Csv,
}

/// When to colour.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ColorWhen {
    #[default]
    Auto,
    Always,
    Never,
}

/// How a command prints its data.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// For people.
    #[default]
    Text,
    /// For programs: JSON on stdout.
    Json,
}

/// Returns the format the command line asks for as the command's own `F`, or `F`'s default when it asks
/// for none; a format the command does not print is a usage error naming those it does.
pub fn format<F: ValueEnum + Default>() -> Result<F, CommandError> {
    let Some(name) = output().format else { return Ok(F::default()) };
    let name = name.to_possible_value().map(|v| v.get_name().to_owned()).unwrap_or_default();
    F::from_str(&name, false).map_err(|_| {
        let names: Vec<String> = F::value_variants()
            .iter()
            .filter_map(F::to_possible_value)
            .map(|v| format!("`{}`", v.get_name()))
            .collect();
        CommandError::usage(format!("this command does not print `--format {name}`"))
            .hint(format!("it prints {}", names.join(" or ")))
    })
}

/// How every command prints, as the command line says; set once, at the start.
static OUTPUT: OnceLock<Output> = OnceLock::new();

/// Sets how every command prints, from the command line's output options.
pub fn set_output(output: Output) {
    let choice = match output.color {
        ColorWhen::Auto => anstream::ColorChoice::Auto,
        ColorWhen::Always => anstream::ColorChoice::Always,
        ColorWhen::Never => anstream::ColorChoice::Never,
    };
    choice.write_global();
    // A second call (tests that run commands in process) keeps the first.
    let _ = OUTPUT.set(output);
}

/// Returns how commands print: the output options of the command line.
pub fn output() -> Output {
    OUTPUT.get().copied().unwrap_or_default()
}
