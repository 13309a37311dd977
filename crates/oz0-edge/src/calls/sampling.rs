//! A tool's requests for a model (MCP sampling), answered for the call that made them: checked
//! against the rules of what the runtime answers, sent to the plugin's alias (or `fast` or `smart`, as
//! the request prefers), reserved first against the job tree's budget and the tenant's spending
//! limits, and kept for the call's step.

use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Instant;

use futures_util::future::BoxFuture;
use oz0_core::agent::{AgentBudget, Spent};
use oz0_core::api::{Asked, TreeId};
use oz0_core::fit::weigh;
use oz0_core::trace::{Outcome, Sampled};
use oz0_toolhost::{Refusal, Sample};
use serde_json::{Value, json};

use super::policy::Gate;
use crate::gateway::{ChatMessage, ChatRequest, Gateway, GatewayConfig};
use crate::plugin_gateway::{Answer, GatewayMeter, Refused};
use crate::spending::{ForTree, Reservation};
use crate::state::EdgeState;
use crate::store::{Quoted, TenantRecord};

/// The most requests one call may make.
pub(crate) const MAX_REQUESTS: u32 = 25;
/// The most messages a request may carry.
const MAX_MESSAGES: usize = 100;
/// The most characters of a request's system prompt and messages.
const MAX_CHARS: usize = 400_000;
/// The most tokens an answer may take; a request for more is cut to this.
const MAX_TOKENS: u32 = 16_384;

/// The job tree's budget and what it had spent when the call began, for an agent's call.
#[derive(Debug, Clone, Copy)]
pub(crate) struct TreeBudget {
    pub budget: AgentBudget,
    pub spent: Spent,
}

/// Answers one call's sampling requests.
pub(crate) struct Sampler {
    state: Arc<EdgeState>,
    tenant: TenantRecord,
    /// The job tree the call is made in, whose budget its requests are reserved against.
    tree: TreeId,
    plugin: String,
    /// The alias the plugin's manifest names.
    alias: String,
    budget: Option<TreeBudget>,
    made: AtomicU32,
    /// The tenant's policy for the tool's requests (`<tool>.sampling`): the gate, the tool, and
    /// whether its manifest asks a person first.
    guard: std::sync::OnceLock<(Gate, String, bool)>,
    /// The labels its requests' messages carried (`_meta["oz0/labels"]`).
    labels: Mutex<Vec<String>>,
    /// What the call's requests have spent so far, and each one's numbers.
    kept: Mutex<(Spent, Vec<Sampled>)>,
    /// Why none of its requests is answered, when its agent keeps its data on the node.
    withheld: Option<String>,
}

impl Sampler {
    pub fn new(
        state: Arc<EdgeState>,
        tenant: TenantRecord,
        tree: TreeId,
        plugin: String,
        alias: String,
        budget: Option<TreeBudget>,
    ) -> Self {
        Self {
            state,
            tenant,
            tree,
            plugin,
            alias,
            budget,
            made: AtomicU32::new(0),
            guard: std::sync::OnceLock::new(),
            labels: Mutex::new(Vec::new()),
            kept: Mutex::new((Spent::default(), Vec::new())),
            withheld: None,
        }
    }

    /// Refuses each of the call's requests for a model, for `reason`, when there is one.
    pub fn withholding(mut self, reason: Option<String>) -> Self {
        self.withheld = reason;
        self
    }

    /// Has the tenant's policy decide each of the call's requests for a model as `<tool>.sampling`.
    pub fn guard(&self, gate: Gate, tool: String, manifest_asks: bool) {
        let _ = self.guard.set((gate, tool, manifest_asks));
    }

