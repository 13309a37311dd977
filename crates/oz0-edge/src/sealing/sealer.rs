//! The edge key a store seals and opens its secrets with, given once the store is opened.

use std::sync::{Arc, OnceLock};

use super::error::KeyError;
use super::key::EdgeKey;

/// The edge key of a store, once it is opened with it.
#[derive(Debug, Default)]
pub(crate) struct Sealer(OnceLock<Arc<EdgeKey>>);

impl Sealer {
    /// Uses `key` from now on; a store keeps the first key it was given.
    pub(crate) fn set(&self, key: Arc<EdgeKey>) -> Result<(), KeyError> {
        let kept = self.0.get_or_init(|| Arc::clone(&key));
        if kept.id() == key.id() {
            Ok(())
        } else {
            Err(KeyError::Stale { ours: kept.id().clone(), store: key.id().clone() })
        }
    }

    /// Returns the key, or [`KeyError::Locked`] before it was given one.
    pub(crate) fn key(&self) -> Result<&EdgeKey, KeyError> {
        self.0.get().map(AsRef::as_ref).ok_or(KeyError::Locked)
    }
}
