//! Tenants, people, tokens, tenant settings, the audit log and files: [`Store`].

use oz0_core::api::{AuditEntry, FileRef, OffloadChange, OffloadPatch, Role, TenantName, TreeId};
use oz0_core::offload::{Offload, OffloadError, OffloadSettings, Tokens};

use super::audit::{Action, audit};
use super::conversations::ConversationStore;
use super::definitions::DefinitionStore;
use super::error::StoreError;
use super::experiments::ExperimentStore;
use super::jobs::JobStore;
use super::lifecycle::LifecycleStore;
use super::migrations::{TABLES, latest};
use super::news::NewsStore;
use super::nodes::NodeStore;
use super::plugins::PluginStore;
use super::policy::PolicyStore;
use super::records::{Issued, NewToken, Principal, TenantRecord, now_ms, rfc3339_millis};
use super::reservations::ReservationStore;
use super::sealed::SealStore;
use super::settings::lock_settings;
use super::spending_limits::LimitStore;
use super::sql::{Dialect, Lock, Outcome, Param, Row, Sql, bad, lock};
use super::sql_store::{Database, SqlStore};

pub(super) fn roles_text(roles: &[Role]) -> String {
    let mut roles: Vec<Role> = roles.to_vec();
    roles.sort();
    roles.dedup();
    roles.iter().map(|r| r.as_str()).collect::<Vec<_>>().join(",")
}

pub(super) fn roles_of(text: &str) -> Vec<Role> {
    text.split(',').filter_map(|r| r.parse().ok()).collect()
}

fn settings_json(settings: &OffloadSettings) -> String {
    serde_json::to_string(settings).unwrap_or_else(|_| "null".to_owned())
}

const PRINCIPAL: &str =
    "SELECT t.id, t.name, t.operator, p.name, p.roles FROM people p JOIN tenants t ON t.id = p.tenant_id";

fn tenant_name(text: &str) -> Outcome<TenantName> {
    TenantName::new(text).map_err(bad)
}

fn principal_row(row: &Row) -> Outcome<Principal> {
    Ok(Principal {
        tenant: TenantRecord { id: row.try_get(0)?, name: tenant_name(row.try_get(1)?)?, operator: row.try_get(2)? },
        person: row.try_get(3)?,
        roles: roles_of(row.try_get(4)?),
    })
}

fn find_principal(sql: &mut dyn Sql, filter: &str, params: &[&dyn Param]) -> Outcome<Option<Principal>> {
    sql.query_opt(&format!("{PRINCIPAL} {filter}"), params)?.as_ref().map(principal_row).transpose()
}

/// Returns the first tenant, made `first` when there is none, and whether it was made. The caller
/// holds [`Lock::First`], so that two nodes never both make one.
fn first_tenant(tx: &mut dyn Sql, first: &TenantName) -> Outcome<(TenantRecord, bool)> {
    if let Some(row) = tx.query_opt("SELECT id, name, operator FROM tenants ORDER BY id LIMIT 1", &[])? {
        let tenant =
            TenantRecord { id: row.try_get(0)?, name: tenant_name(row.try_get(1)?)?, operator: row.try_get(2)? };
        return Ok((tenant, false));
    }
    let row = tx.query_one(
        "INSERT INTO tenants (name, operator, created_at) VALUES ($1, TRUE, $2) RETURNING id",
        &[&first.as_str(), &now_ms()],
    )?;
    Ok((TenantRecord { id: row.try_get(0)?, name: first.clone(), operator: true }, true))
}

fn create_person(tx: &mut dyn Sql, tenant: &TenantRecord, name: &str, roles: &[Role]) -> Outcome<Principal> {
    tx.execute(
        "INSERT INTO people (tenant_id, name, roles, created_at) VALUES ($1, $2, $3, $4)",
        &[&tenant.id, &name, &roles_text(roles), &now_ms()],
    )?;
    Ok(Principal { tenant: tenant.clone(), person: name.to_owned(), roles: roles_of(&roles_text(roles)) })
}

