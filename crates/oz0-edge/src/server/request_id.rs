//! Request IDs: the caller's `x-request-id` when it is a sensible one, else a new one; echoed on every
//! answer and named in the log of every failure.

use axum::extract::Request;
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;

/// The header.
pub const HEADER: &str = "x-request-id";

/// A failure to write to the edge's log, set on a response by the error that made it.
#[derive(Debug, Clone)]
pub struct Failure(pub String);

fn sensible(value: &HeaderValue) -> Option<&str> {
    let text = value.to_str().ok()?;
    let ok = (1..=128).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'));
    ok.then_some(text)
}

/// Sets the request's ID on its answer, and logs a failure with it.
pub async fn request_id(request: Request, next: Next) -> Response {
    let id = request.headers().get(HEADER).and_then(sensible).map_or_else(crate::token::random_id, str::to_owned);
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let mut response = next.run(request).await;
    if let Some(Failure(message)) = response.extensions_mut().remove::<Failure>() {
        tracing::error!(request = %id, %method, path, "{message}");
    }
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    response
}
