//! The approvals page: the calls that wait for a person, each with exactly what it will run with, and
//! Approve and Deny buttons; and the answers given lately.

use std::fmt::Write as _;

use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use oz0_core::api::{ApprovalState, Decision, Edge, EdgeError, Role};

use super::form;
use super::html::{self, Section, csrf_field, esc, url};
use super::session;
use super::signed::Signed;

/// The most answered approvals the page shows.
const ANSWERED: usize = 20;

pub async fn page(signed: Signed) -> Response {
    match signed.edge.approvals(true).await {
        Ok(all) => {
            let may = signed.session.principal.has(Role::Content);
            let (pending, answered): (Vec<_>, Vec<_>) =
                all.into_iter().partition(|a| a.state == ApprovalState::Pending);
            let mut out = String::from("<h1>Approvals</h1>");
            if pending.is_empty() {
                out.push_str(r#"<p class="none">No call waits for an approval.</p>"#);
            }
            for a in &pending {
                let view = serde_json::to_string_pretty(&a.view).unwrap_or_default();
                let _ = write!(
                    out,
                    r#"<article class="approval" id="approval-{id}"><h2>{target} <span class="state pending">pending</span></h2><dl class="facts"><dt>Approval</dt><dd>{id}</dd><dt>Job</dt><dd><a href="/console/jobs/{job_url}">{job}</a></dd><dt>Asked by</dt><dd>{rule}</dd><dt>Asked</dt><dd>{asked}</dd><dt>Expires</dt><dd>{expires}</dd></dl><p>It will run with exactly this:</p><pre class="view">{view}</pre>"#,
                    id = a.id,
                    target = esc(&a.target),
                    job_url = url(a.job.as_str()),
                    job = esc(a.job.as_str()),
                    rule = esc(&a.rule),
                    asked = esc(&a.asked_at),
                    expires = esc(&a.expires_at),
                    view = esc(&view),
                );
                if may {
                    let _ = write!(
                        out,
                        r#"<form class="decide" method="post" action="/console/approvals/{id}">{csrf}<label>Reason <input name="reason" maxlength="500"></label><button type="submit" name="decision" value="approve" class="approve" id="approve-{id}">Approve</button><button type="submit" name="decision" value="deny" class="deny" id="deny-{id}">Deny</button></form>"#,
                        id = a.id,
                        csrf = csrf_field(&signed.session),
                    );
                } else {
                    out.push_str(r#"<p class="hint">Answering needs the content role.</p>"#);
                }
                out.push_str("</article>");
            }
            out.push_str("<h2>Answered lately</h2>");
            let rows = answered.iter().take(ANSWERED).map(|a| {
                (
                    format!("answered-{}", a.id),
                    vec![
                        a.id.to_string(),
                        esc(&a.target),
                        format!(r#"<span class="state {0}">{0}</span>"#, a.state.as_str()),
                        html::or_none(a.decided_by.as_deref()),
                        html::or_none(a.reason.as_deref()),
                        html::or_none(a.decided_at.as_deref()),
                    ],
                )
            });
            out.push_str(&html::table("answered", &["#", "Call", "State", "By", "Reason", "When"], rows));
            html::respond(StatusCode::OK, html::page("Approvals", Section::Approvals, Some(&signed.session), &out))
        }
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

/// Answers an approval with the button pressed, then shows the approvals again.
pub async fn decide(signed: Signed, Path(id): Path<String>, headers: HeaderMap, body: Bytes) -> Response {
    let fields = form::form(&body).unwrap_or_default();
    if let Err(refused) = session::check_origin(&headers).and_then(|()| session::check_csrf(&signed.session, &fields)) {
        return refused.into_response();
    }
    let Ok(id) = id.parse::<u64>() else {
        return html::error_page(&EdgeError::not_found(format!("no approval {id}")), Some(&signed.session));
    };
    let approve = match form::field(&fields, "decision") {
        Some("approve") => true,
        Some("deny") => false,
        _ => {
            return html::error_page(&EdgeError::invalid("press Approve or Deny"), Some(&signed.session));
        }
    };
    let reason = form::field(&fields, "reason").map(str::trim).filter(|r| !r.is_empty()).map(str::to_owned);
    match signed.edge.decide(id, &Decision { approve, reason }).await {
        Ok(_) => Redirect::to("/console/approvals").into_response(),
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}
