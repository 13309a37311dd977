//! The content-addressed file store: files between tools, at most 32 MiB each, kept by SHA-256 digest.
//!
//! [`Blobs`] is where the edge keeps files' bytes: [`DiskBlobs`], on the node's disk, beside a store of
//! one node, and the PostgreSQL store itself when nodes share it, so that a file stored through one
//! node is read through another. On disk, a file is written to a temporary file, synced, renamed into
//! place and its folder synced, so that a crash leaves either the whole file or none; the temporary file
//! and the mark of a blob not yet recorded are named after their [writer](crate::writers), so that a
//! start sweeps what a dead process left and leaves what a live one writes. Every read checks the digest again, so a damaged file is
//! reported rather than handed on. The blobs of each tenant are apart; who may read which is the store's
//! record of (tenant, tree, digest), kept by the [`crate::store`]. When the store seals payloads, a blob
//! is kept sealed with its tenant's payload key, under the digest of its plain bytes, which every read
//! checks once it is opened; plain and sealed blobs are read alike.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use oz0_core::api::{FileRef, MAX_FILE_BYTES, TreeId};
use oz0_core::mcp::human_size;
use sha2::{Digest, Sha256};

use crate::sealing::payload::SEALED_OVERHEAD;
use crate::store::{Store, StoreError, TenantRecord};
use crate::writers::{self, Census, Writer};

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
    /// Keeping it would pass the bytes of files this edge keeps for a tenant ([`crate::file_room::Room`]).
    #[error(
        "the tenant keeps {} of files, the most this edge keeps for a tenant is {}, and this file's {} would pass it",
        human_size(*kept),
        human_size(*most),
        human_size(*size)
    )]
    Full {
        /// The bytes the tenant keeps, with those being kept now.
        kept: u64,
        /// The file's.
        size: u64,
        /// The edge's bound.
        most: u64,
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

    /// Removes the blobs that no tree holds any more and that are still kept apart from the store's
    /// rows (on a node's disk); returns how many. Blobs in the store go with their last row.
    fn drop_doomed(&self) -> Result<u64, FileError> {
        Ok(0)
    }
}

/// Returns [`FileError::TooLarge`] for more than 32 MiB.
pub(crate) fn check_size(bytes: &[u8]) -> Result<(), FileError> {
    let size = bytes.len() as u64;
    if size > MAX_FILE_BYTES { Err(FileError::TooLarge { size }) } else { Ok(()) }
}

/// Returns the plain bytes of `tenant`'s blob `file`, kept as `kept`, and whether they were sealed:
/// opened with the tenant's payload key when they are sealed (`store` opens them), else checked against
/// the digest `file` names. Plain bytes that happen to begin as sealed ones do are read as plain.
///
/// Bytes that open need no digest: their tag proves them the very bytes the edge sealed for this
/// tenant's file of this digest, which it sealed only after taking their digest.
pub(crate) fn unsealed(
    store: Option<&dyn Store>,
    tenant: i64,
    file: &FileRef,
    mut kept: Vec<u8>,
) -> Result<(Vec<u8>, bool), FileError> {
    let sealed = match store {
        Some(store) => store.open_file(tenant, file, &mut kept).map_err(FileError::Store)?,
        None => false,
    };
    if sealed { Ok((kept, true)) } else { checked(file, kept).map(|plain| (plain, false)) }
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
    /// Returns the blobs under `root`, recorded by `store`, which seals them with their tenants'
    /// payload keys when it seals payloads.
    pub fn new(root: PathBuf, store: Arc<dyn Store>) -> Self {
        Self { files: FileStore::sealed_by(root, Arc::clone(&store)), store }
    }
}

impl Blobs for DiskBlobs {
    fn keep(&self, tenant: &TenantRecord, tree: &TreeId, bytes: &[u8]) -> Result<FileRef, FileError> {
        // Shared with every other keeping, and never while a blob no tree holds is removed: a blob found
        // on the disk here is still there when its row is written.
        let _keeping = self.files.removals(false)?;
        let kept = self.files.put(tenant.id, bytes)?;
        self.store.record_file(tenant, tree, &kept.file, bytes.len() as u64).map_err(FileError::Store)?;
        Ok(kept.settle())
    }

