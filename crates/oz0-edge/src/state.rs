//! The edge's state, shared by everything that serves a request: its store, its files, its plugins'
//! folder and the calls it runs; and [`EdgeState::blocking`], the one way the async parts of the edge
//! reach the store, whose calls block.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

use oz0_core::api::{EdgeError, StoredFile, TenantName, TreeId};
use oz0_toolhost::Pool;

use crate::files::{FileError, FileStore, left_at_least};
use crate::limits::Limits;
use crate::passage::Passage;
use crate::running::Running;
use crate::store::{Location, PostgresStore, Principal, SqliteStore, Store, StoreError, TenantRecord};

/// How long an upload or an install may go untouched before a start takes it for one a stopped
/// process left: longer than any takes, so that one under way in another process is never swept.
const LEFT_FOR: Duration = Duration::from_secs(60 * 60);

/// Removes what a process that stopped left half-written under `dir`, untouched for `left_for`: files
/// being stored (`files/tmp/`) and plugins being installed (`plugins/<tenant>/.install-*`). Returns
/// how many it removed, and their bytes.
pub(crate) fn sweep(dir: &Path, left_for: Duration) -> (usize, u64) {
    let mut left = Vec::new();
    if let Ok(entries) = std::fs::read_dir(dir.join("files").join("tmp")) {
        left.extend(entries.flatten().map(|e| e.path()));
    }
    if let Ok(tenants) = std::fs::read_dir(dir.join("plugins")) {
        for tenant in tenants.flatten() {
            if let Ok(entries) = std::fs::read_dir(tenant.path()) {
                left.extend(
                    entries
                        .flatten()
                        .map(|e| e.path())
                        .filter(|p| p.file_name().is_some_and(|n| n.to_string_lossy().starts_with(".install-"))),
                );
            }
        }
    }
    let (mut swept, mut bytes) = (0, 0);
    for path in left.into_iter().filter(|p| left_at_least(p, left_for)) {
        let size = size_of(&path);
        let removed = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
        if removed.is_ok() {
            swept += 1;
            bytes += size;
        }
    }
    (swept, bytes)
}

/// Returns the bytes of a file, or of every file under a folder.
fn size_of(path: &Path) -> u64 {
    match std::fs::symlink_metadata(path) {
        Ok(meta) if meta.is_dir() => {
            std::fs::read_dir(path).map(|entries| entries.flatten().map(|e| size_of(&e.path())).sum()).unwrap_or(0)
        }
        Ok(meta) => meta.len(),
        Err(_) => 0,
    }
}

/// What every "no such tenant" says, whether the tenant does not exist or is another's.
pub(crate) const NO_TENANT: &str = "no such tenant";

/// What every "no such file" says, whether the file does not exist or is another tree's or tenant's.
pub(crate) const NO_FILE: &str = "no such file in this job tree";

/// The edge's state: its store, its files, its plugins' folders, its running calls and the tools'
/// servers it keeps.
#[derive(Debug)]
pub struct EdgeState {
    store: Arc<dyn Store>,
    files: FileStore,
    root: PathBuf,
    running: Running,
    servers: Pool,
    limits: Limits,
    passage: Passage,
    upload_room: Arc<tokio::sync::Semaphore>,
}

impl From<StoreError> for EdgeError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Busy { .. } => EdgeError::Busy { detail: format!("{err}; try again") },
            StoreError::Conflict(detail) => EdgeError::Invalid { detail },
            err => EdgeError::internal("the edge's store failed", err),
        }
    }
}

impl EdgeState {
    /// How long a served edge keeps a shared server that no call uses.
    pub const SERVER_IDLE: Duration = Duration::from_secs(5 * 60);

