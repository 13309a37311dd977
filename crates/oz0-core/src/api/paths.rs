//! The HTTP API's paths, shared by the server's router, its OpenAPI document and the client. Path
//! parameters are written `{name}`, as both axum and OpenAPI read them.

/// `GET`: who the token is and what the edge is.
pub const STATUS: &str = "/v1/status";
/// `GET`, `PATCH`: a tenant's offload settings.
pub const OFFLOAD: &str = "/v1/tenants/{tenant}/offload";
/// `GET ?offload=N|off`: the threshold an agent would get.
pub const THRESHOLD: &str = "/v1/tenants/{tenant}/offload/threshold";
/// `GET ?limit=N&after=CURSOR`: a page of a tenant's audit log, newest first, with the cursor of the next.
pub const AUDIT: &str = "/v1/tenants/{tenant}/audit";
/// `POST`: a new token.
pub const TOKENS: &str = "/v1/tokens";
/// `POST`: store a file of a job tree.
pub const FILES: &str = "/v1/tenants/{tenant}/trees/{tree}/files";
/// `GET`: read a file of a job tree.
pub const FILE: &str = "/v1/tenants/{tenant}/trees/{tree}/files/{file}";
/// `GET`: the tenant's plugins; `POST ?accept_model=BOOL` with a tar of a plugin's folder: install it.
pub const PLUGINS: &str = "/v1/plugins";
/// The header of a plugin's install (`POST /v1/plugins`) that carries the secrets given to it: a JSON
/// object of names and values, in base64, so that they travel neither in the URL nor in the archive.
pub const SECRETS_HEADER: &str = "oz0-secrets";
/// `GET`: the tenant's tool policy; `PUT`: set a rule (admin).
pub const POLICY: &str = "/v1/policy";
/// `DELETE`: remove the rule of a pattern (admin).
pub const POLICY_RULE: &str = "/v1/policy/{pattern}";
/// `GET ?all=true`: the tenant's approvals, pending or all.
pub const APPROVALS: &str = "/v1/approvals";
/// `GET`: an approval; `POST`: answer it (content).
pub const APPROVAL: &str = "/v1/approvals/{approval}";
/// `GET ?since=&until=`: the tenant's usage, a record a model call or a service's cost.
pub const USAGE: &str = "/v1/usage";
/// `GET`: the tenant's spending limits; `PUT`: set them (admin).
pub const LIMITS: &str = "/v1/tenants/{tenant}/limits";
/// `GET`, `PUT` (admin): the tenant's data rules, which labels may go to which model aliases.
pub const DATA_RULES: &str = "/v1/tenants/{tenant}/data-rules";
/// `GET`, `PUT` (admin): the tenant's quotas of model tokens and requests a day.
pub const QUOTAS: &str = "/v1/tenants/{tenant}/quotas";
/// `GET`: how long a tenant keeps its data; `PUT`: set it (admin).
pub const RETENTION: &str = "/v1/tenants/{tenant}/retention";
/// `POST`: give a tenant a new payload key to seal its payloads with (admin).
pub const PAYLOAD_KEYS: &str = "/v1/tenants/{tenant}/payload-keys";
/// `GET ?all=true`: the tenant's legal holds, in force or all (admin); `POST`: make one (admin).
pub const HOLDS: &str = "/v1/holds";
/// `POST`: release a hold in force (admin).
pub const HOLD_RELEASE: &str = "/v1/holds/{hold}/release";
/// `POST` `{"scope": {"job": ID}}` (or `tree`, `conversation`): erase its payloads (admin); answers
/// what was removed.
pub const ERASURES: &str = "/v1/erasures";
/// `DELETE`: remove a plugin.
pub const PLUGIN: &str = "/v1/plugins/{plugin}";
/// `GET`: an installed tool and its functions.
pub const TOOL: &str = "/v1/tools/{tool}";
/// `POST`: call a tool's function by hand.
pub const CALLS: &str = "/v1/calls";
/// `GET ?limit=N&after=CURSOR`: a page of the tenant's jobs, newest first, with the cursor of the next.
pub const JOBS: &str = "/v1/jobs";
/// `GET`: a job, its files and totals.
pub const JOB: &str = "/v1/jobs/{job}";
/// `POST`: cancel a running job.
pub const JOB_CANCEL: &str = "/v1/jobs/{job}/cancel";
/// `GET`: a job's trace.
pub const JOB_TRACE: &str = "/v1/jobs/{job}/trace";
/// `GET`: the result a call's step answered, whole, as MCP's `CallToolResult` (content role).
pub const STEP_RESULT: &str = "/v1/jobs/{job}/steps/{step}/result";
/// `GET`: a job's history, each message of its run as its model read it (content role).
pub const JOB_HISTORY: &str = "/v1/jobs/{job}/history";
/// `GET`: a file of a job's tree.
pub const JOB_FILE: &str = "/v1/jobs/{job}/files/{file}";
/// `GET`: the tenant's agents and flows; `POST`: install one.
pub const DEFINITIONS: &str = "/v1/definitions";
/// `POST`: start a run of an agent or a flow.
pub const RUNS: &str = "/v1/runs";
/// `GET ?after=N`: a job's events as server-sent events, each step as it ends and then the end, and
/// its calls' progress and questions as they come.
pub const JOB_EVENTS: &str = "/v1/jobs/{job}/events";
/// `POST`: answer a question a tool's server asked during a call of the job.
pub const JOB_QUESTION: &str = "/v1/jobs/{job}/questions/{question}";
/// `POST` an AG-UI `RunAgentInput`: run an installed agent as a turn of the conversation its
/// `threadId` names, answered as AG-UI's server-sent events.
pub const AGUI: &str = "/v1/agents/{agent}/agui";
/// `GET`: a job's run as AG-UI's server-sent events, from its start.
pub const JOB_AGUI: &str = "/v1/jobs/{job}/agui";
/// `GET ?limit=N`: the tenant's conversations, newest first.
pub const CONVERSATIONS: &str = "/v1/conversations";
/// `GET`: a conversation and its turns.
pub const CONVERSATION: &str = "/v1/conversations/{conversation}";
/// `POST` `{"turn": N}`: fork a conversation from a turn; answers the new conversation.
pub const CONVERSATION_FORK: &str = "/v1/conversations/{conversation}/fork";
/// `GET ?limit=N`: the tenant's experiments, newest first; `POST`: start one (`oz0 compare-savings`).
pub const EXPERIMENTS: &str = "/v1/experiments";
/// `GET`: an experiment, both arms side by side and what the variant saved.
pub const EXPERIMENT: &str = "/v1/experiments/{experiment}";
/// `POST`: cancel an experiment: no pair starts, and the job that runs is cancelled.
pub const EXPERIMENT_CANCEL: &str = "/v1/experiments/{experiment}/cancel";
/// `GET`: the OpenAPI document.
pub const OPENAPI: &str = "/openapi.json";

/// Returns `path` with each `{name}` replaced by its value, percent-encoding nothing: every value
/// passed is a checked name whose characters need none.
pub fn fill(path: &str, values: &[(&str, &str)]) -> String {
    let mut out = path.to_owned();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}
