//! Where a server keeps its files, and the record of each running server's process group that lets an
//! edge end the servers an edge before it left behind when it was killed.
//!
//! A server and its process group end when its edge dies (its parent-death signal and its watcher),
//! but should the watcher be killed with the edge, what the server started would live on. So an edge
//! also records each server's group in a file, removed when the server stops, and [`reap`] kills the
//! groups whose edge is gone when an edge next opens the same data folder. A group is killed only when
//! one of its processes carries the server's mark in its environment, so that a process group ID
//! reused since is never touched.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::confine::policy::Confinement;
use crate::error::ToolHostError;
use crate::turns::Turns;

/// The variable that marks every process of a server, read by [`reap`].
pub const MARK_VARIABLE: &str = "OZ0_SERVER";

/// Where a tool's servers keep their files: each tool has a folder `<root>/<tool>` holding `home`, its
/// `HOME`, kept between its servers, and `tmp`, in which each server has a `TMPDIR` of its own, removed
/// when it stops.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sandbox {
    /// The folder of the tools' folders.
    pub root: PathBuf,
    /// Where the running servers' process groups are recorded, on an edge; `None` for a server whose
    /// runner cleans up after itself, such as `oz0 plugin measure`.
    pub records: Option<PathBuf>,
    /// How the servers are confined.
    pub confinement: Confinement,
    /// The turns its servers take at having a large message read by the edge; `None` for no bound.
    pub turns: Option<Turns>,
}

impl Sandbox {
    /// Returns the sandbox whose tools' folders are in `root`, without records, its servers confined as
    /// `confinement` says.
    pub fn new(root: PathBuf, confinement: Confinement) -> Self {
        Self { root, records: None, confinement, turns: None }
    }

    /// Returns the folder of the tool `id`: its characters other than letters, digits, `-` and `_`
    /// replaced by `_`.
    pub fn of_tool(&self, id: &str) -> PathBuf {
        let name: String =
            id.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' || c == '_' { c } else { '_' }).collect();
        self.root.join(name)
    }
}

/// Makes `path` and its missing parents, each readable by its owner alone.
pub(crate) fn make_private_dir(path: &Path) -> Result<(), ToolHostError> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(path).map_err(|source| ToolHostError::Sandbox { path: path.to_path_buf(), source: Arc::new(source) })
}

/// Makes a folder of a server's own in `tmp`, named by a random mark, and returns it with the mark.
/// The server reads both: a count of the edge's starts, or its process ID, would tell a tenant's
/// server how busy other tenants keep the edge.
pub(crate) fn server_tmp(tmp: &Path) -> Result<(PathBuf, String), ToolHostError> {
    make_private_dir(tmp)?;
    let mut bytes = [0u8; 16];
    let mut filled = 0;
    while filled < bytes.len() {
        match rustix::rand::getrandom(&mut bytes[filled..], rustix::rand::GetRandomFlags::empty()) {
            Ok(n) => filled += n,
            Err(rustix::io::Errno::INTR) => {}
            Err(err) => {
                return Err(ToolHostError::Sandbox { path: tmp.to_path_buf(), source: Arc::new(err.into()) });
            }
        }
    }
    let mark: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let dir = tmp.join(&mark);
    make_private_dir(&dir)?;
    Ok((dir, mark))
}

/// A running server's record: removed when dropped.
#[derive(Debug)]
pub(crate) struct Record {
    path: PathBuf,
}

impl Record {
    /// Records the server whose process group is `group` and whose mark and `TMPDIR` are given.
    pub(crate) fn write(records: &Path, group: i32, mark: &str, tmp: &Path) -> io::Result<Self> {
        std::fs::create_dir_all(records)?;
        let (pid, start) = self_identity();
        let path = records.join(group.to_string());
        let partial = records.join(format!(".{group}.{mark}"));
        let mut options = std::fs::OpenOptions::new();
        options.write(true).create(true).truncate(true);
        #[cfg(unix)]
        std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
        std::io::Write::write_all(
            &mut options.open(&partial)?,
            format!("{pid}\n{start}\n{mark}\n{}\n", tmp.display()).as_bytes(),
        )?;
        std::fs::rename(&partial, &path)?;
        Ok(Self { path })
    }
}

