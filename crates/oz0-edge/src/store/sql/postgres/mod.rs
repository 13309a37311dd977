//! PostgreSQL: one database that several `oz0 edge serve` nodes share.
//!
//! SQLite has one writer at a time, so a transaction there that reads and then writes sees nothing
//! change in between; here transactions of other nodes run at once, and each such transaction takes
//! the lock that keeps it right: a lock on the row it changes (`SELECT ... FOR UPDATE`), a
//! transaction-scoped advisory lock ([`super::Lock`]) where the row may not exist yet, or a unique key
//! with `ON CONFLICT`. A transaction that the server aborts as a deadlock or a serialization failure is
//! run again.
//!
//! Each connection prepares a statement once and keeps it, so that a read is one round trip to the
//! server, not two.
//!
//! The client is the synchronous `postgres` crate, which drives a runtime of its own on the calling
//! thread: its calls must come from a thread that may block, never from an async task (the edge
//! reaches the store through [`crate::EdgeState::blocking`]).

mod news;
mod pool;
#[cfg(test)]
mod tests;
mod url;

use std::collections::HashMap;
use std::error::Error;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use postgres::error::SqlState;
use postgres::types::{IsNull, ToSql, Type, to_sql_checked};
use postgres::{GenericClient, Statement};

pub use url::{PostgresUrl, UrlError};

use self::pool::{Conn, LOCK_TIMEOUT, Pool};
use super::interface::{Cell, Dialect, Failure, Outcome, Param, Row, Sql, Value};
use crate::store::error::StoreError;

/// How many times a transaction aborted by a deadlock or a serialization failure is run.
const TRIES: u32 = 8;

/// How long a node waits for another's migration before it gives up.
const MIGRATION_WAIT: Duration = Duration::from_secs(120);

/// The key of the session advisory lock under which a node migrates: `oz0` and `migrate` in ASCII.
const MIGRATION_LOCK: i64 = 0x6f7a_306d_6967_7261;

/// How many prepared statements a connection keeps; past that it forgets them all and starts again.
const STATEMENTS: usize = 256;

/// A PostgreSQL database, through a pool of connections.
#[derive(Debug)]
pub(crate) struct Postgres {
    pool: Pool,
    /// Set when the store is dropped, for its news listener to stop.
    dropped: Arc<AtomicBool>,
}

impl Drop for Postgres {
    fn drop(&mut self) {
        self.dropped.store(true, Ordering::Relaxed);
    }
}

/// Returns the store's error for PostgreSQL's: busy when a lock was held too long.
pub(super) fn store_error(err: postgres::Error) -> StoreError {
    if is(&err, &SqlState::LOCK_NOT_AVAILABLE) {
        StoreError::Busy { seconds: LOCK_TIMEOUT.as_secs() }
    } else {
        StoreError::Database(Box::new(err))
    }
}

fn is(err: &postgres::Error, state: &SqlState) -> bool {
    err.code() == Some(state)
}

/// Returns whether running the transaction again may succeed.
fn retryable(failure: &Failure) -> bool {
    matches!(failure, Failure::Postgres(err)
        if is(err, &SqlState::T_R_DEADLOCK_DETECTED) || is(err, &SqlState::T_R_SERIALIZATION_FAILURE))
}

impl Postgres {
    /// Returns the database of `url`, connecting once to check that it answers.
    pub(crate) fn open(url: &PostgresUrl) -> Result<Self, StoreError> {
        let pool = Pool::new(url.clone());
        drop(pool.take()?);
        Ok(Self { pool, dropped: Arc::default() })
    }

