//! Request IDs: the caller's `x-request-id` when it is a sensible one, else a new one; echoed on every
//! answer and named in the log of every failure.

use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use oz0_core::api::EdgeError;

use super::problem::{ApiError, Failure};

/// The header.
pub const HEADER: &str = "x-request-id";

/// The most header fields a request may have.
pub const MAX_HEADERS: usize = 100;

/// The most bytes of a request's header fields, names and values.
pub const MAX_HEADER_BYTES: usize = 64 << 10;

fn sensible(value: &HeaderValue) -> Option<&str> {
    let text = value.to_str().ok()?;
    let ok = (1..=128).contains(&text.len())
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b':'));
    ok.then_some(text)
}

/// Returns why a request's header fields are too large, if they are.
fn too_large(headers: &HeaderMap) -> Option<String> {
    let bytes: usize = headers.iter().map(|(name, value)| name.as_str().len() + value.len()).sum();
    if headers.len() > MAX_HEADERS {
        Some(format!("the request has {} header fields; the edge takes at most {MAX_HEADERS}", headers.len()))
    } else if bytes > MAX_HEADER_BYTES {
        Some(format!("the request's header fields hold {bytes} bytes; the edge takes at most {MAX_HEADER_BYTES}"))
    } else {
        None
    }
}

/// Sets the request's ID on its answer, and logs a failure with it. A request whose header fields are
/// too large is answered here, before any route reads it.
pub async fn request_id(request: Request, next: Next) -> Response {
    let id = request.headers().get(HEADER).and_then(sensible).map_or_else(crate::token::random_id, str::to_owned);
    let method = request.method().clone();
    let path = request.uri().path().to_owned();
    let mut response = match too_large(request.headers()) {
        Some(detail) => {
            ApiError(EdgeError::Rejected { status: 431, title: "Request header fields too large".to_owned(), detail })
                .into_response()
        }
        None => next.run(request).await,
    };
    if let Some(Failure(message)) = response.extensions_mut().remove::<Failure>() {
        tracing::error!(request = %id, %method, path, "{message}");
    }
    if let Ok(value) = HeaderValue::from_str(&id) {
        response.headers_mut().insert(HEADER, value);
    }
    response
}
