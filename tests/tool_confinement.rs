//! A tool's server is a guest of its edge. A hostile plugin (tests/fixtures/plugins/hostile), installed
//! as a second tenant of a served edge, or by a person on the embedded edge, tries from inside its
//! server every way to the first tenant's files, rows and secrets, the edge's provider key and tokens,
//! and other processes' memory, environment and command lines; it reaches none of them, whether the
//! edge runs as root or as an unprivileged user, with every kind of confinement the kernel offers. A
//! server that shares the machine's network reaches what listens beside the edge (its port, a shared
//! store's database); one of an edge started with `--tool-network none` or `public` reaches none of
//! it, the second through the edge's proxy to public addresses alone. A
//! server that forks or allocates without end is stopped, not the edge, and the trace says why; an
//! edge that cannot confine refuses to run servers unless its operator says otherwise.

use crate::common;

use std::io::{BufRead, Read, Write};
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};

use common::{Database, Transport, files_under, postgres_server, text};
use serde_json::{Value, json};

/// The provider key in the edge's environment (and the caller's, on the embedded edge).
const EDGE_KEY: &str = "sk-edge-provider-key-5d1e0c";

/// The secret the first tenant gives its plugin at install.
const VICTIM_SECRET: &str = "victim-plugin-secret-7a2c44";

/// The bytes of a file the first tenant stores.
const VICTIM_FILE: &str = "victim-file-contents-9b3f18";

/// The user an unprivileged edge runs as: `nobody`.
const NOBODY: (u32, u32) = (65534, 65534);

/// The `PATH` of every edge here: the system's Python, which the hostile plugin needs and any user
/// may run.
const PATH: &str = "/usr/local/bin:/usr/bin:/bin";

fn hostile() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/plugins/hostile")
}

/// Returns the bytes of the files that the hostile server's `fill_disk` wrote under `dir`.
fn filled(dir: &Path) -> u64 {
    bytes_under(dir, |name| name.starts_with("fill-"))
}

/// Returns whether a folder named `name` is under `dir`.
fn holds_folder(dir: &Path, name: &str) -> bool {
    std::fs::read_dir(dir).into_iter().flatten().flatten().any(|entry| {
        entry.file_type().is_ok_and(|t| t.is_dir()) && (entry.file_name() == name || holds_folder(&entry.path(), name))
    })
}

/// Returns the bytes of every file under `dir`.
fn folder_bytes(dir: &Path) -> u64 {
    bytes_under(dir, |_| true)
}

/// Returns the bytes of the files under `dir` whose names `counted` says.
fn bytes_under(dir: &Path, counted: impl Fn(&str) -> bool) -> u64 {
    let mut pending = vec![dir.to_path_buf()];
    let mut bytes = 0;
    while let Some(folder) = pending.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            if meta.is_dir() {
                pending.push(entry.path());
            } else if counted(&entry.file_name().to_string_lossy()) {
                bytes += meta.len();
            }
        }
    }
    bytes
}

fn is_root() -> bool {
    std::fs::metadata("/proc/self").is_ok_and(|m| std::os::unix::fs::MetadataExt::uid(&m) == 0)
}

/// Who the edge runs as: this process's user, and `nobody` too when this process is root.
fn users() -> Vec<Option<(u32, u32)>> {
    if is_root() { vec![None, Some(NOBODY)] } else { vec![None] }
}

/// An edge of one test, embedded or served, run as `user` (this process's when `None`), with its
/// state in a folder that user owns, and `OZ0_CONFINE=mode`.
struct Guest {
    served: Option<Served>,
    database: Option<Database>,
    dir: tempfile::TempDir,
    user: Option<(u32, u32)>,
    mode: &'static str,
}

