//! The client and its endpoints.

use std::time::Duration;

use oz0_core::api::{
    Applied, AuditPage, CallAnswer, CallRequest, CreatedToken, Cursor, Edge, EdgeError, FileRef, InstallOptions,
    Installed, InstalledPlugin, Job, JobDetail, JobPage, OffloadChange, OffloadPatch, OffloadView, Problem, Status,
    StoredFile, Tenant, TokenRequest, ToolInfo, Trace, TreeId, paths,
};
use oz0_core::api::{
    Approval, Conversation, ConversationSummary, Decision, EventStream, ForkRequest, QuestionAnswer, Rule, RunEvent,
    RunRequest, SpendingLimits, UsageRecord,
};
use oz0_core::api::{Erasure, ErasureRequest, Hold, HoldRequest, PayloadKeyRotation, Retention, Scope};
use oz0_core::api::{Experiment, ExperimentReport, ExperimentRequest};
use oz0_core::offload::{Offload, Threshold};
use reqwest::{Method, StatusCode, header};
use serde::de::DeserializeOwned;
use sha2::{Digest, Sha256};

/// How patiently the client talks to the edge.
#[derive(Debug, Clone, Copy)]
pub struct Options {
    /// The most time to open a connection.
    pub connect_timeout: Duration,
    /// The most time for a whole request and its answer.
    pub timeout: Duration,
    /// The most time for a request that sends or receives a file.
    pub file_timeout: Duration,
    /// How many times a read is tried again after a failed connection or a 502, 503 or 504.
    pub retries: u32,
}

impl Default for Options {
    fn default() -> Self {
        Self {
            connect_timeout: Duration::from_secs(5),
            timeout: Duration::from_secs(30),
            file_timeout: Duration::from_secs(300),
            retries: 2,
        }
    }
}

/// The edge at a URL, as the bearer of a token sees it.
#[derive(Debug, Clone)]
pub struct Client {
    http: reqwest::Client,
    base: String,
    token: Option<String>,
    options: Options,
}

/// A request's body.
enum Body {
    None,
    Json(&'static str, Vec<u8>),
    Bytes(Vec<u8>),
    /// A plugin's packed folder, and the secrets given to it, already encoded for their header.
    Tar(Vec<u8>, Option<String>),
}

/// How long a request may take.
#[derive(Clone, Copy)]
enum Wait {
    /// The timeout its kind gets: a file's, or any other's.
    Usual,
    /// As long as the edge takes: a tool call, which the edge bounds by the tool's own timeout.
    Unbounded,
}

impl Client {
    /// Returns a client of the edge at `base` (`http://` or `https://`), sending `token` as a bearer
    /// token.
    pub fn new(base: &str, token: Option<String>) -> Result<Self, EdgeError> {
        Self::with_options(base, token, Options::default())
    }

