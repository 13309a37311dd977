//! Files' bytes in the database that the nodes share: [`Blobs`] on PostgreSQL (a store of one node
//! keeps them on its disk, in [`crate::files::DiskBlobs`], and has no `blobs` table). A blob is a row of
//! `blobs`, keyed by tenant and digest, so that storing the same bytes again keeps one row and another
//! tenant's reference finds nothing; it is written in one transaction with the tree's record of it,
//! so that no blob is left that no tree stored, and no record names a blob that is not there. When the
//! store seals payloads, a blob's bytes are sealed with its tenant's payload key, bound to its digest.

use oz0_core::api::{FileRef, TreeId};

use super::records::{TenantRecord, now_ms};
use super::sql::{Failure, Lock, lock_shared};
use super::sql_store::SqlStore;
use crate::files::{Blobs, FileError, check_size, digest, unsealed};
use crate::sealing::payload::Place;

impl SqlStore {
    /// Returns whether the tenant's blob `file` is kept already as it is to be: its bytes sound (their
    /// digest, or sealed ones that open to bytes of that digest) and, when the store seals, sealed. A
    /// sound plain row is told so by the database, without its bytes crossing.
    fn kept_soundly(&self, tenant: i64, file: &FileRef, sealing: bool) -> Result<bool, FileError> {
        let found = self
            .read(|sql| {
                let row = sql.query_opt(
                    "SELECT plain, CASE WHEN plain THEN NULL ELSE bytes END FROM (
                       SELECT sha256(bytes) = decode(digest, 'hex') AS plain, bytes FROM blobs
                       WHERE tenant_id = $1 AND digest = $2) b",
                    &[&tenant, &file.hex()],
                )?;
                row.map(|row| Ok::<_, Failure>((row.try_get::<_, bool>(0)?, row.try_get::<_, Option<Vec<u8>>>(1)?)))
                    .transpose()
            })
            .map_err(FileError::Store)?;
        Ok(match found {
            None => false,
            Some((true, _)) => !sealing,
            Some((false, None)) => false,
            Some((false, Some(kept))) => matches!(unsealed(Some(self), tenant, file, kept), Ok((_, true))),
        })
    }
}

impl Blobs for SqlStore {
    fn keep(&self, tenant: &TenantRecord, tree: &TreeId, bytes: &[u8]) -> Result<FileRef, FileError> {
        check_size(bytes)?;
        let file = FileRef::from_digest(digest(bytes));
        let (hex, size, now) = (file.hex(), i64::try_from(bytes.len()).unwrap_or(i64::MAX), now_ms());
        let sealing = self.sealing_payloads();
        let kept = self
            .seal_for(tenant.id)
            .and_then(|seal| Ok(seal.bytes(&Place::file(tenant.id, &hex), bytes)?))
            .map_err(FileError::Store)?;
        let done = self.write(|tx| {
            // Shared with every other keeping, and never while retention or an erasure removes blobs.
            lock_shared(tx, Lock::Blobs, tenant.id)?;
            let inserted = tx.execute(
                "INSERT INTO blobs (tenant_id, digest, bytes, stored_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (tenant_id, digest) DO NOTHING",
                &[&tenant.id, &hex, &kept.as_ref(), &now],
            )?;
            tx.execute(
                "INSERT INTO files (tenant_id, tree, digest, size, stored_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (tenant_id, tree, digest) DO UPDATE SET stored_at = EXCLUDED.stored_at",
                &[&tenant.id, &tree.as_str(), &hex, &size, &now],
            )?;
            Ok(Ok::<_, std::convert::Infallible>(inserted))
        });
        let inserted = done.map_err(FileError::Store)?.unwrap_or_else(|never| match never {});
        // Kept before: a sound row is left alone, so that the bytes are kept once; a damaged one (or one
        // kept plain, when the store seals now) is written over, as the disk store writes over a damaged
        // file. It is checked after the transaction, which holds a connection that opening it may need;
        // the tree's record, written, keeps retention from removing it meanwhile.
        if inserted == 0 && !self.kept_soundly(tenant.id, &file, sealing)? {
            let done = self.write(|tx| {
                lock_shared(tx, Lock::Blobs, tenant.id)?;
                tx.execute(
                    "UPDATE blobs SET bytes = $3, stored_at = $4 WHERE tenant_id = $1 AND digest = $2",
                    &[&tenant.id, &hex, &kept.as_ref(), &now],
                )?;
                Ok(Ok::<_, std::convert::Infallible>(()))
            });
            done.map_err(FileError::Store)?.unwrap_or_else(|never| match never {});
        }
        Ok(file)
    }

