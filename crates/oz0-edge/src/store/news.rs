//! What the nodes sharing a store tell each other, as short texts: [`NewsStore::announce`] sends one
//! to every node listening, [`NewsStore::listen`] hears them. A store that no other node shares carries
//! none: its one node tells itself.

use super::error::StoreError;
use super::sql_store::{Database, SqlStore};

/// The most bytes of one announcement: PostgreSQL's limit on a notification's payload, less a margin.
pub const MAX_NEWS_BYTES: usize = 7_900;

/// What hears the news: a text, or `None` when some may have been missed.
pub type Hear = Box<dyn Fn(Option<&str>) + Send>;

/// How the nodes of a store reach each other.
pub trait NewsStore {
    /// Sends `text` (at most [`MAX_NEWS_BYTES`]) to every node listening on the store, this one
    /// included, and returns `true`; returns `false`, sending nothing, when no other node shares the
    /// store, for the caller to tell itself.
    fn announce(&self, text: &str) -> Result<bool, StoreError>;

    /// Calls `hear` with each text any node announces from now on, on a thread of its own, until the
    /// store is dropped. What is announced while the store's connection is lost is missed: `hear` gets
    /// `None` once it is back, for what it missed to be read again from the store.
    fn listen(&self, hear: Hear) -> Result<(), StoreError>;
}

impl NewsStore for SqlStore {
    fn announce(&self, text: &str) -> Result<bool, StoreError> {
        if text.len() > MAX_NEWS_BYTES {
            return Err(StoreError::Conflict(format!(
                "news of {} bytes is more than the {MAX_NEWS_BYTES} a node may send the others",
                text.len()
            )));
        }
        match self.db() {
            Database::Sqlite(_) => Ok(false),
            Database::Postgres(db) => db.announce(text).map(|()| true),
        }
    }

    fn listen(&self, hear: Hear) -> Result<(), StoreError> {
        match self.db() {
            Database::Sqlite(_) => Ok(()),
            Database::Postgres(db) => db.listen(hear),
        }
    }
}
