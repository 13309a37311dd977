//! `oz0 tool call`: call a tool's function by hand, as a job of its own, and show what it answered.

use std::io::IsTerminal;
use std::time::Duration;

use clap::Args;
use oz0_core::api::{CallAnswer, CallRequest, Edge, EdgeError, QuestionAnswer, RunEvent, TreeId};
use oz0_core::fit::View;
use oz0_core::trace::Outcome;
use serde_json::{Map, Value};

use crate::commands::fit::ViewArg;
use crate::edge::{Connected, EdgeArgs, block_on, connect};
use crate::error::{CommandError, ErrorKind};
use crate::output::{self, Format};
use crate::ui;

/// Call a tool's function by hand and see exactly what a model would read.
///
/// Arguments are typed by the function's input schema (`--arg n=5` is a number where the schema says
/// integer) and checked against it before the call. The call is a job of its own, with its own tree
/// of files; `oz0 job trace ID` shows it afterwards. No budget is filled in for a person: pass
/// --budget to see what a model's call with that budget reads.
///
/// The text a model reads goes to stdout; the fit note, the files the tool returned and its usage go
/// to stderr. Exit status: 0 when the call worked, 1 when it failed (the tool's error, a timeout, a
/// crash, a result too large), 2 when it could not be made, 130 when interrupted (the call is
/// cancelled and its server ended).
#[derive(Debug, Args)]
#[command(after_long_help = EXAMPLES)]
pub struct ToolCallArgs {
    /// The tool's ID and the function's name, such as `acme_docs.get_page`.
    #[arg(value_name = "TOOL.FUNCTION")]
    pub target: String,

    /// An argument, NAME=VALUE, typed by the function's input schema; repeat for each.
    #[arg(long = "arg", value_name = "NAME=VALUE")]
    pub args: Vec<String>,

    /// The arguments as a JSON object, or `@FILE` to read it from a file; --arg adds to it.
    #[arg(long = "args", value_name = "JSON|@FILE")]
    pub json: Option<String>,

    /// The view to ask for (the fitting convention's `view` argument).
    #[arg(long, value_enum)]
    pub view: Option<ViewArg>,

    /// The budget in tokens to ask for (the convention's `budget` argument).
    #[arg(long, value_name = "TOKENS", value_parser = crate::commands::fit::parse_positive)]
    pub budget: Option<u64>,

    /// The section to ask for (the convention's `query` argument).
    #[arg(long, value_name = "QUERY")]
    pub query: Option<String>,

    /// The job's ID; left out, a new ULID. Refused when that job has ended and its tree holds files.
    #[arg(long, value_name = "ID", value_parser = parse_job)]
    pub id: Option<TreeId>,

    /// Answer the questions the tool's server asks (MCP elicitation) from stdin, one field a line,
    /// even when stdin is not a terminal. On a terminal they are asked anyway; elsewhere, and in every
    /// job an agent or a flow runs, they are declined.
    #[arg(long)]
    pub ask: bool,

    /// A folder the tool's server is told of as an MCP root for this call, besides its manifest's
    /// `roots`, and may read; repeat for more. On a served edge it is a folder of the edge's machine,
    /// given only within what its operator lets servers read (`edge serve --tools-may-read`).
    #[arg(long = "root", value_name = "DIR")]
    pub roots: Vec<std::path::PathBuf>,

    /// Read a resource of the tool's server (`resources/read`), such as one a call's result linked to,
    /// in place of calling a function: name the tool alone (`oz0 tool call docs --resource URI`). It is
    /// shown as a model reads it, a text blob as its text.
    #[arg(long, value_name = "URI", conflicts_with_all = ["args", "json", "view", "budget", "query"])]
    pub resource: Option<String>,
}