    /// Returns the labels the call's model requests carried.
    pub fn labels(&self) -> Vec<String> {
        self.labels.lock().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Returns the numbers of each request the call made, and what they cost in all.
    pub fn taken(&self) -> (Vec<Sampled>, f64) {
        let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        (kept.1.clone(), kept.0.usd)
    }

    fn keep(&self, sampled: Sampled) {
        let mut kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
        kept.0 += Spent { usd: sampled.cost_usd, tokens: sampled.tokens_in + sampled.tokens_out };
        kept.1.push(sampled);
    }

    fn refuse(&self, alias: &str, refusal: Refusal) -> Refusal {
        self.keep(Sampled {
            plugin: self.plugin.clone(),
            alias: alias.to_owned(),
            format: None,
            model: String::new(),
            tokens_in: 0,
            tokens_out: 0,
            cost_usd: 0.0,
            duration_ms: 0,
            outcome: Outcome::Refused,
            error: Some(refusal.message.clone()),
        });
        refusal
    }

    async fn answer(&self, params: Value) -> Result<Value, Refusal> {
        let preferred = choose(&self.alias, &params);
        if let Some(reason) = &self.withheld {
            return Err(self.refuse(&preferred, Refusal::refused(reason.clone())));
        }
        if self.made.fetch_add(1, Ordering::Relaxed) >= MAX_REQUESTS {
            let message = format!("a call may make at most {MAX_REQUESTS} requests for a model");
            return Err(self.refuse(&preferred, Refusal::refused(message)));
        }
        let request = match read(&params) {
            Ok(request) => request,
            Err(refusal) => return Err(self.refuse(&preferred, refusal)),
        };
        // What the tool read goes with its request, and joins into the job.
        for message in params["messages"].as_array().into_iter().flatten() {
            if let Some(Ok(labels)) = message["_meta"].get(oz0_core::labels::META_KEY).map(oz0_core::labels::read) {
                oz0_core::labels::join(&mut self.labels.lock().unwrap_or_else(PoisonError::into_inner), &labels);
            }
        }
        if let Some((gate, tool, asks)) = self.guard.get() {
            let view = json!({"system": request.system, "messages": params["messages"]});
            if let Err(refused) = gate.pass(&format!("{tool}.sampling"), *asks, view).await {
                return Err(self.refuse(&preferred, Refusal::refused(refused)));
            }
        }
        let config = match GatewayConfig::load(self.state.root()) {
            Ok(Some(config)) => config,
            Ok(None) => return Err(self.refuse(&preferred, Refusal::refused("the edge has no model gateway"))),
            Err(err) => return Err(self.refuse(&preferred, Refusal::refused(err.to_string()))),
        };
        // `fast` and `smart` are every tenant's: `default` answers for each the operator maps to nothing.
        let alias = if config.resolve(&preferred).is_some() { preferred } else { self.alias.clone() };
        let Some(price) = config.entry(&alias).cloned() else {
            let message = format!("the plugin's model alias `{alias}` is not in the edge's gateway");
            return Err(self.refuse(&alias, Refusal::refused(message)));
        };
        if let Some((message, object)) = self.broken_rule(&alias).await {
            let refusal = Refusal { code: Refusal::REFUSED, message, data: Some(json!({"ai.oz0/refusal": object})) };
            return Err(self.refuse(&alias, refusal));
        }
        let worst_in = weigh(&serde_json::to_string(&request).unwrap_or_default());
        let worst = Spent {
            tokens: worst_in + u64::from(request.max_tokens),
            usd: price.cost_usd(worst_in, u64::from(request.max_tokens)),
        };
        let reservation = match self.reserve(worst).await {
            Ok(reservation) => reservation,
            Err(refusal) => return Err(self.refuse(&alias, refusal)),
        };
        let gateway = Gateway::new(config).map_err(|err| self.refuse(&alias, Refusal::refused(err.to_string())))?;
        let clock = Instant::now();
        let answered = gateway.complete(&alias, &request).await;
        let duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
        reservation.release().await;
        let answer = match answered {
            Ok(answer) => answer,
            Err(err) => {
                self.keep(Sampled {
                    plugin: self.plugin.clone(),
                    alias: alias.clone(),
                    format: None,
                    model: price.model.clone(),
                    tokens_in: 0,
                    tokens_out: 0,
                    cost_usd: 0.0,
                    duration_ms,
                    outcome: Outcome::Error,
                    error: Some(err.to_string()),
                });
                return Err(Refusal::refused(format!("the model call failed: {err}")));
            }
        };
        self.keep(Sampled {
            plugin: self.plugin.clone(),
            alias: alias.clone(),
            format: None,
            model: answer.model.clone(),
            tokens_in: answer.tokens_in,
            tokens_out: answer.tokens_out,
            cost_usd: answer.cost_usd,
            duration_ms,
            outcome: Outcome::Ok,
            error: None,
        });
        let stop = if answer.tokens_out >= u64::from(request.max_tokens) { "maxTokens" } else { "endTurn" };
        Ok(json!({
            "role": "assistant",
            "content": {"type": "text", "text": answer.text.unwrap_or_default()},
            "model": answer.model,
            "stopReason": stop,
        }))
    }

    /// Returns the message and `ai.oz0/refusal` object of a request to `alias` that the tenant's data
    /// rules forbid, for what the call's requests and its job read; `None` when none does.
    async fn broken_rule(&self, alias: &str) -> Option<(String, Value)> {
        let labels = self.labels();
        let (job, alias) = (self.tree.clone(), alias.to_owned());
        self.guarded("data rules", move |state, tenant| broken_rule(state, tenant, &job, &labels, &alias)).await
    }

    /// Runs a check of the tenant's `what` off the async threads; one that cannot be read refuses,
    /// saying so: nothing is sent that a setting might forbid.
    async fn guarded(
        &self,
        what: &'static str,
        check: impl FnOnce(&EdgeState, &TenantRecord) -> Result<Option<(String, Value)>, crate::store::StoreError>
        + Send
        + 'static,
    ) -> Option<(String, Value)> {
        let (state, tenant) = (Arc::clone(&self.state), self.tenant.clone());
        let checked = tokio::task::spawn_blocking(move || check(&state, &tenant).map_err(|err| err.to_string())).await;
        match checked.map_err(|err| err.to_string()).and_then(|checked| checked) {
            Ok(refused) => refused,
            Err(err) => Some((format!("the tenant's {what} could not be read: {err}"), Value::Null)),
        }
    }

    /// Reserves the worst case of a request against what is left of the job tree's budget (what it
    /// had spent when the call began, and what the call's requests have spent since) and the tenant's
    /// limits, or says why not, with its numbers.
    /// Its place under the quotas is its plugin's, after what the call asked before: a call's requests
    /// are recorded with its step, when it ends, and count already.
    async fn reserve(&self, worst: Spent) -> Result<Reservation, Refusal> {
        let (kept, pending) = {
            let kept = self.kept.lock().unwrap_or_else(PoisonError::into_inner);
            let requests = kept.1.iter().filter(|s| s.outcome == Outcome::Ok).count();
            (kept.0, Asked { tokens: kept.0.tokens, requests: u64::try_from(requests).unwrap_or(u64::MAX) })
        };
        let (budget, spent) = match self.budget {
            Some(tree) => {
                (Some(tree.budget), Spent { usd: tree.spent.usd + kept.usd, tokens: tree.spent.tokens + kept.tokens })
            }
            None => (None, kept),
        };
        let quota = Quoted { plugin: Some(self.plugin.clone()), pending };
        let tree = ForTree { tree: self.tree.clone(), budget, spent, quota };
        crate::spending::reserve(self.state.limits(), self.state.store_handle(), &self.tenant, Some(tree), worst)
            .await
            .map_err(|(message, object)| Refusal {
                code: Refusal::REFUSED,
                message,
                data: Some(json!({"ai.oz0/refusal": object})),
            })
    }
}

impl Sampler {
    /// Checks a call made with the call's gateway token in `format` and reserves its worst case;
    /// returns the gateway, the alias and its configuration, the worst case and its reservation.
    async fn prepare(&self, format: &str, body: &Value) -> Result<Prepared, Refused> {
        if let Some(reason) = &self.withheld {
            self.keep(Sampled { outcome: Outcome::Refused, ..self.failed(format, &self.alias, "", 0, reason) });
            return Err(error(403, "oz0_refused", reason.clone()));
        }
        let config = match GatewayConfig::load(self.state.root()) {
            Ok(Some(config)) => config,
            Ok(None) => return Err(error(502, "oz0_gateway", "the edge has no model gateway".into())),
            Err(err) => return Err(error(502, "oz0_gateway", err.to_string())),
        };
        let gateway = Gateway::new(config).map_err(|err| error(502, "oz0_gateway", err.to_string()))?;
        let Some((alias, price)) = gateway.format_alias(format).map(|(a, p)| (a.to_owned(), p.clone())) else {
            let message = match gateway.aliases_speaking(format).as_slice() {
                [] => format!(
                    "the edge maps no provider to `{format}`: no alias of gateway.toml speaks it; its operator adds \
                     one, and names it under [formats] if others speak the same"
                ),
                several => format!(
                    "the edge maps no provider to `{format}`: the aliases {} speak it; its operator names one under \
                     [formats] in gateway.toml, such as `{format} = \"{}\"`",
                    several.join(", "),
                    several[0]
                ),
            };
            return Err(error(502, "oz0_gateway", message));
        };
        if let Some((message, object)) = self.broken_rule(&alias).await {
            self.keep(Sampled { outcome: Outcome::Refused, ..self.failed(format, &alias, &price.model, 0, &message) });
            return Err((
                403,
                json!({"error": {"type": "oz0_data_rule", "message": message}, "ai.oz0/refusal": object}),
            ));
        }
        let worst_in = weigh(&body.to_string());
        let worst_out = ["max_tokens", "max_completion_tokens", "max_output_tokens"]
            .iter()
            .find_map(|name| body[name].as_u64())
            .unwrap_or(if format == "openai-embeddings" { 0 } else { u64::from(MAX_TOKENS) });
        let worst = Spent { tokens: worst_in + worst_out, usd: price.cost_usd(worst_in, worst_out) };
        let refused = |message: &str| Sampled {
            plugin: self.plugin.clone(),
            alias: alias.clone(),
            format: Some(format.to_owned()),
            model: String::new(),
            tokens_in: 0,
            tokens_out: 0,
            cost_usd: 0.0,
            duration_ms: 0,
            outcome: Outcome::Refused,
            error: Some(message.to_owned()),
        };
        let reservation = match self.reserve(worst).await {
            Ok(reservation) => reservation,
            Err(refusal) => {
                self.keep(refused(&refusal.message));
                let object = refusal.data.as_ref().and_then(|data| data.get("ai.oz0/refusal")).cloned();
                if let Some(object) = object.filter(|o| o["type"] == "quota_exceeded") {
                    let error = json!({"type": "oz0_quota", "message": refusal.message});
                    return Err((429, json!({"error": error, "ai.oz0/refusal": object})));
                }
                return Err((402, refusal_object(&refusal)));
            }
        };
        Ok(Prepared { gateway, alias, price, worst_in, reservation })
    }