    /// Returns a client with `options`.
    pub fn with_options(base: &str, token: Option<String>, options: Options) -> Result<Self, EdgeError> {
        let base = base.trim().trim_end_matches('/').to_owned();
        let bad = |why: &str| EdgeError::BadRequest { detail: format!("`{base}` is not an edge's address: {why}") };
        let url = reqwest::Url::parse(&base).map_err(|err| bad(&err.to_string()))?;
        if !matches!(url.scheme(), "http" | "https") {
            return Err(bad("it must start with http:// or https://"));
        }
        if url.query().is_some() || url.fragment().is_some() {
            return Err(bad("it must have no query or fragment"));
        }
        // TLS is rustls on ring, installed as the process's provider (the first to do so wins).
        let _ = rustls::crypto::ring::default_provider().install_default();
        let http = reqwest::Client::builder()
            .connect_timeout(options.connect_timeout)
            .user_agent(concat!("oz0/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|err| EdgeError::internal("could not set up the HTTP client", err))?;
        Ok(Self { http, base, token, options })
    }

    /// Returns the edge's address.
    pub fn base(&self) -> &str {
        &self.base
    }

    fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// Sends a request, trying a read again when the connection fails or the edge is briefly unavailable,
    /// and returns the answer when it is a success.
    async fn send(&self, method: Method, path: &str, body: Body) -> Result<reqwest::Response, EdgeError> {
        self.send_waiting(method, path, body, Wait::Usual).await
    }

    async fn send_waiting(
        &self,
        method: Method,
        path: &str,
        body: Body,
        wait: Wait,
    ) -> Result<reqwest::Response, EdgeError> {
        let idempotent = method == Method::GET;
        let upload = matches!(body, Body::Bytes(_) | Body::Tar(..));
        let timeout = if matches!(body, Body::Bytes(_) | Body::Tar(..)) || path.contains("/files/") {
            self.options.file_timeout
        } else {
            self.options.timeout
        };
        let url = self.url(path);
        let mut attempt = 0;
        loop {
            let mut request = self.http.request(method.clone(), &url);
            if let Wait::Usual = wait {
                request = request.timeout(timeout);
            }
            if let Some(token) = &self.token {
                request = request.bearer_auth(token);
            }
            request = match &body {
                Body::None => request,
                Body::Json(media, bytes) => request.header(header::CONTENT_TYPE, *media).body(bytes.clone()),
                Body::Bytes(bytes) => {
                    request.header(header::CONTENT_TYPE, "application/octet-stream").body(bytes.clone())
                }
                Body::Tar(bytes, secrets) => {
                    if let Some(secrets) = secrets {
                        request = request.header(paths::SECRETS_HEADER, secrets);
                    }
                    request.header(header::CONTENT_TYPE, "application/x-tar").body(bytes.clone())
                }
            };
            let retry = idempotent && attempt < self.options.retries;
            match request.send().await {
                Ok(response) if response.status().is_success() => return Ok(response),
                // An upload the edge answered busy (no room for it, or its store was busy) is sent again:
                // storing a file or installing a plugin twice comes to the same. A call is not, as a
                // busy store may answer after the tool ran.
                Ok(response) if upload && attempt < self.options.retries && edge_busy(&response) => {}
                Ok(response)
                    if retry
                        && matches!(
                            response.status(),
                            StatusCode::BAD_GATEWAY | StatusCode::SERVICE_UNAVAILABLE | StatusCode::GATEWAY_TIMEOUT
                        ) => {}
                Ok(response) => return Err(self.problem(response).await),
                Err(err) if retry && (err.is_connect() || err.is_timeout()) => {}
                Err(err) => return Err(self.transport(err, timeout)),
            }
            attempt += 1;
            tokio::time::sleep(Duration::from_millis(100 * 3u64.pow(attempt - 1))).await;
        }
    }

    fn transport(&self, err: reqwest::Error, timeout: Duration) -> EdgeError {
        if err.is_timeout() {
            EdgeError::Timeout { url: self.base.clone(), seconds: timeout.as_secs() }
        } else if err.is_connect() {
            EdgeError::Unreachable { url: self.base.clone(), source: Box::new(err.without_url()) }
        } else if err.is_request() || err.is_body() {
            // The request was sent, and its connection closed before a whole answer came.
            EdgeError::WentAway { url: self.base.clone(), source: Box::new(err.without_url()) }
        } else {
            EdgeError::Protocol { url: self.base.clone(), source: Box::new(err.without_url()) }
        }
    }

    /// Reads an error answer: a problem document when the edge sent one.
    async fn problem(&self, response: reqwest::Response) -> EdgeError {
        let status = response.status();
        let is_problem = is_problem(&response);
        let bytes = response.bytes().await.unwrap_or_default();
        if is_problem && let Ok(problem) = serde_json::from_slice::<Problem>(&bytes) {
            return EdgeError::from_problem(problem);
        }
        let text = String::from_utf8_lossy(&bytes[..bytes.len().min(200)]).trim().to_owned();
        EdgeError::Protocol {
            url: self.base.clone(),
            source: format!(
                "it answered {status} with {}",
                if text.is_empty() { "nothing".to_owned() } else { format!("`{text}`") }
            )
            .into(),
        }
    }

    async fn json<T: DeserializeOwned>(&self, response: reqwest::Response) -> Result<T, EdgeError> {
        let bytes = response.bytes().await.map_err(|err| self.transport(err, self.options.timeout))?;
        serde_json::from_slice(&bytes)
            .map_err(|err| EdgeError::Protocol { url: self.base.clone(), source: Box::new(err) })
    }

    async fn get<T: DeserializeOwned>(&self, path: &str) -> Result<T, EdgeError> {
        let response = self.send(Method::GET, path, Body::None).await?;
        self.json(response).await
    }

    async fn with_json<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        media: &'static str,
        body: &impl serde::Serialize,
    ) -> Result<T, EdgeError> {
        let bytes = serde_json::to_vec(body).map_err(|err| EdgeError::internal("could not write the request", err))?;
        let response = self.send(method, path, Body::Json(media, bytes)).await?;
        self.json(response).await
    }
}

fn job_path(path: &str, job: &TreeId) -> String {
    paths::fill(path, &[("job", job.as_str())])
}

fn tenant_path(path: &str, tenant: &Tenant) -> String {
    paths::fill(path, &[("tenant", tenant.segment())])
}

/// Returns the `after` parameter of a page's query, to follow `&limit=N`; a cursor's characters need no
/// percent-encoding.
fn after_query(after: Option<&Cursor>) -> String {
    after.map(|cursor| format!("&after={cursor}")).unwrap_or_default()
}

impl Edge for Client {
    async fn status(&self) -> Result<Status, EdgeError> {
        self.get(paths::STATUS).await
    }