    /// Runs `migrate` in one transaction, under the migration lock: a node that starts while another
    /// migrates waits, then finds the schema current and changes nothing.
    pub(crate) fn migrate(
        &self,
        mut migrate: impl FnMut(&mut dyn Sql) -> Outcome<Result<(), StoreError>>,
    ) -> Result<(), StoreError> {
        let mut lease = self.pool.take()?;
        let client = &mut lease.client;
        let wait = format!("SET lock_timeout = '{}s'", MIGRATION_WAIT.as_secs());
        client.batch_execute(&wait).map_err(store_error)?;
        let migrated = (|| -> Outcome<Result<(), StoreError>> {
            // A session lock rather than the transaction's own, so that it is taken before the
            // transaction and its first look at the catalog: two `CREATE TABLE IF NOT EXISTS` at once
            // may both go on.
            client.execute("SELECT pg_advisory_lock($1)", &[&MIGRATION_LOCK])?;
            let mut tx = client.transaction()?;
            let done = migrate(&mut On { client: &mut tx, statements: &mut HashMap::new() })?;
            if done.is_ok() {
                tx.commit()?;
            }
            Ok(done)
        })();
        // The lock is the session's: given back here whatever happened, or when the connection closes.
        let unlocked = client.execute("SELECT pg_advisory_unlock($1)", &[&MIGRATION_LOCK]);
        let restore = client.batch_execute(&format!("SET lock_timeout = '{}s'", LOCK_TIMEOUT.as_secs()));
        match migrated {
            Ok(Ok(())) => {
                unlocked.map_err(store_error)?;
                restore.map_err(store_error)?;
                Ok(())
            }
            Ok(Err(err)) => Err(err),
            Err(Failure::Postgres(err)) if is(&err, &SqlState::LOCK_NOT_AVAILABLE) => {
                Err(StoreError::Busy { seconds: MIGRATION_WAIT.as_secs() })
            }
            Err(failure) => Err(failure.into()),
        }
    }

    /// Runs `f` with a connection of the pool, outside a transaction.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Outcome<T>) -> Result<T, StoreError> {
        let mut lease = self.pool.take()?;
        let Conn { client, statements } = &mut *lease;
        Ok(f(&mut On { client, statements })?)
    }

    /// Runs `f` in a transaction, committing when it returns `Ok(Ok(_))` and rolling back otherwise;
    /// runs it again when the server aborted it as a deadlock or a serialization failure.
    pub(crate) fn write<T, E>(
        &self,
        mut f: impl FnMut(&mut dyn Sql) -> Outcome<Result<T, E>>,
    ) -> Result<Result<T, E>, StoreError> {
        let mut lease = self.pool.take()?;
        let Conn { client, statements } = &mut *lease;
        let mut tries = 0;
        loop {
            tries += 1;
            let done = (|| {
                let mut tx = client.transaction()?;
                let result = f(&mut On { client: &mut tx, statements })?;
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

    /// Runs `f` with a connection of the pool, outside a transaction: each statement commits alone.
    pub(crate) fn change<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Outcome<T>) -> Result<T, StoreError> {
        self.read(f)
    }
}

/// A connection or a transaction on one, with the connection's prepared statements, as [`Sql`].
struct On<'a, C> {
    client: &'a mut C,
    statements: &'a mut HashMap<String, Statement>,
}

impl<C: GenericClient> On<'_, C> {
    fn prepared(&mut self, sql: &str) -> Outcome<Statement> {
        if let Some(statement) = self.statements.get(sql) {
            return Ok(statement.clone());
        }
        let statement = self.client.prepare(sql)?;
        if self.statements.len() >= STATEMENTS {
            self.statements.clear();
        }
        self.statements.insert(sql.to_owned(), statement.clone());
        Ok(statement)
    }
}

