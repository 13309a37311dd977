//! The pool of servers against a real Python server (tests/fixtures/plugins/lifetimes): calls that
//! arrive together wait for one start, and a server idle longer than the pool allows is stopped.

// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::time::Duration;

use oz0_toolhost::{Call, Lifetime, Listener, MARK_VARIABLE, Pool, Server, ServerCommand};
use serde_json::Map;
use tokio_util::sync::CancellationToken;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// The fixture's server, run by the venv's Python that `scripts/test` makes.
fn command(folder: &std::path::Path) -> Server {
    let python = std::env::var_os("OZ0_TEST_PYTHON").map_or_else(|| root().join(".venv/bin/python"), PathBuf::from);
    assert!(python.exists(), "the tests need the venv with the `mcp` package: run scripts/test");
    let argv = vec![python.to_string_lossy().into_owned(), "server.py".into()];
    Server::Local(ServerCommand::new(argv, root().join("tests/fixtures/plugins/lifetimes"), folder))
}

/// Returns the live processes (zombies are ended) whose environment carries the server's mark `mark`.
fn marked(mark: &str) -> Vec<u32> {
    let wanted = format!("{MARK_VARIABLE}={mark}");
    let Ok(entries) = std::fs::read_dir("/proc") else { return Vec::new() };
    entries
        .flatten()
        .filter_map(|entry| entry.file_name().to_str().and_then(|name| name.parse::<u32>().ok()))
        .filter(|pid| {
            let live = std::fs::read_to_string(format!("/proc/{pid}/stat"))
                .is_ok_and(|stat| stat.rsplit_once(')').is_some_and(|(_, rest)| !rest.trim_start().starts_with('Z')));
            live && std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|b| *b == 0).any(|var| var == wanted.as_bytes()))
        })
        .collect()
}

fn whoami() -> Call {
    Call {
        function: "whoami".into(),
        arguments: Map::new(),
        meta: Map::new(),
        timeout: Duration::from_secs(30),
        task: false,
        resource: None,
    }
}

/// Calls `whoami` and returns the mark of the server that answered: its process ID would not tell
/// servers apart, being 1 in the PID namespace of each.
async fn mark(pool: &Pool, command: &Server) -> String {
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
            tokio::spawn(async move { mark(&pool, &command).await })
        })
        .collect();
    let mut marks = Vec::new();
    for call in calls {
        marks.push(call.await.unwrap());
    }
    marks.dedup();
    assert_eq!(marks.len(), 1, "one server answered: {marks:?}");
    assert_eq!(mark(&pool, &command).await, marks[0], "a call after them reuses the server");
    assert_eq!(pool.starts(), 1);
    pool.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_server_idle_longer_than_the_pool_allows_is_stopped() {
    let folder = tempfile::tempdir().unwrap();
    let (pool, command) = (Pool::new(Some(Duration::from_millis(300))), command(folder.path()));
    let first = mark(&pool, &command).await;
    // However long the machine takes: the wait ends when the server does.
    let start = std::time::Instant::now();
    while !marked(&first).is_empty() {
        assert!(start.elapsed() < Duration::from_secs(60), "the idle server was stopped: {:?}", marked(&first));
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    assert_ne!(mark(&pool, &command).await, first, "the next call starts another");
    assert_eq!(pool.starts(), 2);
    pool.shutdown().await;
}
