//! The edge key of a store: the ID of the key its secrets are sealed with, recorded in the store and
//! checked at every start; the plain-text secrets of an older oz0 sealed at the first; every secret
//! sealed again, and every tenant's payload key wrapped again, in one transaction, when the key is
//! rotated; what sealing replaced scrubbed from the database's files; and the tenants' payloads sealed
//! with their payload keys.

use std::sync::Arc;

use oz0_core::api::FileRef;

use super::error::StoreError;
use super::payload_keys::rewrap;
use super::plugins::{key_id, reseal_record};
use super::records::{Principal, TenantRecord, now_ms};
use super::sql::{Dialect, Failure, Lock, Outcome, Sql, lock};
use super::sql_store::SqlStore;
use crate::sealing::{EdgeKey, KeyError, KeyId};

/// What the edge needs of a store to seal its secrets with the edge key.
pub trait SealStore {
    /// Returns the ID of the key the store's secrets are sealed with; `None` before the store was
    /// first opened with a key.
    fn sealed_with(&self) -> Result<Option<KeyId>, StoreError>;

    /// Opens the store with `key`, which it uses from now on to seal and open secrets. Refuses a key
    /// that is not the one the store records. A store that records none records `key` and seals, in the
    /// same transaction, the secrets an older oz0 kept in plain text. Then scrubs, once, what that
    /// replaced from the database's files. Returns how many plugins' secrets it sealed.
    fn unlock(&self, key: Arc<EdgeKey>) -> Result<usize, StoreError>;

    /// Seals every plugin's secrets again with `new`, opening them with `old`, wraps every tenant's
    /// payload keys again with `new`, and records `new`, all in one transaction; then scrubs what that
    /// replaced from the database's files. Refuses a store sealed with another key than `old`, and one
    /// that nodes serve now. Returns how many plugins' secrets it sealed again. The store still seals
    /// with the key it was opened with: open it again.
    fn reseal(&self, old: &EdgeKey, new: &EdgeKey) -> Result<usize, StoreError>;

    /// Seals the tenants' new payloads (files, jobs' inputs and answers, what runs' models said and
    /// read) with their payload keys from now on when `seal`, else keeps them plain. Left unchosen, a
    /// PostgreSQL store seals them once it has its edge key, and a SQLite store does not. Whatever it
    /// seals, a store reads sealed and plain payloads alike.
    fn seal_payloads(&self, seal: bool);

    /// Returns whether the store seals new payloads now.
    fn seals_payloads(&self) -> bool;

    /// Returns the bytes `plain` of the tenant's file `file` sealed with the tenant's current payload
    /// key (made at the first), bound to the tenant and the file's digest.
    fn seal_file(&self, tenant: i64, file: &FileRef, plain: &[u8]) -> Result<Vec<u8>, StoreError>;

    /// Opens, in place, the tenant's file `file`, kept as `kept`, with the payload key that sealed it;
    /// returns whether it did. Bytes that are not sealed, or do not open, are left as they are (their
    /// digest then tells plain bytes from damaged ones).
    fn open_file(&self, tenant: i64, file: &FileRef, kept: &mut Vec<u8>) -> Result<bool, StoreError>;

    /// Gives the tenant a new payload key to seal its new payloads with, audited as `tenant.payload_key`
    /// by `actor`, and returns its ID and that of the key it replaced. The keys before it are retired,
    /// and kept to open what they sealed. Other nodes seal with the new key within a minute.
    fn rotate_payload_key(
        &self,
        tenant: &TenantRecord,
        actor: &Principal,
    ) -> Result<(KeyId, Option<KeyId>), StoreError>;
}

/// Seals again the secrets of every plugin row in `rows` (tenant, name, record) with `to`, opened with
/// `from`, and returns the rows changed.
pub(super) fn resealed(
    rows: Vec<(i64, String, String)>,
    from: Option<&EdgeKey>,
    to: &EdgeKey,
) -> Result<Vec<(i64, String, String)>, StoreError> {
    let mut changed = Vec::new();
    for (tenant, name, text) in rows {
        if let Some(text) = reseal_record(&text, tenant, &name, from, to)? {
            changed.push((tenant, name, text));
        }
    }
    Ok(changed)
}

