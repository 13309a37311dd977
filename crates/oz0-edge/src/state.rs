//! The edge's state, shared by everything that serves a request: its store, its files, its plugins'
//! folder and the calls it runs; and [`EdgeState::blocking`], the one way the async parts of the edge
//! reach the store, whose calls block.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use oz0_core::api::{EdgeError, FileRef, Job, JobState, StoredFile, TenantName, TreeId};
use oz0_core::trace::Step;
use oz0_toolhost::{Confinement, Fallback, Pool};

use crate::by_tenant::ByTenant;
use crate::file_room::Room;
use crate::files::{Blobs, DiskBlobs, FileError, FileStore, FilesSwept, digest};
use crate::live_jobs::LiveJobs;
use crate::news::{News, Notice};
use crate::plugin_gateway::PluginGateway;
use crate::sealing::{EdgeKey, KeyPlace};
use crate::spending::Limits;
use crate::store::{Location, PluginRecord, Principal, SqlStore, Store, StoreError, TenantRecord};
use crate::writers::{self, Census};

/// How long an upload or an install named after no writer (as an older edge named them) may go
/// untouched before a start takes it for one a stopped process left: longer than any takes, so that one
/// under way in another process is never swept.
const LEFT_FOR: Duration = Duration::from_secs(60 * 60);

/// What a start swept of what processes that stopped left.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Swept {
    files: FilesSwept,
    installs: usize,
    install_bytes: u64,
    handed: usize,
    handed_bytes: u64,
}

impl Swept {
    fn any(&self) -> bool {
        self.files != FilesSwept::default() || self.installs > 0 || self.handed > 0
    }
}

impl std::fmt::Display for Swept {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let FilesSwept { temp, marks, blobs, bytes } = self.files;
        write!(
            f,
            "{temp} temporary files, {marks} marks of files not yet recorded, {blobs} files no job recorded, {} \
             plugin installs, {} folders of files handed to calls; {} bytes in all",
            self.installs,
            self.handed,
            bytes + self.install_bytes + self.handed_bytes
        )
    }
}

