//! Remote MCP servers on loopback for the tests: a Python server of the official `mcp` SDK behind a
//! bearer key (tests/fixtures/remote), and the public `server-everything` over streamable HTTP.

use std::io::{BufRead as _, BufReader};
use std::process::{Child, Command, Stdio};

use crate::plugin_support::{everything, python, root};

/// A server on a free loopback port, stopped when dropped.
pub struct Remote {
    child: Child,
    pub port: u16,
}

impl Remote {
    /// Starts `command`, which prints its port alone on a line of stdout.
    pub fn start(mut command: Command) -> Self {
        let mut child = command.stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
        let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
        let port = lines.by_ref().map_while(Result::ok).find_map(|line| line.trim().parse().ok()).expect("its port");
        // The rest of its output is read, so that a server that writes more is never stopped by a closed pipe.
        std::thread::spawn(move || lines.for_each(drop));
        Self { child, port }
    }

    /// The Python fixture, which takes `key`.
    pub fn python(key: &str) -> Self {
        let mut command = Command::new(python());
        command.arg(root().join("tests/fixtures/remote/server.py")).arg(key);
        Self::start(command)
    }

    /// `server-everything` over streamable HTTP, kept on loopback by tests/fixtures/remote/loopback.cjs.
    pub fn everything() -> Self {
        Self::everything_over("streamableHttp")
    }

    /// `server-everything` in one of its modes: `streamableHttp` (at /mcp), or `sse`, MCP's older
    /// HTTP+SSE transport (at /sse).
    pub fn everything_over(mode: &str) -> Self {
        let mut command = Command::new("node");
        command
            .arg("--require")
            .arg(root().join("tests/fixtures/remote/loopback.cjs"))
            .arg(everything())
            .arg(mode)
            .env("PORT", "0");
        Self::start(command)
    }

    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }
}

impl Drop for Remote {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
