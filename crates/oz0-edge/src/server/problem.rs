//! The API's errors: each answered as `application/problem+json`, a server's failure also left on
//! the response for the log.

use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use oz0_core::api::{EdgeError, Problem};

/// A failure to write to the edge's log, set on a response by the error that made it.
#[derive(Debug, Clone)]
pub struct Failure(pub String);

/// An error answered as `application/problem+json`.
#[derive(Debug)]
pub struct ApiError(pub EdgeError);

impl From<EdgeError> for ApiError {
    fn from(err: EdgeError) -> Self {
        ApiError(err)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let problem = self.0.to_problem();
        let status = StatusCode::from_u16(problem.status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let body = serde_json::to_vec(&problem).unwrap_or_default();
        let mut response = (status, body).into_response();
        let headers = response.headers_mut();
        headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(Problem::MEDIA_TYPE));
        if status == StatusCode::UNAUTHORIZED {
            headers.insert(header::WWW_AUTHENTICATE, HeaderValue::from_static("Bearer"));
        }
        if status == StatusCode::SERVICE_UNAVAILABLE {
            // Busy answers pass in a moment: an upload's room, a store's lock.
            headers.insert(header::RETRY_AFTER, HeaderValue::from_static("1"));
        }
        if status.is_server_error() {
            let mut message = self.0.to_string();
            let mut cause = std::error::Error::source(&self.0);
            while let Some(err) = cause {
                message.push_str(&format!(": {err}"));
                cause = err.source();
            }
            response.extensions_mut().insert(Failure(message));
        }
        response
    }
}