/// Removes what processes that stopped left half-done under `dir`: files being stored (`files/tmp/`,
/// and blobs kept that `recorded` says no job recorded) and plugins being installed
/// (`plugins/<tenant>/.install-*`). What a dead process wrote goes at once, what a live one (another
/// `oz0` on the same folder) writes stays, as their [writers](crate::writers) tell; what names no
/// writer goes once untouched for `left_for`.
pub(crate) fn sweep(dir: &Path, left_for: Duration, recorded: impl Fn(i64, &FileRef) -> bool) -> Swept {
    let mut swept = Swept { files: FileStore::new(dir.join("files")).sweep(left_for, recorded), ..Swept::default() };
    let area = crate::plugins::area(dir);
    let mut census = Census::of(&area);
    let tenants = std::fs::read_dir(&area).map(|tenants| tenants.flatten().map(|e| e.path()).collect::<Vec<_>>());
    for tenant in tenants.unwrap_or_default() {
        let Ok(entries) = std::fs::read_dir(&tenant) else { continue };
        for path in entries.flatten().map(|e| e.path()) {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if !name.starts_with(crate::plugins::INSTALL) {
                continue;
            }
            if census.left(writers::named_in(&name, crate::plugins::INSTALL), &path, left_for) {
                let size = size_of(&path);
                let removed = if path.is_dir() { std::fs::remove_dir_all(&path) } else { std::fs::remove_file(&path) };
                if removed.is_ok() {
                    swept.installs += 1;
                    swept.install_bytes += size;
                }
            }
        }
    }
    writers::forget_dead(&area);
    // The copies of files handed to calls, in each tool's `handed/`.
    let run = dir.join("run");
    let mut census = Census::of(&run);
    let tools =
        std::fs::read_dir(&run).into_iter().flatten().flatten().filter_map(|t| std::fs::read_dir(t.path()).ok());
    for tool in tools.flatten().flatten() {
        for path in std::fs::read_dir(tool.path().join("handed")).into_iter().flatten().flatten().map(|e| e.path()) {
            let name = path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
            if census.left(writers::named_in(&name, crate::calls::handed::HANDED), &path, left_for) {
                let size = size_of(&path);
                if std::fs::remove_dir_all(&path).is_ok() {
                    swept.handed += 1;
                    swept.handed_bytes += size;
                }
            }
        }
    }
    writers::forget_dead(&run);
    swept
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

/// A store, and the keeper of files' bytes when it is the store itself.
type Opened = (Arc<dyn Store>, Option<Arc<dyn Blobs>>);

/// Opens the store at `location` (SQLite in `dir`, or PostgreSQL), without its key; returns it, and
/// the PostgreSQL store again as the keeper of files' bytes. It seals the tenants' payloads as
/// [`SEAL_VARIABLE`](crate::sealing::SEAL_VARIABLE) says, else as its kind does.
pub(crate) fn open_store(dir: &Path, location: &Location) -> Result<Opened, StoreError> {
    let seal = crate::sealing::sealing_from_env()?;
    let opened: Opened = match location {
        Location::Sqlite => (Arc::new(SqlStore::sqlite(dir)?), None),
        Location::Postgres(url) => {
            // Files' bytes go in the database too, for the nodes that share it to read.
            let store = Arc::new(SqlStore::postgres(url)?);
            (Arc::clone(&store) as Arc<dyn Store>, Some(store as Arc<dyn Blobs>))
        }
    };
    if let Some(seal) = seal {
        opened.0.seal_payloads(seal);
    }
    Ok(opened)
}

/// Finds the edge key at `place` (made when it is a file that is missing and the store has no key
/// yet), and opens the store with it. Returns the key and whether its file was made.
pub(crate) fn open_key(store: &dyn Store, place: &KeyPlace) -> Result<(Arc<EdgeKey>, bool), StoreError> {
    let loaded = crate::sealing::load(place, store.sealed_with()?.as_ref())?;
    let key = Arc::new(loaded.key);
    let sealed = store.unlock(Arc::clone(&key))?;
    if sealed > 0 {
        tracing::warn!(plugins = sealed, "sealed the secrets an older oz0 kept in plain text");
    }
    Ok((key, loaded.made))
}

/// Returns what no tool's server may reach: the data folder `dir`, and the key's file, wherever it is.
fn hidden(dir: &Path, key: Option<&EdgeKey>) -> Vec<PathBuf> {
    let mut hidden = vec![dir.to_path_buf()];
    hidden.extend(key.and_then(EdgeKey::file).filter(|file| !file.starts_with(dir)).map(Path::to_path_buf));
    hidden
}

/// Starts hearing what the nodes of `state`'s store tell, this one's news included.
fn listen(state: &Arc<EdgeState>) {
    let weak = Arc::downgrade(state);
    let hear = Box::new(move |text: Option<&str>| {
        if let Some(state) = weak.upgrade() {
            state.news.heard(&state.running, text);
        }
    });
    if let Err(err) = state.store.listen(hear) {
        tracing::warn!(
            error = &err as &dyn std::error::Error,
            "cannot hear the other nodes: jobs they run are followed by reading the store alone"
        );
    }
}

/// What every "no such tenant" says, whether the tenant does not exist or is another's.
pub(crate) const NO_TENANT: &str = "no such tenant";

/// What every "no such file" says, whether the file does not exist or is another tree's or tenant's.
pub(crate) const NO_FILE: &str = "no such file in this job tree";

/// The calls of local tools' servers one tenant may run at once on an edge unless its operator says
/// otherwise ([`EdgeState::bound_tool_calls`]): each may be a server of its own (a tool of `sandbox:
/// own`), of up to 4 GiB and 512 processes, so that without a bound one tenant's burst of calls could
/// take a shared edge's machine from every other. More wait their turn for up to their timeout.
pub const TOOL_CALLS_PER_TENANT: usize = 32;

/// The tools' servers one tenant may keep between calls on an edge unless its operator says
/// otherwise ([`EdgeState::bound_servers`]): a `shared` server for each of its tools, a `job` server
/// for each job tree, each kept until idle for minutes and each of up to 4 GiB, so that without a
/// bound one tenant calling many tools once could keep more memory than the machine has. Starting
/// one more stops its server idle longest.
pub const SERVERS_PER_TENANT: usize = 32;

/// The bytes of files one tenant may keep on a served edge unless its operator says otherwise
/// ([`EdgeState::bound_files`]): a file may hold 32 MiB and is kept 90 days after a tree last stored
/// it, so that without a bound one tenant storing file after file fills the disk every tenant needs.
pub const FILES_PER_TENANT: u64 = 10 << 30;

/// The plugins one tenant may keep on a served edge unless its operator says otherwise
/// ([`EdgeState::bound_plugins`]): each holds up to 64 MiB in its archive and as much in its folder on
/// each node, so that without a bound one tenant installing plugin after plugin fills the disk.
pub const PLUGINS_PER_TENANT: usize = 100;

/// The messages of more than 1 MiB one tenant's servers may have an edge read at once unless its
/// operator says otherwise ([`EdgeState::bound_large_messages`]): a message of 160 MiB takes some
/// 480 MiB of the edge's memory while it is read, parsed and handed on, so that without a bound one
/// tenant's 32 calls at once could have the edge hold 15 GiB. More wait their turn, their servers
/// blocked on their pipes.
pub const LARGE_MESSAGES_PER_TENANT: usize = 2;

/// The edge's state: its store, its files, its plugins' folders, its running calls and the tools'
/// servers it keeps.
#[derive(Debug)]
pub struct EdgeState {
    store: Arc<dyn Store>,
    files: Arc<dyn Blobs>,
    root: PathBuf,
    /// A lock for each plugin folder being unpacked from the store, so that one call unpacks it and
    /// the others wait for it.
    unpacking: Mutex<HashMap<PathBuf, Arc<Mutex<()>>>>,
    running: LiveJobs,
    news: News,
    servers: Pool,
    /// By tenant, the calls of local tools' servers it may still start at once, of `calls_per_tenant`.
    tool_calls: ByTenant<Arc<tokio::sync::Semaphore>>,
    calls_per_tenant: std::sync::atomic::AtomicUsize,
    /// The bytes of files each tenant may keep, and those being kept now.
    room: Room,
    /// The plugins each tenant may keep (0: no bound), and by tenant, the lock its installs keep
    /// their plugins under, one at a time.
    plugins_per_tenant: std::sync::atomic::AtomicUsize,
    installs: ByTenant<Arc<Mutex<()>>>,
    /// By tenant, its servers' turns at having a large message read, of `large_messages_per_tenant`.
    turns: ByTenant<oz0_toolhost::Turns>,
    large_messages_per_tenant: std::sync::atomic::AtomicUsize,
    limits: Limits,
    passage: PluginGateway,
    /// How the tools' servers are confined.
    tools: std::sync::RwLock<Confinement>,
    /// The edge key the store's secrets are sealed with; `None` for an edge over a store opened without
    /// it ([`Self::with_store`]).
    key: Option<Arc<EdgeKey>>,
    /// Whether this start made the key's file.
    key_made: bool,
}

/// Returns the refusal of what would pass a tenant's bound on what it keeps on this edge: 507.
fn insufficient_storage(detail: String) -> EdgeError {
    EdgeError::Rejected { status: 507, title: "Insufficient storage".to_owned(), detail }
}

impl From<StoreError> for EdgeError {
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Busy { .. } => EdgeError::Busy { detail: format!("{err}; try again") },
            StoreError::Conflict(detail) => EdgeError::Invalid { detail },
            // The caller learns that secrets failed, never which key or tenant: that is for the log.
            StoreError::Key(_) => {
                EdgeError::internal("the edge could not seal or open the secrets or payloads it keeps", err)
            }
            err => EdgeError::internal("the edge's store failed", err),
        }
    }
}

