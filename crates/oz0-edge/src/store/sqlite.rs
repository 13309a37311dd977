//! The SQLite store: one file, WAL, a busy timeout, one writer.
//!
//! Writes go through one connection behind a mutex, each in an immediate transaction, so writers of this
//! process queue in order and writers of other processes wait on SQLite's lock for up to the busy
//! timeout. Reads use a small pool of their own connections, which WAL lets run beside the writer.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard, PoisonError};
use std::time::{Duration, SystemTime};

use oz0_core::api::{AuditEntry, FileRef, OffloadChange, OffloadPatch, Role, TenantName, TreeId};
use oz0_core::offload::{Offload, OffloadError, OffloadSettings, Tokens};
use rusqlite::{Connection, ErrorCode, OpenFlags, OptionalExtension, TransactionBehavior, params};

use super::migrations::{MIGRATIONS, latest};
use super::{Issued, NewToken, Principal, Store, StoreError, TenantRecord, rfc3339_millis};
use crate::sealing::Sealer;

/// How long a writer waits for another process's write lock.
const BUSY_TIMEOUT: Duration = Duration::from_secs(10);

/// How many idle read connections are kept.
const READERS: usize = 8;

/// The file the store lives in, inside its folder.
pub const DATABASE_FILE: &str = "oz0.sqlite";

/// The SQLite store.
#[derive(Debug)]
pub struct SqliteStore {
    path: PathBuf,
    writer: Mutex<Connection>,
    readers: Mutex<Vec<Connection>>,
    /// The node this process is, for the jobs it runs and the model calls it reserves.
    node: String,
    /// The edge key, once the store is opened with it.
    pub(super) sealer: Sealer,
}

pub(super) fn db(err: rusqlite::Error) -> StoreError {
    if err.sqlite_error_code() == Some(ErrorCode::DatabaseBusy)
        || err.sqlite_error_code() == Some(ErrorCode::DatabaseLocked)
    {
        StoreError::Busy { seconds: BUSY_TIMEOUT.as_secs() }
    } else {
        StoreError::Database(Box::new(err))
    }
}

pub(super) fn now_ms() -> i64 {
    SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(0))
}

fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    // A panic while holding a connection leaves no half-done transaction: rusqlite rolls it back on drop.
    mutex.lock().unwrap_or_else(PoisonError::into_inner)
}

pub(super) fn roles_text(roles: &[Role]) -> String {
    let mut roles: Vec<Role> = roles.to_vec();
    roles.sort();
    roles.dedup();
    roles.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(",")
}

pub(super) fn roles_of(text: &str) -> Vec<Role> {
    text.split(',').filter_map(|r| r.parse().ok()).collect()
}

fn tenant_name(text: String) -> rusqlite::Result<TenantName> {
    TenantName::new(&text)
        .map_err(|err| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, err.into()))
}

pub(super) fn settings_json(settings: &OffloadSettings) -> String {
    serde_json::to_string(settings).unwrap_or_else(|_| "null".to_owned())
}

impl SqliteStore {
    /// Opens the store in `dir` (made when missing, mode 0700), bringing its schema up to date. The
    /// database file and its WAL are 0600, whatever the umask, and one an older oz0 made is tightened.
    /// It keeps and returns plugins without secrets until [`super::SealStore::unlock`] gives it the edge
    /// key.
    pub fn open(dir: &Path) -> Result<Self, StoreError> {
        let failed = |source| StoreError::Open { path: dir.display().to_string(), source };
        crate::private::make_private(dir).map_err(failed)?;
        let path = dir.join(DATABASE_FILE);
        // SQLite makes the WAL and its index with the mode of the database file.
        match crate::private::create_new(&path) {
            Ok(_) => {}
            Err(err) if err.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(err) => return Err(failed(err)),
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            crate::private::tighten(&dir.join(format!("{DATABASE_FILE}{suffix}"))).map_err(failed)?;
        }
        let mut writer = Self::connect(&path, false)?;
        Self::wal(&writer)?;
        Self::migrate(&mut writer)?;
        let node = super::nodes::new_node_id();
        Ok(Self { path, writer: Mutex::new(writer), readers: Mutex::new(Vec::new()), node, sealer: Sealer::default() })
    }

