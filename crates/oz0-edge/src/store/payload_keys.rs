//! The tenants' payload keys in the store (`payload_keys`): each wrapped by the edge key, made at the
//! first payload a tenant's store seals, kept after a rotation (retired) to open what they sealed, and
//! wrapped again with the new edge key when that is rotated, in the rotation's transaction. The store
//! opens each key once and keeps it opened; it seals new payloads when it is told to, or by its kind,
//! and opens sealed and plain payloads alike.

use std::sync::Arc;

use oz0_core::api::FileRef;

use super::audit::{Action, audit};
use super::error::StoreError;
use super::plugins::key_id;
use super::records::{Principal, TenantRecord, now_ms};
use super::sql::{Failure, Lock, Outcome, Sql, lock};
use super::sql_store::SqlStore;
use crate::sealing::payload::{PayloadKey, Place, Seal, Stored, sealed_bytes_key, stored};
use crate::sealing::{EdgeKey, KeyError, KeyId, OpenError};

/// Returns the tenant's current payload key, as the store keeps it (its ID and its wrapped bytes): the
/// oldest key not retired.
fn current_row(sql: &mut dyn Sql, tenant: i64) -> Outcome<Option<(String, String)>> {
    let row = sql.query_opt(
        "SELECT key_id, wrapped FROM payload_keys WHERE tenant_id = $1 AND retired_at IS NULL
         ORDER BY created_at, key_id LIMIT 1",
        &[&tenant],
    )?;
    row.map(|row| Ok::<_, Failure>((row.try_get(0)?, row.try_get(1)?))).transpose()
}

/// Takes what keeps a tenant's payload keys to one writer: a key is made, or rotated, once. The edge
/// key's lock of the tenant (the edge key itself takes that of tenant 0, the whole store).
fn lock_keys(tx: &mut dyn Sql, tenant: i64) -> Outcome<()> {
    lock(tx, Lock::EdgeKey, tenant)
}

/// Refuses to wrap a payload key with `edge` when the store records another edge key: the key was
/// rotated since this edge started. The edge key's row, held shared, keeps a rotation out until the
/// transaction ends.
fn same_edge_key(tx: &mut dyn Sql, edge: &EdgeKey) -> Outcome<Result<(), StoreError>> {
    let recorded: Option<String> = tx
        .query_opt("SELECT key_id FROM edge_key WHERE one = 1 FOR SHARE", &[])?
        .map(|row| row.try_get(0))
        .transpose()?;
    Ok(match recorded.map(key_id).transpose() {
        Err(err) => Err(err),
        Ok(Some(store)) if store != *edge.id() => Err(KeyError::Stale { ours: edge.id().clone(), store }.into()),
        Ok(_) => Ok(()),
    })
}

/// Opens the tenant's payload key `id`, wrapped as `wrapped`, with the edge key `edge`.
fn unwrap(edge: &EdgeKey, tenant: i64, id: &str, wrapped: &str) -> Result<PayloadKey, KeyError> {
    let damaged = || KeyError::PayloadKey { tenant, key: id.to_owned() };
    let id = KeyId::parse(id).ok_or_else(damaged)?;
    PayloadKey::unwrap(edge, tenant, &id, wrapped).map_err(|err| match err {
        OpenError::OtherKey(store) => KeyError::Stale { ours: edge.id().clone(), store },
        OpenError::Damaged => damaged(),
    })
}

/// Wraps every tenant's payload keys again with `new`, opening them with `old`, in the transaction of
/// the edge key's rotation; returns how many.
pub(super) fn rewrap(tx: &mut dyn Sql, old: &EdgeKey, new: &EdgeKey) -> Outcome<Result<usize, StoreError>> {
    let rows =
        tx.query("SELECT tenant_id, key_id, wrapped FROM payload_keys ORDER BY tenant_id, key_id FOR UPDATE", &[])?;
    for row in &rows {
        let (tenant, id, wrapped): (i64, String, String) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
        // The store records `old` (the rotation checked): a key that does not open with it is damaged.
        let opened = KeyId::parse(&id).and_then(|parsed| PayloadKey::unwrap(old, tenant, &parsed, &wrapped).ok());
        let Some(key) = opened else {
            return Ok(Err(KeyError::PayloadKey { tenant, key: id }.into()));
        };
        let again = match key.wrap(new, tenant) {
            Ok(again) => again,
            Err(err) => return Ok(Err(err.into())),
        };
        tx.execute(
            "UPDATE payload_keys SET wrapped = $3 WHERE tenant_id = $1 AND key_id = $2",
            &[&tenant, &id, &again],
        )?;
    }
    Ok(Ok(rows.len()))
}

