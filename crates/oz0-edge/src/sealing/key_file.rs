//! Where the edge key is kept: a file of mode 0600, made at the first start of a store that has no key
//! yet, or a variable. Writing a key file goes through a temporary file, synced and renamed into place,
//! under a lock (`<file>.lock`) that a rotation holds too.

use std::fmt;
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

use zeroize::Zeroizing;

use super::error::KeyError;
use super::identity::{KeyId, KeySource};
use super::key::{EdgeKey, KEY_VARIABLE};
use crate::private;

/// Where the edge key is to be found.
#[derive(Clone, PartialEq, Eq)]
pub enum KeyPlace {
    /// A file, made when it is missing and the store has no key yet.
    File(PathBuf),
    /// The value of a variable.
    Variable {
        /// The variable's name, such as [`KEY_VARIABLE`].
        name: String,
        /// Its value: the key in base64.
        value: Zeroizing<String>,
    },
}

impl fmt::Debug for KeyPlace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::File(path) => f.debug_tuple("File").field(path).finish(),
            Self::Variable { name, .. } => f.debug_struct("Variable").field("name", name).finish_non_exhaustive(),
        }
    }
}

impl KeyPlace {
    /// The name of the key file in the data folder, where it is kept unless told otherwise.
    pub const FILE_NAME: &'static str = "edge.key";

    /// Returns the key file of the data folder `dir`.
    pub fn in_data(dir: &Path) -> Self {
        Self::File(dir.join(Self::FILE_NAME))
    }

    /// Returns [`KEY_VARIABLE`] when it is set and not empty, else the key file `file`.
    pub fn from_env(file: PathBuf) -> Self {
        match std::env::var(KEY_VARIABLE) {
            Ok(value) if !value.trim().is_empty() => {
                Self::Variable { name: KEY_VARIABLE.to_owned(), value: Zeroizing::new(value) }
            }
            _ => Self::File(file),
        }
    }

    /// Returns where a key of this place comes from.
    pub fn source(&self) -> KeySource {
        match self {
            Self::File(path) => KeySource::File(path.clone()),
            Self::Variable { name, .. } => KeySource::Variable(name.clone()),
        }
    }
}

/// A key found or made, and what was done to find it.
#[derive(Debug)]
pub struct Loaded {
    /// The key.
    pub key: EdgeKey,
    /// Whether its file was made now.
    pub made: bool,
    /// What a rotation killed on the way left, and what was done with it.
    pub recovered: Option<Recovered>,
}

/// What was done with the new key a rotation killed on the way left beside the key file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recovered {
    /// The store's secrets were sealed with it: it was renamed into place.
    Finished,
    /// They were not: it was removed.
    Undone,
}

/// Returns the edge key at `place`. A key file that is missing is made, unless the store's secrets are
/// sealed with a key already (`recorded`, the ID of that key). Before that, finishes or undoes what a
/// rotation of the key killed on the way left, by `recorded`.
pub fn load(place: &KeyPlace, recorded: Option<&KeyId>) -> Result<Loaded, KeyError> {
    let path = match place {
        KeyPlace::Variable { name, value } => {
            let key = EdgeKey::from_text(value, KeySource::Variable(name.clone()))?;
            return Ok(Loaded { key, made: false, recovered: None });
        }
        KeyPlace::File(path) => path,
    };
    let recovered = recover(path, recorded)?;
    if let Some(key) = read(path)? {
        return Ok(Loaded { key, made: false, recovered });
    }
    if let Some(store) = recorded {
        return Err(KeyError::Missing { path: path.clone(), store: store.clone() });
    }
    let _lock = lock(path, true)?;
    // Another process may have made it while this one waited for the lock.
    if let Some(key) = read(path)? {
        return Ok(Loaded { key, made: false, recovered });
    }
    let key = EdgeKey::generate(KeySource::File(path.clone()))?;
    write(path, &key)?;
    tracing::info!(path = %path.display(), id = %key.id(), "made the edge key");
    Ok(Loaded { key, made: true, recovered })
}

/// Returns the key in the file `path`, `None` when there is no such file. A file that other users may
/// read is made 0600.
pub(super) fn read(path: &Path) -> Result<Option<EdgeKey>, KeyError> {
    let text = match fs_err::read_to_string(path) {
        Ok(text) => Zeroizing::new(text),
        Err(err) if err.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(source) => return Err(KeyError::Read { path: path.to_path_buf(), source }),
    };
    let mode = fs_err::metadata(path).map(|m| m.permissions().mode() & 0o777).unwrap_or(private::FILE_MODE);
    if mode & 0o077 != 0 {
        let tightened = fs_err::set_permissions(path, std::fs::Permissions::from_mode(private::FILE_MODE));
        match tightened {
            Ok(()) => tracing::warn!(path = %path.display(), "the edge key file could be read by others: made it 0600"),
            Err(err) => tracing::warn!(
                path = %path.display(),
                error = &err as &dyn std::error::Error,
                "the edge key file can be read by others (mode {mode:o}), and could not be made 0600"
            ),
        }
    }
    EdgeKey::from_text(&text, KeySource::File(path.to_path_buf())).map(Some)
}

/// Writes `key` to the file `path`, mode 0600: to a temporary file beside it, synced, then renamed
/// into place. The caller holds the lock of the key file.
pub(super) fn write(path: &Path, key: &EdgeKey) -> Result<(), KeyError> {
    let failed = |source| KeyError::Write { path: path.to_path_buf(), source };
    let tmp = sibling(path, "tmp");
    match fs_err::remove_file(&tmp) {
        Err(err) if err.kind() != std::io::ErrorKind::NotFound => return Err(failed(err)),
        _ => {}
    }
    let written = (|| {
        use std::io::Write as _;
        let mut file = private::create_new(&tmp)?;
        file.write_all(format!("{}\n", key.to_text().as_str()).as_bytes())?;
        file.sync_all()?;
        fs_err::rename(&tmp, path)?;
        private::sync_dir(parent(path))
    })();
    if written.is_err() {
        let _ = std::fs::remove_file(&tmp);
    }
    written.map_err(failed)
}

