//! `oz0 edge serve --store postgres://...` end to end: two nodes on one PostgreSQL database share their
//! tokens and their tenants' settings. The server is the one `OZ0_TEST_POSTGRES` names (`source
//! scripts/postgres-env` starts a throwaway one); without it the tests are skipped, except under
//! `CI=true`, where they fail. Each test makes a database of its own with `psql` and drops it after.

// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod common;

use std::io::Write;

use common::{ServedEdge, TestEnv, text};
use serde_json::{Value, json};

const VARIABLE: &str = "OZ0_TEST_POSTGRES";

/// Returns the URL of the tests' server, or `None` (saying so) when there is none outside CI.
fn server() -> Option<String> {
    match std::env::var(VARIABLE) {
        Ok(url) if !url.is_empty() => Some(url),
        _ if std::env::var("CI").is_ok_and(|ci| ci == "true") => {
            panic!("{VARIABLE} is not set, and CI must test the PostgreSQL store: source scripts/postgres-env first")
        }
        _ => {
            // Straight to stderr, which the test harness does not capture, so that a skip shows.
            let _ = writeln!(
                std::io::stderr(),
                "{VARIABLE} is not set: `oz0 edge serve --store postgres://` is not tested"
            );
            None
        }
    }
}

/// Returns `url` with its database replaced by `name`.
fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url.split_once('?').map_or((url, ""), |(b, q)| (b, q));
    let authority = base.find("://").map_or(0, |i| i + 3);
    let end = base[authority..].find('/').map_or(base.len(), |i| authority + i);
    let query = if query.is_empty() { String::new() } else { format!("?{query}") };
    format!("{}/{name}{query}", &base[..end])
}

fn psql(url: &str, sql: &str) -> std::process::Output {
    std::process::Command::new("psql")
        .args(["-X", "-q", "-v", "ON_ERROR_STOP=1", "-d", url, "-c", sql])
        .output()
        .unwrap_or_else(|err| panic!("psql runs (PostgreSQL's client, installed by scripts/postgres-env): {err}"))
}

/// A database made for one test, dropped with it.
struct Database {
    server: String,
    name: String,
    url: String,
}

impl Database {
    fn new(server: &str, test: &str) -> Self {
        let name = format!("oz0_e2e_{test}_{}", std::process::id());
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

/// Starts a node of the edge on `store`, with its own data folder.
fn node(env: &TestEnv, store: &str, name: &str) -> ServedEdge {
    env.serve_with(&env.work().join(name), &[("OZ0_STORE", store.into())])
}

fn json_of(env: &TestEnv, edge: &ServedEdge, token: &str, args: &[&str]) -> Value {
    let out = env.oz0_at(edge, token).args(args).args(["--format", "json"]).output().unwrap();
    assert!(out.status.success(), "oz0 {args:?} on {}: {}", edge.url, text(&out.stderr));
    serde_json::from_str(&text(&out.stdout)).unwrap()
}

#[test]
fn two_nodes_on_one_database_share_tokens_and_settings() {
    let Some(server) = server() else { return };
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
    let audit = json_of(&env, &b, &ada, &["tenant", "audit"]);
    let actions: Vec<&str> = audit.as_array().unwrap().iter().filter_map(|e| e["action"].as_str()).collect();
    assert_eq!(actions[..3], ["tenant.offload", "tenant.offload", "token.create"], "{audit}");
    assert_eq!(audit[0]["actor"], "admin@main");
    assert_eq!(audit[1]["actor"], "ada@main");

    // A node stops cleanly on SIGTERM, closing its connections, and the other goes on serving.
    stop(a);
    assert_eq!(json_of(&env, &b, &ada, &["tenant", "offload"])["settings"]["default"], 20000);
    stop(b);
}

/// Sends SIGTERM to a node and checks that it exits 0 within 10 s.
fn stop(mut edge: ServedEdge) {
    let status = std::process::Command::new("kill").args(["-TERM", &edge.pid().to_string()]).status().unwrap();
    assert!(status.success());
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let exit = loop {
        if let Some(exit) = edge.child().try_wait().unwrap() {
            break exit;
        }
        assert!(std::time::Instant::now() < deadline, "the node did not stop within 10 s of SIGTERM");
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
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