impl SqlStore {
    /// Returns whether the store seals new payloads now.
    pub(super) fn sealing_payloads(&self) -> bool {
        self.payloads.sealing(self.sealer.key().is_ok())
    }

    /// Returns how the tenant's new payloads are to be kept: sealed with its current payload key (made
    /// at the first) when the store seals them, else plain. Call it before a transaction: it may write.
    pub(super) fn seal_for(&self, tenant: i64) -> Result<Seal, StoreError> {
        if !self.sealing_payloads() {
            return Ok(Seal::plain());
        }
        Ok(Seal::with(self.current_payload_key(tenant)?))
    }

    /// Returns the tenant's current payload key: the one this store found current lately, else the
    /// store's, else a new one, made once however many nodes ask at once.
    fn current_payload_key(&self, tenant: i64) -> Result<Arc<PayloadKey>, StoreError> {
        if let Some(key) = self.payloads.current(tenant) {
            return Ok(key);
        }
        let edge = self.sealer.key()?;
        let (id, wrapped) = match self.read(|sql| current_row(sql, tenant))? {
            Some(found) => found,
            None => {
                let new = PayloadKey::generate()?;
                let wrapped = new.wrap(edge, tenant)?;
                self.write(|tx| {
                    lock_keys(tx, tenant)?;
                    if let Err(err) = same_edge_key(tx, edge)? {
                        return Ok(Err(err));
                    }
                    if let Some(found) = current_row(tx, tenant)? {
                        return Ok(Ok(found));
                    }
                    tx.execute(
                        "INSERT INTO payload_keys (tenant_id, key_id, wrapped, created_at) VALUES ($1, $2, $3, $4)
                         ON CONFLICT (tenant_id, key_id) DO NOTHING",
                        &[&tenant, &new.id().as_str(), &wrapped, &now_ms()],
                    )?;
                    Ok(Ok((new.id().to_string(), wrapped.clone())))
                })??
            }
        };
        let key = Arc::new(unwrap(edge, tenant, &id, &wrapped)?);
        self.payloads.keep(tenant, &key, true);
        Ok(key)
    }

    /// Returns the tenant's payload key of ID `id`, opened; `None` when the store has no such key.
    fn payload_key(&self, tenant: i64, id: &KeyId) -> Result<Option<Arc<PayloadKey>>, StoreError> {
        if let Some(key) = self.payloads.known(tenant, id) {
            return Ok(Some(key));
        }
        let wrapped: Option<String> = self.read(|sql| {
            let row = sql.query_opt(
                "SELECT wrapped FROM payload_keys WHERE tenant_id = $1 AND key_id = $2",
                &[&tenant, &id.as_str()],
            )?;
            row.map(|row| row.try_get(0)).transpose()
        })?;
        let Some(wrapped) = wrapped else { return Ok(None) };
        let key = Arc::new(unwrap(self.sealer.key()?, tenant, id.as_str(), &wrapped)?);
        self.payloads.keep(tenant, &key, false);
        Ok(Some(key))
    }

    /// Returns the text the store keeps at `place` as `kept`: opened with the tenant's payload key that
    /// sealed it, or as it is when it is kept plain.
    pub(super) fn open_text(&self, place: &Place, kept: String) -> Result<String, StoreError> {
        let damaged = || KeyError::Payload { tenant: place.tenant(), place: place.to_string() };
        match stored(kept).map_err(|_| damaged())? {
            Stored::Plain(text) => Ok(text),
            Stored::Sealed(sealed) => {
                let key = self.payload_key(place.tenant(), sealed.key())?.ok_or_else(damaged)?;
                Ok(key.open_text(place, &sealed).map_err(|_| damaged())?)
            }
        }
    }

