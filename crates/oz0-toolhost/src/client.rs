//! The client side of a server's session: the capabilities oz0 declares and how it answers what a
//! server asks of it (roots, elicitation, sampling) and tells it (progress, logs), each routed to the
//! call it belongs to.
//!
//! A server of 2025-11-25 sends its requests and logs on its own, tied to no call. While it runs one
//! call they are that call's; while it runs several at once a request cannot be told apart and is
//! refused, and a log is told to each of them.

// Roots, sampling and logging are what servers of 2025-11-25 ask and tell, though 2026-07-28
// deprecates them (SEP-2577).
#![allow(deprecated)]

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};

use futures_util::future::BoxFuture;
use rmcp::ClientHandler;
use rmcp::model::{
    ClientConfig, CreateMessageRequestParams, CreateMessageResult, ElicitRequestParams, ElicitResult,
    ElicitationAction, ErrorData, ListRootsResult, LoggingMessageNotificationParam, ProgressNotificationParam,
    ProgressToken,
};
use rmcp::service::{NotificationContext, RequestContext, RoleClient};
use serde_json::{Map, Value, json};
use tokio::sync::mpsc::UnboundedSender;

use crate::progress::Tally;

/// What a server told or asked during a call, for its trace and whoever watches it.
#[derive(Debug, Clone, PartialEq)]
pub enum Event {
    /// The call's progress, as the server reported it.
    Progress {
        /// The progress so far.
        progress: f64,
        /// The whole, when the server knows it.
        total: Option<f64>,
        /// What the server is doing.
        message: Option<String>,
    },
    /// A log message the server sent.
    Log {
        /// Its level: `debug` to `emergency`.
        level: String,
        /// The logger's name, when it gave one.
        logger: Option<String>,
        /// The message.
        data: Value,
    },
    /// The server asked for a person's input.
    Elicited {
        /// What it asked.
        message: String,
        /// The answer: `accept`, `decline` or `cancel`.
        action: String,
        /// Why it was declined, when no person was asked.
        reason: Option<String>,
    },
    /// The server asked what oz0 does not answer for this call, such as a model's answer.
    Refused {
        /// The request's method.
        method: String,
        /// Why.
        reason: String,
    },
}

/// A person's answer to a server's question.
#[derive(Debug, Clone, PartialEq)]
pub enum Asked {
    /// The person answered, with values for the requested fields.
    Accept(Map<String, Value>),
    /// The person said no.
    Decline,
    /// The person dismissed the question.
    Cancel,
}

/// Asks a person on a server's behalf: the message, and the JSON Schema of the answer wanted (an
/// object of plain fields).
pub trait Ask: Send + Sync {
    /// Asks, and returns the answer.
    fn ask<'a>(&'a self, message: &'a str, schema: &'a Value) -> BoxFuture<'a, Asked>;
}

/// Why a server's request was refused: the MCP error it is answered with.
#[derive(Debug, Clone, PartialEq)]
pub struct Refusal {
    /// [`Refusal::REFUSED`], or [`Refusal::MALFORMED`] for a request that breaks the rules.
    pub code: i32,
    /// Why, for the server and its author.
    pub message: String,
    /// The error's `data`, such as `{"ai.oz0/refusal": ...}` when a budget or a quota refused it.
    pub data: Option<Value>,
}

impl Refusal {
    /// The code of a refused request.
    pub const REFUSED: i32 = -1;
    /// The code of a malformed request.
    pub const MALFORMED: i32 = -32600;

    /// Returns a refusal of code [`Refusal::REFUSED`].
    pub fn refused(message: impl Into<String>) -> Self {
        Self { code: Self::REFUSED, message: message.into(), data: None }
    }

    fn error(&self) -> ErrorData {
        ErrorData::new(rmcp::model::ErrorCode(self.code), self.message.clone(), self.data.clone())
    }
}

