//! Signing in and out: a token posted once, or a one-time code in a link; a session cookie after.

use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{Query, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use oz0_core::api::EdgeError;
use serde::Deserialize;

use super::app::Console;
use super::form;
use super::html::{self, Section, esc};
use super::session::{self, SIGN_IN_COOKIE};
use super::signed::Signed;
use crate::service::LocalEdge;

/// The query of the sign-in page.
#[derive(Debug, Deserialize)]
pub struct SignInQuery {
    /// The page to go back to.
    next: Option<String>,
    /// A one-time code, which signs in without a token.
    code: Option<String>,
}

/// Returns the sign-in form, with a fresh token that ties it to this browser; or, given a live
/// one-time code, signs in.
pub async fn form(
    State(console): State<Arc<Console>>,
    query: Result<Query<SignInQuery>, axum::extract::rejection::QueryRejection>,
) -> Response {
    let query = query.map_or(SignInQuery { next: None, code: None }, |Query(q)| q);
    let next = session::next_page(query.next.as_deref());
    if let Some(code) = &query.code {
        let Some(principal) = console.sessions.redeem(code) else {
            return refused(&next, "this sign-in link was used already or is over: sign in with a token");
        };
        return match console.sessions.start(principal) {
            Ok(id) => session::signed_in(&id, &next),
            Err(err) => html::error_page(&err, None),
        };
    }
    show(StatusCode::OK, &next, None)
}

fn refused(next: &str, why: &str) -> Response {
    show(session::REFUSED, next, Some(why))
}

fn show(status: StatusCode, next: &str, problem: Option<&str>) -> Response {
    let csrf = match session::random() {
        Ok(csrf) => csrf,
        Err(err) => return html::error_page(&err, None),
    };
    let problem = problem.map(|p| format!(r#"<p class="problem">{}</p>"#, esc(p))).unwrap_or_default();
    let body = format!(
        r#"<section class="sign-in"><h1>Sign in</h1>{problem}<form method="post" action="/console/sign-in"><input type="hidden" name="csrf" value="{csrf}"><input type="hidden" name="next" value="{}"><label>Token <input type="password" name="token" autocomplete="off" required autofocus></label><button type="submit">Sign in</button></form><p class="hint">A token from <code>oz0 edge token</code>. The console keeps a session, never the token.</p></section>"#,
        esc(next)
    );
    let mut response = html::respond(status, html::page("Sign in", Section::None, None, &body));
    response
        .headers_mut()
        .append(header::SET_COOKIE, session::set_cookie(SIGN_IN_COOKIE, Some(&csrf), Duration::from_secs(60 * 60)));
    response
}

/// Signs in with the posted token.
pub async fn submit(State(console): State<Arc<Console>>, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(refused) = session::check_origin(&headers) {
        return refused.into_response();
    }
    let fields = form::form(&body).unwrap_or_default();
    let next = session::next_page(form::field(&fields, "next"));
    let tied = match (form::field(&fields, "csrf"), session::cookie(&headers, SIGN_IN_COOKIE)) {
        (Some(sent), Some(kept)) => session::same(sent, kept),
        _ => false,
    };
    if !tied {
        return session::Refused("the sign-in form was not loaded by this browser: load it again").into_response();
    }
    let token = form::field(&fields, "token").map(str::trim).unwrap_or_default().to_owned();
    if token.is_empty() || token.len() > 256 {
        return refused(&next, "give a token");
    }
    let state = Arc::clone(&console.state);
    let found = tokio::task::spawn_blocking(move || LocalEdge::authenticate(&state, &token)).await;
    let principal = match found {
        Ok(Ok(Some(edge))) => edge.principal().clone(),
        Ok(Ok(None)) => return refused(&next, "the edge knows no such token"),
        Ok(Err(err)) => return html::error_page(&err.into(), None),
        Err(err) => return html::error_page(&EdgeError::internal("a task of the edge failed", err), None),
    };
    match console.sessions.start(principal) {
        Ok(id) => session::signed_in(&id, &next),
        Err(err) => html::error_page(&err, None),
    }
}

/// Ends the session.
pub async fn sign_out(
    State(console): State<Arc<Console>>,
    signed: Signed,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let fields = form::form(&body).unwrap_or_default();
    if let Err(refused) = session::check_origin(&headers).and_then(|()| session::check_csrf(&signed.session, &fields)) {
        return refused.into_response();
    }
    console.sessions.end(&signed.id);
    let mut response = Redirect::to("/console/sign-in").into_response();
    response.headers_mut().append(header::SET_COOKIE, session::set_cookie(session::COOKIE, None, Duration::ZERO));
    response
}

/// Returns a one-time link that signs the same person in on another browser.
pub async fn link(State(console): State<Arc<Console>>, signed: Signed, headers: HeaderMap, body: Bytes) -> Response {
    let fields = form::form(&body).unwrap_or_default();
    if let Err(refused) = session::check_origin(&headers).and_then(|()| session::check_csrf(&signed.session, &fields)) {
        return refused.into_response();
    }
    let path = match console.sign_in_path(signed.session.principal.clone()) {
        Ok(path) => path,
        Err(err) => return html::error_page(&err, Some(&signed.session)),
    };
    let body = format!(
        r#"<h1>A one-time sign-in link</h1><p>It signs you in once, on one browser, within five minutes:</p><p><a id="link" href="{0}">{0}</a></p>"#,
        esc(&path)
    );
    html::respond(StatusCode::OK, html::page("Sign-in link", Section::Settings, Some(&signed.session), &body))
}
