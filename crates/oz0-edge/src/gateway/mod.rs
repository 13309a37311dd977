//! The model gateway: model aliases mapped to providers in the edge's configuration.
//!
//! An operator names models by alias (`default`, `fast`, `smart`, or any of their own) in
//! [`GatewayConfig::FILE`], each with a provider, a base URL, a model, the environment variable that
//! holds its key, and its prices. [`Gateway::complete`] sends a [`ChatRequest`] with tools to the
//! alias's provider, the OpenAI chat-completions API (OpenAI, vLLM, the llama.cpp server, Ollama) or
//! the Anthropic messages API, and returns a [`ChatAnswer`] with the tools the model called and what
//! the call cost. Keys come from the edge's environment only, so that no plugin ever holds one.
//!
//! Each attempt has the alias's timeout; a 429, a 5xx, a timeout or a broken connection is retried
//! with exponential backoff, or after the provider's `retry-after`, up to the alias's `max_retries`.
//!
//! ```no_run
//! use oz0_edge::gateway::{ChatMessage, ChatRequest, Gateway, GatewayConfig};
//!
//! # async fn ask() -> Result<(), oz0_edge::gateway::GatewayError> {
//! let Some(config) = GatewayConfig::load(std::path::Path::new("/etc/oz0"))? else {
//!     return Ok(()); // no gateway.toml: the edge has no models
//! };
//! let gateway = Gateway::new(config)?;
//! let request = ChatRequest {
//!     messages: vec![ChatMessage::User { text: "Say hello".into() }],
//!     max_tokens: 64,
//!     ..ChatRequest::default()
//! };
//! let answer = gateway.complete("fast", &request).await?;
//! println!("{} (${:.6})", answer.text.unwrap_or_default(), answer.cost_usd);
//! # Ok(())
//! # }
//! ```

mod anthropic;
mod config;
mod error;
mod openai;
mod provider;
mod retry;
#[cfg(test)]
mod testing;
mod types;

use std::time::Duration;

use serde_json::Value;

pub use config::{AliasConfig, FORMATS, GatewayConfig, STANDARD_ALIASES};
pub use error::GatewayError;
pub use provider::Provider;
pub use types::{ChatAnswer, ChatMessage, ChatRequest, ToolCall, ToolDef};

/// The wait before the first retry; each next one waits twice as long.
const BACKOFF: Duration = Duration::from_millis(250);

/// Sends chat requests to the models the configuration names, through one HTTP client whose
/// connections are kept between calls.
#[derive(Debug)]
pub struct Gateway {
    config: GatewayConfig,
    client: reqwest::Client,
    /// The wait before the first retry; a field so that tests can shorten it.
    backoff: Duration,
    /// Returns the value of an environment variable; a field so that tests, which cannot set the
    /// environment safely, can supply keys.
    key_of: fn(&str) -> Option<String>,
}

/// What a provider answered to a forwarded request, and what it cost.
#[derive(Debug)]
pub struct Forwarded {
    /// The provider's answer, as it sent it.
    pub answer: Value,
    /// The alias that answered.
    pub alias: String,
    /// Its model.
    pub model: String,
    /// The tokens it read.
    pub tokens_in: u64,
    /// The tokens it wrote.
    pub tokens_out: u64,
    /// What it cost in US dollars, at the alias's prices.
    pub cost_usd: f64,
}

impl Gateway {
    /// Returns a gateway over `config`; fails only when the HTTP client cannot start.
    pub fn new(config: GatewayConfig) -> Result<Self, GatewayError> {
        let client = oz0_toolhost::http_client()
            .user_agent(concat!("oz0-edge/", env!("CARGO_PKG_VERSION")))
            .build()
            .map_err(|source| GatewayError::Client { source })?;
        Ok(Self { config, client, backoff: BACKOFF, key_of: |env| std::env::var(env).ok() })
    }

    /// Returns the key of an alias, read from the edge's environment; `None` for a local server.
    fn key(&self, alias: &str, entry: &AliasConfig) -> Result<Option<String>, GatewayError> {
        let Some(env) = &entry.api_key_env else { return Ok(None) };
        // A key pasted with its newline would make an invalid header, so it is trimmed.
        let key = (self.key_of)(env).map(|key| key.trim().to_owned()).filter(|key| !key.is_empty());
        key.map(Some).ok_or_else(|| GatewayError::MissingKey { alias: alias.to_owned(), env: env.clone() })
    }

    /// Returns where a request in `format` goes, the request with the alias's model, and the alias.
    fn route(&self, format: &str, mut body: Value) -> Result<(retry::Target<'_>, Value, &AliasConfig), GatewayError> {
        let alias = self.config.format_alias(format).ok_or_else(|| GatewayError::UnknownAlias {
            alias: format!("[formats] {format}"),
            known: self.config.formats.keys().cloned().collect(),
        })?;
        let entry = self
            .config
            .aliases
            .get(alias)
            .ok_or_else(|| GatewayError::UnknownAlias { alias: alias.to_owned(), known: self.aliases() })?;
        let key = self.key(alias, entry)?;
        body["model"] = Value::String(entry.model.clone());
        let base = entry.base_url.trim_end_matches('/');
        let (url, headers) = match format {
            "openai-embeddings" => (format!("{base}/embeddings"), openai::headers(key.as_deref())),
            "openai-chat" => (format!("{base}/chat/completions"), openai::headers(key.as_deref())),
            "openai-responses" => (format!("{base}/responses"), openai::headers(key.as_deref())),
            _ => (anthropic::url(&entry.base_url), anthropic::headers(key.as_deref())),
        };
        let target = retry::Target {
            alias,
            provider: entry.provider,
            url,
            headers,
            timeout_secs: entry.timeout_secs,
            max_retries: entry.max_retries,
            backoff: self.backoff,
        };
        Ok((target, body, entry))
    }

