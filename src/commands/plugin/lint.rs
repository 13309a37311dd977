//! `oz0 plugin lint`: check a plugin's manifest, and with a measured listing its servers' functions.

use std::path::PathBuf;
use std::time::Duration;

use clap::{Args, ValueEnum};
use oz0_core::manifest::{Lint, Rule, Severity, lint, rules};

use super::folder::{Plugin, parse_seconds, secrets};
use super::report::{self, Report};
use crate::error::{CommandError, ErrorKind};
use crate::output;
use crate::ui;
use crate::ui::Column::{Key, Text};

/// Check a plugin's manifest and its MCP servers' functions before you release it.
///
/// Reads `oz0-plugin.yaml` and, when it is there, the measured listing `oz0-listing.json` that
/// `oz0 plugin measure` writes; --measure starts the servers and measures them now instead (without
/// writing the listing). Rules that need a listing are skipped without one. Each finding has a code;
/// `--explain CODE` says what the rule checks, why, and how to fix it, and `--list-rules` lists them.
///
/// Exit status: 0 when there is no finding or only warnings, 1 when there are errors (or warnings with
/// `--deny warnings`), 2 when the plugin could not be linted.
#[derive(Debug, Args)]
#[command(after_long_help = JSON_FORMAT)]
pub struct PluginLintArgs {
    /// The plugin's folder, or its `oz0-plugin.yaml`; left out, the current folder.
    #[arg(value_name = "DIR")]
    pub dir: Option<PathBuf>,

    /// Start the plugin's local servers and lint what they offer now, instead of `oz0-listing.json`.
    #[arg(long)]
    pub measure: bool,

    /// With --measure, the most seconds each server may take to start and list its functions.
    #[arg(long, value_name = "SECONDS", default_value = "30", value_parser = parse_seconds)]
    pub timeout: Duration,

    /// With --measure, a secret the manifest declares, NAME=VALUE or NAME=@FILE, for the servers that
    /// name it in their `env` or `headers`; repeat for each.
    #[arg(long = "secret", value_name = "NAME=VALUE")]
    pub secrets: Vec<String>,

    /// Fail (exit 1) on warnings too.
    #[arg(long, value_enum, value_name = "LEVEL")]
    pub deny: Option<Deny>,

    /// List the rules: code, name, severity and what each checks.
    #[arg(long, conflicts_with_all = ["explain", "measure"])]
    pub list_rules: bool,

    /// Explain a rule: what it checks, why, an example, and the fix.
    #[arg(long, value_name = "CODE", conflicts_with = "measure")]
    pub explain: Option<String>,

    /// Write the report to FILE instead of stdout, whole once the plugin is linted: a plugin that could
    /// not be linted leaves FILE as it was (where `> FILE` would empty it).
    #[arg(short, long, value_name = "FILE", conflicts_with_all = ["explain", "list_rules"])]
    pub output: Option<PathBuf>,
}

const JSON_FORMAT: &str = "\
With --format json, stdout holds one object (format 1; fields are only ever added):
  {\"format\": 1,
   \"manifest\": \"PATH\",
   \"listing\": {\"source\": \"file\" | \"measured\", \"measured_at\": \"RFC 3339\", \"older_than_manifest\": BOOL} | null,
   \"findings\": [{\"code\": \"OZ-F001\", \"name\": \"results-block\", \"severity\": \"error\" | \"warning\",
                 \"message\", \"label\", \"help\" (or null), \"url\",
                 \"file\", \"line\", \"column\", \"end_line\", \"end_column\" (1-based, columns in characters,
                 the end exclusive), \"offset\", \"length\" (in bytes)}],
   \"summary\": {\"errors\": N, \"warnings\": N}}
Findings are in the order of the manifest's text.

Examples:
  oz0 plugin lint
  oz0 plugin lint examples/acme-docs --measure
  oz0 plugin lint --format sarif > oz0-lint.sarif
  oz0 plugin lint --explain OZ-S017";

/// What `plugin lint` prints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum LintFormat {
    /// For people: each finding with its source snippet, then a summary line.
    #[default]
    Text,
    /// For programs: one JSON object on stdout.
    Json,
    /// SARIF 2.1.0, for code scanning.
    Sarif,
}

/// What `--deny` makes fail.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Deny {
    /// Warnings fail the lint as errors do.
    Warnings,
}

