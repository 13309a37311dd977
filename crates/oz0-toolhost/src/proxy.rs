//! The way out of a server that has no network of its own ([`Network::Public`](crate::Network)): an
//! HTTP proxy the edge serves on the loopback of the server's network namespace, which takes `CONNECT
//! host:port`, looks the host up itself and connects to it only at a public address (or a private one
//! where the edge lets tools reach them), then relays the bytes both ways. The server is told of it
//! by `HTTPS_PROXY` and its kin; it has no other route out, so a client that ignores them reaches
//! nothing.

use std::net::{IpAddr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Semaphore;

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

/// Serves the proxy on `listener` until the task is aborted (the server stopped): the destinations
/// at private addresses are refused unless `private`.
pub(crate) async fn serve(listener: std::net::TcpListener, private: bool) {
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
            tunnel(stream, private).await;
        });
    }
}

/// Answers one request on `client`: a tunnel to the destination it names, or a refusal that says why.
async fn tunnel(mut client: TcpStream, private: bool) {
    let head = match tokio::time::timeout(PATIENCE, read_head(&mut client)).await {
        Ok(Ok(head)) => head,
        _ => return,
    };
    let answer = match destination(&head) {
        Ok((host, port)) => match connect(&host, port, private).await {
            Ok(server) => {
                if client.write_all(b"HTTP/1.1 200 Connection established\r\n\r\n").await.is_err() {
                    return;
                }
                let mut server = server;
                let _ = tokio::io::copy_bidirectional(&mut client, &mut server).await;
                return;
            }
            Err((status, why)) => (status, why),
        },
        Err(why) => ("405 Method Not Allowed", why),
    };
    let (status, why) = answer;
    let body = format!("{why}\n");
    let reply = format!(
        "HTTP/1.1 {status}\r\ncontent-type: text/plain\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = client.write_all(reply.as_bytes()).await;
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

/// Returns the host and port a `CONNECT` request names, or why the request is not one.
fn destination(head: &str) -> Result<(String, u16), String> {
    let line = head.lines().next().unwrap_or_default();
    let mut words = line.split_whitespace();
    let (Some(method), Some(target)) = (words.next(), words.next()) else {
        return Err("the edge's proxy takes a request line".to_owned());
    };
    if !method.eq_ignore_ascii_case("CONNECT") {
        return Err(format!(
            "the edge's proxy takes CONNECT alone, not {method}: a tool's server reaches the network through \
             HTTPS (or a tunnel it asks for by CONNECT)"
        ));
    }
    let (host, port) = target.rsplit_once(':').ok_or_else(|| format!("`{target}` names no port"))?;
    let port = port.parse().map_err(|_| format!("`{port}` is not a port"))?;
    let host = host.trim_start_matches('[').trim_end_matches(']');
    Ok((host.to_owned(), port))
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
    fn a_connect_request_names_its_destination_and_any_other_is_refused_saying_why() {
        let head = "CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n";
        assert_eq!(destination(head), Ok(("example.com".to_owned(), 443)));
        assert_eq!(destination("CONNECT [::1]:8443 HTTP/1.1\r\n\r\n"), Ok(("::1".to_owned(), 8443)));
        let refused = destination("GET http://example.com/ HTTP/1.1\r\n\r\n").unwrap_err();
        assert!(refused.contains("CONNECT alone, not GET"), "{refused}");
        assert!(destination("CONNECT example.com HTTP/1.1\r\n\r\n").unwrap_err().contains("names no port"));
        assert!(destination("CONNECT example.com:https HTTP/1.1\r\n\r\n").unwrap_err().contains("not a port"));
    }
}
