//! The processes writing in an area of the edge's data folder, told apart by a lock each holds.
//!
//! Many `oz0` processes may share a data folder (the embedded edge is one short process a command, and
//! `oz0 edge serve` may run beside them), and a process killed while it writes leaves what it was
//! writing: files half stored, plugins half installed. So a process about to write such things in an
//! area (`files/`, `plugins/`) first makes a lock file of its own in the area's [`FOLDER`], locks it,
//! and names what it writes after it. The lock is the kernel's: it goes with the process, however the
//! process ends. A start then tells a dead writer's leftovers (its lock is free, or its file gone: they
//! are swept at once) from a live one's (its lock is held: left alone), across processes and
//! containers that share the folder; only what no lock names (older names, systems without file locks)
//! waits for the hour rule.

use std::collections::BTreeMap;
use std::fs::{File, TryLockError};
use std::io;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError, Weak};

/// The folder of an area that holds its writers' lock files.
pub(crate) const FOLDER: &str = ".writers";

/// This process's lock among the writers of an area, held while anything named after it may be under
/// way. Its file goes when the last holder drops it.
#[derive(Debug)]
pub(crate) struct Writer {
    name: String,
    path: PathBuf,
    _lock: File,
}

impl Writer {
    /// Returns the name the writer's files carry.
    pub(crate) fn name(&self) -> &str {
        &self.name
    }
}

impl Drop for Writer {
    fn drop(&mut self) {
        // Removed while still locked: a start that opened it before finds it held, one that looks after
        // finds it gone, and both are right, as nothing of this writer is under way any more.
        let _ = std::fs::remove_file(&self.path);
    }
}

/// The writers this process holds, by their lock folder.
static HELD: Mutex<BTreeMap<PathBuf, Weak<Writer>>> = Mutex::new(BTreeMap::new());

/// Returns this process's writer in `area`: the one it holds there already, else a new one. A new lock
/// file is locked before it takes its name, so a lock file a start finds is held while its writer lives.
pub(crate) fn join(area: &Path) -> io::Result<Arc<Writer>> {
    let dir = area.join(FOLDER);
    let mut held = HELD.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(writer) = held.get(&dir).and_then(Weak::upgrade) {
        return Ok(writer);
    }
    held.retain(|_, writer| writer.strong_count() > 0);
    crate::private::create_dir_all(&dir)?;
    let name = crate::token::random_id();
    let draft = dir.join(format!(".{name}"));
    let lock = crate::private::create_new(&draft)?.into_file();
    let locked = lock.try_lock().map_err(|err| match err {
        TryLockError::Error(err) => err,
        TryLockError::WouldBlock => io::Error::new(io::ErrorKind::WouldBlock, "a new lock file is locked already"),
    });
    let path = dir.join(&name);
    if let Err(err) = locked.and_then(|()| fs_err::rename(&draft, &path)) {
        let _ = std::fs::remove_file(&draft);
        return Err(err);
    }
    let writer = Arc::new(Writer { name, path, _lock: lock });
    held.insert(dir, Arc::downgrade(&writer));
    Ok(writer)
}

/// Whether a writer lives.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Liveness {
    /// Its lock is held: by this process or another.
    Live,
    /// Its lock is free, or its lock file gone.
    Dead,
    /// The system could not say: the lock could not be tried.
    Unknown,
}

/// Returns whether `name` is a writer's name: 32 lowercase hexadecimal digits.
pub(crate) fn is_name(name: &str) -> bool {
    name.len() == 32 && name.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// Returns whether the writer `name` of `area` lives.
pub(crate) fn liveness(area: &Path, name: &str) -> Liveness {
    if !is_name(name) {
        return Liveness::Unknown;
    }
    let dir = area.join(FOLDER);
    let mine = HELD
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&dir)
        .and_then(Weak::upgrade)
        .is_some_and(|writer| writer.name == name);
    if mine {
        return Liveness::Live;
    }
    match File::open(dir.join(name)) {
        Err(err) if err.kind() == io::ErrorKind::NotFound => Liveness::Dead,
        Err(_) => Liveness::Unknown,
        // Free, it is taken a moment and let go: its writer is gone for good.
        Ok(lock) => match lock.try_lock() {
            Ok(()) => Liveness::Dead,
            Err(TryLockError::WouldBlock) => Liveness::Live,
            Err(TryLockError::Error(_)) => Liveness::Unknown,
        },
    }
}

/// Returns the name of the writer that `file_name` is named after, `<prefix><writer>-<anything>`.
pub(crate) fn named_in<'a>(file_name: &'a str, prefix: &str) -> Option<&'a str> {
    let (writer, _) = file_name.strip_prefix(prefix)?.split_once('-')?;
    is_name(writer).then_some(writer)
}

