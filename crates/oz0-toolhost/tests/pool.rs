//! The pool of servers against a real Python server (tests/fixtures/plugins/lifetimes): calls that
//! arrive together wait for one start, a server idle longer than the pool allows is stopped, an owner
//! past the servers it may keep stops its own idle longest and never another's, and a
//! server of the older protocol (2025-11-25), whose requests do not say which call they belong to, has
//! its sampling requests answered only for the one call it runs: refused beside another, or after.

// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::time::Duration;

use std::sync::Arc;

use futures_util::future::BoxFuture;
use oz0_toolhost::{Call, Lifetime, Listener, MARK_VARIABLE, Pool, Refusal, Sample, Server, ServerCommand};
use serde_json::{Map, Value, json};
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
    named("whoami", Map::new())
}

fn named(function: &str, arguments: Map<String, Value>) -> Call {
    Call {
        function: function.into(),
        arguments,
        meta: Map::new(),
        timeout: Duration::from_secs(30),
        task: false,
        resource: None,
    }
}

/// Calls `whoami` and returns the mark of the server that answered: its process ID would not tell
/// servers apart, being 1 in the PID namespace of each.
async fn mark(pool: &Pool, command: &Server) -> String {
    mark_of(pool, "tenant", command).await
}

/// Calls `whoami` on `command`'s server kept for `owner`, and returns its mark.
async fn mark_of(pool: &Pool, owner: &str, command: &Server) -> String {
    let answered =
        pool.call(owner, command, &Lifetime::Shared, &whoami(), Listener::default(), &CancellationToken::new()).await;
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
    ended(&first).await;
    assert_ne!(mark(&pool, &command).await, first, "the next call starts another");
    assert_eq!(pool.starts(), 2);
    pool.shutdown().await;
}

/// Waits, however long the machine takes, until no process carries `mark`.
async fn ended(mark: &str) {
    let start = std::time::Instant::now();
    while !marked(mark).is_empty() {
        assert!(start.elapsed() < Duration::from_secs(60), "the server {mark} was stopped: {:?}", marked(mark));
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_owner_past_its_servers_stops_its_own_idle_longest_never_anothers() {
    let folders: Vec<_> = (0..4).map(|_| tempfile::tempdir().unwrap()).collect();
    let commands: Vec<Server> = folders.iter().map(|f| command(f.path())).collect();
    let pool = Pool::new(None);
    pool.keep_at_most(2);
    // Another owner's server, idle longest of all.
    let theirs = mark_of(&pool, "b", &commands[3]).await;
    let first = mark_of(&pool, "a", &commands[0]).await;
    let second = mark_of(&pool, "a", &commands[1]).await;
    // The first is called again: the second is now the one idle longest.
    assert_eq!(mark_of(&pool, "a", &commands[0]).await, first);
    let third = mark_of(&pool, "a", &commands[2]).await;
    ended(&second).await;
    for kept in [&first, &third, &theirs] {
        assert!(!marked(kept).is_empty(), "{kept} runs on");
    }
    assert_eq!(mark_of(&pool, "a", &commands[0]).await, first, "a kept server is reused");
    assert_eq!(mark_of(&pool, "b", &commands[3]).await, theirs);
    // The stopped one's next call starts another, stopping the one idle longest now.
    assert_ne!(mark_of(&pool, "a", &commands[1]).await, second);
    ended(&third).await;
    assert_eq!(pool.starts(), 5);
    pool.shutdown().await;
}

/// A model that answers every request, standing in for the edge's sampling.
struct Answers;

impl Sample for Answers {
    fn sample(&self, _: Value) -> BoxFuture<'_, Result<Value, Refusal>> {
        let result = json!({"role": "assistant", "content": {"type": "text", "text": "hi"}, "model": "stand-in"});
        Box::pin(async move { Ok(result) })
    }
}

/// Calls `function` on `command`'s shared server for a listener that answers sampling, and returns
/// the text it answered.
async fn text_of(pool: &Pool, command: &Server, function: &str, arguments: Value) -> String {
    let listener = Listener { sample: Some(Arc::new(Answers)), ..Listener::default() };
    let Value::Object(arguments) = arguments else { panic!("arguments are an object") };
    let call = named(function, arguments);
    let answered = pool.call("tenant", command, &Lifetime::Shared, &call, listener, &CancellationToken::new()).await;
    answered.unwrap().result["content"][0]["text"].as_str().unwrap().to_owned()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_older_servers_sampling_is_answered_only_for_the_one_call_it_runs() {
    let folder = tempfile::tempdir().unwrap();
    let mut command = command(folder.path());
    if let Server::Local(local) = &mut command {
        local.sampling = true;
    }
    let pool = Pool::new(None);
    assert_eq!(text_of(&pool, &command, "ask", json!({})).await, "hi", "one call: its request is its own");

    // Beside another call, a request could be either's: refused.
    let paused = {
        let (pool, command) = (pool.clone(), command.clone());
        tokio::spawn(async move { text_of(&pool, &command, "pause", json!({"seconds": 3})).await })
    };
    tokio::time::sleep(Duration::from_millis(500)).await;
    let beside = text_of(&pool, &command, "ask", json!({})).await;
    assert!(
        beside.starts_with("refused: the server runs several calls at once and speaks a protocol (before 2026-07-28)"),
        "{beside}"
    );
    paused.await.unwrap();

    // After its call has answered, a request belongs to none: refused.
    assert_eq!(text_of(&pool, &command, "ask_later", json!({})).await, "asking later");
    let start = std::time::Instant::now();
    let told = loop {
        let told = text_of(&pool, &command, "told", json!({})).await;
        if told != "nothing yet" || start.elapsed() > Duration::from_secs(30) {
            break told;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    };
    assert_eq!(told, "refused: the server asked while it ran no call", "{told}");
    assert_eq!(pool.starts(), 1, "one server answered them all");
    pool.shutdown().await;
}
