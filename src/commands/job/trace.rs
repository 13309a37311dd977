//! `oz0 job trace`: what a job did, step by step, with the numbers of its fitted and offloaded results
//! and its usage; never an omitted sentence or an outline.

use clap::Args;
use oz0_core::api::{Edge, MAX_TRACE_STEPS, Trace, TreeId};
use oz0_core::trace::ServerNoteKind;

use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{self, Key, Number};
use oz0_core::trace::{dollars, seconds};

/// Show what a job did: each step with its time, kind, tool and function, duration and outcome; the
/// results fitted to a budget and the results offloaded, with their numbers; and usage and cost.
///
/// A trace holds numbers and names, never content: a fitted result's omitted sentence and an
/// offloaded result's outline name headings and paths of what a tool read, and are left out.
#[derive(Debug, Args)]
pub struct JobTraceArgs {
    /// The job's ID, as `oz0 job list` shows it.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,

    /// Show the steps after this one only.
    #[arg(long, value_name = "STEP", default_value_t = 0)]
    pub after: u32,

    /// Show at most this many steps; left out, every step, read a page at a time.
    #[arg(long, value_name = "N", value_parser = crate::commands::fit::parse_positive)]
    pub limit: Option<u64>,
}

/// Runs `oz0 job trace`.
pub fn run(args: &JobTraceArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let trace = block_on(async {
        let fail = |err| connected.error("could not read the trace", err);
        let wanted = args.limit.map_or(u64::MAX, |n| n);
        let page = |after: u32, got: u64| {
            let limit = u32::try_from(wanted.saturating_sub(got)).unwrap_or(MAX_TRACE_STEPS).min(MAX_TRACE_STEPS);
            connected.edge.trace(&args.id, after, limit)
        };
        let mut trace = page(args.after, 0).await.map_err(fail)?;
        // The edge answers a page at a time; the steps after it follow.
        while let Some(next) = trace.next.filter(|_| (trace.steps.len() as u64) < wanted) {
            let more = page(next.saturating_sub(1), trace.steps.len() as u64).await.map_err(fail)?;
            trace.steps.extend(more.steps);
            trace.next = more.next;
        }
        Ok(trace)
    })?;
    if format == Format::Json {
        return ui::print_json(&trace);
    }
    ui::print_text(&render(&trace, output::output().verbose))?;
    Ok(())
}

/// Returns the rows under `columns` as a table set in under a section's heading.
fn table(columns: &[Column], rows: Vec<Vec<String>>) -> String {
    let mut table = ui::table(columns);
    ui::indent(&mut table, 2);
    table.add_rows(rows);
    ui::table_text(&table)
}

fn or_none(value: Option<impl ToString>) -> String {
    value.map_or_else(|| "-".to_owned(), |v| v.to_string())
}

