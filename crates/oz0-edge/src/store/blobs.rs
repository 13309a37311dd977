//! Files' bytes in the database that the nodes share: [`Blobs`] on PostgreSQL (a store of one node
//! keeps them on its disk, in [`crate::files::DiskBlobs`], and has no `blobs` table). A blob is a row of
//! `blobs`, keyed by tenant and digest, so that storing the same bytes again keeps one row and another
//! tenant's reference finds nothing; it is written in one transaction with the tree's record of it,
//! so that no blob is left that no tree stored, and no record names a blob that is not there.

use oz0_core::api::{FileRef, TreeId};

use super::records::{TenantRecord, now_ms};
use super::sql::{Lock, lock_shared};
use super::sql_store::SqlStore;
use crate::files::{Blobs, FileError, check_size, checked, digest};

impl Blobs for SqlStore {
    fn keep(&self, tenant: &TenantRecord, tree: &TreeId, bytes: &[u8]) -> Result<FileRef, FileError> {
        check_size(bytes)?;
        let file = FileRef::from_digest(digest(bytes));
        let (hex, size, now) = (file.hex(), i64::try_from(bytes.len()).unwrap_or(i64::MAX), now_ms());
        let done = self.write(|tx| {
            // Shared with every other keeping, and never while retention or an erasure removes blobs.
            lock_shared(tx, Lock::Blobs, tenant.id)?;
            // A row whose bytes no longer have their digest is written over, as the disk store writes
            // over a damaged file; a sound one is left alone, so that the bytes are kept once.
            tx.execute(
                "INSERT INTO blobs (tenant_id, digest, bytes, stored_at) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (tenant_id, digest) DO UPDATE SET bytes = EXCLUDED.bytes, stored_at = EXCLUDED.stored_at
                 WHERE sha256(blobs.bytes) <> decode(EXCLUDED.digest, 'hex')",
                &[&tenant.id, &hex, &bytes, &now],
            )?;
            tx.execute(
                "INSERT INTO files (tenant_id, tree, digest, size, stored_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (tenant_id, tree, digest) DO UPDATE SET stored_at = EXCLUDED.stored_at",
                &[&tenant.id, &tree.as_str(), &hex, &size, &now],
            )?;
            Ok(Ok::<_, std::convert::Infallible>(()))
        });
        match done.map_err(FileError::Store)? {
            Ok(()) => Ok(file),
            Err(never) => match never {},
        }
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
        checked(file, bytes.ok_or(FileError::Missing(*file))?)
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::{MAX_FILE_BYTES, TenantName};

    use super::*;
    use crate::store::Store;
    use crate::store::testing::Scratch;

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