    async fn offload(&self, tenant: &Tenant) -> Result<OffloadView, EdgeError> {
        self.get(&tenant_path(paths::OFFLOAD, tenant)).await
    }

    async fn set_offload(&self, tenant: &Tenant, patch: &OffloadPatch) -> Result<OffloadChange, EdgeError> {
        let path = tenant_path(paths::OFFLOAD, tenant);
        self.with_json(Method::PATCH, &path, "application/merge-patch+json", patch).await
    }

    async fn threshold(&self, tenant: &Tenant, agent: Option<Offload>) -> Result<Threshold, EdgeError> {
        let mut path = tenant_path(paths::THRESHOLD, tenant);
        if let Some(agent) = agent {
            path.push_str(&format!("?offload={agent}"));
        }
        self.get(&path).await
    }

    async fn audit(&self, tenant: &Tenant, limit: u32, after: Option<&Cursor>) -> Result<AuditPage, EdgeError> {
        self.get(&format!("{}?limit={limit}{}", tenant_path(paths::AUDIT, tenant), after_query(after))).await
    }

    async fn create_token(&self, request: &TokenRequest) -> Result<CreatedToken, EdgeError> {
        self.with_json(Method::POST, paths::TOKENS, "application/json", request).await
    }

    async fn put_file(&self, tenant: &Tenant, tree: &TreeId, bytes: Vec<u8>) -> Result<StoredFile, EdgeError> {
        let path = paths::fill(paths::FILES, &[("tenant", tenant.segment()), ("tree", tree.as_str())]);
        let response = self.send(Method::POST, &path, Body::Bytes(bytes)).await?;
        self.json(response).await
    }

    async fn get_file(&self, tenant: &Tenant, tree: &TreeId, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
        let reference = file.to_string();
        let path =
            paths::fill(paths::FILE, &[("tenant", tenant.segment()), ("tree", tree.as_str()), ("file", &reference)]);
        self.verified_file(&path, file).await
    }

    async fn install_plugin(&self, archive: Vec<u8>, options: &InstallOptions) -> Result<Installed, EdgeError> {
        let mut path = format!("{}?accept_model={}", paths::PLUGINS, options.accept_model);
        if !options.models.is_empty() {
            // Aliases are letters, digits and `. _ -`: nothing to encode.
            let pairs: Vec<String> = options.models.iter().map(|(own, edge)| format!("{own}:{edge}")).collect();
            path.push_str(&format!("&models={}", pairs.join(",")));
        }
        let secrets = if options.secrets.is_empty() {
            None
        } else {
            use base64::Engine as _;
            let json = serde_json::to_vec(&options.secrets)
                .map_err(|err| EdgeError::internal("could not write the request", err))?;
            Some(base64::engine::general_purpose::STANDARD.encode(json))
        };
        let response = self.send(Method::POST, &path, Body::Tar(archive, secrets)).await?;
        self.json(response).await
    }

