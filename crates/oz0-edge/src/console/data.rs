//! The data page, for admins: how long the tenant keeps files and jobs' payloads, with a form to change
//! it; the legal holds in force, each with a Release button; a form to make one; and the holds released
//! lately.

use std::fmt::Write as _;

use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use oz0_core::api::{Edge, EdgeError, Hold, HoldRequest, Lifetime, Retention, Role, Scope, Tenant, TreeId};

use super::form;
use super::html::{self, Section, csrf_field, esc, or_none, url};
use super::session;
use super::signed::Signed;

/// The most released holds the page shows.
const RELEASED: usize = 20;

pub async fn page(signed: Signed) -> Response {
    let title = "Data";
    if !signed.session.principal.has(Role::Admin) {
        let body = r#"<h1>Data</h1><p class="hint">Retention and legal holds need the admin role.</p>"#;
        return html::respond(StatusCode::OK, html::page(title, Section::Data, Some(&signed.session), body));
    }
    let read =
        async { Ok::<_, EdgeError>((signed.edge.retention(&Tenant::Current).await?, signed.edge.holds(true).await?)) };
    let (retention, holds) = match read.await {
        Ok(read) => read,
        Err(err) => return html::error_page(&err, Some(&signed.session)),
    };
    let body = render(&retention, &holds, &csrf_field(&signed.session));
    html::respond(StatusCode::OK, html::page(title, Section::Data, Some(&signed.session), &body))
}

