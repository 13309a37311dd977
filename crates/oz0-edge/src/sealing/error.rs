//! Why the edge key could not be had or used.

use std::path::PathBuf;

use super::identity::{KeyId, KeySource};

/// Why the edge key could not be had or used.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KeyError {
    /// The system gave no random bytes.
    #[error("could not draw random bytes for the edge key: {0}")]
    Random(String),
    /// The text of a key is not one.
    #[error("{place} does not hold an edge key: it holds 32 bytes in base64, such as `openssl rand -base64 32` prints")]
    Malformed {
        /// Where the text came from.
        place: KeySource,
    },
    /// A key file could not be read.
    #[error("could not read the edge key file '{}'", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// A key file could not be written.
    #[error("could not write the edge key file '{}'", path.display())]
    Write {
        /// The file.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
    /// The key is not the one the store's secrets are sealed with.
    #[error(
        "the edge key of {place} (ID {ours}) is not the key the store's secrets are sealed with (ID {store}): \
         give the edge that key; every node of a shared PostgreSQL store needs the same key"
    )]
    Wrong {
        /// Where the key came from.
        place: KeySource,
        /// Its ID.
        ours: KeyId,
        /// The ID of the key the store's secrets are sealed with.
        store: KeyId,
    },
    /// The key file is missing, and the store's secrets are sealed with a key.
    #[error(
        "the edge key file '{}' is missing, and the store's secrets are sealed with the key of ID {store}: restore \
         the file from a backup of the edge's data, or set OZ0_MASTER_KEY to that key",
        path.display()
    )]
    Missing {
        /// The file.
        path: PathBuf,
        /// The ID of the key the store's secrets are sealed with.
        store: KeyId,
    },
    /// A rotation left a key beside the key file, and neither is the store's.
    #[error(
        "neither the edge key file '{}' nor '{}', which a rotation of the key left, holds the key the store's \
         secrets are sealed with (ID {store}): restore the right key file from a backup",
        path.display(), new.display()
    )]
    Unknown {
        /// The key file.
        path: PathBuf,
        /// What the rotation left.
        new: PathBuf,
        /// The ID of the key the store's secrets are sealed with.
        store: KeyId,
    },
    /// The store was opened without the edge key.
    #[error("the store was opened without the edge key, so it cannot seal or open secrets")]
    Locked,
    /// The key changed since this edge started.
    #[error(
        "the store's secrets are sealed with the key of ID {store}, and this edge has the key of ID {ours}: the \
         key was rotated since the edge started; restart it with the new key"
    )]
    Stale {
        /// This edge's key.
        ours: KeyId,
        /// The store's.
        store: KeyId,
    },
    /// A sealed value does not open.
    #[error(
        "the sealed secrets of the plugin `{plugin}` of the tenant {tenant} do not open with the edge key: they were \
         changed, or sealed for another tenant or plugin; install the plugin again with its secrets"
    )]
    Damaged {
        /// The tenant's ID.
        tenant: i64,
        /// The plugin.
        plugin: String,
    },
    /// Another rotation holds the key file.
    #[error("another `oz0 edge rotate-key` is rotating the key of '{}'; wait for it to end", path.display())]
    Busy {
        /// The key file.
        path: PathBuf,
    },
    /// A rotation of a key kept in a variable needs the new key.
    #[error(
        "the edge key is in the variable {variable}: put the new key in OZ0_NEW_MASTER_KEY (32 bytes in base64, \
         such as `openssl rand -base64 32` prints) and run again"
    )]
    NewKeyNeeded {
        /// The variable of the edge key.
        variable: String,
    },
    /// The new key is the key in use.
    #[error("the new key is the key in use (ID {0}): make a new one, such as with `openssl rand -base64 32`")]
    SameKey(KeyId),
    /// A tenant's payload key does not open with the edge key.
    #[error(
        "the payload key {key} of the tenant {tenant} does not open with the edge key: it was changed, or copied \
         from another tenant"
    )]
    PayloadKey {
        /// The tenant's ID.
        tenant: i64,
        /// The key's ID, as the store names it.
        key: String,
    },
    /// A sealed payload does not open.
    #[error(
        "the sealed {place} of the tenant {tenant} does not open with the tenant's payload keys: it was changed, or \
         moved from another row"
    )]
    Payload {
        /// The tenant's ID.
        tenant: i64,
        /// Where it is kept, such as `jobs.input of J1`.
        place: String,
    },
    /// The variable that says whether to seal payloads says neither yes nor no.
    #[error("{variable} is `{value}`: give true or false (or yes, no, on, off, 1, 0)")]
    SealSetting {
        /// The variable.
        variable: &'static str,
        /// What it holds.
        value: String,
    },
    /// Nodes share the store and serve now.
    #[error(
        "the node(s) {} share the store and serve now: stop every node of the edge before rotating its key",
        .0.join(", ")
    )]
    Serving(Vec<String>),
}
