//! What confinement adds to a tool server's start and to a warm call, beside the unconfined figures
//! measured in the same run:
//!
//! ```sh
//! cargo bench -p oz0-toolhost --bench confine
//! ```
//!
//! Each kind of confinement runs in a process of its own, with `OZ0_CONFINE` narrowing what the kernel
//! is taken to offer (`off` is a kernel without Landlock, the unconfined reference; `landlock` is
//! Landlock alone; `auto` adds the user and PID namespaces), as an edge on such a kernel would. The
//! kinds take turns, a process each a round, so that the machine's drift falls on all alike. Each
//! measures:
//! - the start of `true`: from the spawn to the exit of a program that does nothing, so that what
//!   confinement adds is all that is timed (its plan, ruleset, namespaces, /proc and exec);
//! - the start of a Python MCP server (tests/fixtures/plugins/lifetimes, in the standard library, run by
//!   the tests' venv) to its first answer;
//! - a warm call to that server, once started.

#![allow(clippy::print_stdout, clippy::unwrap_used, reason = "a benchmark prints its figures")]

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use oz0_toolhost::{
    Call, Confinement, Fallback, Lifetime, Listener, Pool, Server, ServerCommand, StdioServer, Support,
};
use serde_json::{Map, Value, json};
use tokio_util::sync::CancellationToken;

/// The variable that makes this program the measuring child rather than the driver.
const CHILD: &str = "OZ0_CONFINE_BENCH_CHILD";

/// The rounds; each kind runs once a round.
const ROUNDS: usize = 4;
const STARTS: usize = 50;
const SERVER_STARTS: usize = 8;
const CALLS: usize = 150;

fn main() {
    if std::env::var_os(CHILD).is_some() {
        let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
        println!("{}", runtime.block_on(measure()));
        return;
    }
    println!(
        "confinement's cost, medians (p90) of {} starts of `true`, {} of a Python MCP server and {} warm calls;",
        ROUNDS * STARTS,
        ROUNDS * SERVER_STARTS,
        ROUNDS * CALLS
    );
    println!("each kind in a process of its own, the kinds taking turns over {ROUNDS} rounds\n");
    let modes = [
        ("off", "nothing: the reference"),
        ("landlock", "Landlock alone"),
        ("auto", "Landlock, user and PID namespaces"),
    ];
    let mut samples: Vec<Value> = modes.iter().map(|_| json!({"start": [], "server": [], "call": []})).collect();
    for _ in 0..ROUNDS {
        for ((mode, _), kept) in modes.iter().zip(&mut samples) {
            let out = std::process::Command::new(std::env::current_exe().unwrap())
                .env(CHILD, "1")
                .env("OZ0_CONFINE", mode)
                .output()
                .unwrap();
            assert!(out.status.success(), "{mode}: {}", String::from_utf8_lossy(&out.stderr));
            let round: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(round["confined"], *mode != "off", "{mode}: {}", round["support"]);
            for key in ["start", "server", "call"] {
                let more = round[key].as_array().unwrap().clone();
                kept[key].as_array_mut().unwrap().extend(more);
            }
        }
    }
    println!("| mode | confined by | start of `true` | + | MCP server's start | + | warm call | + |");
    println!("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |");
    let reference = figures(&samples[0]);
    for ((mode, confined_by), kept) in modes.iter().zip(&samples) {
        let ours = figures(kept);
        let cell = |key: &str| {
            let (median, p90) = ours[key];
            format!("{median:.2} ms ({p90:.2}) | {:+.2} ms", median - reference[key].0)
        };
        println!("| {mode} | {confined_by} | {} | {} | {} |", cell("start"), cell("server"), cell("call"));
    }
}

/// Returns the figures of this process's kind of confinement, as JSON.
async fn measure() -> Value {
    let folder = tempfile::tempdir().unwrap();
    let confinement = Confinement {
        fallback: Fallback::RunUnconfined,
        hidden: Vec::new(),
        shared: None,
        private_network: true,
        network: oz0_toolhost::Network::Host,
        gateway: None,
    };
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
    let server = Server::Local(command(argv, &root.join("tests/fixtures/plugins/lifetimes")));
    let whoami = Call {
        function: "whoami".into(),
        arguments: Map::new(),
        meta: Map::new(),
        timeout: Duration::from_secs(30),
        task: false,
        resource: None,
    };
    let cancel = CancellationToken::new();
    let mut servers = Vec::new();
    for _ in 0..SERVER_STARTS {
        let began = Instant::now();
        Pool::new(None).call("tenant", &server, &Lifetime::Own, &whoami, Listener::default(), &cancel).await.unwrap();
        servers.push(began.elapsed());
    }
    let pool = Pool::new(None);
    pool.call("tenant", &server, &Lifetime::Shared, &whoami, Listener::default(), &cancel).await.unwrap();
    let mut calls = Vec::new();
    for _ in 0..CALLS {
        let began = Instant::now();
        pool.call("tenant", &server, &Lifetime::Shared, &whoami, Listener::default(), &cancel).await.unwrap();
        calls.push(began.elapsed());
    }
    pool.shutdown().await;
    let millis = |times: Vec<Duration>| times.iter().map(|t| t.as_secs_f64() * 1e3).collect::<Vec<f64>>();
    json!({
        "confined": support.confines(),
        "support": support.describe(),
        "start": millis(starts),
        "server": millis(servers),
        "call": millis(calls),
    })
}

/// Returns the median and the 90th percentile, in milliseconds, of each kind of sample.
fn figures(samples: &Value) -> std::collections::BTreeMap<&'static str, (f64, f64)> {
    ["start", "server", "call"]
        .into_iter()
        .map(|key| {
            let mut times: Vec<f64> = samples[key].as_array().unwrap().iter().filter_map(Value::as_f64).collect();
            times.sort_by(f64::total_cmp);
            let at = |share: f64| times[((times.len() - 1) as f64 * share).round() as usize];
            (key, (at(0.5), at(0.9)))
        })
        .collect()
}