impl EdgeState {
    /// How long a served edge keeps a shared server that no call uses.
    pub const SERVER_IDLE: Duration = Duration::from_secs(5 * 60);

    /// Opens the edge whose state is in `dir`: the SQLite store and the files beside it, its secrets
    /// sealed with the key of `OZ0_MASTER_KEY`, else of the file `edge.key` in `dir` (made at the first
    /// start). It stops a shared server after `idle` without a call ([`Self::SERVER_IDLE`] when served),
    /// or keeps it for the life of the process when `None` (embedded). First kills what is left of the
    /// servers of an edge on `dir` that was killed: a killed edge's servers die with it, but what they
    /// started lives on in their process groups.
    pub fn open(dir: &Path, idle: Option<Duration>) -> Result<Arc<Self>, StoreError> {
        let key = KeyPlace::from_env(dir.join(KeyPlace::FILE_NAME));
        Self::open_at(dir, &Location::Sqlite, &key, idle)
    }

    /// Opens the edge as [`Self::open`] does, with its store at `location`: SQLite in `dir`, or a
    /// PostgreSQL database, which other nodes may share (its files, plugins and servers stay in `dir`);
    /// and its key at `key`. `dir` is made private (0700, and what it holds tightened when it was not).
    /// Like every call of the store, it blocks: call it off async threads.
    pub fn open_at(
        dir: &Path,
        location: &Location,
        key: &KeyPlace,
        idle: Option<Duration>,
    ) -> Result<Arc<Self>, StoreError> {
        let tightened = crate::private::make_private(dir)
            .map_err(|source| StoreError::Open { path: dir.display().to_string(), source })?;
        if tightened > 0 {
            tracing::warn!(tightened, dir = %dir.display(), "made the edge's data folder and what it holds private");
        }
        // The tool host records its servers here, as the umask says: the folder is made private first.
        crate::private::create_dir_all(&crate::plugins::records(dir))
            .map_err(|source| StoreError::Open { path: dir.display().to_string(), source })?;
        let reaped = oz0_toolhost::reap(&crate::plugins::records(dir));
        if reaped > 0 {
            tracing::warn!(reaped, "killed what was left of the servers of an edge that was killed");
        }
        let (store, files) = open_store(dir, location)?;
        let (edge_key, key_made) = open_key(store.as_ref(), key)?;
        let swept = sweep(dir, LEFT_FOR, |tenant, file| store.file_recorded(tenant, file).unwrap_or(true));
        if swept.any() {
            tracing::warn!("removed what processes that stopped left half-done: {swept}");
        }
        let files = files.unwrap_or_else(|| Arc::new(DiskBlobs::new(dir.join("files"), Arc::clone(&store))));
        Ok(Self::with_parts(store, files, dir, idle, Some(edge_key), key_made))
    }

    /// Returns the edge over `store`, with its files, plugins and temporary files under `dir`, its
    /// shared servers stopped after `idle` without a call.
    pub fn with_store(store: Arc<dyn Store>, dir: &Path, idle: Option<Duration>) -> Arc<Self> {
        let files = Arc::new(DiskBlobs::new(dir.join("files"), Arc::clone(&store)));
        Self::with_parts(store, files, dir, idle, None, false)
    }

