//! Where the edge keeps its state: SQLite in its data folder (one node), or a PostgreSQL database that
//! several nodes share.

use std::str::FromStr;

use super::sql::postgres::{PostgresUrl, UrlError};

/// Where the edge keeps its state.
#[derive(Debug, Clone, Default)]
pub enum Location {
    /// SQLite, in the edge's data folder.
    #[default]
    Sqlite,
    /// A PostgreSQL database.
    Postgres(Box<PostgresUrl>),
}

impl FromStr for Location {
    type Err = UrlError;

    /// Reads `sqlite`, or a `postgres://` (or `postgresql://`) URL.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        if text == "sqlite" {
            return Ok(Self::Sqlite);
        }
        text.parse().map(|url| Self::Postgres(Box::new(url)))
    }
}

impl std::fmt::Display for Location {
    /// Writes `sqlite`, or the URL without its password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Sqlite => f.write_str("sqlite"),
            Self::Postgres(url) => url.fmt(f),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_sqlite_and_postgres_urls_and_refuses_the_rest() {
        assert!(matches!("sqlite".parse(), Ok(Location::Sqlite)));
        let url: Location = "postgresql://oz0:secret@db.internal:6432/oz0".parse().unwrap();
        assert_eq!(url.to_string(), "postgresql://oz0@db.internal:6432/oz0");
        let err = "mysql://root:secret@db/oz0".parse::<Location>().unwrap_err().to_string();
        assert!(err.contains("mysql://root@db/oz0") && !err.contains("secret"), "{err}");
    }
}
