//! The console: the edge's jobs, traces, costs, approvals, settings and data's lifetime as pages in a
//! browser, under `/console/`.
//!
//! Pages are written on the server; one small script follows a running job's events and reloads its
//! page's content. The same rules as the API hold: a person signs in with a token
//! ([`session`]), every page shows the person's own tenant only, another tenant's job answers as a
//! missing one does, and no page shows a fitted result's omitted sentence or an offloaded result's
//! outline, as the trace never does, but a job's history, which shows what its model read.

mod app;
mod approvals;
mod conversation;
mod data;
mod experiments;
mod form;
mod html;
mod job;
mod jobs;
pub mod session;
mod settings;
mod sign_in;
mod signed;
mod usage;

use std::future::Future;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use oz0_core::api::EdgeError;

use crate::state::EdgeState;

pub use app::Console;

/// The most bytes of a console form.
const MAX_FORM_BYTES: usize = 16 * 1024;

impl Console {
    /// Returns the console's routes, all under `/console`.
    pub fn router(self: &Arc<Self>) -> Router {
        Router::new()
            .route("/console", get(|| async { Redirect::to("/console/jobs") }))
            .route("/console/", get(|| async { Redirect::to("/console/jobs") }))
            .route("/console/sign-in", get(sign_in::form).post(sign_in::submit))
            .route("/console/sign-out", post(sign_in::sign_out))
            .route("/console/sign-in/link", post(sign_in::link))
            .route("/console/jobs", get(jobs::page))
            .route("/console/jobs/{job}", get(job::page))
            .route("/console/jobs/{job}/events", get(job::events))
            .route("/console/jobs/{job}/history", get(job::history))
            .route("/console/conversations/{conversation}", get(conversation::page))
            .route("/console/experiments", get(experiments::list))
            .route("/console/experiments/{experiment}", get(experiments::page))
            .route("/console/usage", get(usage::page))
            .route("/console/approvals", get(approvals::page))
            .route("/console/approvals/{id}", post(approvals::decide))
            .route("/console/settings", get(settings::page))
            .route("/console/settings/offload", post(settings::set_offload))
            .route("/console/settings/rules", post(settings::set_rule))
            .route("/console/data", get(data::page))
            .route("/console/data/retention", post(data::set_retention))
            .route("/console/data/holds", post(data::create_hold))
            .route("/console/data/holds/{id}/release", post(data::release_hold))
            .route("/console/assets/console.css", get(css))
            .route("/console/assets/console.js", get(js))
            .route("/console/{*rest}", get(missing).post(missing))
            .layer(DefaultBodyLimit::max(MAX_FORM_BYTES))
            .with_state(Arc::clone(self))
    }
}

/// Returns the console's routes over the edge `state`, for the API's router to take in.
pub fn router(state: Arc<EdgeState>) -> Router {
    Console::new(state).router()
}

/// How long the requests under way may take once the console stops: a running job's page follows
/// its events, and would hold the stop for as long as the job runs.
const STOP_WAIT: std::time::Duration = std::time::Duration::from_secs(2);

/// Serves the console alone on `listener` until `shutdown` completes, then gives the requests under
/// way [`STOP_WAIT`] to end: the embedded edge's console, which `oz0 console` opens.
pub async fn serve(
    listener: tokio::net::TcpListener,
    console: Arc<Console>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let serving = axum::serve(listener, console.router()).with_graceful_shutdown(async {
        let _ = stopped.await;
    });
    let serving = std::future::IntoFuture::into_future(serving);
    tokio::pin!(serving);
    tokio::pin!(shutdown);
    tokio::select! {
        served = &mut serving => served,
        () = &mut shutdown => {
            let _ = stop.send(());
            tokio::time::timeout(STOP_WAIT, serving).await.unwrap_or(Ok(()))
        }
    }
}

async fn missing() -> Response {
    html::error_page(&EdgeError::not_found("no such page of the console"), None)
}

fn asset(kind: &'static str, body: &'static str) -> Response {
    let mut response = (StatusCode::OK, body).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    headers.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}

async fn css() -> Response {
    asset("text/css; charset=utf-8", include_str!("console.css"))
}

async fn js() -> Response {
    asset("text/javascript; charset=utf-8", include_str!("console.js"))
}