    async fn plugins(&self) -> Result<Vec<InstalledPlugin>, EdgeError> {
        self.get(paths::PLUGINS).await
    }

    async fn remove_plugin(&self, name: &str) -> Result<InstalledPlugin, EdgeError> {
        let path = paths::fill(paths::PLUGIN, &[("plugin", &segment(name))]);
        let response = self.send(Method::DELETE, &path, Body::None).await?;
        self.json(response).await
    }

    async fn tool(&self, id: &str) -> Result<ToolInfo, EdgeError> {
        self.get(&paths::fill(paths::TOOL, &[("tool", &segment(id))])).await
    }

    async fn call_tool(&self, request: &CallRequest) -> Result<CallAnswer, EdgeError> {
        let bytes =
            serde_json::to_vec(request).map_err(|err| EdgeError::internal("could not write the request", err))?;
        let body = Body::Json("application/json", bytes);
        let response = self.send_waiting(Method::POST, paths::CALLS, body, Wait::Unbounded).await?;
        self.json(response).await
    }

    async fn cancel_job(&self, id: &TreeId) -> Result<Job, EdgeError> {
        let response = self.send(Method::POST, &job_path(paths::JOB_CANCEL, id), Body::None).await?;
        self.json(response).await
    }

    async fn jobs(&self, limit: u32, after: Option<&Cursor>) -> Result<JobPage, EdgeError> {
        self.get(&format!("{}?limit={limit}{}", paths::JOBS, after_query(after))).await
    }

    async fn job(&self, id: &TreeId) -> Result<JobDetail, EdgeError> {
        self.get(&job_path(paths::JOB, id)).await
    }

    async fn trace(&self, id: &TreeId, after: u32, limit: u32) -> Result<Trace, EdgeError> {
        self.get(&format!("{}?after={after}&limit={limit}", job_path(paths::JOB_TRACE, id))).await
    }

    async fn job_file(&self, id: &TreeId, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
        let reference = file.to_string();
        let path = paths::fill(paths::JOB_FILE, &[("job", id.as_str()), ("file", &reference)]);
        self.verified_file(&path, file).await
    }

    async fn apply_definition(&self, definition: &oz0_core::agent::Definition) -> Result<Applied, EdgeError> {
        self.with_json(Method::POST, paths::DEFINITIONS, "application/json", definition).await
    }

    async fn definitions(&self) -> Result<Vec<oz0_core::agent::Definition>, EdgeError> {
        self.get(paths::DEFINITIONS).await
    }

    async fn start_run(&self, request: &RunRequest) -> Result<Job, EdgeError> {
        self.with_json(Method::POST, paths::RUNS, "application/json", request).await
    }

    async fn conversations(&self, limit: u32) -> Result<Vec<ConversationSummary>, EdgeError> {
        self.get(&format!("{}?limit={limit}", paths::CONVERSATIONS)).await
    }

    async fn conversation(&self, id: &TreeId) -> Result<Conversation, EdgeError> {
        self.get(&paths::fill(paths::CONVERSATION, &[("conversation", id.as_str())])).await
    }

    async fn fork_conversation(&self, id: &TreeId, fork: &ForkRequest) -> Result<Conversation, EdgeError> {
        let path = paths::fill(paths::CONVERSATION_FORK, &[("conversation", id.as_str())]);
        self.with_json(Method::POST, &path, "application/json", fork).await
    }

    async fn step_result(&self, id: &TreeId, step: u32) -> Result<serde_json::Value, EdgeError> {
        self.get(&paths::fill(paths::STEP_RESULT, &[("job", id.as_str()), ("step", &step.to_string())])).await
    }

    async fn history(&self, id: &TreeId) -> Result<oz0_core::api::JobHistory, EdgeError> {
        self.get(&job_path(paths::JOB_HISTORY, id)).await
    }

