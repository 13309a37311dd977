//! A tool's server is isolated from its edge: it gets an environment built for it, never the edge's
//! keys or tokens, a `HOME` and `TMPDIR` of its own, and it dies with its edge, even one killed with
//! SIGKILL, with everything it started. Real Python servers (tests/fixtures/plugins/isolation), through
//! the embedded edge and `oz0 edge serve`.

use crate::common;
use crate::plugin_support;

use std::ffi::OsString;
use std::os::unix::fs::PermissionsExt;
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use common::{
    PATIENCE, RunningServer, SERVER_MARK, ServedEdge, TestEnv, Transport, parent_and_group, poll, served_transports,
    text, transports, wait_for_server_with_child, wait_server_gone,
};
use plugin_support::{path_with_venv, python_env, root};
use serde_json::Value;

/// What the edge's environment holds that no server may see.
const KEYS: [(&str, &str); 4] = [
    ("OPENAI_API_KEY", "sk-test-never-for-a-tool"),
    ("ANTHROPIC_API_KEY", "sk-ant-test-never-for-a-tool"),
    ("OZ0_TOKEN", "oz0_never_for_a_tool"),
    ("OZ0_TEST_SECRET", "a-secret-of-the-edge-4b1f9e"),
];

/// The secret the tests give the plugin at install, which its server gets as `TOKEN`.
const GRANTED: &str = "granted-to-the-tool-3c9d";

fn plugin() -> PathBuf {
    root().join("tests/fixtures/plugins/isolation")
}

/// The environment of the edge and of the commands: the example plugins' Python and the keys.
fn edge_env() -> Vec<(&'static str, OsString)> {
    let mut env = python_env();
    env.extend(KEYS.iter().map(|(k, v)| (*k, OsString::from(v))));
    env
}

/// A test's edge, embedded or served, with the keys in its environment. The served edge comes first, to
/// be killed before its environment's folder and database go.
struct Site {
    served: Option<ServedEdge>,
    env: TestEnv,
}

impl Site {
    fn new(transport: Transport) -> Self {
        let env = TestEnv::for_transport(transport);
        let served = transport.served().then(|| env.serve_with(&env.data(), &edge_env()));
        Self { served, env }
    }

    /// Returns the folder the edge keeps its state in.
    fn edge_dir(&self) -> PathBuf {
        if self.served.is_some() { self.env.data() } else { self.env.home() }
    }

    fn oz0_process(&self) -> std::process::Command {
        let mut cmd = self.env.oz0_process();
        cmd.envs(edge_env());
        match &self.served {
            Some(edge) => cmd.env("OZ0_EDGE", &edge.url).env("OZ0_TOKEN", &edge.token),
            // The embedded edge is this process: it has the keys, but no token to use.
            None => cmd.env_remove("OZ0_TOKEN"),
        };
        cmd
    }

    fn ok(&self, args: &[&str]) -> String {
        let out = self.oz0_process().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}:\n{}\n{}", text(&out.stdout), text(&out.stderr));
        text(&out.stdout)
    }

    fn install(&self) {
        self.ok(&["plugin", "install", plugin().to_str().unwrap(), "--secret", &format!("token={GRANTED}")]);
    }
}

