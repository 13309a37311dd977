//! Why the store failed.

/// Why the store failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// Another writer held the store for longer than the busy timeout.
    #[error("the store is busy: another writer held it for more than {seconds} s")]
    Busy {
        /// The busy timeout.
        seconds: u64,
    },
    /// The store was written by a newer oz0.
    #[error("the store's schema is version {found}, and this oz0 knows versions up to {known}")]
    NewerSchema {
        /// The store's version.
        found: u32,
        /// The newest this code knows.
        known: u32,
    },
    /// A name is taken.
    #[error("{0}")]
    Conflict(String),
    /// The database failed.
    #[error("the database failed")]
    Database(#[source] Box<dyn std::error::Error + Send + Sync>),
    /// The database server could not be reached, or refused the connection.
    #[error("could not connect to the PostgreSQL store '{url}'")]
    Connect {
        /// The store's URL, without its password.
        url: String,
        /// Why.
        #[source]
        source: Box<dyn std::error::Error + Send + Sync>,
    },
    /// The edge key is not the store's, or a sealed secret does not open.
    #[error(transparent)]
    Key(#[from] crate::sealing::KeyError),
    /// The store's folder could not be made or opened.
    #[error("could not open the store in '{path}'")]
    Open {
        /// The folder.
        path: String,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}
