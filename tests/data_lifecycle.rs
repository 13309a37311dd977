//! Retention, holds and erasure under an edge killed on the way, and under two nodes sweeping one
//! PostgreSQL database at once: what a sweep or an erasure began is finished by the next start, a held
//! tree keeps its files, and a blob another tree holds is never removed under it.

use std::collections::BTreeSet;
use std::path::Path;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};

use oz0_core::api::{Edge, HoldRequest, Retention, Scope, Tenant, TreeId};

use crate::common::{Database, PATIENCE, ServedEdge, TestEnv, poll, postgres_server, psql_value};

fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap()
}

fn client(edge: &ServedEdge, token: &str) -> oz0_client::Client {
    oz0_client::Client::new(&edge.url, Some(token.to_owned())).unwrap()
}

fn tree(name: &str) -> TreeId {
    TreeId::new(name).unwrap()
}

/// Returns the blobs under a node's data folder.
fn blobs(data: &Path) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    for tenant in std::fs::read_dir(data.join("files")).into_iter().flatten().flatten() {
        if tenant.file_name().to_string_lossy().parse::<i64>().is_err() {
            continue;
        }
        for fan in std::fs::read_dir(tenant.path()).into_iter().flatten().flatten() {
            for blob in std::fs::read_dir(fan.path()).into_iter().flatten().flatten() {
                found.insert(format!("{}{}", fan.file_name().to_string_lossy(), blob.file_name().to_string_lossy()));
            }
        }
    }
    found
}

/// Returns the first column of a query of the SQLite store in `data`, as text.
fn sqlite(data: &Path, sql: &str) -> Vec<String> {
    let conn = rusqlite::Connection::open(data.join(oz0_edge::store::DATABASE_FILE)).unwrap();
    conn.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
    let mut statement = conn.prepare(sql).unwrap();
    let rows = statement.query_map([], |row| row.get::<_, String>(0)).unwrap();
    rows.collect::<Result<_, _>>().unwrap()
}

/// Stores `count` distinct files (and one every tree shares) in `tree`, four at a time; returns their
/// digests.
fn fill(rt: &tokio::runtime::Runtime, client: &oz0_client::Client, tree: &TreeId, count: usize) -> Vec<String> {
    let writers: Vec<_> = (0..4)
        .map(|w| {
            let (client, tree) = (client.clone(), tree.clone());
            rt.spawn(async move {
                let mut digests = Vec::new();
                for i in (w..count).step_by(4) {
                    let bytes = format!("file {i} of {tree}").into_bytes();
                    let stored = client.put_file(&Tenant::Current, &tree, bytes).await.unwrap();
                    digests.push(stored.file.hex());
                }
                digests
            })
        })
        .collect();
    let mut digests: Vec<String> = writers.into_iter().flat_map(|w| rt.block_on(w).unwrap()).collect();
    let shared = rt.block_on(client.put_file(&Tenant::Current, tree, b"in every tree".to_vec())).unwrap();
    digests.push(shared.file.hex());
    digests
}

/// Kills `edge` once fewer than `from` of `watched` are left on its disk, and more than none.
fn kill_midway(edge: &mut ServedEdge, data: &Path, watched: &BTreeSet<String>, what: &str) -> usize {
    let from = watched.len();
    let left = poll(what, PATIENCE, || {
        let left = blobs(data).intersection(watched).count();
        (left < from).then_some(left)
    });
    edge.kill();
    let after = blobs(data).intersection(watched).count();
    assert!(after > 0 && left > 0, "killed too late to be midway: {after} of {from} left");
    after
}

