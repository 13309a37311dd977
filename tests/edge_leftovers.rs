//! What an edge killed with SIGKILL leaves half-done, against `oz0 edge serve` on SQLite and on
//! PostgreSQL: temporary files, marks of files kept and never recorded with their blobs, plugins' install
//! folders. The next start removes what the dead process left, at once, and says how many; what a live
//! process is writing on the same data folder stays, however old.

use crate::common;

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use common::{TestEnv, text};
use oz0_core::api::{Edge, FileRef, InstallOptions, Tenant, TreeId};

/// The first tenant's ID in the store.
const TENANT: i64 = 1;

/// What a writer leaves when it is killed while it stores a file, and installs a plugin.
struct Leftovers {
    temp: PathBuf,
    mark: PathBuf,
    blob: PathBuf,
    install: Option<PathBuf>,
}

impl Leftovers {
    fn paths(&self) -> Vec<&Path> {
        [&self.temp, &self.mark, &self.blob].into_iter().map(PathBuf::as_path).chain(self.install.as_deref()).collect()
    }

    fn all_there(&self) -> bool {
        self.paths().iter().all(|p| p.exists())
    }

    fn all_gone(&self) -> bool {
        self.paths().iter().all(|p| !p.exists())
    }
}

/// Leaves in `data`, as the writer `writer` (of the files, and of the plugins when `installs`) would
/// when killed: a temporary file, the mark of a blob of `bytes` kept and never recorded with the blob,
/// and a plugin's install folder.
fn leave(data: &Path, writer: &str, bytes: &[u8], installs: bool) -> Leftovers {
    let files = data.join("files");
    let hex = FileRef::from_digest(oz0_edge::files::digest(bytes)).hex();
    let temp = files.join("tmp").join(format!(".tmp-{writer}-k1ll3d"));
    let mark = files.join("unrecorded").join(format!("{TENANT}.{hex}.{writer}.k1ll3d"));
    let blob = files.join(TENANT.to_string()).join(&hex[..2]).join(&hex[2..]);
    let install = data.join("plugins").join(TENANT.to_string()).join(format!(".install-{writer}-k1ll3d"));
    for dir in [temp.parent(), mark.parent(), blob.parent()] {
        std::fs::create_dir_all(dir.unwrap()).unwrap();
    }
    std::fs::write(&temp, &bytes[..bytes.len() / 2]).unwrap();
    std::fs::write(&mark, b"").unwrap();
    std::fs::write(&blob, bytes).unwrap();
    if installs {
        std::fs::create_dir_all(&install).unwrap();
        std::fs::write(install.join("oz0-plugin.yaml"), b"name: half\n").unwrap();
    }
    Leftovers { temp, mark, blob, install: installs.then_some(install) }
}

/// The name of the live writer [`live_writer`] holds.
const LIVE: &str = "1ea5ed00000000000000000000000001";

/// Holds the locks of the writer [`LIVE`] of `data`'s files and plugins, as a process writing there
/// does (this test's own process is as live as any), and returns them.
fn live_writer(data: &Path) -> Vec<File> {
    ["files", "plugins"]
        .iter()
        .map(|area| {
            let dir = data.join(area).join(".writers");
            std::fs::create_dir_all(&dir).unwrap();
            let lock = File::create(dir.join(LIVE)).unwrap();
            lock.try_lock().unwrap();
            lock
        })
        .collect()
}

/// Returns the names in `dir`.
fn names(dir: &Path) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dir) else { return Vec::new() };
    entries.flatten().map(|e| e.file_name().to_string_lossy().into_owned()).collect()
}

/// Returns how many temporary files, marks and install folders in `data` are not named after `live`.
fn left_by_others(data: &Path, live: &str) -> [u64; 3] {
    let others = |names: Vec<String>| names.iter().filter(|n| !n.contains(live)).count() as u64;
    let installs = names(&data.join("plugins"))
        .iter()
        .map(|tenant| names(&data.join("plugins").join(tenant)).into_iter().filter(|n| n.starts_with(".install-")))
        .map(|found| others(found.collect()))
        .sum();
    [others(names(&data.join("files/tmp"))), others(names(&data.join("files/unrecorded"))), installs]
}

/// Returns what a start's log line says it removed: temporary files, marks, blobs and installs.
fn swept(log: &str) -> [u64; 4] {
    let line = log.lines().find(|l| l.contains("removed what processes that stopped left half-done: "));
    let line = line.unwrap_or_else(|| panic!("no line of what was swept in:\n{log}"));
    let counts = line.split_once("half-done: ").unwrap().1;
    let numbers: Vec<u64> = counts.split(", ").map(|part| part.split(' ').next().unwrap().parse().unwrap()).collect();
    [numbers[0], numbers[1], numbers[2], numbers[3]]
}

