//! What every end-to-end test of the binary shares: an isolated environment to run `oz0` in, the edge
//! it reaches (embedded, or served with its state in SQLite or in PostgreSQL), and the PostgreSQL
//! server of the tests.

use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

use assert_cmd::Command;

/// An isolated home for one test: its own `HOME`, `OZ0_HOME` and config folder, and a work folder; and,
/// for [`Transport::Shared`], a PostgreSQL database of its own that its served edges keep their state in.
pub struct TestEnv {
    dir: tempfile::TempDir,
    database: Option<Database>,
}

impl TestEnv {
    pub fn new() -> Self {
        let dir = tempfile::tempdir().expect("a temp folder");
        for sub in ["home", "oz0", "config", "work"] {
            std::fs::create_dir_all(dir.path().join(sub)).expect("a folder in the temp folder");
        }
        Self { dir, database: None }
    }

    /// Returns an environment for `transport`: for [`Transport::Shared`], with a fresh database that every
    /// `serve*` of it stores its state in, so that an edge restarted on it keeps its state, as it does
    /// in SQLite under the same `--data`.
    pub fn for_transport(transport: Transport) -> Self {
        let mut env = Self::new();
        if transport == Transport::Shared {
            env.database = Some(Database::new(&postgres_server(), "shared"));
        }
        env
    }

    /// Returns the URL of the PostgreSQL database this environment's served edges keep their state in;
    /// `None` when they keep it in SQLite under their `--data`.
    pub fn store(&self) -> Option<&str> {
        self.database.as_ref().map(|db| db.url.as_str())
    }

    /// Returns the embedded edge's folder, $OZ0_HOME.
    pub fn home(&self) -> PathBuf {
        self.dir.path().join("oz0")
    }

    /// Returns the folder commands run in.
    pub fn work(&self) -> PathBuf {
        self.dir.path().join("work")
    }

    /// Writes a file into the work folder and returns its path.
    pub fn write(&self, name: &str, contents: impl AsRef<[u8]>) -> PathBuf {
        let path = self.work().join(name);
        std::fs::write(&path, contents).expect("a file in the work folder");
        path
    }

    /// Returns `oz0` ready to run in the work folder, with nothing of the real environment.
    pub fn oz0(&self) -> Command {
        Command::from_std(self.oz0_process())
    }

    /// Returns `oz0` as a process to spawn and signal, set up as [`TestEnv::oz0`] is.
    pub fn oz0_process(&self) -> std::process::Command {
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("oz0"));
        cmd.current_dir(self.work())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path().join("home"))
            .env("OZ0_HOME", self.dir.path().join("oz0"))
            .env("XDG_CONFIG_HOME", self.dir.path().join("config"))
            .env("NO_COLOR", "1");
        cmd
    }
}

/// Returns the path of a fixture of the core crate's tests.
pub fn fixture(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/oz0-core/tests/fixtures").join(name)
}

/// Returns a plugin's archive, as `oz0 plugin install` sends it, holding the manifest `manifest` alone.
pub fn manifest_archive(manifest: &str) -> Vec<u8> {
    let mut builder = tar::Builder::new(Vec::new());
    let mut header = tar::Header::new_gnu();
    header.set_size(manifest.len() as u64);
    header.set_mode(0o644);
    header.set_cksum();
    builder.append_data(&mut header, "oz0-plugin.yaml", manifest.as_bytes()).expect("an archive");
    builder.into_inner().expect("an archive")
}

/// Returns every file under `dir`, and every other entry that is not a folder, not following links.
pub fn files_under(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            files.extend(files_under(&path));
        } else {
            files.push(path);
        }
    }
    files
}

/// Returns the files under `dir` whose bytes hold `needle`.
pub fn files_holding(dir: &Path, needle: impl AsRef<[u8]>) -> Vec<PathBuf> {
    let needle = needle.as_ref();
    files_under(dir)
        .into_iter()
        .filter(|file| std::fs::read(file).is_ok_and(|bytes| bytes.windows(needle.len()).any(|w| w == needle)))
        .collect()
}