    async fn start_experiment(&self, request: &ExperimentRequest) -> Result<Experiment, EdgeError> {
        self.with_json(Method::POST, paths::EXPERIMENTS, "application/json", request).await
    }

    async fn experiments(&self, limit: u32) -> Result<Vec<Experiment>, EdgeError> {
        self.get(&format!("{}?limit={limit}", paths::EXPERIMENTS)).await
    }

    async fn experiment(&self, id: &TreeId) -> Result<ExperimentReport, EdgeError> {
        self.get(&paths::fill(paths::EXPERIMENT, &[("experiment", id.as_str())])).await
    }

    async fn cancel_experiment(&self, id: &TreeId) -> Result<Experiment, EdgeError> {
        let path = paths::fill(paths::EXPERIMENT_CANCEL, &[("experiment", id.as_str())]);
        let response = self.send(Method::POST, &path, Body::None).await?;
        self.json(response).await
    }

    async fn events(&self, id: &TreeId, after: u32) -> Result<EventStream, EdgeError> {
        let path = format!("{}?after={after}", job_path(paths::JOB_EVENTS, id));
        let mut response = self.send_waiting(Method::GET, &path, Body::None, Wait::Unbounded).await?;
        let (sender, receiver) = tokio::sync::mpsc::channel(64);
        let base = self.base.clone();
        tokio::spawn(async move {
            let mut buffer = String::new();
            loop {
                let chunk = match response.chunk().await {
                    Ok(Some(chunk)) => chunk,
                    Ok(None) => return,
                    Err(err) => {
                        let source = Box::new(err.without_url());
                        let _ = sender.send(Err(EdgeError::Protocol { url: base.clone(), source })).await;
                        return;
                    }
                };
                buffer.push_str(&String::from_utf8_lossy(&chunk));
                for (name, data) in take_events(&mut buffer) {
                    let event = match name.as_str() {
                        "error" => match serde_json::from_str::<Problem>(&data) {
                            Ok(problem) => Err(EdgeError::from_problem(problem)),
                            Err(err) => Err(EdgeError::Protocol { url: base.clone(), source: Box::new(err) }),
                        },
                        _ => serde_json::from_str::<RunEvent>(&data)
                            .map_err(|err| EdgeError::Protocol { url: base.clone(), source: Box::new(err) }),
                    };
                    let done = matches!(event, Ok(RunEvent::Done { .. }) | Err(_));
                    if sender.send(event).await.is_err() || done {
                        return;
                    }
                }
            }
        });
        Ok(Box::pin(Events(receiver)))
    }

    async fn usage(&self, since_ms: Option<u64>, until_ms: Option<u64>) -> Result<Vec<UsageRecord>, EdgeError> {
        let instant = |ms: u64| oz0_core::manifest::rfc3339(ms / 1000);
        let mut query = Vec::new();
        if let Some(ms) = since_ms {
            query.push(format!("since={}", instant(ms)));
        }
        if let Some(ms) = until_ms {
            query.push(format!("until={}", instant(ms)));
        }
        self.get(&format!("{}?{}", paths::USAGE, query.join("&"))).await
    }

    async fn rules(&self) -> Result<Vec<Rule>, EdgeError> {
        self.get(paths::POLICY).await
    }

    async fn set_rule(&self, rule: &Rule) -> Result<Option<Rule>, EdgeError> {
        self.with_json(Method::PUT, paths::POLICY, "application/json", rule).await
    }

    async fn remove_rule(&self, pattern: &str) -> Result<Rule, EdgeError> {
        let path = paths::fill(paths::POLICY_RULE, &[("pattern", &segment(pattern))]);
        let response = self.send(Method::DELETE, &path, Body::None).await?;
        self.json(response).await
    }

    async fn approvals(&self, all: bool) -> Result<Vec<Approval>, EdgeError> {
        self.get(&format!("{}?all={all}", paths::APPROVALS)).await
    }

    async fn approval(&self, id: u64) -> Result<Approval, EdgeError> {
        self.get(&paths::fill(paths::APPROVAL, &[("approval", &id.to_string())])).await
    }