struct Served {
    child: Child,
    url: String,
    /// The first tenant's admin.
    token: String,
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Guest {
    fn new(transport: Transport, user: Option<(u32, u32)>, mode: &'static str) -> Self {
        let dir = tempfile::tempdir().unwrap();
        std::fs::set_permissions(dir.path(), std::fs::Permissions::from_mode(0o755)).unwrap();
        for sub in ["home", "oz0", "config", "work", "data"] {
            let path = dir.path().join(sub);
            std::fs::create_dir(&path).unwrap();
            if let Some((uid, gid)) = user {
                std::os::unix::fs::chown(&path, Some(uid), Some(gid)).unwrap();
            }
        }
        let database = (transport == Transport::Shared).then(|| Database::new(&postgres_server(), "guest"));
        let mut guest = Self { served: None, database, dir, user, mode };
        if transport.served() {
            guest.served = Some(guest.serve(&[], String::new()));
        }
        guest
    }

    /// Stops the served edge and starts it again on the same state, with `flags`.
    fn restart(&mut self, flags: &[&str]) {
        let token = self.served.take().map(|served| served.token.clone()).unwrap_or_default();
        self.served = Some(self.serve(flags, token));
    }

    fn data(&self) -> PathBuf {
        let folder = if self.served.is_some() { "data" } else { "oz0" };
        self.dir.path().join(folder).canonicalize().unwrap()
    }

    /// Returns a command of this edge's user, in its environment: nothing of this process's but the
    /// provider key every edge here holds.
    fn command(&self, program: &Path) -> Command {
        let mut cmd = Command::new(program);
        cmd.current_dir(self.dir.path().join("work"))
            .env_clear()
            .env("PATH", PATH)
            .env("HOME", self.dir.path().join("home"))
            .env("OZ0_HOME", self.dir.path().join("oz0"))
            .env("XDG_CONFIG_HOME", self.dir.path().join("config"))
            .env("NO_COLOR", "1")
            .env("OPENAI_API_KEY", EDGE_KEY)
            .env("OZ0_CONFINE", self.mode);
        if let Some((uid, gid)) = self.user {
            cmd.uid(uid).gid(gid);
        }
        cmd
    }

    /// Starts the served edge with `flags`; its first admin's token is `token` when the store has one.
    fn serve(&self, flags: &[&str], token: String) -> Served {
        let mut cmd = self.command(&assert_cmd::cargo::cargo_bin("oz0"));
        cmd.args(["edge", "serve", "--listen", "127.0.0.1:0", "--data"]).arg(self.dir.path().join("data")).args(flags);
        if let Some(db) = &self.database {
            cmd.env("OZ0_STORE", &db.url);
        }
        let log = std::fs::File::create(self.dir.path().join("serve.log")).unwrap();
        let mut child = cmd.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(log).spawn().unwrap();
        let mut lines = std::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let mut printed = String::new();
        let url = loop {
            let Some(Ok(line)) = lines.next() else { panic!("the edge ended before it listened:\n{}", self.log()) };
            printed.push_str(&line);
            printed.push('\n');
            if let Some(url) = line.strip_prefix("listening on ") {
                break url.to_owned();
            }
        };
        // A start on a store that has tokens prints none: the first start's stays the admin's.
        let token = printed.split_whitespace().find(|w| w.starts_with("oz0_")).map_or(token, str::to_owned);
        Served { child, url, token }
    }

    fn log(&self) -> String {
        std::fs::read_to_string(self.dir.path().join("serve.log")).unwrap_or_default()
    }

    /// Runs `oz0 args` as `token`'s person (the embedded edge's person when `None`).
    fn run(&self, token: Option<&str>, args: &[&str]) -> (i32, String, String) {
        let mut cmd = self.command(&assert_cmd::cargo::cargo_bin("oz0"));
        if let Some(served) = &self.served {
            cmd.env("OZ0_EDGE", &served.url).env("OZ0_TOKEN", token.unwrap_or(&served.token));
        }
        let out = cmd.args(args).output().unwrap();
        (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
    }

    fn ok(&self, token: Option<&str>, args: &[&str]) -> String {
        let (code, stdout, stderr) = self.run(token, args);
        assert_eq!(code, 0, "{args:?} ({}):\n{stdout}\n{stderr}\n{}", self.mode, self.log());
        stdout
    }

    /// Copies a plugin's folder into the work folder, readable by the edge's user.
    fn plugin(&self, name: &str, manifest: &str) -> PathBuf {
        let to = self.dir.path().join("work").join(name);
        std::fs::create_dir_all(&to).unwrap();
        std::fs::copy(hostile().join("server.py"), to.join("server.py")).unwrap();
        std::fs::write(to.join("oz0-plugin.yaml"), manifest).unwrap();
        to
    }
}

/// The first tenant's plugin: the hostile server's code, holding a secret.
const VICTIM: &str = "name: victim\nversion: 1.0.0\ndescription: A plugin with a secret.\nsecrets:\n  token: {}\n\
                      tools:\n  - id: victim\n    description: Holds a secret.\n    mcp: [python3, server.py]\n    \
                      env:\n      TOKEN: \"${secrets.token}\"\n";

/// Stores `bytes` as a file of the tree `tree` of `token`'s tenant, over HTTP.
fn store_file(url: &str, token: &str, tree: &str, bytes: &[u8]) {
    let answer = post_file(url, token, tree, bytes);
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
}

/// Posts `bytes` as a file of the tree `tree` of `token`'s tenant, and returns the whole answer.
fn post_file(url: &str, token: &str, tree: &str, bytes: &[u8]) -> String {
    let host = url.trim_start_matches("http://");
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    let head = format!(
        "POST /v1/tenants/current/trees/{tree}/files HTTP/1.1\r\nHost: {host}\r\nauthorization: Bearer {token}\r\n\
         content-length: {}\r\nconnection: close\r\n\r\n",
        bytes.len()
    );
    stream.write_all(head.as_bytes()).unwrap();
    stream.write_all(bytes).unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    answer
}

/// Returns the processes whose environment holds `HOME=home`: a tool's servers.
fn processes_of(home: &Path) -> Vec<u32> {
    let wanted = format!("HOME={}", home.display());
    processes_whose(|var| var == wanted.as_bytes())
}

/// Returns the processes whose environment holds a variable that `wanted` picks.
fn processes_whose(wanted: impl Fn(&[u8]) -> bool) -> Vec<u32> {
    std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| e.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/environ")).is_ok_and(|env| env.split(|b| *b == 0).any(&wanted))
        })
        .collect()
}

