//! A local MCP server run as a child process over stdio, in a process group of its own so that
//! everything it starts ends with it, with an environment built for it rather than inherited, and
//! [confined](crate::confine) as a guest of its edge.
//!
//! A server dies with its edge, however the edge dies, even by SIGKILL, which runs no code of the
//! edge's: the kernel kills the server (its parent-death signal), and a watcher in the server's
//! process group, whose stdin only the edge holds, kills the rest of the group when that stdin closes.
//! Should the watcher be killed too, the server's record lets the next edge on the same folder end
//! what is left (see [`reap`](crate::reap)).

use std::collections::VecDeque;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rustix::process::{Pid, Signal, kill_process_group};
use tokio::io::AsyncReadExt;
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::task::JoinHandle;

use crate::command::{DEFAULT_PATH, ServerCommand};
use crate::confine::exec::{Setup, arm};
use crate::confine::policy::{Fallback, Network};
use crate::confine::support::{Namespaces, Support};
use crate::confine::{self, grants};
use crate::error::ToolHostError;
use crate::sandbox::{Record, make_private_dir, server_tmp};

/// How much of a server's stderr is kept: its end, for error messages.
const STDERR_TAIL: usize = 4096;

/// How long a server is given to exit once its stdin is closed, and again after SIGTERM.
const GRACE: Duration = Duration::from_millis(1500);

/// The end of what a server wrote on stderr, and how much it wrote in all.
#[derive(Debug, Default)]
struct Tail {
    bytes: VecDeque<u8>,
    written: u64,
}

impl Tail {
    fn push(&mut self, bytes: &[u8]) {
        self.bytes.extend(bytes);
        self.written += bytes.len() as u64;
        let extra = self.bytes.len().saturating_sub(STDERR_TAIL);
        self.bytes.drain(..extra);
    }
}

/// A running server. Dropping it kills its whole process group.
#[derive(Debug)]
pub struct StdioServer {
    child: Child,
    group: Option<Pid>,
    stderr: Arc<Mutex<Tail>>,
    reader: Option<JoinHandle<()>>,
    /// Its `TMPDIR`, removed when it stops.
    tmp: PathBuf,
    /// Its record on an edge, removed when it stops.
    record: Option<Record>,
    /// The watcher in its process group, which kills the group when the edge's end of its stdin
    /// closes: when the edge dies, however it dies.
    watcher: Option<Child>,
    /// Why its watchdog stopped it, once it did.
    stopped: confine::watch::Stopped,
    /// Its watchdog.
    watchdog: Option<JoinHandle<()>>,
    /// Its way out, with a network of its own.
    proxy: Option<JoinHandle<()>>,
}

