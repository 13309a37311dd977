//! The pool of servers against a real Python server (tests/fixtures/plugins/lifetimes): calls that
//! arrive together wait for one start, and a server idle longer than the pool allows is stopped.

// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::time::Duration;

use oz0_toolhost::{Call, Lifetime, Listener, Pool, ServerCommand};
use serde_json::Map;
use tokio_util::sync::CancellationToken;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The fixture's server, run by the venv's Python that `scripts/test` makes.
fn command(folder: &std::path::Path) -> ServerCommand {
    let python = std::env::var_os("OZ0_TEST_PYTHON").map_or_else(|| root().join(".venv/bin/python"), PathBuf::from);
    assert!(python.exists(), "the tests need the venv with the `mcp` package: run scripts/test");
    let argv = vec![python.to_string_lossy().into_owned(), "server.py".into()];
    ServerCommand::new(argv, root().join("tests/fixtures/plugins/lifetimes"), folder)
}

fn whoami() -> Call {
    Call {
        function: "whoami".into(),
        arguments: Map::new(),
        meta: Map::new(),
        timeout: Duration::from_secs(30),
        task: false,
    }
}

/// Calls `whoami` and returns the process that answered.
async fn pid(pool: &Pool, command: &ServerCommand) -> String {
    let answered =
        pool.call(command, &Lifetime::Shared, &whoami(), Listener::default(), &CancellationToken::new()).await;
    let result = answered.unwrap().result;
    result["content"][0]["text"].as_str().unwrap().split_whitespace().next().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn calls_that_arrive_together_wait_for_one_start() {
    let folder = tempfile::tempdir().unwrap();
    let (pool, command) = (Pool::new(None), command(folder.path()));
    let calls: Vec<_> = (0..6)
        .map(|_| {
            let (pool, command) = (pool.clone(), command.clone());
            tokio::spawn(async move { pid(&pool, &command).await })
        })
        .collect();
    let mut pids = Vec::new();
    for call in calls {
        pids.push(call.await.unwrap());
    }
    pids.dedup();
    assert_eq!(pids.len(), 1, "one server answered: {pids:?}");
    assert_eq!(pool.starts(), 1);
    pool.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_idle_longer_than_the_pool_allows_is_stopped() {
    let folder = tempfile::tempdir().unwrap();
    let (pool, command) = (Pool::new(Some(Duration::from_millis(300))), command(folder.path()));
    let first = pid(&pool, &command).await;
    assert_eq!(pid(&pool, &command).await, first, "a call right after reuses the server");
    tokio::time::sleep(Duration::from_millis(1200)).await;
    assert!(!std::path::Path::new(&format!("/proc/{first}")).exists(), "the idle server was stopped");
    assert_ne!(pid(&pool, &command).await, first, "the next call starts another");
    assert_eq!(pool.starts(), 2);
    pool.shutdown().await;
}
