//! The PostgreSQL store: one database that several `oz0 edge serve` nodes share.
//!
//! It answers exactly as [`super::SqliteStore`] does. SQLite has one writer at a time, so a
//! transaction there that reads and then writes sees nothing change in between; here transactions of
//! other nodes run at once, and each such transaction takes the lock that keeps it right: a lock on
//! the row it changes (`SELECT ... FOR UPDATE`), a transaction-scoped advisory lock ([`Lock`]) where
//! the row may not exist yet, or a unique key with `ON CONFLICT`. A transaction that the server
//! aborts as a deadlock or a serialization failure is run again.
//!
//! The client is the synchronous `postgres` crate, which drives a runtime of its own on the calling
//! thread: its calls must come from a thread that may block, never from an async task (the edge
//! reaches the store through [`crate::EdgeState::blocking`]).

mod blobs;
mod definitions;
mod jobs;
mod migrations;
mod news;
mod nodes;
mod plugins;
mod policy;
mod pool;
mod reservations;
mod sealed;
mod spending_limits;
mod store;
#[cfg(test)]
mod tests;
mod url;

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use postgres::error::SqlState;

pub use url::{PostgresUrl, UrlError};

use self::pool::Pool;
use super::StoreError;

/// How long a statement waits for a lock another transaction holds, as SQLite's busy timeout.
const LOCK_TIMEOUT: Duration = Duration::from_secs(10);

/// How many times a transaction aborted by a deadlock or a serialization failure is run.
const TRIES: u32 = 8;

/// The PostgreSQL store.
#[derive(Debug)]
pub struct PostgresStore {
    pool: Pool,
    /// The node this process is, for the jobs it runs and the model calls it reserves.
    node: String,
    /// Set when the store is dropped, for its news listener to stop.
    dropped: Arc<AtomicBool>,
    /// The edge key, once the store is opened with it.
    pub(super) sealer: crate::sealing::Sealer,
}

impl Drop for PostgresStore {
    fn drop(&mut self) {
        self.dropped.store(true, Ordering::Relaxed);
    }
}

/// Why a statement of the store failed: the database, or a value in it that does not decode.
#[derive(Debug)]
pub(super) enum Failure {
    Db(postgres::Error),
    Bad(Box<dyn std::error::Error + Send + Sync>),
}

impl From<postgres::Error> for Failure {
    fn from(err: postgres::Error) -> Self {
        Self::Db(err)
    }
}

pub(super) type Outcome<T> = Result<T, Failure>;

/// Returns a failure for a value in the store that does not decode.
pub(super) fn bad(err: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Failure {
    Failure::Bad(err.into())
}

impl From<Failure> for StoreError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Db(err) if is(&err, &SqlState::LOCK_NOT_AVAILABLE) => {
                StoreError::Busy { seconds: LOCK_TIMEOUT.as_secs() }
            }
            Failure::Db(err) => StoreError::Database(Box::new(err)),
            Failure::Bad(err) => StoreError::Database(err),
        }
    }
}

fn is(err: &postgres::Error, state: &SqlState) -> bool {
    err.code() == Some(state)
}

/// Returns whether running the transaction again may succeed.
fn retryable(failure: &Failure) -> bool {
    matches!(failure, Failure::Db(err)
        if is(err, &SqlState::T_R_DEADLOCK_DETECTED) || is(err, &SqlState::T_R_SERIALIZATION_FAILURE))
}

/// What a transaction-scoped advisory lock keeps to one transaction at a time, within a tenant (the
/// second key): what SQLite's one writer keeps so.
#[derive(Debug, Clone, Copy)]
#[repr(i32)]
pub(super) enum Lock {
    /// Making the first tenant, its first admin and the local person: the whole store (tenant 0).
    First = 1,
    /// Naming a tenant's new person: a made-up name is the next free one.
    People = 2,
    /// Appending to a tenant's audit log, held until commit, so that entries are numbered in the order
    /// they are committed and a reader never sees a later one before an earlier one.
    Audit = 3,
    /// Changing a tenant's plugins and the tools they bring.
    Plugins = 4,
    /// Changing a tenant's definitions.
    Definitions = 5,
    /// Changing a tenant's policy.
    Policy = 6,
    /// Reserving a tenant's money for model calls: what its calls spent and reserved is read and a
    /// reservation added while no other node does the same.
    Reservations = 8,
    /// Numbering a tenant's new approval, held until commit: one more than its last, as for the audit.
    Approvals = 9,
    /// Recording the key the store's secrets are sealed with, and sealing them again: the whole store
    /// (tenant 0).
    EdgeKey = 10,
}

/// Takes `lock` for the tenant `tenant` until the transaction ends.
pub(super) fn lock(tx: &mut postgres::Transaction<'_>, lock: Lock, tenant: i64) -> Outcome<()> {
    // Tenant IDs past 2^31 share keys with smaller ones, which only makes their writers wait more.
    let key = i32::try_from(tenant.rem_euclid(i64::from(i32::MAX))).unwrap_or_default();
    tx.execute("SELECT pg_advisory_xact_lock($1, $2)", &[&(lock as i32), &key])?;
    Ok(())
}

impl PostgresStore {
    /// Opens the store in the database of `url`, bringing its schema up to date: the first node to
    /// start migrates it, under an advisory lock that the others wait for. It keeps and returns plugins
    /// without secrets until [`crate::store::SealStore::unlock`] gives it the edge key.
    pub fn open(url: &PostgresUrl) -> Result<Self, StoreError> {
        let pool = Pool::new(url.clone());
        let mut client = pool.take()?;
        migrations::migrate(&mut client)?;
        drop(client);
        Ok(Self {
            pool,
            node: crate::store::nodes::new_node_id(),
            dropped: Arc::default(),
            sealer: crate::sealing::Sealer::default(),
        })
    }

    /// Runs `f` with a connection of the pool, outside a transaction.
    pub(super) fn read<T>(&self, f: impl FnOnce(&mut postgres::Client) -> Outcome<T>) -> Result<T, StoreError> {
        let mut client = self.pool.take()?;
        Ok(f(&mut client)?)
    }

    /// Runs `f` in a transaction, committing when it returns `Ok(Ok(_))` and rolling back otherwise;
    /// runs it again when the server aborted it as a deadlock or a serialization failure.
    pub(super) fn write<T, E>(
        &self,
        mut f: impl FnMut(&mut postgres::Transaction<'_>) -> Outcome<Result<T, E>>,
    ) -> Result<Result<T, E>, StoreError> {
        let mut client = self.pool.take()?;
        let mut tries = 0;
        loop {
            tries += 1;
            let done = (|| {
                let mut tx = client.transaction()?;
                let result = f(&mut tx)?;
                if result.is_ok() {
                    tx.commit()?;
                }
                Ok(result)
            })();
            match done {
                Err(failure) if tries < TRIES && retryable(&failure) => {
                    std::thread::sleep(Duration::from_millis(5 << tries.min(6)));
                }
                done => return Ok(done?),
            }
        }
    }
}