/// Returns the ID of the key the store records, its row locked until the transaction ends. The caller
/// holds [`Lock::EdgeKey`], so that two nodes starting on a store without a key never both record one.
fn recorded(tx: &mut dyn Sql) -> Outcome<Result<Option<KeyId>, StoreError>> {
    let text: Option<String> = tx
        .query_opt("SELECT key_id FROM edge_key WHERE one = 1 FOR UPDATE", &[])?
        .map(|row| row.try_get(0))
        .transpose()?;
    Ok(text.map(key_id).transpose())
}

fn all_plugins(tx: &mut dyn Sql) -> Outcome<Vec<(i64, String, String)>> {
    let rows = tx.query("SELECT tenant_id, name, record FROM plugins ORDER BY tenant_id, name FOR UPDATE", &[])?;
    rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?, row.try_get(2)?))).collect::<Outcome<_>>()
}

/// Writes the records `rows` back and records `key`, its rows not yet scrubbed.
fn write_back(tx: &mut dyn Sql, rows: &[(i64, String, String)], key: &KeyId) -> Outcome<()> {
    for (tenant, name, text) in rows {
        tx.execute("UPDATE plugins SET record = $3 WHERE tenant_id = $1 AND name = $2", &[tenant, name, text])?;
    }
    tx.execute(
        "INSERT INTO edge_key (one, key_id, scrubbed, set_at) VALUES (1, $1, FALSE, $2)
         ON CONFLICT (one) DO UPDATE SET key_id = EXCLUDED.key_id, scrubbed = FALSE, set_at = EXCLUDED.set_at",
        &[&key.as_str(), &now_ms()],
    )?;
    Ok(())
}

/// Seals the rows' secrets with `to` (opened with `from`), writes them back and records `to`; or says
/// why not.
fn seal_all(tx: &mut dyn Sql, from: Option<&EdgeKey>, to: &EdgeKey) -> Outcome<Result<usize, StoreError>> {
    let rows = match resealed(all_plugins(tx)?, from, to) {
        Ok(rows) => rows,
        Err(err) => return Ok(Err(err)),
    };
    write_back(tx, &rows, to.id())?;
    Ok(Ok(rows.len()))
}

impl SqlStore {
    /// Rewrites what may hold what sealing replaced, when the store's edge_key row says it is not yet
    /// done: SQLite's whole file, without its free space, and its WAL emptied (a store another process
    /// reads is left for the next start, with a warning); PostgreSQL's plugins and payload keys tables,
    /// without their dead rows (the server's own write-ahead log and backups are beyond its reach).
    fn scrub(&self) -> Result<(), StoreError> {
        let done = self.change(|sql| {
            let row = sql.query_opt("SELECT scrubbed FROM edge_key WHERE one = 1", &[])?;
            let scrubbed: Option<bool> = row.map(|row| row.try_get(0)).transpose()?;
            if scrubbed != Some(false) {
                return Ok(true);
            }
            if sql.dialect() == Dialect::Sqlite {
                sql.batch_execute("VACUUM")?;
                let busy: i64 = sql.query_one("PRAGMA wal_checkpoint(TRUNCATE)", &[])?.try_get(0)?;
                if busy != 0 {
                    return Ok(false);
                }
            } else {
                sql.batch_execute("VACUUM FULL plugins, payload_keys")?;
            }
            sql.execute("UPDATE edge_key SET scrubbed = TRUE WHERE one = 1", &[])?;
            if sql.dialect() == Dialect::Sqlite {
                sql.query_one("PRAGMA wal_checkpoint(TRUNCATE)", &[])?;
            }
            Ok(true)
        });
        match done {
            Ok(true) => {}
            Ok(false) => {
                tracing::warn!(
                    "the store's WAL could not be emptied while another process reads it; the next start does"
                );
            }
            Err(err) => tracing::warn!(
                error = &err as &dyn std::error::Error,
                "could not scrub replaced secrets from the store's files; the next start tries again"
            ),
        }
        Ok(())
    }
}

impl SealStore for SqlStore {
    fn sealed_with(&self) -> Result<Option<KeyId>, StoreError> {
        let text: Option<String> = self.read(|sql| {
            sql.query_opt("SELECT key_id FROM edge_key WHERE one = 1", &[])?.map(|row| row.try_get(0)).transpose()
        })?;
        text.map(key_id).transpose()
    }

