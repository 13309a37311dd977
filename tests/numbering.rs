//! What a tenant counts is its own: audit entries and approvals are numbered 1, 2, 3 in each tenant,
//! whatever other tenants do, on one node or on two sharing PostgreSQL; and the audit log and the jobs,
//! read a page at a time, go past 1,000 and show each entry once, while a cursor made up or taken from
//! another tenant's list shows nothing of that tenant. Large lists are made through the store, which is
//! what the edge reads, rather than one command at a time.

use crate::common;

use std::collections::BTreeSet;

use common::{Database, ServedEdge, Site, TestEnv, Transport, postgres_server, served_transports, text, transports};
use oz0_core::api::{JobKind, Role, SpendingLimits, TenantName, TreeId};
use oz0_edge::store::{NewApproval, NewJob, Principal, SqlStore, Store, TenantRecord};
use serde_json::Value;

/// Runs `oz0` on the site's edge with `token` (the first admin's when `None`), and returns its JSON.
fn json(site: &Site, token: Option<&str>, args: &[&str]) -> Value {
    let mut cmd = site.oz0();
    if let Some(token) = token {
        cmd.env("OZ0_TOKEN", token);
    }
    let out = cmd.args(args).args(["--format", "json"]).output().unwrap();
    assert!(out.status.success(), "oz0 {args:?}: {}", text(&out.stderr));
    serde_json::from_str(&text(&out.stdout)).unwrap()
}

/// Runs `oz0` on the site's edge with `token` (the first admin's when `None`), and checks it worked.
fn ok(site: &Site, token: Option<&str>, args: &[&str]) {
    let (code, stderr) = refused(site, token, args);
    assert_eq!(code, Some(0), "oz0 {args:?}: {stderr}");
}

/// Runs `oz0` as [`json`] does, without `--format json`, and returns its exit code and stderr.
fn refused(site: &Site, token: Option<&str>, args: &[&str]) -> (Option<i32>, String) {
    let mut cmd = site.oz0();
    if let Some(token) = token {
        cmd.env("OZ0_TOKEN", token);
    }
    let out = cmd.args(args).output().unwrap();
    (out.status.code(), text(&out.stderr))
}

/// Makes an admin of the tenant `other` through the site's first admin, and returns its token.
fn other_admin(site: &Site) -> String {
    let made = json(site, None, &["edge", "token", "create", "--tenant", "other", "--role", "admin,content"]);
    made["token"].as_str().unwrap().to_owned()
}

/// Opens the store the site's edge keeps its state in, beside the edge.
fn store_of(site: &Site, transport: Transport) -> Box<dyn Store> {
    match (transport, site.env.store()) {
        (Transport::Shared, Some(url)) => Box::new(SqlStore::postgres(&url.parse().unwrap()).unwrap()),
        (Transport::Served, _) => Box::new(SqlStore::sqlite(&site.env.data()).unwrap()),
        _ => Box::new(SqlStore::sqlite(&site.env.home()).unwrap()),
    }
}

/// Returns the tenant `name` and an admin of it, as the store knows them.
fn admin_of(store: &dyn Store, name: &str) -> Principal {
    let tenant: TenantRecord = store.tenant(&TenantName::new(name).unwrap()).unwrap().unwrap();
    Principal { tenant, person: "admin".to_owned(), roles: Role::ALL.to_vec() }
}

/// Returns the numbers of a page's entries, or of an approval list.
fn ids(list: &Value) -> Vec<u64> {
    list.as_array().unwrap().iter().map(|e| e["id"].as_u64().unwrap()).collect()
}

fn countdown(n: u64) -> Vec<u64> {
    (1..=n).rev().collect()
}

#[test]
fn two_tenants_acting_in_turn_each_count_1_2_3() {
    for transport in served_transports() {
        let site = Site::new(transport);
        let other = other_admin(&site);
        for n in 0..3 {
            for token in [None, Some(other.as_str())] {
                ok(&site, token, &["policy", "ask", &format!("notes.f{n}")]);
            }
        }
        // Each log: the tenant's creation and first token, then its own three rules.
        for token in [None, Some(other.as_str())] {
            let page = json(&site, token, &["tenant", "audit"]);
            assert_eq!(ids(&page["entries"]), countdown(5), "{transport:?}: {page}");
            assert_eq!(page["entries"][0]["new"]["pattern"], "notes.f2");
            assert_eq!(page["next"], Value::Null);
        }

        // Approvals asked in turn: each tenant numbers its own, and answers its own alone.
        let store = store_of(&site, transport);
        let (main, theirs) = (admin_of(&*store, "main"), admin_of(&*store, "other"));
        let job = TreeId::new("J1").unwrap();
        let view = serde_json::json!({"arguments": {}});
        let ask = NewApproval { job: &job, target: "notes.f0", rule: "notes.f0", view: &view, expires_ms: i64::MAX };
        for _ in 0..3 {
            for who in [&main, &theirs] {
                store.ask(&who.tenant, &ask).unwrap();
            }
        }
        for token in [None, Some(other.as_str())] {
            assert_eq!(ids(&json(&site, token, &["approval", "list"])), countdown(3), "{transport:?}");
        }
        ok(&site, Some(&other), &["approval", "deny", "2"]);
        assert_eq!(json(&site, None, &["approval", "show", "2"])["state"], "pending", "main's 2 is not other's");
        let (code, stderr) = refused(&site, Some(&other), &["approval", "show", "4"]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("no approval 4"), "{stderr}");
        let denied = json(&site, Some(&other), &["tenant", "audit", "--limit", "1"]);
        assert_eq!((denied["entries"][0]["id"].as_u64(), &denied["entries"][0]["new"]["id"]), (Some(6), &2.into()));
        assert_eq!(ids(&json(&site, None, &["tenant", "audit"])["entries"]), countdown(5), "main's log is unmoved");
    }
}