/// Answers a server's requests for a model's answer (MCP sampling) on behalf of a call.
pub trait Sample: Send + Sync {
    /// Answers `params`, the request's `sampling/createMessage` params as JSON, with its result as JSON.
    fn sample(&self, params: Value) -> BoxFuture<'_, Result<Value, Refusal>>;
}

/// Who hears of a call's events and answers its questions and its requests for a model.
#[derive(Clone, Default)]
pub struct Listener {
    /// Where the call's events go.
    pub events: Option<UnboundedSender<Event>>,
    /// The person to ask, for a person's own call on a terminal; `None` declines every question.
    pub ask: Option<Arc<dyn Ask>>,
    /// What answers the server's sampling requests; `None` refuses them.
    pub sample: Option<Arc<dyn Sample>>,
}

impl std::fmt::Debug for Listener {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Listener")
            .field("events", &self.events.is_some())
            .field("ask", &self.ask.is_some())
            .field("sample", &self.sample.is_some())
            .finish()
    }
}

impl Listener {
    fn tell(&self, event: Event) {
        if let Some(events) = &self.events {
            let _ = events.send(event);
        }
    }
}

/// A call running on the session; its progress token is known once its request is sent.
struct Active {
    id: u64,
    token: Option<ProgressToken>,
    listener: Listener,
}

/// The client of one server's session: what it declares, and the calls it runs.
#[derive(Clone)]
pub(crate) struct Host(Arc<Inner>);

struct Inner {
    /// The roots the server is told of, as `file://` URLs: none when its manifest and its call give
    /// none, so that a server's own configured folders are never narrowed by a root made up for it.
    roots: Vec<String>,
    /// Whether the plugin was granted models for sampling, so that sampling is declared.
    sampling: bool,
    calls: Mutex<Vec<Active>>,
    next: AtomicU64,
    /// The progress each call's server reported, as it arrived and as it was told.
    tally: Arc<Tally>,
}

/// Removes its call from the host when dropped, however the call ends.
pub(crate) struct Entered {
    host: Host,
    id: u64,
}

impl Entered {
    /// Says that the call's progress comes with `token`, which its request was sent with.
    pub(crate) fn progress_with(&self, token: ProgressToken) {
        if let Ok(mut calls) = self.host.0.calls.lock()
            && let Some(call) = calls.iter_mut().find(|call| call.id == self.id)
        {
            call.token = Some(token);
        }
    }
}

impl Drop for Entered {
    fn drop(&mut self) {
        if let Ok(mut calls) = self.host.0.calls.lock() {
            calls.retain(|call| call.id != self.id);
        }
    }
}

impl Host {
    /// Returns the client of a server told of `roots`.
    pub fn new(roots: &[PathBuf], sampling: bool) -> Self {
        let roots = roots.iter().map(|root| url_of(root)).collect();
        let calls = Mutex::new(Vec::new());
        Self(Arc::new(Inner { roots, sampling, calls, next: AtomicU64::new(0), tally: Arc::default() }))
    }

    /// Returns where the progress its servers report is counted ([`Counted`](crate::progress::Counted)).
    pub(crate) fn tally(&self) -> Arc<Tally> {
        Arc::clone(&self.0.tally)
    }

    /// Waits, for at most a second, until the progress a call's server sent before its answer was told.
    pub(crate) async fn settled(&self, token: &ProgressToken) {
        self.0.tally.settled(token, std::time::Duration::from_secs(1)).await;
    }