    fn with_parts(
        store: Arc<dyn Store>,
        files: Arc<dyn Blobs>,
        dir: &Path,
        idle: Option<Duration>,
        key: Option<Arc<EdgeKey>>,
        key_made: bool,
    ) -> Arc<Self> {
        let state = Arc::new(Self {
            news: News::new(&store),
            store,
            files,
            root: dir.to_path_buf(),
            unpacking: Mutex::default(),
            running: LiveJobs::default(),
            servers: {
                let pool = Pool::new(idle);
                pool.keep_at_most(SERVERS_PER_TENANT);
                pool
            },
            tool_calls: ByTenant::default(),
            calls_per_tenant: TOOL_CALLS_PER_TENANT.into(),
            room: Room::default(),
            plugins_per_tenant: 0.into(),
            installs: ByTenant::default(),
            turns: ByTenant::default(),
            large_messages_per_tenant: LARGE_MESSAGES_PER_TENANT.into(),
            limits: Limits::default(),
            passage: PluginGateway::default(),
            tools: std::sync::RwLock::new(Confinement {
                fallback: Fallback::Refuse,
                hidden: hidden(dir, key.as_deref()),
                shared: Some(Vec::new()),
                private_network: false,
                network: oz0_toolhost::Network::Host,
                gateway: None,
            }),
            key,
            key_made,
        });
        // The edge's environment holds provider keys: no process of its user may read it.
        oz0_toolhost::protect_process();
        oz0_toolhost::raise_descriptor_limit();
        listen(&state);
        state
    }

    /// Sets how the tools' servers are confined: by default as on an edge tenants share (refused where
    /// the kernel cannot confine them, given no folder beyond their own, the data folder and the key
    /// file hidden). The data folder and the key file stay hidden whatever `confinement` says.
    pub fn confine_tools(&self, mut confinement: Confinement) {
        for path in hidden(&self.root, self.key.as_deref()) {
            if !confinement.hidden.contains(&path) {
                confinement.hidden.push(path);
            }
        }
        *self.tools.write().unwrap_or_else(PoisonError::into_inner) = confinement;
    }

    /// Returns how the tools' servers are confined, as the edge's status tells it.
    pub fn tools_status(&self) -> oz0_core::api::ToolsStatus {
        let support = oz0_toolhost::Support::detect();
        let network = self.tool_confinement().network.describe();
        oz0_core::api::ToolsStatus {
            confined: support.confines(),
            detail: format!("{}{network}", support.describe()),
            unconfined_allowed: self.tool_confinement().fallback == Fallback::RunUnconfined,
        }
    }

    /// Returns how the tools' servers are confined.
    pub fn tool_confinement(&self) -> Confinement {
        self.tools.read().unwrap_or_else(PoisonError::into_inner).clone()
    }

    /// Returns the store.
    pub fn store(&self) -> &dyn Store {
        self.store.as_ref()
    }

    /// Returns the store as a handle to keep, for what outlives a call, such as a reservation.
    pub(crate) fn store_handle(&self) -> &Arc<dyn Store> {
        &self.store
    }

    /// Returns the content-addressed files.
    pub fn files(&self) -> &dyn Blobs {
        self.files.as_ref()
    }

    /// Keeps `bytes` as a file of the tenant's tree `tree`: on disk, the blob, then the store's record
    /// of it, and a process killed in between leaves a blob that the next start removes; in a store that
    /// nodes share, both in one transaction. New bytes past the tenant's room on this edge
    /// ([`Self::bound_files`]) are refused with a 507 problem that says how to make room.
    pub fn keep_file(&self, tenant: &TenantRecord, tree: &TreeId, bytes: &[u8]) -> Result<StoredFile, EdgeError> {
        let kept = self
            .room
            .reserve(self.store.as_ref(), tenant.id, bytes)
            .and_then(|_reserved| self.files.keep(tenant, tree, bytes));
        let file = kept.map_err(|err| match err {
            FileError::TooLarge { .. } => EdgeError::TooLarge { detail: err.to_string() },
            FileError::Full { .. } => insufficient_storage(format!(
                "{err}: files leave with the tenant's retention (`oz0 tenant retention --files 30d`) or an erasure \
                 (`oz0 erase --tree ID`), or the edge's operator may raise `--files-per-tenant`"
            )),
            FileError::Store(err) => err.into(),
            err => EdgeError::internal("could not keep the file", err),
        })?;
        Ok(StoredFile { file, size: bytes.len() as u64 })
    }

    /// Sets how many plugins each tenant may keep through this edge; 0 lifts the bound (the embedded
    /// edge's default). Installing a new one past it is refused; a new version of one it has is not.
    pub fn bound_plugins(&self, most: usize) {
        self.plugins_per_tenant.store(most, std::sync::atomic::Ordering::Relaxed);
    }

    /// Sets how many messages of more than 1 MiB each tenant's servers may have this edge read at once
    /// (at least one), before any call: `LARGE_MESSAGES_PER_TENANT` unless set.
    pub fn bound_large_messages(&self, most: usize) {
        self.large_messages_per_tenant.store(most.max(1), std::sync::atomic::Ordering::Relaxed);
    }

