//! The bytes of files each tenant may keep on an edge: without a bound, one tenant storing file after
//! file (32 MiB each, kept 90 days) fills the disk or the database every tenant's jobs need.
//!
//! A new file is let in when the bytes its tenant keeps (the store's sum, each digest once) and those
//! its other files being kept now would hold come, with it, to at most the bound. The check and the
//! count of the files being kept are made under the tenant's lock, and a file's bytes leave the count
//! only once its row is written, so that files kept at once through one edge never pass the bound
//! together. Edges sharing a store count only their own files being kept: together they may pass it
//! by the files being kept at that moment through the others, never more.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use oz0_core::api::FileRef;

use crate::by_tenant::ByTenant;
use crate::files::{FileError, digest};
use crate::store::Store;

/// The bound on each tenant's files, and the bytes of those being kept now, by tenant.
#[derive(Debug, Default)]
pub(crate) struct Room {
    /// The most bytes a tenant may keep; 0 for no bound.
    most: AtomicU64,
    keeping: ByTenant<Arc<Mutex<u64>>>,
}

/// Bytes counted as being kept until this is dropped: once the file's row is written, or it failed.
#[derive(Debug)]
pub(crate) struct Reserved {
    keeping: Arc<Mutex<u64>>,
    bytes: u64,
}

impl Drop for Reserved {
    fn drop(&mut self) {
        let mut keeping = self.keeping.lock().unwrap_or_else(PoisonError::into_inner);
        *keeping = keeping.saturating_sub(self.bytes);
    }
}

impl Room {
    /// Sets the most bytes of files each tenant may keep; 0 lifts the bound.
    pub(crate) fn bound(&self, most: u64) {
        self.most.store(most, Ordering::Relaxed);
    }

    /// Returns the most bytes of files each tenant may keep, or `None` for no bound.
    pub(crate) fn most(&self) -> Option<u64> {
        Some(self.most.load(Ordering::Relaxed)).filter(|&most| most > 0)
    }

    /// Makes room for `bytes` among the tenant's files, to hold until the file's row is written; or
    /// refuses them with [`FileError::Full`]. Bytes the tenant keeps already need no room: keeping them
    /// again keeps nothing more.
    pub(crate) fn reserve(&self, store: &dyn Store, tenant: i64, bytes: &[u8]) -> Result<Option<Reserved>, FileError> {
        let Some(most) = self.most() else { return Ok(None) };
        let keeping = self.keeping.of(tenant, Arc::default);
        let mut being_kept = keeping.lock().unwrap_or_else(PoisonError::into_inner);
        let size = bytes.len() as u64;
        let kept = store.file_bytes(tenant).map_err(FileError::Store)?.saturating_add(*being_kept);
        if kept.saturating_add(size) <= most {
            *being_kept += size;
            drop(being_kept);
            return Ok(Some(Reserved { keeping, bytes: size }));
        }
        // Only at the bound is the digest worth taking twice.
        let file = FileRef::from_digest(digest(bytes));
        if store.file_recorded(tenant, &file).map_err(FileError::Store)? {
            return Ok(None);
        }
        Err(FileError::Full { kept, size, most })
    }
}
