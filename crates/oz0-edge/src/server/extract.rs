//! How requests are read and errors answered: the caller from the bearer token, JSON bodies and queries
//! whose every refusal is a problem document.

use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::rejection::JsonRejection;
use axum::extract::{FromRequest, FromRequestParts, Path, Query, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use oz0_core::api::{EdgeError, TreeId};
use serde::de::DeserializeOwned;

use super::problem::ApiError;
use super::room::{Full, Taken, UploadRoom};
use crate::service::LocalEdge;
use crate::state::EdgeState;

/// The edge as the bearer of the request's token sees it.
#[derive(Debug)]
pub struct Caller(pub LocalEdge);

impl FromRequestParts<Arc<EdgeState>> for Caller {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<EdgeState>) -> Result<Self, Self::Rejection> {
        let unauthenticated = |detail: &str| ApiError(EdgeError::Unauthenticated { detail: detail.to_owned() });
        let Some(value) = parts.headers.get(header::AUTHORIZATION) else {
            return Err(unauthenticated("no token: send `Authorization: Bearer <token>`"));
        };
        let token = value
            .to_str()
            .ok()
            .and_then(|v| v.strip_prefix("Bearer ").or_else(|| v.strip_prefix("bearer ")))
            .map(str::trim)
            .filter(|t| !t.is_empty() && t.len() <= 256)
            .ok_or_else(|| unauthenticated("the Authorization header is not `Bearer <token>`"))?;
        let state = Arc::clone(state);
        let token = token.to_owned();
        let edge = tokio::task::spawn_blocking(move || LocalEdge::authenticate(&state, &token))
            .await
            .map_err(|err| ApiError(EdgeError::internal("a task of the edge failed", err)))?
            .map_err(|err| ApiError(err.into()))?;
        edge.map(Caller).ok_or_else(|| unauthenticated("the edge knows no such token"))
    }
}

/// The caller of an endpoint whose body is large (a plugin's archive, a file), checked for the role
/// it needs before the body is read, so that a token without it costs the edge no memory.
#[derive(Debug)]
pub struct Uploader<const ADMIN: bool>(pub LocalEdge);

impl<const ADMIN: bool> FromRequestParts<Arc<EdgeState>> for Uploader<ADMIN> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &Arc<EdgeState>) -> Result<Self, Self::Rejection> {
        let Caller(edge) = Caller::from_request_parts(parts, state).await?;
        let (role, action) = if ADMIN {
            (oz0_core::api::Role::Admin, "installing a plugin")
        } else {
            (oz0_core::api::Role::Content, "storing a file")
        };
        if !edge.principal().has(role) {
            return Err(ApiError(EdgeError::permission_denied(action, role)));
        }
        parts.extensions.insert(UploadTenant(edge.principal().tenant.id));
        Ok(Uploader(edge))
    }
}

/// A JSON body of `T`, refused with a problem document: 400 when it is not JSON, 422 when it is not a
/// `T` (a wrong type, a value out of range, an unknown field), 413 when it is too big, 415 when it is
/// not sent as JSON.
#[derive(Debug)]
pub struct JsonBody<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        match axum::Json::<T>::from_request(request, state).await {
            Ok(axum::Json(value)) => Ok(JsonBody(value)),
            Err(rejection) => Err(ApiError(json_rejection(&rejection))),
        }
    }
}

fn json_rejection(rejection: &JsonRejection) -> EdgeError {
    let inner = || {
        let text = rejection.body_text();
        match text.split_once(": ") {
            Some((_, rest)) => rest.to_owned(),
            None => text,
        }
    };
    match rejection {
        JsonRejection::JsonDataError(_) => EdgeError::Invalid { detail: inner() },
        JsonRejection::JsonSyntaxError(_) => {
            EdgeError::BadRequest { detail: format!("the body is not JSON: {}", inner()) }
        }
        JsonRejection::MissingJsonContentType(_) => EdgeError::Rejected {
            status: 415,
            title: "Unsupported media type".to_owned(),
            detail: "send the body as JSON, with `Content-Type: application/json`".to_owned(),
        },
        other if other.status() == StatusCode::PAYLOAD_TOO_LARGE => too_large(),
        other => EdgeError::BadRequest { detail: other.body_text() },
    }
}