    /// Returns where the tenant's tools' servers keep their files, confined as this edge confines them
    /// and taking their tenant's turns at having a large message read.
    pub(crate) fn sandbox(&self, tenant: i64) -> oz0_toolhost::Sandbox {
        let mut sandbox = crate::plugins::sandbox(&self.root, tenant, self.tool_confinement());
        let most = self.large_messages_per_tenant.load(std::sync::atomic::Ordering::Relaxed);
        sandbox.turns = Some(self.turns.of(tenant, || oz0_toolhost::Turns::new(most)));
        sandbox
    }

    /// Returns the lock the tenant's installs keep their plugins under, one at a time, so that
    /// installs at once never pass [`Self::bound_plugins`] together.
    pub(crate) fn installs(&self, tenant: i64) -> Arc<Mutex<()>> {
        self.installs.of(tenant, Arc::default)
    }

    /// Refuses the plugin `name` when it would be one more than the tenant may keep: a 507 problem that
    /// says how to make room. A plugin the tenant has already may be installed again.
    pub(crate) fn check_plugin_room(&self, tenant: &TenantRecord, name: &str) -> Result<(), EdgeError> {
        let most = self.plugins_per_tenant.load(std::sync::atomic::Ordering::Relaxed);
        if most == 0 {
            return Ok(());
        }
        let kept = self.store.plugins(tenant)?;
        if kept.len() < most || kept.iter().any(|plugin| plugin.info.name == name) {
            return Ok(());
        }
        Err(insufficient_storage(format!(
            "the tenant keeps {} plugins, the most this edge keeps for a tenant: remove one (`oz0 plugin remove NAME`) \
             before installing `{name}`, or the edge's operator may raise `--plugins-per-tenant`",
            kept.len()
        )))
    }

    /// Sets the most bytes of files each tenant may keep through this edge, each file counted once
    /// however many of its trees stored it; 0 lifts the bound (the embedded edge's default). A new file
    /// past it is refused; the same bytes again are not.
    pub fn bound_files(&self, most: u64) {
        self.room.bound(most);
    }

    /// Returns the folder of the tenant's plugin on this node: where it was installed, or, when the
    /// store keeps its archive for other nodes, the folder of its name under this node's plugins.
    pub(crate) fn plugin_dir(&self, tenant: i64, plugin: &PluginRecord) -> PathBuf {
        let installed = Path::new(&plugin.dir);
        match (plugin.archive, installed.file_name()) {
            (Some(_), Some(name)) => crate::plugins::tenant_dir(&self.root, tenant).join(name),
            _ => installed.to_path_buf(),
        }
    }

    /// Returns the plugin that brings the tool `tool`, with its folder on this node: unpacked first from
    /// the archive the store keeps, when another node installed it and this one has not unpacked it yet.
    /// The store's record is the truth: a folder this node keeps of a plugin removed through another
    /// node is never used again.
    pub(crate) fn plugin_of_tool(&self, tenant: &TenantRecord, tool: &str) -> Result<Option<PluginRecord>, EdgeError> {
        // Twice at most: the plugin may be replaced between reading its record and its archive.
        let mut named = None;
        for _ in 0..2 {
            let Some(mut plugin) = self.store.plugin_of_tool(tenant, tool)? else { return Ok(None) };
            let Some(wanted) = plugin.archive else { return Ok(Some(plugin)) };
            if named == Some(wanted) {
                return Err(EdgeError::internal(
                    format!("could not unpack the plugin `{}`", plugin.info.name),
                    format!("the store's archive of it does not have the digest {wanted} its record names"),
                ));
            }
            named = Some(wanted);
            let dir = self.plugin_dir(tenant.id, &plugin);
            plugin.dir = dir.display().to_string();
            if dir.is_dir() {
                return Ok(Some(plugin));
            }
            let gate = {
                let mut unpacking = self.unpacking.lock().unwrap_or_else(PoisonError::into_inner);
                Arc::clone(unpacking.entry(dir.clone()).or_default())
            };
            let unpacked = {
                let _one_at_a_time = gate.lock().unwrap_or_else(PoisonError::into_inner);
                self.unpack_plugin(tenant, &plugin, &wanted, &dir)
            };
            self.unpacking.lock().unwrap_or_else(PoisonError::into_inner).remove(&dir);
            if unpacked? {
                return Ok(Some(plugin));
            }
        }
        Err(EdgeError::Busy { detail: format!("the plugin that brings `{tool}` is being replaced; try again") })
    }

    /// Unpacks the plugin's archive from the store into `dir`, through a temporary folder renamed into
    /// place, so that a process killed on the way leaves no half folder (the next start sweeps the
    /// temporary one), then drops this node's folders of the plugin's older installs. Returns `false`
    /// when the store's archive is not the one the record names, as when the plugin was replaced since.
    fn unpack_plugin(
        &self,
        tenant: &TenantRecord,
        plugin: &PluginRecord,
        wanted: &FileRef,
        dir: &Path,
    ) -> Result<bool, EdgeError> {
        if dir.is_dir() {
            // Unpacked by the call this one waited for.
            return Ok(true);
        }
        let name = &plugin.info.name;
        let Some(archive) = self.store.plugin_archive(tenant, name)? else { return Ok(false) };
        if FileRef::from_digest(digest(&archive)) != *wanted {
            return Ok(false);
        }
        let folder = crate::plugins::unpack_new(&self.root, tenant.id, &archive)?;
        if let Err(err) = fs_err::rename(folder.path(), dir) {
            if !dir.is_dir() {
                return Err(EdgeError::internal("could not keep the plugin", err));
            }
        } else {
            let _ = folder.keep();
        }
        tracing::info!(plugin = %name, dir = %dir.display(), "unpacked a plugin another node installed");
        self.drop_older_installs(&crate::plugins::tenant_dir(&self.root, tenant.id), name, dir);
        Ok(true)
    }

