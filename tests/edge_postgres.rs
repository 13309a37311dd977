//! `oz0 edge serve --store postgres://...` end to end: two nodes on one PostgreSQL database share their
//! tokens, their tenants' settings, their files and their plugins. The server is the one
//! `OZ0_TEST_POSTGRES` names (`source scripts/postgres-env` starts a throwaway one); without it the tests
//! are skipped, except under `CI=true`, where they fail. Each test makes a database of its own with
//! `psql` and drops it after (tests/common/mod.rs). The single-node scenarios of the other tests run on
//! PostgreSQL too, as `Transport::Shared`.

use crate::common;
use crate::plugin_support;

use common::{
    Database, PATIENCE, ServedEdge, TestEnv, files_under, poll, postgres_server, psql_value, running_servers, text,
    tool_processes, wait_server_gone,
};
use plugin_support::python_env;
use serde_json::{Value, json};

/// Starts a node of the edge on `store`, with its own data folder and the edge key every node shares.
fn node(env: &TestEnv, store: &str, name: &str) -> ServedEdge {
    env.serve_node(name, &[("OZ0_STORE", store.into())])
}

/// Starts a node as [`node`] does, with the example plugins' Python on the `PATH` of its tool host.
fn plugin_node(env: &TestEnv, store: &str, name: &str) -> ServedEdge {
    let mut envs = python_env();
    envs.push(("OZ0_STORE", store.into()));
    env.serve_node(name, &envs)
}

/// Runs `oz0` against `edge` with `token`, the example plugins' Python on `PATH`.
fn run_at(env: &TestEnv, edge: &ServedEdge, token: &str, args: &[&str]) -> std::process::Output {
    env.oz0_at(edge, token).envs(python_env()).args(args).output().unwrap()
}

/// Returns the folders of the tenant's plugins in a node's data folder, by name.
fn plugin_folders(data: &std::path::Path) -> Vec<String> {
    let mut names = Vec::new();
    for tenant in std::fs::read_dir(data.join("plugins")).into_iter().flatten().flatten() {
        for folder in std::fs::read_dir(tenant.path()).unwrap().flatten() {
            names.push(folder.file_name().to_string_lossy().into_owned());
        }
    }
    names.sort();
    names
}

fn json_of(env: &TestEnv, edge: &ServedEdge, token: &str, args: &[&str]) -> Value {
    let out = env.oz0_at(edge, token).args(args).args(["--format", "json"]).output().unwrap();
    assert!(out.status.success(), "oz0 {args:?} on {}: {}", edge.url, text(&out.stderr));
    serde_json::from_str(&text(&out.stdout)).unwrap()
}

#[test]
fn two_nodes_on_one_database_share_tokens_and_settings() {
    let server = postgres_server();
    let db = Database::new(&server, "share");
    let env = TestEnv::new();
    let a = node(&env, &db.url, "a");
    assert!(a.token.starts_with("oz0_"), "the first node makes the first admin: {}", a.stdout);
    let b = node(&env, &db.url, "b");
    assert!(b.token.is_empty(), "the second finds the store has tokens: {}", b.stdout);

    // A token made through one node works on the other.
    let out = env
        .oz0_at(&a, &a.token)
        .args(["edge", "token", "create", "--role", "admin", "--name", "ada"])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let ada = text(&out.stdout).split_whitespace().find(|w| w.starts_with("oz0_")).unwrap().to_owned();
    let status = json_of(&env, &b, &ada, &["edge", "status"]);
    assert_eq!(status["store"]["kind"], "postgres", "{status}");

    // A tenant's offload changed through one node is read through the other, both ways.
    let changed = json_of(&env, &a, &ada, &["tenant", "offload", "--default", "20000", "--ceiling", "40000"]);
    assert_eq!(changed["after"], json!({"default": 20000, "ceiling": 40000}));
    let read = json_of(&env, &b, &ada, &["tenant", "offload"]);
    assert_eq!(read["settings"], json!({"default": 20000, "ceiling": 40000}));
    json_of(&env, &b, &a.token, &["tenant", "offload", "--unset-ceiling"]);
    let read = json_of(&env, &a, &ada, &["tenant", "offload"]);
    assert_eq!(read["settings"], json!({"default": 20000, "ceiling": null}));

    // One audit log, whichever node wrote it.
    let audit = json_of(&env, &b, &ada, &["tenant", "audit"])["entries"].take();
    let actions: Vec<&str> = audit.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions[..3], ["tenant.offload", "tenant.offload", "token.create"], "{audit}");
    assert_eq!(audit[0]["actor"], "admin@main");
    assert_eq!(audit[1]["actor"], "ada@main");

    // A node stops cleanly on SIGTERM, closing its connections, and the other goes on serving.
    stop(a);
    assert_eq!(json_of(&env, &b, &ada, &["tenant", "offload"])["settings"]["default"], 20000);
    stop(b);
}

