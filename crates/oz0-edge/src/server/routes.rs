//! The API's handlers: each reads its request, asks the caller's edge once, and answers.

use axum::Json;
use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};
use oz0_core::api::{
    Applied, AuditPage, CallAnswer, CallRequest, CreatedToken, Cursor, Edge, EdgeError, FileRef, InstallOptions,
    Installed, InstalledPlugin, Job, JobDetail, JobPage, JobState, OffloadChange, OffloadPatch, OffloadView,
    QuestionAnswer, RunEvent, RunRequest, Status, StoredFile, Tenant, TokenRequest, ToolInfo, Trace, TreeId,
};
use oz0_core::api::{
    Approval, Conversation, ConversationSummary, Decision, ForkRequest, Rule, SpendingLimits, UsageRecord,
};
use oz0_core::api::{Erasure, ErasureRequest, Hold, HoldRequest, PayloadKeyRotation, Retention};
use oz0_core::api::{Experiment, ExperimentReport, ExperimentRequest};
use oz0_core::offload::{Offload, Threshold};
use serde::Deserialize;

use super::extract::{Caller, JsonBody, PathOf, QueryOf, RawBody, Uploader, tree};
use super::problem::ApiError;
use crate::state::NO_TENANT;

/// Reads a tenant from a path: a name that is not valid names no tenant, and answers as one.
fn tenant(segment: &str) -> Result<Tenant, ApiError> {
    segment.parse().map_err(|_| ApiError(EdgeError::not_found(NO_TENANT)))
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

/// The query of a list read a page at a time: the audit log's, the jobs'.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PageQuery {
    /// How many items, newest first; left out, the list's own default.
    limit: Option<u32>,
    /// The `next` of the page before; left out, the page starts from the newest.
    after: Option<Cursor>,
}

pub async fn audit(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    QueryOf(query): QueryOf<PageQuery>,
) -> Result<Json<AuditPage>, ApiError> {
    Ok(Json(edge.audit(&tenant(&segment)?, query.limit.unwrap_or(100), query.after.as_ref()).await?))
}

pub async fn create_token(
    Caller(edge): Caller,
    JsonBody(request): JsonBody<TokenRequest>,
) -> Result<(StatusCode, Json<CreatedToken>), ApiError> {
    Ok((StatusCode::CREATED, Json(edge.create_token(&request).await?)))
}

pub async fn put_file(
    Uploader(edge): Uploader<false>,
    PathOf((segment, tree_id)): PathOf<(String, String)>,
    RawBody(bytes, _room): RawBody,
) -> Result<(StatusCode, Json<StoredFile>), ApiError> {
    let (tenant, tree) = (tenant(&segment)?, tree(&tree_id)?);
    Ok((StatusCode::CREATED, Json(edge.put_file(&tenant, &tree, Vec::from(bytes)).await?)))
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
    Ok(file_response(bytes, &file))
}

/// The query of the install endpoint.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct InstallQuery {
    /// Whether the tenant grants the models the plugin declares.
    #[serde(default)]
    accept_model: bool,
    /// The edge's alias for each of the plugin's own, `own:edge` pairs separated by commas.
    #[serde(default)]
    models: Option<String>,
}

pub async fn install_plugin(
    Uploader(edge): Uploader<true>,
    QueryOf(query): QueryOf<InstallQuery>,
    headers: axum::http::HeaderMap,
    RawBody(bytes, _room): RawBody,
) -> Result<(StatusCode, Json<Installed>), ApiError> {
    let secrets = match headers.get(oz0_core::api::paths::SECRETS_HEADER) {
        None => Default::default(),
        Some(value) => {
            use base64::Engine as _;
            let bad = |why: String| {
                ApiError(EdgeError::BadRequest {
                    detail: format!("the `{}` header {why}", oz0_core::api::paths::SECRETS_HEADER),
                })
            };
            let json = base64::engine::general_purpose::STANDARD
                .decode(value.as_bytes())
                .map_err(|err| bad(format!("is not base64: {err}")))?;
            serde_json::from_slice(&json).map_err(|err| bad(format!("is not a JSON object of strings: {err}")))?
        }
    };
    let mut models = std::collections::BTreeMap::new();
    for pair in query.models.iter().flat_map(|m| m.split(',')).filter(|p| !p.is_empty()) {
        let bad = || {
            ApiError(EdgeError::BadRequest {
                detail: format!("`models` takes own:edge pairs, and `{pair}` is not one"),
            })
        };
        let (own, edge) = pair.split_once(':').ok_or_else(bad)?;
        models.insert(own.to_owned(), edge.to_owned());
    }
    let options = InstallOptions { accept_model: query.accept_model, secrets, models };
    Ok((StatusCode::CREATED, Json(edge.install_plugin(Vec::from(bytes), &options).await?)))
}