    /// Opens, in place, the tenant's file `file` kept as `kept`, when it is sealed and opens; returns
    /// whether it did. Bytes that are not sealed (or not for this place) are left as they are, for
    /// their digest to tell.
    pub(super) fn open_file_bytes(&self, tenant: i64, file: &FileRef, kept: &mut Vec<u8>) -> Result<bool, StoreError> {
        let Some(id) = sealed_bytes_key(kept) else { return Ok(false) };
        let Some(key) = self.payload_key(tenant, &id)? else { return Ok(false) };
        Ok(key.open_bytes(&Place::file(tenant, &file.hex()), kept).is_ok())
    }

    /// Returns the tenant's file `file` of the bytes `plain` sealed with its current payload key.
    pub(super) fn seal_file_bytes(&self, tenant: i64, file: &FileRef, plain: &[u8]) -> Result<Vec<u8>, StoreError> {
        let key = self.current_payload_key(tenant)?;
        Ok(key.seal_bytes(&Place::file(tenant, &file.hex()), plain)?)
    }

    /// Gives the tenant a new current payload key, retiring the others, which stay to open what they
    /// sealed, and audits it as `tenant.payload_key` by `actor`; returns the new key's ID and the one it
    /// replaced. Other nodes take it up within a minute.
    pub(super) fn rotate_tenant_payload_key(
        &self,
        tenant: &TenantRecord,
        actor: &Principal,
    ) -> Result<(KeyId, Option<KeyId>), StoreError> {
        let edge = self.sealer.key()?;
        let new = Arc::new(PayloadKey::generate()?);
        let wrapped = new.wrap(edge, tenant.id)?;
        let retired = self.write(|tx| {
            lock_keys(tx, tenant.id)?;
            if let Err(err) = same_edge_key(tx, edge)? {
                return Ok(Err(err));
            }
            let retired = current_row(tx, tenant.id)?.map(|(id, _)| id);
            let now = now_ms();
            tx.execute(
                "UPDATE payload_keys SET retired_at = $2 WHERE tenant_id = $1 AND retired_at IS NULL",
                &[&tenant.id, &now],
            )?;
            tx.execute(
                "INSERT INTO payload_keys (tenant_id, key_id, wrapped, created_at) VALUES ($1, $2, $3, $4)",
                &[&tenant.id, &new.id().as_str(), &wrapped, &now],
            )?;
            let old = serde_json::to_string(&retired).unwrap_or_default();
            let key = serde_json::to_string(new.id().as_str()).unwrap_or_default();
            audit(tx, tenant, &actor.actor_in(tenant), Action::TenantPayloadKey, &old, &key)?;
            Ok(Ok(retired))
        })??;
        self.payloads.keep(tenant.id, &new, true);
        Ok((new.id().clone(), retired.as_deref().and_then(KeyId::parse)))
    }
}

#[cfg(test)]
mod tests {
    //! What every store must do alike with the tenants' payloads: each test runs against every store
    //! [`stores`] yields, and the last through a whole edge on each.

    use oz0_core::api::{JobKind, Role, TenantName, TreeId};

    use super::super::testing::{Scratch, files_holding, stores};
    use super::super::{JobStore, NewJob, NewToken, Principal, SealStore, Store, TenantRecord};
    use super::*;
    use crate::files::{Blobs, DiskBlobs, FileError, FileStore, digest};
    use crate::sealing::KeySource;

    /// What no stored text may show in plain text once it is sealed.
    const MARKER: &str = "quokka-sealed-7e91c";

    fn key() -> Arc<EdgeKey> {
        Arc::new(EdgeKey::generate(KeySource::Variable("OZ0_MASTER_KEY".to_owned())).unwrap())
    }

    fn local(store: &dyn Store) -> Principal {
        store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap()
    }

    fn other_tenant(store: &dyn Store, admin: &Principal) -> TenantRecord {
        let name = TenantName::new("other").unwrap();
        let token =
            NewToken { tenant: &name, create_tenant: true, person: None, roles: &[Role::Admin], hash: &[9; 32] };
        store.issue_token(&token, admin).unwrap().unwrap().principal.tenant
    }

    fn id(text: &str) -> TreeId {
        TreeId::new(text).unwrap()
    }

