//! The content-addressed file store: files between tools, at most 32 MiB each, kept by SHA-256 digest.
//!
//! [`Blobs`] is where the edge keeps files' bytes: [`DiskBlobs`], on the node's disk, beside a store of
//! one node, and the PostgreSQL store itself when nodes share it, so that a file stored through one
//! node is read through another. On disk, a file is written to a temporary file, synced, renamed into place and its folder synced, so that a
//! crash leaves either the whole file or none. Every read checks the digest again, so a damaged file is
//! reported rather than handed on. The blobs of each tenant are apart; who may read which is the store's
//! record of (tenant, tree, digest), kept by the [`crate::store`].

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use oz0_core::api::{FileRef, MAX_FILE_BYTES, TreeId};
use sha2::{Digest, Sha256};

use crate::store::{Store, StoreError, TenantRecord};

/// Why a file could not be kept or read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FileError {
    /// More than 32 MiB.
    #[error("the file is {size} bytes, more than the {MAX_FILE_BYTES} bytes (32 MiB) a file may hold")]
    TooLarge {
        /// Its size.
        size: u64,
    },
    /// No blob of that digest.
    #[error("no file {0}")]
    Missing(FileRef),
    /// The bytes on disk no longer have the digest they were stored under.
    #[error("the file {file} is damaged: its bytes have the digest sha256:{found}")]
    Damaged {
        /// The file.
        file: FileRef,
        /// The digest of what is on disk.
        found: String,
    },
    /// The store that records the file, or holds its bytes, failed.
    #[error("the store failed")]
    Store(#[source] StoreError),
    /// The disk failed.
    #[error("could not {action} '{}'", path.display())]
    Io {
        /// What was being done.
        action: &'static str,
        /// Where.
        path: PathBuf,
        /// Why.
        #[source]
        source: std::io::Error,
    },
}

/// Where the edge keeps files' bytes, by tenant and digest. A tenant's blob is another tenant's
/// [`FileError::Missing`], exactly as one never stored.
pub trait Blobs: Send + Sync + std::fmt::Debug {
    /// Keeps `bytes` as a file of the tenant's tree `tree` and has the store record it, refusing more
    /// than 32 MiB. Keeping the same bytes again keeps one blob.
    fn keep(&self, tenant: &TenantRecord, tree: &TreeId, bytes: &[u8]) -> Result<FileRef, FileError>;

    /// Returns the bytes of `tenant`'s blob `file`, after checking their digest.
    fn get(&self, tenant: i64, file: &FileRef) -> Result<Vec<u8>, FileError>;
}

/// Returns [`FileError::TooLarge`] for more than 32 MiB.
pub(crate) fn check_size(bytes: &[u8]) -> Result<(), FileError> {
    let size = bytes.len() as u64;
    if size > MAX_FILE_BYTES { Err(FileError::TooLarge { size }) } else { Ok(()) }
}

/// Returns `bytes` when they have the digest `file` names, else [`FileError::Damaged`].
pub(crate) fn checked(file: &FileRef, bytes: Vec<u8>) -> Result<Vec<u8>, FileError> {
    let found = FileRef::from_digest(digest(&bytes));
    if found != *file {
        return Err(FileError::Damaged { file: *file, found: found.hex() });
    }
    Ok(bytes)
}

/// Blobs on the node's disk, recorded by a store of one node: the blob is written first, then the
/// store's record of it, and a blob a killed process never recorded is swept at the next start.
#[derive(Debug, Clone)]
pub struct DiskBlobs {
    files: FileStore,
    store: Arc<dyn Store>,
}

impl DiskBlobs {
    /// Returns the blobs under `root`, recorded by `store`.
    pub fn new(root: PathBuf, store: Arc<dyn Store>) -> Self {
        Self { files: FileStore::new(root), store }
    }
}

impl Blobs for DiskBlobs {
    fn keep(&self, tenant: &TenantRecord, tree: &TreeId, bytes: &[u8]) -> Result<FileRef, FileError> {
        let kept = self.files.put(tenant.id, bytes)?;
        self.store.record_file(tenant, tree, &kept.file, bytes.len() as u64).map_err(FileError::Store)?;
        Ok(kept.settle())
    }

    fn get(&self, tenant: i64, file: &FileRef) -> Result<Vec<u8>, FileError> {
        self.files.get(tenant, file)
    }
}

/// Blobs on disk under a root folder: `<root>/<tenant id>/<2 hex digits>/<62 hex digits>`.
#[derive(Debug, Clone)]
pub struct FileStore {
    root: PathBuf,
}