#[test]
fn writers_on_two_postgresql_nodes_at_once_never_repeat_a_number() {
    let server = postgres_server();
    let db = Database::new(&server, "numbering");
    let env = TestEnv::new();
    let node = |name: &str| env.serve_node(name, &[("OZ0_STORE", db.url.as_str().into())]);
    let (a, b) = (node("a"), node("b"));
    let made = env
        .oz0_at(&a, &a.token)
        .args(["edge", "token", "create", "--tenant", "other", "--role", "admin", "--format", "json"])
        .output()
        .unwrap();
    assert!(made.status.success(), "{}", text(&made.stderr));
    let other = serde_json::from_str::<Value>(&text(&made.stdout)).unwrap()["token"].as_str().unwrap().to_owned();

    // Each tenant writes through both nodes at once, from two commands on each.
    const WRITES: usize = 6;
    let writers: Vec<(&ServedEdge, &str)> =
        vec![(&a, &a.token), (&b, &a.token), (&a, &other), (&b, &other), (&a, &a.token), (&b, &other)];
    std::thread::scope(|scope| {
        for (w, (edge, token)) in writers.iter().enumerate() {
            let env = &env;
            scope.spawn(move || {
                for i in 0..WRITES {
                    let out = env.oz0_at(edge, token).args(["policy", "ask", &format!("w{w}.f{i}")]).output().unwrap();
                    assert!(out.status.success(), "{}", text(&out.stderr));
                }
            });
        }
    });
    for (token, writers) in [(&a.token, 3), (&other, 3)] {
        let out = env.oz0_at(&b, token).args(["tenant", "audit", "--limit", "1000", "--format", "json"]).output();
        let page: Value = serde_json::from_str(&text(&out.unwrap().stdout)).unwrap();
        let numbers = ids(&page["entries"]);
        // Two entries from the tenant's making, then each write's own.
        let total = u64::try_from(2 + writers * WRITES).unwrap();
        assert_eq!(numbers, countdown(total), "in order, none twice, none skipped: {page}");
    }
}

/// Adds 2,500 audit entries and 1,200 ended jobs, seven to a millisecond, to the tenant `tenant` in
/// the site's store: in one transaction, numbered as the store numbers them, so that the test does not
/// wait for 3,700 commits. The same SQL for either store.
fn bulk(site: &Site, transport: Transport, tenant: &str) {
    let sql = format!(
        "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2500),
              t(id, last) AS (SELECT id, (SELECT COALESCE(MAX(seq), 0) FROM audit WHERE tenant_id = tenants.id)
                              FROM tenants WHERE name = '{tenant}')
         INSERT INTO audit (tenant_id, seq, at, actor, action, old, new)
         SELECT t.id, t.last + i, 1785000000000 + i, 'admin@{tenant}', 'tenant.limits', 'null', '{{}}' FROM t, n;
         WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 1200)
         INSERT INTO jobs (tenant_id, id, tree, kind, name, state, person, started_at, ended_at)
         SELECT tenants.id, 'bulk-' || (10000 + i), 'bulk-' || (10000 + i), 'call', 'bulk.make', 'succeeded',
                'admin', 1785000000000 + i / 7, 1785000000000 + i / 7
         FROM tenants, n WHERE tenants.name = '{tenant}';"
    );
    match (transport, site.env.store()) {
        (Transport::Shared, Some(url)) => {
            let out = common::psql(url, &format!("BEGIN; {sql} COMMIT;"));
            assert!(out.status.success(), "{}", text(&out.stderr));
        }
        _ => {
            let dir = if transport.served() { site.env.data() } else { site.env.home() };
            let mut db = rusqlite::Connection::open(dir.join("oz0.sqlite")).unwrap();
            db.busy_timeout(std::time::Duration::from_secs(10)).unwrap();
            let tx = db.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).unwrap();
            tx.execute_batch(&sql).unwrap();
            tx.commit().unwrap();
        }
    }
}

