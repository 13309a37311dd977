//! The platform's tool server at `/mcp` of a served edge ([`ToolServer`] over MCP's streamable HTTP).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, Mutex};

use axum::response::IntoResponse as _;
use oz0_core::api::EdgeError;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;

use super::extract::Caller;
use super::problem::ApiError;
use crate::state::EdgeState;
use crate::store::Principal;
use crate::tool_server::ToolServer;

/// Returns the tool server at `/mcp` of a served edge: MCP's streamable HTTP, each request's person the
/// bearer of its token, and a session's every request (its calls, its stream of messages, its end) of
/// the person who opened it. Requests from a browser (with an `Origin`) are refused: a page has no
/// business calling the tenant's tools.
pub(crate) fn router(state: &Arc<EdgeState>) -> axum::Router {
    use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

    let config = StreamableHttpServerConfig::default().disable_allowed_hosts().enforce_origin_validation();
    let made = Arc::clone(state);
    let manager = Arc::new(LocalSessionManager::default());
    let service = StreamableHttpService::new(move || Ok(ToolServer::unbound(&made)), Arc::clone(&manager), config);
    let owners = Arc::new(Owners { manager, of: Mutex::new(HashMap::new()) });
    axum::Router::new()
        .route_service(PATH, service)
        .layer(axum::middleware::from_fn_with_state((Arc::clone(state), owners), bearer))
}

/// Where a served edge serves the tool server.
pub const PATH: &str = "/mcp";

/// The header that names a request's session.
const SESSION: &str = "mcp-session-id";

/// Who opened each session: the tenant and the person of its `initialize`.
struct Owners {
    manager: Arc<LocalSessionManager>,
    of: Mutex<HashMap<String, (i64, String)>>,
}

impl Owners {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, (i64, String)>> {
        self.of.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// Notes a new session's person, and forgets the sessions that have ended (closed, or idle too long).
    async fn opened(&self, session: String, principal: &Principal) {
        let live: HashSet<String> = self.manager.sessions.read().await.keys().map(ToString::to_string).collect();
        let mut of = self.lock();
        of.retain(|id, _| live.contains(id));
        of.insert(session, (principal.tenant.id, principal.person.clone()));
    }

    /// Returns whether `principal` opened `session`.
    fn opened_by(&self, session: &str, principal: &Principal) -> bool {
        self.lock()
            .get(session)
            .is_some_and(|(tenant, person)| *tenant == principal.tenant.id && *person == principal.person)
    }
}

/// Lets through a request whose bearer the edge knows, the person in its extensions, and that names no
/// session or one of that person's; answers others with the API's problem document (another person's
/// session as one that does not exist).
async fn bearer(
    axum::extract::State((state, owners)): axum::extract::State<(Arc<EdgeState>, Arc<Owners>)>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::extract::FromRequestParts as _;

    let (mut parts, body) = request.into_parts();
    let principal = match Caller::from_request_parts(&mut parts, &state).await {
        Ok(Caller(edge)) => edge.principal().clone(),
        Err(refused) => return refused.into_response(),
    };
    let session = parts.headers.get(SESSION).and_then(|id| id.to_str().ok()).map(str::to_owned);
    if let Some(session) = &session
        && !owners.opened_by(session, &principal)
    {
        tracing::warn!(tenant = principal.tenant.id, "a request named a session of the tool server it did not open");
        return ApiError(EdgeError::not_found("no such session of the tool server")).into_response();
    }
    parts.extensions.insert(principal.clone());
    let response = next.run(axum::extract::Request::from_parts(parts, body)).await;
    if session.is_none()
        && let Some(opened) = response.headers().get(SESSION).and_then(|id| id.to_str().ok())
    {
        owners.opened(opened.to_owned(), &principal).await;
    }
    response
}
