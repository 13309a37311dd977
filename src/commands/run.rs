//! `oz0 run`: run an agent or a flow as a job, and follow it live.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::{Args, ValueEnum};
use oz0_core::api::{Edge, EdgeError, EventStream, FileRef, Job, JobState, RunEvent, RunRequest, TreeId};
use oz0_core::offload::Offload;
use oz0_core::trace::{Step, StepKind};

use crate::commands::tenant::offload::parse_offload;
use crate::commands::tool::call::parse_job;
use crate::edge::{Connected, EdgeArgs, Place, block_on, connect};
use crate::error::{CommandError, ErrorKind};
use crate::output;
use crate::ui;
use oz0_core::trace::{dollars, seconds};

/// Run an agent or a flow as a job, and follow it live.
///
/// NAME is looked up as `agents/NAME.yaml` or `flows/NAME.yaml` in the current folder, else among
/// the definitions installed on the edge (`oz0 agent apply`). Each step is shown as it ends (on
/// stderr); the answer goes to stdout. Ctrl-C cancels the job and says so. With a served edge,
/// --detach starts the job and prints its ID; follow it later with `oz0 job trace ID`.
///
/// Exit status: 0 when the job succeeded, 1 when it failed, 2 when it could not start, 130 when
/// cancelled.
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct RunArgs {
    /// The agent's or flow's name.
    #[arg(value_name = "NAME")]
    pub name: String,

    /// What the job is asked: text, or `@FILE` to read it from a file.
    #[arg(long, value_name = "TEXT|@FILE")]
    pub input: Option<String>,

    /// A file of another job to hand to this one, `oz0-file:sha256:<hex>`; repeat for each.
    #[arg(long = "file", value_name = "REF", value_parser = parse_ref)]
    pub files: Vec<FileRef>,

    /// The job's ID; left out, a new ULID.
    #[arg(long, value_name = "ID", value_parser = parse_job)]
    pub id: Option<TreeId>,

    /// Run it as a turn of a conversation: `new` starts one, named by this job's ID; a conversation's
    /// ID goes on with it, the turns before as the model's history and their files readable.
    #[arg(long, value_name = "new|ID")]
    pub conversation: Option<String>,

    /// Start the job and print its ID, without following it (a served edge only).
    #[arg(long)]
    pub detach: bool,

    /// Offload the agent's tool results over this many tokens (or `off`) in this run, in place of the
    /// agent's own `offload` and within the tenant's ceiling as that is: to see what a threshold does.
    #[arg(long, value_name = "TOKENS|off", value_parser = parse_offload)]
    pub offload: Option<Offload>,
}

const EXAMPLES: &str = "\
Examples:
  oz0 run reader --input 'How do I install Acme on Linux?'
  oz0 run hand-on --input 'some text' --format jsonl
  oz0 run reader --conversation new --input 'Find the install guide'
  oz0 run reader --conversation 01K1N6ZQ4B7V2X9M3P8R5T0W6Y --input 'And on macOS?'
  oz0 run fixer --file oz0-file:sha256:9f2c... --detach
  oz0 run reader --offload off --input 'How do I install Acme on Linux?'";

/// How `oz0 run` prints.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, ValueEnum)]
pub enum RunFormat {
    /// For people.
    #[default]
    Text,
    /// One JSON event a line.
    Jsonl,
}

fn parse_ref(value: &str) -> Result<FileRef, String> {
    value.trim().parse::<FileRef>().map_err(|err| err.to_string())
}

/// The folders of the current folder that hold agents and flows, and the extensions of their files.
const LOCAL_FOLDERS: [&str; 2] = ["agents", "flows"];
const LOCAL_EXTENSIONS: [&str; 2] = ["yaml", "yml"];

/// Returns the definition of `name` in `agents/` or `flows/` of the current folder, if there is one.
pub(crate) fn local_definition(name: &str) -> Result<Option<oz0_core::agent::Definition>, CommandError> {
    for dir in LOCAL_FOLDERS {
        for ext in LOCAL_EXTENSIONS {
            let path = Path::new(dir).join(format!("{name}.{ext}"));
            if path.is_file() {
                return crate::commands::agent::definition::read(&path).map(Some);
            }
        }
    }
    Ok(None)
}