/// Returns the trace as text.
pub fn render(trace: &Trace, verbose: bool) -> String {
    let job = &trace.job;
    let totals = &trace.totals;
    let labels = if job.labels.is_empty() { String::new() } else { format!(", labels {}", job.labels.join(", ")) };
    let turn = job
        .turn_of
        .as_ref()
        .map(|t| format!(", turn {} of the conversation {}", t.turn, t.conversation))
        .unwrap_or_default();
    let erased = job.erased_at.as_ref().map(|at| format!(", erased {at}")).unwrap_or_default();
    let parent =
        job.parent.as_ref().map(|p| format!(", started by the job {p} of the tree {}", job.tree)).unwrap_or_default();
    let mut out = format!(
        "job {} ({}): {}, {}, started {}, {} step{}, {}{labels}{turn}{erased}{parent}\n",
        job.id,
        job.kind.as_str(),
        job.name,
        job.state.as_str(),
        job.started_at,
        totals.steps,
        if totals.steps == 1 { "" } else { "s" },
        dollars(totals.cost_usd),
    );

    out.push_str("\nSteps\n");
    let rows: Vec<Vec<String>> = trace
        .steps
        .iter()
        .map(|s| {
            vec![
                s.seq.to_string(),
                s.at.clone(),
                s.kind.as_str().to_owned(),
                s.target(),
                seconds(s.duration_ms),
                s.outcome.as_str().to_owned(),
            ]
        })
        .collect();
    out.push_str(&table(
        &[Number("#"), Key("TIME"), Key("KIND"), Key("TOOL.FUNCTION"), Number("DURATION"), Key("OUTCOME")],
        rows,
    ));
    for step in &trace.steps {
        if let (Some(tokens_in), Some(tokens_out)) = (step.tokens_in, step.tokens_out) {
            out.push_str(&format!(
                "  step {}: model {}, {tokens_in} tokens in, {tokens_out} out, {}\n",
                step.seq,
                step.target(),
                dollars(step.cost_usd.unwrap_or(0.0))
            ));
        }
        if let Some(job) = &step.job {
            out.push_str(&format!("  step {}: ran as the job {job} (`oz0 job trace {job}`)\n", step.seq));
        }
        if let Some(budget) = step.budget_filled {
            out.push_str(&format!("  step {}: a budget of {budget} was filled in\n", step.seq));
        }
        if let Some(error) = &step.error {
            out.push_str(&format!("  step {}: {error}\n", step.seq));
        }
        if !step.labels.is_empty() {
            out.push_str(&format!("  step {}: labels {}\n", step.seq, step.labels.join(", ")));
        }
        if step.withheld {
            out.push_str(&format!("  step {}: withheld from the model, outside the agent's clearance\n", step.seq));
        }
        for sampled in step.sampling.iter().chain(&step.gateway) {
            out.push_str(&format!("  step {}: {}\n", step.seq, ui::sampled_line(sampled)));
        }
        for note in &step.server {
            let line = match note.kind {
                ServerNoteKind::Log if verbose => format!("server {}: {}", note.level, note.text),
                ServerNoteKind::Log => continue,
                ServerNoteKind::Question => format!("the server asked: {} ({})", note.text, note.level),
                ServerNoteKind::Refused => format!("refused: {}", note.text),
                ServerNoteKind::Progress => format!("progress: {}", note.text),
            };
            out.push_str(&format!("  step {}: {line}\n", step.seq));
        }
    }

    out.push_str("\nResults fitted to a budget\n");
    let fitted: Vec<Vec<String>> = trace
        .steps
        .iter()
        .filter_map(|s| s.fitted.map(|f| (s, f)))
        .map(|(s, f)| {
            vec![
                s.seq.to_string(),
                s.target(),
                f.view.as_str().to_owned(),
                or_none(f.budget),
                f.size.to_string(),
                f.tokens.to_string(),
                or_none(f.bound.map(|b| b.as_str())),
                if f.truncated { "yes" } else { "no" }.to_owned(),
            ]
        })
        .collect();
    if fitted.is_empty() {
        out.push_str("  none\n");
    } else {
        out.push_str(&table(
            &[
                Number("STEP"),
                Key("FUNCTION"),
                Key("VIEW"),
                Number("BUDGET"),
                Number("SIZE"),
                Number("TOKENS"),
                Key("BOUND"),
                Key("TRUNCATED"),
            ],
            fitted,
        ));
    }

    out.push_str("\nResults offloaded\n");
    let offloaded: Vec<Vec<String>> = trace
        .steps
        .iter()
        .filter_map(|s| s.offloaded.map(|o| (s, o)))
        .map(|(s, o)| {
            vec![s.seq.to_string(), o.file.to_string(), o.size.to_string(), o.tokens.to_string(), o.lines.to_string()]
        })
        .collect();
    if offloaded.is_empty() {
        out.push_str("  none\n");
    } else {
        out.push_str(&table(
            &[Number("STEP"), Key("DIGEST"), Number("SIZE"), Number("TOKENS"), Number("LINES")],
            offloaded,
        ));
    }

    let files: Vec<Vec<String>> = trace
        .steps
        .iter()
        .flat_map(|s| s.files.iter().map(move |f| vec![s.seq.to_string(), f.file.to_string(), f.size.to_string()]))
        .collect();
    if !files.is_empty() {
        out.push_str("\nFiles returned\n");
        out.push_str(&table(&[Number("STEP"), Key("FILE"), Number("BYTES")], files));
    }

    out.push_str("\nUsage and cost\n");
    out.push_str(&format!(
        "  tool calls {}, model calls {}, tokens in {}, tokens out {}\n",
        totals.tool_calls, totals.model_calls, totals.tokens_in, totals.tokens_out
    ));
    let services: Vec<Vec<String>> = totals
        .services
        .iter()
        .map(|s| {
            let units = match &s.unit {
                Some(unit) => format!("{} {unit}", s.units),
                None => s.units.to_string(),
            };
            vec![s.service.clone(), s.reports.to_string(), units, dollars(s.cost_usd)]
        })
        .collect();
    if !services.is_empty() {
        out.push_str(&table(&[Key("SERVICE"), Number("REPORTS"), Number("UNITS"), Number("COST")], services));
    }
    out.push_str(&format!(
        "  models {}, services {}, total {}\n",
        dollars(totals.model_cost_usd),
        dollars(totals.usage_cost_usd),
        dollars(totals.cost_usd)
    ));
    out
}
