//! The jobs page: the tenant's newest jobs, filtered by state, agent, tool and time.

use std::fmt::Write as _;

use axum::extract::Query;
use axum::extract::rejection::QueryRejection;
use axum::http::StatusCode;
use axum::response::Response;
use oz0_core::api::{Edge, EdgeError, Job, JobKind, MAX_TRACE_STEPS, parse_instant};
use serde::Deserialize;

use super::html::{self, Section, dollars, esc, url};
use super::signed::Signed;

/// The most jobs the page reads before it filters them.
const READ: u32 = 500;

/// The filters of the jobs page; an empty field filters nothing.
#[derive(Debug, Default, Deserialize)]
pub struct JobsQuery {
    state: Option<String>,
    agent: Option<String>,
    tool: Option<String>,
    since: Option<String>,
    until: Option<String>,
}

fn given(value: &Option<String>) -> Option<&str> {
    value.as_deref().map(str::trim).filter(|v| !v.is_empty())
}

/// Returns the query of a request, or why it is a bad one.
pub fn query<T>(query: Result<Query<T>, QueryRejection>) -> Result<T, EdgeError> {
    query
        .map(|Query(query)| query)
        .map_err(|rejection| EdgeError::BadRequest { detail: format!("bad query: {}", rejection.body_text()) })
}

/// Returns the milliseconds of an RFC 3339 time the edge wrote, or 0.
fn millis(at: &str) -> u64 {
    // The edge writes times with milliseconds; `parse_instant` reads a UTC time with or without them.
    parse_instant(at).unwrap_or(0)
}

pub async fn page(signed: Signed, query: Result<Query<JobsQuery>, QueryRejection>) -> Response {
    let filters = match self::query(query) {
        Ok(filters) => filters,
        Err(err) => return html::error_page(&err, Some(&signed.session)),
    };
    match render(&signed, &filters).await {
        Ok(body) => html::respond(StatusCode::OK, html::page("Jobs", Section::Jobs, Some(&signed.session), &body)),
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

async fn render(signed: &Signed, filters: &JobsQuery) -> Result<String, EdgeError> {
    let instant = |value: &Option<String>| given(value).map(parse_instant).transpose().map_err(EdgeError::invalid);
    let (since, until) = (instant(&filters.since)?, instant(&filters.until)?);
    let state = given(&filters.state);
    let agent = given(&filters.agent);
    let tool = given(&filters.tool);
    let mut shown: Vec<Job> = Vec::new();
    // The newest page only: the filters pick from the jobs it holds.
    for job in signed.edge.jobs(READ, None).await?.jobs {
        let at = millis(&job.started_at);
        let keep = state.is_none_or(|s| job.state.as_str() == s)
            && agent.is_none_or(|a| job.kind == JobKind::Agent && job.name == a)
            && since.is_none_or(|s| at >= s)
            && until.is_none_or(|u| at < u);
        if !keep {
            continue;
        }
        if let Some(tool) = tool {
            let own = job.kind == JobKind::Call && job.name.split('.').next() == Some(tool);
            // An agent's or a flow's tools are in its steps.
            let used = own
                || (job.kind != JobKind::Call
                    && signed
                        .edge
                        .trace(&job.id, 0, MAX_TRACE_STEPS)
                        .await?
                        .steps
                        .iter()
                        .any(|s| s.tool.as_deref() == Some(tool)));
            if !used {
                continue;
            }
        }
        shown.push(job);
    }

    let mut out = String::from("<h1>Jobs</h1>");
    let value = |v: &Option<String>| esc(given(v).unwrap_or_default());
    let mut states = String::new();
    for s in ["", "running", "succeeded", "failed", "cancelled"] {
        let selected = if state.unwrap_or_default() == s { " selected" } else { "" };
        let _ = write!(states, r#"<option value="{s}"{selected}>{}</option>"#, if s.is_empty() { "any" } else { s });
    }
    let _ = write!(
        out,
        r#"<form class="filters" method="get" action="/console/jobs"><label>State <select name="state">{states}</select></label><label>Agent <input name="agent" value="{}"></label><label>Tool <input name="tool" value="{}"></label><label>Since <input name="since" placeholder="2026-11-30" value="{}"></label><label>Until <input name="until" placeholder="2026-12-01T08:00:00Z" value="{}"></label><button type="submit">Filter</button></form>"#,
        value(&filters.agent),
        value(&filters.tool),
        value(&filters.since),
        value(&filters.until),
    );
    let rows = shown.iter().map(|job| {
        let labels = job.labels.iter().map(|l| format!(r#"<span class="label">{}</span>"#, esc(l))).collect::<String>();
        (
            format!("job-{}", job.id),
            vec![
                format!(r#"<a href="/console/jobs/{}">{}</a>"#, url(job.id.as_str()), esc(job.id.as_str())),
                job.kind.as_str().to_owned(),
                esc(&job.name),
                format!(
                    r#"<span class="state {0}">{0}</span>{1}"#,
                    job.state.as_str(),
                    if job.erased_at.is_some() { r#" <span class="state erased">erased</span>"# } else { "" }
                ),
                esc(&job.person),
                esc(&job.started_at),
                job.steps.to_string(),
                dollars(job.cost_usd),
                labels,
            ],
        )
    });
    out.push_str(&html::table(
        "jobs",
        &["Job", "Kind", "Name", "State", "Person", "Started", "Steps", "Cost", "Labels"],
        rows,
    ));
    Ok(out)
}