    /// Returns the writer's connection, for what runs outside a transaction.
    pub(super) fn writer(&self) -> MutexGuard<'_, Connection> {
        lock(&self.writer)
    }

    /// Returns the node this store serves.
    pub(super) fn node_id(&self) -> &str {
        &self.node
    }

    fn connect(path: &Path, read_only: bool) -> Result<Connection, StoreError> {
        let flags = if read_only {
            OpenFlags::SQLITE_OPEN_READ_ONLY | OpenFlags::SQLITE_OPEN_NO_MUTEX
        } else {
            OpenFlags::SQLITE_OPEN_READ_WRITE | OpenFlags::SQLITE_OPEN_CREATE | OpenFlags::SQLITE_OPEN_NO_MUTEX
        };
        let conn = Connection::open_with_flags(path, flags).map_err(db)?;
        conn.busy_timeout(BUSY_TIMEOUT).map_err(db)?;
        conn.pragma_update(None, "foreign_keys", "ON").map_err(db)?;
        // FULL: a change the edge answered for survives a power cut, not only a crash of the process.
        conn.pragma_update(None, "synchronous", "FULL").map_err(db)?;
        Ok(conn)
    }

    /// Turns on WAL. Changing the journal mode takes a lock the busy handler does not wait for, so two
    /// processes opening a new store at once retry here.
    fn wal(conn: &Connection) -> Result<(), StoreError> {
        let mut tries = 0;
        loop {
            match conn.pragma_update_and_check(None, "journal_mode", "WAL", |row| row.get::<_, String>(0)) {
                Ok(_) => return Ok(()),
                Err(err) if err.sqlite_error_code() == Some(ErrorCode::DatabaseBusy) && tries < 200 => {
                    tries += 1;
                    std::thread::sleep(Duration::from_millis(25));
                }
                Err(err) => return Err(db(err)),
            }
        }
    }

    fn migrate(conn: &mut Connection) -> Result<(), StoreError> {
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(db)?;
        tx.execute_batch(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)",
        )
        .map_err(db)?;
        let current: u32 = tx
            .query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |row| row.get(0))
            .map_err(db)?;
        if current > latest() {
            return Err(StoreError::NewerSchema { found: current, known: latest() });
        }
        for (version, sql) in MIGRATIONS.iter().filter(|(version, _)| *version > current) {
            tx.execute_batch(sql).map_err(db)?;
            tx.execute(
                "INSERT INTO schema_migrations (version, applied_at) VALUES (?1, ?2)",
                params![version, now_ms()],
            )
            .map_err(db)?;
        }
        tx.commit().map_err(db)
    }

    /// Returns the database file's path.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Runs `f` with a read connection from the pool.
    pub(super) fn read<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, StoreError> {
        let conn = lock(&self.readers).pop();
        let conn = match conn {
            Some(conn) => conn,
            None => Self::connect(&self.path, true)?,
        };
        let result = f(&conn).map_err(db);
        let mut readers = lock(&self.readers);
        if readers.len() < READERS {
            readers.push(conn);
        }
        result
    }

    /// Runs `f` in an immediate transaction of the writer, committing when it returns `Ok(Ok(_))`.
    pub(super) fn write<T, E>(
        &self,
        f: impl FnOnce(&rusqlite::Transaction<'_>) -> rusqlite::Result<Result<T, E>>,
    ) -> Result<Result<T, E>, StoreError> {
        let mut conn = lock(&self.writer);
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate).map_err(db)?;
        let result = f(&tx).map_err(db)?;
        if result.is_ok() {
            tx.commit().map_err(db)?;
        }
        Ok(result)
    }
}

const PRINCIPAL: &str =
    "SELECT t.id, t.name, t.operator, p.name, p.roles FROM people p JOIN tenants t ON t.id = p.tenant_id";

fn principal_row(row: &rusqlite::Row<'_>) -> rusqlite::Result<Principal> {
    Ok(Principal {
        tenant: TenantRecord { id: row.get(0)?, name: tenant_name(row.get(1)?)?, operator: row.get(2)? },
        person: row.get(3)?,
        roles: roles_of(&row.get::<_, String>(4)?),
    })
}