#[test]
fn the_audit_log_and_the_jobs_are_read_page_after_page_past_a_thousand_each_once() {
    for transport in transports() {
        let site = Site::new(transport);
        json(&site, None, &["edge", "status"]);
        let first = if transport.served() { "main" } else { "local" };
        let before = json(&site, None, &["tenant", "audit", "--limit", "1000"])["entries"].as_array().unwrap().len();
        bulk(&site, transport, first);
        let entries = u64::try_from(before + 2_500).unwrap();

        // Read 1,000 at a time, following each page's cursor.
        let mut seen = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut args = vec!["tenant", "audit", "--limit", "1000"];
            if let Some(cursor) = &after {
                args.extend(["--after", cursor]);
            }
            let page = json(&site, None, &args);
            seen.extend(ids(&page["entries"]));
            match page["next"].as_str() {
                Some(next) => after = Some(next.to_owned()),
                None => break,
            }
        }
        assert_eq!(seen, countdown(entries), "{transport:?}: each entry once, newest first");
        // Or all at once, the command reading the pages itself.
        let all = json(&site, None, &["tenant", "audit", "--limit", "5000"]);
        assert_eq!(ids(&all["entries"]), countdown(entries));

        let mut jobs = Vec::new();
        let mut after: Option<String> = None;
        loop {
            let mut args = vec!["job", "list", "--limit", "500"];
            if let Some(cursor) = &after {
                args.extend(["--after", cursor]);
            }
            let page = json(&site, None, &args);
            jobs.extend(page["jobs"].as_array().unwrap().iter().map(|j| j["id"].as_str().unwrap().to_owned()));
            match page["next"].as_str() {
                Some(next) => after = Some(next.to_owned()),
                None => break,
            }
        }
        let distinct: BTreeSet<&String> = jobs.iter().collect();
        assert_eq!((jobs.len(), distinct.len()), (1_200, 1_200), "{transport:?}: each job once");
        let all = json(&site, None, &["job", "list", "--limit", "2000"]);
        assert_eq!(all["jobs"].as_array().unwrap().len(), 1_200);
        assert_eq!(all["next"], Value::Null);
        let some = json(&site, None, &["job", "list", "--limit", "1100"]);
        let next = some["next"].as_str().unwrap();
        let rest = json(&site, None, &["job", "list", "--after", next, "--limit", "1000"]);
        assert_eq!(rest["jobs"].as_array().unwrap().len(), 100, "the rest after the cursor");
    }
}

#[test]
fn a_cursor_made_up_or_of_another_tenant_shows_nothing_of_that_tenant() {
    for transport in served_transports() {
        let site = Site::new(transport);
        let other = other_admin(&site);
        let store = store_of(&site, transport);
        let (main, theirs) = (admin_of(&*store, "main"), admin_of(&*store, "other"));
        for n in 0..30u32 {
            let limits = SpendingLimits { usd_per_day: Some(f64::from(n)), usd_per_month: None };
            store.set_limits(&theirs.tenant, &limits, &theirs).unwrap();
            let id = TreeId::new(&format!("theirs-{n:02}")).unwrap();
            let new = NewJob { id: &id, kind: JobKind::Call, name: "their.secret", person: "admin", input: None };
            store.start_job(&theirs.tenant, &new).unwrap();
        }
        for n in 0..3 {
            let id = TreeId::new(&format!("mine-{n}")).unwrap();
            let new = NewJob { id: &id, kind: JobKind::Call, name: "my.own", person: "admin", input: None };
            store.start_job(&main.tenant, &new).unwrap();
        }
        let their_audit = json(&site, Some(&other), &["tenant", "audit", "--limit", "5"])["next"].clone();
        let their_jobs = json(&site, Some(&other), &["job", "list", "--limit", "5"])["next"].clone();

        // Their cursors, and cursors made up, read main's own list or nothing.
        let far = "99999999999999.zzzz".to_owned();
        let job_cursors = [their_jobs.as_str().unwrap().to_owned(), far, "1.a".to_owned()];
        for cursor in &job_cursors {
            let page = json(&site, None, &["job", "list", "--after", cursor, "--limit", "1000"]);
            for job in page["jobs"].as_array().unwrap() {
                assert_eq!(job["name"], "my.own", "{transport:?} {cursor}: {page}");
            }
        }
        for cursor in [their_audit.as_str().unwrap(), "99999999", "3", "0"] {
            let page = json(&site, None, &["tenant", "audit", "--after", cursor, "--limit", "1000"]);
            let entries = page["entries"].as_array().unwrap();
            assert!(entries.iter().all(|e| e["actor"] != "admin@other" && e["action"] != "tenant.limits"), "{page}");
            assert!(!page.to_string().contains("their"), "{transport:?} {cursor}: {page}");
        }
        // A cursor of the other list, or not a cursor at all, is refused, saying what to pass.
        let (code, stderr) = refused(&site, None, &["tenant", "audit", "--after", job_cursors[0].as_str()]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("is not a cursor of the audit log's pages"), "{stderr}");
        let (code, stderr) = refused(&site, None, &["job", "list", "--after", "12"]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("is not a cursor of the job list's pages"), "{stderr}");
        let (code, stderr) = refused(&site, None, &["job", "list", "--after", "1/../2"]);
        assert_eq!(code, Some(2), "{stderr}");
        assert!(stderr.contains("is not a valid cursor"), "{stderr}");
    }
}