    /// Removes this node's folders of the plugin `name` other than `kept`, the current install's, and
    /// retires their servers: folders of versions replaced through another node.
    fn drop_older_installs(&self, parent: &Path, name: &str, kept: &Path) {
        let Ok(entries) = std::fs::read_dir(parent) else { return };
        for folder in entries.flatten().map(|e| e.path()) {
            let older =
                folder.file_name().and_then(|n| n.to_str()).and_then(|n| n.strip_prefix(name)).is_some_and(|rest| {
                    rest.strip_prefix('-').is_some_and(|ms| !ms.is_empty() && ms.bytes().all(|b| b.is_ascii_digit()))
                });
            if older && folder != kept {
                self.servers.retire(&folder);
                if let Err(err) = fs_err::remove_dir_all(&folder) {
                    tracing::warn!(error = &err as &dyn std::error::Error, "a replaced plugin's folder was kept");
                }
            }
        }
    }

    /// Returns the folder the edge keeps its state in.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Returns the edge key its store's secrets are sealed with.
    pub fn key(&self) -> Option<&EdgeKey> {
        self.key.as_deref()
    }

    /// Returns the file of the edge key, when it is kept in one: a file no tool's server may read or
    /// write, wherever it is (`--key-file` may put it outside the data folder).
    pub fn key_file(&self) -> Option<&Path> {
        self.key.as_deref().and_then(EdgeKey::file)
    }

    /// Returns whether this start made the key's file, which is then to be backed up with the store.
    pub fn key_made(&self) -> bool {
        self.key_made
    }

    /// Returns the jobs this process runs.
    pub(crate) fn running(&self) -> &LiveJobs {
        &self.running
    }

    /// Returns what this node tells the others, and hears.
    pub(crate) fn news(&self) -> &News {
        &self.news
    }

    /// Records a step of the tenant's job `job`, and tells its followers on every node; returns the
    /// step's number.
    pub(crate) fn record_step(&self, tenant: &TenantRecord, job: &TreeId, step: &Step) -> Result<u32, StoreError> {
        let seq = self.store.record_step(tenant, job, step)?;
        self.changed(tenant.id, job);
        Ok(seq)
    }

    /// Ends the tenant's job `job` (once: an ended job stays as it ended), and tells its followers on
    /// every node; returns the job, `None` when there is no such job.
    pub(crate) fn end_job(
        &self,
        tenant: &TenantRecord,
        job: &TreeId,
        state: JobState,
        error: Option<&str>,
    ) -> Result<Option<Job>, StoreError> {
        let ended = self.store.end_job(tenant, job, state, error)?;
        self.changed(tenant.id, job);
        Ok(ended)
    }

    fn changed(&self, tenant: i64, job: &TreeId) {
        self.news.tell(&self.running, Notice::Changed { tenant, job: job.as_str().to_owned() });
    }

    /// Returns how model calls are reserved against the tenants' spending limits.
    pub(crate) fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Registers this node in its store with a lease, and keeps renewing it on a thread of its own
    /// while the edge lives, failing the running jobs of the nodes sharing the store that died, as
    /// [`Lease`](crate::store::Lease) times it.
    pub fn keep_lease(&self, lease: crate::store::Lease) -> Result<(), StoreError> {
        crate::store::keep_lease(Arc::downgrade(&self.store), lease)
    }

    /// Returns the gateway path: the tokens of the calls that run, and its listener.
    pub(crate) fn passage(&self) -> &PluginGateway {
        &self.passage
    }

    /// Returns the tools' servers the edge keeps.
    pub fn servers(&self) -> &Pool {
        &self.servers
    }

    /// Sets how many calls of local tools' servers each tenant may run at once on this edge (at least
    /// one), before any call: `TOOL_CALLS_PER_TENANT` unless set.
    pub fn bound_tool_calls(&self, calls: usize) {
        self.calls_per_tenant.store(calls.max(1), std::sync::atomic::Ordering::Relaxed);
    }

    /// Sets how many tools' servers each tenant may keep between calls on this edge (at least one):
    /// `SERVERS_PER_TENANT` unless set. Starting one more stops the tenant's server idle longest.
    pub fn bound_servers(&self, servers: usize) {
        self.servers.keep_at_most(servers);
    }

    /// Returns how many calls of local tools' servers each tenant may run at once on this edge.
    pub(crate) fn tool_calls_per_tenant(&self) -> usize {
        self.calls_per_tenant.load(std::sync::atomic::Ordering::Relaxed)
    }