    fn agent<'a>(id: &'a TreeId, input: &'a str) -> NewJob<'a> {
        NewJob { id, kind: JobKind::Agent, name: "reader", person: "local", input: Some(input) }
    }

    /// Returns the ID of the payload key that sealed the text `kept`.
    fn sealed_by(kept: &str) -> String {
        assert!(kept.starts_with("oz0p1:"), "{kept} is sealed");
        kept[6..22].to_owned()
    }

    #[test]
    fn payloads_are_sealed_at_rest_bound_to_their_row_and_read_back_as_before() {
        for store in stores() {
            store.seal_payloads(true);
            assert!(store.seals_payloads());
            let t = &local(&*store).tenant;
            let (j1, j2) = (id("J1"), id("J2"));
            store.start_job(t, &agent(&j1, &format!("asked {MARKER}"))).unwrap();
            store.start_job(t, &agent(&j2, "second")).unwrap();
            store.set_output(t, &j1, &format!("answered {MARKER}")).unwrap();
            store.set_output(t, &j2, "other").unwrap();
            store.say(t, &j1, &format!("{{\"said\":\"{MARKER}\"}}")).unwrap();
            store.say(t, &j1, "{\"said\":\"two\"}").unwrap();
            let io = (Some(format!("asked {MARKER}")), Some(format!("answered {MARKER}")));
            assert_eq!(store.job_io(t, &j1).unwrap(), io, "{}", store.kind());
            let said = store.said(t, &j1, 0).unwrap();
            assert_eq!(said, [(1, 0, format!("{{\"said\":\"{MARKER}\"}}")), (2, 0, "{\"said\":\"two\"}".to_owned())]);
            assert_eq!(store.said(t, &j1, 1).unwrap().len(), 1);
            let kept = store.sql("SELECT input || ' ' || output FROM jobs UNION ALL SELECT message FROM said");
            assert_eq!(kept.len(), 4);
            assert!(kept.iter().all(|k| !k.contains(MARKER) && k.starts_with("oz0p1:")), "{kept:?}");

            // A sealed value moved to another row, or another column, does not open there.
            store.sql("UPDATE jobs SET output = (SELECT output FROM jobs WHERE id = 'J1') WHERE id = 'J2'");
            let err = store.job_io(t, &j2).unwrap_err().to_string();
            assert!(err.contains("the sealed jobs.output of J2") && err.contains("does not open"), "{err}");
            store.sql("UPDATE said SET message = (SELECT message FROM said WHERE n = 1) WHERE n = 2");
            let err = store.said(t, &j1, 0).unwrap_err().to_string();
            assert!(err.contains("said.message of J1 2"), "{}: {err}", store.kind());
            store.sql("UPDATE jobs SET input = output WHERE id = 'J1'");
            assert!(store.job_io(t, &j1).unwrap_err().to_string().contains("jobs.input of J1"));
            // Written again, it is sound again.
            store.set_output(t, &j2, "mended").unwrap();
            assert_eq!(store.job_io(t, &j2).unwrap().1.as_deref(), Some("mended"));
        }
    }

    #[test]
    fn sealed_and_plain_payloads_mixed_read_back_and_sealing_is_a_choice_of_each_store() {
        for store in stores() {
            assert_eq!(store.seals_payloads(), store.shared(), "{}: sealed by default when shared", store.kind());
            assert!(!store.reopen().seals_payloads(), "not without the edge key, unless chosen");
            let t = &local(&*store).tenant;
            let (j1, j2) = (id("J1"), id("J2"));
            store.seal_payloads(false);
            store.start_job(t, &agent(&j1, "oz0p1:0123456789abcdef:AAAA looks sealed")).unwrap();
            store.set_output(t, &j1, "plain answer").unwrap();
            store.say(t, &j1, "plain message").unwrap();
            store.say(t, &j1, "oz0p1:a plain message").unwrap();
            assert_eq!(store.sql("SELECT input FROM jobs"), ["oz0p0:oz0p1:0123456789abcdef:AAAA looks sealed"]);
            store.seal_payloads(true);
            store.start_job(t, &agent(&j2, "sealed input")).unwrap();
            store.say(t, &j1, "sealed message").unwrap();
            store.set_output(t, &j2, "oz0p0:an answer").unwrap();
            assert_eq!(
                store.job_io(t, &j1).unwrap(),
                (Some("oz0p1:0123456789abcdef:AAAA looks sealed".to_owned()), Some("plain answer".to_owned()))
            );
            assert_eq!(
                store.job_io(t, &j2).unwrap(),
                (Some("sealed input".to_owned()), Some("oz0p0:an answer".to_owned())),
                "{}",
                store.kind()
            );
            let said: Vec<String> = store.said(t, &j1, 0).unwrap().into_iter().map(|(_, _, m)| m).collect();
            assert_eq!(said, ["plain message", "oz0p1:a plain message", "sealed message"]);
            let kept = store.sql("SELECT message FROM said ORDER BY n");
            assert_eq!(kept[..2], ["plain message", "oz0p0:oz0p1:a plain message"]);
            assert!(kept[2].starts_with("oz0p1:") && !kept[2].contains("sealed message"), "{kept:?}");
        }
    }