    /// Opens a streamed request in `format`, as [`forward`](Self::forward) sends one, and returns the
    /// provider's answer as it comes. OpenAI's chat is asked to end its stream with its usage.
    pub async fn open(&self, format: &str, body: Value) -> Result<reqwest::Response, GatewayError> {
        let (target, mut body, _) = self.route(format, body)?;
        if format == "openai-chat" {
            body["stream_options"] = serde_json::json!({"include_usage": true});
        }
        retry::open(&self.client, &target, &body).await
    }

    /// Forwards `body`, a request in `format` from a tool's gateway token, to the alias the
    /// configuration maps that format to, with the alias's model and key, and returns the provider's
    /// answer with the tokens it read and wrote.
    pub async fn forward(&self, format: &str, body: Value) -> Result<Forwarded, GatewayError> {
        let (target, body, entry) = self.route(format, body)?;
        let answer = retry::post_json(&self.client, &target, &body).await?;
        let alias = target.alias;
        let count = |names: [&str; 2]| names.iter().find_map(|name| answer["usage"][name].as_u64()).unwrap_or(0);
        let tokens_in = count(["prompt_tokens", "input_tokens"]);
        let tokens_out = count(["completion_tokens", "output_tokens"]);
        Ok(Forwarded {
            cost_usd: entry.cost_usd(tokens_in, tokens_out),
            alias: alias.to_owned(),
            model: entry.model.clone(),
            answer,
            tokens_in,
            tokens_out,
        })
    }

    /// Returns the alias a format goes to ([`GatewayConfig::format_alias`]), and its configuration.
    pub fn format_alias(&self, format: &str) -> Option<(&str, &AliasConfig)> {
        let alias = self.config.format_alias(format)?;
        Some((alias, self.config.aliases.get(alias)?))
    }

    /// Returns the aliases whose provider speaks `format`, for a refusal to name them.
    pub fn aliases_speaking(&self, format: &str) -> Vec<&str> {
        self.config.aliases_speaking(format)
    }

    /// Returns the configured aliases, in order.
    pub fn aliases(&self) -> Vec<String> {
        self.config.aliases.keys().cloned().collect()
    }

    /// Sends `request` to the model behind `alias` and returns its answer, priced at the alias's rates.
    pub async fn complete(&self, alias: &str, request: &ChatRequest) -> Result<ChatAnswer, GatewayError> {
        let entry = self
            .config
            .entry(alias)
            .ok_or_else(|| GatewayError::UnknownAlias { alias: alias.to_owned(), known: self.aliases() })?;
        let key = self.key(alias, entry)?;
        let (url, headers, body) = match entry.provider {
            Provider::Openai => {
                (openai::url(&entry.base_url), openai::headers(key.as_deref()), openai::body(&entry.model, request))
            }
            Provider::Anthropic => (
                anthropic::url(&entry.base_url),
                anthropic::headers(key.as_deref()),
                anthropic::body(&entry.model, request),
            ),
        };
        let target = retry::Target {
            alias,
            provider: entry.provider,
            url,
            headers,
            timeout_secs: entry.timeout_secs,
            max_retries: entry.max_retries,
            backoff: self.backoff,
        };
        let answer = retry::post_json(&self.client, &target, &body).await?;
        let reply = match entry.provider {
            Provider::Openai => openai::reply(&answer),
            Provider::Anthropic => anthropic::reply(&answer),
        }
        .map_err(|detail| GatewayError::Malformed {
            alias: alias.to_owned(),
            provider: entry.provider,
            detail,
        })?;
        Ok(ChatAnswer {
            text: reply.text,
            tool_calls: reply.tool_calls,
            tokens_in: reply.tokens_in,
            tokens_out: reply.tokens_out,
            cost_usd: entry.cost_usd(reply.tokens_in, reply.tokens_out),
            provider: entry.provider,
            model: entry.model.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::testing::gateway;
    use super::*;

    const TWO: &str = r#"
[aliases.smart]
provider = "anthropic"
base_url = "https://api.anthropic.com"
model = "claude-test"

[aliases.fast]
provider = "openai"
base_url = "http://127.0.0.1:1/v1"
model = "small"
"#;

    #[test]
    fn lists_aliases_in_order() {
        assert_eq!(gateway(TWO).aliases(), ["fast", "smart"]);
    }

    #[tokio::test]
    async fn an_unknown_alias_names_the_known_ones() {
        let request = ChatRequest { max_tokens: 8, ..ChatRequest::default() };
        let error = gateway(TWO).complete("default", &request).await.unwrap_err();
        assert!(
            matches!(&error, GatewayError::UnknownAlias { alias, known } if alias == "default" && known == &["fast", "smart"]),
            "{error:?}"
        );
    }
}