fn first_tenant(tx: &Connection, first: &TenantName) -> rusqlite::Result<(TenantRecord, bool)> {
    let found = tx
        .query_row("SELECT id, name, operator FROM tenants ORDER BY id LIMIT 1", [], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?))
        })
        .optional()?;
    if let Some((id, name, operator)) = found {
        return Ok((TenantRecord { id, name: tenant_name(name)?, operator }, false));
    }
    Ok((create_tenant(tx, first, true)?, true))
}

fn create_tenant(tx: &Connection, name: &TenantName, operator: bool) -> rusqlite::Result<TenantRecord> {
    tx.execute(
        "INSERT INTO tenants (name, operator, created_at) VALUES (?1, ?2, ?3)",
        params![name.as_str(), operator, now_ms()],
    )?;
    Ok(TenantRecord { id: tx.last_insert_rowid(), name: name.clone(), operator })
}

fn create_person(tx: &Connection, tenant: &TenantRecord, name: &str, roles: &[Role]) -> rusqlite::Result<Principal> {
    tx.execute(
        "INSERT INTO people (tenant_id, name, roles, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![tenant.id, name, roles_text(roles), now_ms()],
    )?;
    Ok(Principal { tenant: tenant.clone(), person: name.to_owned(), roles: roles_of(&roles_text(roles)) })
}

fn add_token(tx: &Connection, tenant: &TenantRecord, person: &str, hash: &[u8; 32]) -> rusqlite::Result<()> {
    tx.execute(
        "INSERT INTO tokens (person_id, hash, created_at)
         SELECT id, ?3, ?4 FROM people WHERE tenant_id = ?1 AND name = ?2",
        params![tenant.id, person, hash.as_slice(), now_ms()],
    )?;
    Ok(())
}

/// Appends an entry to the tenant's audit log, numbered one more than the tenant's last: the one writer
/// numbers entries in the order they are committed, with no gap, whatever other tenants write.
pub(super) fn audit(
    tx: &Connection,
    tenant: &TenantRecord,
    actor: &str,
    action: &str,
    old: &str,
    new: &str,
) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT INTO audit (tenant_id, seq, at, actor, action, old, new)
         VALUES (?1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM audit WHERE tenant_id = ?1), ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![tenant.id, now_ms(), actor, action, old, new])?;
    Ok(())
}

fn person_exists(tx: &Connection, tenant: &TenantRecord, name: &str) -> rusqlite::Result<bool> {
    tx.query_row("SELECT 1 FROM people WHERE tenant_id = ?1 AND name = ?2", params![tenant.id, name], |_| Ok(()))
        .optional()
        .map(|found| found.is_some())
}

/// Returns a person's name not yet taken in the tenant: `stem`, else `stem-N` with N one more than
/// the highest taken, found in one look-up of the name index, however many there are.
fn free_name(tx: &Connection, tenant: &TenantRecord, stem: &str) -> rusqlite::Result<String> {
    if !person_exists(tx, tenant, stem)? {
        return Ok(stem.to_owned());
    }
    let highest: Option<i64> = tx.query_row(
        "SELECT MAX(CAST(substr(name, length(?2) + 2) AS INTEGER)) FROM people
         WHERE tenant_id = ?1 AND name GLOB ?3",
        params![tenant.id, stem, format!("{}-[0-9]*", stem.replace(['*', '?', '['], "_"))],
        |row| row.get(0),
    )?;
    let mut n = highest.unwrap_or(1).max(1) + 1;
    // A name such as `stem-7x` reads as 7 and is not `stem-8`; one taken by chance is stepped over.
    loop {
        let name = format!("{stem}-{n}");
        if !person_exists(tx, tenant, &name)? {
            return Ok(name);
        }
        n += 1;
    }
}