    #[test]
    fn sealed_payload_messages_are_numbered_on_without_a_gap_whoever_says_them() {
        for store in stores() {
            store.seal_payloads(true);
            let t = &local(&*store).tenant;
            let job = id("J1");
            store.start_job(t, &agent(&job, "asked")).unwrap();
            store.say(t, &job, "one").unwrap();
            // Another node says the next: this store's guess of the number is taken, and it finds the next.
            let other = store.reopen();
            other.unlock(Arc::clone(&store.key)).unwrap();
            other.seal_payloads(true);
            other.say(t, &job, "two").unwrap();
            store.say(t, &job, "three").unwrap();
            // The messages gone (as an erasure removes them), numbering starts again from 1.
            store.sql("DELETE FROM said");
            store.say(t, &job, "again").unwrap();
            let said: Vec<(u32, String)> =
                store.said(t, &job, 0).unwrap().into_iter().map(|(n, _, m)| (n, m)).collect();
            assert_eq!(said, [(1, "again".to_owned())], "{}", store.kind());
            store.sql("DELETE FROM said");
            for text in ["one", "two", "three"] {
                store.say(t, &job, text).unwrap();
                other.say(t, &job, &format!("{text} too")).unwrap();
            }
            let said: Vec<(u32, String)> =
                store.said(t, &job, 0).unwrap().into_iter().map(|(n, _, m)| (n, m)).collect();
            let numbers: Vec<u32> = said.iter().map(|(n, _)| *n).collect();
            assert_eq!(numbers, [1, 2, 3, 4, 5, 6], "{}: {said:?}", store.kind());
        }
    }

    #[test]
    fn a_rotated_payload_key_seals_what_follows_and_the_retired_one_still_opens_what_it_sealed() {
        for store in stores() {
            store.seal_payloads(true);
            let admin = local(&*store);
            let (t, other) = (&admin.tenant, other_tenant(&*store, &admin));
            let (j1, j2, j3) = (id("J1"), id("J2"), id("J3"));
            store.start_job(t, &agent(&j1, "before")).unwrap();
            store.start_job(&other, &agent(&j3, "theirs")).unwrap();
            let first = sealed_by(&store.sql("SELECT input FROM jobs WHERE id = 'J1'")[0]);
            let theirs = sealed_by(&store.sql("SELECT input FROM jobs WHERE id = 'J3'")[0]);
            assert_ne!(first, theirs, "each tenant has a key of its own");

            let (second, retired) = store.rotate_payload_key(t, &admin).unwrap();
            assert_ne!(second.as_str(), first);
            assert_eq!(retired.as_ref().map(KeyId::as_str), Some(first.as_str()));
            let audited = store.sql("SELECT old || ' -> ' || new FROM audit WHERE action = 'tenant.payload_key'");
            assert_eq!(audited, [format!("\"{first}\" -> \"{second}\"")], "{}", store.kind());
            store.start_job(t, &agent(&j2, "after")).unwrap();
            assert_eq!(sealed_by(&store.sql("SELECT input FROM jobs WHERE id = 'J2'")[0]), second.as_str());
            let current = store
                .sql(&format!("SELECT key_id FROM payload_keys WHERE tenant_id = {} AND retired_at IS NULL", t.id));
            assert_eq!(current, [second.to_string()], "{}", store.kind());
            assert_eq!(store.sql(&format!("SELECT key_id FROM payload_keys WHERE tenant_id = {}", t.id)).len(), 2);

            // A store that opened no key yet opens both, and the other tenant's.
            let again = store.reopen();
            again.unlock(Arc::clone(&store.key)).unwrap();
            assert_eq!(again.job_io(t, &j1).unwrap().0.as_deref(), Some("before"));
            assert_eq!(again.job_io(t, &j2).unwrap().0.as_deref(), Some("after"));
            assert_eq!(again.job_io(&other, &j3).unwrap().0.as_deref(), Some("theirs"));
            // A tenant's key copied to another tenant does not open there.
            store.sql(&format!(
                "UPDATE payload_keys SET wrapped = (SELECT wrapped FROM payload_keys WHERE key_id = '{second}') \
                 WHERE key_id = '{theirs}'"
            ));
            let err = store.reopen();
            err.unlock(Arc::clone(&store.key)).unwrap();
            let err = err.job_io(&other, &j3).unwrap_err().to_string();
            assert!(err.contains(&format!("the payload key {theirs} of the tenant {}", other.id)), "{err}");
        }
    }