impl StdioServer {
    /// Starts a server, its stdin and stdout piped for MCP and its stderr kept, in the environment
    /// [`ServerCommand::environment`] builds, its `HOME` and a `TMPDIR` of its own made first, confined
    /// as its [`Confinement`](crate::Confinement) says, and watched over its [`Limits`](crate::Limits).
    ///
    /// # Errors
    ///
    /// Returns [`ToolHostError::EmptyCommand`], [`ToolHostError::Sandbox`], [`ToolHostError::Spawn`],
    /// or why it may not be started confined: [`ToolHostError::Unconfined`], [`ToolHostError::Denied`],
    /// [`ToolHostError::Confine`].
    pub async fn spawn(command: &ServerCommand) -> Result<Self, ToolHostError> {
        let (program, args) = command.argv.split_first().ok_or(ToolHostError::EmptyCommand)?;
        make_private_dir(&command.home)?;
        make_private_dir(&command.handed)?;
        let (tmp, mark) = server_tmp(&command.tmp)?;
        // With a network of its own, the socket its start hands its proxy's listener to the edge on.
        let handover = if command.confinement.network == Network::Host {
            None
        } else {
            match crate::proxy::Handover::new() {
                Ok(handover) => Some(handover),
                Err(err) => {
                    let _ = crate::sandbox::remove_folder(&tmp);
                    return Err(ToolHostError::Sandbox { path: tmp, source: Arc::new(err) });
                }
            }
        };
        let handed = handover.as_ref().map_or(-1, crate::proxy::Handover::start);
        let setup = match confinement(command, &tmp, handed) {
            Ok(setup) => setup,
            Err(err) => {
                let _ = crate::sandbox::remove_folder(&tmp);
                return Err(err);
            }
        };
        let mut cmd = Command::new(program);
        let mut environment = command.environment(&tmp, &mark);
        if handover.is_some() {
            environment.extend(crate::proxy::environment().into_iter().map(|(k, v)| (k.into(), v.into())));
        }
        cmd.args(args)
            .current_dir(&command.cwd)
            .env_clear()
            .envs(environment)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .kill_on_drop(true);
        #[cfg(unix)]
        cmd.process_group(0);
        arm(&mut cmd, setup);
        let mut child = match spawn_child(cmd).await {
            Ok(child) => child,
            Err(source) => {
                let _ = crate::sandbox::remove_folder(&tmp);
                return Err(ToolHostError::Spawn { program: program.clone(), source: Arc::new(source) });
            }
        };
        // Served in the server's network namespace, on the listener its start handed over.
        let proxy = match handover.map(|handover| handover.serve(&command.confinement)).transpose() {
            Ok(proxy) => proxy,
            Err(err) => {
                let _ = child.start_kill();
                let _ = crate::sandbox::remove_folder(&tmp);
                return Err(ToolHostError::Spawn { program: program.clone(), source: Arc::new(err) });
            }
        };
        let group = child.id().and_then(|id| i32::try_from(id).ok()).and_then(Pid::from_raw);
        let stderr = Arc::new(Mutex::new(Tail::default()));
        let reader = child.stderr.take().map(|mut pipe| {
            let tail = Arc::clone(&stderr);
            tokio::spawn(async move {
                let mut buf = [0u8; 1024];
                while let Ok(n) = pipe.read(&mut buf).await {
                    if n == 0 {
                        break;
                    }
                    if let Ok(mut tail) = tail.lock() {
                        tail.push(&buf[..n]);
                    }
                }
            })
        });
        #[cfg(unix)]
        let watcher = group.and_then(watch);
        #[cfg(not(unix))]
        let watcher = None;
        let (stopped, watchdog) =
            match (child.id().and_then(|id| i32::try_from(id).ok()).and_then(Pid::from_raw), group) {
                (Some(root), Some(group)) => {
                    let (stopped, task) =
                        confine::watch::watch(root, group, command.limits, vec![command.home.clone(), tmp.clone()]);
                    (stopped, Some(task))
                }
                _ => (confine::watch::Stopped::default(), None),
            };
        let mut server = Self { child, group, stderr, reader, tmp, record: None, watcher, stopped, watchdog, proxy };
        if let (Some(records), Some(group)) = (&command.records, group) {
            // Dropping the server on failure kills it: a server the edge could not record could
            // outlive it.
            let record = Record::write(records, group.as_raw_nonzero().get(), &mark, &server.tmp)
                .map_err(|source| ToolHostError::Sandbox { path: records.clone(), source: Arc::new(source) })?;
            server.record = Some(record);
        }
        Ok(server)
    }

    /// Returns the server's process ID, which is also its process group's.
    pub fn id(&self) -> Option<u32> {
        self.child.id()
    }

    /// Takes the server's stdout and stdin, for the MCP client.
    pub fn take_io(&mut self) -> Option<(ChildStdout, ChildStdin)> {
        Some((self.child.stdout.take()?, self.child.stdin.take()?))
    }

    /// Returns what stops the server saying why, as its watchdog does: for what reads its messages.
    pub(crate) fn stopper(&self) -> Option<confine::watch::Stopper> {
        Some(confine::watch::Stopper { stopped: Arc::clone(&self.stopped), group: self.group? })
    }

    /// Returns why its watchdog stopped the server, once it did.
    pub fn stopped(&self) -> Option<&str> {
        self.stopped.get().map(String::as_str)
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
        self.stderr_since(0)
    }

    /// Returns how many bytes the server has written on stderr so far, to read later what it wrote
    /// after this moment with [`stderr_since`](Self::stderr_since).
    pub fn stderr_mark(&self) -> u64 {
        self.stderr.lock().map_or(0, |tail| tail.written)
    }

    /// Returns what the server wrote on stderr after `mark`, as much of it as is kept, whole lines.
    pub fn stderr_since(&self, mark: u64) -> String {
        let Ok(tail) = self.stderr.lock() else { return String::new() };
        let new = usize::try_from(tail.written.saturating_sub(mark)).unwrap_or(usize::MAX);
        let skip = tail.bytes.len().saturating_sub(new);
        let bytes: Vec<u8> = tail.bytes.iter().skip(skip).copied().collect();
        // When some of it is no longer kept, the first line is only the end of one.
        let cut = new > tail.bytes.len();
        drop(tail);
        let text = String::from_utf8_lossy(&bytes);
        let text = if cut { text.split_once('\n').map_or(&*text, |(_, rest)| rest) } else { &text };
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
        if let Some(mut watcher) = self.watcher.take() {
            let _ = watcher.start_kill();
        }
        if let Some(watchdog) = self.watchdog.take() {
            watchdog.abort();
        }
        if let Some(proxy) = self.proxy.take() {
            proxy.abort();
        }
        let _ = crate::sandbox::remove_folder(&self.tmp);
    }
}

