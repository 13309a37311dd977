//! The watchdog of a running server: every half second it counts the processes and threads of the
//! server's tree and the memory they hold, every second or more what its `HOME` and `TMPDIR` hold on
//! disk (spaced so that walking them costs the edge a hundredth of a core at most), and stops the
//! server, saying why, when any is over its [`Limits`]. The kernel's limits (`RLIMIT_DATA`, and a PID
//! namespace's `pid_max`) refuse what goes far beyond them; the watchdog ends a server that keeps
//! trying. On a shared edge a server's folders are on the edge's disk: unwatched, one tenant's server
//! could fill it, and every tenant's jobs and files with it.
//!
//! The tree is read from `/proc/<pid>/task/<tid>/children` and `/proc/<pid>/statm`, which any process
//! may read: a server that makes itself undumpable cannot hide from it. In a PID namespace of its own
//! every process of a server stays in its tree, since orphans are adopted by the server itself.

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use rustix::process::{Pid, Signal};

use super::policy::Limits;

/// How often a server is measured.
const PERIOD: Duration = Duration::from_millis(500);

/// The most processes of a tree read in one measure.
const MAX_PROCESSES: usize = 100_000;

/// How often a server's folders are measured at most: walking them costs more than reading its
/// processes.
const DISK_PERIOD: Duration = Duration::from_secs(1);

/// How many times as long as a walk of a server's folders took the watchdog waits before the next: a
/// `HOME` of many files (a package manager's cache) then costs the edge a hundredth of a core at most.
const DISK_SPACING: u32 = 100;

/// How long the watchdog waits between walks of a server's folders at most.
const DISK_PERIOD_MOST: Duration = Duration::from_secs(30);

/// The most files and folders a server's `HOME` and `TMPDIR` may hold together: a walk of more would
/// cost the edge more than a server is worth, and so many small files fill a disk's inodes before
/// its bytes.
const MAX_FILES: u64 = 250_000;

/// Why a server was stopped, once it was.
pub(crate) type Stopped = Arc<OnceLock<String>>;

/// Stops a server's process group, keeping why (the first reason given) where its session reads it.
#[derive(Debug, Clone)]
pub(crate) struct Stopper {
    pub(crate) stopped: Stopped,
    pub(crate) group: Pid,
}

impl Stopper {
    /// Kills the server's process group, saying why in the edge's log and to its session.
    pub(crate) fn stop(&self, reason: String) {
        tracing::warn!(pid = self.group.as_raw_nonzero().get(), reason, "stopped a tool's server");
        let _ = self.stopped.set(reason);
        let _ = rustix::process::kill_process_group(self.group, Signal::KILL);
    }
}

/// What a server's tree holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Usage {
    /// Its processes and threads.
    pub tasks: u32,
    /// The bytes its processes hold resident.
    pub resident: u64,
    /// The bytes its folders hold on disk, as last measured.
    pub disk: u64,
    /// The files and folders in its folders, as last measured.
    pub files: u64,
}

impl Usage {
    /// Returns why a tree over `limits` is stopped, or `None` within them.
    pub(crate) fn over(self, limits: Limits) -> Option<String> {
        if self.tasks >= limits.tasks {
            return Some(format!(
                "it ran {} processes and threads at once, and a tool's server may run {} (its manifest's \
                 `limits.tasks`)",
                self.tasks, limits.tasks
            ));
        }
        if self.resident > limits.memory {
            return Some(format!(
                "its processes held {} MiB of memory, and a tool's server may hold {} MiB (its manifest's \
                 `limits.memory_mib`)",
                self.resident >> 20,
                limits.memory >> 20
            ));
        }
        if self.disk > limits.disk {
            return Some(format!(
                "its HOME and TMPDIR held {} MiB on disk, and a tool's server may hold {} MiB (its manifest's \
                 `limits.disk_mib`)",
                self.disk >> 20,
                limits.disk >> 20
            ));
        }
        if self.files > MAX_FILES {
            return Some(format!(
                "its HOME and TMPDIR held more than {MAX_FILES} files and folders, the most a tool's server may keep"
            ));
        }
        None
    }
}

