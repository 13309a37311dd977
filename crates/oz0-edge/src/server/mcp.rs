//! The platform's tool server at `/mcp` of a served edge ([`ToolServer`] over MCP's streamable HTTP).

use std::sync::Arc;

use super::extract::Caller;
use crate::state::EdgeState;
use crate::tool_server::ToolServer;

/// Returns the tool server at `/mcp` of a served edge: MCP's streamable HTTP, each request's person the
/// bearer of its token, a session's every request of the same person. Requests from a browser (with an
/// `Origin`) are refused: a page has no business calling the tenant's tools.
pub(crate) fn router(state: &Arc<EdgeState>) -> axum::Router {
    use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
    use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};

    let config = StreamableHttpServerConfig::default().disable_allowed_hosts().enforce_origin_validation();
    let made = Arc::clone(state);
    let service = StreamableHttpService::new(
        move || Ok(ToolServer::unbound(&made)),
        Arc::new(LocalSessionManager::default()),
        config,
    );
    axum::Router::new()
        .route_service(PATH, service)
        .layer(axum::middleware::from_fn_with_state(Arc::clone(state), bearer))
}

/// Where a served edge serves the tool server.
pub const PATH: &str = "/mcp";

/// Lets through a request whose bearer the edge knows, the person in its extensions; answers others
/// with the API's problem document.
async fn bearer(
    axum::extract::State(state): axum::extract::State<Arc<EdgeState>>,
    mut request: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    use axum::extract::FromRequestParts as _;
    use axum::response::IntoResponse as _;

    let (mut parts, body) = request.into_parts();
    match Caller::from_request_parts(&mut parts, &state).await {
        Ok(Caller(edge)) => {
            parts.extensions.insert(edge.principal().clone());
            request = axum::extract::Request::from_parts(parts, body);
            next.run(request).await
        }
        Err(refused) => refused.into_response(),
    }
}
