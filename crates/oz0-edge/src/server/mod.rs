//! The edge behind HTTP: the same [`LocalEdge`](crate::LocalEdge) per request, as the bearer of the
//! request's token sees it.
//!
//! Errors are `application/problem+json`; each route takes at most the body it needs, at the pace
//! [`pace`] sets; uploads share the room [`room`] gives them; every answer carries an `x-request-id`
//! (the caller's, or a new one); `GET /openapi.json` describes the API.
//! Only a request the HTTP library cannot parse at all (a bad request line, a malformed header field,
//! more than [`READ_HEADERS`] fields or a head over its buffer) is answered by the library, with a status
//! and no body: hyper has no hook for those answers.

mod agui;
mod extract;
mod mcp;
pub mod openapi;
pub mod pace;
mod problem;
mod request_id;
pub mod room;
mod routes;

use std::future::Future;
use std::sync::Arc;

use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::{delete, get, post};
use oz0_core::api::{MAX_FILE_BYTES, paths};

use crate::state::EdgeState;
pub use pace::Pace;

/// The most bytes of a JSON body.
pub const MAX_JSON_BYTES: usize = 4096;

/// The most bytes of a call's request: its arguments.
pub const MAX_CALL_BYTES: usize = 4 << 20;

fn max_plugin_bytes() -> usize {
    usize::try_from(oz0_core::api::MAX_PLUGIN_BYTES).unwrap_or(usize::MAX)
}

/// How a served edge treats its clients: the pace their requests keep, and the room their uploads share.
#[derive(Debug, Clone)]
pub struct Serving {
    pub pace: Pace,
    pub room: Arc<room::UploadRoom>,
    /// How long a stop waits for the requests under way before the edge ends without them.
    pub stop_within: std::time::Duration,
}

/// How long a stopping edge waits for the requests under way unless its operator says otherwise: a
/// tool's call may take minutes, and a supervisor kills a process that takes longer to stop than it
/// allows (90 s for systemd, 30 s for Kubernetes).
pub const STOP_WITHIN: std::time::Duration = std::time::Duration::from_secs(20);

impl Serving {
    /// Returns the pace of [`Pace::from_env`], a room of [`room::ROOM_MIB`], a tenant's share
    /// [`room::SHARE_MIB`], and stops within [`STOP_WITHIN`].
    pub fn from_env() -> Self {
        Self {
            pace: Pace::from_env(),
            room: room::UploadRoom::new(room::ROOM_MIB, room::SHARE_MIB),
            stop_within: STOP_WITHIN,
        }
    }
}

/// Returns the API's router over the edge `state`, its uploads in a room of their own.
pub fn router(state: Arc<EdgeState>) -> Router {
    routes_with(state, room::UploadRoom::new(room::ROOM_MIB, room::SHARE_MIB))
}