    fn unlock(&self, key: Arc<EdgeKey>) -> Result<usize, StoreError> {
        // Nodes start often on a store that records their key: a read, not a locked write.
        let found: Option<(String, bool)> = self.read(|sql| {
            let row = sql.query_opt("SELECT key_id, scrubbed FROM edge_key WHERE one = 1", &[])?;
            row.map(|row| Ok::<_, Failure>((row.try_get(0)?, row.try_get(1)?))).transpose()
        })?;
        if let Some((id, scrubbed)) = found
            && id == key.id().as_str()
        {
            self.sealer.set(key)?;
            if !scrubbed {
                self.scrub()?;
            }
            return Ok(0);
        }
        let sealed = self.write(|tx| {
            lock(tx, Lock::EdgeKey, 0)?;
            match recorded(tx)? {
                Err(err) => return Ok(Err(err)),
                Ok(Some(store)) if store == *key.id() => return Ok(Ok(0)),
                Ok(Some(store)) => {
                    let wrong = KeyError::Wrong { place: key.source().clone(), ours: key.id().clone(), store };
                    return Ok(Err(wrong.into()));
                }
                Ok(None) => {}
            }
            seal_all(tx, None, &key)
        })??;
        self.sealer.set(key)?;
        self.scrub()?;
        Ok(sealed)
    }

    fn reseal(&self, old: &EdgeKey, new: &EdgeKey) -> Result<usize, StoreError> {
        let sealed = self.write(|tx| {
            lock(tx, Lock::EdgeKey, 0)?;
            // A node serving now holds the old key, and would seal with it after this commits.
            let serving = tx.query("SELECT id FROM nodes WHERE lease_until > $1 ORDER BY id", &[&now_ms()])?;
            if !serving.is_empty() {
                let nodes = serving.iter().map(|row| row.try_get(0)).collect::<Result<Vec<String>, _>>()?;
                return Ok(Err(KeyError::Serving(nodes).into()));
            }
            match recorded(tx)? {
                Err(err) => return Ok(Err(err)),
                Ok(Some(store)) if store != *old.id() => {
                    let wrong = KeyError::Wrong { place: old.source().clone(), ours: old.id().clone(), store };
                    return Ok(Err(wrong.into()));
                }
                Ok(_) => {}
            }
            match seal_all(tx, Some(old), new)? {
                Ok(sealed) => Ok(rewrap(tx, old, new)?.map(|_| sealed)),
                Err(err) => Ok(Err(err)),
            }
        })??;
        self.scrub()?;
        Ok(sealed)
    }

    fn seal_payloads(&self, seal: bool) {
        self.payloads.choose(seal);
    }

    fn seals_payloads(&self) -> bool {
        self.sealing_payloads()
    }

    fn seal_file(&self, tenant: i64, file: &FileRef, plain: &[u8]) -> Result<Vec<u8>, StoreError> {
        self.seal_file_bytes(tenant, file, plain)
    }

    fn open_file(&self, tenant: i64, file: &FileRef, kept: &mut Vec<u8>) -> Result<bool, StoreError> {
        self.open_file_bytes(tenant, file, kept)
    }

    fn rotate_payload_key(
        &self,
        tenant: &TenantRecord,
        actor: &Principal,
    ) -> Result<(KeyId, Option<KeyId>), StoreError> {
        self.rotate_tenant_payload_key(tenant, actor)
    }
}

#[cfg(test)]
mod tests {
    //! What every store must do alike with the edge key: each test runs against every store
    //! [`stores`] yields.

    use std::collections::BTreeMap;

    use oz0_core::api::{InstalledPlugin, Role, TenantName};
    use oz0_core::manifest::Manifest;

    use super::super::testing::stores;
    use super::super::{NewToken, PluginRecord, Principal, TenantRecord};
    use super::*;
    use crate::sealing::KeySource;

    const SECRET: &str = "s3cr3t-of-the-notes-4d2a";