    /// Forwards a call made with the call's gateway token in `format` to the provider the operator
    /// mapped to it, its worst case reserved first, and keeps its numbers.
    pub async fn forward(&self, format: &str, body: Value) -> Result<Value, Refused> {
        let prepared = self.prepare(format, &body).await?;
        let clock = Instant::now();
        let forwarded = prepared.gateway.forward(format, body).await;
        let duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
        prepared.reservation.release().await;
        match forwarded {
            Ok(forwarded) => {
                self.keep(Sampled {
                    plugin: self.plugin.clone(),
                    alias: forwarded.alias,
                    format: Some(format.to_owned()),
                    model: forwarded.model,
                    tokens_in: forwarded.tokens_in,
                    tokens_out: forwarded.tokens_out,
                    cost_usd: forwarded.cost_usd,
                    duration_ms,
                    outcome: Outcome::Ok,
                    error: None,
                });
                Ok(forwarded.answer)
            }
            Err(err) => {
                self.keep(self.failed(format, &prepared.alias, &prepared.price.model, duration_ms, &err.to_string()));
                Err(error(502, "provider_error", err.to_string()))
            }
        }
    }

    /// Opens a streamed call made with the call's gateway token, as [`forward`](Self::forward) makes
    /// one, and returns the provider's answer as it comes, metered as it passes: its numbers are kept
    /// when the stream ends or is dropped.
    pub async fn stream(
        self: &Arc<Self>,
        format: &str,
        body: Value,
    ) -> Result<(u16, impl futures_util::Stream<Item = Result<axum::body::Bytes, reqwest::Error>> + use<>), Refused>
    {
        use futures_util::StreamExt as _;
        let prepared = self.prepare(format, &body).await?;
        let clock = Instant::now();
        let response = match prepared.gateway.open(format, body).await {
            Ok(response) => response,
            Err(err) => {
                let duration_ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
                self.keep(self.failed(format, &prepared.alias, &prepared.price.model, duration_ms, &err.to_string()));
                return Err(error(502, "provider_error", err.to_string()));
            }
        };
        let status = response.status().as_u16();
        let mut meter = Metered {
            sampler: Arc::clone(self),
            format: format.to_owned(),
            alias: prepared.alias,
            price: prepared.price,
            worst_in: prepared.worst_in,
            clock,
            reservation: Some(prepared.reservation),
            line: Vec::new(),
            tokens: None,
        };
        Ok((
            status,
            response.bytes_stream().map(move |chunk| {
                if let Ok(bytes) = &chunk {
                    meter.scan(bytes);
                }
                chunk
            }),
        ))
    }