    /// Tells the host of a call until the guard is dropped; `Entered::progress_with` then says its
    /// progress token. A call is entered before its request is sent: over HTTP the server's requests
    /// of the call (a model's answer, a person's input) may come before the send returns.
    pub fn enter(&self, listener: Listener) -> Entered {
        let id = self.0.next.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut calls) = self.0.calls.lock() {
            calls.push(Active { id, token: None, listener });
        }
        Entered { host: self.clone(), id }
    }

    /// Returns the listener of the one call running, or why a request cannot be given to one.
    fn sole(&self) -> Result<Listener, &'static str> {
        let calls = self.0.calls.lock().map_err(|_| "the edge's state of the server is broken")?;
        match calls.as_slice() {
            [one] => Ok(one.listener.clone()),
            [] => Err("the server asked while it ran no call"),
            _ => Err(
                "the server runs several calls at once and speaks a protocol (before 2026-07-28) whose requests do \
                 not say which call they belong to",
            ),
        }
    }

    /// Puts a server's question to the call's person, or declines it saying why.
    pub async fn elicit(&self, listener: &Listener, request: ElicitRequestParams) -> ElicitResult {
        // A URL to open is asked as a question without fields: the person opens it, then says whether
        // they are done.
        let no_fields = json!({"type": "object", "properties": {}});
        let (message, schema, form) = match request {
            ElicitRequestParams::FormElicitationParams { message, requested_schema, .. } => {
                (message, serde_json::to_value(requested_schema).unwrap_or_default(), true)
            }
            ElicitRequestParams::UrlElicitationParams { message, url, .. } => {
                (format!("{message}\n  open {url}, then answer"), no_fields, false)
            }
            _ => (String::new(), no_fields, false),
        };
        let Some(ask) = listener.ask.clone() else {
            let reason = "no person is at this call to answer: it is not a person's own `oz0 tool call` on a terminal";
            listener.tell(Event::Elicited { message, action: "decline".into(), reason: Some(reason.into()) });
            return ElicitResult::new(ElicitationAction::Decline);
        };
        let (action, result) = match ask.ask(&message, &schema).await {
            Asked::Accept(content) if form => {
                ("accept", ElicitResult::new(ElicitationAction::Accept).with_content(Value::Object(content)))
            }
            Asked::Accept(_) => ("accept", ElicitResult::new(ElicitationAction::Accept)),
            Asked::Decline => ("decline", ElicitResult::new(ElicitationAction::Decline)),
            Asked::Cancel => ("cancel", ElicitResult::new(ElicitationAction::Cancel)),
        };
        listener.tell(Event::Elicited { message, action: action.into(), reason: None });
        result
    }

    /// Answers a server's request for a model's answer on behalf of the call, or refuses it.
    pub async fn sample(&self, listener: &Listener, params: Value) -> Result<Value, Refusal> {
        match &listener.sample {
            Some(sample) => sample.sample(params).await,
            None => {
                let reason = if self.0.sampling {
                    "this call is not bound to a job that may call models"
                } else {
                    "the plugin is not granted models: its manifest asks for no `requires.models.sampling`"
                };
                listener.tell(Event::Refused { method: "sampling/createMessage".into(), reason: reason.into() });
                Err(Refusal::refused(reason))
            }
        }
    }

    /// Returns the roots the server is told of, each named after its folder.
    pub fn roots(&self) -> Value {
        let roots: Vec<Value> = self
            .0
            .roots
            .iter()
            .map(|uri| {
                let name = uri.trim_end_matches('/').rsplit('/').next().unwrap_or_default();
                json!({"uri": uri, "name": name})
            })
            .collect();
        json!({"roots": roots})
    }

    fn each(&self, mut f: impl FnMut(&Active)) {
        if let Ok(calls) = self.0.calls.lock() {
            calls.iter().for_each(&mut f);
        }
    }
}

/// Returns the `file://` URL of a folder, its path's bytes percent-encoded where a URL needs it.
fn url_of(path: &Path) -> String {
    let path = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    let mut url = String::from("file://");
    for byte in path.to_string_lossy().bytes() {
        if byte.is_ascii_alphanumeric() || b"/-._~".contains(&byte) {
            url.push(char::from(byte));
        } else {
            url.push_str(&format!("%{byte:02X}"));
        }
    }
    url
}