pub async fn plugins(Caller(edge): Caller) -> Result<Json<Vec<InstalledPlugin>>, ApiError> {
    Ok(Json(edge.plugins().await?))
}

pub async fn remove_plugin(
    Caller(edge): Caller,
    PathOf(name): PathOf<String>,
) -> Result<Json<InstalledPlugin>, ApiError> {
    Ok(Json(edge.remove_plugin(&name).await?))
}

pub async fn tool(Caller(edge): Caller, PathOf(id): PathOf<String>) -> Result<Json<ToolInfo>, ApiError> {
    Ok(Json(edge.tool(&id).await?))
}

/// Ends the job of a call as cancelled when its request goes away before the call ends: the call's
/// server is ended with the request's future, and the job must not stay running.
struct CancelOnDrop {
    edge: Option<crate::LocalEdge>,
    job: TreeId,
}

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        let Some(edge) = self.edge.take() else { return };
        let job = self.job.clone();
        tokio::task::spawn_blocking(move || {
            let tenant = &edge.principal().tenant;
            if let Err(err) = edge.state().end_job(tenant, &job, JobState::Cancelled, Some("the caller went away")) {
                tracing::error!(%job, error = &err as &dyn std::error::Error, "the job could not be ended");
            }
        });
    }
}

pub async fn call_tool(
    Caller(edge): Caller,
    JsonBody(mut request): JsonBody<CallRequest>,
) -> Result<Json<CallAnswer>, ApiError> {
    let job = match &request.job {
        Some(job) => job.clone(),
        None => crate::calls::new_job_id()?,
    };
    request.job = Some(job.clone());
    let known = edge
        .state()
        .blocking(edge.principal(), {
            let job = job.clone();
            move |state, principal| Ok(state.store().job(&principal.tenant, &job)?)
        })
        .await?;
    // A call that follows a job already known does not end it.
    let mut guard = CancelOnDrop { edge: known.is_none().then(|| edge.clone()), job };
    let answer = edge.call_tool(&request).await;
    guard.edge = None;
    Ok(Json(answer?))
}

pub async fn jobs(Caller(edge): Caller, QueryOf(query): QueryOf<PageQuery>) -> Result<Json<JobPage>, ApiError> {
    Ok(Json(edge.jobs(query.limit.unwrap_or(50), query.after.as_ref()).await?))
}

pub async fn job(Caller(edge): Caller, PathOf(id): PathOf<String>) -> Result<Json<JobDetail>, ApiError> {
    Ok(Json(edge.job(&tree(&id)?).await?))
}

pub async fn cancel_job(Caller(edge): Caller, PathOf(id): PathOf<String>) -> Result<Json<Job>, ApiError> {
    Ok(Json(edge.cancel_job(&tree(&id)?).await?))
}

/// The query of the trace endpoint: a page of steps.
#[derive(Debug, Deserialize)]
pub struct TraceQuery {
    after: Option<u32>,
    limit: Option<u32>,
}

pub async fn trace(
    Caller(edge): Caller,
    PathOf(id): PathOf<String>,
    QueryOf(query): QueryOf<TraceQuery>,
) -> Result<Json<Trace>, ApiError> {
    let limit = query.limit.unwrap_or(oz0_core::api::MAX_TRACE_STEPS);
    Ok(Json(edge.trace(&tree(&id)?, query.after.unwrap_or(0), limit).await?))
}

