//! The node's gateway path: what a plugin granted `requires.models.gateway` calls with its SDK, with a
//! token of one call's own, for what MCP sampling cannot express (embeddings, a provider's own format).
//!
//! A token is random, kept only as its digest, and bound to its call: its tenant and job, the formats
//! its plugin declares, and the end of the call's time limit. It dies when its call returns. Calls come
//! to a loopback listener the edge starts when the first such call runs, as OpenAI's and Anthropic's
//! APIs (`/gateway/openai/v1/...`, `/gateway/anthropic/v1/messages`), and go on to the provider the
//! operator maps to each format, with the edge's key; a streamed answer is passed through as it
//! comes, metered by the usage its events report.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use futures_util::future::BoxFuture;
use futures_util::stream::BoxStream;

use axum::Router;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use oz0_core::api::{EdgeError, TreeId};
use serde_json::{Value, json};

/// What a token starts with, to tell it from the edge's own tokens.
const PREFIX: &str = "oz0gw_";

/// The largest request the gateway path takes.
const MAX_BODY: usize = 32 << 20;

/// A refusal of a gateway call: its HTTP status and its JSON body.
pub(crate) type Refused = (u16, Value);

/// A provider's streamed answer, as it comes.
pub(crate) type Answer = BoxStream<'static, Result<Bytes, reqwest::Error>>;

/// What meters a call's requests on the gateway path: it forwards each to the provider its format
/// maps to, its worst case reserved first, and keeps its numbers with the call's. The call's sampler
/// is one.
pub(crate) trait GatewayMeter: Send + Sync {
    /// Forwards a request in `format` and returns the provider's answer.
    fn forward(self: Arc<Self>, format: &'static str, body: Value) -> BoxFuture<'static, Result<Value, Refused>>;

    /// Opens a streamed request in `format` and returns the provider's status and answer, metered as
    /// it passes.
    fn stream(self: Arc<Self>, format: &'static str, body: Value)
    -> BoxFuture<'static, Result<(u16, Answer), Refused>>;
}

/// A call's grant: whose it is, what it may call, until when, and what meters it.
struct Grant {
    job: TreeId,
    formats: Vec<String>,
    expires: Instant,
    meter: Arc<dyn GatewayMeter>,
}

/// The grants of the calls that run, by their token's digest.
type Grants = Arc<Mutex<HashMap<[u8; 32], Grant>>>;

/// The grants as the gateway path's routes hold them: gone with the edge and its calls.
type WeakGrants = Weak<Mutex<HashMap<[u8; 32], Grant>>>;

/// The grants of the calls that run, and the listener they are used on.
#[derive(Default)]
pub(crate) struct PluginGateway {
    grants: Grants,
    url: tokio::sync::OnceCell<String>,
}

impl std::fmt::Debug for PluginGateway {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PluginGateway").field("url", &self.url.get()).finish_non_exhaustive()
    }
}

/// A call's token while its call runs; the token dies when this is dropped.
pub(crate) struct Granted {
    grants: Grants,
    digest: [u8; 32],
    /// What the call's request `_meta` carries under `oz0/gateway`.
    pub meta: Value,
}

impl Drop for Granted {
    fn drop(&mut self) {
        self.grants.lock().unwrap_or_else(PoisonError::into_inner).remove(&self.digest);
    }
}

impl PluginGateway {
    /// Makes a token for a call of the job `job` that may call `formats` for `timeout`, its calls
    /// metered by `meter`, and returns it with what the call's `_meta` carries; starts the listener
    /// the first time.
    pub async fn grant(
        &self,
        job: &TreeId,
        formats: &[String],
        timeout: Duration,
        meter: Arc<dyn GatewayMeter>,
    ) -> Result<Granted, EdgeError> {
        let url = self.url.get_or_try_init(|| listen(self.routes())).await?.clone();
        let mut bytes = [0u8; 32];
        getrandom::fill(&mut bytes).map_err(|err| EdgeError::internal("could not make a gateway token", err))?;
        let token: String =
            std::iter::once(PREFIX.to_owned()).chain(bytes.iter().map(|b| format!("{b:02x}"))).collect();
        let digest = crate::token::hash(&token);
        let grant = Grant { job: job.clone(), formats: formats.to_vec(), expires: Instant::now() + timeout, meter };
        self.grants.lock().unwrap_or_else(PoisonError::into_inner).insert(digest, grant);
        let expires_at = std::time::SystemTime::now() + timeout;
        let expires_ms = expires_at.duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.as_millis() as u64);
        let meta = json!({
            "url": format!("{url}/gateway"),
            "openai_base_url": format!("{url}/gateway/openai/v1"),
            "anthropic_base_url": format!("{url}/gateway/anthropic"),
            "token": token,
            "formats": formats,
            "expires_at": crate::store::rfc3339_millis(i64::try_from(expires_ms).unwrap_or(i64::MAX)),
        });
        Ok(Granted { grants: Arc::clone(&self.grants), digest, meta })
    }

