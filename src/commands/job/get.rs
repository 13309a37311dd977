//! `oz0 job get`: one job, the files of its tree and its totals.

use clap::Args;
use oz0_core::api::{Edge, TreeId};

use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use oz0_core::trace::dollars;

/// Show a job: its state, who started it, the files its tree holds, and what it cost.
#[derive(Debug, Args)]
pub struct JobGetArgs {
    /// The job's ID, as `oz0 job list` shows it.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,
}

/// Runs `oz0 job get`.
pub fn run(args: &JobGetArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    let detail = block_on(async {
        connected.edge.job(&args.id).await.map_err(|err| connected.error("could not read the job", err))
    })?;
    if format == Format::Json {
        return ui::print_json(&detail);
    }
    let job = &detail.job;
    let mut out = format!("job {} ({}): {}\n", job.id, job.kind.as_str(), job.name);
    out.push_str(&format!("  state     {}\n", job.state.as_str()));
    if let Some(error) = &job.error {
        out.push_str(&format!("  error     {error}\n"));
    }
    out.push_str(&format!("  person    {}\n", job.person));
    out.push_str(&format!("  started   {}\n", job.started_at));
    if let Some(ended) = &job.ended_at {
        out.push_str(&format!("  ended     {ended}\n"));
    }
    if let Some(erased) = &job.erased_at {
        out.push_str(&format!(
            "  erased    {erased} (its input, output, messages, steps' texts and files; the numbers stay)\n"
        ));
    }
    out.push_str(&format!("  tree      {}\n", job.tree));
    if let Some(turn) = &job.turn_of {
        out.push_str(&format!("  turn      {} of the conversation {}\n", turn.turn, turn.conversation));
    }
    if !job.labels.is_empty() {
        out.push_str(&format!("  labels    {}\n", job.labels.join(", ")));
    }
    if let Some(input) = detail.input.as_deref().filter(|i| !i.is_empty()) {
        out.push_str(&format!("  input     {}\n", one_line(input)));
    }
    if let Some(output) = detail.output.as_deref().filter(|o| !o.is_empty()) {
        out.push_str(&format!("  output    {}\n", one_line(output)));
    }
    out.push_str(&format!("  steps     {}\n", detail.totals.steps));
    let totals = &detail.totals;
    out.push_str(&format!("  cost      {}\n", dollars(totals.cost_usd)));
    out.push_str(&format!(
        "    models  {} call(s)  {} tokens in  {} out  {}\n",
        totals.model_calls,
        totals.tokens_in,
        totals.tokens_out,
        dollars(totals.model_cost_usd)
    ));
    for service in &detail.totals.services {
        out.push_str(&format!(
            "    {}  {} report(s)  {}\n",
            service.service,
            service.reports,
            dollars(service.cost_usd)
        ));
    }
    if detail.files.is_empty() {
        out.push_str("  files     none\n");
    } else {
        out.push_str("  files\n");
        for file in &detail.files {
            out.push_str(&format!("    {}  {} bytes\n", file.file, file.size));
        }
    }
    ui::print_text(&out)?;
    Ok(())
}

/// Returns the first line of `text`, cut at 100 characters, with `...` when anything was left out.
fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    let cut: String = first.chars().take(100).collect();
    if cut.len() < text.trim_end().len() { format!("{cut}...") } else { cut }
}
