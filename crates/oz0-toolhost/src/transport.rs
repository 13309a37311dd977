//! A server started with an MCP transport over its stdio, its output relayed to the client and read on
//! the way for the functions it says must be called as tasks.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use rmcp::RoleClient;
use rmcp::transport::async_rw::AsyncRwTransport;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::process::{ChildStdin, ChildStdout};

use crate::command::ServerCommand;
use crate::error::ToolHostError;
use crate::stdio::StdioServer;
use crate::turns::{Handed, LARGE_MESSAGE, Turns};

/// The longest message read from a server: room for a result of 31 MiB of text and structured content
/// and a file of 32 MiB in base64, so that a result too large to keep is read and refused by name
/// rather than dropped by the transport.
pub const MAX_MESSAGE_BYTES: usize = 160 << 20;

/// The most JSON values one message of a server may hold, counted by the brackets and commas outside
/// its strings, and an object as [`OBJECT_VALUES`]. A parsed value takes 32 bytes or more where its
/// text may take 2 (`0,`), and the edge holds a result's values more than once: a message of 150 MiB
/// of zeros held 11 GiB of the edge's memory, one of 3 MiB of objects `{"a":0}` 350 MiB. A server
/// whose message holds more is stopped, saying why, before the edge parses it; at the bound a message
/// takes some 100 MiB of the edge's. A listing of a thousand tools holds a tenth of it.
pub const MAX_MESSAGE_VALUES: u64 = 1 << 19;

/// What an object counts for among [`MAX_MESSAGE_VALUES`]: its map costs the edge about as much as
/// eight values of an array.
const OBJECT_VALUES: u64 = 8;

/// An MCP client's transport over a server's stdio, its output read through [`relay`].
pub(crate) type Transport = AsyncRwTransport<RoleClient, tokio::io::DuplexStream, ChildStdin>;

/// The functions a server said must be called as a task (`execution.taskSupport: required`), by name.
pub(crate) type TaskRequired = Arc<Mutex<HashSet<String>>>;

/// What the relay of a server's output tells its client: the functions the server says must be called
/// as tasks once it lists them, and the turns of the large messages it read and the client has yet to
/// hand on.
#[derive(Debug, Clone, Default)]
pub(crate) struct Relayed {
    pub tasks: TaskRequired,
    pub handed: Handed,
    /// Set once the server sent a message of more than [`KEPT_MESSAGE`] bytes.
    pub outgrown: Arc<AtomicBool>,
}

/// The longest message a server may send and still be kept for later calls: its client keeps room for
/// its longest message until it stops, so that a tenant's 32 kept servers, each sent 160 MiB once,
/// would hold the edge's 8 GiB between calls. One that sends more is stopped once its calls end, and
/// the next call starts another.
pub const KEPT_MESSAGE: usize = 8 << 20;

/// Starts a server and returns it with an MCP transport over its stdio, and what its relay tells.
pub(crate) async fn start(command: &ServerCommand) -> Result<(StdioServer, Transport, Relayed), ToolHostError> {
    let mut server = StdioServer::spawn(command).await?;
    let Some((stdout, stdin)) = server.take_io() else {
        return Err(ToolHostError::Protocol {
            message: "the server's stdio could not be opened".to_owned(),
            stderr: String::new(),
        });
    };
    let (near, far) = tokio::io::duplex(RELAY_BUFFER);
    let relayed = Relayed::default();
    tokio::spawn(relay(stdout, far, relayed.clone(), server.stopper(), command.turns.clone()));
    let transport = AsyncRwTransport::new_client(near, stdin).with_max_line_length(MAX_MESSAGE_BYTES);
    Ok((server, transport, relayed))
}

/// The size of the pipe between a server's stdout and its MCP client.
const RELAY_BUFFER: usize = 256 << 10;

/// How far into a message `"tools"` is looked for, to tell a listing of functions from the rest.
const LISTING_HEAD: usize = 256;

/// The longest listing of functions read for what it says of tasks.
const MAX_LISTING: usize = 16 << 20;

