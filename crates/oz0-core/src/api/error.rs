//! What can go wrong asking the edge, and how the HTTP API says it: `application/problem+json`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

type Cause = Box<dyn std::error::Error + Send + Sync>;

/// Why the edge did not do what was asked. Every variant's message says what was wrong in words a
/// person can act on.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum EdgeError {
    /// Nothing by that name that the caller may see: another tenant's or tree's things answer so too.
    #[error("{detail}")]
    NotFound {
        /// What was not found.
        detail: String,
    },
    /// No token, or one the edge does not know.
    #[error("{detail}")]
    Unauthenticated {
        /// Why.
        detail: String,
    },
    /// The caller's roles do not allow it.
    #[error("permission denied: {detail}")]
    PermissionDenied {
        /// What was refused and the role it needs.
        detail: String,
    },
    /// The request could not be read: malformed JSON, a bad parameter.
    #[error("{detail}")]
    BadRequest {
        /// What was wrong.
        detail: String,
    },
    /// The request was read and is not acceptable: a value out of range, settings that contradict.
    #[error("{detail}")]
    Invalid {
        /// What was wrong.
        detail: String,
    },
    /// The request's body is bigger than the route takes.
    #[error("{detail}")]
    TooLarge {
        /// The limit.
        detail: String,
    },
    /// The edge is too busy to answer now; the same request may work later.
    #[error("{detail}")]
    Busy {
        /// Why.
        detail: String,
    },
    /// Another refusal, by HTTP status.
    #[error("{detail}")]
    Rejected {
        /// The HTTP status.
        status: u16,
        /// The problem's title.
        title: String,
        /// What was wrong.
        detail: String,
    },
    /// The edge failed.
    #[error("{detail}")]
    Internal {
        /// What failed.
        detail: String,
        /// Why, where it is known (in process).
        #[source]
        source: Option<Cause>,
    },
    /// Nothing answers at the edge's address.
    #[error("no edge answers at {url}")]
    Unreachable {
        /// The edge's address.
        url: String,
        /// The connection's error.
        #[source]
        source: Cause,
    },
    /// The edge did not answer in time.
    #[error("the edge at {url} did not answer within {seconds} s")]
    Timeout {
        /// The edge's address.
        url: String,
        /// The time allowed.
        seconds: u64,
    },
    /// The edge's connection closed before it answered: it stopped, or something between cut it off.
    #[error("the edge at {url} went away before it answered")]
    WentAway {
        /// The edge's address.
        url: String,
        /// The connection's error.
        #[source]
        source: Cause,
    },
    /// The edge answered with something that is not the API.
    #[error("the edge at {url} answered with something oz0 cannot read")]
    Protocol {
        /// The edge's address.
        url: String,
        /// What was wrong with it.
        #[source]
        source: Cause,
    },
}

impl EdgeError {
    /// Returns a "not found" error.
    pub fn not_found(detail: impl Into<String>) -> Self {
        EdgeError::NotFound { detail: detail.into() }
    }

    /// Returns an "invalid" error.
    pub fn invalid(detail: impl Into<String>) -> Self {
        EdgeError::Invalid { detail: detail.into() }
    }

    /// Returns a "permission denied" error for `action`, which needs `role`.
    pub fn permission_denied(action: &str, role: super::names::Role) -> Self {
        EdgeError::PermissionDenied { detail: format!("{action} needs the {role} role") }
    }

    /// Returns an internal error with its cause.
    pub fn internal(detail: impl Into<String>, source: impl Into<Cause>) -> Self {
        EdgeError::Internal { detail: detail.into(), source: Some(source.into()) }
    }

    /// Returns the problem document the HTTP API answers this error with. An internal error's cause is
    /// left out: it is for the edge's log, not for the caller.
    pub fn to_problem(&self) -> Problem {
        let (kind, detail) = match self {
            EdgeError::NotFound { detail } => (ProblemKind::NotFound, detail.clone()),
            EdgeError::Unauthenticated { detail } => (ProblemKind::Unauthenticated, detail.clone()),
            EdgeError::PermissionDenied { detail } => (ProblemKind::PermissionDenied, detail.clone()),
            EdgeError::BadRequest { detail } => (ProblemKind::BadRequest, detail.clone()),
            EdgeError::Invalid { detail } => (ProblemKind::Invalid, detail.clone()),
            EdgeError::TooLarge { detail } => (ProblemKind::TooLarge, detail.clone()),
            EdgeError::Busy { detail } => (ProblemKind::Busy, detail.clone()),
            EdgeError::Rejected { status, title, detail } => {
                return Problem {
                    kind: format!("{}rejected", ProblemKind::PREFIX),
                    title: title.clone(),
                    status: *status,
                    detail: detail.clone(),
                };
            }
            EdgeError::Internal { detail, .. } => (ProblemKind::Internal, detail.clone()),
            other => (ProblemKind::Internal, other.to_string()),
        };
        Problem::new(kind, detail)
    }