/// Returns the definitions in `agents/` and `flows/` of the current folder that a run of `definition`
/// may reach (the agents it hands off and delegates to, the flows among its tools and its steps' calls,
/// and theirs), so that the edge runs them as written here; those not here are the installed.
fn local_reached(
    definition: Option<&oz0_core::agent::Definition>,
) -> Result<Vec<oz0_core::agent::Definition>, CommandError> {
    use oz0_core::agent::Definition;
    let Some(root) = definition else { return Ok(Vec::new()) };
    let named = |definition: &Definition| -> Vec<String> {
        let tool = |call: &String| call.split_once('.').map_or(call.as_str(), |(tool, _)| tool).to_owned();
        match definition {
            Definition::Agent(agent) => {
                agent.handoffs.iter().chain(&agent.agents).cloned().chain(agent.tools.iter().map(tool)).collect()
            }
            Definition::Flow(flow) => flow.steps.iter().map(|step| tool(&step.call)).collect(),
        }
    };
    let mut found: Vec<Definition> = Vec::new();
    let mut wanted = named(root);
    while let Some(name) = wanted.pop() {
        if name == root.id() || found.iter().any(|d| d.id() == name) {
            continue;
        }
        if let Some(local) = local_definition(&name)? {
            wanted.extend(named(&local));
            found.push(local);
        }
    }
    Ok(found)
}

/// Returns the names of the agents and flows in `agents/` and `flows/` of the current folder.
fn local_names() -> Vec<String> {
    let files = LOCAL_FOLDERS.into_iter().filter_map(|dir| std::fs::read_dir(dir).ok()).flatten().flatten();
    files
        .map(|entry| entry.path())
        .filter(|path| path.extension().and_then(|e| e.to_str()).is_some_and(|e| LOCAL_EXTENSIONS.contains(&e)))
        .filter_map(|path| path.file_stem().and_then(|s| s.to_str()).map(str::to_owned))
        .collect()
}

/// Runs `oz0 run`.
pub fn run(args: &RunArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: RunFormat = output::format()?;
    let definition = local_definition(&args.name)?;
    let input = match args.input.as_deref() {
        Some(text) => match text.strip_prefix('@') {
            Some(path) => fs_err::read_to_string(PathBuf::from(path))
                .map_err(|err| CommandError::usage("could not read --input").caused_by(err))?,
            None => text.to_owned(),
        },
        None => String::new(),
    };
    let connected = connect(edge)?;
    if args.detach && matches!(connected.place, Place::Embedded(_)) {
        return Err(CommandError::usage("--detach needs a served edge: the embedded edge runs jobs in this process")
            .hint("start one with `oz0 edge serve` and pass --edge, or leave out --detach"));
    }
    let reached = local_reached(definition.as_ref())?;
    let request = RunRequest {
        name: args.name.clone(),
        definition,
        input,
        files: args.files.clone(),
        job: args.id.clone(),
        reached,
        conversation: args.conversation.clone(),
        offload: args.offload,
    };
    block_on(async {
        let job = match connected.edge.start_run(&request).await {
            Ok(job) => job,
            Err(err) => {
                let missing = matches!(err, EdgeError::NotFound { .. }) && request.definition.is_none();
                let error = connected.error(&format!("could not run `{}`", args.name), err);
                if !missing {
                    return Err(error);
                }
                // The agents and flows nearest the name, here and installed.
                let mut known = local_names();
                known.extend(connected.edge.definitions().await.unwrap_or_default().iter().map(|d| d.id().to_owned()));
                return Err(match oz0_core::spelling::nearest(&args.name, known.iter().map(String::as_str)).first() {
                    Some(near) => error.hint(format!("did you mean `oz0 run {near}`?")),
                    None => error,
                });
            }
        };
        if let Some(turn) = &job.turn_of {
            ui::info(&format!(
                "turn {} of the conversation {}: go on with `oz0 run {} --conversation {}`",
                turn.turn, turn.conversation, args.name, turn.conversation
            ));
        }
        if args.detach {
            ui::print_text(job.id.as_str())?;
            return Ok(());
        }
        follow(&connected, &job, format, OnCtrlC::Cancel).await
    })
}

/// What Ctrl-C does to a job being followed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnCtrlC {
    /// Cancels the job, and follows it to its end.
    Cancel,
    /// Stops following it; the job goes on.
    Leave,
}