/// Returns the API's router over the edge `state`, its uploads in `room`.
fn routes_with(state: Arc<EdgeState>, room: Arc<room::UploadRoom>) -> Router {
    let json = || DefaultBodyLimit::max(MAX_JSON_BYTES);
    Router::new()
        .route(paths::STATUS, get(routes::status))
        .route(paths::OFFLOAD, get(routes::offload).patch(routes::set_offload).layer(json()))
        .route(paths::THRESHOLD, get(routes::threshold))
        .route(paths::USAGE, get(routes::usage))
        .route(paths::POLICY, get(routes::rules).put(routes::set_rule).layer(json()))
        .route(paths::POLICY_RULE, delete(routes::remove_rule))
        .route(paths::APPROVALS, get(routes::approvals))
        .route(paths::APPROVAL, get(routes::approval).post(routes::decide).layer(json()))
        .route(paths::LIMITS, get(routes::limits).put(routes::set_limits).layer(json()))
        .route(paths::DATA_RULES, get(routes::data_rules).put(routes::set_data_rules).layer(json()))
        .route(paths::QUOTAS, get(routes::quotas).put(routes::set_quotas).layer(json()))
        .route(paths::RETENTION, get(routes::retention).put(routes::set_retention).layer(json()))
        .route(paths::PAYLOAD_KEYS, post(routes::rotate_payload_key))
        .route(paths::HOLDS, get(routes::holds).post(routes::create_hold).layer(json()))
        .route(paths::HOLD_RELEASE, post(routes::release_hold))
        .route(paths::ERASURES, post(routes::erase).layer(json()))
        .route(paths::AUDIT, get(routes::audit))
        .route(paths::TOKENS, post(routes::create_token).layer(json()))
        .route(
            paths::FILES,
            post(routes::put_file).layer(DefaultBodyLimit::max(usize::try_from(MAX_FILE_BYTES).unwrap_or(usize::MAX))),
        )
        .route(paths::FILE, get(routes::get_file))
        .route(
            paths::PLUGINS,
            get(routes::plugins).post(routes::install_plugin).layer(DefaultBodyLimit::max(max_plugin_bytes())),
        )
        .route(paths::PLUGIN, delete(routes::remove_plugin))
        .route(paths::TOOL, get(routes::tool))
        .route(paths::CALLS, post(routes::call_tool).layer(DefaultBodyLimit::max(MAX_CALL_BYTES)))
        .route(paths::JOBS, get(routes::jobs))
        .route(paths::JOB, get(routes::job))
        .route(paths::JOB_CANCEL, post(routes::cancel_job))
        .route(paths::JOB_TRACE, get(routes::trace))
        .route(paths::JOB_FILE, get(routes::job_file))
        .route(
            paths::DEFINITIONS,
            get(routes::definitions).post(routes::apply_definition).layer(DefaultBodyLimit::max(MAX_CALL_BYTES)),
        )
        .route(paths::RUNS, post(routes::start_run).layer(DefaultBodyLimit::max(MAX_CALL_BYTES)))
        .route(paths::JOB_EVENTS, get(routes::events))
        .route(paths::JOB_QUESTION, post(routes::answer).layer(json()))
        .route(paths::AGUI, post(agui::run).layer(DefaultBodyLimit::max(MAX_CALL_BYTES)))
        .route(paths::JOB_AGUI, get(agui::follow))
        .route(paths::CONVERSATIONS, get(routes::conversations))
        .route(paths::CONVERSATION, get(routes::conversation))
        .route(paths::CONVERSATION_FORK, post(routes::fork_conversation).layer(json()))
        .route(paths::JOB_HISTORY, get(routes::history))
        .route(paths::STEP_RESULT, get(routes::step_result))
        .route(paths::EXPERIMENTS, get(routes::experiments).post(routes::start_experiment).layer(json()))
        .route(paths::EXPERIMENT, get(routes::experiment))
        .route(paths::EXPERIMENT_CANCEL, post(routes::cancel_experiment))
        .route(paths::OPENAPI, get(routes::openapi))
        .fallback(routes::no_route)
        .method_not_allowed_fallback(routes::no_method)
        .layer(DefaultBodyLimit::max(MAX_JSON_BYTES))
        .layer(axum::Extension(room))
        .layer(axum::middleware::from_fn(request_id::request_id))
        .with_state(Arc::clone(&state))
        .merge(state.passage().routes())
        .merge(crate::console::router(Arc::clone(&state)))
        .merge(mcp::router(&state))
}

/// The most header fields the HTTP library reads of a request; more is answered without a body. Past
/// [`request_id::MAX_HEADERS`] of them the edge answers a problem of its own.
const READ_HEADERS: usize = 1000;

/// Serves the API on `listener` until `shutdown` completes, then lets the requests under way finish.
/// Requests keep the pace of [`Pace::from_env`].
pub async fn serve(
    listener: tokio::net::TcpListener,
    state: Arc<EdgeState>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    serve_with(listener, state, shutdown, Serving::from_env()).await
}

/// Returns where the tools' servers of this node reach the gateway path an edge serves on a listener
/// at `listening`: the same address, or the loopback's when it listens on every address.
pub fn gateway_address(listening: std::net::SocketAddr) -> std::net::SocketAddr {
    let mut address = listening;
    if address.ip().is_unspecified() {
        address.set_ip(std::net::Ipv4Addr::LOCALHOST.into());
    }
    address
}

/// Serves as [`serve`] does, treating clients as `serving` says.
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    state: Arc<EdgeState>,
    shutdown: impl Future<Output = ()> + Send + 'static,
    serving: Serving,
) -> std::io::Result<()> {
    use hyper_util::rt::TokioIo;
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;

    state.passage().serve_at(format!("http://{}", gateway_address(listener.local_addr()?)));
    let Serving { pace, room, stop_within } = serving;
    let service = routes_with(state, room).layer(axum::middleware::from_fn_with_state(pace, pace::paced));
    // The HTTP library reads more header fields than the edge takes, so that too many are answered as
    // every other error is: a problem with the request's ID. A head that does not come whole in time
    // (or a connection idle as long) is closed, without an answer: hyper has no hook for one.
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new()).max_headers(READ_HEADERS).header_read_timeout(pace.head);
    let graceful = GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let stream = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok((stream, _)) => stream,
                Err(err) => {
                    // Out of file descriptors, or a connection reset before it was accepted: wait a
                    // little rather than spin.
                    tracing::warn!("could not accept a connection: {err}");
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let connection = http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service.clone()));
        let connection = graceful.watch(connection);
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!("a connection ended with an error: {err}");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(stop_within, graceful.shutdown()).await.is_err() {
        tracing::warn!(
            "stopping with requests still under way after {} s: their callers are told the edge went away",
            stop_within.as_secs_f64()
        );
    }
    Ok(())
}