/// Returns what a command printed, as text.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// An `oz0 edge serve` started for one test on a free port, killed when dropped.
pub struct ServedEdge {
    child: std::process::Child,
    /// Its address, `http://127.0.0.1:PORT`.
    pub url: String,
    /// The admin token it printed on its first start; empty when the store had tokens already.
    pub token: String,
    /// What it wrote to stdout before it listened.
    pub stdout: String,
}

impl ServedEdge {
    /// Returns the server's process ID.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Sends SIGKILL and waits for the process to end.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Returns the server's process, to signal or wait for.
    pub fn child(&mut self) -> &mut std::process::Child {
        &mut self.child
    }
}

impl Drop for ServedEdge {
    fn drop(&mut self) {
        self.kill();
    }
}

impl TestEnv {
    /// Returns the folder a served edge of this test keeps its state in.
    pub fn data(&self) -> PathBuf {
        self.dir.path().join("served")
    }

    /// Starts `oz0 edge serve` on 127.0.0.1, port 0, with its state in `data()`, and waits until it
    /// listens.
    pub fn serve(&self) -> ServedEdge {
        self.serve_in(&self.data())
    }

    /// Starts `oz0 edge serve` with its state in `data`, and waits until it listens.
    pub fn serve_in(&self, data: &Path) -> ServedEdge {
        self.serve_with(data, &[])
    }

    /// Starts `oz0 edge serve` with its state in `data` (or in the environment's database, its files and
    /// plugins in `data`) and the variables `envs` added to its environment, and waits until it listens.
    pub fn serve_with(&self, data: &Path, envs: &[(&str, std::ffi::OsString)]) -> ServedEdge {
        self.serve_with_flags(data, envs, &[])
    }

    /// Starts `oz0 edge serve` as [`TestEnv::serve_with`] does, with `flags` added to its command line.
    pub fn serve_with_flags(
        &self,
        data: &Path,
        envs: &[(&str, std::ffi::OsString)],
        flags: &[std::ffi::OsString],
    ) -> ServedEdge {
        use std::io::BufRead;
        let stderr = std::fs::File::create(self.dir.path().join("serve.stderr")).expect("a log file");
        let mut cmd = std::process::Command::new(assert_cmd::cargo::cargo_bin("oz0"));
        cmd.args(["edge", "serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .args(flags)
            .current_dir(self.work())
            .env_clear()
            .env("PATH", std::env::var_os("PATH").unwrap_or_default())
            .env("HOME", self.dir.path().join("home"))
            .env("OZ0_HOME", self.dir.path().join("oz0"))
            .env("XDG_CONFIG_HOME", self.dir.path().join("config"))
            .env("NO_COLOR", "1");
        if let Some(store) = self.store() {
            cmd.env("OZ0_STORE", store);
        }
        // The public reference servers the tests install from npm: the operator lets tools read them.
        let servers = Path::new(env!("CARGO_MANIFEST_DIR")).join(".test-servers");
        if servers.is_dir() {
            cmd.arg("--tools-may-read").arg(servers);
        }
        let mut child = cmd
            .envs(envs.iter().map(|(k, v)| (*k, v)))
            .stdin(std::process::Stdio::null())
            .stdout(std::process::Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("oz0 edge serve starts");
        let mut lines = std::io::BufReader::new(child.stdout.take().expect("its stdout")).lines();
        let mut stdout = String::new();
        let url = loop {
            let Some(Ok(line)) = lines.next() else {
                let log = std::fs::read_to_string(self.dir.path().join("serve.stderr")).unwrap_or_default();
                panic!("oz0 edge serve ended before it listened:\n{stdout}\n{log}");
            };
            stdout.push_str(&line);
            stdout.push('\n');
            if let Some(url) = line.strip_prefix("listening on ") {
                break url.to_owned();
            }
        };
        let token = stdout.split_whitespace().find(|w| w.starts_with("oz0_")).unwrap_or_default().to_owned();
        ServedEdge { child, url, token, stdout }
    }

    /// Starts a node of a store several nodes share (`OZ0_STORE` in `envs`): its data in the work
    /// folder's `name`, and the key file the first node made, which every node needs.
    pub fn serve_node(&self, name: &str, envs: &[(&str, std::ffi::OsString)]) -> ServedEdge {
        let key = self.work().join("edge.key");
        self.serve_with_flags(&self.work().join(name), envs, &["--key-file".into(), key.into()])
    }

    /// Returns what the served edge wrote on stderr: its log.
    pub fn serve_log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("serve.stderr")).unwrap_or_default()
    }

    /// Returns `oz0` ready to talk to `edge` with `token`.
    pub fn oz0_at(&self, edge: &ServedEdge, token: &str) -> Command {
        let mut cmd = self.oz0();
        cmd.env("OZ0_EDGE", &edge.url).env("OZ0_TOKEN", token);
        cmd
    }
}

/// How a test reaches the edge, and where the edge keeps its state.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Transport {
    /// The embedded edge, its state in SQLite under $OZ0_HOME.
    Embedded,
    /// `oz0 edge serve` over HTTP, its state in SQLite under its `--data`.
    Served,
    /// `oz0 edge serve` over HTTP, its state in a PostgreSQL database of the test's own.
    Shared,
}

