//! [`SqlStore`], the one [`super::Store`]: its transactions are written once, against [`Sql`], and
//! run on SQLite or PostgreSQL.

use std::collections::HashMap;
use std::path::Path;
use std::sync::Mutex;

use super::error::StoreError;
use super::location::Location;
use super::migrations;
use super::records::now_ms;
use super::sql::postgres::{Postgres, PostgresUrl};
use super::sql::sqlite::Sqlite;
use super::sql::{Outcome, Sql};
use super::token_cache::TokenCache;
use crate::sealing::Sealer;
use crate::sealing::payload::PayloadKeys;

/// The store, on either database.
#[derive(Debug)]
pub struct SqlStore {
    db: Database,
    /// The node this process is, for the jobs it runs and the model calls it reserves.
    node: String,
    /// The edge key, once the store is opened with it.
    pub(super) sealer: Sealer,
    /// Whether new payloads are sealed, and the tenants' payload keys opened so far.
    pub(super) payloads: PayloadKeys,
    /// The number the next message of each job is likely to take (by tenant and job), for the jobs this
    /// store said messages of lately: a sealed message, bound to its number, is then written in one
    /// statement.
    pub(super) next_said: Mutex<HashMap<(i64, String), i64>>,
    /// The people whose tokens this node saw lately.
    pub(super) tokens: TokenCache,
}

/// Which database the store is on.
#[derive(Debug)]
pub(super) enum Database {
    /// One file, for one node.
    Sqlite(Sqlite),
    /// A server, for the nodes that share it.
    Postgres(Box<Postgres>),
}

impl SqlStore {
    /// Opens the store at `location`: SQLite in `dir`, or PostgreSQL.
    pub fn open(dir: &Path, location: &Location) -> Result<Self, StoreError> {
        match location {
            Location::Sqlite => Self::sqlite(dir),
            Location::Postgres(url) => Self::postgres(url),
        }
    }

    /// Opens the SQLite store in `dir` (made when missing, mode 0700), bringing its schema up to date.
    /// The database file and its WAL are 0600, whatever the umask, and one an older oz0 made is
    /// tightened. It keeps and returns plugins without secrets until [`super::SealStore::unlock`]
    /// gives it the edge key.
    pub fn sqlite(dir: &Path) -> Result<Self, StoreError> {
        let db = Sqlite::open(dir)?;
        db.write(migrations::migrate)??;
        Ok(Self::with(Database::Sqlite(db)))
    }

    /// Opens the PostgreSQL store in the database of `url`, bringing its schema up to date: the first
    /// node to start migrates it, under an advisory lock that the others wait for. It keeps and returns
    /// plugins without secrets until [`super::SealStore::unlock`] gives it the edge key.
    pub fn postgres(url: &PostgresUrl) -> Result<Self, StoreError> {
        let db = Postgres::open(url)?;
        db.migrate(migrations::migrate)?;
        Ok(Self::with(Database::Postgres(Box::new(db))))
    }

    fn with(db: Database) -> Self {
        // A store that nodes share seals its payloads unless told not to: its database is a server,
        // often run and backed up by others than the edge's operator.
        let payloads = PayloadKeys::new(matches!(db, Database::Postgres(_)));
        Self {
            db,
            node: new_node_id(),
            sealer: Sealer::default(),
            payloads,
            next_said: Mutex::default(),
            tokens: TokenCache::default(),
        }
    }

    /// Returns the database.
    pub(super) fn db(&self) -> &Database {
        &self.db
    }

    /// Returns the node this store serves.
    pub(super) fn node_id(&self) -> &str {
        &self.node
    }

    /// Runs `f` outside a transaction, for reading.
    pub(super) fn read<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Outcome<T>) -> Result<T, StoreError> {
        match &self.db {
            Database::Sqlite(db) => db.read(f),
            Database::Postgres(db) => db.read(f),
        }
    }

    /// Runs `f` outside a transaction, for a change that one statement makes.
    pub(super) fn change<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Outcome<T>) -> Result<T, StoreError> {
        match &self.db {
            Database::Sqlite(db) => db.change(f),
            Database::Postgres(db) => db.change(f),
        }
    }

    /// Runs `f` in a transaction, committing when it returns `Ok(Ok(_))` and rolling back otherwise.
    /// On PostgreSQL it may run more than once: when the server aborted it as a deadlock.
    pub(super) fn write<T, E>(
        &self,
        f: impl FnMut(&mut dyn Sql) -> Outcome<Result<T, E>>,
    ) -> Result<Result<T, E>, StoreError> {
        match &self.db {
            Database::Sqlite(db) => db.write(f),
            Database::Postgres(db) => db.write(f),
        }
    }
}

/// Returns a new node ID: the process's ID and 8 random bytes, unique however many stores a process
/// opens.
pub(super) fn new_node_id() -> String {
    let mut salt = [0u8; 8];
    // Without randomness the clock makes the ID unique enough: nodes start apart in time.
    if getrandom::fill(&mut salt).is_err() {
        salt = now_ms().to_le_bytes();
    }
    let hex: String = salt.iter().map(|b| format!("{b:02x}")).collect();
    format!("{}-{hex}", std::process::id())
}