fn read_offload(conn: &Connection, tenant: &TenantRecord) -> rusqlite::Result<OffloadSettings> {
    let row = conn
        .query_row(
            "SELECT offload_default, offload_ceiling FROM tenant_settings WHERE tenant_id = ?1",
            [tenant.id],
            |row| Ok((row.get::<_, Option<String>>(0)?, row.get::<_, Option<i64>>(1)?)),
        )
        .optional()?;
    let Some((default, ceiling)) = row else { return Ok(OffloadSettings::default()) };
    let bad = |err: OffloadError| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, err.into());
    let default = default.map(|d| d.parse::<Offload>()).transpose().map_err(bad)?;
    let ceiling = ceiling.map(|c| Tokens::new(u64::try_from(c).unwrap_or(0))).transpose().map_err(bad)?;
    Ok(OffloadSettings { default, ceiling })
}

impl Store for SqliteStore {
    fn kind(&self) -> &'static str {
        "sqlite"
    }

    fn shared(&self) -> bool {
        false
    }

    fn schema_version(&self) -> Result<u32, StoreError> {
        self.read(|conn| {
            conn.query_row("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", [], |row| row.get(0))
        })
    }

    fn local_principal(&self, first: &TenantName, person: &str) -> Result<Principal, StoreError> {
        let found = self.read(|conn| {
            conn.query_row(
                &format!("{PRINCIPAL} WHERE t.id = (SELECT MIN(id) FROM tenants) AND p.name = ?1"),
                [person],
                principal_row,
            )
            .optional()
        })?;
        if let Some(found) = found {
            return Ok(found);
        }
        let made = self.write(|tx| {
            let (tenant, created) = first_tenant(tx, first)?;
            if created {
                audit(
                    tx,
                    &tenant,
                    &format!("{person}@{}", tenant.name),
                    "tenant.create",
                    "null",
                    &serde_json::json!({"name": tenant.name}).to_string(),
                )?;
            }
            if let Some(found) = tx
                .query_row(
                    &format!("{PRINCIPAL} WHERE t.id = ?1 AND p.name = ?2"),
                    params![tenant.id, person],
                    principal_row,
                )
                .optional()?
            {
                return Ok(Ok::<_, std::convert::Infallible>(found));
            }
            let principal = create_person(tx, &tenant, person, &Role::ALL)?;
            let new = serde_json::json!({"person": person, "roles": principal.roles}).to_string();
            audit(tx, &tenant, &principal.actor_in(&tenant), "person.create", "null", &new)?;
            Ok(Ok(principal))
        })?;
        Ok(made.unwrap_or_else(|never| match never {}))
    }

    fn first_token(&self, first: &TenantName, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError> {
        let made = self.write(|tx| {
            let tokens: i64 = tx.query_row("SELECT COUNT(*) FROM tokens", [], |row| row.get(0))?;
            if tokens > 0 {
                return Ok(Err(()));
            }
            let (tenant, created) = first_tenant(tx, first)?;
            let name = free_name(tx, &tenant, "admin")?;
            let principal = create_person(tx, &tenant, &name, &Role::ALL)?;
            add_token(tx, &tenant, &name, hash)?;
            if created {
                let new = serde_json::json!({"name": tenant.name}).to_string();
                audit(tx, &tenant, &principal.actor_in(&tenant), "tenant.create", "null", &new)?;
            }
            let new = serde_json::json!({"person": name, "roles": principal.roles}).to_string();
            audit(tx, &tenant, &principal.actor_in(&tenant), "token.create", "null", &new)?;
            Ok(Ok(principal))
        })?;
        Ok(made.ok())
    }

    fn principal(&self, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError> {
        self.read(|conn| {
            let mut statement = conn
                .prepare_cached(&format!("{PRINCIPAL} WHERE p.id = (SELECT person_id FROM tokens WHERE hash = ?1)"))?;
            statement.query_row([hash.as_slice()], principal_row).optional()
        })
    }

    fn tenant(&self, name: &TenantName) -> Result<Option<TenantRecord>, StoreError> {
        self.read(|conn| {
            conn.query_row("SELECT id, operator FROM tenants WHERE name = ?1", [name.as_str()], |row| {
                Ok(TenantRecord { id: row.get(0)?, name: name.clone(), operator: row.get(1)? })
            })
            .optional()
        })
    }

    fn issue_token(&self, token: &NewToken<'_>, actor: &Principal) -> Result<Option<Issued>, StoreError> {
        let issued = self.write(|tx| {
            let found = tx
                .query_row("SELECT id, operator FROM tenants WHERE name = ?1", [token.tenant.as_str()], |row| {
                    Ok(TenantRecord { id: row.get(0)?, name: token.tenant.clone(), operator: row.get(1)? })
                })
                .optional()?;
            let (tenant, tenant_created) = match found {
                Some(tenant) => (tenant, false),
                None if token.create_tenant => (create_tenant(tx, token.tenant, false)?, true),
                None => return Ok(Err(None)),
            };
            let name = match token.person {
                Some(name) if person_exists(tx, &tenant, name)? => {
                    return Ok(Err(Some(format!(
                        "a person named `{name}` already exists in the tenant `{}`",
                        tenant.name
                    ))));
                }
                Some(name) => name.to_owned(),
                None => free_name(tx, &tenant, token.roles.first().map_or("person", |r| r.as_str()))?,
            };
            let principal = create_person(tx, &tenant, &name, token.roles)?;
            add_token(tx, &tenant, &name, token.hash)?;
            if tenant_created {
                audit(
                    tx,
                    &tenant,
                    &actor.actor_in(&tenant),
                    "tenant.create",
                    "null",
                    &serde_json::json!({"name": tenant.name}).to_string(),
                )?;
            }
            let new = serde_json::json!({"person": name, "roles": principal.roles}).to_string();
            audit(tx, &tenant, &actor.actor_in(&tenant), "token.create", "null", &new)?;
            Ok(Ok(Issued { principal, tenant_created }))
        })?;
        match issued {
            Ok(issued) => Ok(Some(issued)),
            Err(None) => Ok(None),
            Err(Some(conflict)) => Err(StoreError::Conflict(conflict)),
        }
    }

    fn offload(&self, tenant: &TenantRecord) -> Result<OffloadSettings, StoreError> {
        self.read(|conn| read_offload(conn, tenant))
    }

    fn change_offload(
        &self,
        tenant: &TenantRecord,
        patch: &OffloadPatch,
        actor: &Principal,
    ) -> Result<Result<OffloadChange, OffloadError>, StoreError> {
        self.write(|tx| {
            let before = read_offload(tx, tenant)?;
            let after = patch.apply(before);
            if let Err(err) = after.check() {
                return Ok(Err(err));
            }
            tx.execute(
                "INSERT INTO tenant_settings (tenant_id, offload_default, offload_ceiling) VALUES (?1, ?2, ?3)
                 ON CONFLICT (tenant_id) DO UPDATE SET offload_default = ?2, offload_ceiling = ?3",
                params![tenant.id, after.default.map(|d| d.to_string()), after.ceiling.map(|c| c.get())],
            )?;
            audit(
                tx,
                tenant,
                &actor.actor_in(tenant),
                "tenant.offload",
                &settings_json(&before),
                &settings_json(&after),
            )?;
            Ok(Ok(OffloadChange { before, after }))
        })
    }

    fn audit_before(
        &self,
        tenant: &TenantRecord,
        before: Option<u64>,
        limit: u32,
    ) -> Result<Vec<AuditEntry>, StoreError> {
        let before = before.map_or(i64::MAX, |n| i64::try_from(n).unwrap_or(i64::MAX));
        self.read(|conn| {
            let mut statement = conn.prepare_cached(
                "SELECT seq, at, actor, action, old, new FROM audit WHERE tenant_id = ?1 AND seq < ?2
                 ORDER BY seq DESC LIMIT ?3",
            )?;
            let rows = statement.query_map(params![tenant.id, before, limit], |row| {
                let json = |text: String| serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text));
                Ok(AuditEntry {
                    id: u64::try_from(row.get::<_, i64>(0)?).unwrap_or(0),
                    at: rfc3339_millis(row.get(1)?),
                    actor: row.get(2)?,
                    action: row.get(3)?,
                    old: json(row.get(4)?),
                    new: json(row.get(5)?),
                })
            })?;
            rows.collect()
        })
    }

    fn record_file(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef, size: u64) -> Result<(), StoreError> {
        let size = i64::try_from(size).unwrap_or(i64::MAX);
        let done = self.write(|tx| {
            tx.execute(
                "INSERT INTO files (tenant_id, tree, digest, size, stored_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (tenant_id, tree, digest) DO UPDATE SET stored_at = ?5",
                params![tenant.id, tree.as_str(), file.hex(), size, now_ms()],
            )?;
            Ok(Ok::<_, std::convert::Infallible>(()))
        })?;
        done.unwrap_or_else(|never| match never {});
        Ok(())
    }

    fn file_recorded(&self, tenant_id: i64, file: &FileRef) -> Result<bool, StoreError> {
        self.read(|conn| {
            conn.query_row(
                "SELECT EXISTS (SELECT 1 FROM files WHERE tenant_id = ?1 AND digest = ?2)",
                params![tenant_id, file.hex()],
                |row| row.get::<_, bool>(0),
            )
        })
    }

    fn file_size(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Option<u64>, StoreError> {
        self.read(|conn| {
            conn.query_row(
                "SELECT size FROM files WHERE tenant_id = ?1 AND tree = ?2 AND digest = ?3",
                params![tenant.id, tree.as_str(), file.hex()],
                |row| row.get::<_, i64>(0),
            )
            .optional()
        })
        .map(|size| size.map(|s| u64::try_from(s).unwrap_or(0)))
    }

    fn label_file(
        &self,
        tenant: &TenantRecord,
        tree: &TreeId,
        file: &FileRef,
        labels: &[String],
    ) -> Result<(), StoreError> {
        let mut joined = self.file_labels(tenant, tree, file)?;
        oz0_core::labels::join(&mut joined, labels);
        let text = serde_json::to_string(&joined).map_err(|err| StoreError::Database(err.into()))?;
        let done = self.write(|tx| {
            tx.execute(
                "UPDATE files SET labels = ?4 WHERE tenant_id = ?1 AND tree = ?2 AND digest = ?3",
                params![tenant.id, tree.as_str(), file.hex(), text],
            )?;
            Ok(Ok::<_, std::convert::Infallible>(()))
        })?;
        done.unwrap_or_else(|never| match never {});
        Ok(())
    }

    fn file_labels(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Vec<String>, StoreError> {
        let text: Option<Option<String>> = self.read(|conn| {
            conn.query_row(
                "SELECT labels FROM files WHERE tenant_id = ?1 AND tree = ?2 AND digest = ?3",
                params![tenant.id, tree.as_str(), file.hex()],
                |row| row.get(0),
            )
            .optional()
        })?;
        Ok(text.flatten().and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default())
    }

    fn integrity_check(&self) -> Result<Vec<String>, StoreError> {
        let conn = lock(&self.writer);
        let mut statement = conn.prepare("PRAGMA integrity_check").map_err(db)?;
        let rows: Vec<String> =
            statement.query_map([], |row| row.get(0)).map_err(db)?.collect::<Result<_, _>>().map_err(db)?;
        Ok(rows.into_iter().filter(|row| row != "ok").collect())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn migrates_once_and_reopens() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open(dir.path()).unwrap();
        assert_eq!(store.schema_version().unwrap(), latest());
        drop(store);
        let store = SqliteStore::open(dir.path()).unwrap();
        assert_eq!(store.schema_version().unwrap(), latest());
        assert!(store.integrity_check().unwrap().is_empty());
    }

    #[test]
    fn refuses_a_newer_schema() {
        let dir = tempfile::tempdir().unwrap();
        drop(SqliteStore::open(dir.path()).unwrap());
        let conn = Connection::open(dir.path().join(DATABASE_FILE)).unwrap();
        conn.execute("INSERT INTO schema_migrations (version, applied_at) VALUES (99, 0)", []).unwrap();
        drop(conn);
        let err = SqliteStore::open(dir.path()).unwrap_err();
        assert!(matches!(err, StoreError::NewerSchema { found: 99, .. }), "{err}");
    }
}