impl Transport {
    /// Returns whether the test reaches the edge over HTTP, through `oz0 edge serve`.
    pub fn served(self) -> bool {
        matches!(self, Self::Served | Self::Shared)
    }
}

/// Returns the transports a scenario runs through: embedded (in the process, on SQLite) and served on
/// PostgreSQL (over HTTP; see [`postgres_server`]). Between them they take each way to the edge and each
/// store; the third pairing, served on SQLite, runs the scenarios of a served edge
/// ([`served_transports`]), the edge crate's own tests and the console's. A third run of every scenario
/// would add a third of the suite's time, most of it Python servers starting, to show nothing the two
/// do not: the store's semantics are the shared store tests', run on both stores.
pub fn transports() -> Vec<Transport> {
    vec![Transport::Embedded, Transport::Shared]
}

/// Returns the served transports: `oz0 edge serve` on SQLite and on PostgreSQL. For the scenarios that
/// need an edge over HTTP: detached jobs, tokens of their own, servers kept between calls, an edge killed
/// and started again.
pub fn served_transports() -> Vec<Transport> {
    vec![Transport::Served, Transport::Shared]
}

/// A test's environment and its edge, embedded or served. The served edge comes first, to be killed
/// before its environment's folder and database go.
pub struct Site {
    pub served: Option<ServedEdge>,
    pub env: TestEnv,
}

impl Site {
    pub fn new(transport: Transport) -> Self {
        let env = TestEnv::for_transport(transport);
        let served = transport.served().then(|| env.serve());
        Self { served, env }
    }

    /// Returns `oz0` as the tenant's admin: the embedded edge's local person, or the served edge's first
    /// admin.
    pub fn oz0(&self) -> Command {
        match &self.served {
            Some(edge) => self.env.oz0_at(edge, &edge.token),
            None => self.env.oz0(),
        }
    }
}

/// The variable naming the tests' PostgreSQL server.
pub const POSTGRES_VARIABLE: &str = "OZ0_TEST_POSTGRES";

/// Returns the URL of the tests' PostgreSQL server, which `OZ0_TEST_POSTGRES` names (`source
/// scripts/postgres-env` starts a throwaway one, as `scripts/test` does). Without it, the test fails
/// saying so: the edge on PostgreSQL is never left untested.
pub fn postgres_server() -> String {
    match std::env::var(POSTGRES_VARIABLE) {
        Ok(url) if !url.is_empty() => url,
        _ => panic!(
            "{POSTGRES_VARIABLE} is not set, and the edge on PostgreSQL must be tested: run scripts/test, or source \
             scripts/postgres-env first (it starts a throwaway PostgreSQL, installing it when missing)"
        ),
    }
}

/// Returns `url` with its database replaced by `name`.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, ""), |(b, q)| (b, q));
    let authority = base.find("://").map_or(0, |i| i + 3);
    let end = base[authority..].find('/').map_or(base.len(), |i| authority + i);
    let query = if query.is_empty() { String::new() } else { format!("?{query}") };
    format!("{}/{name}{query}", &base[..end])
}