pub async fn job_file(
    Caller(edge): Caller,
    PathOf((id, file)): PathOf<(String, String)>,
) -> Result<Response, ApiError> {
    let file: FileRef = file
        .parse()
        .map_err(|err: oz0_core::api::NameError| ApiError(EdgeError::BadRequest { detail: err.to_string() }))?;
    let bytes = edge.job_file(&tree(&id)?, &file).await?;
    Ok(file_response(bytes, &file))
}

fn file_response(bytes: Vec<u8>, file: &FileRef) -> Response {
    let mut response = bytes.into_response();
    response.headers_mut().insert(header::CONTENT_TYPE, HeaderValue::from_static("application/octet-stream"));
    if let Ok(etag) = HeaderValue::from_str(&format!("\"sha256:{}\"", file.hex())) {
        response.headers_mut().insert(header::ETAG, etag);
    }
    response
}

pub async fn apply_definition(
    Caller(edge): Caller,
    JsonBody(definition): JsonBody<oz0_core::agent::Definition>,
) -> Result<Json<Applied>, ApiError> {
    Ok(Json(edge.apply_definition(&definition).await?))
}

pub async fn definitions(Caller(edge): Caller) -> Result<Json<Vec<oz0_core::agent::Definition>>, ApiError> {
    Ok(Json(edge.definitions().await?))
}

pub async fn start_run(
    Caller(edge): Caller,
    JsonBody(request): JsonBody<RunRequest>,
) -> Result<(StatusCode, Json<Job>), ApiError> {
    Ok((StatusCode::ACCEPTED, Json(edge.start_run(&request).await?)))
}

/// The query of the events endpoint.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EventsQuery {
    /// The last step already seen; left out, none.
    after: Option<u32>,
}

/// Streams a job's events as server-sent events: `step` for each step, `done` at the end, each with
/// its JSON as data.
pub async fn events(
    Caller(edge): Caller,
    PathOf(id): PathOf<String>,
    QueryOf(query): QueryOf<EventsQuery>,
) -> Result<Response, ApiError> {
    use axum::response::sse::{KeepAlive, Sse};
    let stream = edge.events(&tree(&id)?, query.after.unwrap_or(0)).await?;
    let stream = SseStream(stream);
    Ok(Sse::new(stream).keep_alive(KeepAlive::default()).into_response())
}

/// A job's events as SSE events.
struct SseStream(oz0_core::api::EventStream);

impl futures_core::Stream for SseStream {
    type Item = Result<axum::response::sse::Event, std::convert::Infallible>;

    fn poll_next(
        mut self: std::pin::Pin<&mut Self>,
        cx: &mut std::task::Context<'_>,
    ) -> std::task::Poll<Option<Self::Item>> {
        use axum::response::sse::Event;
        self.0.as_mut().poll_next(cx).map(|next| {
            next.map(|event| {
                let (name, data) = match &event {
                    Ok(event @ RunEvent::Step { .. }) => ("step", serde_json::to_string(event)),
                    Ok(event @ RunEvent::Said { .. }) => ("said", serde_json::to_string(event)),
                    Ok(event @ RunEvent::Done { .. }) => ("done", serde_json::to_string(event)),
                    Ok(event @ RunEvent::Progress { .. }) => ("progress", serde_json::to_string(event)),
                    Ok(event @ RunEvent::Question { .. }) => ("question", serde_json::to_string(event)),
                    Err(err) => ("error", serde_json::to_string(&err.to_problem())),
                };
                Ok(Event::default().event(name).data(data.unwrap_or_default()))
            })
        })
    }
}

pub async fn rules(Caller(edge): Caller) -> Result<Json<Vec<Rule>>, ApiError> {
    Ok(Json(edge.rules().await?))
}

pub async fn set_rule(Caller(edge): Caller, JsonBody(rule): JsonBody<Rule>) -> Result<Json<Option<Rule>>, ApiError> {
    Ok(Json(edge.set_rule(&rule).await?))
}