    /// Opens the edge whose state is in `dir`: the SQLite store and the files beside it. It stops a
    /// shared server after `idle` without a call ([`Self::SERVER_IDLE`] when served), or keeps it for the
    /// life of the process when `None` (embedded). First kills what is left of the servers of an edge
    /// on `dir` that was killed: a killed edge's servers die with it, but what they started lives on
    /// in their process groups.
    pub fn open(dir: &Path, idle: Option<Duration>) -> Result<Arc<Self>, StoreError> {
        Self::open_at(dir, &Location::Sqlite, idle)
    }

    /// Opens the edge as [`Self::open`] does, with its store at `location`: SQLite in `dir`, or a
    /// PostgreSQL database, which other nodes may share (its files, plugins and servers stay in `dir`).
    /// Like every call of the store, it blocks: call it off async threads.
    pub fn open_at(dir: &Path, location: &Location, idle: Option<Duration>) -> Result<Arc<Self>, StoreError> {
        let reaped = oz0_toolhost::reap(&crate::plugins::records(dir));
        if reaped > 0 {
            tracing::warn!(reaped, "killed what was left of the servers of an edge that was killed");
        }
        let store: Arc<dyn Store> = match location {
            Location::Sqlite => Arc::new(SqliteStore::open(dir)?),
            Location::Postgres(url) => {
                fs_err::create_dir_all(dir)
                    .map_err(|source| StoreError::Open { path: dir.display().to_string(), source })?;
                Arc::new(PostgresStore::open(url)?)
            }
        };
        let (swept, mut bytes) = sweep(dir, LEFT_FOR);
        let (blobs, blob_bytes) = FileStore::new(dir.join("files"))
            .sweep_unrecorded(LEFT_FOR, |tenant, file| store.file_recorded(tenant, file).unwrap_or(true));
        bytes += blob_bytes;
        if swept + blobs > 0 {
            tracing::warn!(
                "removed what an edge that stopped left half-done: {swept} uploads and installs, {blobs} files no \
                 job recorded, {bytes} bytes in all"
            );
        }
        Ok(Self::with_store(store, dir, idle))
    }

    /// Returns the edge over `store`, with its files, plugins and temporary files under `dir`, its
    /// shared servers stopped after `idle` without a call.
    pub fn with_store(store: Arc<dyn Store>, dir: &Path, idle: Option<Duration>) -> Arc<Self> {
        Arc::new(Self {
            store,
            files: FileStore::new(dir.join("files")),
            root: dir.to_path_buf(),
            running: Running::default(),
            servers: Pool::new(idle),
            limits: Limits::default(),
            passage: Passage::default(),
            upload_room: Arc::new(tokio::sync::Semaphore::new(Self::UPLOAD_ROOM_MIB)),
        })
    }

    /// How many MiB of upload bodies a served edge holds at once: four plugins' archives at their
    /// largest, or eight files.
    pub const UPLOAD_ROOM_MIB: usize = 256;

    /// Returns the room for upload bodies, a permit a MiB.
    pub(crate) fn upload_room(&self) -> &Arc<tokio::sync::Semaphore> {
        &self.upload_room
    }

    /// Returns the store.
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// Returns the content-addressed files.
    pub fn files(&self) -> &FileStore {
        &self.files
    }

    /// Keeps `bytes` as a file of the tenant's tree `tree`: the blob, then the store's record of it. A
    /// process killed in between leaves a blob that the next start removes.
    pub fn keep_file(&self, tenant: &TenantRecord, tree: &TreeId, bytes: &[u8]) -> Result<StoredFile, EdgeError> {
        let kept = self.files.put(tenant.id, bytes).map_err(|err| match err {
            FileError::TooLarge { .. } => EdgeError::TooLarge { detail: err.to_string() },
            err => EdgeError::internal("could not keep the file", err),
        })?;
        let size = bytes.len() as u64;
        self.store.record_file(tenant, tree, &kept.file, size)?;
        Ok(StoredFile { file: kept.settle(), size })
    }

    /// Returns the folder the edge keeps its state in.
    pub fn root(&self) -> &Path {
        &self.root
    }