/// Follows a job's events until it ends; Ctrl-C does `on_ctrl_c`.
pub async fn follow(
    connected: &Connected,
    job: &Job,
    format: RunFormat,
    on_ctrl_c: OnCtrlC,
) -> Result<(), CommandError> {
    let fail = |err| connected.error(&format!("could not follow the job {}", job.id), err);
    let mut events: EventStream = connected.edge.events(&job.id, 0).await.map_err(fail)?;
    let spinner = if format == RunFormat::Text { ui::spinner() } else { indicatif::ProgressBar::hidden() };
    let keys = match on_ctrl_c {
        OnCtrlC::Cancel => "Ctrl-C cancels",
        OnCtrlC::Leave => "Ctrl-C stops following",
    };
    let waiting = format!("{} {} (job {}; {keys})", job.kind.as_str(), job.name, job.id);
    spinner.set_message(waiting.clone());
    let mut interrupted = false;
    let ctrl_c = tokio::signal::ctrl_c();
    tokio::pin!(ctrl_c);
    loop {
        let next = std::future::poll_fn(|cx| events.as_mut().poll_next(cx));
        let event = if interrupted {
            tokio::time::timeout(Duration::from_secs(15), next).await.unwrap_or_default()
        } else {
            tokio::select! {
                event = next => event,
                _ = &mut ctrl_c => {
                    if on_ctrl_c == OnCtrlC::Leave {
                        spinner.finish_and_clear();
                        return Err(CommandError {
                            kind: ErrorKind::Interrupted,
                            message: format!("stopped following the job {}, which goes on", job.id),
                            source: None,
                            hints: vec![format!("`oz0 job cancel {}` stops it", job.id)],
                        });
                    }
                    interrupted = true;
                    spinner.set_message("cancelling the job...");
                    let _ = connected.edge.cancel_job(&job.id).await;
                    continue;
                }
            }
        };
        let Some(event) = event else {
            spinner.finish_and_clear();
            if interrupted {
                return Err(interrupted_error(job));
            }
            return Err(CommandError::operational(format!("the job {}'s events ended before the job did", job.id))
                .hint(format!("`oz0 job trace {}` shows where it is", job.id)));
        };
        let event = event.map_err(fail)?;
        if format == RunFormat::Jsonl {
            let line = serde_json::to_string(&event)
                .map_err(|err| CommandError::operational("could not write an event").caused_by(err))?;
            ui::print_text(&line)?;
        }
        match event {
            RunEvent::Step { step } => {
                if format == RunFormat::Text {
                    spinner.suspend(|| ui::info(&describe(&step)));
                    spinner.set_message(waiting.clone());
                }
            }
            RunEvent::Progress { call, progress, total, message } => {
                spinner.set_message(ui::progress_line(&call, progress, total, message.as_deref()));
            }
            // Questions are for the person at the call (`oz0 tool call --ask`); a run declines them.
            // What the model said and read is for `--format jsonl`: the steps tell it in text.
            RunEvent::Question { .. } | RunEvent::Said { .. } => {}
            RunEvent::Done { job, output } => {
                spinner.finish_and_clear();
                if format == RunFormat::Text
                    && let Some(output) = output.as_deref().filter(|o| !o.is_empty())
                {
                    ui::print_text(output)?;
                }
                return ended(&job, interrupted);
            }
        }
    }
}

fn interrupted_error(job: &Job) -> CommandError {
    CommandError {
        kind: ErrorKind::Interrupted,
        message: format!("the job {} was cancelled", job.id),
        source: None,
        hints: vec![format!("`oz0 job trace {}` shows what it did", job.id)],
    }
}

fn ended(job: &Job, interrupted: bool) -> Result<(), CommandError> {
    match job.state {
        JobState::Succeeded => {
            ui::info(&format!("job {} succeeded: {} steps, {}", job.id, job.steps, dollars(job.cost_usd)));
            Ok(())
        }
        JobState::Cancelled => Err(interrupted_error(job)),
        JobState::Failed | JobState::Running => Err(CommandError {
            kind: if interrupted { ErrorKind::Interrupted } else { ErrorKind::Failed },
            message: format!("the job {} failed: {}", job.id, job.error.as_deref().unwrap_or("no reason was given")),
            source: None,
            hints: vec![format!("`oz0 job trace {}` shows what it did", job.id)],
        }),
    }
}

/// Returns a step in one line: what it was, how it ended, and its numbers.
pub fn describe(step: &Step) -> String {
    let mut line = format!(
        "{:>3} {} {}: {} ({})",
        step.seq,
        step.kind.as_str(),
        step.target(),
        step.outcome.as_str(),
        seconds(step.duration_ms)
    );
    if step.kind == StepKind::ModelCall && step.tokens_in.is_some() {
        line.push_str(&format!(
            ", {} tokens in, {} out, {}",
            step.tokens_in.unwrap_or(0),
            step.tokens_out.unwrap_or(0),
            dollars(step.cost_usd.unwrap_or(0.0))
        ));
    }
    if let Some(budget) = step.budget_filled {
        line.push_str(&format!(", budget {budget} filled in"));
    }
    if let Some(fit) = step.fitted {
        line.push_str(&format!(", {} view {} of {} tokens", fit.view.as_str(), fit.tokens, fit.size));
    }
    if let Some(offloaded) = step.offloaded {
        line.push_str(&format!(", offloaded {} tokens as {}", offloaded.tokens, offloaded.file));
    }
    if let Some(error) = &step.error {
        line.push_str(&format!(": {error}"));
    }
    line
}