const EXAMPLES: &str = "\
Examples:
  oz0 tool call acme_docs.get_page --arg path=install.md --budget 500
  oz0 tool call acme_docs.get_page --args '{\"path\": \"install.md\", \"view\": \"stub\"}'
  oz0 tool call workbench.inspect --arg archive=oz0-file:sha256:... --format json
  oz0 tool call files.list_directory --arg path=/srv/docs --root /srv/docs
  oz0 tool call everything --resource demo://resource/dynamic/text/2";

/// Returns the roots of the call as paths on the edge's machine: the embedded edge's are this
/// machine's, made absolute; a served edge's must be absolute already.
fn roots(args: &ToolCallArgs, connected: &Connected) -> Result<Vec<String>, CommandError> {
    let embedded = matches!(connected.place, crate::edge::Place::Embedded(_));
    args.roots
        .iter()
        .map(|root| {
            let root = if embedded { std::path::absolute(root).unwrap_or_else(|_| root.clone()) } else { root.clone() };
            if !root.is_absolute() {
                return Err(CommandError::usage(format!("--root `{}` is not an absolute path", root.display()))
                    .hint("the edge is served elsewhere: give a folder of its machine, such as /srv/docs"));
            }
            root.to_str()
                .map(str::to_owned)
                .ok_or_else(|| CommandError::usage(format!("--root `{}` is not valid UTF-8", root.display())))
        })
        .collect()
}

/// Returns the call's job ID: --id, else a new one.
fn job_id(args: &ToolCallArgs) -> Result<TreeId, CommandError> {
    match &args.id {
        Some(id) => Ok(id.clone()),
        None => TreeId::generate().map_err(|err| CommandError::operational("could not make a job ID").caused_by(err)),
    }
}

/// Reads a job ID.
pub fn parse_job(value: &str) -> Result<TreeId, String> {
    TreeId::new(value).map_err(|err| err.to_string())
}

/// Runs `oz0 tool call`.
pub fn run(args: &ToolCallArgs, edge: &EdgeArgs) -> Result<(), CommandError> {
    let format: Format = output::format()?;
    if let Some(uri) = &args.resource {
        return read_resource(args, uri, edge, format);
    }
    let (tool, function) =
        args.target.split_once('.').filter(|(t, f)| !t.is_empty() && !f.is_empty()).ok_or_else(|| {
            CommandError::usage(format!("`{}` is not TOOL.FUNCTION", args.target))
                .hint("name the tool and its function, such as `acme_docs.get_page`; `oz0 plugin list` shows them")
        })?;
    let connected = connect(edge)?;
    let job = job_id(args)?;
    let answer = block_on(async {
        let info = match connected.edge.tool(tool).await {
            Ok(info) => info,
            Err(err) => {
                let missing = matches!(err, EdgeError::NotFound { .. });
                let error = connected.error(&format!("could not call `{}`", args.target), err);
                if !missing {
                    return Err(error);
                }
                // The installed tools nearest the name, when listing them works.
                let plugins = connected.edge.plugins().await.unwrap_or_default();
                let tools = plugins.iter().flat_map(|p| &p.tools).map(|t| t.id.as_str());
                return Err(match oz0_core::spelling::nearest(tool, tools).first() {
                    Some(near) => error.hint(format!("did you mean `{near}.{function}`?")),
                    None => error,
                });
            }
        };
        let Some(schema) = info.function(function).map(|f| f.input_schema.clone()) else {
            let names: Vec<String> = info.functions.iter().map(|f| format!("{tool}.{}", f.name)).collect();
            return Err(CommandError::usage(format!("the tool `{tool}` has no function `{function}`"))
                .hint(format!("its functions: {}", names.join(", "))));
        };
        let arguments = arguments(args, &schema)?;
        let ask = args.ask || (std::io::stdin().is_terminal() && std::io::stderr().is_terminal());
        let request = CallRequest {
            tool: tool.to_owned(),
            function: function.to_owned(),
            arguments,
            job: Some(job.clone()),
            ask,
            roots: roots(args, &connected)?,
            resource: None,
        };
        call(&connected, &request, &job).await
    })?;
    finish(args, &answer, format)
}

