//! A remote MCP server, reached over MCP's streamable HTTP: its address, the headers every request
//! carries, and the HTTP client shared by every remote server of the process.

use std::collections::HashMap;
use std::sync::OnceLock;
use std::time::Duration;

use oz0_core::manifest::check_remote_url;
use rmcp::RoleClient;
use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;

use crate::client::Host;
use crate::error::ToolHostError;
use crate::sse::SseTransport;
use crate::transport::MAX_MESSAGE_BYTES;

/// A remote server: where it is, and what each request to it carries.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct RemoteServer {
    /// Its address: `https://...`, or `http://...` on the loopback interface.
    pub url: String,
    /// The manifest's `headers`, secrets and settings filled in.
    pub headers: Vec<(String, String)>,
    /// Whether its plugin was granted models, so that the server is told the client samples.
    pub sampling: bool,
}

/// How long a remote server is given to accept a connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

impl RemoteServer {
    /// Returns a remote server at `url` with no headers.
    pub fn new(url: impl Into<String>) -> Self {
        Self { url: url.into(), headers: Vec::new(), sampling: false }
    }

    /// Opens an MCP session with the server for `host`: over streamable HTTP, or over the older
    /// HTTP+SSE transport when the server answers streamable HTTP's POST with 400, 404 or 405, as a
    /// server of that transport does.
    ///
    /// # Errors
    ///
    /// Returns [`ToolHostError::Remote`] when the address is not one oz0 reaches (plain HTTP off the
    /// loopback interface, or not a URL), a header is not one HTTP can carry, or the server could not
    /// be reached or spoken to, saying why.
    pub(crate) async fn connect(&self, host: Host) -> Result<RunningService<RoleClient, Host>, ToolHostError> {
        check_remote_url(&self.url).map_err(|why| self.error(why))?;
        let headers = self.header_map()?;
        let client = client().map_err(|why| self.error(why))?;
        let streamable = self.streamable(client.clone(), &headers);
        let refused = match crate::handshake::connect(host.clone(), streamable).await {
            Ok(session) => return Ok(session),
            Err(err) => why(&err),
        };
        if !["HTTP 400", "HTTP 404", "HTTP 405"].iter().any(|status| refused.contains(status)) {
            return Err(self.error(refused));
        }
        let sse = SseTransport::open(self, client, headers)
            .await
            .map_err(|why| self.error(format!("{refused}, and {why}: it speaks neither of MCP's HTTP transports")))?;
        crate::handshake::connect(host, sse).await.map_err(|err| self.error(why(&err)))
    }

    /// Returns the manifest's headers, as HTTP carries them.
    fn header_map(&self) -> Result<http::HeaderMap, ToolHostError> {
        let mut headers = http::HeaderMap::new();
        for (name, value) in &self.headers {
            let name = http::HeaderName::try_from(name.as_str())
                .map_err(|_| self.error(format!("`{name}` is not a header's name")))?;
            let value = http::HeaderValue::try_from(value.as_str())
                .map_err(|_| self.error(format!("the header `{name}` holds what a header may not")))?;
            headers.insert(name, value);
        }
        Ok(headers)
    }

    /// Returns a streamable HTTP transport to the server.
    fn streamable(
        &self,
        client: reqwest::Client,
        headers: &http::HeaderMap,
    ) -> StreamableHttpClientTransport<reqwest::Client> {
        let headers: HashMap<_, _> = headers.iter().map(|(name, value)| (name.clone(), value.clone())).collect();
        let config = StreamableHttpClientTransportConfig::with_uri(self.url.as_str())
            .custom_headers(headers)
            .max_json_response_size(MAX_MESSAGE_BYTES)
            .max_sse_event_size(MAX_MESSAGE_BYTES);
        StreamableHttpClientTransport::with_client(client, config)
    }

    /// Returns the error of this server: it could not be reached or spoken to, and why.
    pub(crate) fn error(&self, why: impl Into<String>) -> ToolHostError {
        ToolHostError::Remote { url: self.url.clone(), message: why.into() }
    }
}

/// Returns why a session with a remote server could not be opened, as a phrase that follows its address:
/// the HTTP status it answered (a 401 or 403 is a key it did not take), or what broke.
pub(crate) fn why(err: &rmcp::service::ClientInitializeError) -> String {
    let text = err.to_string();
    // rmcp says an answer other than MCP's as `HTTP 401 Unauthorized: <its body>, when <doing what>`.
    if text.contains("error sending request") {
        return "could not be reached: check that it runs at that address".to_owned();
    }
    let Some(at) = text.find("HTTP ") else { return format!("could not be spoken to: {text}") };
    let answered = text[at..].split(", when ").next().unwrap_or_default().trim_end_matches(')');
    if answered.starts_with("HTTP 401") || answered.starts_with("HTTP 403") {
        format!("answered {answered}: it did not take the key its `headers:` send; check the secret they name")
    } else {
        format!("answered {answered}")
    }
}

/// Returns the HTTP client of every remote server: TLS through rustls with the platform's roots, no
/// redirects (a redirect would take the manifest's headers where the manifest did not say), and a
/// bound on the time to connect. Calls are bounded by their tool's timeout.
fn client() -> Result<reqwest::Client, String> {
    static CLIENT: OnceLock<Result<reqwest::Client, String>> = OnceLock::new();
    CLIENT
        .get_or_init(|| {
            http_client()
                .redirect(reqwest::redirect::Policy::none())
                .connect_timeout(CONNECT_TIMEOUT)
                .build()
                .map_err(|err| format!("the HTTP client could not be made: {err}"))
        })
        .clone()
}

/// Returns a builder of an HTTP client whose TLS is rustls on ring, the process's one provider, with
/// the platform's roots.
pub fn http_client() -> reqwest::ClientBuilder {
    // The provider is the process's: the first to install it wins, and every later call finds it there.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
}
