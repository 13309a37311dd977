//! The PostgreSQL store's own tests: its migrations, and two nodes writing one database at once. What
//! it shares with the SQLite store is tested against both, beside the [`crate::store::Store`] trait.

use std::collections::BTreeSet;
use std::sync::Barrier;

use oz0_core::api::{JobKind, OffloadPatch, Role, TenantName, TreeId};
use oz0_core::offload::{Offload, Tokens};
use oz0_core::trace::{Step, StepKind};

use crate::store::migrations::{MIGRATIONS, VERSION_8_ROWS, latest, spelled};
use crate::store::sql::Dialect;
use crate::store::testing::Scratch;
use crate::store::{JobStart, JobStore, NewJob, NewToken, Principal, SqlStore, Store, StoreError};

/// How many threads each node writes from, and how many writes each makes.
const THREADS: usize = 4;
const WRITES: usize = 10;

fn tenant(name: &str) -> TenantName {
    TenantName::new(name).unwrap()
}

/// Returns two nodes' stores on one new database, and its admin.
fn two_nodes(scratch: &Scratch) -> ([SqlStore; 2], Principal) {
    let a = SqlStore::postgres(&scratch.url).unwrap();
    let b = SqlStore::postgres(&scratch.url).unwrap();
    let admin = a.first_token(&tenant("main"), &[0; 32]).unwrap().unwrap();
    ([a, b], admin)
}

/// Runs `write(node, thread, i)` from [`THREADS`] threads on each node, [`WRITES`] times each, all
/// starting at once, and returns what they returned.
fn at_once<T: Send>(nodes: &[SqlStore; 2], write: impl Fn(&SqlStore, usize, usize) -> T + Sync) -> Vec<T> {
    let start = Barrier::new(2 * THREADS);
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..2 * THREADS)
            .map(|n| {
                let (node, start, write) = (&nodes[n % 2], &start, &write);
                scope.spawn(move || {
                    start.wait();
                    (0..WRITES).map(|i| write(node, n, i)).collect::<Vec<T>>()
                })
            })
            .collect();
        handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
    })
}

#[test]
fn migrates_once_and_reopens() {
    let scratch = Scratch::new();
    let store = SqlStore::postgres(&scratch.url).unwrap();
    assert_eq!(store.schema_version().unwrap(), latest());
    drop(store);
    let store = SqlStore::postgres(&scratch.url).unwrap();
    assert_eq!((store.schema_version().unwrap(), store.kind(), store.shared()), (latest(), "postgres", true));
    assert!(store.integrity_check().unwrap().is_empty());
}

#[test]
fn refuses_a_newer_schema() {
    let scratch = Scratch::new();
    drop(SqlStore::postgres(&scratch.url).unwrap());
    let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
    client.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (99, 0)", &[]).unwrap();
    let err = SqlStore::postgres(&scratch.url).unwrap_err();
    assert!(matches!(err, StoreError::NewerSchema { found: 99, .. }), "{err}");
}

#[test]
fn nodes_starting_at_once_on_an_empty_database_migrate_it_once() {
    let scratch = Scratch::new();
    let start = Barrier::new(THREADS);
    std::thread::scope(|scope| {
        for _ in 0..THREADS {
            scope.spawn(|| {
                start.wait();
                let store = SqlStore::postgres(&scratch.url).unwrap();
                assert_eq!(store.schema_version().unwrap(), latest());
            });
        }
    });
    let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
    let applied: Vec<i32> = client
        .query("SELECT version FROM schema_migrations ORDER BY version", &[])
        .unwrap()
        .iter()
        .map(|row| row.get(0))
        .collect();
    let expected: Vec<i32> = MIGRATIONS.iter().map(|(v, _)| i32::try_from(*v).unwrap()).collect();
    assert_eq!(applied, expected, "each migration ran once");
}

#[test]
fn a_store_may_be_dropped_on_an_async_thread() {
    let scratch = Scratch::new();
    let store = SqlStore::postgres(&scratch.url).unwrap();
    let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
    runtime.block_on(async move { drop(store) });
}