    fn plugin(name: &str, secret: Option<&str>) -> PluginRecord {
        let secrets: BTreeMap<String, String> =
            secret.map(|s| BTreeMap::from([("token".to_owned(), s.to_owned())])).unwrap_or_default();
        PluginRecord {
            info: InstalledPlugin {
                name: name.to_owned(),
                version: "1.0.0".to_owned(),
                description: None,
                installed_at: "2026-12-01T00:00:00Z".to_owned(),
                models_accepted: false,
                secrets: secrets.keys().cloned().collect(),
                models: Default::default(),
                tools: Vec::new(),
            },
            dir: format!("/plugins/{name}"),
            manifest: Manifest::default(),
            secrets,
            archive: None,
        }
    }

    fn local(store: &dyn super::super::Store) -> Principal {
        store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap()
    }

    fn other_tenant(store: &dyn super::super::Store, admin: &Principal) -> TenantRecord {
        let name = TenantName::new("other").unwrap();
        let token =
            NewToken { tenant: &name, create_tenant: true, person: None, roles: &[Role::Admin], hash: &[9; 32] };
        store.issue_token(&token, admin).unwrap().unwrap().principal.tenant
    }

    fn key() -> Arc<EdgeKey> {
        Arc::new(EdgeKey::generate(KeySource::Variable("OZ0_MASTER_KEY".to_owned())).unwrap())
    }

    #[test]
    fn secrets_are_sealed_at_rest_and_open_in_their_own_row_only() {
        for store in stores() {
            let admin = local(&*store);
            let t = &admin.tenant;
            store.put_plugin(t, &plugin("notes", Some(SECRET)), &admin).unwrap();
            assert_eq!(store.plugins(t).unwrap()[0].secrets["token"], SECRET, "{}", store.kind());
            let kept = store.sql("SELECT record FROM plugins");
            assert!(!kept[0].contains(SECRET) && kept[0].contains("oz0s1."), "{}: {kept:?}", store.kind());
            assert!(!format!("{:?}", store.plugins(t).unwrap()).contains(SECRET), "Debug shows no value");
            let audit = store.sql("SELECT old || new FROM audit");
            assert!(audit.iter().all(|entry| !entry.contains(SECRET)), "{audit:?}");

            // The sealed value copied to another tenant's row, or another plugin's, does not open.
            let other = other_tenant(&*store, &admin);
            store.put_plugin(&other, &plugin("notes", None), &admin).unwrap();
            store.put_plugin(t, &plugin("jot", None), &admin).unwrap();
            let copy = format!(
                "UPDATE plugins SET record = (SELECT record FROM plugins WHERE tenant_id = {} AND name = 'notes') \
                 WHERE (tenant_id = {} AND name = 'notes') OR (tenant_id = {} AND name = 'jot')",
                t.id, other.id, t.id
            );
            store.sql(&copy);
            let err = store.plugins(&other).unwrap_err().to_string();
            assert!(err.contains("do not open with the edge key") && err.contains("install the plugin again"), "{err}");
            assert!(store.plugins(t).unwrap_err().to_string().contains("plugin `jot`"));
            // Removing or replacing one that does not open works, and fixes it.
            store.put_plugin(t, &plugin("jot", Some("new")), &admin).unwrap();
            assert!(store.remove_plugin(&other, "notes", &admin).unwrap().is_some(), "{}", store.kind());
            assert_eq!(store.plugins(t).unwrap().len(), 2);
        }
    }

    #[test]
    fn a_wrong_key_is_refused_with_what_to_do_and_the_right_one_opens() {
        for store in stores() {
            let admin = local(&*store);
            store.put_plugin(&admin.tenant, &plugin("notes", Some(SECRET)), &admin).unwrap();
            let wrong = key();
            let err = store.reopen().unlock(Arc::clone(&wrong)).unwrap_err().to_string();
            assert!(
                err.contains(&format!("the edge key of the variable OZ0_MASTER_KEY (ID {})", wrong.id()))
                    && err.contains(&format!("sealed with (ID {})", store.key.id()))
                    && err.contains("every node of a shared PostgreSQL store needs the same key"),
                "{}: {err}",
                store.kind()
            );
            let again = store.reopen();
            assert!(again.plugins(&admin.tenant).unwrap_err().to_string().contains("without the edge key"));
            assert_eq!(again.unlock(Arc::clone(&store.key)).unwrap(), 0);
            assert_eq!(again.plugins(&admin.tenant).unwrap()[0].secrets["token"], SECRET);
            assert_eq!(again.sealed_with().unwrap().as_ref(), Some(store.key.id()));
        }
    }