fn add_token(tx: &mut dyn Sql, tenant: &TenantRecord, person: &str, hash: &[u8; 32]) -> Outcome<()> {
    tx.execute(
        "INSERT INTO tokens (person_id, hash, created_at)
         SELECT id, $3, $4 FROM people WHERE tenant_id = $1 AND name = $2",
        &[&tenant.id, &person, &hash.as_slice(), &now_ms()],
    )?;
    Ok(())
}

fn person_exists(tx: &mut dyn Sql, tenant: &TenantRecord, name: &str) -> Outcome<bool> {
    Ok(tx.query_opt("SELECT 1 FROM people WHERE tenant_id = $1 AND name = $2", &[&tenant.id, &name])?.is_some())
}

/// Returns a person's name not yet taken in the tenant: `stem`, else `stem-N` with N one more than the
/// highest taken, found in one look-up of the name index, however many there are. On PostgreSQL the
/// caller holds [`Lock::People`], so that two nodes never make up the same name.
fn free_name(tx: &mut dyn Sql, tenant: &TenantRecord, stem: &str) -> Outcome<String> {
    if !person_exists(tx, tenant, stem)? {
        return Ok(stem.to_owned());
    }
    // The number is the digits that start what follows `stem-`, as SQLite's CAST reads them.
    let highest = match tx.dialect() {
        Dialect::Sqlite => tx.query_one(
            "SELECT MAX(CAST(substr(name, length($2) + 2) AS INTEGER)) FROM people
             WHERE tenant_id = $1 AND name GLOB $3",
            &[&tenant.id, &stem, &format!("{}-[0-9]*", stem.replace(['*', '?', '['], "_"))],
        )?,
        Dialect::Postgres => tx.query_one(
            "SELECT MAX(LEAST(substring(substr(name, length($2) + 2) from '^[0-9]+')::numeric, 9223372036854775806))
                 ::bigint
             FROM people
             WHERE tenant_id = $1 AND starts_with(name, $2 || '-') AND substr(name, length($2) + 2) ~ '^[0-9]'",
            &[&tenant.id, &stem],
        )?,
    };
    let highest: Option<i64> = highest.try_get(0)?;
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

fn read_offload(sql: &mut dyn Sql, tenant: &TenantRecord, lock: bool) -> Outcome<OffloadSettings> {
    let statement = if lock {
        "SELECT offload_default, offload_ceiling FROM tenant_settings WHERE tenant_id = $1 FOR UPDATE"
    } else {
        "SELECT offload_default, offload_ceiling FROM tenant_settings WHERE tenant_id = $1"
    };
    let Some(row) = sql.query_opt(statement, &[&tenant.id])? else { return Ok(OffloadSettings::default()) };
    let default: Option<String> = row.try_get(0)?;
    let ceiling: Option<i64> = row.try_get(1)?;
    let default = default.map(|d| d.parse::<Offload>()).transpose().map_err(bad)?;
    let ceiling = ceiling.map(|c| Tokens::new(u64::try_from(c).unwrap_or(0))).transpose().map_err(bad)?;
    Ok(OffloadSettings { default, ceiling })
}

fn size_of(size: i64) -> u64 {
    u64::try_from(size).unwrap_or(0)
}

/// What the edge needs of a database. Methods block; the edge calls them off its async threads, where
/// a store's client may not block at all (PostgreSQL's drives a runtime of its own and panics there).
pub trait Store:
    PluginStore
    + JobStore
    + ConversationStore
    + ExperimentStore
    + LifecycleStore
    + DefinitionStore
    + LimitStore
    + PolicyStore
    + ReservationStore
    + NodeStore
    + NewsStore
    + SealStore
    + Send
    + Sync
    + std::fmt::Debug
{
    /// Returns the store's kind, such as `sqlite`.
    fn kind(&self) -> &'static str;

    /// Returns whether other nodes may share the store, so that a job it shows running may be running
    /// on another node rather than left by this one's last run.
    fn shared(&self) -> bool;

    /// Returns the version of the store's schema.
    fn schema_version(&self) -> Result<u32, StoreError>;

    /// Returns the first tenant (made `first` when there is none) and its person `person` with every
    /// role (made when missing): the embedded edge's caller.
    fn local_principal(&self, first: &TenantName, person: &str) -> Result<Principal, StoreError>;

    /// When the store holds no token at all: makes the first tenant (`first` when there is none), an
    /// admin person with every role and a token whose digest is `hash`, and returns them; else `None`.
    fn first_token(&self, first: &TenantName, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError>;

    /// Returns the person whose token's digest is `hash`.
    fn principal(&self, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError>;

    /// Returns the tenant named `name`.
    fn tenant(&self, name: &TenantName) -> Result<Option<TenantRecord>, StoreError>;

    /// Makes a person with a token, recording it in the tenant's audit log as done by `actor`.
    fn issue_token(&self, token: &NewToken<'_>, actor: &Principal) -> Result<Option<Issued>, StoreError>;

    /// Returns the tenant's offload settings.
    fn offload(&self, tenant: &TenantRecord) -> Result<OffloadSettings, StoreError>;

    /// Applies `patch` to the tenant's offload settings when the result is consistent, recording the
    /// change in the audit log as done by `actor`, all in one transaction.
    fn change_offload(
        &self,
        tenant: &TenantRecord,
        patch: &OffloadPatch,
        actor: &Principal,
    ) -> Result<Result<OffloadChange, OffloadError>, StoreError>;

    /// Returns the tenant's last `limit` audit entries, newest first.
    fn audit(&self, tenant: &TenantRecord, limit: u32) -> Result<Vec<AuditEntry>, StoreError> {
        self.audit_before(tenant, None, limit)
    }

    /// Returns the tenant's last `limit` audit entries numbered below `before` (`None`: of all of them),
    /// newest first. Entries are numbered within their tenant, 1, 2, 3, in the order they are written.
    fn audit_before(
        &self,
        tenant: &TenantRecord,
        before: Option<u64>,
        limit: u32,
    ) -> Result<Vec<AuditEntry>, StoreError>;

    /// Records that the tenant's tree `tree` stored the file (again, now).
    fn record_file(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef, size: u64) -> Result<(), StoreError>;

    /// Returns whether any tree of the tenant `tenant_id` stored the file.
    fn file_recorded(&self, tenant_id: i64, file: &FileRef) -> Result<bool, StoreError>;

    /// Returns the bytes of the files the tenant `tenant_id` keeps, each counted once however many of
    /// its trees stored it (as the edge keeps it once).
    fn file_bytes(&self, tenant_id: i64) -> Result<u64, StoreError>;

    /// Returns the size of the file when the tenant's tree `tree` stored it.
    fn file_size(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Option<u64>, StoreError>;

    /// Keeps `labels` with a file of the tree, such as an offloaded result's, joined to those it has.
    fn label_file(
        &self,
        tenant: &TenantRecord,
        tree: &TreeId,
        file: &FileRef,
        labels: &[String],
    ) -> Result<(), StoreError>;

    /// Returns the labels kept with a file of the tree.
    fn file_labels(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Vec<String>, StoreError>;

    /// Returns what the database's own check finds wrong; empty when nothing is.
    fn integrity_check(&self) -> Result<Vec<String>, StoreError>;
}

impl Store for SqlStore {
    fn kind(&self) -> &'static str {
        match self.db() {
            Database::Sqlite(_) => "sqlite",
            Database::Postgres(_) => "postgres",
        }
    }

    fn shared(&self) -> bool {
        matches!(self.db(), Database::Postgres(_))
    }

    fn schema_version(&self) -> Result<u32, StoreError> {
        self.read(|sql| {
            let version: i32 =
                sql.query_one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", &[])?.try_get(0)?;
            Ok(u32::try_from(version).unwrap_or(0))
        })
    }

    fn local_principal(&self, first: &TenantName, person: &str) -> Result<Principal, StoreError> {
        let found = self.read(|sql| {
            find_principal(sql, "WHERE t.id = (SELECT MIN(id) FROM tenants) AND p.name = $1", &[&person])
        })?;
        if let Some(found) = found {
            return Ok(found);
        }
        let made = self.write(|tx| {
            lock(tx, Lock::First, 0)?;
            let (tenant, created) = first_tenant(tx, first)?;
            lock(tx, Lock::People, tenant.id)?;
            if created {
                let new = serde_json::json!({"name": tenant.name}).to_string();
                audit(tx, &tenant, &format!("{person}@{}", tenant.name), Action::TenantCreate, "null", &new)?;
            }
            if let Some(found) = find_principal(tx, "WHERE t.id = $1 AND p.name = $2", &[&tenant.id, &person])? {
                return Ok(Ok::<_, std::convert::Infallible>(found));
            }
            let principal = create_person(tx, &tenant, person, &Role::ALL)?;
            let new = serde_json::json!({"person": person, "roles": principal.roles}).to_string();
            audit(tx, &tenant, &principal.actor_in(&tenant), Action::PersonCreate, "null", &new)?;
            Ok(Ok(principal))
        })?;
        Ok(made.unwrap_or_else(|never| match never {}))
    }

    fn first_token(&self, first: &TenantName, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError> {
        let made = self.write(|tx| {
            // Two nodes starting on an empty store at once: one makes the first admin, the other
            // then finds a token.
            lock(tx, Lock::First, 0)?;
            let tokens: i64 = tx.query_one("SELECT COUNT(*) FROM tokens", &[])?.try_get(0)?;
            if tokens > 0 {
                return Ok(Err(()));
            }
            let (tenant, created) = first_tenant(tx, first)?;
            lock(tx, Lock::People, tenant.id)?;
            let name = free_name(tx, &tenant, "admin")?;
            let principal = create_person(tx, &tenant, &name, &Role::ALL)?;
            add_token(tx, &tenant, &name, hash)?;
            if created {
                let new = serde_json::json!({"name": tenant.name}).to_string();
                audit(tx, &tenant, &principal.actor_in(&tenant), Action::TenantCreate, "null", &new)?;
            }
            let new = serde_json::json!({"person": name, "roles": principal.roles}).to_string();
            audit(tx, &tenant, &principal.actor_in(&tenant), Action::TokenCreate, "null", &new)?;
            Ok(Ok(principal))
        })?;
        Ok(made.ok())
    }

    fn principal(&self, hash: &[u8; 32]) -> Result<Option<Principal>, StoreError> {
        if let Some(found) = self.tokens.get(hash) {
            return Ok(Some(found));
        }
        let found = self.read(|sql| {
            find_principal(sql, "WHERE p.id = (SELECT person_id FROM tokens WHERE hash = $1)", &[&hash.as_slice()])
        })?;
        if let Some(found) = &found {
            self.tokens.keep(hash, found);
        }
        Ok(found)
    }

    fn tenant(&self, name: &TenantName) -> Result<Option<TenantRecord>, StoreError> {
        self.read(|sql| {
            let row = sql.query_opt("SELECT id, operator FROM tenants WHERE name = $1", &[&name.as_str()])?;
            row.map(|row| Ok(TenantRecord { id: row.try_get(0)?, name: name.clone(), operator: row.try_get(1)? }))
                .transpose()
        })
    }

    fn issue_token(&self, token: &NewToken<'_>, actor: &Principal) -> Result<Option<Issued>, StoreError> {
        let issued = self.write(|tx| {
            let by_name = "SELECT id, operator FROM tenants WHERE name = $1";
            let record = |row: Row| -> Outcome<TenantRecord> {
                Ok(TenantRecord { id: row.try_get(0)?, name: token.tenant.clone(), operator: row.try_get(1)? })
            };
            let found = tx.query_opt(by_name, &[&token.tenant.as_str()])?;
            let (tenant, tenant_created) = match found {
                Some(row) => (record(row)?, false),
                None if token.create_tenant => {
                    // Another node making the tenant at the same time: it is theirs, made once.
                    let made = tx.query_opt(
                        "INSERT INTO tenants (name, operator, created_at) VALUES ($1, FALSE, $2)
                         ON CONFLICT (name) DO NOTHING RETURNING id, operator",
                        &[&token.tenant.as_str(), &now_ms()],
                    )?;
                    match made {
                        Some(row) => (record(row)?, true),
                        None => (record(tx.query_one(by_name, &[&token.tenant.as_str()])?)?, false),
                    }
                }
                None => return Ok(Err(None)),
            };
            lock(tx, Lock::People, tenant.id)?;
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
                let new = serde_json::json!({"name": tenant.name}).to_string();
                audit(tx, &tenant, &actor.actor_in(&tenant), Action::TenantCreate, "null", &new)?;
            }
            let new = serde_json::json!({"person": name, "roles": principal.roles}).to_string();
            audit(tx, &tenant, &actor.actor_in(&tenant), Action::TokenCreate, "null", &new)?;
            Ok(Ok(Issued { principal, tenant_created }))
        })?;
        match issued {
            Ok(issued) => Ok(Some(issued)),
            Err(None) => Ok(None),
            Err(Some(conflict)) => Err(StoreError::Conflict(conflict)),
        }
    }

    fn offload(&self, tenant: &TenantRecord) -> Result<OffloadSettings, StoreError> {
        self.read(|sql| read_offload(sql, tenant, false))
    }

    fn change_offload(
        &self,
        tenant: &TenantRecord,
        patch: &OffloadPatch,
        actor: &Principal,
    ) -> Result<Result<OffloadChange, OffloadError>, StoreError> {
        self.write(|tx| {
            lock_settings(tx, tenant)?;
            let before = read_offload(tx, tenant, true)?;
            let after = patch.apply(before);
            if let Err(err) = after.check() {
                return Ok(Err(err));
            }
            let default = after.default.map(|d| d.to_string());
            let ceiling = after.ceiling.map(|c| i64::from(c.get()));
            tx.execute(
                "UPDATE tenant_settings SET offload_default = $2, offload_ceiling = $3 WHERE tenant_id = $1",
                &[&tenant.id, &default, &ceiling],
            )?;
            let old = settings_json(&before);
            let new = match &patch.experiment {
                // The experiment the change was decided by, with its thresholds.
                Some(id) => {
                    let mut new = serde_json::to_value(after).map_err(bad)?;
                    let found = super::experiments::read_experiment(tx, tenant, id)?;
                    new["experiment"] = match found {
                        Some(x) => serde_json::json!({
                            "id": id, "agent": x.agent, "baseline": x.baseline_offload, "variant": x.variant_offload,
                        }),
                        None => serde_json::json!({"id": id}),
                    };
                    new.to_string()
                }
                None => settings_json(&after),
            };
            audit(tx, tenant, &actor.actor_in(tenant), Action::TenantOffload, &old, &new)?;
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
        self.read(|sql| {
            let rows = sql.query(
                "SELECT seq, at, actor, action, old, new FROM audit WHERE tenant_id = $1 AND seq < $2
                 ORDER BY seq DESC LIMIT $3",
                &[&tenant.id, &before, &i64::from(limit)],
            )?;
            let json = |text: String| serde_json::from_str(&text).unwrap_or(serde_json::Value::String(text));
            rows.iter()
                .map(|row| {
                    Ok(AuditEntry {
                        id: u64::try_from(row.try_get::<_, i64>(0)?).unwrap_or(0),
                        at: rfc3339_millis(row.try_get(1)?),
                        actor: row.try_get(2)?,
                        action: row.try_get(3)?,
                        old: json(row.try_get(4)?),
                        new: json(row.try_get(5)?),
                    })
                })
                .collect()
        })
    }

    fn record_file(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef, size: u64) -> Result<(), StoreError> {
        let size = i64::try_from(size).unwrap_or(i64::MAX);
        self.change(|sql| {
            sql.execute(
                "INSERT INTO files (tenant_id, tree, digest, size, stored_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (tenant_id, tree, digest) DO UPDATE SET stored_at = EXCLUDED.stored_at",
                &[&tenant.id, &tree.as_str(), &file.hex(), &size, &now_ms()],
            )?;
            Ok(())
        })
    }

    fn file_recorded(&self, tenant_id: i64, file: &FileRef) -> Result<bool, StoreError> {
        self.read(|sql| {
            let row = sql.query_one(
                "SELECT EXISTS (SELECT 1 FROM files WHERE tenant_id = $1 AND digest = $2)",
                &[&tenant_id, &file.hex()],
            )?;
            row.try_get(0)
        })
    }

    fn file_bytes(&self, tenant_id: i64) -> Result<u64, StoreError> {
        self.read(|sql| {
            let row = sql.query_one(
                "SELECT CAST(COALESCE(SUM(size), 0) AS BIGINT) FROM (
                   SELECT MAX(size) AS size FROM files WHERE tenant_id = $1 GROUP BY digest) kept",
                &[&tenant_id],
            )?;
            row.try_get(0).map(size_of)
        })
    }

    fn file_size(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Option<u64>, StoreError> {
        self.read(|sql| {
            let row = sql.query_opt(
                "SELECT size FROM files WHERE tenant_id = $1 AND tree = $2 AND digest = $3",
                &[&tenant.id, &tree.as_str(), &file.hex()],
            )?;
            row.map(|row| row.try_get(0).map(size_of)).transpose()
        })
    }

    fn label_file(
        &self,
        tenant: &TenantRecord,
        tree: &TreeId,
        file: &FileRef,
        labels: &[String],
    ) -> Result<(), StoreError> {
        let done = self.write(|tx| {
            // Read and written back under the row's lock: two nodes labelling one file keep both labels.
            let row = tx.query_opt(
                "SELECT labels FROM files WHERE tenant_id = $1 AND tree = $2 AND digest = $3 FOR UPDATE",
                &[&tenant.id, &tree.as_str(), &file.hex()],
            )?;
            let Some(row) = row else { return Ok(Ok::<_, std::convert::Infallible>(())) };
            let known: Option<String> = row.try_get(0)?;
            let mut joined: Vec<String> = known.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default();
            oz0_core::labels::join(&mut joined, labels);
            let text = serde_json::to_string(&joined).map_err(bad)?;
            tx.execute(
                "UPDATE files SET labels = $4 WHERE tenant_id = $1 AND tree = $2 AND digest = $3",
                &[&tenant.id, &tree.as_str(), &file.hex(), &text],
            )?;
            Ok(Ok(()))
        })?;
        done.unwrap_or_else(|never| match never {});
        Ok(())
    }

    fn file_labels(&self, tenant: &TenantRecord, tree: &TreeId, file: &FileRef) -> Result<Vec<String>, StoreError> {
        let text: Option<String> = self.read(|sql| {
            let row = sql.query_opt(
                "SELECT labels FROM files WHERE tenant_id = $1 AND tree = $2 AND digest = $3",
                &[&tenant.id, &tree.as_str(), &file.hex()],
            )?;
            Ok(row.map(|row| row.try_get::<_, Option<String>>(0)).transpose()?.flatten())
        })?;
        Ok(text.and_then(|text| serde_json::from_str(&text).ok()).unwrap_or_default())
    }

    fn integrity_check(&self) -> Result<Vec<String>, StoreError> {
        if let Database::Sqlite(db) = self.db() {
            return db.integrity_check();
        }
        self.read(|sql| {
            let mut found = Vec::new();
            for table in TABLES {
                let there: bool = sql.query_one("SELECT to_regclass($1) IS NOT NULL", &[table])?.try_get(0)?;
                if !there {
                    found.push(format!("the table `{table}` is missing"));
                }
            }
            if !found.is_empty() {
                return Ok(found);
            }
            let version: i32 =
                sql.query_one("SELECT COALESCE(MAX(version), 0) FROM schema_migrations", &[])?.try_get(0)?;
            if u32::try_from(version).unwrap_or(0) != latest() {
                found.push(format!("the schema is version {version}, not {}", latest()));
            }
            Ok(found)
        })
    }
}
