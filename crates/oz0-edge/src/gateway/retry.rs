//! Posting a request to a provider, with a timeout on each attempt and retries with backoff.
//!
//! A 429, a 5xx, a timeout or a broken connection is retried, since the same request may well
//! succeed a moment later; any other 4xx is not, since the provider would refuse it again.

use std::time::Duration;

use reqwest::header::{HeaderMap, RETRY_AFTER};
use serde_json::Value;

use super::error::GatewayError;
use super::provider::Provider;

/// The longest wait between two attempts, whatever the backoff or the provider's `retry-after`
/// say, so that a call never hangs on a provider's say-so.
const MAX_WAIT: Duration = Duration::from_secs(10);

/// How much of a body an error quotes when the body has no message of its own.
const DETAIL_CHARS: usize = 300;

/// Where a request goes and how patiently.
#[derive(Debug)]
pub(super) struct Target<'a> {
    /// The alias, for errors.
    pub alias: &'a str,
    /// The provider, for errors.
    pub provider: Provider,
    /// The endpoint.
    pub url: String,
    /// The headers besides the content type, such as the key.
    pub headers: Vec<(&'static str, String)>,
    /// The timeout of each attempt, in seconds.
    pub timeout_secs: u64,
    /// How many times a failed attempt is retried.
    pub max_retries: u32,
    /// The wait before the first retry, doubled before each next one.
    pub backoff: Duration,
}

/// What one attempt came to.
enum Outcome {
    /// A 2xx answer with a JSON body.
    Answer(Value),
    /// A failure worth retrying, after the wait the provider asked for, if it asked.
    Again { wait: Option<Duration>, error: GatewayError },
    /// A failure that another attempt would repeat.
    Stop(GatewayError),
}

/// Posts `body` as JSON to the target and returns the JSON it answers, retrying what is worth it.
pub(super) async fn post_json(
    client: &reqwest::Client,
    target: &Target<'_>,
    body: &Value,
) -> Result<Value, GatewayError> {
    let mut retries = 0;
    loop {
        match attempt(client, target, body).await {
            Outcome::Answer(answer) => return Ok(answer),
            Outcome::Stop(error) => return Err(error),
            Outcome::Again { error, .. } if retries >= target.max_retries => return Err(error),
            Outcome::Again { wait, .. } => {
                tokio::time::sleep(wait.unwrap_or_else(|| backoff(target.backoff, retries))).await;
                retries += 1;
            }
        }
    }
}

async fn attempt(client: &reqwest::Client, target: &Target<'_>, body: &Value) -> Outcome {
    let mut request = client.post(&target.url).timeout(Duration::from_secs(target.timeout_secs)).json(body);
    for (name, value) in &target.headers {
        request = request.header(*name, value);
    }
    let response = match request.send().await {
        Ok(response) => response,
        Err(error) => return failed(target, error),
    };
    let status = response.status();
    if status.is_success() {
        let bytes = match response.bytes().await {
            Ok(bytes) => bytes,
            Err(error) => return failed(target, error),
        };
        return match serde_json::from_slice(&bytes) {
            Ok(answer) => Outcome::Answer(answer),
            Err(error) => Outcome::Stop(GatewayError::Malformed {
                alias: target.alias.to_owned(),
                provider: target.provider,
                detail: format!("the body is not JSON ({error}): {}", excerpt(&String::from_utf8_lossy(&bytes))),
            }),
        };
    }
    refused(target, response).await
}

/// Returns the outcome of an answer whose status is an error: retried after a 429 or a 5xx.
async fn refused(target: &Target<'_>, response: reqwest::Response) -> Outcome {
    let (status, wait) = (response.status(), retry_after(response.headers()));
    // An unreadable error body still leaves the status to report, which says more than the read error.
    let bytes = response.bytes().await.unwrap_or_default();
    let error = GatewayError::Status {
        alias: target.alias.to_owned(),
        provider: target.provider,
        status: status.as_u16(),
        detail: detail(&bytes),
    };
    if status.as_u16() == 429 || status.is_server_error() {
        Outcome::Again { wait, error }
    } else {
        Outcome::Stop(error)
    }
}

/// Posts `body` as JSON to the target and returns the provider's answer once its status says it
/// succeeded, its body still to be read (a stream); what fails before that is retried as
/// [`post_json`] retries it. The timeout bounds each attempt until the answer's headers.
pub(super) async fn open(
    client: &reqwest::Client,
    target: &Target<'_>,
    body: &Value,
) -> Result<reqwest::Response, GatewayError> {
    let mut retries = 0;
    loop {
        let mut request = client.post(&target.url).json(body);
        for (name, value) in &target.headers {
            request = request.header(*name, value);
        }
        let sent = tokio::time::timeout(Duration::from_secs(target.timeout_secs), request.send()).await;
        let outcome = match sent {
            Err(_) => Outcome::Again {
                wait: None,
                error: GatewayError::Timeout {
                    alias: target.alias.to_owned(),
                    provider: target.provider,
                    seconds: target.timeout_secs,
                },
            },
            Ok(Err(error)) => failed(target, error),
            Ok(Ok(response)) if response.status().is_success() => return Ok(response),
            Ok(Ok(response)) => refused(target, response).await,
        };
        match outcome {
            Outcome::Answer(_) => unreachable!("an opened answer is returned as it comes"),
            Outcome::Stop(error) => return Err(error),
            Outcome::Again { error, .. } if retries >= target.max_retries => return Err(error),
            Outcome::Again { wait, .. } => {
                tokio::time::sleep(wait.unwrap_or_else(|| backoff(target.backoff, retries))).await;
                retries += 1;
            }
        }
    }
}