/// Watches the tree of `root` and the server's `folders` (its `HOME` and `TMPDIR`) until the tree is
/// gone: kills the process group `group` once it goes over `limits`, and sets why in the returned cell.
pub(crate) fn watch(
    root: Pid,
    group: Pid,
    limits: Limits,
    folders: Vec<PathBuf>,
) -> (Stopped, tokio::task::JoinHandle<()>) {
    let stopped = Stopped::default();
    let stopper = Stopper { stopped: Arc::clone(&stopped), group };
    let folders = Arc::new(folders);
    let task = tokio::spawn(async move {
        let (mut disk, mut files) = (0, 0);
        let mut next_walk = tokio::time::Instant::now() + DISK_PERIOD;
        loop {
            tokio::time::sleep(PERIOD).await;
            if tokio::time::Instant::now() >= next_walk {
                let folders = Arc::clone(&folders);
                let started = tokio::time::Instant::now();
                (disk, files) =
                    tokio::task::spawn_blocking(move || on_disk(&folders, limits.disk)).await.unwrap_or((disk, files));
                next_walk = tokio::time::Instant::now()
                    + (started.elapsed() * DISK_SPACING).clamp(DISK_PERIOD, DISK_PERIOD_MOST);
            }
            let Some(mut usage) = usage(root) else { return };
            (usage.disk, usage.files) = (disk, files);
            if let Some(reason) = usage.over(limits) {
                stopper.stop(reason);
                return;
            }
        }
    });
    (stopped, task)
}

/// Returns what the tree of `root` holds, or `None` once `root` has ended.
pub(crate) fn usage(root: Pid) -> Option<Usage> {
    let root = root.as_raw_nonzero().get();
    if !Path::new(&format!("/proc/{root}/task")).exists() {
        return None;
    }
    let page = rustix::param::page_size() as u64;
    let mut usage = Usage::default();
    let mut pending = vec![root];
    let mut read = 0;
    while let Some(pid) = pending.pop() {
        read += 1;
        if read > MAX_PROCESSES {
            break;
        }
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else { continue };
        for task in tasks.flatten() {
            usage.tasks = usage.tasks.saturating_add(1);
            let children = std::fs::read_to_string(task.path().join("children")).unwrap_or_default();
            pending.extend(children.split_whitespace().filter_map(|c| c.parse::<i32>().ok()));
        }
        let statm = std::fs::read_to_string(format!("/proc/{pid}/statm")).unwrap_or_default();
        let resident = statm.split_whitespace().nth(1).and_then(|r| r.parse::<u64>().ok()).unwrap_or(0);
        usage.resident = usage.resident.saturating_add(resident.saturating_mul(page));
    }
    Some(usage)
}

/// Returns the bytes `folders` hold on disk (the blocks of their files and folders, so that a sparse
/// file counts what it fills) and how many files and folders they hold. Links are not followed. Stops
/// counting once over `most` bytes or `MAX_FILES` entries: the server is then over its limits anyway.
pub(crate) fn on_disk(folders: &[PathBuf], most: u64) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    let (mut bytes, mut files) = (0u64, 0u64);
    crate::sandbox::walk_owned(folders, |meta| {
        bytes = bytes.saturating_add(meta.blocks().saturating_mul(512));
        files += 1;
        bytes <= most && files <= MAX_FILES
    });
    (bytes, files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_is_over_its_limits_by_tasks_or_memory() {
        let limits = Limits { memory: 100 << 20, tasks: 10, disk: 50 << 20 };
        let within = Usage { tasks: 9, resident: 100 << 20, disk: 50 << 20, files: MAX_FILES };
        assert_eq!(within.over(limits), None);
        assert!(Usage { tasks: 10, ..within }.over(limits).unwrap().contains("10 processes and threads"));
        assert!(Usage { resident: 101 << 20, ..within }.over(limits).unwrap().contains("101 MiB of memory"));
        assert!(Usage { disk: 51 << 20, ..within }.over(limits).unwrap().contains("51 MiB on disk"));
        assert!(Usage { files: MAX_FILES + 1, ..within }.over(limits).unwrap().contains("files and folders"));
    }

    #[test]
    fn the_folders_are_measured_by_what_they_fill_not_by_their_links() {
        let dir = tempfile::tempdir().unwrap();
        let (home, tmp) = (dir.path().join("home"), dir.path().join("tmp"));
        std::fs::create_dir_all(home.join("deep/er")).unwrap();
        std::fs::create_dir_all(&tmp).unwrap();
        std::fs::write(home.join("deep/er/full"), vec![1u8; 3 << 20]).unwrap();
        // A sparse file of 1 GiB fills next to nothing; a link to the folders above counts once.
        std::fs::File::create(tmp.join("sparse")).unwrap().set_len(1 << 30).unwrap();
        std::os::unix::fs::symlink(dir.path(), tmp.join("up")).unwrap();
        let (bytes, files) = on_disk(&[home.clone(), tmp.clone()], u64::MAX);
        assert!((3 << 20..4 << 20).contains(&bytes), "{bytes}");
        assert_eq!(files, 5, "deep, er, full, sparse, up");
        // Counting stops once over the most asked.
        let (bytes, _) = on_disk(&[home, tmp], 1 << 20);
        assert!(bytes > 1 << 20, "{bytes}");
    }

    #[test]
    fn this_process_is_measured_with_its_threads() {
        let me = rustix::process::getpid();
        let usage = usage(me).unwrap();
        assert!(usage.tasks >= 1 && usage.resident > 0, "{usage:?}");
    }
}