fn mode(path: &Path) -> u32 {
    std::fs::metadata(path).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_secret_a_server_needs_must_be_given_at_install_and_only_a_declared_one() {
    for transport in transports() {
        let site = Site::new(transport);
        let out = site.oz0_process().args(["plugin", "install", plugin().to_str().unwrap()]).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{transport:?}");
        assert!(
            text(&out.stderr).contains("needs the secret `token` (its env `TOKEN`): install with --secret token=VALUE"),
            "{transport:?}: {}",
            text(&out.stderr)
        );
        let dir = plugin();
        let args = ["plugin", "install", dir.to_str().unwrap(), "--secret", "token=x", "--secret", "other=y"];
        let out = site.oz0_process().args(args).output().unwrap();
        assert!(text(&out.stderr).contains("declares no secret `other` (it declares token)"), "{}", text(&out.stderr));
        let file = site.env.work().join("token.txt");
        std::fs::write(&file, format!("{GRANTED}\n")).unwrap();
        site.ok(&["plugin", "install", plugin().to_str().unwrap(), "--secret", &format!("token=@{}", file.display())]);
        let listed: Value = serde_json::from_str(&site.ok(&["plugin", "list", "--format", "json"])).unwrap();
        assert_eq!(listed[0]["secrets"], serde_json::json!(["token"]), "{transport:?}: names, never values");
        assert!(!site.ok(&["plugin", "list", "--format", "json"]).contains(GRANTED));
    }
}

#[test]
fn a_server_gets_an_environment_built_for_it_and_none_of_the_edges_keys() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install();
        let stdout = site.ok(&["tool", "call", "isolation.environment"]);
        // The server answered one line of JSON.
        let seen: Value = serde_json::from_str(stdout.lines().next().unwrap()).unwrap();
        let env = seen["env"].as_object().unwrap();
        for (key, value) in KEYS {
            assert!(!env.contains_key(key), "{transport:?}: {key} reached the server: {env:?}");
            assert!(!stdout.contains(value), "{transport:?}: the value of {key} reached the server");
        }
        for key in ["OZ0_HOME", "XDG_CONFIG_HOME", "OZ0_EDGE", "NO_COLOR"] {
            assert!(!env.contains_key(key), "{transport:?}: {key} is the edge's, not the server's: {env:?}");
        }
        assert_eq!(env["PATH"], path_with_venv().to_str().unwrap(), "{transport:?}: the edge's PATH");
        assert_eq!(env["GREETING"], "hello from the manifest", "{transport:?}: the manifest's env");
        assert_eq!(env["TOKEN"], GRANTED, "{transport:?}: the secret given at install");
        assert_eq!(env["LANG"], "C.UTF-8", "{transport:?}");

        // HOME and TMPDIR are the tool's own, under the edge's folder, for its owner alone.
        let run = site.edge_dir().canonicalize().unwrap().join("run");
        let home = PathBuf::from(env["HOME"].as_str().unwrap());
        let tmp = PathBuf::from(env["TMPDIR"].as_str().unwrap());
        let tool = home.parent().unwrap().to_path_buf();
        assert_eq!(home.file_name().unwrap(), "home", "{transport:?}: {home:?}");
        assert_eq!(tool.file_name().unwrap(), "isolation", "{transport:?}: {home:?}");
        assert!(home.canonicalize().unwrap().starts_with(&run), "{transport:?}: {home:?} is under {run:?}");
        assert_eq!(tmp.parent().unwrap(), tool.join("tmp"), "{transport:?}: {tmp:?}");
        assert_eq!(seen["tempdir"], env["TMPDIR"], "{transport:?}: Python's temporary files go to TMPDIR");
        assert_eq!(seen["writable"]["HOME"], true, "{transport:?}");
        assert_eq!(seen["writable"]["TMPDIR"], true, "{transport:?}");
        assert_eq!(mode(&home), 0o700, "{transport:?}");
        assert_eq!(mode(&tool), 0o700, "{transport:?}");

        // Removing the plugin removes what its servers kept.
        site.ok(&["plugin", "remove", "isolation"]);
        assert!(!tool.exists(), "{transport:?}: {tool:?} outlived its plugin");
    }
}

#[test]
fn measure_gives_the_servers_a_built_environment_in_a_folder_removed_afterwards() {
    let env = TestEnv::new();
    let dir = plugin_support::copy_plugin(&env, &plugin(), "isolation");
    let out = env
        .oz0()
        .envs(edge_env())
        .args(["plugin", "measure", dir.to_str().unwrap(), "--format", "json"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}\n{}", text(&out.stdout), text(&out.stderr));
    let listing: Value = serde_json::from_str(&std::fs::read_to_string(dir.join("oz0-listing.json")).unwrap()).unwrap();
    let functions = listing["tools"][0]["functions"].as_array().unwrap();
    let describe = functions.iter().find(|f| f["name"] == "describe_start").unwrap();
    let seen: Value = serde_json::from_str(describe["description"].as_str().unwrap()).unwrap();
    assert_eq!(seen["leaked"], Value::Array(Vec::new()), "no key of the edge reached the server: {seen}");
    assert_eq!(seen["greeting"], "hello from the manifest");
    let home = PathBuf::from(seen["home"].as_str().unwrap());
    assert!(home.ends_with("isolation/home"), "{home:?}");
    assert!(!home.starts_with(env.work()), "{home:?}");
    assert!(!home.exists(), "the servers' folder is removed after measuring: {home:?}");
}

/// Returns the processes of the process group `group` that have not ended (zombies are ended).
fn group_members(group: u32) -> Vec<u32> {
    let mut members = Vec::new();
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Some(pid) = entry.file_name().to_str().and_then(|n| n.parse::<u32>().ok()) else { continue };
        let Ok(stat) = std::fs::read_to_string(format!("/proc/{pid}/stat")) else { continue };
        let Some((_, rest)) = stat.rsplit_once(')') else { continue };
        let fields: Vec<&str> = rest.split_whitespace().collect();
        if fields.get(2).and_then(|g| g.parse::<u32>().ok()) == Some(group) && fields[0] != "Z" {
            members.push(pid);
        }
    }
    members
}