/// Returns the page's content.
fn render(retention: &Retention, holds: &[Hold], csrf: &str) -> String {
    let mut out = String::from("<h1>Data</h1><h2>Retention</h2>");
    let jobs = match retention.jobs {
        Some(lifetime) => format!("{lifetime} after the job ended"),
        None => "forever, until erased".to_owned(),
    };
    let _ = write!(
        out,
        r#"<dl class="facts" id="retention"><dt>Files</dt><dd id="retention-files">{} after their tree last stored them</dd><dt>Jobs' payloads</dt><dd id="retention-jobs">{}</dd></dl>"#,
        retention.files,
        esc(&jobs),
    );
    let _ = write!(
        out,
        r#"<form class="admin" method="post" action="/console/data/retention">{csrf}<label>Files <input name="files" required placeholder="90d" value="{}"></label><label>Jobs' payloads <input name="jobs" required placeholder="365d, or forever" value="{}"></label><button type="submit">Save</button></form>"#,
        retention.files,
        retention.jobs.map_or_else(|| "forever".to_owned(), |l| l.to_string()),
    );
    out.push_str(
        r#"<p class="hint">Lengths of time are a whole number and a unit: 90d, 12h, 15m or 30s. Numbers stay: steps, tokens, costs. A tree's hold keeps its files past them, every hold its jobs' payloads.</p>"#,
    );

    let (in_force, released): (Vec<&Hold>, Vec<&Hold>) = holds.iter().partition(|h| h.released_at.is_none());
    out.push_str("<h2>Legal holds</h2>");
    let rows = in_force.iter().map(|h| {
        let release = format!(
            r#"<form method="post" action="/console/data/holds/{id}/release">{csrf}<button type="submit" id="release-{id}">Release</button></form>"#,
            id = h.id,
        );
        (
            format!("hold-{}", h.id),
            vec![h.id.to_string(), scope(&h.scope), or_none(h.reason.as_deref()), esc(&h.created_by), esc(&h.created_at), release],
        )
    });
    out.push_str(&html::table("holds", &["#", "On", "Reason", "By", "Made", ""], rows));
    out.push_str(r#"<p class="hint">A hold on a job or a conversation keeps its history; a hold on a tree (named by its first job's ID) keeps its files too. The erasure of anything a hold reaches is refused until the hold is released.</p>"#);
    let _ = write!(
        out,
        r#"<form class="admin" method="post" action="/console/data/holds">{csrf}<label>On <select name="kind"><option value="job">a job</option><option value="tree">a tree</option><option value="conversation">a conversation</option></select></label><label>ID <input name="id" required></label><label>Reason <input name="reason" maxlength="500"></label><button type="submit" id="create-hold">Make a hold</button></form>"#
    );
    out.push_str("<h2>Released lately</h2>");
    let rows = released.iter().take(RELEASED).map(|h| {
        (
            format!("released-{}", h.id),
            vec![
                h.id.to_string(),
                scope(&h.scope),
                or_none(h.reason.as_deref()),
                or_none(h.released_by.as_deref()),
                or_none(h.released_at.as_deref()),
            ],
        )
    });
    out.push_str(&html::table("released", &["#", "On", "Reason", "Released by", "When"], rows));
    out
}

/// Returns what a hold keeps, a job linked to its page (a conversation's page is its person's alone).
fn scope(scope: &Scope) -> String {
    match scope {
        Scope::Job(id) => format!(r#"job <a href="/console/jobs/{}">{}</a>"#, url(id.as_str()), esc(id.as_str())),
        other => format!("{} <code>{}</code>", other.kind(), esc(other.id().as_str())),
    }
}

/// Reads a form after checking where it came from and its CSRF token.
fn checked(signed: &Signed, headers: &HeaderMap, body: &[u8]) -> Result<Vec<(String, String)>, session::Refused> {
    let fields = form::form(body).unwrap_or_default();
    session::check_origin(headers).and_then(|()| session::check_csrf(&signed.session, &fields))?;
    Ok(fields)
}

fn text<'a>(fields: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form::field(fields, name).map(str::trim).filter(|v| !v.is_empty())
}

/// Answers a change made, or the error that refused it.
fn answered(signed: &Signed, done: Result<(), EdgeError>) -> Response {
    match done {
        Ok(()) => Redirect::to("/console/data").into_response(),
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

pub async fn set_retention(signed: Signed, headers: HeaderMap, body: Bytes) -> Response {
    let fields = match checked(&signed, &headers, &body) {
        Ok(fields) => fields,
        Err(refused) => return refused.into_response(),
    };
    let change = async {
        let lifetime = |name: &str| -> Result<Lifetime, EdgeError> {
            let value = text(&fields, name).ok_or_else(|| EdgeError::invalid(format!("give {name}: such as 90d")))?;
            value.parse().map_err(|err| EdgeError::invalid(format!("{name}: {err}")))
        };
        let files = lifetime("files")?;
        let jobs = if text(&fields, "jobs") == Some("forever") { None } else { Some(lifetime("jobs")?) };
        signed.edge.set_retention(&Tenant::Current, &Retention { files, jobs }).await.map(|_| ())
    };
    answered(&signed, change.await)
}

pub async fn create_hold(signed: Signed, headers: HeaderMap, body: Bytes) -> Response {
    let fields = match checked(&signed, &headers, &body) {
        Ok(fields) => fields,
        Err(refused) => return refused.into_response(),
    };
    let made = async {
        let id = text(&fields, "id").ok_or_else(|| EdgeError::invalid("give the ID of what to hold"))?;
        let kind = text(&fields, "kind").unwrap_or("job");
        let id = TreeId::new(id).map_err(|_| EdgeError::not_found(format!("no {kind} `{id}`")))?;
        let scope =
            Scope::of(kind, id).ok_or_else(|| EdgeError::invalid("a hold is on a job, a tree or a conversation"))?;
        let reason = text(&fields, "reason").map(str::to_owned);
        signed.edge.create_hold(&HoldRequest { scope, reason }).await.map(|_| ())
    };
    answered(&signed, made.await)
}

pub async fn release_hold(signed: Signed, Path(id): Path<String>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(refused) = checked(&signed, &headers, &body) {
        return refused.into_response();
    }
    let released = async {
        let id = id.parse::<u64>().map_err(|_| EdgeError::not_found(format!("no hold {id} is in force")))?;
        signed.edge.release_hold(id).await.map(|_| ())
    };
    answered(&signed, released.await)
}
