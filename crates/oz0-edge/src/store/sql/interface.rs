//! The interface itself: [`Sql`], the values that cross it, and why a statement failed.

/// Which database a connection speaks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Dialect {
    /// SQLite: one writer at a time.
    Sqlite,
    /// PostgreSQL: transactions of several nodes at once.
    Postgres,
}

/// A connection, or a transaction on one: what the store's code reads and writes through.
pub(crate) trait Sql {
    /// Returns which database this is.
    fn dialect(&self) -> Dialect;

    /// Runs a statement, returning how many rows it changed.
    fn execute(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<u64>;

    /// Runs a statement, returning its rows.
    fn query(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<Vec<Row>>;

    /// Runs statements separated by semicolons, without parameters.
    fn batch_execute(&mut self, sql: &str) -> Outcome<()>;

    /// Runs a statement, returning its first row if any.
    fn query_opt(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<Option<Row>> {
        Ok(self.query(sql, params)?.into_iter().next())
    }

    /// Runs a statement that returns a row, returning it.
    fn query_one(&mut self, sql: &str, params: &[&dyn Param]) -> Outcome<Row> {
        self.query_opt(sql, params)?.ok_or_else(|| bad(format!("no row where one was expected: {sql}")))
    }
}

/// What a transaction-scoped lock keeps to one transaction at a time, within a tenant: what SQLite's
/// one writer keeps so. On PostgreSQL it is an advisory lock; on SQLite, nothing.
#[derive(Debug, Clone, Copy)]
#[repr(i32)]
pub(crate) enum Lock {
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
    /// Making and releasing a tenant's holds, and beginning an erasure, which they refuse.
    Holds = 11,
    /// Removing a tenant's blobs no tree holds any more; keeping a blob takes it shared
    /// ([`lock_shared`]), so that a blob is never removed between being kept and being recorded.
    Blobs = 12,
}

/// Takes `lock` for the tenant `tenant` until the transaction ends.
pub(crate) fn lock(sql: &mut dyn Sql, lock: Lock, tenant: i64) -> Outcome<()> {
    advisory(sql, lock, tenant, "pg_advisory_xact_lock")
}

/// Takes `lock` shared for the tenant `tenant` until the transaction ends: as many as like may hold it
/// at once, and none while another holds it as [`lock`] takes it.
pub(crate) fn lock_shared(sql: &mut dyn Sql, lock: Lock, tenant: i64) -> Outcome<()> {
    advisory(sql, lock, tenant, "pg_advisory_xact_lock_shared")
}

/// Takes `lock` for `tenant` with PostgreSQL's advisory lock function `function`; on SQLite, nothing.
fn advisory(sql: &mut dyn Sql, lock: Lock, tenant: i64, function: &str) -> Outcome<()> {
    if sql.dialect() == Dialect::Sqlite {
        return Ok(());
    }
    // Tenant IDs past 2^31 share keys with smaller ones, which only makes their writers wait more.
    let key = i32::try_from(tenant.rem_euclid(i64::from(i32::MAX))).unwrap_or_default();
    sql.execute(&format!("SELECT {function}($1, $2)"), &[&(lock as i32), &key])?;
    Ok(())
}

/// A value bound to a statement's parameter.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Value<'a> {
    /// `NULL`.
    Null,
    /// An integer.
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// A boolean.
    Bool(bool),
    /// A text.
    Text(&'a str),
    /// Bytes.
    Blob(&'a [u8]),
}

/// What may be bound to a statement's parameter.
pub(crate) trait Param: Sync {
    /// Returns the value to bind.
    fn value(&self) -> Value<'_>;
}

macro_rules! int_params {
    ($($t:ty),*) => {$(
        impl Param for $t {
            fn value(&self) -> Value<'_> {
                Value::Int(i64::from(*self))
            }
        }
    )*};
}
int_params!(i32, u32, i64);

impl Param for f64 {
    fn value(&self) -> Value<'_> {
        Value::Real(*self)
    }
}

impl Param for bool {
    fn value(&self) -> Value<'_> {
        Value::Bool(*self)
    }
}

impl Param for str {
    fn value(&self) -> Value<'_> {
        Value::Text(self)
    }
}

impl Param for String {
    fn value(&self) -> Value<'_> {
        Value::Text(self)
    }
}

impl Param for [u8] {
    fn value(&self) -> Value<'_> {
        Value::Blob(self)
    }
}

impl Param for Vec<u8> {
    fn value(&self) -> Value<'_> {
        Value::Blob(self)
    }
}

impl<T: Param> Param for Option<T> {
    fn value(&self) -> Value<'_> {
        self.as_ref().map_or(Value::Null, Param::value)
    }
}

impl<T: Param + ?Sized> Param for &T {
    fn value(&self) -> Value<'_> {
        (**self).value()
    }
}

/// A value read from a row. Booleans read as integers, as SQLite keeps them.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Cell {
    /// `NULL`.
    Null,
    /// An integer, or a boolean as 0 or 1.
    Int(i64),
    /// A floating-point number.
    Real(f64),
    /// A text.
    Text(String),
    /// Bytes.
    Blob(Vec<u8>),
}