impl ClientHandler for Host {
    fn get_info(&self) -> ClientConfig {
        let mut capabilities = json!({"elicitation": {"form": {}, "url": {}}});
        if !self.0.roots.is_empty() {
            capabilities["roots"] = json!({});
        }
        if self.0.sampling {
            capabilities["sampling"] = json!({});
        }
        let config = json!({
            "protocolVersion": crate::handshake::PREFERRED_PROTOCOL,
            "capabilities": capabilities,
            "clientInfo": {"name": "oz0", "version": env!("CARGO_PKG_VERSION")},
        });
        serde_json::from_value(config).unwrap_or_default()
    }

    async fn list_roots(&self, _: RequestContext<RoleClient>) -> Result<ListRootsResult, ErrorData> {
        serde_json::from_value(self.roots()).map_err(|err| ErrorData::internal_error(err.to_string(), None))
    }

    async fn create_elicitation(
        &self,
        request: ElicitRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<ElicitResult, ErrorData> {
        match self.sole() {
            Ok(listener) => Ok(self.elicit(&listener, request).await),
            Err(reason) => {
                tracing::info!(reason, "declined a server's request for a person's input");
                Ok(ElicitResult::new(ElicitationAction::Decline))
            }
        }
    }

    async fn create_message(
        &self,
        params: CreateMessageRequestParams,
        _: RequestContext<RoleClient>,
    ) -> Result<CreateMessageResult, ErrorData> {
        let listener = self.sole().map_err(|reason| Refusal::refused(format!("refused: {reason}")).error())?;
        let params = serde_json::to_value(params).map_err(|err| ErrorData::internal_error(err.to_string(), None))?;
        let answer = self.sample(&listener, params).await.map_err(|refusal| refusal.error())?;
        serde_json::from_value(answer).map_err(|err| ErrorData::internal_error(err.to_string(), None))
    }

    async fn on_progress(&self, params: ProgressNotificationParam, _: NotificationContext<RoleClient>) {
        self.each(|call| {
            if call.token.as_ref() == Some(&params.progress_token) {
                call.listener.tell(Event::Progress {
                    progress: params.progress,
                    total: params.total,
                    message: params.message.clone(),
                });
            }
        });
        self.0.tally.told(&params.progress_token);
    }

    async fn on_logging_message(&self, params: LoggingMessageNotificationParam, _: NotificationContext<RoleClient>) {
        let level = serde_json::to_value(params.level).ok().and_then(|l| l.as_str().map(str::to_owned));
        let level = level.unwrap_or_else(|| "info".to_owned());
        let mut told = false;
        self.each(|call| {
            told = true;
            call.listener.tell(Event::Log {
                level: level.clone(),
                logger: params.logger.clone(),
                data: params.data.clone(),
            });
        });
        if !told {
            tracing::debug!(level, data = %params.data, "a server logged while it ran no call");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_folder_becomes_a_file_url() {
        assert_eq!(url_of(Path::new("/srv/plugins/a b")), "file:///srv/plugins/a%20b");
    }

    #[test]
    fn sampling_is_declared_only_when_granted() {
        let info = |sampling| serde_json::to_value(Host::new(&[], sampling).get_info()).unwrap_or_default();
        assert!(info(false)["capabilities"].get("sampling").is_none());
        assert!(info(true)["capabilities"].get("sampling").is_some());
        assert!(info(false)["capabilities"].get("elicitation").is_some());
    }

    #[test]
    fn roots_are_declared_only_when_there_are_some() {
        let none = serde_json::to_value(Host::new(&[], false).get_info()).unwrap_or_default();
        assert!(none["capabilities"].get("roots").is_none(), "no root is made up: {none}");
        let host = Host::new(&[PathBuf::from("/srv/docs")], false);
        let info = serde_json::to_value(host.get_info()).unwrap_or_default();
        assert!(info["capabilities"].get("roots").is_some());
        assert_eq!(host.roots(), json!({"roots": [{"uri": "file:///srv/docs", "name": "docs"}]}));
    }
}