#[test]
fn an_unreachable_server_is_named_without_its_password() {
    // Port 1 on loopback: nothing listens there.
    let url = "postgres://oz0:s3cret@127.0.0.1:1/oz0".parse().unwrap();
    let err = SqlStore::postgres(&url).unwrap_err();
    assert!(matches!(err, StoreError::Connect { .. }), "{err}");
    assert_eq!(err.to_string(), "could not connect to the PostgreSQL store 'postgres://oz0@127.0.0.1:1/oz0'");
}

#[test]
fn two_nodes_make_the_first_admin_once() {
    let scratch = Scratch::new();
    let nodes = [SqlStore::postgres(&scratch.url).unwrap(), SqlStore::postgres(&scratch.url).unwrap()];
    let made = at_once(&nodes, |node, n, i| {
        let hash = [u8::try_from(n * WRITES + i + 1).unwrap(); 32];
        node.first_token(&tenant("main"), &hash).unwrap()
    });
    let admins: Vec<_> = made.into_iter().flatten().collect();
    assert_eq!(admins.len(), 1, "{admins:?}");
    assert_eq!(admins[0].person, "admin");
    let log = nodes[1].audit(&admins[0].tenant, 100).unwrap();
    let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(actions, ["token.create", "tenant.create"]);
}

#[test]
fn two_nodes_issuing_tokens_for_one_tenant_make_up_distinct_names_and_audit_each() {
    let scratch = Scratch::new();
    let (nodes, admin) = two_nodes(&scratch);
    let team = tenant("team");
    let issued = at_once(&nodes, |node, n, i| {
        let mut hash = [0u8; 32];
        hash[0] = u8::try_from(n + 1).unwrap();
        hash[1] = u8::try_from(i + 1).unwrap();
        let new = NewToken { tenant: &team, create_tenant: true, person: None, roles: &[Role::Content], hash: &hash };
        let issued = node.issue_token(&new, &admin).unwrap().unwrap();
        assert_eq!(node.principal(&hash).unwrap().as_ref(), Some(&issued.principal), "its token works at once");
        issued
    });
    let total = 2 * THREADS * WRITES;
    assert_eq!(issued.iter().filter(|i| i.tenant_created).count(), 1, "the tenant is made once");
    let names: BTreeSet<String> = issued.iter().map(|i| i.principal.person.clone()).collect();
    let expected: BTreeSet<String> =
        std::iter::once("content".to_owned()).chain((2..=total).map(|n| format!("content-{n}"))).collect();
    assert_eq!(names, expected, "no name made up twice, none skipped");

    let t = &issued[0].principal.tenant;
    let log = nodes[0].audit(t, 1000).unwrap();
    assert_eq!(log.iter().filter(|e| e.action == "token.create").count(), total);
    assert_eq!(log.iter().filter(|e| e.action == "tenant.create").count(), 1);
    assert_eq!(log.last().unwrap().action, "tenant.create", "the tenant is made before its first token");
    // Names are made up under the same lock as the entries are numbered: in the log's order.
    let numbered: Vec<String> =
        log.iter().rev().filter(|e| e.action == "token.create").map(|e| e.new["person"].to_string()).collect();
    let in_order: Vec<String> =
        std::iter::once("\"content\"".to_owned()).chain((2..=total).map(|n| format!("\"content-{n}\""))).collect();
    assert_eq!(numbered, in_order);
}

#[test]
fn two_nodes_changing_one_tenants_offload_lose_no_change_and_audit_them_in_order() {
    let scratch = Scratch::new();
    let (nodes, admin) = two_nodes(&scratch);
    at_once(&nodes, |node, n, i| {
        let tokens = Tokens::new(u64::try_from(1000 + n * WRITES + i).unwrap()).unwrap();
        let patch = OffloadPatch { default: Some(Some(Offload::Tokens(tokens))), ceiling: None, experiment: None };
        node.change_offload(&admin.tenant, &patch, &admin).unwrap().unwrap()
    });
    let log = nodes[1].audit(&admin.tenant, 1000).unwrap();
    let mut changes: Vec<_> = log.iter().filter(|e| e.action == "tenant.offload").collect();
    changes.reverse();
    assert_eq!(changes.len(), 2 * THREADS * WRITES);
    assert_eq!(changes[0].old, serde_json::json!({"default": null, "ceiling": null}));
    for pair in changes.windows(2) {
        assert_eq!(pair[1].old, pair[0].new, "each change starts from the one before it in the log");
        assert!(pair[1].id > pair[0].id);
    }
    let last = &changes[changes.len() - 1].new;
    assert_eq!(serde_json::to_value(nodes[0].offload(&admin.tenant).unwrap()).unwrap(), *last);
}