    /// Returns the calls of local tools' servers `tenant` may still start at once on this edge: each
    /// holds one of `tool_calls_per_tenant` permits while it runs.
    pub(crate) fn tool_calls(&self, tenant: i64) -> Arc<tokio::sync::Semaphore> {
        let most = self.tool_calls_per_tenant();
        self.tool_calls.of(tenant, || Arc::new(tokio::sync::Semaphore::new(most)))
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
        let none = |_: i64, _: &FileRef| false;
        assert!(!sweep(root, Duration::from_secs(3600), none).any(), "what may be under way stays");
        let swept = sweep(root, Duration::ZERO, none);
        assert_eq!((swept.files.temp, swept.installs), (1, 1));
        assert!(!tmp.join(".tmpA").exists() && !install.exists());
        assert!(kept.exists(), "an installed plugin stays");
    }

    #[test]
    fn an_install_a_dead_process_left_goes_at_once_and_a_live_ones_stays() {
        let dir = tempfile::tempdir().unwrap();
        let live = crate::plugins::unpack_new(dir.path(), 1, &tar(&[("oz0-plugin.yaml", b"name: a\n")])).unwrap();
        let name = live.path().file_name().unwrap().to_string_lossy().into_owned();
        let writer = writers::named_in(&name, crate::plugins::INSTALL).unwrap().to_owned();
        let dead = crate::plugins::tenant_dir(dir.path(), 1).join(format!(
            "{}{}-abc123",
            crate::plugins::INSTALL,
            "d".repeat(32)
        ));
        std::fs::create_dir_all(&dead).unwrap();
        let none = |_: i64, _: &FileRef| false;
        let swept = sweep(dir.path(), Duration::from_secs(3600), none);
        assert_eq!(swept.installs, 1);
        assert!(!dead.exists() && live.path().exists(), "{writer}");
        let left = live.path().to_path_buf();
        drop(live);
        assert!(!left.exists(), "an install that fails removes its folder");
    }

    /// Returns a plugin record as an install of `name` at `ms` on the node in `root` makes it, with
    /// the digest of `archive`.
    fn installed(root: &Path, tenant: i64, name: &str, ms: u64, archive: &[u8]) -> PluginRecord {
        let dir = crate::plugins::tenant_dir(root, tenant).join(format!("{name}-{ms}"));
        let tools = vec![oz0_core::api::ToolInfo {
            id: name.to_owned(),
            plugin: name.to_owned(),
            description: None,
            fit: false,
            timeout_secs: 30,
            remote: false,
            functions: Vec::new(),
        }];
        let info = oz0_core::api::InstalledPlugin {
            name: name.to_owned(),
            version: "1.0.0".to_owned(),
            description: None,
            installed_at: "2026-12-01T00:00:00Z".to_owned(),
            models_accepted: false,
            secrets: Vec::new(),
            models: Default::default(),
            tools,
        };
        PluginRecord {
            info,
            dir: dir.display().to_string(),
            manifest: oz0_core::manifest::Manifest::default(),
            secrets: std::collections::BTreeMap::new(),
            archive: Some(FileRef::from_digest(digest(archive))),
        }
    }

    fn tar(files: &[(&str, &[u8])]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        for (path, bytes) in files {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            builder.append_data(&mut header, path, *bytes).unwrap();
        }
        builder.into_inner().unwrap()
    }

    #[test]
    fn a_node_unpacks_a_plugin_another_installed_checked_by_digest_and_drops_replaced_ones() {
        let (a, b) = (tempfile::tempdir().unwrap(), tempfile::tempdir().unwrap());
        let store: Arc<dyn Store> = Arc::new(SqlStore::sqlite(a.path()).unwrap());
        let node = EdgeState::with_store(Arc::clone(&store), b.path(), None);
        let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
        let t = &local.tenant;
        assert!(node.plugin_of_tool(t, "notes").unwrap().is_none());

        let v1 = tar(&[("oz0-plugin.yaml", b"name: notes\n"), ("docs/a.md", b"# A\n")]);
        let record = installed(a.path(), t.id, "notes", 1, &v1);
        store.keep_plugin(t, &record, Some(&v1), &local).unwrap();
        let found = node.plugin_of_tool(t, "notes").unwrap().unwrap();
        let dir = crate::plugins::tenant_dir(b.path(), t.id).join("notes-1");
        assert_eq!(found.dir, dir.display().to_string(), "the folder on this node, not the installer's");
        assert_eq!(fs_err::read_to_string(dir.join("docs/a.md")).unwrap(), "# A\n");
        assert_eq!(node.plugin_of_tool(t, "notes").unwrap().unwrap(), found, "unpacked once");

        // A new version installed elsewhere is unpacked beside, and the old folder goes.
        let v2 = tar(&[("oz0-plugin.yaml", b"name: notes\nversion: 2\n")]);
        store.keep_plugin(t, &installed(a.path(), t.id, "notes", 2, &v2), Some(&v2), &local).unwrap();
        let found = node.plugin_of_tool(t, "notes").unwrap().unwrap();
        assert!(found.dir.ends_with("notes-2"), "{}", found.dir);
        assert!(!dir.exists(), "the replaced version's folder is dropped");

        // An archive that does not have the digest its record names is not unpacked.
        let v3 = tar(&[("oz0-plugin.yaml", b"name: notes\nversion: 3\n")]);
        let mut forged = installed(a.path(), t.id, "notes", 3, &v3);
        forged.archive = Some(FileRef::from_digest([7; 32]));
        store.keep_plugin(t, &forged, Some(&v3), &local).unwrap();
        let err = node.plugin_of_tool(t, "notes").unwrap_err();
        assert!(format!("{err:?}").contains("does not have the digest"), "{err:?}");
        assert!(!crate::plugins::tenant_dir(b.path(), t.id).join("notes-3").exists());
        let left: Vec<_> = fs_err::read_dir(crate::plugins::tenant_dir(b.path(), t.id)).unwrap().flatten().collect();
        assert_eq!(left.len(), 1, "no half folder is left: {left:?}");

        // Removed, it is no tool at all, whatever folder the node still has.
        store.remove_plugin(t, "notes", &local).unwrap();
        assert!(node.plugin_of_tool(t, "notes").unwrap().is_none());
    }