/// Runs `sql` with `psql` on the database at `url`, stopping at the first error.
pub fn psql(url: &str, sql: &str) -> std::process::Output {
    psql_with(url, sql, "-q")
}

/// Returns the one value `sql` selects on the database at `url`, unaligned and without a header.
pub fn psql_value(url: &str, sql: &str) -> String {
    let out = psql_with(url, sql, "-At");
    assert!(out.status.success(), "psql {sql}: {}", text(&out.stderr));
    text(&out.stdout).trim().to_owned()
}

fn psql_with(url: &str, sql: &str, format: &str) -> std::process::Output {
    std::process::Command::new("psql")
        .args(["-X", format, "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
        .output()
        .unwrap_or_else(|err| panic!("psql runs (PostgreSQL's client, installed by scripts/postgres-env): {err}"))
}

/// A database made for one test on the tests' server, dropped with it.
pub struct Database {
    server: String,
    pub name: String,
    pub url: String,
}

impl Database {
    /// Makes a database on `server` named after `label`, this process and a count of the databases it
    /// made, so that the tests running at once, in this binary and in others, each have their own.
    pub fn new(server: &str, label: &str) -> Self {
        static MADE: AtomicU32 = AtomicU32::new(0);
        let suffix = format!("_{}_{}", std::process::id(), MADE.fetch_add(1, Ordering::Relaxed));
        let label: String =
            label.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
        // PostgreSQL cuts an identifier at 63 bytes.
        let room = 63 - "oz0_e2e_".len() - suffix.len();
        let name = format!("oz0_e2e_{}{suffix}", &label[..label.len().min(room)]);
        // A database of a process that died with this PID.
        let _ = psql(server, &format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)"));
        let made = psql(server, &format!("CREATE DATABASE {name}"));
        assert!(made.status.success(), "CREATE DATABASE {name}: {}", text(&made.stderr));
        Self { server: server.to_owned(), url: with_database(server, &name), name }
    }
}

impl Drop for Database {
    fn drop(&mut self) {
        let _ = psql(&self.server, &format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
    }
}

/// The variable the tool host marks every process of a server with, a value of each server's own.
pub const SERVER_MARK: &str = "OZ0_SERVER";

/// A process of a tool's server, seen from outside: its IDs are the ones this process sees, not those of
/// the PID namespace the server runs in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServerProcess {
    pub pid: u32,
    /// Its parent: for a server's first process, the process the edge started (a relay that waits for
    /// it), or the edge itself where the server has no PID namespace.
    pub parent: u32,
    /// Its process group, the one the edge records and kills.
    pub group: u32,
    /// Its server's mark.
    pub mark: String,
    /// Its `HOME`, its tool's.
    pub home: PathBuf,
}

/// A server found running: the process its command started, and the processes that one started.
#[derive(Debug, Clone)]
pub struct RunningServer {
    pub first: ServerProcess,
    pub children: Vec<ServerProcess>,
}

impl RunningServer {
    /// Returns its mark, which every process of it carries.
    pub fn mark(&self) -> &str {
        &self.first.mark
    }
}

/// Returns what `/proc/<pid>/stat` holds after the command's name, the state first; `None` when the
/// process is gone.
fn stat_fields(pid: u32) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    Some(rest.split_whitespace().map(str::to_owned).collect())
}

/// Returns the parent and the process group of a process that has not ended (a zombie has).
pub fn parent_and_group(pid: u32) -> Option<(u32, u32)> {
    let fields = stat_fields(pid)?;
    if matches!(fields.first().map(String::as_str), Some("Z" | "X")) {
        return None;
    }
    Some((fields.get(1)?.parse().ok()?, fields.get(2)?.parse().ok()?))
}

/// Returns the live processes of every tool server on this machine that this process may read.
pub fn server_processes() -> Vec<ServerProcess> {
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    let wanted = format!("{SERVER_MARK}=");
    let mut found = Vec::new();
    for entry in entries.flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|name| name.parse::<u32>().ok()) else { continue };
        // Another user's process, or one gone since: not one of this test's servers.
        let Ok(environ) = std::fs::read(format!("/proc/{pid}/environ")) else { continue };
        let (mut mark, mut home) = (None, None);
        for var in environ.split(|b| *b == 0) {
            let var = String::from_utf8_lossy(var);
            if let Some(value) = var.strip_prefix(&wanted) {
                mark = Some(value.to_owned());
            } else if let Some(value) = var.strip_prefix("HOME=") {
                home = Some(PathBuf::from(value));
            }
        }
        let (Some(mark), Some((parent, group))) = (mark, parent_and_group(pid)) else { continue };
        found.push(ServerProcess { pid, parent, group, mark, home: home.unwrap_or_default() });
    }
    found
}