/// Returns the folder of the file `path`.
pub(super) fn parent(path: &Path) -> &Path {
    path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."))
}

/// Returns `<path>.<suffix>`.
pub(super) fn sibling(path: &Path, suffix: &str) -> PathBuf {
    let mut name = path.file_name().unwrap_or_default().to_os_string();
    name.push(format!(".{suffix}"));
    path.with_file_name(name)
}

/// Takes the lock of the key file `path`: waits for it, or, unless `wait`, fails with
/// [`KeyError::Busy`] when another process holds it. Made the key file's folder, 0700, when missing.
pub(super) fn lock(path: &Path, wait: bool) -> Result<std::fs::File, KeyError> {
    let lock_path = sibling(path, "lock");
    let failed = |source| KeyError::Write { path: lock_path.clone(), source };
    let folder = parent(path);
    if !folder.is_dir() {
        private::create_dir_all(folder).map_err(failed)?;
    }
    let file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(false)
        .mode(private::FILE_MODE)
        .open(&lock_path)
        .map_err(failed)?;
    if wait {
        file.lock().map_err(failed)?;
    } else {
        match file.try_lock() {
            Ok(()) => {}
            Err(std::fs::TryLockError::WouldBlock) => return Err(KeyError::Busy { path: path.to_path_buf() }),
            Err(std::fs::TryLockError::Error(err)) => return Err(failed(err)),
        }
    }
    Ok(file)
}

/// Finishes or undoes what a rotation of the key in `path` left when it was killed: the new key,
/// `<path>.new`, is renamed into place when the store's secrets are sealed with it (`recorded`), and
/// removed when they are sealed with the old key or with none.
fn recover(path: &Path, recorded: Option<&KeyId>) -> Result<Option<Recovered>, KeyError> {
    let new = sibling(path, "new");
    if !new.exists() {
        return Ok(None);
    }
    // Waits for a rotation under way, which then leaves nothing to do.
    let _lock = lock(path, true)?;
    let Some(new_key) = read(&new)? else { return Ok(None) };
    let old = read(path)?;
    let finish = match (recorded, &old) {
        (Some(id), _) if id == new_key.id() => true,
        (Some(id), Some(old)) if id == old.id() => false,
        (None, Some(_)) => false,
        (None, None) => true,
        (Some(id), _) => return Err(KeyError::Unknown { path: path.to_path_buf(), new, store: id.clone() }),
    };
    let failed = |source| KeyError::Write { path: path.to_path_buf(), source };
    if finish {
        fs_err::rename(&new, path).map_err(failed)?;
        private::sync_dir(parent(path)).map_err(failed)?;
        tracing::warn!(path = %path.display(), id = %new_key.id(), "finished a rotation of the edge key that was cut short");
        Ok(Some(Recovered::Finished))
    } else {
        fs_err::remove_file(&new).map_err(failed)?;
        tracing::warn!(path = %path.display(), "undid a rotation of the edge key that was cut short");
        Ok(Some(Recovered::Undone))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mode(path: &Path) -> u32 {
        std::fs::metadata(path).unwrap().permissions().mode() & 0o777
    }

    #[test]
    fn a_key_file_is_made_once_0600_and_read_back() {
        let dir = tempfile::tempdir().unwrap();
        let place = KeyPlace::in_data(dir.path());
        let made = load(&place, None).unwrap();
        assert!(made.made);
        let path = dir.path().join("edge.key");
        assert_eq!(mode(&path), 0o600);
        assert_eq!(made.key.file(), Some(path.as_path()));
        let again = load(&place, Some(made.key.id())).unwrap();
        assert!(!again.made);
        assert_eq!(again.key.id(), made.key.id());
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        load(&place, Some(made.key.id())).unwrap();
        assert_eq!(mode(&path), 0o600, "a loosened key file is tightened");
    }

    #[test]
    fn a_missing_key_file_is_not_made_again_for_a_store_sealed_with_a_key() {
        let dir = tempfile::tempdir().unwrap();
        let place = KeyPlace::in_data(dir.path());
        let id = load(&place, None).unwrap().key.id().clone();
        std::fs::remove_file(dir.path().join("edge.key")).unwrap();
        let err = load(&place, Some(&id)).unwrap_err().to_string();
        assert!(err.contains("edge.key' is missing") && err.contains(id.as_str()), "{err}");
        assert!(err.contains("restore the file"), "{err}");
        assert!(!dir.path().join("edge.key").exists());
    }

    #[test]
    fn a_variable_holds_the_key_in_base64() {
        let key = EdgeKey::generate(KeySource::Variable(KEY_VARIABLE.to_owned())).unwrap();
        let place = KeyPlace::Variable { name: KEY_VARIABLE.to_owned(), value: key.to_text() };
        let loaded = load(&place, None).unwrap();
        assert_eq!(loaded.key.id(), key.id());
        assert_eq!(loaded.key.file(), None);
        assert!(!format!("{place:?}").contains(key.to_text().as_str()), "{place:?}");
        let bad = KeyPlace::Variable { name: KEY_VARIABLE.to_owned(), value: Zeroizing::new("0123".to_owned()) };
        let err = load(&bad, None).unwrap_err().to_string();
        assert!(err.contains("the variable OZ0_MASTER_KEY does not hold an edge key"), "{err}");
    }
}
