//! The way out of a server with a network of its own ([`Network`](crate::Network) `Public` or `None`):
//! an HTTP proxy the edge serves on the loopback of the server's network namespace. With `Public` it
//! takes `CONNECT host:port`, looks the host up itself and connects to it only at a public address (or
//! a private one where the edge lets tools reach them), then relays the bytes both ways; the server is
//! told of it by `HTTPS_PROXY` and its kin, and has no other route out, so a client that ignores them
//! reaches nothing. With either, a request for the edge's gateway path (`/gateway/...`, which a call's
//! gateway token names at this port) is relayed to the edge, so that a tool calls models through its
//! token as it would on the machine's network; the rest of that connection goes to the edge too, whose
//! API asks it for a token as it asks any client.

use std::net::{IpAddr, SocketAddr};
use std::os::fd::{AsRawFd as _, OwnedFd};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;
use tokio::task::JoinHandle;

use crate::confine::policy::{Confinement, Network};

/// The port of the proxy on the loopback of each server's network namespace, its own.
pub const PROXY_PORT: u16 = 3128;

/// The longest request head the proxy reads.
const MAX_HEAD: usize = 8 << 10;

/// The connections one server may hold through the proxy at once: each holds two of the edge's
/// descriptors.
const MAX_CONNECTIONS: usize = 64;

/// How long a request head, a look-up or a connection may take.
const PATIENCE: Duration = Duration::from_secs(10);

