//! Replacing the edge key, in three steps that a kill at any point leaves an edge that opens:
//! [`Rotation::begin`] writes the new key beside the key file (`<file>.new`, synced), the store seals
//! every secret again, and wraps every tenant's payload key again, in one transaction that records the
//! new key's ID ([`SealStore::reseal`]), and [`Rotation::finish`] renames the new key into place. The
//! next start finishes or undoes a rotation cut short, by the ID the store records ([`super::load`]).
//!
//! A key kept in a variable has no file to write: the new key comes from [`NEW_KEY_VARIABLE`], and the
//! one transaction is the whole rotation; the operator then sets the edge's variable to the new key.

use std::path::{Path, PathBuf};

use super::error::KeyError;
use super::identity::{KeyId, KeySource};
use super::key::EdgeKey;
use super::key_file::KeyPlace;
use super::key_file::{lock, parent, sibling, write};
use crate::private;
use crate::store::{DATABASE_FILE, Location, SealStore, StoreError};

/// The variable that holds the new key when the edge key is kept in a variable.
pub const NEW_KEY_VARIABLE: &str = "OZ0_NEW_MASTER_KEY";

/// A rotation under way: the new key, and, for a key file, where it was written and the lock that
/// keeps other rotations, and the recovery of a start, out until it ends.
#[derive(Debug)]
pub struct Rotation {
    new: EdgeKey,
    /// The key file, and the new key's file beside it.
    files: Option<(PathBuf, PathBuf)>,
    _lock: Option<std::fs::File>,
}

impl Rotation {
    /// Begins replacing the key `current`. With a key file, takes its lock (refusing while another
    /// rotation holds it) and writes the new key beside it, `<file>.new`, mode 0600 and synced: `new`
    /// (a key in base64) when given, else a random one. With a variable, `new` is needed.
    pub fn begin(current: &EdgeKey, new: Option<&str>) -> Result<Self, KeyError> {
        let given = |source: KeySource| match new {
            Some(text) => {
                let key = EdgeKey::from_text(text, KeySource::Variable(NEW_KEY_VARIABLE.to_owned()))?;
                Ok(key.moved_to(source))
            }
            None => EdgeKey::generate(source),
        };
        match current.source() {
            KeySource::File(path) => {
                let lock = lock(path, false)?;
                let beside = sibling(path, "new");
                let key = given(KeySource::File(beside.clone()))?;
                if key.id() == current.id() {
                    return Err(KeyError::SameKey(key.id().clone()));
                }
                write(&beside, &key)?;
                Ok(Self { new: key, files: Some((path.clone(), beside)), _lock: Some(lock) })
            }
            KeySource::Variable(name) => {
                if new.is_none() {
                    return Err(KeyError::NewKeyNeeded { variable: name.clone() });
                }
                let key = given(KeySource::Variable(name.clone()))?;
                if key.id() == current.id() {
                    return Err(KeyError::SameKey(key.id().clone()));
                }
                Ok(Self { new: key, files: None, _lock: None })
            }
        }
    }

    /// Returns the new key.
    pub fn new_key(&self) -> &EdgeKey {
        &self.new
    }

    /// Renames the new key into place, once the store's secrets are sealed with it, and returns it.
    pub fn finish(self) -> Result<EdgeKey, KeyError> {
        let Rotation { new, files, _lock } = self;
        let Some((path, beside)) = files else { return Ok(new) };
        let failed = |source| KeyError::Write { path: path.clone(), source };
        fs_err::rename(&beside, &path).map_err(failed)?;
        private::sync_dir(parent(&path)).map_err(failed)?;
        Ok(new.moved_to(KeySource::File(path)))
    }

    /// Removes the new key, when the store's secrets are not sealed with it: the rotation failed.
    fn abandon(self) {
        if let Some((_, beside)) = &self.files
            && let Err(err) = fs_err::remove_file(beside)
        {
            tracing::warn!(error = &err as &dyn std::error::Error, "the new key of a failed rotation stays");
        }
    }
}

/// A rotation done.
#[derive(Debug)]
pub struct Rotated {
    /// The ID of the key replaced.
    pub old: KeyId,
    /// The new key, where it is kept now.
    pub new: EdgeKey,
    /// How many plugins' secrets were sealed again.
    pub resealed: usize,
}