    /// Returns the routes of the gateway path, on `oz0 edge serve` and on the embedded edge's listener.
    /// They hold the grants weakly: once the edge and its calls are gone, they answer that it stops.
    pub(crate) fn routes(&self) -> Router {
        let grants: WeakGrants = Arc::downgrade(&self.grants);
        Router::new()
            .route("/gateway/openai/v1/embeddings", post(|s, h, b| pass(s, h, b, "openai-embeddings")))
            .route("/gateway/openai/v1/chat/completions", post(|s, h, b| pass(s, h, b, "openai-chat")))
            .route("/gateway/openai/v1/responses", post(|s, h, b| pass(s, h, b, "openai-responses")))
            .route("/gateway/anthropic/v1/messages", post(|s, h, b| pass(s, h, b, "anthropic-messages")))
            .layer(axum::extract::DefaultBodyLimit::max(MAX_BODY))
            .with_state(grants)
    }
}

/// Starts the listener of the gateway path's `app` on loopback and returns its URL.
async fn listen(app: Router) -> Result<String, EdgeError> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .map_err(|err| EdgeError::internal("could not open the gateway path", err))?;
    let address = listener.local_addr().map_err(|err| EdgeError::internal("could not open the gateway path", err))?;
    tokio::spawn(async move {
        if let Err(err) = axum::serve(listener, app).await {
            tracing::error!(error = &err as &dyn std::error::Error, "the gateway path stopped");
        }
    });
    Ok(format!("http://{address}"))
}

impl PluginGateway {
    /// Has the calls' tokens used on `url`, where `oz0 edge serve` serves [`routes`], rather than on a
    /// listener of their own.
    pub fn serve_at(&self, url: String) {
        let _ = self.url.set(url);
    }
}

/// The answer to a call the token does not allow: `403` and `oz0_gateway_token`.
fn forbidden(message: String) -> Response {
    let body = json!({"error": {"type": "oz0_gateway_token", "code": "oz0_gateway_token", "message": message}});
    (StatusCode::FORBIDDEN, axum::Json(body)).into_response()
}

/// Takes a call made with a gateway token in `format`, checks the token, and forwards it.
async fn pass(State(grants): State<WeakGrants>, headers: HeaderMap, body: Bytes, format: &'static str) -> Response {
    let Some(grants) = grants.upgrade() else {
        return (StatusCode::SERVICE_UNAVAILABLE, "the edge is stopping").into_response();
    };
    let bearer =
        headers.get(header::AUTHORIZATION).and_then(|v| v.to_str().ok()).and_then(|v| v.strip_prefix("Bearer "));
    let key = headers.get("x-api-key").and_then(|v| v.to_str().ok());
    let Some(token) = bearer.or(key).map(str::trim) else {
        return forbidden("no gateway token: give the call's `oz0/gateway` token as the SDK's API key".into());
    };
    let (job, meter) = {
        let grants = grants.lock().unwrap_or_else(PoisonError::into_inner);
        let Some(grant) = grants.get(&crate::token::hash(token)) else {
            return forbidden(
                "the gateway token is not one of a call that runs: a token works only while its call runs".into(),
            );
        };
        if Instant::now() > grant.expires {
            return forbidden("the gateway token is past its expires_at".into());
        }
        if !grant.formats.iter().any(|f| f == format) {
            return forbidden(format!(
                "the gateway token may not call `{format}`: its plugin declares {} under requires.models.gateway",
                grant.formats.join(", ")
            ));
        }
        (grant.job.clone(), Arc::clone(&grant.meter))
    };
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        let body = json!({"error": {"type": "invalid_request_error", "message": "the request's body is not JSON"}});
        return (StatusCode::BAD_REQUEST, axum::Json(body)).into_response();
    };
    tracing::debug!(job = %job, format, "a gateway call");
    if request["stream"].as_bool() == Some(true) {
        return match meter.stream(format, request).await {
            Ok((status, stream)) => Response::builder()
                .status(StatusCode::from_u16(status).unwrap_or(StatusCode::OK))
                .header(header::CONTENT_TYPE, "text/event-stream")
                .body(axum::body::Body::from_stream(stream))
                .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response()),
            Err((status, body)) => {
                (StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY), axum::Json(body)).into_response()
            }
        };
    }
    match meter.forward(format, request).await {
        Ok(answer) => axum::Json(answer).into_response(),
        Err((status, body)) => {
            (StatusCode::from_u16(status).unwrap_or(StatusCode::BAD_GATEWAY), axum::Json(body)).into_response()
        }
    }
}