impl Drop for Record {
    fn drop(&mut self) {
        // A record left behind is only looked at: its edge, this process, is alive until it ends, and
        // then its group is gone or ours.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// Kills the process groups of the servers recorded in `records` whose edge has died, removes their
/// `TMPDIR`s and records, and returns how many groups it killed. Records of a live edge, such as
/// another `oz0` on the same data folder, are left alone.
pub fn reap(records: &Path) -> usize {
    let Ok(entries) = std::fs::read_dir(records) else { return 0 };
    let mut killed = 0;
    for entry in entries.flatten() {
        let path = entry.path();
        let Some(group) = path.file_name().and_then(|n| n.to_str()).and_then(|n| n.parse::<i32>().ok()) else {
            continue;
        };
        let Ok(text) = std::fs::read_to_string(&path) else { continue };
        let mut lines = text.lines();
        let (Some(pid), Some(start), Some(mark), Some(tmp)) = (lines.next(), lines.next(), lines.next(), lines.next())
        else {
            let _ = std::fs::remove_file(&path);
            continue;
        };
        let (Ok(pid), Ok(start)) = (pid.parse::<i32>(), start.parse::<u64>()) else {
            let _ = std::fs::remove_file(&path);
            continue;
        };
        if start_time(pid) == Some(start) {
            continue;
        }
        if group_is_marked(group, mark) {
            kill_group(group);
            killed += 1;
        }
        let _ = remove_folder(Path::new(tmp));
        let _ = std::fs::remove_file(&path);
    }
    killed
}

/// Returns this process's ID and start time.
fn self_identity() -> (i32, u64) {
    static IDENTITY: std::sync::OnceLock<(i32, u64)> = std::sync::OnceLock::new();
    *IDENTITY.get_or_init(|| {
        let pid = i32::try_from(std::process::id()).unwrap_or(0);
        (pid, start_time(pid).unwrap_or(0))
    })
}

/// Returns the fields of `/proc/<pid>/stat` after the command's name, the state first.
fn stat_fields(pid: i32) -> Option<Vec<String>> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let (_, rest) = stat.rsplit_once(')')?;
    Some(rest.split_whitespace().map(str::to_owned).collect())
}

/// Returns when a process started, in clock ticks after boot: with its ID, what names one process.
fn start_time(pid: i32) -> Option<u64> {
    stat_fields(pid)?.get(19)?.parse().ok()
}

/// Returns whether a process of `group` carries the server's mark.
fn group_is_marked(group: i32, mark: &str) -> bool {
    let Ok(entries) = std::fs::read_dir("/proc") else { return false };
    let wanted = format!("{MARK_VARIABLE}={mark}");
    entries.flatten().filter_map(|e| e.file_name().to_str().and_then(|n| n.parse::<i32>().ok())).any(|pid| {
        let in_group = stat_fields(pid).and_then(|f| f.get(2).and_then(|g| g.parse::<i32>().ok())) == Some(group);
        in_group
            && std::fs::read(format!("/proc/{pid}/environ"))
                .is_ok_and(|env| env.split(|b| *b == 0).any(|var| var == wanted.as_bytes()))
    })
}

fn kill_group(group: i32) {
    #[cfg(unix)]
    if let Some(group) = rustix::process::Pid::from_raw(group) {
        let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
    }
}

/// Removes a server's folder and everything in it, though the server took its owner's rights from
/// some of its folders (into a folder of mode 0300 a server writes, and its edge, unless root, cannot
/// list it): they are the edge's user's, which takes the rights back first.
pub fn remove_folder(folder: &Path) -> std::io::Result<()> {
    match std::fs::remove_dir_all(folder) {
        Err(err) if err.kind() == std::io::ErrorKind::PermissionDenied => {
            walk_owned(&[folder.to_path_buf()], |_| true);
            std::fs::remove_dir_all(folder)
        }
        removed => removed,
    }
}

/// Walks the folders `roots` of a server and everything in them, links not followed, telling `visit`
/// each entry's metadata until it returns `false`. A folder whose owner lacks the rights to list it or
/// to make and remove what is in it (a server may take them: it still writes into a folder of mode
/// 0300) gets them back before it is read: the folders are the edge's user's.
pub(crate) fn walk_owned(roots: &[PathBuf], mut visit: impl FnMut(&std::fs::Metadata) -> bool) {
    let mut pending = Vec::new();
    for root in roots {
        if let Ok(meta) = std::fs::symlink_metadata(root)
            && meta.is_dir()
        {
            open_up(root, &meta);
            pending.push(root.clone());
        }
    }
    while let Some(folder) = pending.pop() {
        let Ok(entries) = std::fs::read_dir(&folder) else { continue };
        for entry in entries.flatten() {
            let Ok(meta) = entry.metadata() else { continue };
            if !visit(&meta) {
                return;
            }
            if meta.is_dir() {
                open_up(&entry.path(), &meta);
                pending.push(entry.path());
            }
        }
    }
}

/// Gives the owner of the folder `folder`, of metadata `meta`, the rights to list it and to make and
/// remove what is in it, when it lacks them.
fn open_up(folder: &Path, meta: &std::fs::Metadata) {
    use std::os::unix::fs::PermissionsExt;
    let mode = meta.permissions().mode();
    if mode & 0o700 != 0o700 {
        let _ = std::fs::set_permissions(folder, std::fs::Permissions::from_mode(mode | 0o700));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_folder_is_one_plain_name() {
        let sandbox = Sandbox::new(PathBuf::from("/data/run/1"), Confinement::default());
        assert_eq!(sandbox.of_tool("acme_docs"), PathBuf::from("/data/run/1/acme_docs"));
        assert_eq!(sandbox.of_tool("../x"), PathBuf::from("/data/run/1/___x"));
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn this_process_is_alive_and_its_record_is_left_alone() {
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("servers");
        let tmp = dir.path().join("tmp");
        let (server_tmp, mark) = server_tmp(&tmp).unwrap();
        let record = Record::write(&records, 999_999_999, &mark, &server_tmp).unwrap();
        assert_eq!(reap(&records), 0);
        assert!(records.join("999999999").exists(), "a live edge's record stays");
        drop(record);
        assert!(!records.join("999999999").exists(), "a stopped server's record is removed");
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_dead_edges_record_is_removed_and_an_unmarked_group_spared() {
        let dir = tempfile::tempdir().unwrap();
        let records = dir.path().join("servers");
        std::fs::create_dir_all(&records).unwrap();
        let tmp = dir.path().join("tmp/x");
        std::fs::create_dir_all(&tmp).unwrap();
        // This process's group, recorded by an edge that is not alive: the mark is not ours, so the
        // group survives, and the record and its folder go.
        let group = rustix::process::getpgrp().as_raw_nonzero().get();
        std::fs::write(records.join(group.to_string()), format!("0\n0\nnobody\n{}\n", tmp.display())).unwrap();
        assert_eq!(reap(&records), 0);
        assert!(!records.join(group.to_string()).exists());
        assert!(!tmp.exists());
    }
}
