//! What an edge keeps for each tenant apart: its calls at once, its installs' lock, its servers'
//! turns, its files being kept. Made at a tenant's first need and kept while the edge runs.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};

/// A `T` for each tenant, made at its first need.
#[derive(Debug)]
pub(crate) struct ByTenant<T>(Mutex<HashMap<i64, T>>);

impl<T> Default for ByTenant<T> {
    fn default() -> Self {
        Self(Mutex::default())
    }
}

impl<T: Clone> ByTenant<T> {
    /// Returns the tenant's, made by `make` when it has none yet.
    pub(crate) fn of(&self, tenant: i64, make: impl FnOnce() -> T) -> T {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).entry(tenant).or_insert_with(make).clone()
    }
}
