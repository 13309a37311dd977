//! `oz0 usage`: what the tenant spent, summed by day, job, agent, plugin, service or model; and
//! `oz0 usage export`, every model call and reported cost, one a line.

use std::collections::BTreeMap;

use clap::{Args, Subcommand, ValueEnum};
use oz0_core::api::{Edge, UsageKind, UsageRecord, parse_instant};

use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number};
use oz0_core::trace::dollars;

/// Show what the tenant spent: model calls (an agent's, and its tools' by sampling or through their
/// gateway token) with their tokens, apart from what plugins reported their own services cost.
///
/// Summed by day (UTC), job, agent, plugin, service or model (--by), for the jobs that started from
/// --since to before --until (a day such as 2026-11-30, or a UTC time such as 2026-11-30T08:00:00Z).
/// `oz0 usage export` writes every record, one a line, as CSV or JSON lines, with a `plugin` column.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct UsageArgs {
    #[command(subcommand)]
    pub command: Option<UsageCommand>,

    /// The first day or time counted; left out, the beginning.
    #[arg(long, global = true, value_name = "DAY|TIME", value_parser = parse_instant)]
    pub since: Option<u64>,

    /// The day or time counting stops before; left out, now.
    #[arg(long, global = true, value_name = "DAY|TIME", value_parser = parse_instant)]
    pub until: Option<u64>,

    /// What to sum by.
    #[arg(long, value_enum, default_value_t = By::Day)]
    pub by: By,
}

/// The subcommands of `oz0 usage`.
#[derive(Debug, Subcommand)]
pub enum UsageCommand {
    /// Write every model call and reported cost, one a line.
    Export,
}

/// What `oz0 usage export` writes.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum ExportFormat {
    /// Comma-separated values, with a header.
    #[default]
    Csv,
    /// One JSON object a line.
    Jsonl,
}

/// What usage is summed by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum By {
    Day,
    Job,
    Agent,
    Plugin,
    Service,
    Model,
}

const EXAMPLES: &str = "\
Examples:
  oz0 usage
  oz0 usage --by plugin --since 2026-11-01
  oz0 usage --by model --since 2026-11-30 --until 2026-12-01 --format json
  oz0 usage export --format csv > usage.csv";

/// Runs `oz0 usage`.
pub fn run(args: &UsageArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    // What to print, checked before the edge is asked.
    enum Print {
        Sums(Format),
        Export(ExportFormat),
    }
    let print = match &args.command {
        Some(UsageCommand::Export) => Print::Export(output::format()?),
        None => Print::Sums(output::format()?),
    };
    let connected = connect(edge)?;
    let records = block_on(async {
        connected
            .edge
            .usage(args.since, args.until)
            .await
            .map_err(|err| connected.error("could not read the usage", err))
    })?;
    match print {
        Print::Export(format) => ui::print_text(&self::export(&records, format)?)?,
        Print::Sums(Format::Json) => ui::print_json(&sum(&records, args.by))?,
        Print::Sums(Format::Text) => ui::print_text(&table(&sum(&records, args.by), args.by))?,
    }
    Ok(())
}

/// What one group of records spent.
#[derive(Debug, Default, serde::Serialize)]
struct Sum {
    key: String,
    model_calls: u64,
    tokens_in: u64,
    tokens_out: u64,
    model_usd: f64,
    service_usd: f64,
    total_usd: f64,
}

fn key(record: &UsageRecord, by: By) -> String {
    let name = |value: &Option<String>| value.clone().unwrap_or_else(|| "-".to_owned());
    match by {
        By::Day => record.day.clone(),
        By::Job => record.job.to_string(),
        By::Agent => name(&record.agent),
        By::Plugin => name(&record.plugin),
        By::Service => name(&record.service),
        By::Model => name(&record.model.clone().or_else(|| record.alias.clone())),
    }
}

fn sum(records: &[UsageRecord], by: By) -> Vec<Sum> {
    let mut sums: BTreeMap<String, Sum> = BTreeMap::new();
    for record in records {
        let key = key(record, by);
        let sum = sums.entry(key.clone()).or_insert_with(|| Sum { key, ..Sum::default() });
        match record.kind {
            UsageKind::Model => {
                sum.model_calls += 1;
                sum.tokens_in += record.tokens_in;
                sum.tokens_out += record.tokens_out;
                sum.model_usd += record.cost_usd;
            }
            UsageKind::Service => sum.service_usd += record.cost_usd,
        }
        sum.total_usd += record.cost_usd;
    }
    sums.into_values().collect()
}

fn table(sums: &[Sum], by: By) -> String {
    if sums.is_empty() {
        return "no usage in this time".to_owned();
    }
    let heading = match by {
        By::Day => "DAY",
        By::Job => "JOB",
        By::Agent => "AGENT",
        By::Plugin => "PLUGIN",
        By::Service => "SERVICE",
        By::Model => "MODEL",
    };
    let rows: Vec<Vec<String>> = sums
        .iter()
        .map(|s| {
            vec![
                s.key.clone(),
                s.model_calls.to_string(),
                s.tokens_in.to_string(),
                s.tokens_out.to_string(),
                dollars(s.model_usd),
                dollars(s.service_usd),
                dollars(s.total_usd),
            ]
        })
        .collect();
    let mut table = ui::table(&[
        Key(heading),
        Number("MODEL CALLS"),
        Number("TOKENS IN"),
        Number("TOKENS OUT"),
        Number("MODELS"),
        Number("SERVICES"),
        Number("TOTAL"),
    ]);
    for row in rows {
        table.add_row(row);
    }
    ui::table_text(&table)
}

/// The columns of the CSV export, in order.
const COLUMNS: [&str; 19] = [
    "at",
    "day",
    "job",
    "job_kind",
    "agent",
    "step",
    "kind",
    "plugin",
    "plugin_version",
    "tool",
    "service",
    "alias",
    "model",
    "format",
    "tokens_in",
    "tokens_out",
    "units",
    "unit",
    "cost_usd",
];

fn export(records: &[UsageRecord], format: ExportFormat) -> Result<String, CommandError> {
    let mut out = String::new();
    if format == ExportFormat::Csv {
        out.push_str(&COLUMNS.join(","));
    }
    for record in records {
        let value = serde_json::to_value(record)
            .map_err(|err| CommandError::operational("could not write the usage").caused_by(err))?;
        if !out.is_empty() {
            out.push('\n');
        }
        match format {
            ExportFormat::Jsonl => out.push_str(&value.to_string()),
            ExportFormat::Csv => {
                let cells: Vec<String> = COLUMNS
                    .iter()
                    .map(|column| match &value[column] {
                        serde_json::Value::Null => String::new(),
                        serde_json::Value::String(text) => csv_cell(text),
                        other => other.to_string(),
                    })
                    .collect();
                out.push_str(&cells.join(","));
            }
        }
    }
    Ok(out)
}

/// Quotes a CSV cell that holds a comma, a quote or a line break.
fn csv_cell(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) { format!("\"{}\"", text.replace('"', "\"\"")) } else { text.to_owned() }
}
