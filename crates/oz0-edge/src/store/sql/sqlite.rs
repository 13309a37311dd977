//! SQLite: one file, WAL, a busy timeout, one writer.
//!
//! Writes go through one connection behind a mutex, each in an immediate transaction, so writers of this
//! process queue in order and writers of other processes wait on SQLite's lock for up to the busy
//! timeout. Reads use a small pool of their own connections, which WAL lets run beside the writer.

use std::borrow::Cow;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::Duration;

use rusqlite::types::{ToSqlOutput, ValueRef};
use rusqlite::{Connection, ErrorCode, OpenFlags, TransactionBehavior};

use super::interface::{Cell, Dialect, Outcome, Param, Row, Sql, Value};
use crate::store::error::StoreError;

/// How long a writer waits for another process's write lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// How many idle read connections are kept.
const READERS: usize = 8;

/// The file the store lives in, inside its folder.
pub const DATABASE_FILE: &str = "oz0.sqlite";

/// An SQLite database.
#[derive(Debug)]
pub(crate) struct Sqlite {
    path: PathBuf,
    writer: Mutex<Connection>,
    readers: Mutex<Vec<Connection>>,
}

/// Returns the store's error for SQLite's: busy when another writer held the lock too long.
pub(super) fn store_error(err: rusqlite::Error) -> StoreError {
    if err.sqlite_error_code() == Some(ErrorCode::DatabaseBusy)
        || err.sqlite_error_code() == Some(ErrorCode::DatabaseLocked)
    {
        StoreError::Busy { seconds: BUSY_TIMEOUT.as_secs() }
    } else {
        StoreError::Database(Box::new(err))
    }
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a connection leaves no half-done transaction: rusqlite rolls it back on drop.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

impl Sqlite {
    /// Opens the database in `dir` (made when missing, mode 0700). The database file and its WAL are
    /// 0600, whatever the umask, and one an older oz0 made is tightened.
    pub(crate) fn open(dir: &Path) -> Result<Self, StoreError> {
        let failed = |source| StoreError::Open { path: dir.display().to_string(), source };
        crate::private::make_private(dir).map_err(failed)?;
        let path = dir.join(DATABASE_FILE);
        // SQLite makes the WAL and its index with the mode of the database file.
        match crate::private::create_new(&path) {
            Ok(_) => {}
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(err) => return Err(failed(err)),
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            crate::private::tighten(&dir.join(format!("{DATABASE_FILE}{suffix}"))).map_err(failed)?;
        }
        let writer = Self::connect(&path, false)?;
        Self::wal(&writer)?;
        Ok(Self { path, writer: Mutex::new(writer), readers: Mutex::new(Vec::new()) })
    }

    fn connect(path: &Path, read_only: bool) -> Result<Connection, StoreError> {
        let flags = if read_only {
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
        } else {
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX
        };
        let conn = Connection::open_with_flags(path, flags).map_err(store_error)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(store_error)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(store_error)?;
        // FULL: a change the edge answered for survives a power cut, not only a crash of the process.
        conn.pragma_update(None, "synchronous", "FULL").map_err(store_error)?;
        Ok(conn)
    }

    /// Turns on WAL. Changing the journal mode takes a lock the busy handler does not wait for, so two
    /// processes opening a new store at once retry here.
    fn wal(conn: &Connection) -> Result<(), StoreError> {
        let mut tries = 0;
        loop {
            match conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0)) {
                Ok(_) => return Ok(()),
                Err(err) if err.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) && tries < 200 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(25));
                }
                Err(err) => return Err(store_error(err)),
            }
        }
    }

    /// Runs `f` with a read connection from the pool.
    pub(crate) fn read<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Outcome<T>) -> Result<T, StoreError> {
        let conn = lock(&self.readers).pop();
        let conn = match conn {
            Some(conn) => conn,
            None => Self::connect(&self.path, true)?,
        };
        let result = f(&mut Conn(&conn));
        let mut readers = lock(&self.readers);
        if readers.len() < READERS {
            readers.push(conn);
        }
        Ok(result?)
    }

    /// Runs `f` with the writer, outside a transaction: each statement commits alone.
    pub(crate) fn change<T>(&self, f: impl FnOnce(&mut dyn Sql) -> Outcome<T>) -> Result<T, StoreError> {
        let conn = lock(&self.writer);
        Ok(f(&mut Conn(&conn))?)
    }

    /// Runs `f` in an immediate transaction of the writer, committing when it returns `Ok(Ok(_))`.
    pub(crate) fn write<T, E>(
        &self,
        f: impl FnOnce(&mut dyn Sql) -> Outcome<Result<T, E>>,
    ) -> Result<Result<T, E>, StoreError> {
        let mut conn = lock(&self.writer);
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(store_error)?;
        let result = f(&mut Conn(&tx))?;
        if result.is_ok() {
            tx.commit().map_err(store_error)?;
        }
        Ok(result)
    }

    /// Returns what SQLite's own check finds wrong.
    pub(crate) fn integrity_check(&self) -> Result<Vec<String>, StoreError> {
        let conn = lock(&self.writer);
        let mut statement = conn.prepare("PRAGMA integrity_check").map_err(store_error)?;
        let found = statement.query_map([], |row| row.get::<_, String>(0)).map_err(store_error)?;
        let found = found.collect::<Result<Vec<_>, _>>().map_err(store_error)?;
        Ok(found.into_iter().filter(|line| line != "ok").collect())
    }
}