/// Replaces the key of the stopped edge whose data is in `dir`, its store at `location` and its key at
/// `place`, as [`rotate`] does; opens the store with the key first, finishing or undoing a rotation
/// cut short. Refuses a folder that holds no SQLite store.
pub fn rotate_edge(
    dir: &Path,
    location: &Location,
    place: &KeyPlace,
    new: Option<&str>,
) -> Result<Rotated, StoreError> {
    if matches!(location, Location::Sqlite) && !dir.join(DATABASE_FILE).is_file() {
        let missing = std::io::Error::new(std::io::ErrorKind::NotFound, format!("there is no {DATABASE_FILE} in it"));
        return Err(StoreError::Open { path: dir.display().to_string(), source: missing });
    }
    let (store, _) = crate::state::open_store(dir, location)?;
    let (key, _) = crate::state::open_key(store.as_ref(), place)?;
    rotate(store.as_ref(), &key, new)
}

/// Replaces the edge key `current` of `store`, which is stopped (no node serves it): begins the
/// rotation, seals every secret and wraps every payload key again with the new key, and finishes.
/// `new` is the new key in base64, needed when `current` is kept in a variable; left out, a key file
/// gets a random one.
pub fn rotate(store: &dyn SealStore, current: &EdgeKey, new: Option<&str>) -> Result<Rotated, StoreError> {
    let rotation = Rotation::begin(current, new)?;
    match store.reseal(current, rotation.new_key()) {
        Ok(resealed) => {
            let new = rotation.finish()?;
            Ok(Rotated { old: current.id().clone(), new, resealed })
        }
        Err(err) => {
            // Unless the store is sealed with the new key after all (a commit whose answer was lost),
            // the new key goes; when the store cannot say, it stays for the next start to settle.
            match store.sealed_with() {
                Ok(Some(id)) if id == *rotation.new_key().id() => {
                    drop(rotation.finish()?);
                }
                Ok(_) => rotation.abandon(),
                Err(_) => {}
            }
            Err(err)
        }
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;
    use std::sync::Arc;

    use oz0_core::api::{InstalledPlugin, TenantName};
    use zeroize::Zeroizing;

    use super::*;
    use crate::sealing::{KEY_VARIABLE, KeyPlace, Recovered, load};
    use crate::store::testing::Scratch;
    use crate::store::{PluginRecord, PluginStore, Principal, SqlStore, Store};

    const SECRET: &str = "s3cr3t-rotated-7e1c";

    /// An edge's store opened with its key, and what a rotation cut short left, that the start settled.
    type Started = (Box<dyn Store>, Arc<EdgeKey>, Option<Recovered>);

    /// An edge's store and key file, started again as often as a test likes.
    struct Edge {
        dir: tempfile::TempDir,
        scratch: Option<Scratch>,
    }

    impl Edge {
        /// Returns an edge on SQLite and one on PostgreSQL.
        fn all() -> Vec<Edge> {
            vec![
                Edge { dir: tempfile::tempdir().unwrap(), scratch: None },
                Edge { dir: tempfile::tempdir().unwrap(), scratch: Some(Scratch::new()) },
            ]
        }

        fn place(&self) -> KeyPlace {
            KeyPlace::in_data(self.dir.path())
        }

        fn store(&self) -> Box<dyn Store> {
            match &self.scratch {
                None => Box::new(SqlStore::sqlite(self.dir.path()).unwrap()),
                Some(scratch) => Box::new(SqlStore::postgres(&scratch.url).unwrap()),
            }
        }

        /// Starts as the edge does: the key loaded, finishing or undoing a rotation cut short, and the
        /// store opened with it.
        fn start(&self) -> Result<Started, StoreError> {
            let store = self.store();
            let loaded = load(&self.place(), store.sealed_with()?.as_ref())?;
            let key = Arc::new(loaded.key);
            store.unlock(Arc::clone(&key))?;
            Ok((store, key, loaded.recovered))
        }

        fn secret(&self, store: &dyn Store) -> String {
            let local = local(store);
            store.plugins(&local.tenant).unwrap()[0].secrets["token"].clone()
        }
    }

    fn local(store: &dyn Store) -> Principal {
        store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap()
    }

    fn install(store: &dyn Store) {
        let local = local(store);
        let info = InstalledPlugin {
            name: "notes".to_owned(),
            version: "1.0.0".to_owned(),
            description: None,
            installed_at: "2026-12-01T00:00:00Z".to_owned(),
            models_accepted: false,
            secrets: vec!["token".to_owned()],
            models: Default::default(),
            tools: Vec::new(),
        };
        let record = PluginRecord {
            info,
            dir: "/plugins/notes".to_owned(),
            manifest: oz0_core::manifest::Manifest::default(),
            secrets: BTreeMap::from([("token".to_owned(), SECRET.to_owned())]),
            archive: None,
        };
        store.put_plugin(&local.tenant, &record, &local).unwrap();
    }

    #[test]
    fn a_rotation_cut_short_at_any_step_leaves_an_edge_that_opens_with_every_secret() {
        for edge in Edge::all() {
            let (store, first, _) = edge.start().unwrap();
            install(store.as_ref());
            drop(store);
            let beside = edge.dir.path().join("edge.key.new");

            // Killed once the new key is written, before the store is sealed with it: undone.
            drop(Rotation::begin(&first, None).unwrap());
            assert!(beside.exists());
            let (store, key, recovered) = edge.start().unwrap();
            assert_eq!((recovered, key.id()), (Some(Recovered::Undone), first.id()));
            assert_eq!(edge.secret(store.as_ref()), SECRET);
            assert!(!beside.exists());
            drop(store);

            // Killed once the store is sealed with the new key, before it is renamed into place: finished.
            let rotation = Rotation::begin(&first, None).unwrap();
            let second = rotation.new_key().id().clone();
            assert_eq!(edge.store().reseal(&first, rotation.new_key()).unwrap(), 1);
            drop(rotation);
            let (store, key, recovered) = edge.start().unwrap();
            assert_eq!((recovered, key.id()), (Some(Recovered::Finished), &second));
            assert_eq!(edge.secret(store.as_ref()), SECRET);
            assert!(!beside.exists());
            assert!(edge.store().unlock(Arc::clone(&first)).is_err(), "the first key no longer opens the store");

            // Killed while writing the new key: what it half wrote is no key of the edge's.
            std::fs::write(edge.dir.path().join("edge.key.new.tmp"), "half").unwrap();
            let (store, key, recovered) = edge.start().unwrap();
            assert_eq!((recovered, key.id()), (None, &second));

            // A whole rotation.
            let rotated = rotate(store.as_ref(), &key, None).unwrap();
            assert_eq!((rotated.old, rotated.resealed), (second.clone(), 1));
            assert_eq!(rotated.new.file(), Some(edge.dir.path().join("edge.key").as_path()));
            drop(store);
            let (store, key, recovered) = edge.start().unwrap();
            assert_eq!((recovered, key.id()), (None, rotated.new.id()));
            assert_eq!(edge.secret(store.as_ref()), SECRET);
            let err =
                edge.store().unlock(Arc::new(EdgeKey::from_text(&first.to_text(), first.source().clone()).unwrap()));
            assert!(err.unwrap_err().to_string().contains("is not the key the store's secrets are sealed with"));
        }
    }

    #[test]
    fn one_rotation_at_a_time_and_never_to_the_same_key() {
        let edge = Edge { dir: tempfile::tempdir().unwrap(), scratch: None };
        let (_store, key, _) = edge.start().unwrap();
        let rotation = Rotation::begin(&key, None).unwrap();
        let err = Rotation::begin(&key, None).unwrap_err().to_string();
        assert!(err.contains("another `oz0 edge rotate-key` is rotating the key of"), "{err}");
        drop(rotation);
        let err = Rotation::begin(&key, Some(&key.to_text())).unwrap_err().to_string();
        assert!(err.contains("the new key is the key in use"), "{err}");
    }

    #[test]
    fn a_key_in_a_variable_rotates_to_the_new_key_given() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqlStore::sqlite(dir.path()).unwrap();
        let old = EdgeKey::generate(KeySource::Variable(KEY_VARIABLE.to_owned())).unwrap();
        let place = KeyPlace::Variable { name: KEY_VARIABLE.to_owned(), value: old.to_text() };
        let key = Arc::new(load(&place, None).unwrap().key);
        store.unlock(Arc::clone(&key)).unwrap();
        install(&store);
        let err = rotate(&store, &key, None).unwrap_err().to_string();
        assert!(err.contains("put the new key in OZ0_NEW_MASTER_KEY"), "{err}");
        assert!(rotate(&store, &key, Some("not a key")).unwrap_err().to_string().contains("OZ0_NEW_MASTER_KEY"));
        let new = EdgeKey::generate(KeySource::Variable(NEW_KEY_VARIABLE.to_owned())).unwrap();
        let rotated = rotate(&store, &key, Some(&new.to_text())).unwrap();
        assert_eq!(rotated.new.id(), new.id());
        assert_eq!(rotated.new.source(), &KeySource::Variable(KEY_VARIABLE.to_owned()));
        assert!(!dir.path().join("edge.key").exists(), "no key file is made");
        let reopened = SqlStore::sqlite(dir.path()).unwrap();
        let place =
            KeyPlace::Variable { name: KEY_VARIABLE.to_owned(), value: Zeroizing::new(new.to_text().to_string()) };
        reopened.unlock(Arc::new(load(&place, reopened.sealed_with().unwrap().as_ref()).unwrap().key)).unwrap();
        assert_eq!(reopened.plugins(&local(&reopened).tenant).unwrap()[0].secrets["token"], SECRET);
    }
}