/// Returns the SHA-256 digest of `bytes`.
pub fn digest(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

impl FileStore {
    /// Returns the store of blobs under `root`, which is made when first written to.
    pub fn new(root: PathBuf) -> Self {
        Self { root }
    }

    fn path(&self, tenant: i64, file: &FileRef) -> PathBuf {
        let hex = file.hex();
        self.root.join(tenant.to_string()).join(&hex[..2]).join(&hex[2..])
    }

    /// Keeps `bytes` as a blob of `tenant` and returns its reference, marked as not yet recorded until
    /// [`Kept::settle`]. Keeping the same bytes again changes nothing on disk.
    pub fn put(&self, tenant: i64, bytes: &[u8]) -> Result<Kept, FileError> {
        check_size(bytes)?;
        let file = FileRef::from_digest(digest(bytes));
        let path = self.path(tenant, &file);
        if path.exists() && self.get(tenant, &file).is_ok() {
            return Ok(Kept { file, mark: None });
        }
        let dir = path.parent().unwrap_or(&self.root).to_path_buf();
        let io = |action: &'static str, path: &Path| {
            let path = path.to_path_buf();
            move |source| FileError::Io { action, path, source }
        };
        // The mark names the blob until the store records it: a process killed in between leaves a blob
        // no row refers to, and the mark says which to look at, without reading every blob.
        let marks = self.root.join(MARKS);
        fs_err::create_dir_all(&marks).map_err(io("create", &marks))?;
        let mark = tempfile::Builder::new()
            .prefix(&format!("{tenant}.{}.", file.hex()))
            .tempfile_in(&marks)
            .and_then(|mark| mark.keep().map_err(|err| err.error))
            .map_err(io("create a file in", &marks))?
            .1;
        fs_err::create_dir_all(&dir).map_err(io("create", &dir))?;
        let tmp_dir = self.root.join("tmp");
        fs_err::create_dir_all(&tmp_dir).map_err(io("create", &tmp_dir))?;
        let mut tmp = tempfile::NamedTempFile::new_in(&tmp_dir).map_err(io("create a file in", &tmp_dir))?;
        tmp.write_all(bytes).map_err(io("write", tmp.path()))?;
        tmp.as_file().sync_all().map_err(io("sync", tmp.path()))?;
        tmp.persist(&path).map_err(|err| FileError::Io {
            action: "rename into",
            path: path.clone(),
            source: err.error,
        })?;
        sync_dir(&dir).map_err(io("sync", &dir))?;
        Ok(Kept { file, mark: Some(mark) })
    }

    /// Removes the blobs marked by a `put` at least `left_for` ago that `recorded` says no row refers to:
    /// those of a process killed between keeping a blob and recording it. Returns how many blobs, and
    /// their bytes.
    pub fn sweep_unrecorded(&self, left_for: Duration, recorded: impl Fn(i64, &FileRef) -> bool) -> (usize, u64) {
        let Ok(marks) = std::fs::read_dir(self.root.join(MARKS)) else { return (0, 0) };
        let (mut blobs, mut bytes) = (0, 0);
        for mark in marks.flatten().map(|e| e.path()) {
            if !left_at_least(&mark, left_for) {
                continue;
            }
            let name = mark.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let mut fields = name.split('.');
            let tenant = fields.next().and_then(|t| t.parse::<i64>().ok());
            let file = fields.next().and_then(FileRef::from_hex);
            if let (Some(tenant), Some(file)) = (tenant, file)
                && !recorded(tenant, &file)
            {
                let path = self.path(tenant, &file);
                let size = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
                if std::fs::remove_file(&path).is_ok() {
                    blobs += 1;
                    bytes += size;
                }
            }
            let _ = std::fs::remove_file(&mark);
        }
        (blobs, bytes)
    }

    /// Returns the bytes of `tenant`'s blob `file`, after checking their digest.
    pub fn get(&self, tenant: i64, file: &FileRef) -> Result<Vec<u8>, FileError> {
        let path = self.path(tenant, file);
        let opened = match fs_err::File::open(&path) {
            Ok(opened) => opened,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Err(FileError::Missing(*file)),
            Err(source) => return Err(FileError::Io { action: "open", path, source }),
        };
        let mut bytes = Vec::new();
        opened.take(MAX_FILE_BYTES + 1).read_to_end(&mut bytes).map_err(|source| FileError::Io {
            action: "read",
            path: path.clone(),
            source,
        })?;
        checked(file, bytes)
    }
}

/// The folder of the marks of blobs not yet recorded, under the store's root.
const MARKS: &str = "unrecorded";

