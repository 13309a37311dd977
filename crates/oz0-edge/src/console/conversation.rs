//! A conversation's page: where it was forked from, and its turns, each a link to its job's page.

use std::fmt::Write as _;

use axum::extract::Path;
use axum::http::StatusCode;
use axum::response::Response;
use oz0_core::api::{Conversation, Edge, EdgeError, TreeId};

use super::html::{self, Section, dollars, esc, url};
use super::signed::Signed;

pub async fn page(signed: Signed, Path(segment): Path<String>) -> Response {
    let found = async {
        let id: TreeId = segment.parse().map_err(|_| EdgeError::not_found(format!("no conversation `{segment}`")))?;
        signed.edge.conversation(&id).await
    };
    match found.await {
        Ok(conversation) => {
            let title = format!("Conversation {}", conversation.id);
            html::respond(
                StatusCode::OK,
                html::page(&title, Section::Jobs, Some(&signed.session), &render(&conversation)),
            )
        }
        Err(err) => html::error_page(&err, Some(&signed.session)),
    }
}

/// Returns the link to a conversation's page.
pub fn link(id: &TreeId) -> String {
    format!(r#"<a href="/console/conversations/{}">{}</a>"#, url(id.as_str()), esc(id.as_str()))
}

fn render(conversation: &Conversation) -> String {
    let mut out = format!(
        r#"<h1>Conversation <code>{}</code></h1><dl class="facts"><dt>Person</dt><dd>{}</dd><dt>Started</dt><dd>{}</dd>"#,
        esc(conversation.id.as_str()),
        esc(&conversation.person),
        esc(&conversation.started_at),
    );
    if let Some(from) = &conversation.forked_from {
        let _ = write!(
            out,
            r#"<dt>Forked from</dt><dd id="forked-from">{} at turn {}</dd>"#,
            link(&from.conversation),
            from.turn
        );
    }
    out.push_str("</dl>");
    let rows = conversation.turns.iter().map(|turn| {
        let job = &turn.job;
        (
            format!("turn-{}", turn.turn),
            vec![
                turn.turn.to_string(),
                format!(r#"<a href="/console/jobs/{}">{}</a>"#, url(job.id.as_str()), esc(job.id.as_str())),
                esc(&job.name),
                format!(r#"<span class="state {0}">{0}</span>"#, job.state.as_str()),
                esc(&job.started_at),
                job.steps.to_string(),
                dollars(job.cost_usd),
            ],
        )
    });
    out.push_str(&html::table("turns", &["Turn", "Job", "Agent", "State", "Started", "Steps", "Cost"], rows));
    out
}