    async fn decide(&self, id: u64, decision: &Decision) -> Result<Approval, EdgeError> {
        let path = paths::fill(paths::APPROVAL, &[("approval", &id.to_string())]);
        self.with_json(Method::POST, &path, "application/json", decision).await
    }

    async fn limits(&self, tenant: &Tenant) -> Result<SpendingLimits, EdgeError> {
        self.get(&tenant_path(paths::LIMITS, tenant)).await
    }

    async fn set_limits(&self, tenant: &Tenant, limits: &SpendingLimits) -> Result<SpendingLimits, EdgeError> {
        self.with_json(Method::PUT, &tenant_path(paths::LIMITS, tenant), "application/json", limits).await
    }

    async fn retention(&self, tenant: &Tenant) -> Result<Retention, EdgeError> {
        self.get(&tenant_path(paths::RETENTION, tenant)).await
    }

    async fn set_retention(&self, tenant: &Tenant, retention: &Retention) -> Result<Retention, EdgeError> {
        self.with_json(Method::PUT, &tenant_path(paths::RETENTION, tenant), "application/json", retention).await
    }

    async fn rotate_payload_key(&self, tenant: &Tenant) -> Result<PayloadKeyRotation, EdgeError> {
        let response = self.send(Method::POST, &tenant_path(paths::PAYLOAD_KEYS, tenant), Body::None).await?;
        self.json(response).await
    }

    async fn data_rules(&self, tenant: &Tenant) -> Result<oz0_core::api::DataRules, EdgeError> {
        self.get(&tenant_path(paths::DATA_RULES, tenant)).await
    }

    async fn set_data_rules(
        &self,
        tenant: &Tenant,
        rules: &oz0_core::api::DataRules,
    ) -> Result<oz0_core::api::DataRules, EdgeError> {
        self.with_json(Method::PUT, &tenant_path(paths::DATA_RULES, tenant), "application/json", rules).await
    }

    async fn quotas(&self, tenant: &Tenant) -> Result<oz0_core::api::Quotas, EdgeError> {
        self.get(&tenant_path(paths::QUOTAS, tenant)).await
    }

    async fn set_quotas(
        &self,
        tenant: &Tenant,
        quotas: &oz0_core::api::Quotas,
    ) -> Result<oz0_core::api::Quotas, EdgeError> {
        self.with_json(Method::PUT, &tenant_path(paths::QUOTAS, tenant), "application/json", quotas).await
    }

    async fn holds(&self, all: bool) -> Result<Vec<Hold>, EdgeError> {
        self.get(&format!("{}?all={all}", paths::HOLDS)).await
    }

    async fn create_hold(&self, request: &HoldRequest) -> Result<Hold, EdgeError> {
        self.with_json(Method::POST, paths::HOLDS, "application/json", request).await
    }

    async fn release_hold(&self, id: u64) -> Result<Hold, EdgeError> {
        let path = paths::fill(paths::HOLD_RELEASE, &[("hold", &id.to_string())]);
        let response = self.send(Method::POST, &path, Body::None).await?;
        self.json(response).await
    }

    async fn erase(&self, scope: &Scope) -> Result<Erasure, EdgeError> {
        let body = ErasureRequest { scope: scope.clone() };
        self.with_json(Method::POST, paths::ERASURES, "application/json", &body).await
    }