    fn failed(&self, format: &str, alias: &str, model: &str, duration_ms: u64, message: &str) -> Sampled {
        Sampled {
            plugin: self.plugin.clone(),
            alias: alias.to_owned(),
            format: Some(format.to_owned()),
            model: model.to_owned(),
            tokens_in: 0,
            tokens_out: 0,
            cost_usd: 0.0,
            duration_ms,
            outcome: Outcome::Error,
            error: Some(message.to_owned()),
        }
    }
}

/// A gateway call checked and reserved.
struct Prepared {
    gateway: Gateway,
    alias: String,
    price: crate::gateway::AliasConfig,
    worst_in: u64,
    reservation: Reservation,
}

fn error(status: u16, kind: &str, message: String) -> Refused {
    (status, json!({"error": {"type": kind, "message": message}}))
}

/// A streamed answer being metered: the usage its events report, kept when it is dropped.
struct Metered {
    sampler: Arc<Sampler>,
    format: String,
    alias: String,
    price: crate::gateway::AliasConfig,
    worst_in: u64,
    clock: Instant,
    reservation: Option<Reservation>,
    /// The end of the stream not yet read as a whole line.
    line: Vec<u8>,
    /// The tokens read and written, as the stream's events last said.
    tokens: Option<(u64, u64)>,
}

impl Metered {
    /// Reads the usage that the stream's `data:` lines report: OpenAI's last chunk (`usage`), its
    /// responses' `response.usage`, Anthropic's `message.usage` and `usage`.
    fn scan(&mut self, bytes: &[u8]) {
        self.line.extend_from_slice(bytes);
        while let Some(end) = self.line.iter().position(|b| *b == b'\n') {
            let line: Vec<u8> = self.line.drain(..=end).collect();
            let Some(data) = line.strip_prefix(b"data:") else { continue };
            let Ok(event) = serde_json::from_slice::<Value>(data) else { continue };
            for usage in [&event["usage"], &event["message"]["usage"], &event["response"]["usage"]] {
                let count = |names: [&str; 2]| names.iter().find_map(|n| usage[n].as_u64());
                let (read, wrote) =
                    (count(["prompt_tokens", "input_tokens"]), count(["completion_tokens", "output_tokens"]));
                if read.is_some() || wrote.is_some() {
                    let (old_in, old_out) = self.tokens.unwrap_or((0, 0));
                    self.tokens = Some((read.unwrap_or(old_in).max(old_in), wrote.unwrap_or(old_out).max(old_out)));
                }
            }
        }
    }
}

impl Drop for Metered {
    fn drop(&mut self) {
        // A stream that reported no usage is charged what its input weighs.
        let (tokens_in, tokens_out) = self.tokens.unwrap_or((self.worst_in, 0));
        let duration_ms = u64::try_from(self.clock.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.sampler.keep(Sampled {
            plugin: self.sampler.plugin.clone(),
            alias: self.alias.clone(),
            format: Some(self.format.clone()),
            model: self.price.model.clone(),
            tokens_in,
            tokens_out,
            cost_usd: self.price.cost_usd(tokens_in, tokens_out),
            duration_ms,
            outcome: Outcome::Ok,
            error: self.tokens.is_none().then(|| "the stream reported no usage: its input was weighed".to_owned()),
        });
        drop(self.reservation.take());
    }
}

/// Returns a refusal's error object: its `ai.oz0/refusal` when money refused it, else one of its own.
fn refusal_object(refusal: &Refusal) -> Value {
    let object = refusal.data.as_ref().and_then(|data| data.get("ai.oz0/refusal")).cloned();
    json!({"error": object.unwrap_or_else(|| json!({"type": "refused", "message": refusal.message}))})
}

impl Sample for Sampler {
    fn sample(&self, params: Value) -> BoxFuture<'_, Result<Value, Refusal>> {
        Box::pin(self.answer(params))
    }
}

/// Returns the message and `ai.oz0/refusal` object of a request to `alias` that the tenant's data rules
/// forbid, for the labels the job `job` read and `more`; `None` when none does. Blocks on the store.
pub(crate) fn broken_rule(
    state: &EdgeState,
    tenant: &TenantRecord,
    job: &TreeId,
    more: &[String],
    alias: &str,
) -> Result<Option<(String, Value)>, crate::store::StoreError> {
    let rules = state.store().data_rules(tenant)?;
    if rules.0.is_empty() {
        return Ok(None);
    }
    let mut labels = state.store().job(tenant, job)?.map(|j| j.labels).unwrap_or_default();
    oz0_core::labels::join(&mut labels, more);
    Ok(rules.broken(&labels, alias).map(|(label, allowed)| oz0_core::api::DataRules::refusal(label, allowed, alias)))
}

/// Returns the alias a request is answered with: `fast` when it puts speed or cost first, `smart` when
/// it puts intelligence first, the plugin's own otherwise. A hint naming a model chooses nothing.
fn choose(alias: &str, params: &Value) -> String {
    let preferences = &params["modelPreferences"];
    let priority = |name: &str| preferences[name].as_f64().unwrap_or(0.0);
    let (speed, cost, intelligence) =
        (priority("speedPriority"), priority("costPriority"), priority("intelligencePriority"));
    if intelligence > speed.max(cost) {
        "smart".to_owned()
    } else if speed.max(cost) > intelligence {
        "fast".to_owned()
    } else {
        alias.to_owned()
    }
}

/// Reads a request as the runtime answers it: text only, a system prompt and user and assistant
/// messages, no tools; within the limits, its `max_tokens` cut to [`MAX_TOKENS`].
fn read(params: &Value) -> Result<ChatRequest, Refusal> {
    let malformed = |message: String| Refusal { code: Refusal::MALFORMED, message, data: None };
    let refused = |message: &str| {
        Refusal::refused(format!(
            "{message}: a model that called tools through a tool would go around the tenant's tool policy"
        ))
    };
    if params.get("tools").is_some_and(|t| !t.is_null()) || params.get("toolChoice").is_some_and(|t| !t.is_null()) {
        return Err(refused("a request for a model may not offer tools"));
    }
    let messages = params["messages"].as_array().ok_or_else(|| malformed("the request has no `messages`".into()))?;
    if messages.len() > MAX_MESSAGES {
        return Err(malformed(format!(
            "the request has {} messages, more than the {MAX_MESSAGES} answered",
            messages.len()
        )));
    }
    let temperature = params["temperature"].as_f64().map(unwidened);
    if temperature.is_some_and(|t| !(0.0..=2.0).contains(&t)) {
        return Err(malformed(format!("the temperature {} is not from 0 to 2", temperature.unwrap_or_default())));
    }
    let max_tokens = params["maxTokens"].as_u64().ok_or_else(|| malformed("the request has no `maxTokens`".into()))?;
    let system = params["systemPrompt"].as_str().unwrap_or_default().to_owned();
    let mut chars = system.chars().count();
    let mut chat = Vec::new();
    for message in messages {
        let blocks = match &message["content"] {
            Value::Array(blocks) => blocks.clone(),
            block => vec![block.clone()],
        };
        let mut text = String::new();
        for block in &blocks {
            match block["type"].as_str() {
                Some("text") => text.push_str(block["text"].as_str().unwrap_or_default()),
                Some(kind @ ("tool_use" | "tool_result")) => {
                    return Err(refused(&format!("a request for a model may not carry a `{kind}`")));
                }
                Some(kind) => {
                    return Err(malformed(format!("a request for a model is text only, and holds `{kind}` content")));
                }
                None => return Err(malformed("a message's content has no `type`".into())),
            }
        }
        chars += text.chars().count();
        chat.push(match message["role"].as_str() {
            Some("user") => ChatMessage::User { text },
            Some("assistant") => ChatMessage::Assistant { text: Some(text), tool_calls: Vec::new() },
            other => return Err(malformed(format!("a message's role is {other:?}, not `user` or `assistant`"))),
        });
    }
    if chars > MAX_CHARS {
        return Err(malformed(format!("the request holds {chars} characters, more than the {MAX_CHARS} answered")));
    }
    let max_tokens = u32::try_from(max_tokens).unwrap_or(u32::MAX).min(MAX_TOKENS);
    Ok(ChatRequest { system, messages: chat, tools: Vec::new(), max_tokens, temperature })
}

impl GatewayMeter for Sampler {
    fn forward(self: Arc<Self>, format: &'static str, body: Value) -> BoxFuture<'static, Result<Value, Refused>> {
        Box::pin(async move { Sampler::forward(&self, format, body).await })
    }

    fn stream(
        self: Arc<Self>,
        format: &'static str,
        body: Value,
    ) -> BoxFuture<'static, Result<(u16, Answer), Refused>> {
        use futures_util::StreamExt as _;
        Box::pin(async move {
            let (status, answer) = Sampler::stream(&self, format, body).await?;
            Ok((status, answer.boxed()))
        })
    }
}

/// Returns a number as its sender wrote it when it came widened from an `f32`: rmcp reads a sampling
/// request's temperature as one, so that a server's 0.7 would reach the provider as 0.699999988079071.
/// A number no `f32` widens to is returned as it is.
fn unwidened(value: f64) -> f64 {
    #[allow(clippy::cast_possible_truncation, reason = "whether the value is an f32's is what is asked")]
    let narrow = value as f32;
    if f64::from(narrow).to_bits() == value.to_bits() { narrow.to_string().parse().unwrap_or(value) } else { value }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(extra: Value) -> Value {
        let mut params = json!({
            "messages": [{"role": "user", "content": {"type": "text", "text": "Summarize."}}],
            "maxTokens": 500,
        });
        if let (Value::Object(params), Value::Object(extra)) = (&mut params, extra) {
            params.extend(extra);
        }
        params
    }

    #[test]
    fn a_request_is_read_within_the_limits() {
        let read = read(&request(json!({"systemPrompt": "Be brief.", "maxTokens": 90_000}))).unwrap();
        assert_eq!(read.max_tokens, MAX_TOKENS, "more is cut");
        assert_eq!(read.system, "Be brief.");
        assert_eq!(read.messages, [ChatMessage::User { text: "Summarize.".into() }]);
    }

    #[test]
    fn each_rule_refuses_what_breaks_it() {
        let code = |extra: Value| read(&request(extra)).unwrap_err().code;
        assert_eq!(code(json!({"tools": [{"name": "x", "inputSchema": {}}]})), Refusal::REFUSED);
        assert_eq!(code(json!({"toolChoice": {"mode": "auto"}})), Refusal::REFUSED);
        let tool_use =
            json!({"role": "assistant", "content": [{"type": "tool_use", "id": "1", "name": "x", "input": {}}]});
        assert_eq!(code(json!({"messages": [tool_use]})), Refusal::REFUSED);
        let image = json!({"role": "user", "content": {"type": "image", "data": "", "mimeType": "image/png"}});
        assert_eq!(code(json!({"messages": [image]})), Refusal::MALFORMED);
        let many: Vec<Value> =
            (0..101).map(|_| json!({"role": "user", "content": {"type": "text", "text": "x"}})).collect();
        assert_eq!(code(json!({"messages": many})), Refusal::MALFORMED);
        let long = json!({"role": "user", "content": {"type": "text", "text": "x".repeat(400_001)}});
        assert_eq!(code(json!({"messages": [long]})), Refusal::MALFORMED);
        assert_eq!(code(json!({"temperature": 2.5})), Refusal::MALFORMED);
        assert!(read(&request(json!({"temperature": 2.0}))).is_ok());
        let widened = f64::from(0.7_f32);
        assert_eq!(read(&request(json!({"temperature": widened}))).unwrap().temperature, Some(0.7));
        assert_eq!(
            read(&request(json!({"temperature": 0.123_456_789_012}))).unwrap().temperature,
            Some(0.123_456_789_012)
        );
    }

    #[test]
    fn preferences_choose_only_fast_or_smart() {
        let prefer = |preferences: Value| choose("default", &json!({"modelPreferences": preferences}));
        assert_eq!(prefer(json!({"intelligencePriority": 0.9, "speedPriority": 0.2})), "smart");
        assert_eq!(prefer(json!({"costPriority": 0.8})), "fast");
        assert_eq!(prefer(json!({"hints": [{"name": "gpt-5"}]})), "default", "a hint chooses nothing");
        assert_eq!(choose("notes", &json!({})), "notes");
    }
}