/// The watcher: a shell that waits for its stdin to close, then kills its process group, itself with it.
/// Its stdin is held by the edge alone (the edge's pipes are closed on exec), so it closes when the
/// edge ends, however it ends, and kills what the server started, which the parent-death signal does
/// not reach.
const WATCHER: &str = "read _; kill -9 -$0";

/// Starts the watcher of `group` in that group, or returns `None` when it cannot be started, as when
/// the server already exited; the server's record then lets the next edge end what it left.
#[cfg(unix)]
fn watch(group: Pid) -> Option<Child> {
    let id = group.as_raw_nonzero().get();
    let mut cmd = Command::new("/bin/sh");
    cmd.args(["-c", WATCHER, &id.to_string()])
        .env_clear()
        .env("PATH", DEFAULT_PATH)
        .current_dir("/")
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(id);
    cmd.spawn().ok()
}

/// Returns how the server `command` starts is set up before its exec, its `TMPDIR` being `tmp`:
/// confined where the kernel can, else unconfined if its edge allows it (warned once), else refused.
fn confinement(command: &ServerCommand, tmp: &Path, proxy: libc::c_int) -> Result<Setup, ToolHostError> {
    let support = Support::detect();
    let network = command.confinement.network;
    if network != Network::Host && support.namespaces == Namespaces::None {
        return Err(ToolHostError::NoNetworkNamespace {
            reason: support.namespaces_refused.clone().unwrap_or_else(|| "namespaces are off".to_owned()),
        });
    }
    if !support.confines() {
        if command.confinement.fallback == Fallback::Refuse {
            return Err(ToolHostError::Unconfined { reason: support.describe() });
        }
        static WARNED: std::sync::Once = std::sync::Once::new();
        WARNED.call_once(|| tracing::warn!(why = %support.describe(), "tool servers run unconfined"));
        return Ok(Setup::new(None, support.namespaces, command.limits, network, proxy));
    }
    let plan = grants::plan(command, tmp, support.namespaces == Namespaces::None)?;
    let ruleset = confine::rules::ruleset(&plan)?;
    Ok(Setup::new(ruleset, support.namespaces, command.limits, network, proxy))
}

/// Starts a child on one thread kept for the life of the process. A parent-death signal fires when the
/// thread that started the child ends, not the process (see [`confine`]); a runtime's threads may end while the process
/// lives (a blocking-pool thread after 10 s idle, a worker given up by `block_in_place`), which would
/// kill a server in the middle of its work.
async fn spawn_child(mut cmd: Command) -> std::io::Result<Child> {
    type Job = (Command, tokio::runtime::Handle, tokio::sync::oneshot::Sender<std::io::Result<Child>>);
    static SPAWNER: std::sync::OnceLock<Option<std::sync::mpsc::Sender<Job>>> = std::sync::OnceLock::new();
    let spawner = SPAWNER.get_or_init(|| {
        let (sender, jobs) = std::sync::mpsc::channel::<Job>();
        std::thread::Builder::new()
            .name("oz0-server-spawner".to_owned())
            .spawn(move || {
                for (mut cmd, runtime, reply) in jobs {
                    // The child is watched by the caller's runtime, as if it had started it.
                    let _entered = runtime.enter();
                    // A caller gone before the answer drops the child, which kills it.
                    let _ = reply.send(cmd.spawn());
                }
            })
            .ok()
            .map(|_| sender)
    });
    let Some(spawner) = spawner else { return cmd.spawn() };
    let (reply, answer) = tokio::sync::oneshot::channel();
    match spawner.send((cmd, tokio::runtime::Handle::current(), reply)) {
        Ok(()) => answer.await.unwrap_or_else(|_| Err(std::io::Error::other("the thread that starts servers ended"))),
        Err(std::sync::mpsc::SendError((mut cmd, _, _))) => cmd.spawn(),
    }
}

/// Returns a server's error with the end of its stderr.
pub(crate) async fn with_stderr(server: &mut StdioServer, make: impl FnOnce(String) -> ToolHostError) -> ToolHostError {
    let tail = server.stderr_tail().await;
    make(tail)
}
