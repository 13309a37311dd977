//! MCP's older HTTP transport (HTTP+SSE, 2024-11-05), for a remote server that does not speak
//! streamable HTTP: a GET opens a stream of server-sent events whose first, `endpoint`, says where to
//! POST the client's messages; the server's come as `message` events on the stream.

use std::pin::Pin;

use futures_util::{Stream, StreamExt as _};
use rmcp::RoleClient;
use rmcp::service::{RxJsonRpcMessage, TxJsonRpcMessage};
use rmcp::transport::Transport;
use sse_stream::{Sse, SseStream};

use crate::transport::MAX_MESSAGE_BYTES;

type Events = Pin<Box<dyn Stream<Item = Result<Sse, sse_stream::Error>> + Send>>;

/// A session over HTTP+SSE: the stream of the server's events, and where to send the client's.
pub(crate) struct SseTransport {
    client: reqwest::Client,
    endpoint: reqwest::Url,
    headers: reqwest::header::HeaderMap,
    events: Events,
}

impl SseTransport {
    /// Opens the stream of the server at `url` and reads where to send messages.
    ///
    /// # Errors
    ///
    /// Returns why, as a phrase that follows the server's address: the stream could not be opened, the
    /// server answered with an HTTP error, or its first event named no endpoint of its own origin.
    pub(crate) async fn open(
        url: &str,
        client: reqwest::Client,
        headers: reqwest::header::HeaderMap,
    ) -> Result<Self, String> {
        let base = reqwest::Url::parse(url).map_err(|err| format!("is not a URL: {err}"))?;
        let response = client
            .get(base.clone())
            .headers(headers.clone())
            .header(reqwest::header::ACCEPT, "text/event-stream")
            .send()
            .await
            .map_err(|_| "could not be reached: check that it runs at that address".to_owned())?;
        let status = response.status();
        if !status.is_success() {
            return Err(format!("answered HTTP {status} to the GET of MCP's older HTTP+SSE transport"));
        }
        let mut events: Events = Box::pin(SseStream::from_bytes_stream(response.bytes_stream()));
        let endpoint = loop {
            match events.next().await {
                Some(Ok(event)) if event.event.as_deref() == Some("endpoint") => break event.data.unwrap_or_default(),
                Some(Ok(_)) => {}
                Some(Err(err)) => return Err(format!("sent a stream oz0 cannot read: {err}")),
                None => return Err("closed its stream before it said where to send messages".to_owned()),
            }
        };
        let endpoint =
            base.join(endpoint.trim()).map_err(|err| format!("named an endpoint that is not a URL: {err}"))?;
        // The headers, and the secrets in them, go to the server the manifest names and nowhere else.
        if endpoint.origin() != base.origin() {
            return Err(format!("named an endpoint of another origin, {endpoint}, which oz0 does not send to"));
        }
        Ok(Self { client, endpoint, headers, events })
    }
}

impl Transport<RoleClient> for SseTransport {
    type Error = std::io::Error;

    fn send(
        &mut self,
        item: TxJsonRpcMessage<RoleClient>,
    ) -> impl Future<Output = Result<(), Self::Error>> + Send + 'static {
        let request = self.client.post(self.endpoint.clone()).headers(self.headers.clone()).json(&item);
        async move {
            let response = request.send().await.map_err(std::io::Error::other)?;
            if response.status().is_success() {
                Ok(())
            } else {
                Err(std::io::Error::other(format!("the server answered HTTP {} to a message", response.status())))
            }
        }
    }

    async fn receive(&mut self) -> Option<RxJsonRpcMessage<RoleClient>> {
        loop {
            let event = self.events.next().await?.ok()?;
            if event.event.as_deref().is_some_and(|name| name != "message") {
                continue;
            }
            let data = event.data.unwrap_or_default();
            if data.len() > MAX_MESSAGE_BYTES {
                tracing::warn!(bytes = data.len(), "a remote server's message was longer than oz0 reads");
                return None;
            }
            if let Ok(message) = serde_json::from_str(&data) {
                return Some(message);
            }
        }
    }

    async fn close(&mut self) -> Result<(), Self::Error> {
        // Dropping the stream closes the GET, which ends the session.
        self.events = Box::pin(futures_util::stream::empty());
        Ok(())
    }
}
