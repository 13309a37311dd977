//! `oz0 job get`: one job, the files of its tree and its totals.

use clap::Args;
use oz0_core::api::{ChatMessage, Edge, Said, ToolCall, TreeId};

use crate::commands::tool::call::parse_job;
use crate::edge::{EdgeArgs, block_on, connect};
use crate::error::CommandError;
use crate::output::{self, Format};
use crate::ui;
use oz0_core::trace::dollars;

/// Show a job: its state, who started it, the files its tree holds, and what it cost.
///
/// With --history, also each message of its run in order: what it was asked, what its model said and
/// called, and each tool result as the model read it (a result kept as a file, as its stub).
#[derive(Debug, Args)]
#[command(after_long_help = "Examples:\n  oz0 job get 01K1N6ZQ4B7V2X9M3P8R5T0W6Y\n  \
                             oz0 job get 01K1N6ZQ4B7V2X9M3P8R5T0W6Y --history\n  \
                             oz0 job get 01K1N6ZQ4B7V2X9M3P8R5T0W6Y --result 2")]
pub struct JobGetArgs {
    /// The job's ID, as `oz0 job list` shows it.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,

    /// Also show each message of the job's run, as its model read it (the content role is needed).
    #[arg(long, conflicts_with = "result")]
    pub history: bool,

    /// Print the result the call of step STEP answered, whole, as the tool answered it (MCP's
    /// `CallToolResult`, JSON), in place of the job (the content role is needed).
    #[arg(long, value_name = "STEP", value_parser = clap::value_parser!(u32).range(1..))]
    pub result: Option<u32>,
}

/// A job with its history, as `--history --format json` prints it.
#[derive(serde::Serialize)]
struct WithHistory<'a> {
    #[serde(flatten)]
    detail: &'a oz0_core::api::JobDetail,
    messages: &'a [Said],
}

/// Runs `oz0 job get`.
pub fn run(args: &JobGetArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    let connected = connect(edge)?;
    if let Some(step) = args.result {
        let result = block_on(async {
            connected
                .edge
                .step_result(&args.id, step)
                .await
                .map_err(|err| connected.error(&format!("could not read the result of step {step}"), err))
        })?;
        return ui::print_json(&result);
    }
    let (detail, history) = block_on(async {
        let fail = |err| connected.error("could not read the job", err);
        let detail = connected.edge.job(&args.id).await.map_err(fail)?;
        let history = match args.history {
            true => Some(
                connected
                    .edge
                    .history(&args.id)
                    .await
                    .map_err(|err| connected.error("could not read the job's history", err))?,
            ),
            false => None,
        };
        Ok((detail, history))
    })?;
    if format == Format::Json {
        return match &history {
            Some(history) => ui::print_json(&WithHistory { detail: &detail, messages: &history.messages }),
            None => ui::print_json(&detail),
        };
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
    if let Some(history) = &history {
        out.push_str(&render_history(&history.messages, job.erased_at.is_some()));
    }
    ui::print_text(&out)?;
    Ok(())
}

/// Returns a job's messages as text: a heading a message (its number, who said it, the step it
/// follows), then the message whole, indented.
fn render_history(messages: &[Said], erased: bool) -> String {
    if messages.is_empty() {
        let why = if erased { "erased with the job's payloads" } else { "the job's run kept no message" };
        return format!("  history   none: {why}\n");
    }
    let mut out = "  history\n".to_owned();
    let mut calls: Vec<&ToolCall> = Vec::new();
    for said in messages {
        let (who, text) = match &said.message {
            ChatMessage::User { text } => ("asked".to_owned(), text.clone()),
            ChatMessage::Assistant { text, tool_calls } => {
                calls.extend(tool_calls);
                let mut lines: Vec<String> = text.iter().cloned().collect();
                lines.extend(
                    tool_calls
                        .iter()
                        .map(|c| format!("calls {}({})", c.name, serde_json::Value::Object(c.arguments.clone()))),
                );
                ("the model".to_owned(), lines.join("\n"))
            }
            ChatMessage::Tool { call_id, text } => {
                let name = calls.iter().find(|c| c.id == *call_id).map_or("a tool", |c| c.name.as_str());
                (format!("{name} answered"), text.clone())
            }
        };
        out.push_str(&format!("    {} {who} (after step {}):\n", said.n, said.after));
        for line in text.lines() {
            out.push_str(&format!("      {line}\n"));
        }
    }
    out
}

/// Returns the first line of `text`, cut at 100 characters, with `...` when anything was left out.
fn one_line(text: &str) -> String {
    let first = text.lines().next().unwrap_or_default();
    let cut: String = first.chars().take(100).collect();
    if cut.len() < text.trim_end().len() { format!("{cut}...") } else { cut }
}
