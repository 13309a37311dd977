//! What the store's tests share: the stores to run each test against, SQLite and PostgreSQL, on the
//! server `OZ0_TEST_POSTGRES` names (`source scripts/postgres-env` starts one), each test in a database
//! of its own that is dropped after it.

use std::ops::Deref;
use std::sync::Arc;
use std::sync::atomic::{AtomicU32, Ordering};

use super::{PostgresUrl, SqlStore, Store};
use crate::sealing::{EdgeKey, KeySource};

/// The variable that names the PostgreSQL server of the tests, as a URL whose user may make databases.
pub(crate) const VARIABLE: &str = "OZ0_TEST_POSTGRES";

/// A store of one test, opened with a key of its own, with what it lives in.
pub(crate) struct TestStore {
    store: Box<dyn Store>,
    /// The key it was opened with.
    pub key: Arc<EdgeKey>,
    // Its folder or database, dropped after the store, whose connections must close before its
    // database goes.
    place: Place,
}

enum Place {
    Sqlite(tempfile::TempDir),
    Postgres(Box<Scratch>),
}

impl TestStore {
    fn new(store: Box<dyn Store>, place: Place) -> Self {
        let key = Arc::new(EdgeKey::generate(KeySource::Variable("TEST_KEY".to_owned())).expect("a key"));
        store.unlock(Arc::clone(&key)).expect("the store opens with its key");
        Self { store, key, place }
    }

    /// Returns the same store opened again, without a key.
    pub(crate) fn reopen(&self) -> Box<dyn Store> {
        match &self.place {
            Place::Sqlite(dir) => Box::new(SqlStore::sqlite(dir.path()).expect("the SQLite store opens")),
            Place::Postgres(scratch) => Box::new(SqlStore::postgres(&scratch.url).expect("the store opens")),
        }
    }

    /// Runs `sql` on the store's database, behind its back, and returns the first column of the rows
    /// it returns, as text.
    pub(crate) fn sql(&self, sql: &str) -> Vec<String> {
        match &self.place {
            Place::Sqlite(dir) => {
                let conn = rusqlite::Connection::open(dir.path().join(super::DATABASE_FILE)).expect("opens");
                let mut statement = conn.prepare(sql).expect("the SQL is good");
                let rows = statement.query_map([], |row| row.get::<_, String>(0)).expect("it runs");
                rows.collect::<Result<_, _>>().unwrap_or_default()
            }
            Place::Postgres(scratch) => {
                let mut client = scratch.url.config().connect(postgres::NoTls).expect("the server answers");
                let rows = client.query(sql, &[]).expect("the SQL runs");
                rows.iter().filter_map(|row| row.try_get::<_, String>(0).ok()).collect()
            }
        }
    }
}

impl Deref for TestStore {
    type Target = dyn Store;

    fn deref(&self) -> &Self::Target {
        self.store.as_ref()
    }
}

/// Returns a SQLite store in a new folder and, when there is a server to test against, a PostgreSQL
/// store in a new database, each opened with a new key.
pub(crate) fn stores() -> Vec<TestStore> {
    let dir = tempfile::tempdir().expect("a temp folder");
    let sqlite = SqlStore::sqlite(dir.path()).expect("the SQLite store opens");
    let mut stores = vec![TestStore::new(Box::new(sqlite), Place::Sqlite(dir))];
    let scratch = Scratch::new();
    let store = SqlStore::postgres(&scratch.url).expect("the PostgreSQL store opens");
    stores.push(TestStore::new(Box::new(store), Place::Postgres(Box::new(scratch))));
    stores
}

/// Returns the URL of the tests' PostgreSQL server. Without one, the test fails saying so: the
/// PostgreSQL store is never left untested.
pub(crate) fn server() -> PostgresUrl {
    match std::env::var(VARIABLE) {
        Ok(url) if !url.is_empty() => url.parse().unwrap_or_else(|err| panic!("{VARIABLE}: {err}")),
        _ => panic!(
            "{VARIABLE} is not set, and the PostgreSQL store must be tested: run scripts/test, or source \
             scripts/postgres-env first (it starts a throwaway PostgreSQL, installing it when missing)"
        ),
    }
}

/// A database made for one test on the tests' server, dropped when it is.
pub(crate) struct Scratch {
    server: PostgresUrl,
    name: String,
    /// The database's URL.
    pub url: PostgresUrl,
}

