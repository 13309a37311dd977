//! A signed-in request: what every page of a person's own is given.

use std::sync::Arc;

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::response::{IntoResponse, Redirect, Response};
use oz0_core::api::EdgeError;

use super::app::Console;
use super::html::{self, url};
use super::session::{COOKIE, Session, cookie};
use crate::service::LocalEdge;

/// A signed-in request: the edge as its person sees it, and their session. A request without a live
/// session is sent to the sign-in page, which sends the person back after.
#[derive(Debug)]
pub struct Signed {
    pub edge: LocalEdge,
    pub session: Session,
    pub id: String,
}

impl FromRequestParts<Arc<Console>> for Signed {
    type Rejection = Response;

    async fn from_request_parts(parts: &mut Parts, console: &Arc<Console>) -> Result<Self, Self::Rejection> {
        let found = cookie(&parts.headers, COOKIE).and_then(|id| console.sessions.get(id).map(|s| (id.to_owned(), s)));
        match found {
            Some((id, session)) => {
                Ok(Signed { edge: LocalEdge::new(&console.state, session.principal.clone()), session, id })
            }
            None if parts.method == axum::http::Method::GET => {
                let next = parts.uri.path_and_query().map_or("/console/jobs", |p| p.as_str());
                Err(Redirect::to(&format!("/console/sign-in?next={}", url(next))).into_response())
            }
            None => Err(html::error_page(
                &EdgeError::Unauthenticated { detail: "sign in first: the session is over or unknown".to_owned() },
                None,
            )),
        }
    }
}