/// Runs `oz0 plugin lint`.
pub fn run(args: &PluginLintArgs) -> Result<(), CommandError> {
    let format: LintFormat = output::format()?;
    if args.list_rules {
        return list_rules(format);
    }
    if let Some(code) = &args.explain {
        return explain(code);
    }
    let plugin = Plugin::load(args.dir.as_deref())?;
    let (listing, source) = if args.measure {
        (Some((plugin.measure(args.timeout, &secrets(&args.secrets)?)?, false)), report::ListingSource::Measured)
    } else {
        (plugin.read_listing()?, report::ListingSource::File)
    };
    if let Some((listing, true)) = &listing
        && format == LintFormat::Text
    {
        ui::warn(&format!(
            "the listing was measured at {}, before {} last changed: run `oz0 plugin measure`",
            listing.measured_at,
            plugin.manifest_path.display()
        ));
    }
    if listing.is_none() && format == LintFormat::Text {
        ui::info(
            "no oz0-listing.json: the rules that read the servers' functions were skipped (measure with --measure)",
        );
    }
    let findings = lint(
        &plugin.document,
        &Lint {
            listing: listing.as_ref().map(|(l, _)| l),
            listing_older: listing.as_ref().is_some_and(|(_, older)| *older),
        },
    );
    let report = Report {
        path: &plugin.manifest_path,
        text: &plugin.document.text,
        findings: &findings,
        listing: listing.as_ref().map(|(l, older)| (l, *older, source)),
    };
    let json = |value: serde_json::Value| format!("{value:#}\n");
    match (format, &args.output) {
        (LintFormat::Text, None) => ui::print_text(&report.human(ui::stdout_colour()))?,
        (LintFormat::Json, None) => ui::print_json(&report.json())?,
        (LintFormat::Sarif, None) => ui::print_json(&report.sarif())?,
        (LintFormat::Text, Some(path)) => ui::write_file(path, report.human(false).as_bytes())?,
        (LintFormat::Json, Some(path)) => ui::write_file(path, json(report.json()).as_bytes())?,
        (LintFormat::Sarif, Some(path)) => ui::write_file(path, json(report.sarif()).as_bytes())?,
    }
    let errors = findings.iter().filter(|f| f.severity() == Severity::Error).count();
    let warnings = findings.len() - errors;
    let failed = errors > 0 || (args.deny == Some(Deny::Warnings) && warnings > 0);
    if failed {
        let what = if errors > 0 {
            report::count(errors, "error")
        } else {
            format!("{} (denied)", report::count(warnings, "warning"))
        };
        return Err(CommandError {
            kind: ErrorKind::Failed,
            message: format!("{} has {what}", plugin.manifest_path.display()),
            source: None,
            hints: Vec::new(),
        });
    }
    Ok(())
}

fn list_rules(format: LintFormat) -> Result<(), CommandError> {
    if format != LintFormat::Text {
        let all: Vec<_> = rules::ALL
            .iter()
            .map(|r| {
                serde_json::json!({
                    "code": r.code, "name": r.name, "severity": r.severity.as_str(),
                    "needs_listing": r.needs_listing, "summary": r.summary, "url": r.url(),
                })
            })
            .collect();
        return ui::print_json(&all);
    }
    let mut table = ui::table(&[Key("CODE"), Key("NAME"), Key("SEVERITY"), Text("SUMMARY")]);
    for rule in rules::ALL {
        let listing = if rule.needs_listing { " (listing)" } else { "" };
        table.add_row([rule.code, rule.name, rule.severity.as_str(), format!("{}{listing}", rule.summary).as_str()]);
    }
    ui::print_text(&ui::table_text(&table))?;
    Ok(())
}

fn explain(code: &str) -> Result<(), CommandError> {
    let Some(rule) = Rule::find(code) else {
        let error = CommandError::usage(format!("no rule has the code `{code}`"))
            .hint("`oz0 plugin lint --list-rules` lists them");
        return Err(match Rule::closest(code) {
            Some(near) => error.hint(format!("did you mean `{}`?", near.code)),
            None => error,
        });
    };
    let severity = rule.severity.as_str();
    let listing = if rule.needs_listing { ", needs a measured listing" } else { "" };
    ui::print_text(&format!(
        "# {} {} ({severity}{listing})\n\n{}\n{}\n",
        rule.code,
        rule.name,
        rule.explanation(),
        rule.url()
    ))?;
    Ok(())
}