    fn get(&self, tenant: i64, file: &FileRef) -> Result<Vec<u8>, FileError> {
        self.files.get(tenant, file)
    }

    fn drop_doomed(&self) -> Result<u64, FileError> {
        let mut removed = 0;
        loop {
            let doomed = self.store.doomed(256).map_err(FileError::Store)?;
            if doomed.is_empty() {
                return Ok(removed);
            }
            for (tenant, file) in doomed {
                let _removing = self.files.removals(true)?;
                // A tree may have stored the same bytes again since its row went: they stay then.
                if !self.store.file_recorded(tenant, &file).map_err(FileError::Store)?
                    && self.files.remove(tenant, &file)?
                {
                    removed += 1;
                }
                self.store.forget_doomed(tenant, &file).map_err(FileError::Store)?;
            }
        }
    }
}

/// Blobs on disk under a root folder: `<root>/<tenant id>/<2 hex digits>/<62 hex digits>`.
#[derive(Debug, Clone)]
pub struct FileStore {
    root: PathBuf,
    /// This process's writer among those of the root, made at the first write and held while the store
    /// (or a blob it kept and that is not yet recorded) lives.
    writer: Arc<Mutex<Option<Arc<Writer>>>>,
    /// The store that seals blobs with their tenants' payload keys, and opens them; without one, blobs
    /// are kept plain and a sealed one reads as damaged.
    sealer: Option<Arc<dyn Store>>,
}

/// What a sweep of a [`FileStore`] removed.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct FilesSwept {
    /// Temporary files of blobs being written.
    pub temp: usize,
    /// Marks of blobs kept and not yet recorded.
    pub marks: usize,
    /// Blobs no row refers to.
    pub blobs: usize,
    /// The bytes of the temporary files and blobs.
    pub bytes: u64,
}

/// Returns the SHA-256 digest of `bytes`.
pub fn digest(bytes: &[u8]) -> [u8; 32] {
    Sha256::digest(bytes).into()
}

impl FileStore {
    /// Returns the store of blobs under `root`, which is made when first written to, kept plain.
    pub fn new(root: PathBuf) -> Self {
        Self { root, writer: Arc::default(), sealer: None }
    }

    /// Returns the store of blobs under `root`, sealed and opened by `store` (sealed when it seals
    /// payloads, [`crate::store::SealStore::seals_payloads`]).
    pub fn sealed_by(root: PathBuf, store: Arc<dyn Store>) -> Self {
        Self { root, writer: Arc::default(), sealer: Some(store) }
    }

    /// Returns this process's writer among those of the root, or `None` when no lock could be made (the
    /// store then writes names of no writer, which a start sweeps after an hour).
    fn writer(&self) -> Option<Arc<Writer>> {
        let mut writer = self.writer.lock().unwrap_or_else(PoisonError::into_inner);
        if writer.is_none() {
            match writers::join(&self.root) {
                Ok(joined) => *writer = Some(joined),
                Err(err) => tracing::debug!(error = &err as &dyn std::error::Error, "files are written under no lock"),
            }
        }
        writer.clone()
    }

    fn path(&self, tenant: i64, file: &FileRef) -> PathBuf {
        let hex = file.hex();
        self.root.join(tenant.to_string()).join(&hex[..2]).join(&hex[2..])
    }