/// A row a statement returned.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Row(pub(super) Vec<Cell>);

/// What indexes a row's columns: their position, from 0.
pub(crate) trait Column: Copy + std::fmt::Display {
    /// Returns the position.
    fn position(self) -> usize;
}

impl Column for usize {
    fn position(self) -> usize {
        self
    }
}

impl Row {
    /// Returns the value of column `column` as a `T`.
    pub(crate) fn try_get<'a, I: Column, T: FromCell<'a>>(&'a self, column: I) -> Outcome<T> {
        let cell = self.0.get(column.position()).ok_or_else(|| bad(format!("the row has no column {column}")))?;
        T::from_cell(cell).map_err(|expected| bad(format!("column {column} holds {cell:?}, not {expected}")))
    }
}

/// What a cell may be read as.
pub(crate) trait FromCell<'a>: Sized {
    /// Returns the cell as `Self`, or what was expected.
    fn from_cell(cell: &'a Cell) -> Result<Self, &'static str>;
}

impl FromCell<'_> for i64 {
    fn from_cell(cell: &Cell) -> Result<Self, &'static str> {
        match cell {
            Cell::Int(n) => Ok(*n),
            _ => Err("an integer"),
        }
    }
}

macro_rules! narrow_ints {
    ($($t:ty),*) => {$(
        impl FromCell<'_> for $t {
            fn from_cell(cell: &Cell) -> Result<Self, &'static str> {
                i64::from_cell(cell).and_then(|n| <$t>::try_from(n).map_err(|_| "an integer in range"))
            }
        }
    )*};
}
narrow_ints!(i32, u32, u64);

impl FromCell<'_> for f64 {
    fn from_cell(cell: &Cell) -> Result<Self, &'static str> {
        match cell {
            Cell::Real(x) => Ok(*x),
            // SQLite's sum of no rows, COALESCE(SUM(x), 0), is the integer 0.
            #[allow(clippy::cast_precision_loss)]
            Cell::Int(n) => Ok(*n as f64),
            _ => Err("a number"),
        }
    }
}

impl FromCell<'_> for bool {
    fn from_cell(cell: &Cell) -> Result<Self, &'static str> {
        match cell {
            Cell::Int(n) => Ok(*n != 0),
            _ => Err("a boolean"),
        }
    }
}

impl FromCell<'_> for String {
    fn from_cell(cell: &Cell) -> Result<Self, &'static str> {
        <&str>::from_cell(cell).map(str::to_owned)
    }
}

impl<'a> FromCell<'a> for &'a str {
    fn from_cell(cell: &'a Cell) -> Result<Self, &'static str> {
        match cell {
            Cell::Text(text) => Ok(text),
            _ => Err("a text"),
        }
    }
}

impl FromCell<'_> for Vec<u8> {
    fn from_cell(cell: &Cell) -> Result<Self, &'static str> {
        match cell {
            Cell::Blob(bytes) => Ok(bytes.clone()),
            _ => Err("bytes"),
        }
    }
}

impl<'a, T: FromCell<'a>> FromCell<'a> for Option<T> {
    fn from_cell(cell: &'a Cell) -> Result<Self, &'static str> {
        match cell {
            Cell::Null => Ok(None),
            cell => T::from_cell(cell).map(Some),
        }
    }
}

/// Why a statement failed: the database, or a value in it that does not decode.
#[derive(Debug)]
pub(crate) enum Failure {
    /// SQLite failed.
    Sqlite(rusqlite::Error),
    /// PostgreSQL failed.
    Postgres(::postgres::Error),
    /// A value does not decode.
    Bad(Box<dyn std::error::Error + Send + Sync>),
}

/// What a statement, or code made of them, returns.
pub(crate) type Outcome<T> = Result<T, Failure>;

/// Returns a failure for a value in the store that does not decode.
pub(crate) fn bad(err: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Failure {
    Failure::Bad(err.into())
}

impl From<rusqlite::Error> for Failure {
    fn from(err: rusqlite::Error) -> Self {
        Self::Sqlite(err)
    }
}

impl From<::postgres::Error> for Failure {
    fn from(err: ::postgres::Error) -> Self {
        Self::Postgres(err)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cells_read_as_what_they_hold_and_say_what_they_are_not() {
        let row = Row(vec![Cell::Int(7), Cell::Null, Cell::Text("x".to_owned()), Cell::Int(1), Cell::Int(-1)]);
        assert_eq!(row.try_get::<_, i64>(0).unwrap(), 7);
        assert_eq!(row.try_get::<_, Option<i64>>(1).unwrap(), None);
        assert_eq!(row.try_get::<_, &str>(2).unwrap(), "x");
        assert!(row.try_get::<_, bool>(3).unwrap());
        assert!((row.try_get::<_, f64>(0).unwrap() - 7.0).abs() < f64::EPSILON);
        let err = row.try_get::<_, u32>(4).unwrap_err();
        assert!(matches!(&err, Failure::Bad(e) if e.to_string().contains("not an integer in range")), "{err:?}");
        assert!(row.try_get::<_, i64>(2).is_err());
        assert!(row.try_get::<_, i64>(9).is_err());
    }
}
