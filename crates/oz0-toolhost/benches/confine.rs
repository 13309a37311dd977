//! What confinement adds to a tool server's start and to a warm call, beside the unconfined figures
//! measured in the same run:
//!
//! ```sh
//! cargo bench -p oz0-toolhost --bench confine
//! ```
//!
//! Each kind of confinement runs in a process of its own, with `OZ0_CONFINE` narrowing what the kernel
//! is taken to offer (`off` is a kernel without Landlock, the unconfined reference; `landlock` is
//! Landlock alone; `auto` adds the user and PID namespaces), as an edge on such a kernel would. Each
//! measures:
//! - the start of `true`: from the spawn to the exit of a program that does nothing, so that what
//!   confinement adds is all that is timed (its plan, ruleset, namespaces, /proc and exec);
//! - the start of a Python MCP server (tests/fixtures/plugins/lifetimes, with the tests' venv) to its
//!   first answer;
//! - a warm call to that server, once started.

#![allow(clippy::print_stdout, clippy::unwrap_used, reason = "a benchmark prints its figures")]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use oz0_toolhost::{Call, Confinement, Fallback, Lifetime, Listener, Pool, ServerCommand, StdioServer, Support};
use serde_json::{Map, Value, json};
use tokio_util::sync::CancellationToken;

/// The variable that makes this program the measuring child rather than the driver.
const CHILD: &str = "OZ0_CONFINE_BENCH_CHILD";

const STARTS: usize = 200;
const SERVER_STARTS: usize = 20;
const CALLS: usize = 500;

fn main() {
    if std::env::var_os(CHILD).is_some() {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        println!("{}", runtime.block_on(measure()));
        return;
    }
    println!("confinement's cost, medians (p90) of {STARTS} starts of `true`, {SERVER_STARTS} of a Python MCP server");
    println!("and {CALLS} warm calls; each mode in a process of its own\n");
    println!("| mode | confined by | start of `true` | + | MCP server's start | + | warm call | + |");
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    let mut reference: Option<Value> = None;
    let modes = [
        ("off", "nothing: the reference"),
        ("landlock", "Landlock alone"),
        ("auto", "Landlock, user and PID namespaces"),
    ];
    for (mode, confined_by) in modes {
        let out = std::process::Command::new(std::env::current_exe().unwrap())
            .env(CHILD, "1")
            .env("OZ0_CONFINE", mode)
            .output()
            .unwrap();
        assert!(out.status.success(), "{mode}: {}", String::from_utf8_lossy(&out.stderr));
        let figures: Value = serde_json::from_slice(&out.stdout).unwrap();
        let base = reference.get_or_insert_with(|| figures.clone());
        let cell = |key: &str| {
            let (median, p90) = (figures[key]["median"].as_f64().unwrap(), figures[key]["p90"].as_f64().unwrap());
            let delta = median - base[key]["median"].as_f64().unwrap();
            format!("{median:.2} ms ({p90:.2}) | {delta:+.2} ms")
        };
        assert_eq!(figures["confined"], mode != "off", "{mode}: {}", figures["support"]);
        println!("| {mode} | {confined_by} | {} | {} | {} |", cell("start"), cell("server"), cell("call"));
    }
}

/// Returns the figures of this process's kind of confinement, as JSON.
async fn measure() -> Value {
    let folder = tempfile::tempdir().unwrap();
    let confinement = Confinement { fallback: Fallback::RunUnconfined, hidden: Vec::new(), shared: None };
    let command = |argv: Vec<String>, cwd: &Path| {
        let mut command = ServerCommand::new(argv, cwd.to_path_buf(), folder.path());
        command.confinement = confinement.clone();
        command
    };
    let support = Support::detect();

    let truth = command(vec!["true".into()], folder.path());
    let mut starts = Vec::new();
    for _ in 0..STARTS {
        let began = Instant::now();
        let mut server = StdioServer::spawn(&truth).await.unwrap();
        server.wait_exit(Duration::from_secs(10)).await.unwrap();
        starts.push(began.elapsed());
        server.shutdown().await;
    }

    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var_os("OZ0_TEST_PYTHON").map_or_else(|| root.join(".venv/bin/python"), PathBuf::from);
    let argv = vec![python.display().to_string(), "server.py".into()];
    let server = command(argv, &root.join("tests/fixtures/plugins/lifetimes"));
    let whoami = Call {
        function: "whoami".into(),
        arguments: Map::new(),
        meta: Map::new(),
        timeout: Duration::from_secs(30),
        task: false,
    };
    let cancel = CancellationToken::new();
    let mut servers = Vec::new();
    for _ in 0..SERVER_STARTS {
        let began = Instant::now();
        Pool::new(None).call(&server, &Lifetime::Own, &whoami, Listener::default(), &cancel).await.unwrap();
        servers.push(began.elapsed());
    }
    let pool = Pool::new(None);
    pool.call(&server, &Lifetime::Shared, &whoami, Listener::default(), &cancel).await.unwrap();
    let mut calls = Vec::new();
    for _ in 0..CALLS {
        let began = Instant::now();
        pool.call(&server, &Lifetime::Shared, &whoami, Listener::default(), &cancel).await.unwrap();
        calls.push(began.elapsed());
    }
    pool.shutdown().await;
    json!({
        "confined": support.confines(),
        "support": support.describe(),
        "start": figures(starts),
        "server": figures(servers),
        "call": figures(calls),
    })
}

/// Returns the median and the 90th percentile of `times`, in milliseconds.
fn figures(mut times: Vec<Duration>) -> Value {
    times.sort();
    let at = |share: f64| times[((times.len() - 1) as f64 * share).round() as usize].as_secs_f64() * 1e3;
    json!({"median": at(0.5), "p90": at(0.9)})
}