/// Stores files and installs plugins through `client` until the edge stops answering, counting what the
/// edge acknowledged in `count`.
async fn write_until_refused(client: oz0_client::Client, writer: u64, count: Arc<AtomicUsize>) {
    let tree = TreeId::new(&format!("job-{writer}")).unwrap();
    for i in 0..100_000u64 {
        let done = if i % 8 == 7 {
            let manifest = format!("name: p{writer}\nversion: 1.0.{i}\ndescription: A plugin.\ntools: []\n");
            let archive = common::manifest_archive(&manifest);
            client.install_plugin(archive, &InstallOptions::default()).await.map(|_| ())
        } else {
            let bytes = format!("{writer}-{i}-").repeat(20_000).into_bytes();
            client.put_file(&Tenant::Current, &tree, bytes).await.map(|_| ())
        };
        if done.is_err() {
            break;
        }
        count.fetch_add(1, Ordering::Relaxed);
    }
}

#[test]
fn a_start_sweeps_what_a_killed_edge_left_and_leaves_what_a_live_process_writes() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    for transport in common::served_transports() {
        let env = TestEnv::for_transport(transport);
        let data = env.data();
        let mut served = env.serve();
        let admin = served.token.clone();
        let client = oz0_client::Client::new(&served.url, Some(admin.clone())).unwrap();
        let count = Arc::new(AtomicUsize::new(0));
        let writers: Vec<_> =
            (0..4).map(|w| runtime.spawn(write_until_refused(client.clone(), w, Arc::clone(&count)))).collect();
        // Killed in the middle of writes: once the edge has acknowledged some, while the writers go on.
        common::poll("the edge acknowledges 8 writes", common::PATIENCE, || {
            (count.load(Ordering::Relaxed) >= 8).then_some(())
        });
        served.kill();
        for writer in writers {
            runtime.block_on(writer).unwrap();
        }

        // The killed edge's writer (on SQLite, its lock file stays, free) leaves more than the race did.
        let dead = names(&data.join("files/.writers")).into_iter().find(|n| !n.starts_with('.'));
        let dead = dead.unwrap_or_else(|| format!("dead{}", "0".repeat(28)));
        let dead = leave(&data, &dead, b"a file the killed edge never recorded", true);
        // A live process writes too, however long ago it began.
        let locks = live_writer(&data);
        let live = leave(&data, LIVE, b"a file a live process is recording", true);
        let hours_ago = std::time::SystemTime::now() - Duration::from_secs(2 * 3600);
        File::options().write(true).open(&live.temp).unwrap().set_modified(hours_ago).unwrap();
        let before = left_by_others(&data, LIVE);

        let mut restarted = env.serve();
        let said = swept(&env.serve_log());
        assert_eq!([said[0], said[1], said[3]], before, "{transport:?}: {}", env.serve_log());
        assert!(said[2] >= 1, "{transport:?}: the blob the killed edge never recorded: {said:?}");
        assert!(dead.all_gone(), "{transport:?}: the killed edge's leftovers are removed at once");
        assert!(live.all_there(), "{transport:?}: a live process's are never removed");
        assert_eq!(left_by_others(&data, LIVE), [0, 0, 0], "{transport:?}");
        let locks_left: Vec<_> =
            names(&data.join("plugins/.writers")).into_iter().filter(|n| !n.starts_with('.')).collect();
        assert_eq!(locks_left, vec![LIVE.to_owned()], "{transport:?}: the dead writers' locks are gone");

        // The edge started again works; on SQLite it writes its files on disk, under a lock of its own.
        restarted.token = admin.clone();
        let client = oz0_client::Client::new(&restarted.url, Some(admin.clone())).unwrap();
        let tree = TreeId::new("after").unwrap();
        let stored = runtime.block_on(client.put_file(&Tenant::Current, &tree, b"after".to_vec())).unwrap();
        let read = runtime.block_on(client.get_file(&Tenant::Current, &tree, &stored.file)).unwrap();
        assert_eq!(read, b"after");

        // Two oz0 processes on one folder: a command of the embedded edge starting beside the served
        // edge leaves what the served edge writes, and removes it once the served edge is killed.
        let served_writer = names(&data.join("files/.writers")).into_iter().find(|n| *n != LIVE && !n.starts_with('.'));
        if let Some(served_writer) = served_writer {
            // Its lock is of its files: it installs no plugin now.
            let writing = leave(&data, &served_writer, b"a file the served edge is recording", false);
            let beside = || {
                let out = env.oz0().env("OZ0_HOME", &data).args(["tenant", "offload"]).output().unwrap();
                assert!(out.status.success(), "{}", text(&out.stderr));
                text(&out.stderr)
            };
            let said = beside();
            assert!(writing.all_there() && live.all_there(), "{transport:?}: {said}");
            restarted.kill();
            let said = beside();
            assert!(writing.all_gone(), "{transport:?}: {said}");
            assert_eq!(swept(&said), [1, 1, 1, 0], "{said}");
            assert!(live.all_there(), "{transport:?}");
        } else {
            assert!(transport != common::Transport::Served, "the served edge on SQLite keeps its files on disk");
        }
        // The live process ends: what it left goes at the next start.
        drop(locks);
        drop(restarted);
        let out = env.oz0().env("OZ0_HOME", &data).args(["tenant", "offload"]).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(live.all_gone(), "{transport:?}: {}", text(&out.stderr));
        assert_eq!(swept(&text(&out.stderr)), [1, 1, 1, 1], "{}", text(&out.stderr));
    }
}
