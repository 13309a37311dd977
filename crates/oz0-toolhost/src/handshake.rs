//! The start of an MCP session with a server: `server/discover` for 2026-07-28, else the 2025-11-25
//! `initialize` handshake, bounded by nothing but the caller's timeout.

use std::sync::Arc;

use rmcp::model::{
    ClientConfig, ClientJsonRpcMessage, ClientNotification, ClientRequest, ClientResult, DiscoverRequest,
    DiscoverRequestParams, ErrorCode, InitializeRequest, InitializedNotification, ProtocolVersion, RequestId,
    RequestMetaObject, ServerJsonRpcMessage, ServerPeerInfo, ServerRequest, ServerResult,
};
use rmcp::service::{ClientInitializeError, RunningService, serve_directly};
use rmcp::transport::Transport as McpTransport;
use rmcp::{RoleClient, Service};

use crate::progress::{Counted, Tally};

/// The protocol asked for first.
pub const PREFERRED_PROTOCOL: &str = "2026-07-28";

/// The protocol fallen back to when a server does not speak the preferred one.
pub const FALLBACK_PROTOCOL: &str = "2025-11-25";

/// The ID of the start-up's `server/discover`: a string, so that it is never one of the numbers the
/// client counts from 0 for the requests that follow.
const DISCOVER_ID: &str = "oz0-discover";

/// The ID of the start-up's `initialize`, for a server that does not speak 2026-07-28.
const INITIALIZE_ID: &str = "oz0-initialize";

/// Connects an MCP client to a started server: asks with `server/discover` for 2026-07-28, and falls
/// back to the 2025-11-25 `initialize` handshake when the server answers it with an error, as a server
/// of that era does. It waits as long as the server takes to answer, so that the caller's timeout, the
/// tool's own, is the only bound on the start. The progress the server reports is counted in `tally`
/// as it arrives.
///
/// rmcp's `ClientLifecycleMode::Auto` gives up on `server/discover` after a fixed 10 s and sends
/// `initialize` with the answer to it still to come: a server slower than that to start, such as one of
/// many started at once on a busy machine, failed whatever the tool's timeout, most often with its late
/// answer taken for the answer to `initialize` ("conflict initialized response id").
///
/// # Errors
///
/// Returns rmcp's [`ClientInitializeError`] when the server's stdio closes, it answers out of turn,
/// refuses both protocols or speaks none that is asked for.
pub(crate) async fn connect<S, T>(
    service: S,
    transport: T,
    tally: Arc<Tally>,
) -> Result<RunningService<RoleClient, S>, ClientInitializeError>
where
    S: Service<RoleClient>,
    T: McpTransport<RoleClient> + 'static,
{
    let mut transport = Counted::new(transport, tally);
    let info = service.get_info();
    let preferred = vec![ProtocolVersion::V_2026_07_28];
    let mut discover = DiscoverRequest::new(DiscoverRequestParams {});
    discover.extensions.insert(RequestMetaObject::with_client_context(
        ProtocolVersion::V_2026_07_28,
        info.client_info.clone(),
        info.capabilities.clone(),
    ));
    let discovered =
        exchange(&mut transport, ClientRequest::DiscoverRequest(discover), DISCOVER_ID, "discover response").await;
    let peer = match discovered {
        Ok(ServerResult::DiscoverResult(result)) => {
            let Some(selected) = rmcp::select_protocol_version(&preferred, &result.supported_versions) else {
                return Err(ClientInitializeError::NoCompatibleProtocolVersion {
                    client_supported: preferred,
                    server_supported: result.supported_versions,
                });
            };
            ServerPeerInfo::from_discover_result(selected, result)
        }
        Ok(other) => return Err(ClientInitializeError::ExpectedInitResult(Some(other))),
        Err(ClientInitializeError::JsonRpcError(error)) if error.code == ErrorCode::UNSUPPORTED_PROTOCOL_VERSION => {
            let server_supported = error
                .data
                .as_ref()
                .and_then(|data| data.get("supported"))
                .and_then(|supported| serde_json::from_value(supported.clone()).ok())
                .unwrap_or_default();
            return Err(ClientInitializeError::NoCompatibleProtocolVersion {
                client_supported: preferred,
                server_supported,
            });
        }
        // A server of 2026-07-28 that refuses the client for what it lacks is not one of an older era.
        Err(ClientInitializeError::JsonRpcError(error))
            if !matches!(error.code, ErrorCode::MISSING_REQUIRED_CLIENT_CAPABILITY | ErrorCode::HEADER_MISMATCH) =>
        {
            initialize(&mut transport, info).await?
        }
        Err(err) => return Err(err),
    };
    // With 2026-07-28 the client's context goes in every request's `_meta`: rmcp puts it there for a peer
    // of a protocol without `initialize`, as `ClientLifecycleMode::Discover` would.
    Ok(serve_directly(service, transport, Some(peer)))
}