/// Reads a resource of a tool's server, as a job of its own, and shows it as a model reads it.
fn read_resource(args: &ToolCallArgs, uri: &str, edge: &EdgeArgs, format: Format) -> Result<(), CommandError> {
    let tool = args.target.split('.').next().unwrap_or_default();
    if tool.is_empty() {
        return Err(CommandError::usage(
            "name the tool whose resource to read, such as `oz0 tool call docs --resource URI`",
        ));
    }
    let connected = connect(edge)?;
    let job = job_id(args)?;
    let answer = block_on(async {
        let request = CallRequest {
            tool: tool.to_owned(),
            function: String::new(),
            arguments: Map::new(),
            job: Some(job.clone()),
            ask: false,
            roots: Vec::new(),
            resource: Some(uri.to_owned()),
        };
        call(&connected, &request, &job).await
    })?;
    finish(args, &answer, format)
}

/// Shows what a call answered, and returns how it ended.
fn finish(args: &ToolCallArgs, answer: &CallAnswer, format: Format) -> Result<(), CommandError> {
    if format == Format::Json {
        ui::print_json(answer)?;
    } else {
        render(answer, output::output().verbose)?;
    }
    match answer.outcome {
        Outcome::Ok => Ok(()),
        Outcome::Cancelled => Err(CommandError {
            kind: ErrorKind::Interrupted,
            message: format!("the call was cancelled (job {})", answer.job.id),
            source: None,
            hints: Vec::new(),
        }),
        _ => {
            // An error the tool answered is its text, printed above as a model reads it; it is said once.
            let said = answer
                .result
                .as_ref()
                .filter(|r| r.get("isError") == Some(&Value::Bool(true)))
                .map(|r| oz0_core::mcp::render(r).text.lines().next().unwrap_or_default().trim().to_owned());
            let shown = said.is_some() && format == Format::Text && std::io::stdout().is_terminal();
            let message = match &answer.error {
                Some(_) if shown => "the tool answered with the error above".to_owned(),
                Some(error) => error.clone(),
                None => format!("{} failed", args.target),
            };
            let mut error = CommandError { kind: ErrorKind::Failed, message, source: None, hints: Vec::new() };
            if let Some(stderr) = answer.stderr.as_deref().and_then(|s| news(s, said.as_deref())) {
                error = error.hint(format!("the server's stderr ended with:\n    {}", stderr.replace('\n', "\n    ")));
            }
            Err(error.hint(format!("`oz0 job trace {}` shows the job", answer.job.id)))
        }
    }
}

