//! A local MCP server run as a child process over stdio, in a process group of its own so that
//! everything it starts ends with it.

use std::collections::VecDeque;
use std::path::PathBuf;
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustix::process::{Pid, Signal, kill_process_group};
use tokio::io::AsyncReadExt;
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::task::JoinHandle;

use super::ToolHostError;

/// How much of a server's stderr is kept: its end, for error messages.
const STDERR_TAIL: usize = 4096;

/// How long a server is given to exit once its stdin is closed, and again after SIGTERM.
const GRACE: Duration = Duration::from_millis(1500);

/// How to start a local server: its argv, run in a folder, with extra environment variables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerCommand {
    /// The program and its arguments.
    pub argv: Vec<String>,
    /// The folder it runs in: the plugin's folder.
    pub cwd: PathBuf,
    /// Variables added to the environment it inherits.
    pub env: Vec<(String, String)>,
}

impl ServerCommand {
    /// Returns a command of `argv` run in `cwd`.
    pub fn new(argv: Vec<String>, cwd: PathBuf) -> Self {
        Self { argv, cwd, env: Vec::new() }
    }
}

/// A running server. Dropping it kills its whole process group.
#[derive(Debug)]
pub struct StdioServer {
    child: Child,
    group: Option<Pid>,
    stderr: Arc<Mutex<VecDeque<u8>>>,
    reader: Option<JoinHandle<()>>,
}

impl StdioServer {
    /// Starts a server, its stdin and stdout piped for MCP and its stderr kept.
    ///
    /// # Errors
    ///
    /// Returns [`ToolHostError::EmptyCommand`] or [`ToolHostError::Spawn`].
    pub fn spawn(command: &ServerCommand) -> Result<Self, ToolHostError> {
        let (program, args) = command.argv.split_first().ok_or(ToolHostError::EmptyCommand)?;
        let mut cmd = Command::new(program);
        cmd.args(args)
            .current_dir(&command.cwd)
            .envs(command.env.iter().map(|(k, v)| (k, v)))
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        #[cfg(unix)]
        cmd.process_group(0);
        let mut child = cmd.spawn().map_err(|source| ToolHostError::Spawn { program: program.clone(), source })?;
        let group = child.id().and_then(|id| i32::try_from(id).ok()).and_then(Pid::from_raw);
        let stderr = Arc::new(Mutex::new(VecDeque::with_capacity(STDERR_TAIL)));
        let reader = child.stderr.take().map(|mut pipe| {
            let tail = Arc::clone(&stderr);
            tokio::spawn(async move {
                let mut buf = [0u8; 1024];
                while let Ok(n) = pipe.read(&mut buf).await {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut tail) = tail.lock() {
                        tail.extend(&buf[..n]);
                        let extra = tail.len().saturating_sub(STDERR_TAIL);
                        tail.drain(..extra);
                    }
                }
            })
        });
        Ok(Self { child, group, stderr, reader })
    }

    /// Returns the server's process ID, which is also its process group's.
    pub fn id(&self) -> Option<u32> {
        self.child.id()
    }

    /// Takes the server's stdout and stdin, for the MCP client.
    pub fn take_io(&mut self) -> Option<(ChildStdout, ChildStdin)> {
        Some((self.child.stdout.take()?, self.child.stdin.take()?))
    }

    /// Returns how the server exited, if it has.
    pub fn exited(&mut self) -> Option<String> {
        self.child.try_wait().ok().flatten().map(|status| status.to_string())
    }

    /// Returns the end of what the server wrote on stderr, whole lines, once the pipe has drained or a
    /// moment has passed.
    pub async fn stderr_tail(&mut self) -> String {
        if let Some(reader) = self.reader.as_mut()
            && self.child.try_wait().ok().flatten().is_some()
        {
            let _ = tokio::time::timeout(Duration::from_millis(500), reader).await;
            self.reader = None;
        }
        let bytes: Vec<u8> = self.stderr.lock().map(|t| t.iter().copied().collect()).unwrap_or_default();
        let text = String::from_utf8_lossy(&bytes);
        let text =
            if bytes.len() >= STDERR_TAIL { text.split_once('\n').map_or(&*text, |(_, rest)| rest) } else { &text };
        text.trim_end().to_owned()
    }

    /// Waits briefly for the server to exit, as a crashing server does.
    pub async fn wait_exit(&mut self, within: Duration) -> Option<String> {
        match tokio::time::timeout(within, self.child.wait()).await {
            Ok(Ok(status)) => Some(status.to_string()),
            _ => None,
        }
    }

    /// Stops the server as MCP's stdio transport says: its stdin is closed, then SIGTERM, then SIGKILL,
    /// each to its whole process group.
    pub async fn shutdown(mut self) {
        drop(self.child.stdin.take());
        if self.wait_exit(GRACE).await.is_none() {
            self.signal(Signal::TERM);
            if self.wait_exit(GRACE).await.is_none() {
                self.signal(Signal::KILL);
                let _ = self.child.wait().await;
            }
        }
        // What the server started may outlive it.
        self.signal(Signal::KILL);
    }

    fn signal(&self, signal: Signal) {
        #[cfg(unix)]
        if let Some(group) = self.group {
            let _ = kill_process_group(group, signal);
        }
    }
}

impl Drop for StdioServer {
    fn drop(&mut self) {
        self.signal(Signal::KILL);
        let _ = self.child.start_kill();
        if let Some(reader) = self.reader.take() {
            reader.abort();
        }
    }
}

/// Returns a server's error with the end of its stderr.
pub(crate) async fn with_stderr(server: &mut StdioServer, make: impl FnOnce(String) -> ToolHostError) -> ToolHostError {
    let tail = server.stderr_tail().await;
    make(tail)
}
