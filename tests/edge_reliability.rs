//! The edge under stress: two processes changing the offload at once, through the embedded and the
//! served edge, and a server killed with SIGKILL in the middle of writes.

use crate::common;
use crate::plugin_support;

use std::collections::BTreeSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use common::{PATIENCE, Site, TestEnv, poll, text, transports};
use oz0_core::api::{Edge, OffloadPatch, Tenant, TreeId};
use oz0_core::offload::{Offload, Tokens};
use oz0_edge::store::{SqlStore, Store};
use serde_json::Value;

/// Returns the tenant's offload changes in the audit log, oldest first.
fn offload_changes(site: &Site) -> Vec<Value> {
    let out = site.oz0().args(["tenant", "audit", "--limit", "1000", "--format", "json"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let page: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    let mut entries: Vec<Value> = page["entries"].as_array().unwrap().clone();
    entries.retain(|e| e["action"] == "tenant.offload");
    entries.reverse();
    entries
}

/// Asserts that each change starts where the one before it ended, and returns the last one's `new`.
fn assert_chained(changes: &[Value]) -> Value {
    for pair in changes.windows(2) {
        assert_eq!(pair[1]["old"], pair[0]["new"], "a change was lost between {} and {}", pair[0]["id"], pair[1]["id"]);
        assert!(pair[1]["id"].as_u64() > pair[0]["id"].as_u64());
    }
    changes.last().map(|c| c["new"].clone()).unwrap_or(Value::Null)
}

#[test]
fn two_processes_setting_the_offload_end_consistent() {
    const EACH: u64 = 100;
    for transport in transports() {
        let site = Site::new(transport);
        std::thread::scope(|scope| {
            for writer in 1..=2u64 {
                let site = &site;
                scope.spawn(move || {
                    for i in 0..EACH {
                        let value = (writer * 1000 + i).to_string();
                        let out = site.oz0().args(["tenant", "offload", "--default", &value]).output().unwrap();
                        assert!(out.status.success(), "{transport:?} writer {writer}: {}", text(&out.stderr));
                    }
                });
            }
        });
        let changes = offload_changes(&site);
        assert_eq!(changes.len() as u64, 2 * EACH, "{transport:?}: every change is in the audit log");
        let last = assert_chained(&changes);
        let out = site.oz0().args(["tenant", "offload", "--format", "json"]).output().unwrap();
        let now: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        assert_eq!(now["settings"], last, "{transport:?}: the settings are the last change's");
        let values: BTreeSet<u64> = changes.iter().map(|c| c["new"]["default"].as_u64().unwrap()).collect();
        let expected: BTreeSet<u64> = (1..=2).flat_map(|w| (0..EACH).map(move |i| w * 1000 + i)).collect();
        assert_eq!(values, expected, "{transport:?}: each process's every value was written once");
    }
}

/// Changes the offload (and stores a file every fourth time) until the edge stops answering, and returns
/// the values the edge acknowledged, counting them in `count` as they come.
async fn write_until_refused(client: oz0_client::Client, writer: u64, count: Arc<AtomicUsize>) -> Vec<u64> {
    let mut acked = Vec::new();
    let tree = TreeId::new(&format!("job-{writer}")).unwrap();
    for i in 0..100_000u64 {
        let value = 1 + (writer * 100_000 + i) % 1_000_000;
        let result = if i % 4 == 3 {
            client.put_file(&Tenant::Current, &tree, value.to_string().into_bytes()).await.map(|_| ())
        } else {
            let default = Some(Some(Offload::Tokens(Tokens::new(value).unwrap())));
            client.set_offload(&Tenant::Current, &OffloadPatch { default, ceiling: None, experiment: None }).await.map(
                |_| {
                    acked.push(value);
                    count.fetch_add(1, Ordering::Relaxed);
                },
            )
        };
        if result.is_err() {
            break;
        }
    }
    acked
}

#[test]
fn a_server_killed_in_the_middle_of_writes_leaves_a_sound_store() {
    let env = TestEnv::new();
    let mut served = env.serve();
    let admin = served.token.clone();
    let client = oz0_client::Client::new(&served.url, Some(admin.clone())).unwrap();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    let count = Arc::new(AtomicUsize::new(0));
    let writers: Vec<_> =
        (0..4).map(|w| runtime.spawn(write_until_refused(client.clone(), w, Arc::clone(&count)))).collect();
    // Killed in the middle of writes: once the edge has acknowledged some, while the writers go on.
    poll("the edge acknowledges 20 changes", PATIENCE, || (count.load(Ordering::Relaxed) >= 20).then_some(()));
    served.kill();
    let acknowledged: Vec<u64> = writers.into_iter().flat_map(|w| runtime.block_on(w).unwrap()).collect();
    assert!(acknowledged.len() > 10, "the writers wrote before the kill: {}", acknowledged.len());

    let store = SqlStore::sqlite(&env.data()).unwrap();
    assert_eq!(store.integrity_check().unwrap(), Vec::<String>::new(), "PRAGMA integrity_check finds nothing");
    drop(store);

    let mut restarted = env.serve();
    assert!(restarted.token.is_empty(), "no second first token: {}", restarted.stdout);
    restarted.token = admin;
    let site = Site { env, served: Some(restarted) };
    let changes = offload_changes(&site);
    let last = assert_chained(&changes);
    let written: BTreeSet<u64> = changes.iter().map(|c| c["new"]["default"].as_u64().unwrap()).collect();
    for value in &acknowledged {
        assert!(written.contains(value), "the acknowledged change to {value} is in the log");
    }
    let out = site.oz0().args(["tenant", "offload", "--format", "json"]).output().unwrap();
    let now: Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(now["settings"], last);
}

#[cfg(unix)]
#[test]
fn the_server_stops_cleanly_on_sigterm() {
    let env = TestEnv::new();
    let mut served = env.serve();
    assert!(served.token.starts_with("oz0_"), "{}", served.stdout);
    let pid = served.pid().to_string();
    let status = std::process::Command::new("kill").args(["-TERM", &pid]).status().unwrap();
    assert!(status.success());
    let exit = poll("the server stops on SIGTERM", PATIENCE, || served.child().try_wait().unwrap());
    assert!(exit.success(), "{exit:?}");
}

#[test]
fn a_call_whose_edge_dies_says_the_edge_went_away() {
    let mut site = plugin_support::PluginSite::new(common::Transport::Served);
    site.install_workbench_with_timeout(60);
    let mut command = site.oz0_process();
    command.args(["tool", "call", "hourglass.wait", "--arg", "seconds=50"]);
    let call = std::thread::spawn(move || command.output());
    // Killed once the call runs on the edge.
    poll("the call to run", PATIENCE, || {
        let jobs = site.json(&["job", "list"]);
        jobs["jobs"].as_array()?.iter().any(|job| job["state"] == "running").then_some(())
    });
    site.served.as_mut().unwrap().kill();
    let out = call.join().unwrap().unwrap();
    let stderr = text(&out.stderr);
    assert!(stderr.contains("went away before it answered"), "{stderr}");
    assert!(stderr.contains("oz0 job list"), "{stderr}");
}