/// Makes the `initialize` handshake of 2025-11-25 and returns what the server said of itself.
async fn initialize<T: McpTransport<RoleClient> + 'static>(
    transport: &mut T,
    mut info: ClientConfig,
) -> Result<ServerPeerInfo, ClientInitializeError> {
    info.protocol_version = ProtocolVersion::V_2025_11_25;
    let request = ClientRequest::InitializeRequest(InitializeRequest::new(info));
    let answer = exchange(transport, request, INITIALIZE_ID, "initialize response").await?;
    let ServerResult::InitializeResult(result) = answer else {
        return Err(ClientInitializeError::ExpectedInitResult(Some(answer)));
    };
    let initialized = ClientJsonRpcMessage::notification(ClientNotification::InitializedNotification(
        InitializedNotification::default(),
    ));
    transport
        .send(initialized)
        .await
        .map_err(|err| ClientInitializeError::transport::<T>(err, "send initialized notification"))?;
    Ok(result.into())
}

/// Sends a request of the start-up and returns the server's answer to it, however long it takes. Before
/// the start-up ends a server should send nothing but pings and logs: pings are answered during
/// `initialize` (2026-07-28 has none) and the rest is passed over, as rmcp does.
async fn exchange<T: McpTransport<RoleClient> + 'static>(
    transport: &mut T,
    request: ClientRequest,
    id: &str,
    awaited: &str,
) -> Result<ServerResult, ClientInitializeError> {
    let id = RequestId::String(id.into());
    let answers_pings = matches!(request, ClientRequest::InitializeRequest(_));
    transport
        .send(ClientJsonRpcMessage::request(request, id.clone()))
        .await
        .map_err(|err| ClientInitializeError::transport::<T>(err, format!("send the request for the {awaited}")))?;
    loop {
        let Some(message) = transport.receive().await else {
            return Err(ClientInitializeError::ConnectionClosed(awaited.to_owned()));
        };
        match message {
            ServerJsonRpcMessage::Response(response) if response.id == id => return Ok(response.result),
            ServerJsonRpcMessage::Response(response) => {
                return Err(ClientInitializeError::ConflictInitResponseId(id, response.id));
            }
            // An error leaves out the ID when the server could not read the request.
            ServerJsonRpcMessage::Error(error) => {
                return match error.id {
                    Some(received) if received != id => {
                        Err(ClientInitializeError::UncorrelatedErrorResponse { expected: id, received })
                    }
                    _ => Err(ClientInitializeError::JsonRpcError(error.error)),
                };
            }
            ServerJsonRpcMessage::Request(ping)
                if answers_pings && matches!(ping.request, ServerRequest::PingRequest(_)) =>
            {
                transport
                    .send(ClientJsonRpcMessage::response(ClientResult::empty(()), ping.id))
                    .await
                    .map_err(|err| ClientInitializeError::transport::<T>(err, "send the answer to a ping"))?;
            }
            ServerJsonRpcMessage::Request(_) | ServerJsonRpcMessage::Notification(_) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use rmcp::model::{DiscoverResult, ServerCapabilities};
    use serde_json::{Value, json};
    use tokio::io::{AsyncBufReadExt as _, AsyncWriteExt as _, BufReader, DuplexStream};

    use rmcp::transport::async_rw::AsyncRwTransport;

    use super::*;

    /// Runs a server on the other end of `io` that sleeps `start` before it reads, then answers each
    /// request with `answer(method)`, a result or an error, and returns every message it read.
    async fn server(io: DuplexStream, start: Duration, answer: fn(&str) -> Result<Value, Value>) -> Vec<Value> {
        tokio::time::sleep(start).await;
        let (read, mut write) = tokio::io::split(io);
        let mut lines = BufReader::new(read).lines();
        let mut read = Vec::new();
        while let Ok(Some(line)) = lines.next_line().await {
            let message: Value = serde_json::from_str(&line).expect("a JSON-RPC message");
            read.push(message.clone());
            let (Some(id), Some(method)) = (message.get("id"), message["method"].as_str()) else { continue };
            let reply = match answer(method) {
                Ok(result) => json!({"jsonrpc": "2.0", "id": id, "result": result}),
                Err(error) => json!({"jsonrpc": "2.0", "id": id, "error": error}),
            };
            write.write_all(format!("{reply}\n").as_bytes()).await.expect("the client reads");
        }
        read
    }

    /// Connects to a server of [`server`] and returns the protocol negotiated, or why not, and the
    /// methods the server was sent.
    async fn connect_to(
        start: Duration,
        answer: fn(&str) -> Result<Value, Value>,
    ) -> (Result<String, String>, Vec<Value>) {
        let (client, far) = tokio::io::duplex(1 << 16);
        let server = tokio::spawn(server(far, start, answer));
        let (read, write) = tokio::io::split(client);
        let connected = connect((), AsyncRwTransport::new_client(read, write), Arc::default()).await;
        let protocol = match connected {
            Ok(client) => {
                let protocol = client.peer_info().map(|info| info.protocol_version.to_string()).unwrap_or_default();
                let _ = client.cancel().await;
                Ok(protocol)
            }
            Err(err) => Err(err.to_string()),
        };
        let read = server.await.expect("the server ends");
        (protocol, read)
    }

    fn methods(read: &[Value]) -> Vec<&str> {
        read.iter().filter_map(|message| message["method"].as_str()).collect()
    }

    fn modern(method: &str) -> Result<Value, Value> {
        match method {
            "server/discover" => {
                let result = DiscoverResult::new(vec![ProtocolVersion::V_2026_07_28], ServerCapabilities::default());
                Ok(serde_json::to_value(result).expect("a discover result"))
            }
            _ => Err(json!({"code": -32601, "message": "method not found"})),
        }
    }

    fn legacy(method: &str) -> Result<Value, Value> {
        match method {
            "initialize" => Ok(json!({
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {}},
                "serverInfo": {"name": "legacy", "version": "0.9.0"},
            })),
            _ => Err(json!({"code": -32601, "message": "method not found"})),
        }
    }

    #[tokio::test(start_paused = true)]
    async fn a_server_that_takes_11_s_to_start_is_waited_for_and_asked_once() {
        let (protocol, read) = connect_to(Duration::from_secs(11), modern).await;
        assert_eq!(protocol.as_deref(), Ok("2026-07-28"));
        assert_eq!(methods(&read), ["server/discover"], "no `initialize` while the answer was to come: {read:?}");
        assert_eq!(read[0]["id"], DISCOVER_ID);
        assert_eq!(read[0]["params"]["_meta"]["io.modelcontextprotocol/protocolVersion"], "2026-07-28", "{read:?}");
    }

    #[tokio::test(start_paused = true)]
    async fn a_server_that_does_not_know_discovery_is_initialized_with_2025_11_25() {
        let (protocol, read) = connect_to(Duration::from_secs(11), legacy).await;
        assert_eq!(protocol.as_deref(), Ok("2025-11-25"));
        assert_eq!(methods(&read), ["server/discover", "initialize", "notifications/initialized"]);
        assert_eq!(read[1]["id"], INITIALIZE_ID);
        assert_eq!(read[1]["params"]["protocolVersion"], "2025-11-25");
    }

    #[tokio::test]
    async fn a_server_that_closes_its_output_fails_the_start() {
        let (client, far) = tokio::io::duplex(1 << 16);
        drop(far);
        let (read, write) = tokio::io::split(client);
        let connected = connect((), AsyncRwTransport::new_client(read, write), Arc::default()).await;
        assert!(connected.is_err());
    }
}