pub async fn remove_rule(Caller(edge): Caller, PathOf(pattern): PathOf<String>) -> Result<Json<Rule>, ApiError> {
    Ok(Json(edge.remove_rule(&pattern).await?))
}

/// The query of the approvals endpoint.
#[derive(Debug, Deserialize)]
pub struct ApprovalsQuery {
    #[serde(default)]
    all: bool,
}

pub async fn approvals(
    Caller(edge): Caller,
    QueryOf(query): QueryOf<ApprovalsQuery>,
) -> Result<Json<Vec<Approval>>, ApiError> {
    Ok(Json(edge.approvals(query.all).await?))
}

pub async fn approval(Caller(edge): Caller, PathOf(id): PathOf<u64>) -> Result<Json<Approval>, ApiError> {
    Ok(Json(edge.approval(id).await?))
}

pub async fn decide(
    Caller(edge): Caller,
    PathOf(id): PathOf<u64>,
    JsonBody(decision): JsonBody<Decision>,
) -> Result<Json<Approval>, ApiError> {
    Ok(Json(edge.decide(id, &decision).await?))
}

/// The query of the usage endpoint.
#[derive(Debug, Deserialize)]
pub struct UsageQuery {
    since: Option<String>,
    until: Option<String>,
}

pub async fn usage(
    Caller(edge): Caller,
    QueryOf(query): QueryOf<UsageQuery>,
) -> Result<Json<Vec<UsageRecord>>, ApiError> {
    let instant = |text: &Option<String>| -> Result<Option<u64>, ApiError> {
        text.as_deref()
            .map(|t| oz0_core::api::parse_instant(t).map_err(|detail| ApiError(EdgeError::BadRequest { detail })))
            .transpose()
    };
    Ok(Json(edge.usage(instant(&query.since)?, instant(&query.until)?).await?))
}

pub async fn limits(Caller(edge): Caller, PathOf(segment): PathOf<String>) -> Result<Json<SpendingLimits>, ApiError> {
    Ok(Json(edge.limits(&tenant(&segment)?).await?))
}

pub async fn set_limits(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    JsonBody(limits): JsonBody<SpendingLimits>,
) -> Result<Json<SpendingLimits>, ApiError> {
    Ok(Json(edge.set_limits(&tenant(&segment)?, &limits).await?))
}

pub async fn data_rules(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
) -> Result<Json<oz0_core::api::DataRules>, ApiError> {
    Ok(Json(edge.data_rules(&tenant(&segment)?).await?))
}

pub async fn set_data_rules(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    JsonBody(rules): JsonBody<oz0_core::api::DataRules>,
) -> Result<Json<oz0_core::api::DataRules>, ApiError> {
    Ok(Json(edge.set_data_rules(&tenant(&segment)?, &rules).await?))
}

pub async fn quotas(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
) -> Result<Json<oz0_core::api::Quotas>, ApiError> {
    Ok(Json(edge.quotas(&tenant(&segment)?).await?))
}

pub async fn set_quotas(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    JsonBody(quotas): JsonBody<oz0_core::api::Quotas>,
) -> Result<Json<oz0_core::api::Quotas>, ApiError> {
    Ok(Json(edge.set_quotas(&tenant(&segment)?, &quotas).await?))
}

pub async fn retention(Caller(edge): Caller, PathOf(segment): PathOf<String>) -> Result<Json<Retention>, ApiError> {
    Ok(Json(edge.retention(&tenant(&segment)?).await?))
}

pub async fn set_retention(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
    JsonBody(retention): JsonBody<Retention>,
) -> Result<Json<Retention>, ApiError> {
    Ok(Json(edge.set_retention(&tenant(&segment)?, &retention).await?))
}

/// The query of the holds' list.
#[derive(Debug, Deserialize)]
pub struct HoldsQuery {
    #[serde(default)]
    all: bool,
}

