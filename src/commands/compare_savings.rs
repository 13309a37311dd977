//! `oz0 compare-savings`: measure what an offload threshold saves on your own agent, in pairs of runs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{ArgGroup, Args, Subcommand};
use oz0_core::api::{
    Edge, EdgeError, Experiment, ExperimentReport, ExperimentRequest, ExperimentState, PairArm, TreeId,
};
use oz0_core::offload::Offload;
use oz0_core::savings::{grouped, threshold};
use oz0_core::trace::dollars;

use crate::commands::run::local_definition;
use crate::commands::tenant::offload::parse_offload;
use crate::commands::tool::call::parse_job;
use crate::edge::{Connected, EdgeArgs, Place, block_on, connect};
use crate::error::{CommandError, ErrorKind};
use crate::output::{self, Format};
use crate::ui;
use crate::ui::Column::{Key, Number};

/// Measure what an offload threshold saves on your own agent, in pairs of runs.
///
/// An experiment runs the agent on each input twice: under the baseline, the threshold the agent gets
/// today (its own `offload` within the tenant's ceiling, else the tenant's default), and under the
/// variant. Its jobs run one after another, the two arms of each input in turn, each tagged with the
/// experiment; `show` sets the arms side by side, with what the variant saved in tokens and cost (and
/// a 95% interval, by paired bootstrap) and how often the two arms answered alike.
#[derive(Debug, Subcommand)]
pub enum CompareSavingsCommand {
    Start(StartArgs),
    Show(ShowArgs),
    List(ListArgs),
    Cancel(CancelArgs),
}

/// Start an experiment, show its progress, and show what it found.
///
/// The inputs are the lines of a file (blank lines skipped), or what the agent's most recent jobs were
/// asked (--replay). No pair starts once what the experiment spent, and a pair at the mean cost of those
/// so far, would pass --budget-usd. NAME is looked up as `agents/NAME.yaml` in the current folder, else
/// among the agents installed on the edge; the experiment runs that definition throughout. Ctrl-C
/// cancels the experiment. With a served edge, --detach starts it and prints its ID.
///
/// Exit status: 0 when every pair ran (or it stopped at its budget), 1 when it failed, 2 when it could
/// not start, 130 when cancelled.
#[derive(Debug, Args)]
#[command(after_long_help = START_EXAMPLES)]
#[command(group(ArgGroup::new("source").required(true).args(["inputs", "replay"])))]
pub struct StartArgs {
    /// The agent.
    #[arg(long, value_name = "NAME")]
    pub agent: String,

    /// The variant's offload threshold: tokens, or `off`.
    #[arg(long, value_name = "TOKENS|off", value_parser = parse_offload)]
    pub variant_offload: Offload,

    /// A file of inputs, one a line; `-` reads them from stdin.
    #[arg(long, value_name = "FILE")]
    pub inputs: Option<PathBuf>,

    /// Ask what the agent's N most recent jobs were asked, in place of --inputs.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub replay: Option<u32>,

    /// The most the experiment may spend, in US dollars.
    #[arg(long, value_name = "USD", value_parser = parse_budget)]
    pub budget_usd: Option<f64>,

    /// Start the experiment and print its ID, without following it (a served edge only).
    #[arg(long)]
    pub detach: bool,
}

const START_EXAMPLES: &str = "\
Examples:
  oz0 compare-savings start --agent reader --variant-offload off --inputs questions.txt
  oz0 compare-savings start --agent reader --variant-offload 20000 --replay 10 --budget-usd 2
  oz0 compare-savings start --agent reader --variant-offload off --inputs questions.txt --detach";

/// Show an experiment: both arms side by side, and what the variant saved.
#[derive(Debug, Args)]
#[command(after_long_help = "Examples:\n  oz0 compare-savings show 01K1N6ZQ4B7V2X9M3P8R5T0W6Y\n  \
                             oz0 compare-savings show 01K1N6ZQ4B7V2X9M3P8R5T0W6Y --format json")]
pub struct ShowArgs {
    /// The experiment's ID, as `oz0 compare-savings list` shows it.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,
}

/// List the tenant's experiments, newest first.
#[derive(Debug, Args)]
pub struct ListArgs {
    /// How many experiments to show.
    #[arg(long, value_name = "N", default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1000))]
    pub limit: u32,
}

/// Cancel a running experiment: no pair starts, and the job that runs is cancelled.
#[derive(Debug, Args)]
pub struct CancelArgs {
    /// The experiment's ID.
    #[arg(value_name = "ID", value_parser = parse_job)]
    pub id: TreeId,
}

fn parse_budget(value: &str) -> Result<f64, String> {
    match value.trim().parse::<f64>() {
        Ok(usd) if usd.is_finite() && usd > 0.0 => Ok(usd),
        _ => Err(format!("a budget is a number of US dollars above 0, such as 2.50, and `{value}` is not")),
    }
}