#[test]
fn two_nodes_recording_steps_of_one_job_number_them_once_each_in_order() {
    let scratch = Scratch::new();
    let (nodes, admin) = two_nodes(&scratch);
    let t = &admin.tenant;
    let id = TreeId::new("J1").unwrap();
    let new = NewJob { id: &id, kind: JobKind::Agent, name: "a", person: "admin", input: None };
    let starts = at_once(&nodes, |node, _, _| node.start_job(t, &new).unwrap());
    assert_eq!(starts.iter().filter(|s| matches!(s, JobStart::Started(_))).count(), 1, "started once");
    assert!(starts.iter().all(|s| matches!(s, JobStart::Started(_) | JobStart::Follows(_))));

    let numbers = at_once(&nodes, |node, n, i| {
        let mut step = Step::new(0, "2026-12-01T00:00:00.000Z".into(), StepKind::ModelCall);
        step.cost_usd = Some(0.5);
        step.tool = Some(format!("{n}/{i}"));
        node.record_step(t, &id, &step).unwrap()
    });
    let total = u32::try_from(2 * THREADS * WRITES).unwrap();
    let mut sorted = numbers.clone();
    sorted.sort_unstable();
    assert_eq!(sorted, (1..=total).collect::<Vec<_>>(), "no number twice, none skipped");
    let steps = nodes[0].steps(t, &id, 0).unwrap();
    assert_eq!(steps.iter().map(|s| s.seq).collect::<Vec<_>>(), (1..=total).collect::<Vec<_>>());
    let job = nodes[1].job(t, &id).unwrap().unwrap();
    assert_eq!(job.steps, total);
    assert!((job.cost_usd - f64::from(total) * 0.5).abs() < 1e-9, "no cost lost: {}", job.cost_usd);
    // Each step's model call is audited, in the order the steps are numbered.
    let log = nodes[0].audit(t, 1000).unwrap();
    let audited: Vec<u64> =
        log.iter().rev().filter(|e| e.action == "run.model_call").filter_map(|e| e.new["step"].as_u64()).collect();
    assert_eq!(audited, (1..=u64::from(total)).collect::<Vec<_>>());
}

#[test]
fn news_announced_by_one_node_is_heard_by_both_in_order_and_stops_with_the_store() {
    use crate::store::NewsStore;
    let scratch = Scratch::new();
    let ([a, b], _) = two_nodes(&scratch);
    let (sent, heard) = std::sync::mpsc::channel::<(char, String)>();
    for (name, node) in [('a', &a), ('b', &b)] {
        let sent = sent.clone();
        node.listen(Box::new(move |text| {
            let _ = sent.send((name, text.unwrap_or("missed").to_owned()));
        }))
        .unwrap();
    }
    drop(sent);
    for n in 0..5 {
        assert!(a.announce(&format!("news {n}")).unwrap(), "a shared store sends its news");
    }
    let long = "x".repeat(crate::store::MAX_NEWS_BYTES + 1);
    assert!(matches!(b.announce(&long), Err(StoreError::Conflict(_))), "too long for NOTIFY");
    let mut got: Vec<(char, String)> =
        (0..10).map(|_| heard.recv_timeout(std::time::Duration::from_secs(10)).unwrap()).collect();
    got.sort_by_key(|(name, _)| *name);
    let want: Vec<(char, String)> =
        ['a', 'b'].into_iter().flat_map(|name| (0..5).map(move |n| (name, format!("news {n}")))).collect();
    assert_eq!(got, want);
    // The listeners end with their stores, dropping what they call.
    drop((a, b));
    assert!(heard.recv_timeout(std::time::Duration::from_secs(5)).is_err(), "nothing more, and the senders gone");
}