/// Returns whether `path` was last changed at least `left_for` ago.
pub(crate) fn left_at_least(path: &Path, left_for: Duration) -> bool {
    std::fs::symlink_metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|at| at.elapsed().is_ok_and(|age| age >= left_for))
}

/// A blob just kept, and the mark that stays until the store records it.
#[derive(Debug)]
#[must_use = "settle it once the store records the file"]
pub struct Kept {
    /// The blob's reference.
    pub file: FileRef,
    mark: Option<PathBuf>,
}

impl Kept {
    /// Says the store records the blob now: its mark goes.
    pub fn settle(self) -> FileRef {
        if let Some(mark) = &self.mark {
            let _ = std::fs::remove_file(mark);
        }
        self.file
    }
}

/// Syncs a folder, so that a rename into it survives a crash. Windows cannot open a folder as a file and
/// keeps renames on its own.
fn sync_dir(dir: &Path) -> std::io::Result<()> {
    if cfg!(windows) {
        return Ok(());
    }
    fs_err::File::open(dir)?.sync_all()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_and_reads_back_by_digest() {
        let dir = tempfile::tempdir().unwrap();
        let files = FileStore::new(dir.path().to_path_buf());
        let file = files.put(1, b"hello").unwrap().settle();
        assert_eq!(
            file.to_string(),
            "oz0-file:sha256:2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824"
        );
        assert_eq!(files.get(1, &file).unwrap(), b"hello");
        assert_eq!(files.put(1, b"hello").unwrap().settle(), file, "the same bytes are the same file");
        let left: Vec<_> = std::fs::read_dir(dir.path().join("tmp")).unwrap().collect();
        assert!(left.is_empty(), "no temporary file is left");
    }

    #[test]
    fn another_tenants_blob_is_missing() {
        let dir = tempfile::tempdir().unwrap();
        let files = FileStore::new(dir.path().to_path_buf());
        let file = files.put(1, b"secret").unwrap().settle();
        assert!(matches!(files.get(2, &file), Err(FileError::Missing(_))));
    }

    #[test]
    fn a_damaged_blob_is_reported_not_returned() {
        let dir = tempfile::tempdir().unwrap();
        let files = FileStore::new(dir.path().to_path_buf());
        let file = files.put(1, b"original").unwrap().settle();
        std::fs::write(files.path(1, &file), b"tampered").unwrap();
        let err = files.get(1, &file).unwrap_err();
        assert!(matches!(err, FileError::Damaged { .. }), "{err}");
        assert!(err.to_string().contains("is damaged"));
        assert_eq!(files.put(1, b"original").unwrap().settle(), file, "storing it again repairs it");
        assert_eq!(files.get(1, &file).unwrap(), b"original");
    }

    #[test]
    fn refuses_more_than_32_mib() {
        let dir = tempfile::tempdir().unwrap();
        let files = FileStore::new(dir.path().to_path_buf());
        let exactly = vec![b'a'; MAX_FILE_BYTES as usize];
        let file = files.put(1, &exactly).unwrap().settle();
        assert_eq!(files.get(1, &file).unwrap().len() as u64, MAX_FILE_BYTES);
        let over = vec![b'a'; MAX_FILE_BYTES as usize + 1];
        assert!(matches!(files.put(1, &over), Err(FileError::TooLarge { .. })));
    }

    #[test]
    fn a_start_removes_a_blob_kept_but_never_recorded_and_only_that() {
        let dir = tempfile::tempdir().unwrap();
        let files = FileStore::new(dir.path().to_path_buf());
        let recorded = files.put(1, b"recorded").unwrap().settle();
        let unsettled_but_recorded = files.put(1, b"in the store").unwrap().file;
        let orphan = files.put(1, b"orphan").unwrap().file;
        let is_recorded = |_: i64, file: &FileRef| *file != orphan;
        assert_eq!(
            files.sweep_unrecorded(Duration::from_secs(3600), is_recorded),
            (0, 0),
            "what may be under way stays"
        );
        assert_eq!(files.sweep_unrecorded(Duration::ZERO, is_recorded), (1, 6));
        assert!(matches!(files.get(1, &orphan), Err(FileError::Missing(_))));
        assert_eq!(files.get(1, &recorded).unwrap(), b"recorded");
        assert_eq!(files.get(1, &unsettled_but_recorded).unwrap(), b"in the store");
        assert_eq!(std::fs::read_dir(dir.path().join(MARKS)).unwrap().count(), 0, "the marks are gone");
    }
}