    pub(crate) fn running(&self) -> &Running {
        &self.running
    }

    /// Returns the model calls reserved against the tenants' spending limits.
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Returns the gateway path: the tokens of the calls that run, and its listener.
    pub(crate) fn passage(&self) -> &Passage {
        &self.passage
    }

    /// Returns the tools' servers the edge keeps.
    pub fn servers(&self) -> &Pool {
        &self.servers
    }

    /// Returns who holds `token`, or `None` when no one has it.
    pub fn authenticate(&self, token: &str) -> Result<Option<Principal>, StoreError> {
        self.store.principal(&crate::token::hash(token))
    }

    /// When the store holds no token: makes the first tenant (`first`, unless there is one already),
    /// an admin with every role and a token, and returns the token, shown this once, with its holder.
    pub fn first_token(&self, first: &TenantName) -> Result<Option<(String, Principal)>, EdgeError> {
        let (token, hash) =
            crate::token::generate().map_err(|err| EdgeError::internal("could not make a token", err))?;
        Ok(self.store.first_token(first, &hash)?.map(|principal| (token, principal)))
    }

    /// Runs `f` with the edge and `principal` on a thread that may block, as the store's calls do.
    pub(crate) async fn blocking<T: Send + 'static>(
        self: &Arc<Self>,
        principal: &Principal,
        f: impl FnOnce(&EdgeState, &Principal) -> Result<T, EdgeError> + Send + 'static,
    ) -> Result<T, EdgeError> {
        let (state, principal) = (Arc::clone(self), principal.clone());
        tokio::task::spawn_blocking(move || f(&state, &principal))
            .await
            .map_err(|err| EdgeError::internal("a task of the edge failed", err))?
    }
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn a_start_sweeps_half_written_uploads_and_installs_and_nothing_else() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path();
        let tmp = root.join("files/tmp");
        std::fs::create_dir_all(&tmp).unwrap();
        std::fs::write(tmp.join(".tmpA"), b"half").unwrap();
        let install = root.join("plugins/1/.install-x");
        std::fs::create_dir_all(install.join("docs")).unwrap();
        let kept = root.join("plugins/1/notes-1");
        std::fs::create_dir_all(&kept).unwrap();
        assert_eq!(sweep(root, Duration::from_secs(3600)).0, 0, "what may be under way stays");
        assert_eq!(sweep(root, Duration::ZERO).0, 2);
        assert!(!tmp.join(".tmpA").exists() && !install.exists());
        assert!(kept.exists(), "an installed plugin stays");
    }

    #[test]
    fn a_start_removes_the_files_a_killed_edge_kept_but_never_recorded() {
        let dir = tempfile::tempdir().unwrap();
        let state = EdgeState::open(dir.path(), None).unwrap();
        state.first_token(&TenantName::new("main").unwrap()).unwrap().unwrap();
        let tenant = state.store().tenant(&TenantName::new("main").unwrap()).unwrap().unwrap();
        let tree = TreeId::new("T").unwrap();
        let recorded = state.keep_file(&tenant, &tree, b"recorded").unwrap().file;
        // Killed between keeping the blob and recording it: the mark stays.
        let orphan = state.files().put(tenant.id, b"orphan").unwrap().file;
        drop(state);
        let hours_ago = std::time::SystemTime::now() - Duration::from_secs(2 * 3600);
        for mark in std::fs::read_dir(dir.path().join("files/unrecorded")).unwrap().flatten() {
            std::fs::File::options().write(true).open(mark.path()).unwrap().set_modified(hours_ago).unwrap();
        }
        let state = EdgeState::open(dir.path(), None).unwrap();
        assert!(matches!(state.files().get(tenant.id, &orphan), Err(FileError::Missing(_))));
        assert_eq!(state.files().get(tenant.id, &recorded).unwrap(), b"recorded");
    }
}