/// Runs an `oz0 compare-savings` command.
pub fn run(command: CompareSavingsCommand, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    match command {
        CompareSavingsCommand::Start(args) => start(&args, edge, format),
        CompareSavingsCommand::Show(args) => {
            let connected = connect(edge)?;
            let report = block_on(async {
                let fail = |err| connected.error(&format!("could not read the experiment {}", args.id), err);
                connected.edge.experiment(&args.id).await.map_err(fail)
            })?;
            if format == Format::Json {
                return ui::print_json(&report);
            }
            ui::print_text(&render(&report))?;
            Ok(())
        }
        CompareSavingsCommand::List(args) => {
            let connected = connect(edge)?;
            let listed = block_on(async {
                let fail = |err| connected.error("could not list the experiments", err);
                connected.edge.experiments(args.limit).await.map_err(fail)
            })?;
            if format == Format::Json {
                return ui::print_json(&listed);
            }
            if listed.is_empty() {
                ui::info(
                    "no experiments yet; `oz0 compare-savings start --agent NAME --variant-offload off --inputs FILE` starts one",
                );
                return Ok(());
            }
            let mut table = ui::table(&[
                Key("ID"),
                Key("AGENT"),
                Key("STATE"),
                Key("BASELINE"),
                Key("VARIANT"),
                Number("JOBS"),
                Number("SPENT"),
                Key("STARTED"),
            ]);
            for x in &listed {
                table.add_row([
                    x.id.to_string(),
                    x.agent.clone(),
                    x.state.as_str().to_owned(),
                    threshold(x.baseline_offload),
                    threshold(x.variant_offload),
                    format!("{} of {}", x.jobs, u64::from(x.inputs) * 2),
                    dollars(x.spent_usd),
                    x.started_at.clone(),
                ]);
            }
            ui::print_text(&ui::table_text(&table))?;
            Ok(())
        }
        CompareSavingsCommand::Cancel(args) => {
            let connected = connect(edge)?;
            let cancelled = block_on(async {
                let fail = |err| connected.error(&format!("could not cancel the experiment {}", args.id), err);
                connected.edge.cancel_experiment(&args.id).await.map_err(fail)
            })?;
            if format == Format::Json {
                return ui::print_json(&cancelled);
            }
            ui::info(&format!(
                "cancelled the experiment {}: {} jobs ran, {} spent; `oz0 compare-savings show {}` shows what they found",
                cancelled.id,
                cancelled.jobs,
                dollars(cancelled.spent_usd),
                cancelled.id
            ));
            Ok(())
        }
    }
}

/// Reads the inputs of `--inputs`: a line each, blank lines skipped.
fn read_inputs(path: &Path) -> Result<Vec<String>, CommandError> {
    let text = if path == Path::new("-") {
        std::io::read_to_string(std::io::stdin())
            .map_err(|err| CommandError::usage("could not read the inputs from stdin").caused_by(err))?
    } else {
        fs_err::read_to_string(path)
            .map_err(|err| CommandError::usage("could not read the file of inputs").caused_by(err))?
    };
    let inputs: Vec<String> = text.lines().map(str::trim).filter(|line| !line.is_empty()).map(str::to_owned).collect();
    if inputs.is_empty() {
        return Err(CommandError::usage(format!("'{}' holds no input: write one a line", path.display())));
    }
    Ok(inputs)
}

fn start(args: &StartArgs, edge: &EdgeArgs, format: Format) -> Result<(), CommandError> {
    let inputs = args.inputs.as_deref().map(read_inputs).transpose()?.unwrap_or_default();
    let definition = local_definition(&args.agent)?;
    let connected = connect(edge)?;
    if args.detach && matches!(connected.place, Place::Embedded(_)) {
        return Err(CommandError::usage(
            "--detach needs a served edge: the embedded edge runs an experiment in this process",
        )
        .hint("start one with `oz0 edge serve` and pass --edge, or leave out --detach"));
    }
    let request = ExperimentRequest {
        agent: args.agent.clone(),
        definition,
        variant_offload: args.variant_offload,
        inputs,
        replay: args.replay,
        budget_usd: args.budget_usd,
    };
    block_on(async {
        let started = connected.edge.start_experiment(&request).await.map_err(|err| {
            let refused = matches!(err, EdgeError::Invalid { .. });
            let error = connected.error(&format!("could not start an experiment of `{}`", args.agent), err);
            if refused { error.hint("nothing was run") } else { error }
        })?;
        ui::info(&format!(
            "experiment {}: `{}` on {} inputs, offloading at {} (baseline) and at {} (variant)",
            started.id,
            started.agent,
            started.inputs,
            threshold(started.baseline_offload),
            threshold(started.variant_offload)
        ));
        if args.detach {
            return print_id(&started.id, format);
        }
        let report = follow(&connected, &started).await?;
        match format {
            Format::Json => print_id(&report.id, format)?,
            Format::Text => ui::print_text(&render(&report))?,
        }
        ended(&report.experiment)
    })
}