    /// Keeps `bytes` as a blob of `tenant` and returns its reference, marked as not yet recorded until
    /// [`Kept::settle`]. Keeping the same bytes again changes nothing on disk, unless the blob there is
    /// damaged, or plain where the store seals now: it is written over.
    pub fn put(&self, tenant: i64, bytes: &[u8]) -> Result<Kept, FileError> {
        check_size(bytes)?;
        let file = FileRef::from_digest(digest(bytes));
        let path = self.path(tenant, &file);
        let io = |action: &'static str, path: &Path| {
            let path = path.to_path_buf();
            move |source| FileError::Io { action, path, source }
        };
        let writer = self.writer();
        let named = writer.as_ref().map(|w| w.name());
        // The mark names the blob until the store records it: a process killed in between leaves a blob
        // no row refers to, and the mark says which to look at, without reading every blob. It is made
        // before the blob is looked for, so that a start sweeping a dead process's mark of the same blob
        // sees that a live one wants it.
        let marks = self.root.join(MARKS);
        crate::private::create_dir_all(&marks).map_err(io("create", &marks))?;
        let prefix = match named {
            Some(writer) => format!("{tenant}.{}.{writer}.", file.hex()),
            None => format!("{tenant}.{}.", file.hex()),
        };
        let mark = tempfile::Builder::new()
            .prefix(&prefix)
            .tempfile_in(&marks)
            .and_then(|mark| mark.keep().map_err(|err| err.error))
            .map_err(io("create a file in", &marks))?
            .1;
        let kept = Kept { file, mark, _writer: writer.clone() };
        let sealer = self.sealer.as_ref().filter(|store| store.seals_payloads());
        if path.exists() && self.read(tenant, &file).is_ok_and(|(_, sealed)| sealed || sealer.is_none()) {
            return Ok(kept);
        }
        let sealed = match sealer {
            Some(store) => Some(store.seal_file(tenant, &file, bytes).map_err(FileError::Store)?),
            None => None,
        };
        let bytes = sealed.as_deref().unwrap_or(bytes);
        let dir = path.parent().unwrap_or(&self.root).to_path_buf();
        crate::private::create_dir_all(&dir).map_err(io("create", &dir))?;
        let tmp_dir = self.root.join("tmp");
        crate::private::create_dir_all(&tmp_dir).map_err(io("create", &tmp_dir))?;
        let prefix = named.map_or_else(|| ".tmp".to_owned(), |writer| format!("{TEMP}{writer}-"));
        let mut tmp =
            tempfile::Builder::new().prefix(&prefix).tempfile_in(&tmp_dir).map_err(io("create a file in", &tmp_dir))?;
        tmp.write_all(bytes).map_err(io("write", tmp.path()))?;
        tmp.as_file().sync_all().map_err(io("sync", tmp.path()))?;
        tmp.persist(&path).map_err(|err| FileError::Io {
            action: "rename into",
            path: path.clone(),
            source: err.error,
        })?;
        sync_dir(&dir).map_err(io("sync", &dir))?;
        Ok(kept)
    }

    /// Removes what processes that stopped left: temporary files, and the marks of blobs kept and not yet
    /// recorded with the blobs that `recorded` says no row refers to (a process killed between keeping a
    /// blob and recording it). What a dead writer left goes at once, what a live one writes stays, and
    /// what names no writer, or one whose lock cannot be tried, goes once untouched for `left_for`.
    pub fn sweep(&self, left_for: Duration, recorded: impl Fn(i64, &FileRef) -> bool) -> FilesSwept {
        let mut census = Census::of(&self.root);
        let mut swept = FilesSwept::default();
        for path in entries(&self.root.join("tmp")) {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if census.left(writers::named_in(&name, TEMP), &path, left_for) {
                let size = std::fs::symlink_metadata(&path).map_or(0, |m| m.len());
                if std::fs::remove_file(&path).is_ok() {
                    swept.temp += 1;
                    swept.bytes += size;
                }
            }
        }
        // A blob a live process wants, by a mark of its own, stays whoever else left a mark of it.
        let mut left = Vec::new();
        let mut wanted = std::collections::BTreeSet::new();
        for mark in entries(&self.root.join(MARKS)) {
            let name = mark.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            let fields: Vec<&str> = name.split('.').collect();
            let writer = match fields.as_slice() {
                [_, _, writer, _] if writers::is_name(writer) => Some(*writer),
                _ => None,
            };
            let blob = match fields.as_slice() {
                [tenant, hex, ..] => tenant.parse::<i64>().ok().zip(FileRef::from_hex(hex)),
                _ => None,
            };
            if census.left(writer, &mark, left_for) {
                left.push((mark, blob));
            } else if let Some(blob) = blob {
                wanted.insert(blob);
            }
        }
        for (mark, blob) in left {
            if let Some((tenant, file)) = blob
                && !wanted.contains(&(tenant, file))
                && !recorded(tenant, &file)
            {
                let path = self.path(tenant, &file);
                let size = std::fs::metadata(&path).map_or(0, |m| m.len());
                if std::fs::remove_file(&path).is_ok() {
                    swept.blobs += 1;
                    swept.bytes += size;
                }
            }
            if std::fs::remove_file(&mark).is_ok() {
                swept.marks += 1;
            }
        }
        writers::forget_dead(&self.root);
        swept
    }

    /// Returns the lock that keeps blobs from being removed while they are kept: `exclusive` to remove
    /// one, shared to keep one. It is held until the lock file returned is dropped.
    pub fn removals(&self, exclusive: bool) -> Result<std::fs::File, FileError> {
        let path = self.root.join(REMOVALS);
        let io = |action: &'static str, path: &Path| {
            let path = path.to_path_buf();
            move |source| FileError::Io { action, path, source }
        };
        crate::private::create_dir_all(&self.root).map_err(io("create", &self.root))?;
        let file = std::fs::OpenOptions::new()
            .create(true)
            .truncate(false)
            .write(true)
            .open(&path)
            .map_err(io("open", &path))?;
        if exclusive { file.lock() } else { file.lock_shared() }.map_err(io("lock", &path))?;
        Ok(file)
    }

    /// Removes `tenant`'s blob `file` from the disk; returns whether it was there. Call it under the
    /// exclusive [`Self::removals`] lock, once no tree holds the blob.
    pub fn remove(&self, tenant: i64, file: &FileRef) -> Result<bool, FileError> {
        let path = self.path(tenant, file);
        match std::fs::remove_file(&path) {
            Ok(()) => {
                if let Some(dir) = path.parent() {
                    let _ = sync_dir(dir);
                }
                Ok(true)
            }
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => Ok(false),
            Err(source) => Err(FileError::Io { action: "remove", path, source }),
        }
    }

    /// Returns the bytes of `tenant`'s blob `file`, opened when they are sealed, after checking their
    /// digest.
    pub fn get(&self, tenant: i64, file: &FileRef) -> Result<Vec<u8>, FileError> {
        Ok(self.read(tenant, file)?.0)
    }

    /// Returns the bytes of `tenant`'s blob `file`, checked as [`Self::get`] returns them, and whether
    /// they are sealed on disk.
    fn read(&self, tenant: i64, file: &FileRef) -> Result<(Vec<u8>, bool), FileError> {
        let path = self.path(tenant, file);
        let opened = match fs_err::File::open(&path) {
            Ok(opened) => opened,
            Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Err(FileError::Missing(*file)),
            Err(source) => return Err(FileError::Io { action: "open", path, source }),
        };
        // A sealed blob holds its header and tag beside the bytes.
        let most = MAX_FILE_BYTES + SEALED_OVERHEAD + 1;
        // Sized once for what the file holds, rather than grown by doubling as it is read.
        let size = opened.metadata().map_or(0, |m| m.len()).min(most);
        let mut bytes = Vec::with_capacity(usize::try_from(size).unwrap_or(0));
        opened.take(most).read_to_end(&mut bytes).map_err(|source| FileError::Io {
            action: "read",
            path: path.clone(),
            source,
        })?;
        unsealed(self.sealer.as_deref(), tenant, file, bytes)
    }
}