    #[test]
    fn a_rotation_of_the_edge_key_wraps_the_payload_keys_again_and_every_payload_still_opens() {
        for store in stores() {
            store.seal_payloads(true);
            let admin = local(&*store);
            let (t, other) = (&admin.tenant, other_tenant(&*store, &admin));
            store.start_job(t, &agent(&id("J1"), "mine")).unwrap();
            store.say(t, &id("J1"), "a message").unwrap();
            store.start_job(&other, &agent(&id("J2"), "theirs")).unwrap();
            let new = key();
            assert_eq!(store.reseal(&store.key, &new).unwrap(), 0, "{}: no plugin", store.kind());
            let wrapped = store.sql("SELECT wrapped FROM payload_keys");
            assert_eq!(wrapped.len(), 2);
            assert!(wrapped.iter().all(|w| w.starts_with(&format!("oz0s1.{}.", new.id()))), "{wrapped:?}");

            let again = store.reopen();
            again.unlock(Arc::clone(&new)).unwrap();
            again.seal_payloads(true);
            assert_eq!(again.job_io(t, &id("J1")).unwrap().0.as_deref(), Some("mine"));
            assert_eq!(again.said(t, &id("J1"), 0).unwrap()[0].2, "a message");
            assert_eq!(again.job_io(&other, &id("J2")).unwrap().0.as_deref(), Some("theirs"));
            again.set_output(t, &id("J1"), "after the rotation").unwrap();
            assert_eq!(again.job_io(t, &id("J1")).unwrap().1.as_deref(), Some("after the rotation"));
            // A store still on the old key makes no payload key the new one cannot open.
            let stale = store.reopen();
            assert!(stale.unlock(Arc::clone(&store.key)).is_err());
        }
    }

    #[test]
    fn a_payload_key_is_made_once_however_many_nodes_ask_at_once() {
        let scratch = Scratch::new();
        let key = key();
        let nodes: Vec<SqlStore> = (0..4).map(|_| SqlStore::postgres(&scratch.url).unwrap()).collect();
        for node in &nodes {
            node.unlock(Arc::clone(&key)).unwrap();
        }
        let t = local(&nodes[0]).tenant;
        std::thread::scope(|scope| {
            for (n, node) in nodes.iter().enumerate() {
                let t = &t;
                scope.spawn(move || {
                    let job = id(&format!("J{n}"));
                    node.start_job(t, &agent(&job, "at once")).unwrap();
                });
            }
        });
        let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
        let keys: i64 = client.query_one("SELECT count(*) FROM payload_keys", &[]).unwrap().get(0);
        assert_eq!(keys, 1);
        for (n, node) in nodes.iter().enumerate() {
            assert_eq!(node.job_io(&t, &id(&format!("J{}", 3 - n))).unwrap().0.as_deref(), Some("at once"));
        }
    }