/// Returns the variables that name the proxy to a server.
pub(crate) fn environment() -> Vec<(&'static str, String)> {
    let url = format!("http://127.0.0.1:{PROXY_PORT}");
    let mut env: Vec<(&'static str, String)> =
        ["HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy", "ALL_PROXY", "all_proxy"]
            .into_iter()
            .map(|name| (name, url.clone()))
            .collect();
    env.push(("NO_PROXY", "localhost,127.0.0.1,::1".to_owned()));
    env.push(("no_proxy", "localhost,127.0.0.1,::1".to_owned()));
    // Node's own `fetch` reads them only when told to (Node 24 and later).
    env.push(("NODE_USE_ENV_PROXY", "1".to_owned()));
    env
}

/// The socket pair a server's start hands its proxy's listener to the edge on: the listener is made
/// inside the server's network namespace, before its exec.
pub(crate) struct Handover {
    edge: OwnedFd,
    start: OwnedFd,
}

impl Handover {
    pub(crate) fn new() -> std::io::Result<Self> {
        use rustix::net::{AddressFamily, SocketFlags, SocketType, socketpair};
        let (edge, start) = socketpair(AddressFamily::UNIX, SocketType::STREAM, SocketFlags::CLOEXEC, None)?;
        Ok(Self { edge, start })
    }

    /// Returns the descriptor of the start's end, which the start sends the listener on.
    pub(crate) fn start(&self) -> libc::c_int {
        self.start.as_raw_fd()
    }

    /// Once the server started: receives its listener and serves the proxy on it, leading where
    /// `confinement` says, until the task is aborted.
    pub(crate) fn serve(self, confinement: &Confinement) -> std::io::Result<JoinHandle<()>> {
        drop(self.start);
        let listener = received_listener(&self.edge)?;
        let ways = Ways {
            public: confinement.network == Network::Public,
            private: confinement.private_network,
            gateway: confinement.gateway,
        };
        Ok(tokio::spawn(serve(listener, ways)))
    }
}

/// Receives the listener of a server's proxy, which its start handed on `channel` before its exec.
fn received_listener(channel: &OwnedFd) -> std::io::Result<std::net::TcpListener> {
    let mut byte = [0u8; 1];
    let mut data = [std::io::IoSliceMut::new(&mut byte)];
    let mut space = [std::mem::MaybeUninit::uninit(); rustix::cmsg_space!(ScmRights(1))];
    let mut control = rustix::net::RecvAncillaryBuffer::new(&mut space);
    rustix::net::recvmsg(
        channel,
        &mut data,
        &mut control,
        rustix::net::RecvFlags::DONTWAIT | rustix::net::RecvFlags::CMSG_CLOEXEC,
    )?;
    let fd = control
        .drain()
        .find_map(|message| match message {
            rustix::net::RecvAncillaryMessage::ScmRights(mut fds) => fds.next(),
            _ => None,
        })
        .ok_or_else(|| std::io::Error::other("the server's start handed no listener"))?;
    Ok(std::net::TcpListener::from(fd))
}

/// Where a server's proxy leads.
#[derive(Debug, Clone, Copy)]
struct Ways {
    /// Whether it tunnels to public addresses (`CONNECT`).
    public: bool,
    /// Whether it tunnels to private addresses too.
    private: bool,
    /// Where the edge serves its gateway path.
    gateway: Option<SocketAddr>,
}

/// The path of the edge's gateway, which the proxy relays to the edge.
const GATEWAY_PATH: &str = "/gateway/";

/// Serves the proxy on `listener` until the task is aborted (the server stopped), leading where
/// `ways` says.
async fn serve(listener: std::net::TcpListener, ways: Ways) {
    let listener = match listener.set_nonblocking(true).and_then(|()| TcpListener::from_std(listener)) {
        Ok(listener) => listener,
        Err(err) => {
            tracing::warn!(error = %err, "a tool's server was given no way out: its proxy could not be served");
            return;
        }
    };
    let room = Arc::new(Semaphore::new(MAX_CONNECTIONS));
    loop {
        let Ok((stream, _)) = listener.accept().await else {
            // Out of descriptors, say: tried again in a moment rather than at once without end.
            tokio::time::sleep(Duration::from_millis(100)).await;
            continue;
        };
        let Ok(permit) = Arc::clone(&room).try_acquire_owned() else {
            // Past its connections: refused at once, so that it cannot hold the edge's descriptors.
            drop(stream);
            continue;
        };
        tokio::spawn(async move {
            let _permit = permit;
            tunnel(stream, ways).await;
        });
    }
}

/// Answers one request on `client`: a tunnel to the destination it names, the edge's gateway path,
/// or a refusal that says why.
async fn tunnel(mut client: TcpStream, ways: Ways) {
    let head = match tokio::time::timeout(PATIENCE, read_head(&mut client)).await {
        Ok(Ok(head)) => head,
        _ => return,
    };
    let refused = match request(&head) {
        Request::Gateway => match ways.gateway {
            Some(gateway) => match tokio::time::timeout(PATIENCE, TcpStream::connect(gateway)).await {
                Ok(Ok(mut edge)) => {
                    // The head read here goes on as it came, and the rest of the connection with it.
                    if edge.write_all(head.as_bytes()).await.is_ok() {
                        let _ = tokio::io::copy_bidirectional(&mut client, &mut edge).await;
                    }
                    return;
                }
                _ => ("502 Bad Gateway", "the edge's gateway path could not be reached".to_owned()),
            },
            None => ("404 Not Found", "this edge serves no gateway path to its tools' servers".to_owned()),
        },
        Request::Connect(..) if !ways.public => (
            "403 Forbidden",
            "this edge gives its tools' servers no network (--tool-network none): a tool calls models \
             through its gateway token or by sampling"
                .to_owned(),
        ),
        Request::Connect(host, port) => match connect(&host, port, ways.private).await {
            Ok(mut server) => {
                if client.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await.is_ok() {
                    let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                }
                return;
            }
            Err(refused) => refused,
        },
        Request::Other(why) => ("405 Method Not Allowed", why),
    };
    let (status, why) = refused;
    let body = format!("{why}\n");
    let reply = format!(
        "HTTP/1.1 {status}\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = client.write_all(reply.as_bytes()).await;
}

/// What a request asks of the proxy.
#[derive(Debug, PartialEq, Eq)]
enum Request {
    /// A tunnel to a host and port.
    Connect(String, u16),
    /// The edge's gateway path.
    Gateway,
    /// Neither, and why it is refused.
    Other(String),
}

/// Reads a request head, up to its blank line.
async fn read_head(client: &mut TcpStream) -> std::io::Result<String> {
    let mut head = Vec::with_capacity(512);
    let mut byte = [0u8; 1];
    // A byte at a time, so that nothing past the head (the tunnel's first bytes) is read here.
    while !head.ends_with(b"\r\n\r\n") {
        if head.len() >= MAX_HEAD || client.read(&mut byte).await? == 0 {
            return Err(std::io::ErrorKind::InvalidData.into());
        }
        head.push(byte[0]);
    }
    Ok(String::from_utf8_lossy(&head).into_owned())
}

/// Returns what a request head asks: the host and port a `CONNECT` names, the gateway path, or why it
/// is neither.
fn request(head: &str) -> Request {
    let line = head.lines().next().unwrap_or_default();
    let mut words = line.split_whitespace();
    let (Some(method), Some(target)) = (words.next(), words.next()) else {
        return Request::Other("the edge's proxy takes a request line".to_owned());
    };
    if target.starts_with(GATEWAY_PATH) {
        return Request::Gateway;
    }
    if !method.eq_ignore_ascii_case("CONNECT") {
        return Request::Other(format!(
            "the edge's proxy takes CONNECT alone, not {method} {target}: a tool's server reaches the network \
             through HTTPS (or a tunnel it asks for by CONNECT)"
        ));
    }
    let Some((host, port)) = target.rsplit_once(':') else {
        return Request::Other(format!("`{target}` names no port"));
    };
    let Ok(port) = port.parse() else { return Request::Other(format!("`{port}` is not a port")) };
    Request::Connect(host.trim_start_matches('[').trim_end_matches(']').to_owned(), port)
}

/// Connects to the first address of `host` that the server may reach, or returns the status and why
/// not.
async fn connect(host: &str, port: u16, private: bool) -> Result<TcpStream, (&'static str, String)> {
    let found: Vec<SocketAddr> = match tokio::time::timeout(PATIENCE, tokio::net::lookup_host((host, port))).await {
        Ok(Ok(found)) => found.collect(),
        _ => return Err(("502 Bad Gateway", format!("`{host}` could not be looked up"))),
    };
    let allowed: Vec<SocketAddr> = found.iter().copied().filter(|a| private || reachable(a.ip())).collect();
    if allowed.is_empty() {
        return Err((
            "403 Forbidden",
            format!(
                "`{host}` is at a private address (this machine's, a private network's or a link-local one), which \
                 a tool's server may not reach on this edge unless its operator starts it with \
                 --remote-tools-may-reach-private"
            ),
        ));
    }
    let mut last = String::new();
    for address in allowed {
        match tokio::time::timeout(PATIENCE, TcpStream::connect(address)).await {
            Ok(Ok(stream)) => return Ok(stream),
            Ok(Err(err)) => last = err.to_string(),
            Err(_) => last = "no answer".to_owned(),
        }
    }
    Err(("502 Bad Gateway", format!("`{host}:{port}` could not be reached: {last}")))
}

/// Returns whether a server may reach `ip` without the operator's leave: a public address alone.
fn reachable(ip: IpAddr) -> bool {
    crate::address::public(ip)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_request_names_a_tunnels_destination_or_the_gateway_path_and_any_other_is_refused_saying_why() {
        let head = "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n";
        assert_eq!(request(head), Request::Connect("example.com".to_owned(), 443));
        assert_eq!(request("CONNECT [::1]:8443 HTTP/1.1\r\n\r\n"), Request::Connect("::1".to_owned(), 8443));
        assert_eq!(request("POST /gateway/openai/v1/embeddings HTTP/1.1\r\n\r\n"), Request::Gateway);
        let why = |head: &str| match request(head) {
            Request::Other(why) => why,
            other => panic!("{other:?}"),
        };
        assert!(why("GET http://example.com/ HTTP/1.1\r\n\r\n").contains("CONNECT alone, not GET"));
        assert!(why("POST /v1/jobs HTTP/1.1\r\n\r\n").contains("CONNECT alone, not POST /v1/jobs"));
        assert!(why("CONNECT example.com HTTP/1.1\r\n\r\n").contains("names no port"));
        assert!(why("CONNECT example.com:https HTTP/1.1\r\n\r\n").contains("not a port"));
    }
}
