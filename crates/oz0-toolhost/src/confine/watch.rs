//! The watchdog of a running server: every half second it counts the processes and threads of the
//! server's tree and the memory they hold, and stops the server, saying why, when either is over its
//! [`Limits`]. The kernel's limits (`RLIMIT_DATA`, and a PID namespace's `pid_max`) refuse what goes
//! far beyond them; the watchdog ends a server that keeps trying.
//!
//! The tree is read from `/proc/<pid>/task/<tid>/children` and `/proc/<pid>/statm`, which any process
//! may read: a server that makes itself undumpable cannot hide from it. In a PID namespace of its own
//! every process of a server stays in its tree, since orphans are adopted by the server itself.

use std::path::Path;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use rustix::process::{Pid, Signal};

use super::policy::Limits;

/// How often a server is measured.
const PERIOD: Duration = Duration::from_millis(500);

/// The most processes of a tree read in one measure.
const MAX_PROCESSES: usize = 100_000;

/// Why a server was stopped, once it was.
pub(crate) type Stopped = Arc<OnceLock<String>>;

/// What a server's tree holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub(crate) struct Usage {
    /// Its processes and threads.
    pub tasks: u32,
    /// The bytes its processes hold resident.
    pub resident: u64,
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
        None
    }
}

/// Watches the tree of `root` until it is gone: kills the process group `group` once the tree goes
/// over `limits`, and sets why in the returned cell.
pub(crate) fn watch(root: Pid, group: Pid, limits: Limits) -> (Stopped, tokio::task::JoinHandle<()>) {
    let stopped = Stopped::default();
    let cell = Arc::clone(&stopped);
    let task = tokio::spawn(async move {
        loop {
            tokio::time::sleep(PERIOD).await;
            let Some(usage) = usage(root) else { return };
            if let Some(reason) = usage.over(limits) {
                tracing::warn!(pid = root.as_raw_nonzero().get(), reason, "stopped a tool's server");
                let _ = cell.set(reason);
                let _ = rustix::process::kill_process_group(group, Signal::KILL);
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tree_is_over_its_limits_by_tasks_or_memory() {
        let limits = Limits { memory: 100 << 20, tasks: 10 };
        assert_eq!(Usage { tasks: 9, resident: 100 << 20 }.over(limits), None);
        assert!(Usage { tasks: 10, resident: 0 }.over(limits).unwrap().contains("10 processes and threads"));
        assert!(Usage { tasks: 1, resident: 101 << 20 }.over(limits).unwrap().contains("101 MiB"));
    }

    #[test]
    fn this_process_is_measured_with_its_threads() {
        let me = rustix::process::getpid();
        let usage = usage(me).unwrap();
        assert!(usage.tasks >= 1 && usage.resident > 0, "{usage:?}");
    }
}