pub async fn holds(Caller(edge): Caller, QueryOf(query): QueryOf<HoldsQuery>) -> Result<Json<Vec<Hold>>, ApiError> {
    Ok(Json(edge.holds(query.all).await?))
}

pub async fn create_hold(
    Caller(edge): Caller,
    JsonBody(request): JsonBody<HoldRequest>,
) -> Result<(StatusCode, Json<Hold>), ApiError> {
    Ok((StatusCode::CREATED, Json(edge.create_hold(&request).await?)))
}

pub async fn rotate_payload_key(
    Caller(edge): Caller,
    PathOf(segment): PathOf<String>,
) -> Result<Json<PayloadKeyRotation>, ApiError> {
    Ok(Json(edge.rotate_payload_key(&tenant(&segment)?).await?))
}

pub async fn release_hold(Caller(edge): Caller, PathOf(id): PathOf<u64>) -> Result<Json<Hold>, ApiError> {
    Ok(Json(edge.release_hold(id).await?))
}

pub async fn erase(
    Caller(edge): Caller,
    JsonBody(request): JsonBody<ErasureRequest>,
) -> Result<Json<Erasure>, ApiError> {
    Ok(Json(edge.erase(&request.scope).await?))
}

pub async fn answer(
    Caller(edge): Caller,
    PathOf((id, question)): PathOf<(String, u32)>,
    JsonBody(answer): JsonBody<QuestionAnswer>,
) -> Result<StatusCode, ApiError> {
    edge.answer(&tree(&id)?, question, &answer).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The query of the conversations' and the experiments' lists.
#[derive(Debug, Deserialize)]
pub struct LimitQuery {
    /// How many, newest first; left out, 50.
    limit: Option<u32>,
}

pub async fn conversations(
    Caller(edge): Caller,
    QueryOf(query): QueryOf<LimitQuery>,
) -> Result<Json<Vec<ConversationSummary>>, ApiError> {
    Ok(Json(edge.conversations(query.limit.unwrap_or(50)).await?))
}

pub async fn conversation(Caller(edge): Caller, PathOf(id): PathOf<String>) -> Result<Json<Conversation>, ApiError> {
    Ok(Json(edge.conversation(&tree(&id)?).await?))
}

pub async fn fork_conversation(
    Caller(edge): Caller,
    PathOf(id): PathOf<String>,
    JsonBody(fork): JsonBody<ForkRequest>,
) -> Result<(StatusCode, Json<Conversation>), ApiError> {
    Ok((StatusCode::CREATED, Json(edge.fork_conversation(&tree(&id)?, &fork).await?)))
}

pub async fn step_result(
    Caller(edge): Caller,
    PathOf((id, step)): PathOf<(String, u32)>,
) -> Result<Json<serde_json::Value>, ApiError> {
    Ok(Json(edge.step_result(&tree(&id)?, step).await?))
}

pub async fn history(
    Caller(edge): Caller,
    PathOf(id): PathOf<String>,
) -> Result<Json<oz0_core::api::JobHistory>, ApiError> {
    Ok(Json(edge.history(&tree(&id)?).await?))
}

pub async fn start_experiment(
    Caller(edge): Caller,
    JsonBody(request): JsonBody<ExperimentRequest>,
) -> Result<(StatusCode, Json<Experiment>), ApiError> {
    Ok((StatusCode::CREATED, Json(edge.start_experiment(&request).await?)))
}

pub async fn experiments(
    Caller(edge): Caller,
    QueryOf(query): QueryOf<LimitQuery>,
) -> Result<Json<Vec<Experiment>>, ApiError> {
    Ok(Json(edge.experiments(query.limit.unwrap_or(50)).await?))
}

pub async fn experiment(Caller(edge): Caller, PathOf(id): PathOf<String>) -> Result<Json<ExperimentReport>, ApiError> {
    Ok(Json(edge.experiment(&tree(&id)?).await?))
}

pub async fn cancel_experiment(Caller(edge): Caller, PathOf(id): PathOf<String>) -> Result<Json<Experiment>, ApiError> {
    Ok(Json(edge.cancel_experiment(&tree(&id)?).await?))
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