/// Tells the liveness of the writers of an area, each looked at once.
#[derive(Debug)]
pub(crate) struct Census<'a> {
    area: &'a Path,
    seen: BTreeMap<String, Liveness>,
}

impl<'a> Census<'a> {
    /// Returns a census of the writers of `area`.
    pub(crate) fn of(area: &'a Path) -> Self {
        Self { area, seen: BTreeMap::new() }
    }

    /// Returns whether what `path` holds was left by a process that stopped: named after a dead writer,
    /// or, named after none or one whose liveness is unknown, untouched for `left_for`.
    pub(crate) fn left(&mut self, writer: Option<&str>, path: &Path, left_for: std::time::Duration) -> bool {
        let liveness = match writer {
            Some(writer) => *self.seen.entry(writer.to_owned()).or_insert_with(|| liveness(self.area, writer)),
            None => Liveness::Unknown,
        };
        match liveness {
            Liveness::Live => false,
            Liveness::Dead => true,
            Liveness::Unknown => left_at_least(path, left_for),
        }
    }
}

/// Removes the lock files of the dead writers of `area` (and a writer's draft, which a process killed
/// while it made its lock left): once their leftovers are swept, they name nothing.
pub(crate) fn forget_dead(area: &Path) {
    let Ok(entries) = std::fs::read_dir(area.join(FOLDER)) else { return };
    for path in entries.flatten().map(|entry| entry.path()) {
        let Some(file_name) = path.file_name().and_then(|n| n.to_str()) else { continue };
        let name = file_name.strip_prefix('.').unwrap_or(file_name);
        let dead = if file_name.starts_with('.') {
            // A draft is locked as soon as it is made, and renamed at once: free and a minute old, its
            // process died in between.
            is_name(name)
                && left_at_least(&path, std::time::Duration::from_secs(60))
                && File::open(&path).is_ok_and(|lock| lock.try_lock().is_ok())
        } else {
            liveness(area, name) == Liveness::Dead
        };
        if dead {
            let _ = std::fs::remove_file(&path);
        }
    }
}

/// Returns whether `path` was last changed at least `left_for` ago.
pub(crate) fn left_at_least(path: &Path, left_for: std::time::Duration) -> bool {
    std::fs::symlink_metadata(path)
        .and_then(|m| m.modified())
        .is_ok_and(|at| at.elapsed().is_ok_and(|age| age >= left_for))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_writer_lives_while_held_and_its_lock_goes_with_it() {
        let area = tempfile::tempdir().unwrap();
        let writer = join(area.path()).unwrap();
        assert!(is_name(writer.name()));
        assert!(Arc::ptr_eq(&writer, &join(area.path()).unwrap()), "one writer a process and area");
        assert_eq!(liveness(area.path(), writer.name()), Liveness::Live);
        // Another open file of the lock, as another process would have, finds it held.
        let other = File::open(area.path().join(FOLDER).join(writer.name())).unwrap();
        assert!(matches!(other.try_lock(), Err(TryLockError::WouldBlock)));
        drop(other);
        let name = writer.name().to_owned();
        drop(writer);
        assert_eq!(liveness(area.path(), &name), Liveness::Dead, "its file is gone");
        assert_ne!(join(area.path()).unwrap().name(), name, "a new writer, a new name");
    }

    #[test]
    fn a_lock_file_left_free_is_a_dead_writer_and_is_forgotten() {
        let area = tempfile::tempdir().unwrap();
        let dir = area.path().join(FOLDER);
        std::fs::create_dir_all(&dir).unwrap();
        let (dead, draft) = ("a".repeat(32), format!(".{}", "b".repeat(32)));
        std::fs::write(dir.join(&dead), b"").unwrap();
        let minutes_ago = std::time::SystemTime::now() - std::time::Duration::from_secs(120);
        File::create(dir.join(&draft)).unwrap().set_modified(minutes_ago).unwrap();
        let live = join(area.path()).unwrap();
        assert_eq!(liveness(area.path(), &dead), Liveness::Dead);
        assert_eq!(liveness(area.path(), "not-a-writer"), Liveness::Unknown);
        forget_dead(area.path());
        let left: Vec<_> =
            std::fs::read_dir(&dir).unwrap().flatten().map(|e| e.file_name().into_string().unwrap()).collect();
        assert_eq!(left, vec![live.name().to_owned()], "the live writer's lock stays");
    }

    #[test]
    fn a_name_is_read_from_what_it_names() {
        let name = "0123456789abcdef0123456789abcdef";
        assert_eq!(named_in(&format!(".tmp-{name}-x1Y2z3"), ".tmp-"), Some(name));
        assert_eq!(named_in(".tmpx1Y2z3", ".tmp-"), None, "an older name");
        assert_eq!(named_in(".install-x1Y2z3", ".install-"), None, "an older name");
        assert_eq!(named_in(".install-../../x-1", ".install-"), None);
    }
}
