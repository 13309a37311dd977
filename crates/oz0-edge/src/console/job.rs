//! A job's page: its steps as a timeline, its fitted and offloaded results, its model and sampling
//! calls with tokens and cost, its files and labels; live while it runs. It shows the numbers
//! `oz0 job trace` shows, and as the trace never does, no omitted sentence and no outline.

use std::fmt::Write as _;

use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use oz0_core::api::{Edge, EdgeError, JobDetail, MAX_TRACE_STEPS, RunEvent, Trace, TreeId};
use oz0_core::trace::Step;

use super::html::{self, Section, bar, dollars, esc, or_none, seconds, url};
use super::signed::Signed;

/// Reads a job's ID from a path: one that is not valid names no job, and answers as a missing one.
fn job_id(segment: &str) -> Result<TreeId, EdgeError> {
    segment.parse().map_err(|_| EdgeError::not_found(format!("no job `{segment}`")))
}

/// Returns the whole trace, a page at a time as the edge answers it.
async fn whole_trace(signed: &Signed, id: &TreeId) -> Result<Trace, EdgeError> {
    let mut trace = signed.edge.trace(id, 0, MAX_TRACE_STEPS).await?;
    while let Some(next) = trace.next {
        let more = signed.edge.trace(id, next.saturating_sub(1), MAX_TRACE_STEPS).await?;
        trace.steps.extend(more.steps);
        trace.next = more.next;
    }
    Ok(trace)
}