/// A connection of the database, or a transaction on it, as [`Sql`].
struct Conn<'a>(&'a Connection);

impl Sql for Conn<'_> {
    fn dialect(&self) -> Dialect {
        Dialect::Sqlite
    }

    fn execute(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<u64> {
        let mut statement = self.0.prepare_cached(&spelled(sql))?;
        let params = rusqlite::params_from_iter(params.iter().map(|p| Bound(p.value())));
        if statement.column_count() > 0 {
            // A statement run for what it does, such as a `SELECT` that takes locks on PostgreSQL.
            let mut rows = statement.query(params)?;
            while rows.next()?.is_some() {}
            return Ok(0);
        }
        Ok(u64::try_from(statement.execute(params)?).unwrap_or(u64::MAX))
    }

    fn query(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<Vec<Row>> {
        let mut statement = self.0.prepare_cached(&spelled(sql))?;
        let width = statement.column_count();
        let mut rows = statement.query(rusqlite::params_from_iter(params.iter().map(|p| Bound(p.value()))))?;
        let mut read = Vec::new();
        while let Some(row) = rows.next()? {
            let cells = (0..width).map(|i| row.get_ref(i).map(cell)).collect::<Result<_, _>>()?;
            read.push(Row(cells));
        }
        Ok(read)
    }

    fn batch_execute(&mut self, sql: &str) -> Outcome<()> {
        Ok(self.0.execute_batch(sql)?)
    }
}

fn cell(value: ValueRef<'_>) -> Cell {
    match value {
        ValueRef::Null => Cell::Null,
        ValueRef::Integer(n) => Cell::Int(n),
        ValueRef::Real(x) => Cell::Real(x),
        ValueRef::Text(text) => Cell::Text(String::from_utf8_lossy(text).into_owned()),
        ValueRef::Blob(bytes) => Cell::Blob(bytes.to_vec()),
    }
}

/// A parameter's value, as SQLite binds it.
struct Bound<'a>(Value<'a>);

impl rusqlite::ToSql for Bound<'_> {
    fn to_sql(&self) -> rusqlite::Result<ToSqlOutput<'_>> {
        Ok(ToSqlOutput::Borrowed(match self.0 {
            Value::Null => ValueRef::Null,
            Value::Int(n) => ValueRef::Integer(n),
            Value::Real(x) => ValueRef::Real(x),
            Value::Bool(b) => ValueRef::Integer(i64::from(b)),
            Value::Text(text) => ValueRef::Text(text.as_bytes()),
            Value::Blob(bytes) => ValueRef::Blob(bytes),
        }))
    }
}

/// Returns a statement in PostgreSQL's spelling as SQLite spells it: `$1` as `?1`, outside quotes, and
/// without a closing row lock (`FOR UPDATE`, `FOR NO KEY UPDATE`, `FOR SHARE`), which the one writer
/// makes needless.
fn spelled(sql: &str) -> Cow<'_, str> {
    let locked =
        ["FOR UPDATE", "FOR NO KEY UPDATE", "FOR SHARE"].iter().find_map(|lock| sql.trim_end().strip_suffix(lock));
    let sql = locked.unwrap_or(sql);
    if !sql.contains('$') {
        return Cow::Borrowed(sql);
    }
    let mut out = String::with_capacity(sql.len());
    let mut quoted = false;
    let mut chars = sql.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\'' {
            quoted = !quoted;
        }
        if c == '$' && !quoted && chars.peek().is_some_and(char::is_ascii_digit) {
            out.push('?');
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

#[cfg(test)]
mod tests {
    use super::spelled;

    #[test]
    fn statements_are_spelled_for_sqlite() {
        assert_eq!(spelled("SELECT a FROM t WHERE b = $1 AND c = $12"), "SELECT a FROM t WHERE b = ?1 AND c = ?12");
        assert_eq!(spelled("SELECT '$1', x ~ '^a$' FROM t WHERE b = $2"), "SELECT '$1', x ~ '^a$' FROM t WHERE b = ?2");
        assert_eq!(spelled("SELECT a FROM t WHERE b = $1 FOR UPDATE").trim_end(), "SELECT a FROM t WHERE b = ?1");
        assert_eq!(spelled("SELECT a FROM t FOR SHARE\n   ").trim_end(), "SELECT a FROM t");
        assert_eq!(spelled("SELECT 1"), "SELECT 1");
    }
}