    fn get(&self, tenant: i64, file: &FileRef) -> Result<Vec<u8>, FileError> {
        let bytes = self
            .read(|sql| {
                let row = sql.query_opt(
                    "SELECT bytes FROM blobs WHERE tenant_id = $1 AND digest = $2",
                    &[&tenant, &file.hex()],
                )?;
                row.map(|row| row.try_get::<_, Vec<u8>>(0)).transpose()
            })
            .map_err(FileError::Store)?;
        Ok(unsealed(Some(self), tenant, file, bytes.ok_or(FileError::Missing(*file))?)?.0)
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::{MAX_FILE_BYTES, TenantName};

    use super::*;
    use crate::sealing::{EdgeKey, KeySource};
    use crate::store::testing::Scratch;
    use crate::store::{SealStore, Store};

    /// Returns a store on a new database, its first tenant and a second one.
    fn store() -> (Scratch, SqlStore, TenantRecord, TenantRecord) {
        let scratch = Scratch::new();
        let store = SqlStore::postgres(&scratch.url).unwrap();
        let admin = store.first_token(&TenantName::new("main").unwrap(), &[1; 32]).unwrap().unwrap();
        let other = TenantName::new("other").unwrap();
        let new = crate::store::NewToken {
            tenant: &other,
            create_tenant: true,
            person: None,
            roles: &[oz0_core::api::Role::Content],
            hash: &[2; 32],
        };
        let other = store.issue_token(&new, &admin).unwrap().unwrap().principal.tenant;
        (scratch, store, admin.tenant, other)
    }

    fn rows(scratch: &Scratch, sql: &str) -> i64 {
        let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
        client.query_one(sql, &[]).unwrap().get(0)
    }

    #[test]
    fn a_blob_is_kept_once_per_tenant_and_read_back_by_digest() {
        let (scratch, store, main, _) = store();
        let tree = TreeId::new("T").unwrap();
        let file = store.keep(&main, &tree, b"hello").unwrap();
        assert_eq!(file.hex(), "2cf24dba5fb0a30e26e83b2ac5b9e29e1b161e5c1fa7425e73043362938b9824");
        assert_eq!(store.get(main.id, &file).unwrap(), b"hello");
        assert_eq!(store.file_size(&main, &tree, &file).unwrap(), Some(5), "the tree's record is kept with it");
        let again = store.keep(&main, &TreeId::new("U").unwrap(), b"hello").unwrap();
        assert_eq!(again, file);
        assert_eq!(rows(&scratch, "SELECT count(*) FROM blobs"), 1, "the same bytes are one row");
        assert_eq!(rows(&scratch, "SELECT count(*) FROM files"), 2, "each tree records it");
        let never = FileRef::from_digest([0; 32]);
        assert!(matches!(store.get(main.id, &never), Err(FileError::Missing(_))));
    }

    #[test]
    fn another_tenants_blob_is_missing_as_one_never_stored() {
        let (_scratch, store, main, other) = store();
        let file = store.keep(&main, &TreeId::new("T").unwrap(), b"secret").unwrap();
        let err = store.get(other.id, &file).unwrap_err();
        assert!(matches!(err, FileError::Missing(f) if f == file), "{err}");
        assert_eq!(err.to_string(), format!("no file {file}"));
        assert_eq!(store.keep(&other, &TreeId::new("T").unwrap(), b"secret").unwrap(), file);
        assert_eq!(store.get(other.id, &file).unwrap(), b"secret", "each tenant keeps its own copy");
    }

    #[test]
    fn a_damaged_row_is_reported_not_returned_and_storing_it_again_repairs_it() {
        let (scratch, store, main, _) = store();
        let tree = TreeId::new("T").unwrap();
        let file = store.keep(&main, &tree, b"original").unwrap();
        let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
        client.execute("UPDATE blobs SET bytes = 'tampered'::bytea", &[]).unwrap();
        let err = store.get(main.id, &file).unwrap_err();
        assert!(matches!(err, FileError::Damaged { .. }), "{err}");
        assert!(err.to_string().contains("is damaged"), "{err}");
        assert_eq!(store.keep(&main, &tree, b"original").unwrap(), file);
        assert_eq!(store.get(main.id, &file).unwrap(), b"original");
    }

    /// Returns a store as [`store`] does, opened with an edge key: it seals payloads.
    fn sealing() -> (Scratch, SqlStore, TenantRecord, TenantRecord) {
        let (scratch, store, main, other) = store();
        let key = EdgeKey::generate(KeySource::Variable("OZ0_MASTER_KEY".to_owned())).unwrap();
        assert!(!store.seals_payloads(), "not before it has the edge key");
        store.unlock(std::sync::Arc::new(key)).unwrap();
        assert!(store.seals_payloads(), "a shared store seals by default");
        (scratch, store, main, other)
    }

    /// Returns the bytes the store keeps of the tenant's blob.
    fn kept(scratch: &Scratch, tenant: i64) -> Vec<u8> {
        let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
        client.query_one("SELECT bytes FROM blobs WHERE tenant_id = $1", &[&tenant]).unwrap().get(0)
    }

    fn sql(scratch: &Scratch, sql: &str, tenant: i64) {
        let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
        client.execute(sql, &[&tenant]).unwrap();
    }

    #[test]
    fn sealed_payload_blobs_read_back_are_kept_once_and_open_for_their_tenant_only() {
        let (scratch, store, main, other) = sealing();
        let tree = TreeId::new("T").unwrap();
        let bytes = b"a file of quokka-blob-3b7e".as_slice();
        let file = store.keep(&main, &tree, bytes).unwrap();
        let sealed = kept(&scratch, main.id);
        assert!(sealed.starts_with(b"oz0p1:") && !sealed.windows(6).any(|w| w == b"quokka"));
        assert_eq!(store.get(main.id, &file).unwrap(), bytes);
        store.keep(&main, &TreeId::new("U").unwrap(), bytes).unwrap();
        assert_eq!(kept(&scratch, main.id), sealed, "a sound sealed row is not written again");
        store.seal_payloads(false);
        store.keep(&main, &tree, bytes).unwrap();
        assert_eq!(kept(&scratch, main.id), sealed, "nor made plain");
        assert_eq!(store.get(main.id, &file).unwrap(), bytes);

        // Copied to another tenant's row, it does not open there.
        sql(
            &scratch,
            "INSERT INTO blobs (tenant_id, digest, bytes, stored_at) SELECT $1, digest, bytes, stored_at FROM blobs",
            other.id,
        );
        assert!(matches!(store.get(other.id, &file), Err(FileError::Damaged { .. })));

        // Damaged, it is reported; kept again, it is mended.
        sql(
            &scratch,
            "UPDATE blobs SET bytes = set_byte(bytes, 60, get_byte(bytes, 60) # 1) WHERE tenant_id = $1",
            main.id,
        );
        assert!(matches!(store.get(main.id, &file), Err(FileError::Damaged { .. })));
        store.seal_payloads(true);
        store.keep(&main, &tree, bytes).unwrap();
        assert_eq!(store.get(main.id, &file).unwrap(), bytes);
        assert_ne!(kept(&scratch, main.id), sealed, "sealed again, with new salt");

        // A row kept plain is sealed when kept again by a store that seals; plain bytes that begin as
        // sealed ones do read as themselves.
        store.seal_payloads(false);
        let lookalike = b"oz0p1:0123456789abcdef and plain bytes after".as_slice();
        let plain = store.keep(&other, &tree, lookalike).unwrap();
        store.seal_payloads(true);
        assert_eq!(store.get(other.id, &plain).unwrap(), lookalike);
        store.keep(&other, &tree, lookalike).unwrap();
        let mut client = scratch.url.config().connect(postgres::NoTls).unwrap();
        let now: Vec<u8> = client
            .query_one("SELECT bytes FROM blobs WHERE tenant_id = $1 AND digest = $2", &[&other.id, &plain.hex()])
            .unwrap()
            .get(0);
        assert!(now.len() > lookalike.len() && now.starts_with(b"oz0p1:"), "sealed now");
        assert_eq!(store.get(other.id, &plain).unwrap(), lookalike);
    }

    #[test]
    fn a_sealed_payload_blob_of_megabytes_reads_back_whole() {
        // The 32 MiB bound of a sealed file is the disk store's test: sealing is the same here, and
        // unoptimized it takes most of a minute a 32 MiB file.
        let (scratch, store, main, _) = sealing();
        let whole = usize::try_from(MAX_FILE_BYTES / 8).unwrap();
        let mut big = b"quokka-blob-3b7e ".repeat(whole / 17 + 1);
        big.truncate(whole);
        let file = store.keep(&main, &TreeId::new("T").unwrap(), &big).unwrap();
        assert!(kept(&scratch, main.id).len() > whole);
        assert!(store.get(main.id, &file).unwrap() == big);
    }

    #[test]
    fn refuses_more_than_32_mib_and_keeps_nothing_of_it() {
        let (scratch, store, main, _) = store();
        let tree = TreeId::new("T").unwrap();
        let exactly = vec![b'a'; usize::try_from(MAX_FILE_BYTES).unwrap()];
        let file = store.keep(&main, &tree, &exactly).unwrap();
        assert_eq!(store.get(main.id, &file).unwrap().len() as u64, MAX_FILE_BYTES);
        let over = vec![b'a'; usize::try_from(MAX_FILE_BYTES).unwrap() + 1];
        assert!(matches!(store.keep(&main, &tree, &over), Err(FileError::TooLarge { .. })));
        assert_eq!(rows(&scratch, "SELECT count(*) FROM blobs"), 1);
        assert_eq!(rows(&scratch, "SELECT count(*) FROM files"), 1);
    }
}
