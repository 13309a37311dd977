//! A loopback HTTP/1.1 server of JSON requests and answers, enough to stand in for a model provider:
//! shared by the tests' scripted provider and `xtask scripted-provider`.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::Arc;

use serde_json::Value;

/// What answers a request: given its JSON body, the status line's code and text, and the answer's body.
pub type Respond = dyn Fn(&Value) -> (&'static str, Value) + Send + Sync;

/// Serves each connection of `listener` on a thread of its own, answering each request with `respond`.
pub fn serve(listener: TcpListener, respond: Arc<Respond>) {
    for stream in listener.incoming().flatten() {
        let respond = Arc::clone(&respond);
        std::thread::spawn(move || connection(stream, &*respond));
    }
}

/// Answers the requests of one connection, kept alive, until it closes.
fn connection(stream: TcpStream, respond: &Respond) {
    let Ok(clone) = stream.try_clone() else { return };
    let mut reader = BufReader::new(clone);
    let mut writer = stream;
    while let Some(request) = read_request(&mut reader) {
        let (status, answer) = respond(&request);
        // An answer `{"sse": TEXT}` is a stream of server-sent events, written as it is.
        let (text, kind) = match answer.get("sse").and_then(|sse| sse.as_str()) {
            Some(events) => (events.to_owned(), "text/event-stream"),
            None => (answer.to_string(), "application/json"),
        };
        let head = format!("HTTP/1.1 {status}\r\ncontent-type: {kind}\r\ncontent-length: {}\r\n\r\n", text.len());
        if writer.write_all(head.as_bytes()).and_then(|()| writer.write_all(text.as_bytes())).is_err() {
            return;
        }
    }
}

/// Reads one request's headers and its body of `content-length` bytes, as JSON (`null` when it is not).
fn read_request(reader: &mut impl BufRead) -> Option<Value> {
    let (mut length, mut started, mut line) = (0usize, false, String::new());
    loop {
        line.clear();
        if reader.read_line(&mut line).ok()? == 0 {
            return None;
        }
        let trimmed = line.trim_end();
        if trimmed.is_empty() {
            if started {
                break;
            }
            continue;
        }
        started = true;
        if let Some((name, value)) = trimmed.split_once(':')
            && name.eq_ignore_ascii_case("content-length")
        {
            length = value.trim().parse().unwrap_or(0);
        }
    }
    let mut body = vec![0u8; length];
    reader.read_exact(&mut body).ok()?;
    Some(serde_json::from_slice(&body).unwrap_or(Value::Null))
}