    #[test]
    fn plain_secrets_an_older_oz0_kept_are_sealed_at_the_first_open_once() {
        for store in stores() {
            let admin = local(&*store);
            let t = &admin.tenant;
            store.put_plugin(t, &plugin("notes", Some(SECRET)), &admin).unwrap();
            store.put_plugin(t, &plugin("jot", None), &admin).unwrap();
            // What an older oz0 kept: the secrets in plain text, and no key recorded.
            let plain = serde_json::json!({"token": SECRET}).to_string();
            store.sql(&format!(
                "UPDATE plugins SET record = replace(record, '\"sealed_secrets\"', '\"secrets\":{plain},\"x\"') \
                 WHERE name = 'notes'"
            ));
            store.sql("DELETE FROM edge_key");
            assert!(store.sql("SELECT record FROM plugins WHERE name = 'notes'")[0].contains(SECRET));
            let (newer, first) = (store.reopen(), key());
            assert_eq!(newer.unlock(Arc::clone(&first)).unwrap(), 1, "{}", store.kind());
            let kept = store.sql("SELECT record FROM plugins");
            assert!(kept.iter().all(|r| !r.contains(SECRET)), "{}: {kept:?}", store.kind());
            assert_eq!(newer.plugins(t).unwrap()[1].secrets["token"], SECRET, "jot, then notes");
            assert_eq!(store.sql("SELECT key_id FROM edge_key").len(), 1);
            assert_eq!(store.reopen().unlock(first).unwrap(), 0, "sealed once");
            assert!(store.reopen().unlock(key()).is_err(), "the first key is the store's");
        }
    }

    #[test]
    fn a_rotation_seals_every_secret_with_the_new_key_and_the_old_no_longer_opens_them() {
        for store in stores() {
            let admin = local(&*store);
            let other = other_tenant(&*store, &admin);
            store.put_plugin(&admin.tenant, &plugin("notes", Some(SECRET)), &admin).unwrap();
            store.put_plugin(&other, &plugin("notes", Some("another")), &admin).unwrap();
            store.put_plugin(&other, &plugin("jot", None), &admin).unwrap();
            let new = key();
            let err = store.reseal(&new, &key()).unwrap_err().to_string();
            assert!(err.contains("is not the key the store's secrets are sealed with"), "{err}");
            assert_eq!(store.reseal(&store.key, &new).unwrap(), 2, "{}", store.kind());
            let kept = store.sql("SELECT record FROM plugins");
            assert!(kept.iter().all(|r| !r.contains(SECRET) && !r.contains(store.key.id().as_str())), "{kept:?}");
            // This edge still has the old key: it refuses to seal or open with it.
            let stale = store.put_plugin(&admin.tenant, &plugin("notes", Some("x")), &admin).unwrap_err();
            assert!(stale.to_string().contains("restart it with the new key"), "{}: {stale}", store.kind());
            assert!(store.plugins(&admin.tenant).unwrap_err().to_string().contains("restart it with the new key"));
            assert!(store.reopen().unlock(Arc::clone(&store.key)).is_err(), "the old key no longer opens the store");
            let reopened = store.reopen();
            reopened.unlock(Arc::clone(&new)).unwrap();
            assert_eq!(reopened.plugins(&admin.tenant).unwrap()[0].secrets["token"], SECRET);
            assert_eq!(reopened.plugins(&other).unwrap()[1].secrets["token"], "another");
        }
    }

    #[test]
    fn a_rotation_is_refused_while_nodes_serve_the_shared_store() {
        for store in stores().into_iter().filter(|s| s.shared()) {
            store.renew_lease(now_ms() + 60_000, now_ms() + 60_000).unwrap();
            let err = store.reseal(&store.key, &key()).unwrap_err().to_string();
            assert!(err.contains(store.node()) && err.contains("stop every node"), "{err}");
            assert_eq!(store.sealed_with().unwrap().as_ref(), Some(store.key.id()), "nothing changed");
        }
    }
}