/// Sets up a first tenant (a plugin with a secret, run once, and a stored file) and a second, whose
/// hostile plugin then probes from inside its server; checks that it found nothing.
fn a_second_plugin_finds_nothing(transport: Transport, user: Option<(u32, u32)>, mode: &'static str) {
    let guest = Guest::new(transport, user, mode);
    let label = format!("{transport:?} as {} with OZ0_CONFINE={mode}", if user.is_some() { "nobody" } else { "me" });
    let data = guest.data();

    // The first tenant: its plugin holds a secret and has run; it stored a file.
    let victim = guest.plugin("victim", VICTIM);
    let secret = format!("token={VICTIM_SECRET}");
    guest.ok(None, &["plugin", "install", victim.to_str().unwrap(), "--secret", &secret]);
    guest.ok(None, &["tool", "call", "victim.probe"]);
    let mut secrets = vec![EDGE_KEY.to_owned(), VICTIM_SECRET.to_owned()];
    let mut pids = vec![std::process::id()];
    let (attacker, tenant) = match &guest.served {
        Some(served) => {
            store_file(&served.url, &served.token, "V1CT1M", VICTIM_FILE.as_bytes());
            secrets.push(VICTIM_FILE.to_owned());
            secrets.push(served.token.clone());
            pids.push(served.child.id());
            let made = guest.ok(None, &["edge", "token", "create", "--tenant", "other", "--role", "admin,content"]);
            let made: Value = serde_json::from_str(&made).unwrap_or_else(|_| json!({"token": made.trim()}));
            (Some(made["token"].as_str().unwrap().to_owned()), "other")
        }
        None => (None, "local"),
    };
    let attacker = attacker.as_deref();
    // The victim's server runs on: the attacker looks for it.
    pids.extend(processes_of(&data.join("run/1/victim/home")));

    guest.ok(attacker, &["plugin", "install", hostile().to_str().unwrap()]);
    let mut read: Vec<String> = files_under(&data).iter().map(|p| p.display().to_string()).collect();
    read.push(data.join("edge.key").display().to_string());
    let list = ["", "files", "plugins", "plugins/1", "run", "run/1", "run/1/victim/home", "run/servers"]
        .map(|sub| data.join(sub).display().to_string());
    let write = ["evil", "files/evil", "plugins/1/evil", "run/1/victim/home/evil"]
        .map(|sub| data.join(sub).display().to_string());
    let targets = json!({"read": read, "list": list, "write": write, "pids": pids, "secrets": secrets});
    let (code, answer, stderr) =
        guest.run(attacker, &["tool", "call", "hostile.probe", "--args", &targets.to_string(), "--format", "json"]);
    assert_eq!(code, 0, "{label}: the probe ran: {stderr}\n{answer}\n{}", guest.log());
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let report: Value = serde_json::from_str(answer["result"]["content"][0]["text"].as_str().unwrap()).unwrap();

    assert_eq!(report["found"], json!([]), "{label}: the plugin found a secret");
    let whole = report.to_string();
    for secret in &secrets {
        assert!(!whole.contains(secret.as_str()), "{label}: `{secret}` reached the plugin");
    }
    let worked: Vec<&str> = report["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["ok"] == true)
        .map(|a| a["what"].as_str().unwrap())
        .collect();
    let data_text = data.display().to_string();
    let plugins = data.join(format!("plugins/{}", if guest.served.is_some() { 2 } else { 1 }));
    let own = std::fs::read_dir(&plugins)
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .find(|p| p.file_name().unwrap().to_string_lossy().starts_with("hostile"))
        .unwrap()
        .display()
        .to_string();
    for what in &worked {
        let reached = what.split_once(' ').map_or("", |(_, rest)| rest);
        let in_data = reached.starts_with(&data_text) && !reached.starts_with(&own);
        assert!(!in_data, "{label}: the plugin reached the edge's data folder: {what}");
        assert!(!what.starts_with("write"), "{label}: the plugin wrote outside its folders: {what}");
        for pid in &pids {
            assert!(
                !what.starts_with(&format!("read /proc/{pid}/")) && !what.starts_with(&format!("open /proc/{pid}/")),
                "{label}: the plugin read another process's entries: {what}"
            );
            assert_ne!(*what, format!("signal {pid}"), "{label}: the plugin could signal another process");
        }
        for escape in ["unmount", "mount", "trace", "raise its priority"] {
            assert!(!what.starts_with(escape), "{label}: {what}");
        }
        // Only in a user namespace of its own can the number of those it makes be set to none.
        assert!(mode != "auto" || !what.starts_with("unshare"), "{label}: {what}");
    }
    assert!(worked.iter().any(|w| w.starts_with("list ") && w.contains(&own)), "{label}: it reads its own plugin");
    let visible: Vec<u64> = report["attempts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["what"] == "list /proc" && a["ok"] == true)
        .flat_map(|a| serde_json::from_str::<Vec<u64>>(a["got"].as_str().unwrap()).unwrap_or_default())
        .collect();
    if mode == "auto" || mode == "privileged" {
        assert_eq!(visible, [1], "{label}: in its own PID namespace, it sees itself alone");
    }
    assert!(!report["env"].as_object().unwrap().keys().any(|k| k.contains("KEY") || k == "OZ0_TOKEN"), "{label}");
    // It yields the processor to the edge, which runs at this test's priority.
    let stat = std::fs::read_to_string("/proc/self/stat").unwrap();
    // The fields after the command's name, from the third; the nice value is the nineteenth.
    let edge: i64 = stat[stat.rfind(')').unwrap() + 2..].split(' ').nth(16).unwrap().parse().unwrap();
    assert_eq!(report["nice"], json!((edge + 10).min(19)), "{label}: its nice value");
    for path in write {
        assert!(!Path::new(&path).exists(), "{label}: {path} was written");
    }
    assert_eq!(tenant, if guest.served.is_some() { "other" } else { "local" });
}

#[test]
fn a_second_tenants_plugin_finds_nothing_of_the_first_on_a_served_edge() {
    for user in users() {
        a_second_plugin_finds_nothing(Transport::Served, user, "auto");
    }
    a_second_plugin_finds_nothing(Transport::Shared, None, "auto");
}

#[test]
fn on_the_embedded_edge_the_callers_key_and_the_edges_data_are_out_of_reach() {
    for user in users() {
        a_second_plugin_finds_nothing(Transport::Embedded, user, "auto");
    }
}

#[test]
fn landlock_alone_and_a_privileged_pid_namespace_keep_the_plugin_out_too() {
    for user in users() {
        a_second_plugin_finds_nothing(Transport::Served, user, "landlock");
    }
    if is_root() {
        a_second_plugin_finds_nothing(Transport::Served, None, "privileged");
    }
}

#[test]
fn a_server_that_runs_away_is_stopped_not_the_edge_and_the_trace_says_why() {
    let guest = Guest::new(Transport::Served, None, "auto");
    guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
    for (function, says) in [("fork_bomb", "processes and threads at once"), ("hog", "MiB of memory")] {
        let start = std::time::Instant::now();
        let (code, answer, stderr) =
            guest.run(None, &["tool", "call", &format!("hostile.{function}"), "--format", "json"]);
        assert_eq!(code, 1, "{function}: {stderr}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains("the server was stopped") && error.contains(says), "{function}: {answer}");
        // Long before the tool's timeout of 300 s, however loaded the machine: the watchdog stopped it.
        let took = start.elapsed();
        assert!(took < std::time::Duration::from_secs(120), "{function}: stopped in {took:?}");
        let trace = guest.ok(None, &["job", "trace", answer["job"]["id"].as_str().unwrap()]);
        assert!(trace.contains(says), "{function}: the trace says why:\n{trace}");
    }
    let status = guest.ok(None, &["edge", "status", "--format", "json"]);
    assert!(status.contains("\"confined\": true"), "the edge lives on: {status}");
    let (code, _, stderr) = guest.run(None, &["tool", "call", "hostile.probe"]);
    assert_eq!(code, 0, "a new server answers the next call: {stderr}");
}

#[test]
fn a_server_gets_none_of_the_descriptors_its_edge_inherited() {
    let guest = Guest::new(Transport::Embedded, None, "auto");
    guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
    // The edge is started holding a file it may read and one it may write, as one started by a
    // supervisor or a shell with redirections may.
    let secret = guest.dir.path().join("supervisor-secret");
    std::fs::write(&secret, "inherited-secret-4711").unwrap();
    let log = guest.dir.path().join("supervisor.log");
    let args = json!({"secrets": ["inherited-secret-4711"]}).to_string();
    let out = guest
        .command(Path::new("/bin/sh"))
        .args(["-c", "exec 7<\"$0\" 8>>\"$1\"; shift; exec \"$@\""])
        .arg(&secret)
        .arg(&log)
        .arg(assert_cmd::cargo::cargo_bin("oz0"))
        .args(["tool", "call", "hostile.probe", "--args", &args, "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let report: Value = serde_json::from_str(answer["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    let held: Vec<&String> = report["descriptors"].as_object().unwrap().keys().collect();
    assert_eq!(held, ["0", "1", "2"], "its stdio alone: {}", report["descriptors"]);
    assert_eq!(report["found"], json!([]), "the inherited file was read: {report}");
}

/// Returns the soft and hard limits on open descriptors of the process `pid` (`self` for this one).
fn descriptor_limits(pid: &str) -> (u64, u64) {
    let limits = std::fs::read_to_string(format!("/proc/{pid}/limits")).unwrap();
    let line = limits.lines().find(|l| l.starts_with("Max open files")).unwrap();
    let value = |i: usize| line.split_whitespace().nth(i).unwrap().parse().unwrap();
    (value(3), value(4))
}

#[test]
fn an_edge_raises_its_descriptor_limit_and_its_servers_get_the_one_it_started_with() {
    let guest = Guest::new(Transport::Embedded, None, "auto");
    guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
    let (_, hard) = descriptor_limits("self");
    let started = 512.min(hard);
    let under = |args: &[&str]| {
        let mut cmd = guest.command(Path::new("/bin/sh"));
        cmd.args(["-c", &format!("ulimit -S -n {started} && exec \"$0\" \"$@\"")])
            .arg(assert_cmd::cargo::cargo_bin("oz0"))
            .args(args);
        cmd
    };
    // Its server gets the limit the edge started with.
    let out = under(&["tool", "call", "hostile.probe", "--format", "json"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    let report: Value = serde_json::from_str(answer["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!(report["descriptor_limit"], started, "the server's limit");
    // The edge, while its call runs, holds room for as many as its hard limit allows.
    let mut edge =
        under(&["tool", "call", "hostile.wait", "--arg", "seconds=60"]).stdout(Stdio::null()).spawn().unwrap();
    let log = || files_under(guest.dir.path()).into_iter().find(|p| p.ends_with("calls.log"));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(60);
    while log().is_none() && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    let (raised, _) = descriptor_limits(&edge.id().to_string());
    std::fs::write(log().unwrap().with_file_name("release"), "").unwrap();
    assert!(edge.wait().unwrap().success());
    assert_eq!(raised, hard.min(1 << 20), "the edge's limit, started at {started}");
}

#[test]
fn a_server_that_floods_its_caller_with_messages_costs_the_edge_a_few_kib_of_each() {
    let guest = Guest::new(Transport::Served, None, "auto");
    guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
    // 250 logs and 250 progress messages of 256 KiB each: 125 MiB, were they kept whole, in the edge and
    // its store; a server may send messages of 160 MiB.
    let (code, answer, stderr) = guest.run(None, &["tool", "call", "hostile.flood", "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    let answer: Value = serde_json::from_str(&answer).unwrap();
    assert_eq!(answer["result"]["content"][0]["text"], "flooded", "{stderr}");
    let notes = answer["server"].as_array().unwrap();
    assert!(notes.len() <= 202, "{} notes", notes.len());
    for note in notes {
        let text = note["text"].as_str().unwrap();
        assert!(text.len() < 4200, "a note of {} bytes", text.len());
    }
    let logs: Vec<&str> = notes.iter().filter(|n| n["kind"] == "log").map(|n| n["text"].as_str().unwrap()).collect();
    assert!(
        logs[0].starts_with("flood: 0 xxx")
            && logs[0].ends_with(&format!("… ({} bytes left out)", "flood: 0 ".len() + (256 << 10) - 4096)),
        "{}",
        &logs[0][4000..]
    );
    assert!(logs.last().unwrap().contains("of the server's messages were left out of the trace"), "{logs:?}");
    let progress = notes.iter().find(|n| n["kind"] == "progress").unwrap()["text"].as_str().unwrap();
    assert!(progress.starts_with("250 of 250: xxx") && progress.ends_with("bytes left out)"), "{}", &progress[..40]);
    let trace = guest.ok(None, &["job", "trace", answer["job"]["id"].as_str().unwrap(), "--format", "json"]);
    assert!(trace.len() < 2 << 20, "the trace holds {} bytes", trace.len());
    let kept = folder_bytes(guest.dir.path());
    assert!(kept < 64 << 20, "the edge's folders hold {} MiB after the call", kept >> 20);
}

#[test]
fn a_tenant_cannot_fill_the_disk_with_plugins() {
    let mut guest = Guest::new(Transport::Served, None, "auto");
    // The operator's bound, for a test of few plugins; the edge's own is 100.
    guest.restart(&["--plugins-per-tenant", "2"]);
    let plugin = |name: &str, version: &str| {
        let manifest = format!(
            "name: {name}\nversion: {version}\ndescription: One tool.\ntools:\n  - id: {name}\n    \
             description: Waits.\n    mcp: [python3, server.py]\n"
        );
        guest.plugin(&format!("{name}-{version}"), &manifest).to_str().unwrap().to_owned()
    };
    guest.ok(None, &["plugin", "install", &plugin("one", "1.0.0")]);
    guest.ok(None, &["plugin", "install", &plugin("two", "1.0.0")]);
    let (code, _, stderr) = guest.run(None, &["plugin", "install", &plugin("three", "1.0.0")]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(
            "error: could not install the plugin: the tenant keeps 2 plugins, the most this edge keeps for a tenant: \
             remove one (`oz0 plugin remove NAME`) before installing `three`"
        ),
        "{stderr}"
    );
    let plugins = guest.ok(None, &["plugin", "list"]);
    assert!(!plugins.contains("three"), "{plugins}");
    let left: Vec<_> = std::fs::read_dir(guest.data().join("plugins"))
        .unwrap()
        .flatten()
        .flat_map(|tenant| std::fs::read_dir(tenant.path()).unwrap().flatten())
        .map(|e| e.file_name().to_string_lossy().into_owned())
        .collect();
    assert!(left.iter().all(|name| !name.starts_with("three")), "nothing of it is left: {left:?}");
    // A new version of a plugin the tenant keeps is no more; another tenant's plugins are its own.
    guest.ok(None, &["plugin", "install", &plugin("one", "2.0.0")]);
    let made = guest.ok(None, &["edge", "token", "create", "--tenant", "other", "--role", "admin,content"]);
    let made: Value = serde_json::from_str(&made).unwrap_or_else(|_| json!({"token": made.trim()}));
    guest.ok(Some(made["token"].as_str().unwrap()), &["plugin", "install", &plugin("three", "1.0.0")]);
    // What the refusal says makes room does.
    guest.ok(None, &["plugin", "remove", "two"]);
    guest.ok(None, &["plugin", "install", &plugin("three", "1.0.0")]);
}

#[test]
fn a_tenants_large_messages_are_read_a_few_at_a_time_and_never_keep_another_tenant_waiting() {
    let mut guest = Guest::new(Transport::Served, None, "auto");
    // The operator's bound, for a test that shows it; the edge's own is 2.
    guest.restart(&["--large-messages-per-tenant", "1"]);
    let tool = |id: &str| format!("  - id: {id}\n    description: Trickles.\n    mcp: [python3, server.py]\n");
    let tools: String = (1..=3).map(|n| tool(&format!("t{n}"))).collect();
    let many = format!("name: many\nversion: 1.0.0\ndescription: Three tools.\ntools:\n{tools}");
    guest.ok(None, &["plugin", "install", guest.plugin("many", &many).to_str().unwrap()]);
    let made = guest.ok(None, &["edge", "token", "create", "--tenant", "other", "--role", "admin,content"]);
    let made: Value = serde_json::from_str(&made).unwrap_or_else(|_| json!({"token": made.trim()}));
    let other = made["token"].as_str().unwrap().to_owned();
    let one = format!("name: one\nversion: 1.0.0\ndescription: One tool.\ntools:\n{}", tool("only"));
    guest.ok(Some(&other), &["plugin", "install", guest.plugin("one", &one).to_str().unwrap()]);
    // Each message of 2 MiB takes 2 s to arrive once its first 1.5 MiB are read: the first tenant's three
    // at once are read one after the other, the other tenant's beside them.
    let started = std::time::Instant::now();
    let took: Vec<(String, f64)> = std::thread::scope(|scope| {
        let calls: Vec<_> = ["t1", "t2", "t3", "only"]
            .into_iter()
            .map(|tool| {
                let (guest, other) = (&guest, &other);
                scope.spawn(move || {
                    let token = (tool == "only").then_some(other.as_str());
                    guest.ok(token, &["tool", "call", &format!("{tool}.trickle"), "--format", "json"]);
                    (tool.to_owned(), started.elapsed().as_secs_f64())
                })
            })
            .collect();
        calls.into_iter().map(|call| call.join().unwrap()).collect()
    });
    let of = |tool: &str| took.iter().find(|(t, _)| t == tool).unwrap().1;
    let last = ["t1", "t2", "t3"].into_iter().map(of).fold(0.0, f64::max);
    assert!(last >= 6.0, "the tenant's three large messages were read one at a time: {took:?}");
    assert!(of("only") < 5.0, "the other tenant's was read beside them: {took:?}");
}

#[test]
fn a_server_that_sent_a_message_too_long_to_keep_is_stopped_once_its_call_ends() {
    let guest = Guest::new(Transport::Served, None, "auto");
    guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
    let run = guest.data().join("run");
    // A message of 1 MiB: the server is kept for the next call.
    guest.ok(None, &["tool", "call", "hostile.bloat", "--arg", "mib=1", "--arg", "text=true", "--format", "json"]);
    assert_eq!(servers_under(&run), 1, "{}", guest.log());
    // One of 9 MiB: its client would keep room for 9 MiB until the server stops.
    guest.ok(None, &["tool", "call", "hostile.bloat", "--arg", "mib=9", "--arg", "text=true", "--format", "json"]);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while servers_under(&run) > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(servers_under(&run), 0, "{}", guest.log());
    guest.ok(None, &["tool", "call", "hostile.wait", "--arg", "seconds=0"]);
    assert_eq!(servers_under(&run), 1, "the next call starts another");
}

#[test]
fn a_stopping_edge_waits_for_a_long_call_no_longer_than_its_operator_allows() {
    let mut guest = Guest::new(Transport::Served, None, "auto");
    guest.restart(&["--stop-within", "2s"]);
    guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
    let served = guest.served.as_ref().unwrap();
    let mut call = guest.command(&assert_cmd::cargo::cargo_bin("oz0"));
    call.env("OZ0_EDGE", &served.url).env("OZ0_TOKEN", &served.token);
    call.args(["tool", "call", "hostile.wait", "--arg", "seconds=120"]).stdout(Stdio::null()).stderr(Stdio::piped());
    let caller = call.spawn().unwrap();
    let run = guest.data().join("run");
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while servers_under(&run) == 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(servers_under(&run), 1, "{}", guest.log());
    let stopping = std::time::Instant::now();
    let mut served = guest.served.take().unwrap();
    Command::new("kill").arg(served.child.id().to_string()).status().unwrap();
    let status = served.child.wait().unwrap();
    let took = stopping.elapsed();
    assert!(status.success(), "{status:?}\n{}", guest.log());
    assert!(took < std::time::Duration::from_secs(15), "the edge took {took:?} to stop\n{}", guest.log());
    assert!(guest.log().contains("stopping with requests still under way after 2 s"), "{}", guest.log());
    let out = caller.wait_with_output().unwrap();
    assert!(!out.status.success());
    assert!(text(&out.stderr).contains("went away"), "{}", text(&out.stderr));
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    while servers_under(&run) > 0 && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(50));
    }
    assert_eq!(servers_under(&run), 0, "the call's server ends with its edge");
}

/// Returns the most memory the process `pid` has held resident, in bytes.
fn peak_resident(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() << 10
}

#[test]
fn a_server_whose_message_would_take_the_edges_memory_is_stopped_before_the_edge_reads_it() {
    // As root and as a user who may signal only its own processes.
    for user in users() {
        let guest = Guest::new(Transport::Served, user, "auto");
        guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
        // 150 MiB of zeros, each a JSON value, or of objects of one member: within the bound on a message's
        // bytes, and parsed whole they held 11 GiB of the edge's memory (3 MiB of objects, 350 MiB).
        for shape in ["objects=false", "objects=true"] {
            let (code, answer, stderr) =
                guest.run(None, &["tool", "call", "hostile.bloat", "--arg", shape, "--format", "json"]);
            assert_eq!(code, 1, "{answer}\n{stderr}");
            let answer: Value = serde_json::from_str(&answer).unwrap();
            assert!(
                answer["error"].as_str().unwrap().contains(
                    "the server was stopped: it sent a message of more than 524288 JSON values (an object counting 8), \
                     the most the edge reads in one"
                ),
                "{answer}"
            );
        }
        let edge = guest.served.as_ref().unwrap().child.id();
        let peak = peak_resident(edge);
        assert!(peak < 256 << 20, "the edge held {} MiB", peak >> 20);
        // The tenant's next call starts a new server.
        guest.ok(None, &["tool", "call", "hostile.wait", "--arg", "seconds=0"]);
    }
}

#[test]
fn a_server_that_fills_the_disk_is_stopped_though_it_hides_what_it_writes_from_its_edge() {
    for user in users() {
        let guest = Guest::new(Transport::Served, user, "auto");
        guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
        let (code, answer, stderr) = guest.run(None, &["tool", "call", "hostile.fill_disk", "--format", "json"]);
        assert_eq!(code, 1, "{user:?}: {stderr}");
        let answer: Value = serde_json::from_str(&answer).unwrap();
        let error = answer["error"].as_str().unwrap();
        assert!(error.contains("the server was stopped") && error.contains("MiB on disk"), "{user:?}: {answer}");
        let trace = guest.ok(None, &["job", "trace", answer["job"]["id"].as_str().unwrap()]);
        assert!(trace.contains("limits.disk_mib"), "{user:?}: the trace says why:\n{trace}");
        // What it wrote into its TMPDIR, the folder it hid included, is gone with it; what it wrote into
        // its HOME, 16 MiB, is kept for its next server.
        let hidden = || holds_folder(guest.dir.path(), "hidden");
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
        while (hidden() || filled(guest.dir.path()) > 16 << 20) && std::time::Instant::now() < deadline {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        assert!(!hidden(), "{user:?}: the hidden folder is removed");
        assert_eq!(filled(guest.dir.path()), 16 << 20, "{user:?}: the disk the server filled is given back");
        let (code, _, stderr) = guest.run(None, &["tool", "call", "hostile.probe"]);
        assert_eq!(code, 0, "{user:?}: a new server answers the next call: {stderr}");
    }
}

#[test]
fn a_tenants_burst_of_calls_runs_a_bounded_number_of_servers_at_once_and_the_rest_wait() {
    let mut guest = Guest::new(Transport::Served, None, "auto");
    // The operator's bound, for a test that runs few servers; the edge's own is 32.
    let most = 3;
    guest.restart(&["--tool-calls-per-tenant", &most.to_string()]);
    let manifest = "name: sleeper\nversion: 1.0.0\ndescription: A server of each call's own.\ntools:\n  - id: sleeper\n    \
                    description: Waits.\n    mcp: [python3, server.py]\n    sandbox: own\n    timeout: 120\n  \
                    - id: impatient\n    description: Waits, briefly.\n    mcp: [python3, server.py]\n    \
                    sandbox: own\n    timeout: 2\n";
    guest.ok(None, &["plugin", "install", guest.plugin("sleeper", manifest).to_str().unwrap()]);
    // One more call than a tenant may run at once, each a server of its own that waits to be released.
    let calls: Vec<Child> = (0..=most)
        .map(|_| {
            let mut cmd = guest.command(&assert_cmd::cargo::cargo_bin("oz0"));
            let served = guest.served.as_ref().unwrap();
            cmd.env("OZ0_EDGE", &served.url).env("OZ0_TOKEN", &served.token);
            cmd.args(["tool", "call", "sleeper.wait", "--arg", "seconds=100"]);
            cmd.stdout(Stdio::null()).stderr(Stdio::piped()).spawn().unwrap()
        })
        .collect();
    let log = || files_under(guest.dir.path()).into_iter().find(|p| p.ends_with("calls.log"));
    let started = || log().map_or(0, |log| std::fs::read_to_string(log).unwrap().matches("start").count());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(90);
    while started() < most && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(started(), most, "the calls a tenant may run at once all start");
    // The one over waits its turn while they run.
    std::thread::sleep(std::time::Duration::from_secs(1));
    assert_eq!(started(), most, "no more run at once");
    // A call whose timeout ends before its turn comes is not started, and says why.
    let (code, answer, stderr) = guest.run(None, &["tool", "call", "impatient.wait", "--format", "json"]);
    assert_eq!(code, 1, "{stderr}");
    let error: Value = serde_json::from_str(&answer).unwrap();
    let error = error["error"].as_str().unwrap().to_owned();
    assert!(error.contains(&format!("was not started: its tenant's tools ran {most} calls at once")), "{error}");
    let log = log().unwrap();
    std::fs::write(log.with_file_name("release"), "").unwrap();
    for call in calls {
        let out = call.wait_with_output().unwrap();
        assert!(out.status.success(), "every call is answered in its turn: {}", text(&out.stderr));
    }
    let marks = std::fs::read_to_string(log).unwrap();
    assert_eq!(marks.matches("start").count(), most + 1, "{marks}");
    assert_eq!(marks.matches("end").count(), most + 1, "{marks}");
}

/// Returns how many processes have their `HOME` under `dir`: the servers of the tenant whose folder it is.
fn servers_under(dir: &Path) -> usize {
    let wanted = format!("HOME={}/", dir.display());
    processes_whose(|var| var.starts_with(wanted.as_bytes())).len()
}

#[test]
fn a_tenant_that_calls_many_tools_once_keeps_a_bounded_number_of_servers_and_never_stops_anothers() {
    let mut guest = Guest::new(Transport::Served, None, "auto");
    // The operator's bound, for a test that runs few servers; the edge's own is 32.
    let most = 2;
    guest.restart(&["--servers-per-tenant", &most.to_string()]);
    let data = guest.data();
    let tool = |id: &str| {
        format!("  - id: {id}\n    description: Waits.\n    mcp: [python3, server.py]\n    env:\n      WHICH: {id}\n")
    };
    // Another tenant's server, started first: the longest idle on the edge.
    let made = guest.ok(None, &["edge", "token", "create", "--tenant", "other", "--role", "admin,content"]);
    let made: Value = serde_json::from_str(&made).unwrap_or_else(|_| json!({"token": made.trim()}));
    let other = made["token"].as_str().unwrap().to_owned();
    let one = format!("name: one\nversion: 1.0.0\ndescription: One tool.\ntools:\n{}", tool("only"));
    guest.ok(Some(&other), &["plugin", "install", guest.plugin("one", &one).to_str().unwrap()]);
    guest.ok(Some(&other), &["tool", "call", "only.wait", "--arg", "seconds=0"]);
    // The first tenant's plugin: a server for each of its tools, whose environments differ.
    let tools: String = (1..=most + 2).map(|n| tool(&format!("t{n}"))).collect();
    let many = format!("name: many\nversion: 1.0.0\ndescription: Many tools.\ntools:\n{tools}");
    guest.ok(None, &["plugin", "install", guest.plugin("many", &many).to_str().unwrap()]);
    let run = data.join("run");
    let tenant_of = |tool: &str| {
        std::fs::read_dir(&run).unwrap().flatten().map(|e| e.path()).find(|t| t.join(tool).exists()).unwrap()
    };
    for n in 1..=most + 2 {
        guest.ok(None, &["tool", "call", &format!("t{n}.wait"), "--arg", "seconds=0"]);
    }
    let (mine, theirs) = (tenant_of("t1"), tenant_of("only"));
    assert_ne!(mine, theirs);
    // The servers idle longest are stopped as new ones start, once their ends are seen.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(30);
    while servers_under(&mine) > most && std::time::Instant::now() < deadline {
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    assert_eq!(servers_under(&mine), most, "a tenant keeps as many servers as its edge allows\n{}", guest.log());
    assert_eq!(servers_under(&theirs), 1, "and no other tenant's is stopped for it");
    assert!(guest.log().contains("stopped a tool's server idle longest"), "{}", guest.log());
    // A tool whose server was stopped is answered by a new one.
    guest.ok(None, &["tool", "call", "t1.wait", "--arg", "seconds=0"]);
    guest.ok(Some(&other), &["tool", "call", "only.wait", "--arg", "seconds=0"]);
    assert_eq!(servers_under(&theirs), 1);
}

#[test]
fn a_tenant_cannot_fill_the_disk_with_files_on_either_store() {
    for transport in [Transport::Served, Transport::Shared] {
        let mut guest = Guest::new(transport, None, "auto");
        // The operator's bound, for a test of small files; the edge's own is 10 GiB.
        guest.restart(&["--files-per-tenant", "1M"]);
        let served = guest.served.as_ref().unwrap();
        let (url, token) = (served.url.clone(), served.token.clone());
        let file = |n: u8| vec![n; 400 << 10];
        store_file(&url, &token, "T1", &file(1));
        store_file(&url, &token, "T1", &file(2));
        let refused = post_file(&url, &token, "T1", &file(3));
        assert!(refused.starts_with("HTTP/1.1 507"), "{transport:?}: {refused}");
        assert!(
            refused.contains("the tenant keeps 800.0 KiB of files, the most this edge keeps for a tenant is 1.0 MiB"),
            "{refused}"
        );
        // Bytes it keeps already cost nothing more, in another tree too; another tenant's room is its own.
        store_file(&url, &token, "T2", &file(1));
        let made = guest.ok(None, &["edge", "token", "create", "--tenant", "other", "--role", "admin,content"]);
        let made: Value = serde_json::from_str(&made).unwrap_or_else(|_| json!({"token": made.trim()}));
        store_file(&url, made["token"].as_str().unwrap(), "T1", &file(3));
        // What the refusal says makes room does.
        guest.ok(None, &["erase", "--tree", "T1"]);
        store_file(&url, &token, "T3", &file(3));
    }
}

/// Runs the hostile probe, which connects to each of `to` directly and through the proxy its
/// environment names, and returns what it reached (`connect host:port`, `proxy host:port`) and what
/// it was told where it did not.
fn connected(guest: &Guest, to: &[(String, u16)]) -> (Vec<String>, String) {
    let targets = json!({"connect": to, "proxied": to});
    let answer = guest.ok(None, &["tool", "call", "hostile.probe", "--args", &targets.to_string(), "--format", "json"]);
    let answer: Value = serde_json::from_str(&answer).unwrap();
    let report: Value = serde_json::from_str(answer["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    let network = |a: &&Value| ["connect ", "proxy "].iter().any(|w| a["what"].as_str().unwrap().starts_with(w));
    let attempts: Vec<&Value> = report["attempts"].as_array().unwrap().iter().filter(network).collect();
    let reached = attempts.iter().filter(|a| a["ok"] == true).map(|a| a["what"].as_str().unwrap().to_owned()).collect();
    let told = attempts.iter().filter(|a| a["ok"] == false).map(|a| format!("{}: {}\n", a["what"], a["got"])).collect();
    (reached, told)
}

#[test]
fn a_server_kept_from_the_machines_network_reaches_nothing_beside_its_edge() {
    for user in users() {
        let mut guest = Guest::new(Transport::Shared, user, "auto");
        guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
        // A service beside the edge, the edge's own port, and the shared store's database.
        let beside = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        beside.set_nonblocking(true).unwrap();
        let address = |authority: &str| {
            let (host, port) = authority.rsplit_once(':').unwrap();
            (host.to_owned(), port.parse::<u16>().unwrap())
        };
        let store = postgres_server();
        let store = address(store.split_once('@').unwrap().1.split(['/', '?']).next().unwrap());
        let targets = |guest: &Guest| {
            let edge = guest.served.as_ref().unwrap().url.trim_start_matches("http://").trim_end_matches('/');
            [("127.0.0.1".to_owned(), beside.local_addr().unwrap().port()), address(edge), store.clone()]
        };
        // Sharing the machine's network, a server reaches them all (and has no proxy).
        let (reached, _) = connected(&guest, &targets(&guest));
        assert_eq!(reached.iter().filter(|r| r.starts_with("connect")).count(), 3, "{user:?}: {reached:?}");
        while beside.accept().is_ok() {}

        for network in ["none", "public"] {
            guest.restart(&["--tool-network", network]);
            let (reached, told) = connected(&guest, &targets(&guest));
            assert_eq!(reached, Vec::<String>::new(), "{user:?}, {network}: the server reaches nothing");
            assert!(beside.accept().is_err(), "{user:?}, {network}: the service beside the edge saw no connection");
            if network == "public" {
                assert_eq!(told.matches("is at a private address").count(), 3, "{user:?}: the proxy says why\n{told}");
            }
            // The listener of the server's proxy, handed to the edge, is no later child's: none of the
            // edge's sockets is.
            let edge = guest.served.as_ref().unwrap().child.id();
            for fd in std::fs::read_dir(format!("/proc/{edge}/fd")).unwrap().flatten() {
                let what = std::fs::read_link(fd.path()).unwrap_or_default();
                if !what.to_string_lossy().starts_with("socket:") {
                    continue;
                }
                let number = fd.file_name().to_string_lossy().into_owned();
                let info = std::fs::read_to_string(format!("/proc/{edge}/fdinfo/{number}")).unwrap_or_default();
                let flags = info.lines().find_map(|l| l.strip_prefix("flags:"));
                let flags = flags.map_or(0, |f| u32::from_str_radix(f.trim(), 8).unwrap());
                assert!(flags & 0o2000000 != 0, "{user:?}: the edge's socket {number} is inherited by its children");
            }
            let status = guest.ok(None, &["edge", "status"]);
            let said =
                if network == "none" { ", no network" } else { ", public addresses alone through the edge's proxy" };
            assert!(status.contains(said), "{status}");
            assert!(guest.log().contains(said), "{}", guest.log());
        }
        // Where the operator lets tools reach private addresses, the proxy is the way to them.
        guest.restart(&["--tool-network", "public", "--remote-tools-may-reach-private"]);
        let (reached, _) = connected(&guest, &targets(&guest)[..1]);
        assert_eq!(reached, vec![format!("proxy 127.0.0.1:{}", beside.local_addr().unwrap().port())], "{user:?}");
        beside.set_nonblocking(false).unwrap();
        let (mut tunnelled, _) = beside.accept().unwrap();
        let mut hello = String::new();
        tunnelled.read_to_string(&mut hello).unwrap();
        assert_eq!(hello, "hello through the proxy\n");
        beside.set_nonblocking(true).unwrap();
    }
    // Where the kernel makes no namespaces, such an edge starts no server rather than one on the
    // machine's network.
    let mut guest = Guest::new(Transport::Served, None, "landlock");
    guest.restart(&["--tool-network", "public"]);
    let (code, _, stderr) = guest.run(None, &["plugin", "install", hostile().to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("gives tool servers a network of their own (--tool-network)"), "{stderr}");
    assert!(guest.log().contains("tools' servers will not be started: --tool-network public"), "{}", guest.log());
}

#[test]
fn an_edge_that_cannot_confine_runs_no_server_unless_its_operator_says_so() {
    let mut guest = Guest::new(Transport::Served, None, "off");
    let (code, _, stderr) = guest.run(None, &["plugin", "install", hostile().to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("runs tool servers confined, and here they cannot be"), "{stderr}");
    assert!(stderr.contains("--unconfined-tools"), "{stderr}");
    let status = guest.ok(None, &["edge", "status"]);
    assert!(status.contains("tools    not started: the kernel has no Landlock"), "{status}");
    assert!(guest.log().contains("tools' servers will not be started"), "{}", guest.log());

    guest.restart(&["--unconfined-tools"]);
    guest.ok(None, &["plugin", "install", hostile().to_str().unwrap()]);
    let status = guest.ok(None, &["edge", "status"]);
    assert!(status.contains("tools    run unconfined"), "{status}");
    assert!(guest.log().contains("run unconfined (--unconfined-tools)"), "{}", guest.log());
}

#[test]
fn a_shared_edge_gives_a_server_only_the_folders_its_operator_lists() {
    let mut guest = Guest::new(Transport::Served, None, "auto");
    let shared = guest.dir.path().join("work/shared");
    std::fs::create_dir_all(&shared).unwrap();
    std::fs::write(shared.join("doc.txt"), "shared with every tool").unwrap();
    let manifest = format!(
        "name: reader\nversion: 1.0.0\ndescription: Reads a folder.\ntools:\n  - id: reader\n    description: \
         Reads.\n    mcp: [python3, server.py]\n    roots: [{}]\n",
        shared.display()
    );
    let plugin = guest.plugin("reader", &manifest);
    let (code, _, stderr) = guest.run(None, &["plugin", "install", plugin.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("may not be given") && stderr.contains("--tools-may-read"), "{stderr}");

    guest.restart(&["--tools-may-read", shared.to_str().unwrap()]);
    guest.ok(None, &["plugin", "install", plugin.to_str().unwrap()]);
    let targets = json!({"read": [shared.join("doc.txt")], "write": [shared.join("evil")]});
    let answer = guest.ok(None, &["tool", "call", "reader.probe", "--args", &targets.to_string()]);
    assert!(answer.contains("shared with every tool"), "it reads the operator's folder: {answer}");
    assert!(!shared.join("evil").exists(), "and does not write it");
    let (code, _, stderr) = guest.run(None, &["tool", "call", "reader.probe", "--root", "/root"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("may not be given `/root`"), "a call's root beyond the operator's: {stderr}");
}