pub async fn page(signed: Signed, Path(segment): Path<String>) -> Response {
    let found = async {
        let id = job_id(&segment)?;
        let trace = whole_trace(&signed, &id).await?;
        let detail = signed.edge.job(&id).await?;
        Ok::<_, EdgeError>((trace, detail))
    };
    match found.await {
        Ok((trace, detail)) => {
            let title = format!("Job {}", trace.job.id);
            html::respond(
                StatusCode::OK,
                html::page(&title, Section::Jobs, Some(&signed.session), &render(&trace, &detail)),
            )
        }
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

/// A job's history: each message of its run, as its model read it (a result kept as a file, as its
/// stub, outline included). Its own page, for the content role, apart from the trace's numbers.
pub async fn history(signed: Signed, Path(segment): Path<String>) -> Response {
    let found = async {
        let id = job_id(&segment)?;
        signed.edge.history(&id).await
    };
    match found.await {
        Ok(history) => {
            let title = format!("History of job {}", history.job.id);
            let body = render_history(&history);
            html::respond(StatusCode::OK, html::page(&title, Section::Jobs, Some(&signed.session), &body))
        }
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

fn render_history(history: &oz0_core::api::JobHistory) -> String {
    use oz0_core::api::ChatMessage;
    let job = &history.job;
    let mut out = format!(
        r#"<h1>History of job <a href="/console/jobs/{}"><code>{}</code></a></h1>"#,
        url(job.id.as_str()),
        esc(job.id.as_str())
    );
    if history.messages.is_empty() {
        let why = if job.erased_at.is_some() { "erased with the job's payloads" } else { "the run kept no message" };
        let _ = write!(out, r#"<p class="none" id="no-history">No message: {why}.</p>"#);
        return out;
    }
    let mut names: Vec<(String, String)> = Vec::new();
    for said in &history.messages {
        let (who, text) = match &said.message {
            ChatMessage::User { text } => ("Asked".to_owned(), text.clone()),
            ChatMessage::Assistant { text, tool_calls } => {
                let mut lines: Vec<String> = text.iter().cloned().collect();
                for call in tool_calls {
                    names.push((call.id.clone(), call.name.clone()));
                    lines.push(format!("calls {}({})", call.name, serde_json::Value::Object(call.arguments.clone())));
                }
                ("The model".to_owned(), lines.join("\n"))
            }
            ChatMessage::Tool { call_id, text } => {
                let name = names.iter().find(|(id, _)| id == call_id).map_or("A tool", |(_, name)| name.as_str());
                (format!("{name} answered"), text.clone())
            }
        };
        let _ = write!(
            out,
            r#"<section class="said" id="said-{}"><h2>{}. {} <small>after step {}</small></h2><pre>{}</pre></section>"#,
            said.n,
            said.n,
            esc(&who),
            said.after,
            esc(&text)
        );
    }
    out
}

/// The query of the console's events: the last step the page shows.
#[derive(Debug, serde::Deserialize)]
pub struct EventsQuery {
    after: Option<u32>,
}

/// Streams the job's events, from the same source as `/v1/jobs/{job}/events`, for the page's script,
/// which reloads the page's content on each.
pub async fn events(
    signed: Signed,
    Path(segment): Path<String>,
    query: Result<axum::extract::Query<EventsQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let after = query.map_or(0, |q| q.0.after.unwrap_or(0));
    let stream = match job_id(&segment) {
        Ok(id) => signed.edge.events(&id, after).await,
        Err(err) => Err(err),
    };
    let stream = match stream {
        Ok(stream) => stream,
        Err(err) => return html::error_page(&err, Some(&signed.session)),
    };
    let events = futures_util::StreamExt::map(stream, |event| {
        let (name, data) = match &event {
            Ok(event @ RunEvent::Step { .. }) => ("step", serde_json::to_string(event)),
            Ok(event @ RunEvent::Said { .. }) => ("said", serde_json::to_string(event)),
            Ok(event @ RunEvent::Done { .. }) => ("done", serde_json::to_string(event)),
            Ok(event @ RunEvent::Progress { .. }) => ("progress", serde_json::to_string(event)),
            Ok(RunEvent::Question { .. }) => ("question", Ok(String::new())),
            Err(err) => ("error", serde_json::to_string(&err.to_problem())),
        };
        Ok::<_, std::convert::Infallible>(Event::default().event(name).data(data.unwrap_or_default()))
    });
    Sse::new(events).keep_alive(KeepAlive::default()).into_response()
}

fn job_link(id: &TreeId) -> String {
    format!(r#"<a href="/console/jobs/{}"><code>{}</code></a>"#, url(id.as_str()), esc(id.as_str()))
}

fn target(step: &Step) -> String {
    esc(&step.target())
}

/// Returns the page's content.
fn render(trace: &Trace, detail: &JobDetail) -> String {
    let job = &trace.job;
    let totals = &trace.totals;
    let live = if job.state.ended() {
        String::new()
    } else {
        let last = trace.steps.last().map_or(0, |s| s.seq);
        format!(r#" data-live="/console/jobs/{}/events?after={last}""#, url(job.id.as_str()))
    };
    let mut out = format!(r#"<div id="job"{live}>"#);
    let erased = if job.erased_at.is_some() { r#" <span class="state erased" id="erased">erased</span>"# } else { "" };
    let _ = write!(
        out,
        r#"<h1>Job <code>{}</code> <span class="state {}">{}</span>{erased}</h1><dl class="facts"><dt>Kind</dt><dd>{}</dd><dt>Name</dt><dd>{}</dd><dt>Person</dt><dd>{}</dd><dt>Started</dt><dd>{}</dd><dt>Ended</dt><dd>{}</dd><dt>Steps</dt><dd id="total-steps">{}</dd><dt>Cost</dt><dd id="total-cost">{}</dd>"#,
        esc(job.id.as_str()),
        job.state.as_str(),
        job.state.as_str(),
        job.kind.as_str(),
        esc(&job.name),
        esc(&job.person),
        esc(&job.started_at),
        or_none(job.ended_at.as_deref()),
        totals.steps,
        dollars(totals.cost_usd),
    );
    if let Some(parent) = &job.parent {
        let _ = write!(
            out,
            r#"<dt>Started by</dt><dd id="parent">the job {} of the tree {}</dd>"#,
            job_link(parent),
            job_link(&job.tree)
        );
    }
    if let Some(turn) = &job.turn_of {
        let conversation = super::conversation::link(&turn.conversation);
        let _ = write!(out, r#"<dt>Conversation</dt><dd id="conversation">turn {} of {conversation}</dd>"#, turn.turn);
    }
    if !job.labels.is_empty() {
        let labels: String = job.labels.iter().map(|l| format!(r#"<span class="label">{}</span>"#, esc(l))).collect();
        let _ = write!(out, r#"<dt>Labels</dt><dd id="labels">{labels}</dd>"#);
    }
    if let Some(error) = &job.error {
        let _ = write!(out, r#"<dt>Error</dt><dd class="problem">{}</dd>"#, esc(error));
    }
    if let Some(at) = &job.erased_at {
        let _ = write!(
            out,
            r#"<dt>Erased</dt><dd id="erased-at">{}: what it was asked and answered, its messages, its steps' texts and its files are gone; the numbers stay</dd>"#,
            esc(at)
        );
    }
    out.push_str("</dl>");
    if job.kind == oz0_core::api::JobKind::Agent {
        let _ = write!(
            out,
            r#"<p><a id="history-link" href="/console/jobs/{}/history">History</a>: each message of the run, as its model read it.</p>"#,
            url(job.id.as_str())
        );
    }
    if !job.state.ended() {
        out.push_str(r#"<p class="live">Running: this page follows the job's events.</p>"#);
    }

    out.push_str(&timeline(&trace.steps));

    let started: Vec<(String, Vec<String>)> = trace
        .steps
        .iter()
        .filter_map(|s| s.job.as_ref().map(|child| (s, child)))
        .map(|(s, child)| {
            let row = vec![
                s.seq.to_string(),
                s.kind.as_str().to_owned(),
                target(s),
                job_link(child),
                s.outcome.as_str().to_owned(),
                seconds(s.duration_ms),
            ];
            (format!("child-{}", s.seq), row)
        })
        .collect();
    if !started.is_empty() {
        out.push_str("<h2>Jobs it started</h2><p>Delegated agents and flow tools, each a job of this tree.</p>");
        out.push_str(&html::table("children", &["Step", "Kind", "Name", "Job", "Outcome", "Duration"], started));
    }

    out.push_str("<h2>Model and sampling calls</h2>");
    let mut calls = Vec::new();
    for s in &trace.steps {
        if let (Some(tokens_in), Some(tokens_out)) = (s.tokens_in, s.tokens_out) {
            calls.push((
                format!("model-{}", s.seq),
                vec![
                    s.seq.to_string(),
                    target(s),
                    "-".to_owned(),
                    tokens_in.to_string(),
                    tokens_out.to_string(),
                    dollars(s.cost_usd.unwrap_or(0.0)),
                    seconds(s.duration_ms),
                    s.outcome.as_str().to_owned(),
                ],
            ));
        }
        for (n, call) in s.sampling.iter().chain(&s.gateway).enumerate() {
            let by = match &call.format {
                Some(format) => format!("{} via gateway ({})", esc(&call.plugin), esc(format)),
                None => format!("{} by sampling", esc(&call.plugin)),
            };
            let model = if call.model.is_empty() {
                esc(&call.alias)
            } else {
                format!("{} ({})", esc(&call.alias), esc(&call.model))
            };
            calls.push((
                format!("sampled-{}-{}", s.seq, n + 1),
                vec![
                    s.seq.to_string(),
                    by,
                    model,
                    call.tokens_in.to_string(),
                    call.tokens_out.to_string(),
                    format!("${:.6}", call.cost_usd),
                    seconds(call.duration_ms),
                    call.outcome.as_str().to_owned(),
                ],
            ));
        }
    }
    out.push_str(&html::table(
        "calls",
        &["Step", "Call", "Model", "Tokens in", "Tokens out", "Cost", "Duration", "Outcome"],
        calls,
    ));

    out.push_str("<h2>Results fitted to a budget</h2>");
    let fitted = trace.steps.iter().filter_map(|s| s.fitted.map(|f| (s, f))).map(|(s, f)| {
        // A bar of the budget used; with no budget, of the whole's weight.
        let (of, name) = match f.budget {
            Some(budget) => (budget, "budget"),
            None => (f.size, "size"),
        };
        let used = if of > 0 { format!("{:.0}% of {name}", f.tokens as f64 * 100.0 / of as f64) } else { "-".into() };
        (
            format!("fitted-{}", s.seq),
            vec![
                s.seq.to_string(),
                target(s),
                f.view.as_str().to_owned(),
                or_none(f.budget),
                f.size.to_string(),
                f.tokens.to_string(),
                or_none(f.bound.map(|b| b.as_str())),
                if f.truncated { "yes" } else { "no" }.to_owned(),
                bar(f.tokens as f64, of as f64, &used),
            ],
        )
    });
    out.push_str(&html::table(
        "fitted",
        &["Step", "Function", "View", "Budget", "Size", "Tokens", "Bound", "Truncated", "Used"],
        fitted,
    ));

    out.push_str("<h2>Results offloaded</h2>");
    let offloaded = trace.steps.iter().filter_map(|s| s.offloaded.map(|o| (s, o))).map(|(s, o)| {
        (
            format!("offloaded-{}", s.seq),
            vec![
                s.seq.to_string(),
                format!("<code>{}</code>", esc(&o.file.to_string())),
                o.size.to_string(),
                o.tokens.to_string(),
                o.lines.to_string(),
            ],
        )
    });
    out.push_str(&html::table("offloaded", &["Step", "Digest", "Size", "Tokens", "Lines"], offloaded));

    out.push_str("<h2>Files</h2>");
    let files = detail.files.iter().map(|f| {
        let from = trace
            .steps
            .iter()
            .find(|s| s.files.iter().any(|g| g.file == f.file) || s.offloaded.is_some_and(|o| o.file == f.file))
            .map_or_else(|| "-".to_owned(), |s| s.seq.to_string());
        (
            format!("file-{}", f.file.hex()),
            vec![format!("<code>{}</code>", esc(&f.file.to_string())), f.size.to_string(), from],
        )
    });
    out.push_str(&html::table("files", &["File", "Bytes", "Step"], files));

    out.push_str("<h2>Usage and cost</h2>");
    let _ = write!(
        out,
        r#"<table class="totals"><tbody><tr id="totals"><th>Tool calls</th><td>{}</td><th>Model calls</th><td>{}</td><th>Tokens in</th><td>{}</td><th>Tokens out</th><td>{}</td></tr><tr id="costs"><th>Models</th><td>{}</td><th>Services</th><td>{}</td><th>Total</th><td>{}</td><td></td><td></td></tr></tbody></table>"#,
        totals.tool_calls,
        totals.model_calls,
        totals.tokens_in,
        totals.tokens_out,
        dollars(totals.model_cost_usd),
        dollars(totals.usage_cost_usd),
        dollars(totals.cost_usd),
    );
    if !totals.services.is_empty() {
        let services = totals.services.iter().map(|s| {
            let units = match &s.unit {
                Some(unit) => format!("{} {}", s.units, esc(unit)),
                None => s.units.to_string(),
            };
            (format!("service-{}", s.service), vec![esc(&s.service), s.reports.to_string(), units, dollars(s.cost_usd)])
        });
        out.push_str(&html::table("services", &["Service", "Reports", "Units", "Cost"], services));
    }
    out.push_str("</div>");
    out
}

/// Returns the steps as a timeline: each a bar from its start, as long as it took, on one scale.
fn timeline(steps: &[Step]) -> String {
    let mut out = String::from("<h2>Steps</h2>");
    let start = steps.iter().map(|s| oz0_core::api::parse_instant(&s.at).unwrap_or(0)).min().unwrap_or(0);
    let end = steps
        .iter()
        .map(|s| oz0_core::api::parse_instant(&s.at).unwrap_or(0) + s.duration_ms)
        .max()
        .unwrap_or(0)
        .max(start + 1);
    let span = (end - start) as f64;
    let rows = steps.iter().map(|s| {
        let from = oz0_core::api::parse_instant(&s.at).unwrap_or(start).saturating_sub(start) as f64;
        let x = from / span * 300.0;
        let width = (s.duration_ms as f64 / span * 300.0).max(1.5);
        let chart = format!(
            r#"<svg class="span" width="300" height="12" role="img" aria-label="{}"><rect class="track" width="300" height="12" rx="2"/><rect class="fill {}" x="{x:.1}" width="{width:.1}" height="12" rx="2"/></svg>"#,
            seconds(s.duration_ms),
            s.kind.as_str(),
        );
        let mut notes = Vec::new();
        if let Some(budget) = s.budget_filled {
            notes.push(format!("a budget of {budget} was filled in"));
        }
        if let Some(error) = &s.error {
            notes.push(esc(error));
        }
        if !s.labels.is_empty() {
            notes.push(format!("labels {}", esc(&s.labels.join(", "))));
        }
        if s.withheld {
            notes.push("withheld from the model, outside the agent's clearance".to_owned());
        }
        (
            format!("step-{}", s.seq),
            vec![
                s.seq.to_string(),
                esc(&s.at),
                format!(r#"<span class="kind {0}">{0}</span>"#, s.kind.as_str()),
                target(s),
                seconds(s.duration_ms),
                format!(r#"<span class="outcome {0}">{0}</span>"#, s.outcome.as_str()),
                chart,
                notes.join("; "),
            ],
        )
    });
    out.push_str(&html::table(
        "steps",
        &["#", "Time", "Kind", "Tool.function", "Duration", "Outcome", "Timeline", "Notes"],
        rows,
    ));
    out
}