/// Returns the outcome of an attempt that `reqwest` could not complete.
fn failed(target: &Target<'_>, error: reqwest::Error) -> Outcome {
    let (alias, provider) = (target.alias.to_owned(), target.provider);
    // A builder or redirect error would repeat; a connection, a send or a read that broke might not.
    let again = error.is_timeout() || error.is_connect() || error.is_request() || error.is_body();
    let error = if error.is_timeout() {
        GatewayError::Timeout { alias, provider, seconds: target.timeout_secs }
    } else {
        GatewayError::Transport { alias, provider, source: error }
    };
    if again { Outcome::Again { wait: None, error } } else { Outcome::Stop(error) }
}

/// Returns the wait before retry number `retries` (from 0): `base`, then twice that, and so on.
fn backoff(base: Duration, retries: u32) -> Duration {
    base.saturating_mul(2u32.saturating_pow(retries)).min(MAX_WAIT)
}

/// Returns the wait a `retry-after` header asks for, when it is a number of seconds.
fn retry_after(headers: &HeaderMap) -> Option<Duration> {
    // The header may also be an HTTP date; providers send seconds, and a date falls back to backoff.
    let seconds: f64 = headers.get(RETRY_AFTER)?.to_str().ok()?.trim().parse().ok()?;
    (seconds.is_finite() && seconds >= 0.0).then(|| Duration::from_secs_f64(seconds).min(MAX_WAIT))
}

/// Returns the provider's error message from an error body, else the start of the body.
fn detail(body: &[u8]) -> String {
    let text = String::from_utf8_lossy(body);
    if let Ok(json) = serde_json::from_str::<Value>(&text) {
        // OpenAI, vLLM, llama.cpp and Anthropic nest it in `error.message`; Ollama's own routes put a
        // string in `error`; other servers say `message` or `detail`.
        let message = [json.pointer("/error/message"), json.get("error"), json.get("message"), json.get("detail")]
            .into_iter()
            .flatten()
            .find_map(Value::as_str);
        if let Some(message) = message {
            return excerpt(message);
        }
    }
    let start = excerpt(&text);
    if start.is_empty() { "the body is empty".to_owned() } else { start }
}

/// Returns the start of `text`, trimmed, short enough for an error message.
pub(super) fn excerpt(text: &str) -> String {
    let text = text.trim();
    match text.char_indices().nth(DETAIL_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use reqwest::header::HeaderValue;

    use super::*;

    #[test]
    fn backoff_doubles_up_to_the_cap() {
        let base = Duration::from_millis(250);
        let waits: Vec<_> = (0..3).map(|retries| backoff(base, retries)).collect();
        assert_eq!(waits, [Duration::from_millis(250), Duration::from_millis(500), Duration::from_secs(1)]);
        assert_eq!(backoff(base, 40), MAX_WAIT);
    }

    #[test]
    fn retry_after_is_read_in_seconds_and_capped() {
        let mut headers = HeaderMap::new();
        assert_eq!(retry_after(&headers), None);
        headers.insert(RETRY_AFTER, HeaderValue::from_static("2"));
        assert_eq!(retry_after(&headers), Some(Duration::from_secs(2)));
        headers.insert(RETRY_AFTER, HeaderValue::from_static("0.5"));
        assert_eq!(retry_after(&headers), Some(Duration::from_millis(500)));
        headers.insert(RETRY_AFTER, HeaderValue::from_static("3600"));
        assert_eq!(retry_after(&headers), Some(MAX_WAIT));
        headers.insert(RETRY_AFTER, HeaderValue::from_static("Wed, 21 Oct 2015 07:28:00 GMT"));
        assert_eq!(retry_after(&headers), None);
    }

    #[test]
    fn detail_prefers_the_providers_message() {
        let openai = br#"{"error":{"message":"Invalid 'max_tokens'","type":"invalid_request_error"}}"#;
        assert_eq!(detail(openai), "Invalid 'max_tokens'");
        let ollama = br#"{"error":"model 'llama9' not found"}"#;
        assert_eq!(detail(ollama), "model 'llama9' not found");
        assert_eq!(detail(b"  <html>bad gateway</html>\n"), "<html>bad gateway</html>");
        assert_eq!(detail(b""), "the body is empty");
        let long = "x".repeat(1000);
        assert_eq!(detail(long.as_bytes()).chars().count(), DETAIL_CHARS + 1);
    }
}
