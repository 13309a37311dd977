//! One transaction interface over both databases: [`Sql`], which every transaction of the store is
//! written against once.
//!
//! Statements are written in PostgreSQL's spelling, which SQLite mostly shares: `$1` parameters,
//! `RETURNING`, `ON CONFLICT`, `CAST(... AS BIGINT)`. What SQLite spells otherwise is turned by its
//! connection ([`sqlite`]): `$1` becomes `?1`, and the row locks that PostgreSQL's transactions take
//! (`FOR UPDATE`, `FOR SHARE`, [`lock`]) are dropped, since SQLite's one writer already keeps every
//! transaction to itself. The few statements that differ beyond that ask [`Sql::dialect`].
//!
//! Values cross as [`Param`] in and [`Row`] out: integers, reals, texts, blobs and booleans, which each
//! connection maps to its database's types (a boolean is an integer in SQLite, an `INT4` column takes
//! an `i64` that fits).

mod interface;
pub(super) mod postgres;
pub(super) mod sqlite;

pub(crate) use interface::{Dialect, Failure, Lock, Outcome, Param, Row, Sql, bad, lock, lock_shared};

use crate::store::error::StoreError;

impl From<Failure> for StoreError {
    fn from(failure: Failure) -> Self {
        match failure {
            Failure::Sqlite(err) => sqlite::store_error(err),
            Failure::Postgres(err) => postgres::store_error(err),
            Failure::Bad(err) => StoreError::Database(err),
        }
    }
}