    #[test]
    fn a_sealed_payload_file_of_32_mib_on_disk_reads_back_whole() {
        let dir = tempfile::tempdir().unwrap();
        let store: Arc<dyn Store> = Arc::new(SqlStore::sqlite(dir.path()).unwrap());
        store.unlock(key()).unwrap();
        store.seal_payloads(true);
        let t = local(store.as_ref()).tenant;
        let blobs = DiskBlobs::new(dir.path().join("files"), Arc::clone(&store));
        let whole = usize::try_from(oz0_core::api::MAX_FILE_BYTES).unwrap();
        let mut big = format!("{MARKER} ").repeat(whole / (MARKER.len() + 1) + 1).into_bytes();
        big.truncate(whole);
        let file = blobs.keep(&t, &id("T"), &big).unwrap();
        assert!(files_holding(&dir.path().join("files"), MARKER.as_bytes()).is_empty());
        assert!(blobs.get(t.id, &file).unwrap() == big);
    }

    #[test]
    fn sealed_payload_files_on_disk_open_in_their_place_only_and_are_written_once() {
        let dir = tempfile::tempdir().unwrap();
        let store: Arc<dyn Store> = Arc::new(SqlStore::sqlite(dir.path()).unwrap());
        store.unlock(key()).unwrap();
        let t = local(store.as_ref()).tenant;
        let blobs = DiskBlobs::new(dir.path().join("files"), Arc::clone(&store));
        let tree = id("T");
        let bytes = format!("a file of {MARKER}").into_bytes();

        // Kept plain, then sealed when kept again under sealing; and kept once after.
        let file = blobs.keep(&t, &tree, &bytes).unwrap();
        let path = dir.path().join("files").join(t.id.to_string()).join(&file.hex()[..2]).join(&file.hex()[2..]);
        assert_eq!(std::fs::read(&path).unwrap(), bytes, "SQLite keeps plain by default");
        store.seal_payloads(true);
        assert_eq!(blobs.keep(&t, &tree, &bytes).unwrap(), file);
        let sealed = std::fs::read(&path).unwrap();
        assert!(sealed.starts_with(b"oz0p1:"));
        assert!(files_holding(&dir.path().join("files"), MARKER.as_bytes()).is_empty());
        assert_eq!(blobs.get(t.id, &file).unwrap(), bytes);
        blobs.keep(&t, &tree, &bytes).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), sealed, "a sound sealed blob is not written again");
        store.seal_payloads(false);
        blobs.keep(&t, &tree, &bytes).unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), sealed, "nor made plain");
        assert_eq!(blobs.get(t.id, &file).unwrap(), bytes, "and read as ever");

        // A plain file that begins as a sealed one does reads as itself.
        store.seal_payloads(false);
        let lookalike = b"oz0p1:0123456789abcdef and then plain bytes".to_vec();
        let plain = blobs.keep(&t, &tree, &lookalike).unwrap();
        store.seal_payloads(true);
        assert_eq!(blobs.get(t.id, &plain).unwrap(), lookalike);

        // Damaged, or moved to another tenant, a sealed blob does not open; kept again, it is mended.
        let mut damaged = sealed.clone();
        damaged[60] ^= 1;
        std::fs::write(&path, &damaged).unwrap();
        assert!(matches!(blobs.get(t.id, &file), Err(FileError::Damaged { .. })));
        blobs.keep(&t, &tree, &bytes).unwrap();
        assert_eq!(blobs.get(t.id, &file).unwrap(), bytes);
        let theirs = dir.path().join("files/99").join(&file.hex()[..2]);
        std::fs::create_dir_all(&theirs).unwrap();
        std::fs::copy(&path, theirs.join(&file.hex()[2..])).unwrap();
        assert!(matches!(blobs.get(99, &file), Err(FileError::Damaged { .. })));
        // Read without the store that seals, a sealed blob is damaged, never handed on as it is.
        let bare = FileStore::new(dir.path().join("files"));
        assert!(matches!(bare.get(t.id, &file), Err(FileError::Damaged { .. })));
        assert_eq!(digest(&blobs.get(t.id, &file).unwrap()), digest(&bytes));
    }

    /// An edge's data folder and store, opened as a node opens them, with sealing on.
    struct Edge {
        dir: tempfile::TempDir,
        scratch: Option<Scratch>,
    }

    impl Edge {
        fn location(&self) -> super::super::Location {
            match &self.scratch {
                None => super::super::Location::Sqlite,
                Some(scratch) => super::super::Location::Postgres(Box::new(scratch.url.clone())),
            }
        }

        fn open(&self) -> Arc<crate::state::EdgeState> {
            let place = crate::sealing::KeyPlace::in_data(self.dir.path());
            let state = crate::state::EdgeState::open_at(self.dir.path(), &self.location(), &place, None).unwrap();
            state.store().seal_payloads(true);
            state
        }

        /// Returns where `needle` is found: the files of the data folder (SQLite's WAL emptied into its
        /// database first), and each text and bytes column of every table of the PostgreSQL store, its
        /// bytes written as PostgreSQL writes them (hex).
        fn leaks(&self, needle: &str) -> Vec<String> {
            let mut found: Vec<String> =
                files_holding(self.dir.path(), needle.as_bytes()).iter().map(|p| p.display().to_string()).collect();
            let db = self.dir.path().join(super::super::DATABASE_FILE);
            if db.exists() {
                let conn = rusqlite::Connection::open(&db).unwrap();
                conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(())).unwrap();
                drop(conn);
                found.extend(files_holding(self.dir.path(), needle.as_bytes()).iter().map(|p| p.display().to_string()));
            }
            if let Some(scratch) = &self.scratch {
                let hex: String = needle.bytes().map(|b| format!("{b:02x}")).collect();
                let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
                for table in super::super::migrations::TABLES {
                    let rows = client.query(&format!("SELECT t::text FROM {table} t"), &[]).unwrap();
                    for row in rows {
                        let text: String = row.get(0);
                        if text.contains(needle) || text.contains(&hex) {
                            found.push(format!("the table {table}"));
                        }
                    }
                }
            }
            found
        }
    }

    #[test]
    fn with_sealed_payloads_no_payload_is_left_plain_in_the_data_folder_or_the_database() {
        let edges = [
            Edge { dir: tempfile::tempdir().unwrap(), scratch: None },
            Edge { dir: tempfile::tempdir().unwrap(), scratch: Some(Scratch::new()) },
        ];
        for edge in &edges {
            let state = edge.open();
            let t = local(state.store()).tenant;
            let (job, tree) = (id("J1"), id("J1"));
            let small = format!("a note of {MARKER}").into_bytes();
            let big: Vec<u8> = format!("{MARKER} ").bytes().cycle().take(1 << 20).collect();
            let files = [state.keep_file(&t, &tree, &small).unwrap(), state.keep_file(&t, &tree, &big).unwrap()];
            let store = state.store();
            store.start_job(&t, &agent(&job, &format!("asked {MARKER}"))).unwrap();
            store.set_output(&t, &job, &format!("answered {MARKER}")).unwrap();
            store.say(&t, &job, &format!("{{\"said\":\"{MARKER}\"}}")).unwrap();
            assert_eq!(edge.leaks(MARKER), Vec::<String>::new(), "{}", store.kind());

            let read_back = |state: &crate::state::EdgeState| {
                let (store, files_of) = (state.store(), state.files());
                assert_eq!(files_of.get(t.id, &files[0].file).unwrap(), small);
                assert!(files_of.get(t.id, &files[1].file).unwrap() == big, "the 1 MiB file reads back whole");
                let io = (Some(format!("asked {MARKER}")), Some(format!("answered {MARKER}")));
                assert_eq!(store.job_io(&t, &job).unwrap(), io);
                assert_eq!(store.said(&t, &job, 0).unwrap()[0].2, format!("{{\"said\":\"{MARKER}\"}}"));
            };
            read_back(&state);
            drop(state);

            // The edge key rotated, the payload keys are wrapped again and every payload still opens.
            let place = crate::sealing::KeyPlace::in_data(edge.dir.path());
            let rotated = crate::sealing::rotation::rotate_edge(edge.dir.path(), &edge.location(), &place, None);
            assert_eq!(rotated.unwrap().resealed, 0);
            let state = edge.open();
            read_back(&state);
            assert_eq!(edge.leaks(MARKER), Vec::<String>::new());
        }
    }
}