/// Waits up to `within` for the group to have no process, and returns what is left of it.
fn wait_group_gone(group: u32, within: Duration) -> Vec<u32> {
    let start = Instant::now();
    loop {
        let members = group_members(group);
        if members.is_empty() || start.elapsed() > within {
            return members;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Returns the `HOME` of the isolation tool's servers on the site's edge.
fn tool_home(site: &Site) -> PathBuf {
    site.edge_dir().join("run/1/isolation/home")
}

/// Starts a slow call on a served edge whose server starts a child, and returns the call's process and
/// the server once its child runs.
#[allow(clippy::zombie_processes, reason = "the caller waits for the call it is given")]
fn slow_call(site: &Site) -> (std::process::Child, RunningServer) {
    let mut call = site
        .oz0_process()
        .args(["tool", "call", "isolation.wait", "--arg", "seconds=60"])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let server = wait_for_server_with_child(&tool_home(site), &mut call, Duration::from_secs(60));
    (call, server)
}

/// Returns the process group the edge started `server` in, checking that the process the edge started
/// leads it: the server itself, or, where it runs in a PID namespace of its own, the relay that waits
/// for it.
fn server_group(edge: u32, server: &RunningServer) -> u32 {
    let first = &server.first;
    let group = first.group;
    assert!(group == first.pid || group == first.parent, "the server's group leads to it: {server:?}");
    let (parent, leader_group) = parent_and_group(group).unwrap();
    assert_eq!((parent, leader_group), (edge, group), "the edge started the group's leader: {server:?}");
    for child in &server.children {
        assert_eq!(child.group, group, "the server's child is in its group: {server:?}");
    }
    group
}

#[test]
fn a_served_edge_killed_with_sigkill_leaves_no_server_process() {
    for transport in served_transports() {
        let mut site = Site::new(transport);
        site.install();
        let (mut call, server) = slow_call(&site);
        let group = server_group(site.served.as_ref().unwrap().pid(), &server);
        let records = site.env.data().join("run/servers");
        assert!(records.join(group.to_string()).exists(), "{transport:?}: the edge records the server's group");

        site.served.as_mut().unwrap().kill();
        let left = wait_group_gone(group, PATIENCE);
        assert!(left.is_empty(), "{transport:?}: processes of the server's group outlived the edge: {left:?}");
        let left = wait_server_gone(server.mark(), Duration::ZERO);
        assert!(left.is_empty(), "{transport:?}: processes of the server outlived the edge: {left:?}");
        let _ = call.kill();
        let _ = call.wait();

        // The next edge on the folder (and on PostgreSQL, the same database) clears the dead edge's record
        // and the server's TMPDIR.
        let tmp = site.edge_dir().join("run/1/isolation/tmp");
        assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 1, "{transport:?}: the killed server's TMPDIR is left");
        site.served = Some(site.env.serve_with(&site.env.data(), &edge_env()));
        assert_eq!(
            std::fs::read_dir(&records).unwrap().count(),
            0,
            "{transport:?}: the dead edge's records are cleared"
        );
        assert_eq!(std::fs::read_dir(&tmp).unwrap().count(), 0, "{transport:?}: the dead server's TMPDIR is removed");
    }
}

#[test]
fn an_edge_kills_what_a_killed_edge_left_when_it_starts() {
    for transport in served_transports() {
        let mut site = Site::new(transport);
        site.install();
        let edge = site.served.as_ref().unwrap().pid();
        let (mut call, server) = slow_call(&site);
        let group = server_group(edge, &server);
        // Without its watcher, nothing kills the server's group when the edge dies: the server dies with
        // its edge (its parent-death signal), and what it started dies with it in its PID namespace; but
        // where it has none (a kernel that refuses them), what it started outlives it. A process of its
        // group carrying its mark, started from here, stands for that one, so that the test holds on
        // every kernel.
        let mut left_behind = std::process::Command::new("sleep")
            .arg("300")
            .env_clear()
            .env(SERVER_MARK, server.mark())
            .process_group(i32::try_from(group).unwrap())
            .spawn()
            .unwrap();
        let watcher: Vec<u32> = group_members(group)
            .into_iter()
            .filter(|pid| {
                std::fs::read_to_string(format!("/proc/{pid}/cmdline")).unwrap_or_default().starts_with("/bin/sh")
            })
            .collect();
        assert_eq!(watcher.len(), 1, "{transport:?}: one watcher in the server's group");
        kill(watcher[0]);
        site.served.as_mut().unwrap().kill();
        // The server and its relay die with the edge; in a PID namespace, its child dies with the
        // server, once the server's last thread has ended.
        let mut dead = vec![server.first.pid, group];
        if server.first.parent != edge {
            dead.extend(server.children.iter().map(|child| child.pid));
        }
        let what = format!("{transport:?}: {dead:?} die with the edge");
        let left = poll(&what, PATIENCE, || {
            let left = group_members(group);
            dead.iter().all(|pid| !left.contains(pid)).then_some(left)
        });
        assert!(left.contains(&left_behind.id()), "{transport:?}: what the server left lives on: {left:?}");
        let _ = call.kill();
        let _ = call.wait();

        site.served = Some(site.env.serve_with(&site.env.data(), &edge_env()));
        let left = wait_group_gone(group, PATIENCE);
        assert!(left.is_empty(), "{transport:?}: the new edge killed what the killed edge left: {left:?}");
        let ended = poll("what the killed edge left ends", PATIENCE, || left_behind.try_wait().unwrap());
        assert_eq!(ended.signal(), Some(9), "{transport:?}: killed: {ended:?}");
        assert!(site.env.serve_log().contains("killed what was left"), "{transport:?}: {}", site.env.serve_log());
    }
}

fn kill(pid: u32) {
    let status = std::process::Command::new("kill").args(["-9", &pid.to_string()]).status().unwrap();
    assert!(status.success());
}