#[test]
fn a_sweep_and_an_erasure_killed_midway_are_finished_by_the_next_start() {
    const FILES: usize = 400;
    let env = TestEnv::new();
    let data = env.data();
    // Swept once at each start, then hourly: the test decides when.
    let every = [("OZ0_SWEEP_EVERY", "1h".into())];
    let mut edge = env.serve_with(&data, &every);
    let token = edge.token.clone();
    let rt = runtime();
    let admin = client(&edge, &token);
    let (old, kept, erased) = (tree("old"), tree("kept"), tree("erased"));
    let old_files: BTreeSet<String> = fill(&rt, &admin, &old, FILES).into_iter().collect();
    let kept_files: BTreeSet<String> = fill(&rt, &admin, &kept, 3).into_iter().collect();
    let shared = kept_files.intersection(&old_files).next().unwrap().clone();
    rt.block_on(admin.create_hold(&HoldRequest { scope: Scope::Tree(kept.clone()), reason: None })).unwrap();
    let retention = Retention { files: "1s".parse().unwrap(), jobs: None };
    rt.block_on(admin.set_retention(&Tenant::Current, &retention)).unwrap();
    std::thread::sleep(std::time::Duration::from_millis(1_100));
    edge.kill();

    // A start sweeps at once: killed while it removes the old tree's blobs.
    let mut edge = env.serve_with(&data, &every);
    let going: BTreeSet<String> = old_files.difference(&kept_files).cloned().collect();
    kill_midway(&mut edge, &data, &going, "the sweep removes blobs");
    let mut edge = env.serve_with(&data, &every);
    poll("the next start finishes the sweep", PATIENCE, || {
        blobs(&data).intersection(&going).next().is_none().then_some(())
    });
    let on_disk = blobs(&data);
    assert!(kept_files.is_subset(&on_disk), "the held tree's files stay, the shared one too");
    assert!(on_disk.contains(&shared));

    // An erasure killed while it removes blobs is begun still, and the next start ends it.
    let admin = client(&edge, &token);
    rt.block_on(admin.set_retention(&Tenant::Current, &Retention::default())).unwrap();
    let erased_files: BTreeSet<String> = fill(&rt, &admin, &erased, FILES).into_iter().collect();
    let erasing = rt.spawn({
        let admin = admin.clone();
        let erased = erased.clone();
        async move { admin.erase(&Scope::Tree(erased)).await }
    });
    let going: BTreeSet<String> = erased_files.difference(&kept_files).cloned().collect();
    kill_midway(&mut edge, &data, &going, "the erasure removes blobs");
    assert!(rt.block_on(erasing).unwrap().is_err(), "the erasure's caller learns it did not end");
    assert_eq!(sqlite(&data, "SELECT target FROM erasures WHERE ended_at IS NULL"), ["erased"], "it is begun still");
    let edge = env.serve_with(&data, &every);
    poll("the next start ends the erasure", PATIENCE, || {
        sqlite(&data, "SELECT target FROM erasures WHERE ended_at IS NULL").is_empty().then_some(())
    });
    assert!(blobs(&data).intersection(&going).next().is_none(), "every blob of it is gone");
    let admin = client(&edge, &token);
    let audit = rt.block_on(admin.audit(&Tenant::Current, 20, None)).unwrap();
    let entry = audit.entries.iter().find(|e| e.action == "job.erased").expect("the erasure is audited");
    assert_eq!(entry.new["erased"]["files"], FILES as u64 + 1, "{}", entry.new);
    assert!(audit.entries.iter().any(|e| e.action == "retention.expired"), "the sweep is audited");
    let read =
        rt.block_on(admin.get_file(&Tenant::Current, &erased, &oz0_core::api::FileRef::from_hex(&shared).unwrap()));
    assert!(read.is_err(), "the erased tree's ref reads as not found");
    let read =
        rt.block_on(admin.get_file(&Tenant::Current, &kept, &oz0_core::api::FileRef::from_hex(&shared).unwrap()));
    assert_eq!(read.unwrap(), b"in every tree");
    assert_eq!(sqlite(&data, "PRAGMA integrity_check"), ["ok"]);
}

#[test]
fn two_nodes_sweeping_one_database_lose_no_file_a_tree_holds() {
    let server = postgres_server();
    let db = Database::new(&server, "sweeps");
    let env = TestEnv::new();
    let envs = [("OZ0_STORE", db.url.clone().into()), ("OZ0_SWEEP_EVERY", "1s".into())];
    let a = env.serve_node("a", &envs);
    let b = env.serve_node("b", &envs);
    let token = a.token.clone();
    let rt = runtime();
    let (to_a, to_b) = (client(&a, &token), client(&b, &token));
    let kept = tree("kept");
    let shared = rt.block_on(to_a.put_file(&Tenant::Current, &kept, b"shared by many trees".to_vec())).unwrap().file;
    rt.block_on(to_a.create_hold(&HoldRequest { scope: Scope::Tree(kept.clone()), reason: Some("x".into()) })).unwrap();
    let retention = Retention { files: "1s".parse().unwrap(), jobs: None };
    rt.block_on(to_b.set_retention(&Tenant::Current, &retention)).unwrap();

    // For five seconds, both nodes store the shared bytes and others in new trees while both sweep.
    let stop = Arc::new(AtomicBool::new(false));
    let writers: Vec<_> = [to_a.clone(), to_b.clone()]
        .into_iter()
        .enumerate()
        .map(|(w, client)| {
            let stop = Arc::clone(&stop);
            rt.spawn(async move {
                let mut n = 0;
                while !stop.load(Ordering::Relaxed) {
                    let tree = TreeId::new(&format!("t{w}-{n}")).unwrap();
                    let bytes =
                        if n % 2 == 0 { b"shared by many trees".to_vec() } else { format!("{w} {n}").into_bytes() };
                    client.put_file(&Tenant::Current, &tree, bytes).await.unwrap();
                    n += 1;
                }
                n
            })
        })
        .collect();
    std::thread::sleep(std::time::Duration::from_secs(5));
    stop.store(true, Ordering::Relaxed);
    let written: u64 = writers.into_iter().map(|w| rt.block_on(w).unwrap()).sum();
    assert!(written > 20, "the writers wrote: {written}");

    // No row names a blob that is gone; the held tree reads through both nodes; old rows went.
    let dangling = psql_value(
        &db.url,
        "SELECT count(*) FROM files f WHERE NOT EXISTS \
         (SELECT 1 FROM blobs b WHERE b.tenant_id = f.tenant_id AND b.digest = f.digest)",
    );
    assert_eq!(dangling, "0", "every file row's blob is there");
    for node in [&to_a, &to_b] {
        assert_eq!(rt.block_on(node.get_file(&Tenant::Current, &kept, &shared)).unwrap(), b"shared by many trees");
    }
    poll("the sweeps remove what is past retention", PATIENCE, || {
        let old = psql_value(
            &db.url,
            "SELECT count(*) FROM files WHERE tree <> 'kept' \
             AND stored_at < (extract(epoch from now()) * 1000)::bigint - 3000",
        );
        (old == "0").then_some(())
    });
    let expired = psql_value(&db.url, "SELECT count(*) FROM audit WHERE action = 'retention.expired'");
    assert_ne!(expired, "0");
}