impl<C: GenericClient> Sql for On<'_, C> {
    fn dialect(&self) -> Dialect {
        Dialect::Postgres
    }

    fn execute(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<u64> {
        let statement = self.prepared(sql)?;
        let typed: Vec<Typed<'_>> = params.iter().map(|p| Typed(p.value())).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = typed.iter().map(|t| t as &(dyn ToSql + Sync)).collect();
        Ok(self.client.execute(&statement, &refs)?)
    }

    fn query(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<Vec<Row>> {
        let statement = self.prepared(sql)?;
        let typed: Vec<Typed<'_>> = params.iter().map(|p| Typed(p.value())).collect();
        let refs: Vec<&(dyn ToSql + Sync)> = typed.iter().map(|t| t as &(dyn ToSql + Sync)).collect();
        self.client.query(&statement, &refs)?.iter().map(row).collect()
    }

    fn batch_execute(&mut self, sql: &str) -> Outcome<()> {
        Ok(self.client.batch_execute(sql)?)
    }
}

fn row(row: &postgres::Row) -> Outcome<Row> {
    let cells = row.columns().iter().enumerate().map(|(i, column)| {
        let ty = column.type_();
        Ok(if *ty == Type::BOOL {
            row.try_get::<_, Option<bool>>(i)?.map_or(Cell::Null, |b| Cell::Int(i64::from(b)))
        } else if *ty == Type::INT2 {
            row.try_get::<_, Option<i16>>(i)?.map_or(Cell::Null, |n| Cell::Int(n.into()))
        } else if *ty == Type::INT4 {
            row.try_get::<_, Option<i32>>(i)?.map_or(Cell::Null, |n| Cell::Int(n.into()))
        } else if *ty == Type::INT8 {
            row.try_get::<_, Option<i64>>(i)?.map_or(Cell::Null, Cell::Int)
        } else if *ty == Type::FLOAT4 {
            row.try_get::<_, Option<f32>>(i)?.map_or(Cell::Null, |x| Cell::Real(x.into()))
        } else if *ty == Type::FLOAT8 {
            row.try_get::<_, Option<f64>>(i)?.map_or(Cell::Null, Cell::Real)
        } else if *ty == Type::BYTEA {
            row.try_get::<_, Option<Vec<u8>>>(i)?.map_or(Cell::Null, Cell::Blob)
        } else if *ty == Type::VOID {
            Cell::Null
        } else {
            row.try_get::<_, Option<String>>(i)?.map_or(Cell::Null, Cell::Text)
        })
    });
    Ok(Row(cells.collect::<Outcome<_>>()?))
}

/// A parameter's value, as PostgreSQL takes it for the type the statement gives the parameter: an
/// integer fits `INT2`, `INT4` or `INT8`, a boolean may go to an integer.
#[derive(Debug)]
struct Typed<'a>(Value<'a>);

impl ToSql for Typed<'_> {
    fn to_sql(&self, ty: &Type, out: &mut bytes::BytesMut) -> Result<IsNull, Box<dyn Error + Sync + Send>> {
        match self.0 {
            Value::Null => Ok(IsNull::Yes),
            Value::Int(n) if *ty == Type::BOOL => (n != 0).to_sql(ty, out),
            Value::Bool(b) if *ty == Type::BOOL => b.to_sql(ty, out),
            Value::Bool(b) => Typed(Value::Int(i64::from(b))).to_sql(ty, out),
            Value::Int(n) if *ty == Type::INT2 => i16::try_from(n)?.to_sql(ty, out),
            Value::Int(n) if *ty == Type::INT4 => i32::try_from(n)?.to_sql(ty, out),
            #[allow(clippy::cast_precision_loss)]
            Value::Int(n) if *ty == Type::FLOAT8 => (n as f64).to_sql(ty, out),
            Value::Int(n) => n.to_sql(ty, out),
            #[allow(clippy::cast_possible_truncation)]
            Value::Real(x) if *ty == Type::FLOAT4 => (x as f32).to_sql(ty, out),
            Value::Real(x) => x.to_sql(ty, out),
            Value::Text(text) => text.to_sql(ty, out),
            Value::Blob(bytes) => bytes.to_sql(ty, out),
        }
    }

    fn accepts(_: &Type) -> bool {
        // Each value checks its type as it is written, in `to_sql`.
        true
    }

    to_sql_checked!();
}
