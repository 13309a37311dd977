//! A remote MCP server, reached over MCP's streamable HTTP: its address, the headers every request
//! carries, and the HTTP client shared by every remote server of the process.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use futures_util::stream::BoxStream;
use http::{HeaderName, HeaderValue};
use oz0_core::manifest::check_remote_url;
use rmcp::RoleClient;
use rmcp::model::ClientJsonRpcMessage;
use rmcp::service::RunningService;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::transport::streamable_http_client::{
    SseError, StreamableHttpClient, StreamableHttpClientTransportConfig, StreamableHttpError,
    StreamableHttpPostResponse, StreamableHttpResponseLimits,
};

use crate::address::public;
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
    /// Whether it may be at a private address (see [`Confinement::private_network`]).
    ///
    /// [`Confinement::private_network`]: crate::Confinement::private_network
    pub private: bool,
}

/// How long a remote server is given to accept a connection.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

impl RemoteServer {
    /// Returns a remote server at `url` with no headers.
    pub fn new(url: impl Into<String>) -> Self {
        Self { url: url.into(), headers: Vec::new(), sampling: false, private: true }
    }

    /// Opens an MCP session with the server for `host`: over streamable HTTP, or over the older
    /// HTTP+SSE transport when the server answers streamable HTTP's POST with 400, 404 or 405, as a
    /// server of that transport does. Returns the session, and whether the server keeps state in it:
    /// on a protocol older than 2026-07-28 (which has no sessions), it gave the session an ID.
    ///
    /// # Errors
    ///
    /// Returns [`ToolHostError::Remote`] when the address is not one oz0 reaches (plain HTTP off the
    /// loopback interface, or not a URL), a header is not one HTTP can carry, or the server could not
    /// be reached or spoken to, saying why.
    pub(crate) async fn connect(&self, host: Host) -> Result<(RunningService<RoleClient, Host>, bool), ToolHostError> {
        check_remote_url(&self.url).map_err(|why| self.error(why))?;
        if !self.private {
            // Said here, where it can be said clearly; the client's resolver refuses the same at each
            // connection, should the name lead elsewhere by then.
            private_address(&self.url).await.map_err(|why| self.error(why))?;
        }
        let headers = self.header_map()?;
        let client = client(self.private).map_err(|why| self.error(why))?;
        let noting = Noting { client: client.clone(), identified: Arc::new(AtomicBool::new(false)) };
        let streamable = self.streamable(noting.clone(), &headers);
        let refused = match crate::handshake::connect(host.clone(), streamable, host.tally()).await {
            Ok(session) => {
                let sessions = session
                    .peer_info()
                    .is_some_and(|info| info.protocol_version.as_str() < crate::handshake::PREFERRED_PROTOCOL);
                let stateful = sessions && noting.identified.load(Ordering::Relaxed);
                return Ok((session, stateful));
            }
            Err(err) => why(&err),
        };
        if !["HTTP 400", "HTTP 404", "HTTP 405"].iter().any(|status| refused.contains(status)) {
            return Err(self.error(refused));
        }
        let sse = SseTransport::open(&self.url, client, headers)
            .await
            .map_err(|why| self.error(format!("{refused}, and {why}: it speaks neither of MCP's HTTP transports")))?;
        // An HTTP+SSE session lasts its stream, and is not kept past its call.
        let tally = host.tally();
        let session = crate::handshake::connect(host, sse, tally).await.map_err(|err| self.error(why(&err)))?;
        Ok((session, false))
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
    fn streamable(&self, client: Noting, headers: &http::HeaderMap) -> StreamableHttpClientTransport<Noting> {
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

/// The process's HTTP client as a streamable HTTP transport's, noting whether the server gave the
/// session an ID, as a server does that keeps state between a session's calls.
#[derive(Clone)]
struct Noting {
    client: reqwest::Client,
    identified: Arc<AtomicBool>,
}

type Posted = Result<StreamableHttpPostResponse, StreamableHttpError<reqwest::Error>>;

impl Noting {
    fn note(&self, posted: Posted) -> Posted {
        if let Ok(StreamableHttpPostResponse::Json(_, Some(_)) | StreamableHttpPostResponse::Sse(_, Some(_))) = &posted
        {
            self.identified.store(true, Ordering::Relaxed);
        }
        posted
    }
}

impl StreamableHttpClient for Noting {
    type Error = reqwest::Error;

    async fn post_message(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Posted {
        self.note(self.client.post_message(uri, message, session_id, auth_header, custom_headers).await)
    }

    async fn post_message_with_response_limits(
        &self,
        uri: Arc<str>,
        message: ClientJsonRpcMessage,
        session_id: Option<Arc<str>>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        limits: StreamableHttpResponseLimits,
    ) -> Posted {
        let posted = self.client.post_message_with_response_limits(
            uri,
            message,
            session_id,
            auth_header,
            custom_headers,
            limits,
        );
        self.note(posted.await)
    }

    async fn delete_session(
        &self,
        uri: Arc<str>,
        session_id: Arc<str>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<(), StreamableHttpError<reqwest::Error>> {
        self.client.delete_session(uri, session_id, auth_header, custom_headers).await
    }

    async fn get_stream(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
    ) -> Result<BoxStream<'static, Result<sse_stream::Sse, SseError>>, StreamableHttpError<reqwest::Error>> {
        self.client.get_stream(uri, session_id, last_event_id, auth_header, custom_headers).await
    }

    async fn get_stream_with_max_sse_event_size(
        &self,
        uri: Arc<str>,
        session_id: Option<Arc<str>>,
        last_event_id: Option<String>,
        auth_header: Option<String>,
        custom_headers: HashMap<HeaderName, HeaderValue>,
        max_sse_event_size: usize,
    ) -> Result<BoxStream<'static, Result<sse_stream::Sse, SseError>>, StreamableHttpError<reqwest::Error>> {
        let stream = self.client.get_stream_with_max_sse_event_size(
            uri,
            session_id,
            last_event_id,
            auth_header,
            custom_headers,
            max_sse_event_size,
        );
        stream.await
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

/// What a refusal of a private address says of what to do.
const PRIVATE: &str = "which a tenant's tool on a shared edge may not reach; its operator may allow private addresses \
                       with `oz0 edge serve --remote-tools-may-reach-private`";

/// Returns the HTTP client of remote servers, one for those that may be at private addresses and one
/// for those that may not, whose names are resolved to public addresses only (so that a name cannot
/// lead to a private one either): TLS through rustls with the platform's roots, no redirects (a
/// redirect would take the manifest's headers where the manifest did not say), and a bound on the time
/// to connect. Calls are bounded by their tool's timeout.
fn client(private: bool) -> Result<reqwest::Client, String> {
    static ANYWHERE: OnceLock<Result<reqwest::Client, String>> = OnceLock::new();
    static PUBLIC: OnceLock<Result<reqwest::Client, String>> = OnceLock::new();
    let make = |private: bool| {
        let builder = http_client().redirect(reqwest::redirect::Policy::none()).connect_timeout(CONNECT_TIMEOUT);
        let builder = if private { builder } else { builder.dns_resolver(Arc::new(PublicOnly)) };
        builder.build().map_err(|err| format!("the HTTP client could not be made: {err}"))
    };
    if private { ANYWHERE.get_or_init(|| make(true)).clone() } else { PUBLIC.get_or_init(|| make(false)).clone() }
}

/// Resolves names to their public addresses alone.
struct PublicOnly;

impl reqwest::dns::Resolve for PublicOnly {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = found.iter().copied().filter(|address| public(address.ip())).collect();
            if public.is_empty() && !found.is_empty() {
                return Err(format!("{host} is at a private address ({}), {PRIVATE}", found[0].ip()).into());
            }
            Ok(Box::new(public.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

/// Returns why a URL's host is not reached from a shared edge: it is a private address, or a name of
/// private addresses alone.
async fn private_address(url: &str) -> Result<(), String> {
    let Some(host) = reqwest::Url::parse(url).ok().and_then(|url| url.host_str().map(str::to_owned)) else {
        return Ok(());
    };
    let host = host.trim_start_matches('[').trim_end_matches(']');
    let found: Vec<IpAddr> = match host.parse::<IpAddr>() {
        Ok(ip) => vec![ip],
        Err(_) => match tokio::net::lookup_host((host, 0)).await {
            Ok(found) => found.map(|address| address.ip()).collect(),
            // A name that does not resolve fails its connection, saying so.
            Err(_) => return Ok(()),
        },
    };
    match found.iter().find(|ip| !public(**ip)) {
        Some(ip) if !found.iter().any(|ip| public(*ip)) => Err(format!("is at a private address ({ip}), {PRIVATE}")),
        _ => Ok(()),
    }
}

/// Returns a builder of an HTTP client whose TLS is rustls on ring, the process's one provider, with
/// the platform's roots.
pub fn http_client() -> reqwest::ClientBuilder {
    // The provider is the process's: the first to install it wins, and every later call finds it there.
    let _ = rustls::crypto::ring::default_provider().install_default();
    reqwest::Client::builder()
}