/// Passes a server's stdout on to its MCP client as it comes, and reads each listing of functions on
/// the way for the functions that must be called as tasks: rmcp's `Tool` keeps no `execution`. A
/// message of more than [`MAX_MESSAGE_VALUES`] values is not passed on: `stopper` stops its server. A
/// message past [`LARGE_MESSAGE`] bytes is read on only in one of the tenant's `turns`, held until the
/// client hands it on.
async fn relay(
    mut from: ChildStdout,
    mut to: tokio::io::DuplexStream,
    Relayed { tasks, handed, outgrown }: Relayed,
    stopper: Option<crate::confine::watch::Stopper>,
    turns: Option<Turns>,
) {
    let mut chunk = vec![0u8; 64 << 10];
    // The message being read, kept only while it may be a listing.
    let mut line: Vec<u8> = Vec::new();
    let mut listing = true;
    let mut values = Values::default();
    // The bytes of the message being read, and the turn it holds once it is large.
    let mut message = 0;
    let mut turn = None;
    loop {
        let n = match from.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if values.read(&chunk[..n]) > MAX_MESSAGE_VALUES {
            if let Some(stopper) = &stopper {
                stopper.stop(format!(
                    "it sent a message of more than {MAX_MESSAGE_VALUES} JSON values (an object counting \
                     {OBJECT_VALUES}), the most the edge reads in one"
                ));
            }
            return;
        }
        for piece in chunk[..n].split_inclusive(|b| *b == b'\n') {
            // A listing is read before the client has it, so that what it says of tasks is known when
            // the client's answer is.
            if listing {
                line.extend_from_slice(piece);
                let head = &line[..line.len().min(LISTING_HEAD)];
                if (line.len() >= LISTING_HEAD && !contains(head, b"\"tools\"")) || line.len() > MAX_LISTING {
                    listing = false;
                    line = Vec::new();
                }
            }
            let ends = piece.ends_with(b"\n");
            if ends && listing && contains(&line, b"taskSupport") {
                note_tasks(&line, &tasks);
            }
            message += piece.len();
            if message > KEPT_MESSAGE {
                outgrown.store(true, Ordering::Relaxed);
            }
            if message > LARGE_MESSAGE
                && turn.is_none()
                && let Some(turns) = &turns
            {
                turn = turns.take().await;
            }
            if to.write_all(piece).await.is_err() {
                return;
            }
            if ends {
                line.clear();
                listing = true;
                message = 0;
                if let Some(turn) = turn.take() {
                    handed.hold(turn);
                }
            }
        }
    }
}

/// Counts the values of the message being read as its bytes pass: the brackets, braces and commas
/// outside its strings, a brace as [`OBJECT_VALUES`]. A line end ends a message wherever it is (rmcp reads a line a message), in a
/// string too, so that a string left open cannot hide the next message's values.
#[derive(Debug, Default)]
struct Values {
    /// The values of the message so far.
    count: u64,
    in_string: bool,
    /// Whether the byte before was a backslash in a string.
    escaped: bool,
}

impl Values {
    /// Reads the next bytes of a server's output, and returns the most values a message held in them.
    fn read(&mut self, bytes: &[u8]) -> u64 {
        let mut most = self.count;
        let mut i = 0;
        while i < bytes.len() {
            if self.in_string {
                if std::mem::take(&mut self.escaped) && bytes[i] != b'\n' {
                    i += 1;
                    continue;
                }
                let Some(at) = memchr::memchr3(b'"', b'\\', b'\n', &bytes[i..]) else { break };
                i += at;
                match bytes[i] {
                    b'"' => self.in_string = false,
                    b'\\' => self.escaped = true,
                    _ => self.end(),
                }
            } else {
                match bytes[i] {
                    b'"' => self.in_string = true,
                    b'[' | b',' => {
                        self.count += 1;
                        most = most.max(self.count);
                    }
                    b'{' => {
                        self.count += OBJECT_VALUES;
                        most = most.max(self.count);
                    }
                    b'\n' => self.end(),
                    _ => {}
                }
            }
            i += 1;
        }
        most
    }

    fn end(&mut self) {
        *self = Self::default();
    }
}

fn contains(haystack: &[u8], needle: &[u8]) -> bool {
    haystack.windows(needle.len()).any(|w| w == needle)
}

/// Notes the functions of a listing whose `execution.taskSupport` is `required`.
fn note_tasks(line: &[u8], tasks: &TaskRequired) {
    let Ok(message) = serde_json::from_slice::<serde_json::Value>(line) else { return };
    let Some(listed) = message.pointer("/result/tools").and_then(|t| t.as_array()) else { return };
    let Ok(mut tasks) = tasks.lock() else { return };
    for tool in listed {
        if tool.pointer("/execution/taskSupport").and_then(|t| t.as_str()) == Some("required")
            && let Some(name) = tool.get("name").and_then(|n| n.as_str())
        {
            tasks.insert(name.to_owned());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The most values a message of `text` holds, read whole and read cut at every byte.
    fn most(text: &str) -> u64 {
        let whole = Values::default().read(text.as_bytes());
        for cut in 0..text.len() {
            let mut values = Values::default();
            let (a, b) = text.as_bytes().split_at(cut);
            assert_eq!(values.read(a).max(values.read(b)), whole, "{text:?} cut at {cut}");
        }
        whole
    }

    #[test]
    fn a_messages_values_are_counted_outside_its_strings_and_a_line_end_starts_the_next() {
        assert_eq!(most(r#"{"a":[0,0,0]}"#), OBJECT_VALUES + 3);
        assert_eq!(most(r#"{"text":"[0,0,{0},0]"}"#), OBJECT_VALUES, "what a string holds is no value");
        assert_eq!(
            most(r#"{"text":"a \"quoted, \\\" [string]\\","b":[1,2]}"#),
            OBJECT_VALUES + 3,
            "escapes end no string"
        );
        assert_eq!(most("[0,0]\n[0,0,0]\n[0]"), 3, "each message on its own");
        // A string left open does not hide the next message's values.
        assert_eq!(most("[\"open\n[0,0,0,0]\n"), 4);
        assert_eq!(most("[\"open\\\n[0,0,0,0]\n"), 4, "nor an escape at its end");
    }
}
