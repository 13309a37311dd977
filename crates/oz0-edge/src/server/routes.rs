//! The API's handlers: each reads its request, asks the caller's edge once, and answers.

use axum::Json;
use axum::extract::{FromRequestParts, Path};
use axum::http::request::Parts;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use oz0_core::api::{
    AuditEntry, CreatedToken, Edge, EdgeError, FileRef, OffloadChange, OffloadPatch, OffloadView, Status, StoredFile,
    Tenant, TokenRequest, TreeId,
};
use oz0_core::offload::{Offload, Threshold};
use serde::Deserialize;
use serde::de::DeserializeOwned;

use super::extract::{ApiError, Caller, JsonBody, QueryOf, RawBody};
use crate::service::NO_TENANT;

/// Path parameters, refused with a problem document.
#[derive(Debug)]
pub struct PathOf<T>(pub T);

impl<T: DeserializeOwned + Send, S: Send + Sync> FromRequestParts<S> for PathOf<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        Path::<T>::from_request_parts(parts, state)
            .await
            .map(|Path(value)| PathOf(value))
            .map_err(|rejection| ApiError(EdgeError::BadRequest { detail: rejection.body_text() }))
    }
}

/// Reads a tenant from a path: a name that is not valid names no tenant, and answers as one.
fn tenant(segment: &str) -> Result<Tenant, ApiError> {
    segment.parse().map_err(|_| ApiError(EdgeError::not_found(NO_TENANT)))
}

fn tree(segment: &str) -> Result<TreeId, ApiError> {
    segment.parse().map_err(|err: oz0_core::api::NameError| ApiError(EdgeError::BadRequest { detail: err.to_string() }))
}

pub async fn status(Caller(edge): Caller) -> Result<Json<Status>, ApiError> {
    Ok(Json(edge.status().await?))
}

pub async fn offload(Caller(edge): Caller, PathOf(segment): PathOf<String>) -> Result<Json<OffloadView>, ApiError> {
    Ok(Json(edge.offload(&tenant(&segment)?).await?))
}

pub async fn set_offload(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    JsonBody(patch): JsonBody<OffloadPatch>,
) -> Result<Json<OffloadChange>, ApiError> {
    Ok(Json(edge.set_offload(&tenant(&segment)?, &patch).await?))
}

/// The query of the threshold endpoint.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ThresholdQuery {
    /// The agent's `offload`: tokens or `off`; left out, an agent that says nothing.
    offload: Option<String>,
}

pub async fn threshold(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    QueryOf(query): QueryOf<ThresholdQuery>,
) -> Result<Json<Threshold>, ApiError> {
    let tenant = tenant(&segment)?;
    let agent = match query.offload.as_deref() {
        None => None,
        Some(value) => Some(
            value
                .parse::<Offload>()
                .map_err(|err| ApiError(EdgeError::BadRequest { detail: format!("offload: {err}") }))?,
        ),
    };
    Ok(Json(edge.threshold(&tenant, agent).await?))
}

/// The query of the audit endpoint.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuditQuery {
    /// How many entries, newest first; left out, 100.
    limit: Option<u32>,
}

pub async fn audit(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    QueryOf(query): QueryOf<AuditQuery>,
) -> Result<Json<Vec<AuditEntry>>, ApiError> {
    Ok(Json(edge.audit(&tenant(&segment)?, query.limit.unwrap_or(100)).await?))
}

pub async fn create_token(
    Caller(edge): Caller,
    JsonBody(request): JsonBody<TokenRequest>,
) -> Result<(StatusCode, Json<CreatedToken>), ApiError> {
    Ok((StatusCode::CREATED, Json(edge.create_token(&request).await?)))
}

pub async fn put_file(
    Caller(edge): Caller,
    PathOf((segment, tree_id)): PathOf<(String, String)>,
    RawBody(bytes): RawBody,
) -> Result<(StatusCode, Json<StoredFile>), ApiError> {
    let (tenant, tree) = (tenant(&segment)?, tree(&tree_id)?);
    Ok((StatusCode::CREATED, Json(edge.put_file(&tenant, &tree, bytes.to_vec()).await?)))
}

pub async fn get_file(
    Caller(edge): Caller,
    PathOf((segment, tree_id, file)): PathOf<(String, String, String)>,
) -> Result<Response, ApiError> {
    let (tenant, tree) = (tenant(&segment)?, tree(&tree_id)?);
    let file: FileRef = file
        .parse()
        .map_err(|err: oz0_core::api::NameError| ApiError(EdgeError::BadRequest { detail: err.to_string() }))?;
    let bytes = edge.get_file(&tenant, &tree, &file).await?;
    let mut response = bytes.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/octet-stream"));
    if let Ok(etag) = HeaderValue::from_str(&format!("\"sha256:{}\"", file.hex())) {
        response.headers_mut().insert(header::ETAG, etag);
    }
    Ok(response)
}

pub async fn openapi() -> Json<serde_json::Value> {
    Json(super::openapi::document())
}

pub async fn no_route(uri: Uri) -> ApiError {
    ApiError(EdgeError::not_found(format!("no such endpoint: {}", uri.path())))
}

pub async fn no_method(method: Method, uri: Uri) -> ApiError {
    ApiError(EdgeError::Rejected {
        status: 405,
        title: "Method not allowed".to_owned(),
        detail: format!("{} does not take {method}", uri.path()),
    })
}