fn too_large() -> EdgeError {
    EdgeError::TooLarge { detail: "the body is bigger than this endpoint takes".to_owned() }
}

/// How long an upload waits for room among the bodies the edge holds before it is answered busy.
const UPLOAD_WAIT: std::time::Duration = std::time::Duration::from_secs(5);

/// The tenant an [`Uploader`] uploads for, which the room of its body is taken for.
#[derive(Debug, Clone, Copy)]
struct UploadTenant(i64);

/// A body of raw bytes, refused with a problem document when it is bigger than the route's limit. It
/// is read only once there is room for it among the uploads the edge holds ([`super::room`]), taken for
/// the tenant of the request's [`Uploader`], and holds its room until the request ends.
#[derive(Debug)]
pub struct RawBody(pub Bytes, pub Taken);

impl FromRequest<Arc<EdgeState>> for RawBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &Arc<EdgeState>) -> Result<Self, Self::Rejection> {
        // The limit named is the route's: a plugin's archive, or a file.
        let plugin = request.uri().path() == oz0_core::api::paths::PLUGINS;
        let limit = if plugin { oz0_core::api::MAX_PLUGIN_BYTES } else { oz0_core::api::MAX_FILE_BYTES };
        // The room a body takes: what it declares, or the route's most when it declares nothing.
        let declared = request.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
        let mib = declared.unwrap_or(limit).min(limit).div_ceil(1 << 20).max(1);
        let (Some(room), Some(UploadTenant(tenant))) = (
            request.extensions().get::<Arc<UploadRoom>>().cloned(),
            request.extensions().get::<UploadTenant>().copied(),
        ) else {
            return Err(ApiError(EdgeError::internal(
                "could not read the upload",
                "the route reads a body with no room or no uploader",
            )));
        };
        let taken = room.take(tenant, u32::try_from(mib).unwrap_or(u32::MAX), UPLOAD_WAIT).await.map_err(|full| {
            let (all, share) = room.sizes();
            let detail = match full {
                Full::Share => format!(
                    "the tenant's uploads already hold their share of the edge's room for uploads ({share} MiB of \
                     {all} MiB); try again when one of them has ended"
                ),
                Full::Room => format!(
                    "the edge is reading as many uploads as it holds at once ({all} MiB); try again in a moment"
                ),
            };
            ApiError(EdgeError::Busy { detail })
        })?;
        match Bytes::from_request(request, state).await {
            Ok(bytes) => Ok(RawBody(bytes, taken)),
            Err(rejection) if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE => {
                let detail = if plugin {
                    format!(
                        "the plugin's archive is more than the {} bytes (64 MiB) a plugin may hold; leave out what its \
                         servers do not need",
                        oz0_core::api::MAX_PLUGIN_BYTES
                    )
                } else {
                    format!(
                        "the file is more than the {} bytes (32 MiB) a file may hold",
                        oz0_core::api::MAX_FILE_BYTES
                    )
                };
                Err(ApiError(EdgeError::TooLarge { detail }))
            }
            Err(rejection) => Err(ApiError(EdgeError::BadRequest { detail: rejection.body_text() })),
        }
    }
}

/// A query string of `T`, refused with a 400 problem document.
#[derive(Debug)]
pub struct QueryOf<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequestParts<S> for QueryOf<T> {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        match Query::<T>::from_request_parts(parts, state).await {
            Ok(Query(value)) => Ok(QueryOf(value)),
            Err(rejection) => {
                let text = rejection.body_text();
                let detail = text.split_once(": ").map_or(text.clone(), |(_, rest)| rest.to_owned());
                Err(ApiError(EdgeError::BadRequest { detail: format!("bad query: {detail}") }))
            }
        }
    }
}

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

/// Reads a job's or a tree's ID from a path.
pub(super) fn tree(segment: &str) -> Result<TreeId, ApiError> {
    segment.parse().map_err(|err: oz0_core::api::NameError| ApiError(EdgeError::BadRequest { detail: err.to_string() }))
}