    async fn answer(&self, id: &TreeId, question: u32, answer: &QuestionAnswer) -> Result<(), EdgeError> {
        let path = paths::fill(paths::JOB_QUESTION, &[("job", id.as_str()), ("question", &question.to_string())]);
        let bytes =
            serde_json::to_vec(answer).map_err(|err| EdgeError::internal("could not write the request", err))?;
        self.send(Method::POST, &path, Body::Json("application/json", bytes)).await?;
        Ok(())
    }
}

/// The receiving end of a channel of events, as a stream.
struct Events(tokio::sync::mpsc::Receiver<Result<RunEvent, EdgeError>>);

impl futures_core::Stream for Events {
    type Item = Result<RunEvent, EdgeError>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        self.0.poll_recv(cx)
    }
}

/// Reads server-sent events: returns each whole event's name and data from the front of `buffer`,
/// leaving a partial one there.
fn take_events(buffer: &mut String) -> Vec<(String, String)> {
    let mut out = Vec::new();
    while let Some(end) = buffer.find("\n\n") {
        let frame: String = buffer.drain(..end + 2).collect();
        let (mut name, mut data) = (String::from("message"), Vec::new());
        for line in frame.lines() {
            if let Some(value) = line.strip_prefix("event:") {
                name = value.trim().to_owned();
            } else if let Some(value) = line.strip_prefix("data:") {
                data.push(value.strip_prefix(' ').unwrap_or(value).to_owned());
            }
        }
        if !data.is_empty() {
            out.push((name, data.join("\n")));
        }
    }
    out
}

/// Returns `name` percent-encoded for a path segment: names of plugins and tools need none, but a
/// mistyped one must not change the path.
fn segment(name: &str) -> String {
    let mut out = String::with_capacity(name.len());
    for byte in name.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

impl Client {
    /// Reads a file and checks that its bytes have the digest its reference names.
    async fn verified_file(&self, path: &str, file: &FileRef) -> Result<Vec<u8>, EdgeError> {
        let response = self.send(Method::GET, path, Body::None).await?;
        let bytes = response.bytes().await.map_err(|err| self.transport(err, self.options.file_timeout))?;
        let digest: [u8; 32] = Sha256::digest(&bytes).into();
        if digest != *file.digest() {
            return Err(EdgeError::Protocol {
                url: self.base.clone(),
                source: format!("the bytes it sent for {file} have another digest").into(),
            });
        }
        Ok(bytes.to_vec())
    }
}

/// Returns whether an answer is the edge's own "busy" problem: a 503 with a problem document, where a
/// proxy's 503 has none.
fn edge_busy(response: &reqwest::Response) -> bool {
    response.status() == StatusCode::SERVICE_UNAVAILABLE && is_problem(response)
}

/// Returns whether an answer carries a problem document.
fn is_problem(response: &reqwest::Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with(Problem::MEDIA_TYPE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn server_sent_events_are_read_whole() {
        let mut buffer = String::from("event: step\ndata: {\"a\":1}\n\n: keep-alive\n\nevent: done\ndata: x");
        assert_eq!(take_events(&mut buffer), [("step".to_owned(), "{\"a\":1}".to_owned())]);
        buffer.push_str("\n\n");
        assert_eq!(take_events(&mut buffer), [("done".to_owned(), "x".to_owned())]);
        assert!(buffer.is_empty());
    }

    #[test]
    fn addresses_are_checked() {
        assert!(Client::new("http://127.0.0.1:7370/", None).is_ok());
        assert_eq!(Client::new("http://127.0.0.1:7370/", None).unwrap().base(), "http://127.0.0.1:7370");
        for bad in ["127.0.0.1:7370", "ftp://host", "http://host/?a=1", "not a url"] {
            assert!(Client::new(bad, None).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn nothing_listening_is_unreachable_after_retries() {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let address = listener.local_addr().unwrap();
        drop(listener);
        let options = Options { retries: 1, ..Options::default() };
        let client = Client::with_options(&format!("http://{address}"), None, options).unwrap();
        let err = client.status().await.unwrap_err();
        assert!(matches!(err, EdgeError::Unreachable { .. }), "{err:?}");
        assert_eq!(err.to_string(), format!("no edge answers at http://{address}"));
    }

    #[tokio::test]
    async fn a_non_api_answer_is_a_protocol_error() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move {
            let (mut socket, _) = listener.accept().await.unwrap();
            let mut buffer = [0u8; 1024];
            let _ = socket.read(&mut buffer).await;
            let answer = "HTTP/1.1 404 Not Found\r\ncontent-type: text/html\r\ncontent-length: 9\r\n\r\n<h1>x</h1";
            let _ = socket.write_all(answer.as_bytes()).await;
        });
        let client = Client::new(&format!("http://{address}"), None).unwrap();
        let err = client.status().await.unwrap_err();
        assert!(matches!(err, EdgeError::Protocol { .. }), "{err:?}");
    }
}