    /// Returns an edge in a new folder, with its first tenant, `main`.
    fn edge_of_main() -> (tempfile::TempDir, Arc<EdgeState>, TenantRecord) {
        let dir = tempfile::tempdir().unwrap();
        let state = EdgeState::open(dir.path(), None).unwrap();
        state.first_token(&TenantName::new("main").unwrap()).unwrap().unwrap();
        let main = state.store().tenant(&TenantName::new("main").unwrap()).unwrap().unwrap();
        (dir, state, main)
    }

    #[test]
    fn a_start_removes_the_files_a_killed_edge_kept_but_never_recorded() {
        let (dir, state, tenant) = edge_of_main();
        let tree = TreeId::new("T").unwrap();
        let recorded = state.keep_file(&tenant, &tree, b"recorded").unwrap().file;
        // Killed between keeping the blob and recording it: the mark stays, the lock of its writer goes.
        let orphan = FileStore::new(dir.path().join("files")).put(tenant.id, b"orphan").unwrap().file;
        drop(state);
        let state = EdgeState::open(dir.path(), None).unwrap();
        assert!(matches!(state.files().get(tenant.id, &orphan), Err(FileError::Missing(_))));
        assert_eq!(state.files().get(tenant.id, &recorded).unwrap(), b"recorded");
    }

    #[test]
    fn a_tenant_past_its_room_is_refused_new_files_but_not_the_same_bytes_nor_another_tenants() {
        let dir = tempfile::tempdir().unwrap();
        let state = EdgeState::open(dir.path(), None).unwrap();
        let admin = state.first_token(&TenantName::new("main").unwrap()).unwrap().unwrap().1;
        let other = TenantName::new("other").unwrap();
        let new = crate::store::NewToken {
            tenant: &other,
            create_tenant: true,
            person: None,
            roles: &oz0_core::api::Role::ALL,
            hash: &[9; 32],
        };
        state.store().issue_token(&new, &admin).unwrap().unwrap();
        let main = state.store().tenant(&TenantName::new("main").unwrap()).unwrap().unwrap();
        let other = state.store().tenant(&other).unwrap().unwrap();
        let (a, b) = (TreeId::new("A").unwrap(), TreeId::new("B").unwrap());
        state.bound_files(250);
        state.keep_file(&main, &a, &[1; 100]).unwrap();
        state.keep_file(&main, &b, &[1; 100]).unwrap();
        state.keep_file(&main, &a, &[2; 100]).unwrap();
        assert_eq!(state.store().file_bytes(main.id).unwrap(), 200, "each file's bytes once");
        let err = state.keep_file(&main, &a, &[3; 100]).unwrap_err();
        let problem = err.to_problem();
        assert_eq!(problem.status, 507);
        assert!(
            problem.detail.starts_with("the tenant keeps 200 bytes of files, the most this edge keeps for a tenant is 250 bytes, and this file's 100 bytes would pass it"),
            "{}",
            problem.detail
        );
        assert!(problem.detail.contains("--files-per-tenant"), "{}", problem.detail);
        state.keep_file(&main, &b, &[2; 100]).expect("bytes the tenant keeps cost no room");
        state.keep_file(&other, &a, &[3; 100]).expect("another tenant's room is its own");
        state.bound_files(0);
        state.keep_file(&main, &a, &[3; 100]).expect("no bound, no refusal");
    }

    #[test]
    fn files_kept_at_once_never_pass_the_bound_together() {
        let (_dir, state, main) = edge_of_main();
        state.bound_files(3 * 4096 + 100);
        let barrier = std::sync::Barrier::new(12);
        let kept: usize = std::thread::scope(|scope| {
            let threads: Vec<_> = (0..12u8)
                .map(|n| {
                    let (state, main, barrier) = (&state, &main, &barrier);
                    scope.spawn(move || {
                        barrier.wait();
                        state.keep_file(main, &TreeId::new(&format!("T{n}")).unwrap(), &[n; 4096]).is_ok()
                    })
                })
                .collect();
            threads.into_iter().map(|t| usize::from(t.join().unwrap())).sum()
        });
        assert_eq!(kept, 3);
        assert_eq!(state.store().file_bytes(main.id).unwrap(), 3 * 4096);
    }
}