impl Scratch {
    /// Makes a new, empty database on the tests' server.
    pub(crate) fn new() -> Self {
        static MADE: AtomicU32 = AtomicU32::new(0);
        let server = server();
        let mut salt = [0u8; 4];
        getrandom::fill(&mut salt).expect("random bytes");
        let name = format!(
            "oz0_test_{}_{}_{:08x}",
            std::process::id(),
            MADE.fetch_add(1, Ordering::Relaxed),
            u32::from_le_bytes(salt)
        );
        let mut client = server.config().connect(postgres::NoTls).expect("the tests' PostgreSQL server answers");
        client.batch_execute(&format!("CREATE DATABASE {name}")).expect("a database for the test");
        Self { url: server.with_database(&name), server, name }
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        if let Ok(mut client) = self.server.config().connect(postgres::NoTls) {
            // FORCE: a test that failed may have left connections open.
            let dropped = client.batch_execute(&format!("DROP DATABASE IF EXISTS {} WITH (FORCE)", self.name));
            if let Err(err) = dropped {
                tracing::warn!(database = self.name, error = &err as &dyn std::error::Error, "a test's database stays");
            }
        }
    }
}

/// Checks a store just migrated from [`super::migrations::VERSION_8_ROWS`]: each tenant's entries and
/// approvals are numbered 1, 2, 3 in the order they were written, and the next of each follows on.
pub(crate) fn numbered_in_turn(store: &dyn Store) {
    use oz0_core::api::{TenantName, TreeId};

    use super::{NewApproval, Principal, TenantRecord};

    assert_eq!(store.schema_version().unwrap(), super::migrations::latest(), "{}", store.kind());
    assert!(store.integrity_check().unwrap().is_empty());
    let tenant = |name: &str| store.tenant(&TenantName::new(name).unwrap()).unwrap().unwrap();
    let log = |t: &TenantRecord| -> Vec<(u64, String)> {
        store.audit(t, 10).unwrap().into_iter().map(|e| (e.id, e.action)).collect()
    };
    let (main, other) = (tenant("main"), tenant("other"));
    let entries = |name: &str| (1..=3).rev().map(|n| (n, format!("{name}.{n}"))).collect::<Vec<_>>();
    assert_eq!(log(&main), entries("main"), "{}", store.kind());
    let denied = (4, "approval.deny".to_owned());
    assert_eq!(log(&other), [vec![denied], entries("other")].concat());
    let answer = &store.audit(&other, 1).unwrap()[0].new;
    assert_eq!(answer["id"], 2, "the answer names the approval by its number in the tenant: {answer}");
    assert_eq!((answer["job"].as_str(), answer["reason"].is_null()), (Some("J3"), true), "the rest kept: {answer}");
    let jobs = |t: &TenantRecord| -> Vec<(u64, String)> {
        store.approvals(t, true, 10).unwrap().into_iter().map(|a| (a.id, a.job.to_string())).collect()
    };
    assert_eq!(jobs(&main), [(1, "J2".to_owned())]);
    assert_eq!(jobs(&other), [(2, "J3".to_owned()), (1, "J1".to_owned())]);

    let admin =
        Principal { tenant: main.clone(), person: "admin".to_owned(), roles: oz0_core::api::Role::ALL.to_vec() };
    store.set_limits(&main, &oz0_core::api::SpendingLimits::default(), &admin).unwrap();
    assert_eq!(store.audit(&main, 1).unwrap()[0].id, 4, "the next entry follows on");
    let job = TreeId::new("J4").unwrap();
    let view = serde_json::json!({});
    let new = NewApproval { job: &job, target: "notes.add", rule: "notes.*", view: &view, expires_ms: 0 };
    assert_eq!(store.ask(&other, &new).unwrap().id, 3, "the next approval follows on");
}

/// Returns the files under `dir`, at any depth, whose bytes hold `needle`.
pub(crate) fn files_holding(dir: &std::path::Path, needle: &[u8]) -> Vec<std::path::PathBuf> {
    let mut found = Vec::new();
    let mut folders = vec![dir.to_path_buf()];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).into_iter().flatten().flatten() {
            let (path, kind) = (entry.path(), entry.file_type().expect("a file's kind"));
            if kind.is_dir() {
                folders.push(path);
            } else if kind.is_file() && std::fs::read(&path).is_ok_and(|b| b.windows(needle.len()).any(|w| w == needle))
            {
                found.push(path);
            }
        }
    }
    found
}