fn print_id(id: &TreeId, format: Format) -> Result<(), CommandError> {
    match format {
        Format::Json => ui::print_json(&serde_json::json!({"id": id})),
        Format::Text => Ok(ui::print_text(id.as_str())?),
    }
}

/// How long between two looks at an experiment being followed.
const POLL: Duration = Duration::from_millis(500);

/// Follows an experiment until it ends, saying each pair as it ends; Ctrl-C cancels it.
async fn follow(connected: &Connected, started: &Experiment) -> Result<ExperimentReport, CommandError> {
    let fail = |err| connected.error(&format!("could not follow the experiment {}", started.id), err);
    let bar = ui::count_progress(u64::from(started.inputs), "pairs");
    let mut said = 0;
    let mut interrupted = false;
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    loop {
        let report = connected.edge.experiment(&started.id).await.map_err(fail)?;
        let complete: Vec<_> = report
            .pairs
            .iter()
            .filter(|p| [&p.baseline, &p.variant].iter().all(|a| a.as_ref().is_some_and(|a| a.state.ended())))
            .collect();
        for pair in complete.iter().skip(said) {
            let (Some(b), Some(v)) = (&pair.baseline, &pair.variant) else { continue };
            let arm = |a: &PairArm| match &a.error {
                Some(error) => {
                    format!("{} tokens, {} ({}: {error})", grouped(a.tokens), dollars(a.cost_usd), a.state.as_str())
                }
                None => format!("{} tokens, {} ({})", grouped(a.tokens), dollars(a.cost_usd), a.state.as_str()),
            };
            bar.suspend(|| {
                ui::info(&format!("pair {} of {}: baseline {}; variant {}", pair.n, started.inputs, arm(b), arm(v)));
            });
        }
        said = said.max(complete.len());
        bar.set_position(said as u64);
        bar.set_message(format!("{} spent", dollars(report.experiment.spent_usd)));
        if report.experiment.state != ExperimentState::Running {
            bar.finish_and_clear();
            return Ok(report);
        }
        tokio::select! {
            () = tokio::time::sleep(POLL) => {}
            _ = &mut ctrl_c, if !interrupted => {
                interrupted = true;
                bar.set_message("cancelling the experiment...");
                if let Err(err) = connected.edge.cancel_experiment(&started.id).await {
                    bar.finish_and_clear();
                    return Err(connected.error(&format!("could not cancel the experiment {}", started.id), err));
                }
            }
        }
    }
}

/// Returns the outcome of an experiment that ended as its exit status.
fn ended(experiment: &Experiment) -> Result<(), CommandError> {
    let show = format!("`oz0 compare-savings show {}` shows what its pairs found", experiment.id);
    let reason = experiment.reason.as_deref().unwrap_or("no reason was given");
    match experiment.state {
        ExperimentState::Done | ExperimentState::Running => Ok(()),
        ExperimentState::Stopped => {
            ui::warn(&format!("the experiment {} {reason}", experiment.id));
            Ok(())
        }
        ExperimentState::Cancelled => Err(CommandError {
            kind: ErrorKind::Interrupted,
            message: format!("the experiment {} was cancelled", experiment.id),
            source: None,
            hints: vec![show],
        }),
        ExperimentState::Failed => Err(CommandError {
            kind: ErrorKind::Failed,
            message: format!("the experiment {} failed: {reason}", experiment.id),
            source: None,
            hints: vec![show],
        }),
    }
}

/// Returns an experiment as text: what it is, both arms side by side, and the verdict.
fn render(report: &ExperimentReport) -> String {
    let x = &report.experiment;
    let mut out = format!(
        "experiment {} of `{}`, started {} by {}: {}, {} of {} inputs' pairs measured, {} spent{}\n",
        x.id,
        x.agent,
        x.started_at,
        x.person,
        x.state.as_str(),
        report.savings.pairs,
        x.inputs,
        dollars(x.spent_usd),
        x.budget_usd.map(|b| format!(" of {}", dollars(b))).unwrap_or_default()
    );
    if let Some(reason) = &x.reason {
        out.push_str(&format!("  {reason}\n"));
    }
    let mut table = ui::table(&[Key(""), Number("BASELINE"), Number("VARIANT"), Number("VARIANT SAVED (95%)")]);
    ui::indent(&mut table, 2);
    for row in report.rows() {
        table.add_row(row);
    }
    out.push_str(&ui::table_text(&table));
    out.push_str(&format!("{}\n", report.savings.verdict));
    out
}