#[test]
fn sslmode_require_connects_over_tls_checking_the_servers_certificate() {
    let scratch = Scratch::new();
    // The CA of the tests' cluster, which scripts/postgres-env makes.
    let ca = std::env::var("OZ0_TEST_POSTGRES_CA").unwrap_or_else(|_| {
        panic!(
            "OZ0_TEST_POSTGRES_CA is not set, and TLS to PostgreSQL must be tested: run scripts/test, or source \
             scripts/postgres-env, which starts a cluster speaking TLS and sets it"
        )
    });
    let url = |query: &str| -> super::PostgresUrl { format!("{}?{query}", scratch.url).parse().unwrap() };

    let store = SqlStore::postgres(&url(&format!("sslmode=verify-full&sslrootcert={ca}"))).unwrap();
    let over_tls: bool = store
        .read(|client| client.query_one("SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()", &[])?.try_get(0))
        .unwrap();
    assert!(over_tls, "the connection is encrypted");

    // A server whose certificate no root vouches for is refused, saying why.
    let refused = |query: &str| {
        let err = SqlStore::postgres(&url(query)).unwrap_err();
        assert!(matches!(err, StoreError::Connect { .. }), "{err:?}");
        std::iter::successors(Some(&err as &dyn std::error::Error), |e| e.source())
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(": ")
    };
    let chain = refused("sslmode=require");
    assert!(chain.contains("certificate"), "{chain}");
    let chain = refused("sslmode=require&sslrootcert=/nonexistent/ca.pem");
    assert!(chain.contains("sslrootcert '/nonexistent/ca.pem'"), "{chain}");
}

#[test]
fn a_store_of_version_8_numbers_its_entries_and_approvals_within_each_tenant_in_their_order() {
    let scratch = Scratch::new();
    let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
    let mut tx = client.transaction().unwrap();
    tx.batch_execute("CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at BIGINT NOT NULL)")
        .unwrap();
    for (version, sql) in MIGRATIONS.iter().filter(|(version, _)| *version <= 8) {
        tx.batch_execute(&spelled(sql, Dialect::Postgres)).unwrap();
        tx.execute(
            "INSERT INTO schema_migrations (version, applied_at) VALUES ($1, 0)",
            &[&i32::try_from(*version).unwrap()],
        )
        .unwrap();
    }
    tx.batch_execute(VERSION_8_ROWS).unwrap();
    tx.commit().unwrap();
    drop(client);
    crate::store::testing::numbered_in_turn(&SqlStore::postgres(&scratch.url).unwrap());
}

#[test]
fn two_nodes_writing_for_two_tenants_at_once_number_each_tenants_entries_and_approvals_once_each() {
    use oz0_core::api::SpendingLimits;

    use crate::store::{LimitStore, NewApproval, PolicyStore};

    let scratch = Scratch::new();
    let (nodes, admin) = two_nodes(&scratch);
    let name = tenant("other");
    let new = NewToken { tenant: &name, create_tenant: true, person: None, roles: &Role::ALL, hash: &[9; 32] };
    let other = nodes[1].issue_token(&new, &admin).unwrap().unwrap().principal;
    let people = [&admin, &other];
    let before: Vec<usize> = people.iter().map(|p| nodes[0].audit(&p.tenant, 1000).unwrap().len()).collect();
    let job = TreeId::new("J1").unwrap();
    let view = serde_json::json!({});
    let asked = at_once(&nodes, |node, n, i| {
        let who = people[(n + i) % 2];
        let usd = f64::from(u32::try_from(n * WRITES + i).unwrap());
        node.set_limits(&who.tenant, &SpendingLimits { usd_per_day: Some(usd), usd_per_month: None }, who).unwrap();
        let ask = NewApproval { job: &job, target: "notes.add", rule: "notes.*", view: &view, expires_ms: 0 };
        ((n + i) % 2, node.ask(&who.tenant, &ask).unwrap().id)
    });
    let each = 2 * THREADS * WRITES / 2;
    for (k, who) in people.iter().enumerate() {
        let log = nodes[k].audit(&who.tenant, 1000).unwrap();
        let mut numbers: Vec<u64> = log.iter().map(|e| e.id).collect();
        numbers.reverse();
        let total = u64::try_from(before[k] + each).unwrap();
        assert_eq!(numbers, (1..=total).collect::<Vec<_>>(), "{}: in order, none twice, none skipped", who.tenant.name);
        let mut approvals: Vec<u64> = asked.iter().filter(|(t, _)| *t == k).map(|(_, id)| *id).collect();
        approvals.sort_unstable();
        assert_eq!(approvals, (1..=u64::try_from(each).unwrap()).collect::<Vec<_>>(), "{}", who.tenant.name);
    }
}