/// Returns the lines of a server's stderr that say more than the error the tool answered, if any do.
fn news(stderr: &str, said: Option<&str>) -> Option<String> {
    let lines: Vec<&str> = stderr
        .lines()
        .filter(|line| !line.trim().is_empty())
        .filter(|line| said.is_none_or(|said| said.is_empty() || !line.contains(said)))
        .collect();
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// Makes the call, cancelling it when the person presses Ctrl-C: the edge stops the call and ends its
/// server, and the answer says it was cancelled. Meanwhile it shows the call's progress and puts the
/// server's questions to the person.
async fn call(connected: &Connected, request: &CallRequest, job: &TreeId) -> Result<CallAnswer, CommandError> {
    let fail = |err| connected.error(&format!("could not call `{}.{}`", request.tool, request.function), err);
    let spinner = ui::spinner();
    let waiting = format!("calling {}.{} (job {job}; Ctrl-C cancels)", request.tool, request.function);
    spinner.set_message(waiting.clone());
    let call = connected.edge.call_tool(request);
    tokio::pin!(call);
    let follow = follow(connected, job, &spinner, &waiting);
    tokio::pin!(follow);
    let mut following = true;
    // A call not asked here waits for someone else's approval, which is said, terminal or not.
    let approval = told_of_approval(connected, job, &spinner);
    tokio::pin!(approval);
    let mut watching = !request.ask;
    loop {
        tokio::select! {
            answer = &mut call => {
                spinner.finish_and_clear();
                return answer.map_err(fail);
            }
            _ = tokio::signal::ctrl_c() => break,
            () = &mut follow, if following => following = false,
            () = &mut approval, if watching => watching = false,
        }
    }
    spinner.set_message("cancelling the call...");
    let _ = connected.edge.cancel_job(job).await;
    spinner.finish_and_clear();
    match tokio::time::timeout(Duration::from_secs(10), call).await {
        Ok(answer) => answer.map_err(fail),
        Err(_) => Err(CommandError {
            kind: ErrorKind::Interrupted,
            message: format!("the call was cancelled (job {job})"),
            source: None,
            hints: Vec::new(),
        }),
    }
}

/// Says once that the call waits for a person's approval, and how to give it, when an approval of its
/// job is pending; ends then, or when the approvals cannot be read (a token without the right).
async fn told_of_approval(connected: &Connected, job: &TreeId, spinner: &indicatif::ProgressBar) {
    loop {
        // Once a second: soon enough for a person, light on an edge that many calls ask.
        tokio::time::sleep(Duration::from_secs(1)).await;
        let Ok(approvals) = connected.edge.approvals(false).await else { return };
        if let Some(approval) = approvals.iter().find(|approval| &approval.job == job) {
            let id = approval.id;
            spinner.suspend(|| {
                ui::info(&format!(
                    "`{}` waits for a person's approval, asked by {} (approval {id}, until {}): \
                     `oz0 approval show {id}`, then `oz0 approval approve {id}` or `deny {id}`",
                    approval.target, approval.rule, approval.expires_at
                ));
            });
            return;
        }
    }
}

/// Follows the call's job: its progress on the spinner's line, and its server's questions put to the
/// person, each answered on the edge. The job may not exist yet when the call has only just been sent.
async fn follow(connected: &Connected, job: &TreeId, spinner: &indicatif::ProgressBar, waiting: &str) {
    let mut events = loop {
        match connected.edge.events(job, 0).await {
            Ok(events) => break events,
            Err(_) => tokio::time::sleep(Duration::from_millis(50)).await,
        }
    };
    while let Some(Ok(event)) = std::future::poll_fn(|cx| events.as_mut().poll_next(cx)).await {
        match event {
            RunEvent::Progress { call, progress, total, message } => {
                spinner.set_message(ui::progress_line(&call, progress, total, message.as_deref()));
            }
            RunEvent::Question { question, message, schema, .. } => {
                let shown = spinner.clone();
                let asked = tokio::task::spawn_blocking(move || {
                    shown.suspend(|| super::ask::form(&message, &schema, &mut std::io::stdin().lock()))
                })
                .await;
                let answer = asked.unwrap_or(QuestionAnswer::Cancel);
                if let Err(err) = connected.edge.answer(job, question, &answer).await {
                    spinner.suspend(|| ui::warn(&format!("the answer could not be given: {err}")));
                }
                spinner.set_message(waiting.to_owned());
            }
            RunEvent::Step { .. } | RunEvent::Said { .. } => {}
            RunEvent::Done { .. } => return,
        }
    }
}

/// Returns the call's arguments: --args, then each --arg typed by the schema, then the convention's
/// --view, --budget and --query, checked against the schema.
fn arguments(args: &ToolCallArgs, schema: &Value) -> Result<Map<String, Value>, CommandError> {
    let mut arguments = match &args.json {
        None => Map::new(),
        Some(text) => {
            let (text, from) = match text.strip_prefix('@') {
                Some(path) => (
                    fs_err::read_to_string(path)
                        .map_err(|err| CommandError::usage("could not read --args").caused_by(err))?,
                    format!("'{path}'"),
                ),
                None => (text.clone(), "--args".to_owned()),
            };
            match serde_json::from_str::<Value>(&text) {
                Ok(Value::Object(map)) => map,
                Ok(_) => return Err(CommandError::usage(format!("{from} is not a JSON object"))),
                Err(err) => {
                    return Err(CommandError::usage(format!("{from} is not JSON")).caused_by(err));
                }
            }
        }
    };
    let name = &args.target;
    oz0_core::args::from_pairs(name, schema, &args.args, &mut arguments).map_err(|err| {
        let error = CommandError::usage(err.to_string());
        if matches!(err, oz0_core::args::ArgsError::Unknown { .. }) { error } else { error.hint(takes(schema)) }
    })?;
    let convention = [
        ("view", args.view.map(|v| Value::from(View::from(v).as_str())), "--view"),
        ("budget", args.budget.map(Value::from), "--budget"),
        ("query", args.query.clone().map(Value::from), "--query"),
    ];
    for (key, value, flag) in convention {
        let Some(value) = value else { continue };
        if !oz0_core::args::names(schema).iter().any(|n| n == key) {
            return Err(CommandError::usage(format!("{name} takes no `{key}`, so {flag} cannot be passed"))
                .hint("only functions that follow the fitting convention take view, budget and query")
                .hint(takes(schema)));
        }
        arguments.insert(key.to_owned(), value);
    }
    oz0_core::args::check(name, schema, &arguments)
        .map_err(|err| CommandError::usage(err.to_string()).hint(takes(schema)))?;
    Ok(arguments)
}

fn takes(schema: &Value) -> String {
    let names = oz0_core::args::names(schema);
    let required: Vec<&str> =
        schema.get("required").and_then(Value::as_array).into_iter().flatten().filter_map(Value::as_str).collect();
    let shown: Vec<String> = names
        .iter()
        .map(|n| if required.contains(&n.as_str()) { format!("{n} (required)") } else { n.clone() })
        .collect();
    if shown.is_empty() { "it takes no arguments".to_owned() } else { format!("it takes {}", shown.join(", ")) }
}

/// Prints what a model reads on stdout (the runtime's own rendering of the result), and on stderr the
/// rest: what the model read only a placeholder of, structured content it did not read, the fit note,
/// files and usage.
fn render(answer: &CallAnswer, verbose: bool) -> Result<(), CommandError> {
    let rendered = answer.result.as_ref().map(oz0_core::mcp::render).unwrap_or_default();
    if !rendered.text.is_empty() {
        ui::print_text(&rendered.text)?;
    }
    for summarized in &rendered.summarized {
        ui::info(&format!("{summarized}; --format json has it whole"));
    }
    if let Some(structured) = rendered.structured_left_out {
        let size = oz0_core::mcp::human_size(structured.bytes);
        if structured.same_as_text {
            ui::info(&format!("structured content: {size}, the same as the text"));
        } else {
            ui::info(&format!(
                "structured content: {size}, not shown (a model reads the text); --format json has it whole"
            ));
        }
    }
    if let Some(fit) = &answer.fit {
        ui::info(&ui::fit_note(None, fit));
    }
    for file in &answer.files {
        ui::info(&format!("file: {} ({} bytes), kept in the job's tree", file.file, file.size));
    }
    for file in &answer.handed {
        ui::info(&format!("handed: {file}"));
    }
    for usage in &answer.usage {
        let units = match (usage.units, &usage.unit) {
            (Some(n), Some(unit)) => format!(" {n} {unit}"),
            (Some(n), None) => format!(" {n} units"),
            _ => String::new(),
        };
        ui::info(&format!("usage: {}{units}, ${}", usage.service, usage.cost_usd));
    }
    if let Some(refused) = &answer.usage_refused {
        ui::warn(refused);
    }
    ui::sampled(&answer.sampling);
    ui::sampled(&answer.gateway);
    ui::server_notes(&answer.server, verbose);
    ui::info(&format!("job {} step {}: {}", answer.job.id, answer.step, answer.outcome.as_str()));
    Ok(())
}