    /// Returns the error a problem document stands for.
    pub fn from_problem(problem: Problem) -> Self {
        let detail = problem.detail;
        match ProblemKind::from_type(&problem.kind) {
            Some(ProblemKind::NotFound) => EdgeError::NotFound { detail },
            Some(ProblemKind::Unauthenticated) => EdgeError::Unauthenticated { detail },
            Some(ProblemKind::PermissionDenied) => {
                let detail = detail.strip_prefix("permission denied: ").map(str::to_owned).unwrap_or(detail);
                EdgeError::PermissionDenied { detail }
            }
            Some(ProblemKind::BadRequest) => EdgeError::BadRequest { detail },
            Some(ProblemKind::Invalid) => EdgeError::Invalid { detail },
            Some(ProblemKind::TooLarge) => EdgeError::TooLarge { detail },
            Some(ProblemKind::Busy) => EdgeError::Busy { detail },
            Some(ProblemKind::Internal) => EdgeError::Internal { detail, source: None },
            None => EdgeError::Rejected { status: problem.status, title: problem.title, detail },
        }
    }
}

/// The kinds of problem the edge answers with, each with its `type` URI, title and HTTP status.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum ProblemKind {
    /// 404.
    NotFound,
    /// 401.
    Unauthenticated,
    /// 403.
    PermissionDenied,
    /// 400.
    BadRequest,
    /// 422.
    Invalid,
    /// 413.
    TooLarge,
    /// 503.
    Busy,
    /// 500.
    Internal,
}

impl ProblemKind {
    /// What every problem type of the edge starts with.
    pub const PREFIX: &'static str = "urn:oz0:problem:";

    const ALL: [ProblemKind; 8] = [
        ProblemKind::NotFound,
        ProblemKind::Unauthenticated,
        ProblemKind::PermissionDenied,
        ProblemKind::BadRequest,
        ProblemKind::Invalid,
        ProblemKind::TooLarge,
        ProblemKind::Busy,
        ProblemKind::Internal,
    ];

    /// Returns the last part of the type URI.
    pub fn slug(self) -> &'static str {
        match self {
            ProblemKind::NotFound => "not-found",
            ProblemKind::Unauthenticated => "unauthenticated",
            ProblemKind::PermissionDenied => "permission-denied",
            ProblemKind::BadRequest => "bad-request",
            ProblemKind::Invalid => "invalid",
            ProblemKind::TooLarge => "too-large",
            ProblemKind::Busy => "busy",
            ProblemKind::Internal => "internal",
        }
    }

    /// Returns the HTTP status.
    pub fn status(self) -> u16 {
        match self {
            ProblemKind::NotFound => 404,
            ProblemKind::Unauthenticated => 401,
            ProblemKind::PermissionDenied => 403,
            ProblemKind::BadRequest => 400,
            ProblemKind::Invalid => 422,
            ProblemKind::TooLarge => 413,
            ProblemKind::Busy => 503,
            ProblemKind::Internal => 500,
        }
    }

    /// Returns the title, the same for every problem of the kind.
    pub fn title(self) -> &'static str {
        match self {
            ProblemKind::NotFound => "Not found",
            ProblemKind::Unauthenticated => "Unauthenticated",
            ProblemKind::PermissionDenied => "Permission denied",
            ProblemKind::BadRequest => "Bad request",
            ProblemKind::Invalid => "Invalid request",
            ProblemKind::TooLarge => "Request too large",
            ProblemKind::Busy => "Busy",
            ProblemKind::Internal => "Internal error",
        }
    }

    /// Returns the kind whose type URI is `uri`.
    pub fn from_type(uri: &str) -> Option<Self> {
        let slug = uri.strip_prefix(Self::PREFIX)?;
        Self::ALL.into_iter().find(|kind| kind.slug() == slug)
    }
}

/// An `application/problem+json` document (RFC 9457).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Problem {
    /// The problem's type, `urn:oz0:problem:<kind>`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The kind in words.
    pub title: String,
    /// The HTTP status.
    pub status: u16,
    /// What was wrong this time, and what to do.
    pub detail: String,
}

impl Problem {
    /// The media type of problem documents.
    pub const MEDIA_TYPE: &'static str = "application/problem+json";

    /// Returns a problem of `kind`.
    pub fn new(kind: ProblemKind, detail: impl Into<String>) -> Self {
        Self {
            kind: format!("{}{}", ProblemKind::PREFIX, kind.slug()),
            title: kind.title().to_owned(),
            status: kind.status(),
            detail: detail.into(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn errors_round_trip_through_problems() {
        for err in [
            EdgeError::not_found("no tenant `x`"),
            EdgeError::invalid("0 is not a whole number"),
            EdgeError::permission_denied("changing the tenant's offload settings", super::super::Role::Admin),
            EdgeError::TooLarge { detail: "at most 4096 bytes".into() },
        ] {
            let problem = err.to_problem();
            assert!(problem.kind.starts_with("urn:oz0:problem:"));
            let back = EdgeError::from_problem(problem.clone());
            assert_eq!(back.to_string(), err.to_string());
            assert_eq!(back.to_problem(), problem);
        }
        let denied = EdgeError::permission_denied("creating a token", super::super::Role::Admin);
        assert_eq!(denied.to_string(), "permission denied: creating a token needs the admin role");
        assert_eq!(denied.to_problem().status, 403);
    }

    #[test]
    fn an_unknown_type_keeps_its_status() {
        let problem = Problem { kind: "about:blank".into(), title: "Teapot".into(), status: 418, detail: "no".into() };
        assert!(matches!(EdgeError::from_problem(problem), EdgeError::Rejected { status: 418, .. }));
    }
}
