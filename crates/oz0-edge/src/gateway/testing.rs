//! A loopback HTTP server that stands in for a provider in tests: it answers canned responses in
//! order and keeps what it received, so that a test can check the request the gateway sent.

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::{HeaderMap, Response, Uri};
use serde_json::Value;

use super::Gateway;
use super::config::GatewayConfig;

/// One canned response.
#[derive(Debug, Clone)]
pub(super) struct Canned {
    pub status: u16,
    pub headers: Vec<(&'static str, &'static str)>,
    pub body: String,
}

impl Canned {
    /// Returns a response with a JSON body and no other headers.
    pub fn json(status: u16, body: &Value) -> Self {
        Canned { status, headers: vec![], body: body.to_string() }
    }
}

/// One request the server received.
#[derive(Debug, Clone)]
pub(super) struct Received {
    pub path: String,
    pub headers: HeaderMap,
    pub body: Value,
}

#[derive(Debug, Default)]
struct Shared {
    canned: Mutex<VecDeque<Canned>>,
    received: Mutex<Vec<Received>>,
}

/// A running stand-in provider.
#[derive(Debug)]
pub(super) struct Stub {
    /// `http://127.0.0.1:<port>`.
    pub url: String,
    shared: Arc<Shared>,
}

impl Stub {
    /// Starts a server on a free loopback port that answers `canned` in order, then 500s.
    pub async fn start(canned: Vec<Canned>) -> Self {
        let shared = Arc::new(Shared { canned: Mutex::new(canned.into()), received: Mutex::default() });
        let router = axum::Router::new().fallback(answer).with_state(Arc::clone(&shared));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        tokio::spawn(async move { axum::serve(listener, router).await });
        Stub { url, shared }
    }

    /// Returns the requests received so far.
    pub fn received(&self) -> Vec<Received> {
        self.shared.received.lock().unwrap().clone()
    }
}

async fn answer(State(shared): State<Arc<Shared>>, uri: Uri, headers: HeaderMap, body: Bytes) -> Response<Body> {
    let body = serde_json::from_slice(&body).unwrap_or(Value::Null);
    shared.received.lock().unwrap().push(Received { path: uri.path().to_owned(), headers, body });
    let canned = shared.canned.lock().unwrap().pop_front().unwrap_or(Canned {
        status: 500,
        headers: vec![],
        body: "the stub has no more canned answers".to_owned(),
    });
    let mut response = Response::builder().status(canned.status).header("content-type", "application/json");
    for (name, value) in canned.headers {
        response = response.header(name, value);
    }
    response.body(Body::from(canned.body)).unwrap()
}

/// Returns a gateway over `toml`, with a tiny backoff so retries do not slow the tests, no proxy so
/// loopback requests stay on loopback, and keys looked up in a fixed table instead of the
/// environment, which tests cannot set safely.
pub(super) fn gateway(toml: &str) -> Gateway {
    let config = GatewayConfig::parse(toml, "gateway.toml").unwrap();
    let mut gateway = Gateway::new(config).unwrap();
    gateway.client = oz0_toolhost::http_client().no_proxy().build().unwrap();
    gateway.backoff = Duration::from_millis(1);
    gateway.key_of = |env| match env {
        "TEST_OPENAI_KEY" => Some("sk-test-openai".to_owned()),
        "TEST_ANTHROPIC_KEY" => Some(" sk-ant-test\n".to_owned()),
        "TEST_EMPTY_KEY" => Some(String::new()),
        _ => None,
    };
    gateway
}
