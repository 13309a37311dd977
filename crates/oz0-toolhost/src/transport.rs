//! A server started with an MCP transport over its stdio, its output relayed to the client and read on
//! the way for the functions it says must be called as tasks.

use std::collections::HashSet;
use std::sync::{Arc, Mutex};

use rmcp::RoleClient;
use rmcp::transport::async_rw::AsyncRwTransport;
use tokio::io::{AsyncReadExt as _, AsyncWriteExt as _};
use tokio::process::{ChildStdin, ChildStdout};

use crate::command::ServerCommand;
use crate::error::ToolHostError;
use crate::stdio::StdioServer;

/// The longest message read from a server: room for a result of 31 MiB of text and structured content
/// and a file of 32 MiB in base64, so that a result too large to keep is read and refused by name
/// rather than dropped by the transport.
pub const MAX_MESSAGE_BYTES: usize = 160 << 20;

/// An MCP client's transport over a server's stdio, its output read through [`relay`].
pub(crate) type Transport = AsyncRwTransport<RoleClient, tokio::io::DuplexStream, ChildStdin>;

/// The functions a server said must be called as a task (`execution.taskSupport: required`), by name.
pub(crate) type TaskRequired = Arc<Mutex<HashSet<String>>>;

/// Starts a server and returns it with an MCP transport over its stdio, and the functions it will
/// say must be called as tasks once it lists them.
pub(crate) async fn start(command: &ServerCommand) -> Result<(StdioServer, Transport, TaskRequired), ToolHostError> {
    let mut server = StdioServer::spawn(command).await?;
    let Some((stdout, stdin)) = server.take_io() else {
        return Err(ToolHostError::Protocol {
            message: "the server's stdio could not be opened".to_owned(),
            stderr: String::new(),
        });
    };
    let (near, far) = tokio::io::duplex(RELAY_BUFFER);
    let tasks = TaskRequired::default();
    tokio::spawn(relay(stdout, far, Arc::clone(&tasks)));
    let transport = AsyncRwTransport::new_client(near, stdin).with_max_line_length(MAX_MESSAGE_BYTES);
    Ok((server, transport, tasks))
}

/// The size of the pipe between a server's stdout and its MCP client.
const RELAY_BUFFER: usize = 256 << 10;

/// How far into a message `"tools"` is looked for, to tell a listing of functions from the rest.
const LISTING_HEAD: usize = 256;

/// The longest listing of functions read for what it says of tasks.
const MAX_LISTING: usize = 16 << 20;

/// Passes a server's stdout on to its MCP client as it comes, and reads each listing of functions on
/// the way for the functions that must be called as tasks: rmcp's `Tool` keeps no `execution`.
async fn relay(mut from: ChildStdout, mut to: tokio::io::DuplexStream, tasks: TaskRequired) {
    let mut chunk = vec![0u8; 64 << 10];
    // The message being read, kept only while it may be a listing.
    let mut line: Vec<u8> = Vec::new();
    let mut listing = true;
    loop {
        let n = match from.read(&mut chunk).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        // A listing is read before the client has it, so that what it says of tasks is known when the
        // client's answer is.
        for piece in chunk[..n].split_inclusive(|b| *b == b'\n') {
            if listing {
                line.extend_from_slice(piece);
                let head = &line[..line.len().min(LISTING_HEAD)];
                if (line.len() >= LISTING_HEAD && !contains(head, b"\"tools\"")) || line.len() > MAX_LISTING {
                    listing = false;
                    line = Vec::new();
                }
            }
            if piece.ends_with(b"\n") {
                if listing && contains(&line, b"taskSupport") {
                    note_tasks(&line, &tasks);
                }
                line.clear();
                listing = true;
            }
        }
        if to.write_all(&chunk[..n]).await.is_err() {
            return;
        }
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