#[test]
fn a_file_and_a_plugin_kept_through_one_node_are_used_through_the_other() {
    let server = postgres_server();
    let db = Database::new(&server, "files_plugins");
    let env = TestEnv::new();
    let a = plugin_node(&env, &db.url, "a");
    let b = plugin_node(&env, &db.url, "b");
    let token = a.token.clone();
    // The hourglass given 60 s, its server's start included, however loaded the machine.
    let workbench = plugin_support::workbench_with_timeout(&env, 60);

    let out = run_at(&env, &a, &token, &["plugin", "install", workbench.to_str().unwrap()]);
    assert!(out.status.success(), "install through a: {}", text(&out.stderr));
    assert!(plugin_folders(&env.work().join("b")).is_empty(), "b unpacks a plugin only when it is called");

    // A file a tool stored through node a is read through node b, from the database: a keeps no blob.
    let packed = json_of(
        &env,
        &a,
        &token,
        &["tool", "call", "workbench.pack", "--arg", "text=line one\n", "--arg", "copies=3", "--id", "pack-1"],
    );
    let file = packed["files"][0]["ref"].as_str().unwrap().to_owned();
    let hex = file.rsplit(':').next().unwrap();
    let on_disk = files_under(&env.work().join("a/files"));
    assert!(!on_disk.iter().any(|p| p.ends_with(&hex[2..])), "{on_disk:?}");
    let out = run_at(&env, &b, &token, &["file", "get", &file, "--job", "pack-1", "-o", "-"]);
    assert!(out.status.success(), "file get through b: {}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "line one\n".repeat(3));

    // The plugin installed through a is called through b, which unpacks it first, and its call there
    // is handed the file a stored.
    let handed = format!("archive={file}");
    let out = run_at(&env, &b, &token, &["tool", "call", "workbench.inspect", "--arg", &handed, "--format", "json"]);
    assert!(out.status.success(), "call through b: {}\n{}", text(&out.stderr), env.serve_log());
    let inspected: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let read: Value = serde_json::from_str(inspected["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
    assert_eq!((read["ref"].as_str(), read["first_line"].as_str()), (Some(file.as_str()), Some("line one")));
    let unpacked = plugin_folders(&env.work().join("b"));
    assert!(unpacked.len() == 1 && unpacked[0].starts_with("workbench-"), "{unpacked:?}");
    assert_eq!(plugin_folders(&env.work().join("a")), unpacked, "the same install's folder on each node");

    // Another tenant's person is told the job is not there, through either node.
    let other = json_of(&env, &a, &token, &["edge", "token", "create", "--tenant", "other", "--role", "content"]);
    let stranger = other["token"].as_str().unwrap();
    let out = run_at(&env, &b, stranger, &["file", "get", &file, "--job", "pack-1", "-o", "-"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("no job `pack-1`"), "{}", text(&out.stderr));

    // Removed through a, the plugin is refused through b as a tool never installed.
    let out = run_at(&env, &a, &token, &["plugin", "remove", "workbench"]);
    assert!(out.status.success(), "remove through a: {}", text(&out.stderr));
    let out = run_at(&env, &b, &token, &["tool", "call", "workbench.classify", "--arg", "text=x"]);
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert!(text(&out.stderr).contains("no tool `workbench` is installed"), "{}", text(&out.stderr));
    let listed = json_of(&env, &b, &token, &["plugin", "list"]);
    assert_eq!(listed, json!([]), "{listed}");
    stop(a);
    stop(b);
}

/// Sends SIGTERM to a node and checks that it exits 0.
fn stop(mut edge: ServedEdge) {
    let status = std::process::Command::new("kill").args(["-TERM", &edge.pid().to_string()]).status().unwrap();
    assert!(status.success());
    let exit = poll("the node stops on SIGTERM", PATIENCE, || edge.child().try_wait().unwrap());
    assert!(exit.success(), "{exit:?}");
}

#[test]
fn a_store_that_cannot_be_reached_is_named_without_its_password() {
    let env = TestEnv::new();
    let out = env
        .oz0()
        .args(["edge", "serve", "--listen", "127.0.0.1:0", "--store", "postgres://oz0:s3cret@127.0.0.1:1/oz0"])
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("could not open the edge's store at postgres://oz0@127.0.0.1:1/oz0"), "{stderr}");
    assert!(stderr.contains("hint: check that PostgreSQL runs"), "{stderr}");
    assert!(!stderr.contains("s3cret"), "{stderr}");

    let out = env
        .oz0()
        .args(["edge", "serve", "--listen", "127.0.0.1:0"])
        .env("OZ0_STORE", "mysql://root:s3cret@db/x")
        .output()
        .unwrap();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("'mysql://root@db/x' is not a store"), "{stderr}");
    assert!(!stderr.contains("s3cret"), "{stderr}");
}

// Nodes that die: a node holds a lease while it lives, and the live nodes fail a dead node's running
// jobs once its lease has lapsed for a while. The nodes here hold a lease of 2 s (`OZ0_LEASE_SECONDS`),
// so that a dead one's jobs are failed within 9 s rather than 90 s, while a live node, renewing every
// second, would have to miss its renewals for 8 s to be taken for dead.

/// The lease the nodes of these tests hold, in seconds.
const LEASE_SECONDS: &str = "2";

/// Starts a node as [`plugin_node`] does, holding a short lease.
fn leased_node(env: &TestEnv, store: &str, name: &str) -> ServedEdge {
    let mut envs = python_env();
    envs.push(("OZ0_STORE", store.into()));
    envs.push(("OZ0_LEASE_SECONDS", LEASE_SECONDS.into()));
    env.serve_node(name, &envs)
}

/// Waits for `done` to hold, failing the test, saying `what` did not happen, after [`PATIENCE`].
fn wait_for(what: &str, mut done: impl FnMut() -> bool) {
    poll(what, PATIENCE, || done().then_some(()));
}

/// Returns the latest lease a node of the database holds, in milliseconds since the epoch.
fn latest_lease(db: &Database) -> i64 {
    psql_value(&db.url, "SELECT max(lease_until) FROM nodes").parse().unwrap()
}

#[test]
fn a_node_killed_mid_job_has_its_job_failed_once_by_the_other_and_loses_nothing_acknowledged() {
    let server = postgres_server();
    let db = Database::new(&server, "lease");
    let env = TestEnv::new();
    let a = leased_node(&env, &db.url, "a");
    let b = leased_node(&env, &db.url, "b");
    let token = a.token.clone();
    // The hourglass given 60 s, its server's start included, however loaded the machine.
    let workbench = plugin_support::workbench_with_timeout(&env, 60);
    let out = run_at(&env, &a, &token, &["plugin", "install", workbench.to_str().unwrap()]);
    assert!(out.status.success(), "install through a: {}", text(&out.stderr));

    // What node a acknowledges before it dies: a token, a tenant's setting, a job and its file.
    let made = json_of(&env, &a, &token, &["edge", "token", "create", "--role", "admin", "--name", "ada"]);
    let ada = made["token"].as_str().unwrap().to_owned();
    json_of(&env, &a, &ada, &["tenant", "offload", "--default", "20000"]);
    let packed =
        json_of(&env, &a, &token, &["tool", "call", "workbench.pack", "--arg", "text=kept\n", "--id", "pack-1"]);
    let file = packed["files"][0]["ref"].as_str().unwrap().to_owned();

    // A job that waits, run on a; another run on b, which lives.
    let flows = env.work().join("flows");
    std::fs::create_dir_all(&flows).unwrap();
    std::fs::write(
        flows.join("slow.yaml"),
        "id: slow\nsteps:\n  - id: wait\n    call: hourglass.wait\n    args: {seconds: 240, child: true}\n",
    )
    .unwrap();
    std::fs::write(
        flows.join("steady.yaml"),
        // Four waits, each well within the tool's timeout (its server started anew each time), to run while
        // a's job is failed.
        (1..=4).fold("id: steady\nsteps:\n".to_owned(), |flow, n| {
            flow + &format!("  - id: w{n}\n    call: hourglass.wait\n    args: {{seconds: 1}}\n")
        }),
    )
    .unwrap();
    let out = run_at(&env, &a, &token, &["run", "slow", "--detach", "--id", "slow-a"]);
    assert!(out.status.success(), "run through a: {}", text(&out.stderr));
    // The call has started once its server's child runs.
    let servers_of_a = env.work().join("a/run");
    let mut server = None;
    wait_for("the job's tool call starts on a", || {
        server = running_servers(&tool_processes(&servers_of_a)).into_iter().find(|s| !s.children.is_empty());
        server.is_some()
    });
    let out = run_at(&env, &b, &token, &["run", "steady", "--detach", "--id", "steady-b"]);
    assert!(out.status.success(), "run through b: {}", text(&out.stderr));

    // Killed mid-job, with no chance to end it.
    let mut a = a;
    let kill = std::process::Command::new("kill").args(["-KILL", &a.pid().to_string()]).status().unwrap();
    assert!(kill.success());
    a.child().wait().unwrap();
    assert_eq!(json_of(&env, &b, &token, &["job", "get", "slow-a"])["job"]["state"], "running");
    let left = wait_server_gone(server.unwrap().mark(), PATIENCE);
    assert!(left.is_empty(), "the call's server and its child die with their node: {left:?}");

    let job = |id: &str| json_of(&env, &b, &token, &["job", "get", id]);
    wait_for("node b fails the dead node's job", || job("slow-a")["job"]["state"] != "running");
    let failed = job("slow-a");
    assert_eq!(failed["job"]["state"], "failed", "{failed}");
    let error = failed["job"]["error"].as_str().unwrap_or_default();
    assert!(error.contains("stopped renewing its lease"), "{error}");
    let steady = job("steady-b");
    assert_ne!(steady["job"]["state"], "failed", "the live node's job is never failed: {steady}");

    // Failed once, however many looks later: b looks for dead nodes each time it renews its lease, and
    // renews it three times more.
    let lease = latest_lease(&db);
    wait_for("node b renews its lease three times", || latest_lease(&db) >= lease + 3 * 1000);
    assert_eq!(job("slow-a")["job"]["ended_at"], failed["job"]["ended_at"]);
    let audit = json_of(&env, &b, &ada, &["tenant", "audit", "--limit", "1000"])["entries"].take();
    let lost: Vec<&Value> = audit.as_array().unwrap().iter().filter(|e| e["action"] == "job.node_lost").collect();
    assert_eq!(lost.len(), 1, "{audit}");
    assert_eq!(lost[0]["new"]["job"], "slow-a");

    // What a acknowledged is all there, read through b.
    assert_eq!(json_of(&env, &b, &ada, &["tenant", "offload"])["settings"]["default"], 20000);
    assert_eq!(job("pack-1")["job"]["state"], "succeeded");
    let out = run_at(&env, &b, &token, &["file", "get", &file, "--job", "pack-1", "-o", "-"]);
    assert!(out.status.success(), "file get through b: {}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "kept\n");
    // Four servers' starts, each of which a loaded machine may take a while for.
    poll("the live node's job ends", 4 * PATIENCE, || (job("steady-b")["job"]["state"] != "running").then_some(()));
    let steady = job("steady-b");
    assert_eq!(steady["job"]["state"], "succeeded", "{steady}");
    stop(b);
}

// A job is followed and cancelled from a node other than the one that runs it: the steps come from the
// store, the progress and the cancel pass between the nodes as news (`NOTIFY`).

#[test]
fn a_job_run_by_one_node_is_followed_live_and_cancelled_through_the_other() {
    let server = postgres_server();
    let db = Database::new(&server, "live");
    let env = TestEnv::new();
    let a = plugin_node(&env, &db.url, "a");
    let b = plugin_node(&env, &db.url, "b");
    let token = a.token.clone();
    let dir = plugin_support::everything_plugin(&env);
    let out = run_at(&env, &a, &token, &["plugin", "install", dir.to_str().unwrap()]);
    assert!(out.status.success(), "install through a: {}", text(&out.stderr));
    let flows = env.work().join("flows");
    std::fs::create_dir_all(&flows).unwrap();
    // The flow `slow`: one call that takes `seconds`, telling its progress `steps` times.
    let slow = |seconds: u32, steps: u32| {
        let call = "everything.trigger-long-running-operation";
        let flow = format!(
            "id: slow\nsteps:\n  - id: slow\n    call: {call}\n    args: {{duration: {seconds}, steps: {steps}}}\n"
        );
        std::fs::write(flows.join("slow.yaml"), flow).unwrap();
    };
    slow(4, 4);

    // Run on a, followed on b: every step, the call's progress as it happens, and the end.
    let out = run_at(&env, &a, &token, &["run", "slow", "--detach", "--id", "followed"]);
    assert!(out.status.success(), "run through a: {}", text(&out.stderr));
    let out = run_at(&env, &b, &token, &["job", "follow", "followed", "--format", "jsonl"]);
    let stdout = text(&out.stdout);
    assert!(out.status.success(), "follow through b: {} {stdout}", text(&out.stderr));
    let events: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    let progress = events.iter().filter(|e| e["event"] == "progress").count();
    assert!(progress >= 2, "b hears a's progress live: {stdout}");
    assert_eq!(events.iter().filter(|e| e["event"] == "step").count(), 1, "{stdout}");
    let done = events.last().unwrap();
    assert_eq!(done["event"], "done", "{stdout}");
    assert_eq!(done["job"]["state"], "succeeded", "{stdout}");

    // Cancelled through b: a stops the call and ends the job itself, as a cancel on a would.
    slow(25, 5);
    let out = run_at(&env, &a, &token, &["run", "slow", "--detach", "--id", "cancelled"]);
    assert!(out.status.success(), "run through a: {}", text(&out.stderr));
    let job = |id: &str| json_of(&env, &b, &token, &["job", "get", id]);
    // The call runs on a once b hears its progress.
    let mut follow = env
        .oz0_process()
        .env("OZ0_EDGE", &b.url)
        .env("OZ0_TOKEN", &token)
        .args(["job", "follow", "cancelled", "--format", "jsonl"])
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut events = std::io::BufRead::lines(std::io::BufReader::new(follow.stdout.take().unwrap()))
        .map(|line| serde_json::from_str::<Value>(&line.unwrap()).unwrap());
    assert!(events.by_ref().any(|e| e["event"] == "progress"), "b hears the call's progress");
    let cancelled = json_of(&env, &b, &token, &["job", "cancel", "cancelled"]);
    assert_eq!(cancelled["state"], "cancelled", "b waits for a to end it: {cancelled}");
    let done = events.last().unwrap();
    assert_eq!((&done["event"], &done["job"]["state"]), (&Value::from("done"), &Value::from("cancelled")), "{done}");
    follow.wait().unwrap();
    let ended = job("cancelled");
    assert_eq!(ended["job"]["error"], "cancelled", "ended by a, which ran it: {ended}");
    let trace = json_of(&env, &b, &token, &["job", "trace", "cancelled"]);
    assert_eq!(trace["steps"][0]["outcome"], "cancelled", "a recorded its call's end: {trace}");
    stop(a);
    stop(b);
}