/// Returns the live processes of the servers whose `HOME` is `home` (a tool's) or a folder in it.
pub fn tool_processes(home: &Path) -> Vec<ServerProcess> {
    let home = home.canonicalize().unwrap_or_else(|_| home.to_path_buf());
    server_processes().into_iter().filter(|p| p.home.canonicalize().is_ok_and(|h| h.starts_with(&home))).collect()
}

/// Returns the live processes of the server marked `mark`.
pub fn marked_processes(mark: &str) -> Vec<ServerProcess> {
    server_processes().into_iter().filter(|p| p.mark == mark).collect()
}

/// Returns the servers among `processes`, each with the processes its first one started.
pub fn running_servers(processes: &[ServerProcess]) -> Vec<RunningServer> {
    processes
        .iter()
        .filter(|p| !processes.iter().any(|q| q.pid == p.parent && q.mark == p.mark))
        .map(|first| RunningServer {
            first: first.clone(),
            children: processes.iter().filter(|p| p.parent == first.pid).cloned().collect(),
        })
        .collect()
}

/// How long a test waits for what it expects (a server up, a process gone, a job ended) before it calls
/// it missing: long enough for a machine loaded several times over, and spent only when something is
/// wrong, since the wait ends as soon as the thing happens.
pub const PATIENCE: std::time::Duration = std::time::Duration::from_secs(60);

/// Polls `found` until it returns something, for up to `within`, and returns it; fails the test,
/// saying `what` did not happen, when it never does.
pub fn poll<T>(what: &str, within: std::time::Duration, mut found: impl FnMut() -> Option<T>) -> T {
    let start = std::time::Instant::now();
    loop {
        if let Some(found) = found() {
            return found;
        }
        assert!(start.elapsed() < within, "{what} within {within:?}");
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
}

/// Waits up to `within` for a server whose `HOME` is `home` or a folder in it to run with a child of its
/// own, while `starter` (the command that has it started) runs, and returns it; fails the test, with
/// what `starter` wrote on stderr when it was piped, should `starter` end first.
pub fn wait_for_server_with_child(
    home: &Path,
    starter: &mut std::process::Child,
    within: std::time::Duration,
) -> RunningServer {
    poll(&format!("a server whose HOME is in {} starts a child", home.display()), within, || {
        if let Some(status) = starter.try_wait().expect("the command's status") {
            let mut stderr = String::new();
            if let Some(mut pipe) = starter.stderr.take() {
                let _ = std::io::Read::read_to_string(&mut pipe, &mut stderr);
            }
            panic!(
                "the command ended ({status}) before a server whose HOME is in {} started a child:\n{stderr}",
                home.display()
            );
        }
        running_servers(&tool_processes(home)).into_iter().find(|server| !server.children.is_empty())
    })
}

/// Waits up to `within` for every process of the server marked `mark` to end, and returns those left.
pub fn wait_server_gone(mark: &str, within: std::time::Duration) -> Vec<ServerProcess> {
    let start = std::time::Instant::now();
    loop {
        let left = marked_processes(mark);
        if left.is_empty() || start.elapsed() > within {
            return left;
        }
        std::thread::sleep(std::time::Duration::from_millis(25));
    }
}