/// The folder of the marks of blobs not yet recorded, under the store's root.
const MARKS: &str = "unrecorded";

/// The lock file that keeps blobs from being removed while they are kept, under the store's root.
const REMOVALS: &str = "removals.lock";

/// How the name of a temporary file of a blob begins, before its writer's name.
const TEMP: &str = ".tmp-";

/// Returns the paths in `dir`; none when it cannot be read.
fn entries(dir: &Path) -> Vec<PathBuf> {
    std::fs::read_dir(dir).map(|entries| entries.flatten().map(|e| e.path()).collect()).unwrap_or_default()
}

/// A blob just kept, and the mark that stays until the store records it.
#[derive(Debug)]
#[must_use = "settle it once the store records the file"]
pub struct Kept {
    /// The blob's reference.
    pub file: FileRef,
    mark: PathBuf,
    /// The writer the mark is named after, alive until the mark goes.
    _writer: Option<Arc<Writer>>,
}

impl Kept {
    /// Says the store records the blob now: its mark goes.
    pub fn settle(self) -> FileRef {
        let _ = std::fs::remove_file(&self.mark);
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

    /// Returns the names in `dir`.
    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<_> =
            entries(dir).iter().map(|p| p.file_name().unwrap().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn a_start_removes_what_a_dead_writer_left_and_only_that() {
        let dir = tempfile::tempdir().unwrap();
        let files = FileStore::new(dir.path().to_path_buf());
        let recorded = files.put(1, b"recorded").unwrap().settle();
        let unsettled_but_recorded = files.put(1, b"in the store").unwrap();
        let orphan = files.put(1, b"orphan").unwrap();
        let orphan_ref = orphan.file;
        let is_recorded = |_: i64, file: &FileRef| *file != orphan_ref;
        assert_eq!(files.sweep(Duration::ZERO, is_recorded), FilesSwept::default(), "its writer lives: all stays");
        let marks = names(&dir.path().join(MARKS));
        assert_eq!(marks.len(), 2);
        let writer = marks[0].split('.').nth(2).unwrap().to_owned();
        assert!(writers::is_name(&writer), "the mark is named after its writer: {marks:?}");
        // A temporary file as the writer leaves one when it is killed while writing.
        std::fs::write(dir.path().join("tmp").join(format!(".tmp-{writer}-abc123")), b"half").unwrap();

        // The writer dies: its marks stay, its lock goes.
        drop((files, unsettled_but_recorded, orphan));
        let files = FileStore::new(dir.path().to_path_buf());
        let swept = files.sweep(Duration::from_secs(3600), is_recorded);
        assert_eq!(swept, FilesSwept { temp: 1, marks: 2, blobs: 1, bytes: 4 + 6 }, "at once, not in an hour");
        assert!(matches!(files.get(1, &orphan_ref), Err(FileError::Missing(_))));
        assert_eq!(files.get(1, &recorded).unwrap(), b"recorded");
        assert_eq!(files.get(1, &FileRef::from_digest(digest(b"in the store"))).unwrap(), b"in the store");
        assert!(names(&dir.path().join(MARKS)).is_empty() && names(&dir.path().join("tmp")).is_empty());
        assert!(names(&dir.path().join(writers::FOLDER)).is_empty(), "the dead writer's lock file is gone");
    }

    #[test]
    fn what_another_live_process_writes_stays_and_unnamed_leftovers_wait_an_hour() {
        let dir = tempfile::tempdir().unwrap();
        let files = FileStore::new(dir.path().to_path_buf());
        // Another process's lock, held: a file of its own, locked.
        let other = "c".repeat(32);
        std::fs::create_dir_all(dir.path().join(writers::FOLDER)).unwrap();
        let lock = std::fs::File::create(dir.path().join(writers::FOLDER).join(&other)).unwrap();
        lock.try_lock().unwrap();
        let blob = files.put(1, b"being recorded").unwrap();
        let hex = blob.file.hex();
        drop(blob);
        std::fs::write(dir.path().join("tmp").join(format!(".tmp-{other}-abc123")), b"half").unwrap();
        std::fs::write(dir.path().join(MARKS).join(format!("1.{hex}.{other}.abc123")), b"").unwrap();
        // And what an older edge left, named after no writer.
        std::fs::write(dir.path().join("tmp").join(".tmpabc123"), b"old").unwrap();
        std::fs::write(dir.path().join(MARKS).join(format!("1.{hex}.abc123")), b"").unwrap();
        drop(files);

        let files = FileStore::new(dir.path().to_path_buf());
        let never = |_: i64, _: &FileRef| false;
        let swept = files.sweep(Duration::from_secs(3600), never);
        // This process's dead writer's mark goes, not the blob the other wants.
        assert_eq!(swept, FilesSwept { marks: 1, ..FilesSwept::default() });
        assert_eq!(files.get(1, &FileRef::from_hex(&hex).unwrap()).unwrap(), b"being recorded");
        assert_eq!(names(&dir.path().join("tmp")).len(), 2);
        drop(lock);
        let swept = files.sweep(Duration::ZERO, never);
        assert_eq!(swept, FilesSwept { temp: 2, marks: 2, blobs: 1, bytes: 4 + 3 + 14 });
    }
}
