//! What can go wrong when the gateway reads its configuration or calls a provider.

use thiserror::Error;

use super::provider::Provider;

/// Why the gateway could not be configured or could not get an answer from a model. Each variant
/// that called a provider names the alias and the provider, so that an operator knows which entry
/// of the configuration to look at.
#[derive(Debug, Error)]
#[non_exhaustive]
pub enum GatewayError {
    /// The configuration is not valid TOML, has a key the gateway does not know, or a bad value.
    #[error("{origin}: {message}")]
    Config {
        /// Where the configuration came from, such as the path of `gateway.toml`.
        origin: String,
        /// What is wrong, naming the key and the value.
        message: String,
    },
    /// The HTTP client could not be built, which happens when the TLS backend cannot start.
    #[error("could not start the gateway's http client")]
    Client {
        /// Why.
        #[source]
        source: reqwest::Error,
    },
    /// No alias of that name is configured.
    #[error("no model alias `{alias}` is configured; the edge knows {}; add `[aliases.{alias}]` to gateway.toml", known_list(.known))]
    UnknownAlias {
        /// The alias asked for.
        alias: String,
        /// The aliases that are configured, in order.
        known: Vec<String>,
    },
    /// The environment variable that holds the alias's key is unset or empty.
    #[error("model alias `{alias}` needs an api key: set {env} in the edge's environment")]
    MissingKey {
        /// The alias.
        alias: String,
        /// The variable its configuration names.
        env: String,
    },
    /// The provider answered with a status other than 2xx, after any retries.
    #[error("the {provider} provider answered HTTP {status} for model alias `{alias}`: {detail}; {}", status_hint(*.status))]
    Status {
        /// The alias.
        alias: String,
        /// Its provider.
        provider: Provider,
        /// The HTTP status.
        status: u16,
        /// The provider's error message when its body has one, else the start of the body.
        detail: String,
    },
    /// The request could not be sent or the answer could not be read, after any retries.
    #[error(
        "could not reach the {provider} provider for model alias `{alias}`; check its base_url and that the server is running"
    )]
    Transport {
        /// The alias.
        alias: String,
        /// Its provider.
        provider: Provider,
        /// Why.
        #[source]
        source: reqwest::Error,
    },
    /// The provider did not answer within the alias's timeout, on any attempt.
    #[error(
        "the {provider} provider did not answer model alias `{alias}` within {seconds} s; try again later or raise its timeout_secs"
    )]
    Timeout {
        /// The alias.
        alias: String,
        /// Its provider.
        provider: Provider,
        /// The timeout of each attempt.
        seconds: u64,
    },
    /// The provider answered 2xx, but not in the shape its API documents.
    #[error(
        "the {provider} provider answered model alias `{alias}` in an unexpected shape: {detail}; check that its base_url points to an {provider}-compatible API"
    )]
    Malformed {
        /// The alias.
        alias: String,
        /// Its provider.
        provider: Provider,
        /// What was wrong.
        detail: String,
    },
}

/// Returns the known aliases as `` `a`, `b` `` for a message, or `none` when there are none.
fn known_list(known: &[String]) -> String {
    if known.is_empty() {
        return "none".to_owned();
    }
    known.iter().map(|alias| format!("`{alias}`")).collect::<Vec<_>>().join(", ")
}

/// Returns what an operator can do about an HTTP status, for the end of a message.
fn status_hint(status: u16) -> &'static str {
    match status {
        401 | 403 => "check the api key the alias's api_key_env names",
        404 => "check the alias's base_url and model",
        408 | 429 => "the provider is busy or rate-limited; try again later",
        500..=599 => "the provider failed; try again later",
        _ => "the provider refused the request; check the alias's model and the request",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_alias_lists_the_known_ones() {
        let error = GatewayError::UnknownAlias { alias: "huge".into(), known: vec!["default".into(), "fast".into()] };
        assert_eq!(
            error.to_string(),
            "no model alias `huge` is configured; the edge knows `default`, `fast`; add `[aliases.huge]` to gateway.toml"
        );
        let error = GatewayError::UnknownAlias { alias: "fast".into(), known: vec![] };
        assert!(error.to_string().contains("the edge knows none"));
    }

    #[test]
    fn missing_key_says_what_to_set() {
        let error = GatewayError::MissingKey { alias: "smart".into(), env: "OPENAI_API_KEY".into() };
        assert_eq!(
            error.to_string(),
            "model alias `smart` needs an api key: set OPENAI_API_KEY in the edge's environment"
        );
    }

    #[test]
    fn status_names_alias_provider_and_a_remedy() {
        let error = GatewayError::Status {
            alias: "fast".into(),
            provider: Provider::Anthropic,
            status: 401,
            detail: "invalid x-api-key".into(),
        };
        assert_eq!(
            error.to_string(),
            "the anthropic provider answered HTTP 401 for model alias `fast`: invalid x-api-key; check the api key the alias's api_key_env names"
        );
    }
}
