//! The data's life in the store: how long a tenant keeps files and jobs' payloads, the legal holds that
//! keep them longer, and erasure.
//!
//! A file row goes when its tree last stored it longer ago than the tenant's file retention, unless a
//! hold keeps its tree; a job's payloads (what it was asked and answered, its messages, its steps'
//! texts, what its approvals showed) go when it ended longer ago than the jobs' retention, unless a hold
//! keeps the job. Either way numbers stay: steps, tokens, costs.
//!
//! An erasure is begun (recorded, its jobs marked erased) in one transaction, done one job at a time,
//! each in a transaction of its own, and ended, with its audit entry, in a last one: a process killed on
//! the way leaves it begun, and the next start ([`LifecycleStore::erasures_begun`]) goes on with it.
//!
//! The bytes of a file no tree holds any more go with its last row: on PostgreSQL the `blobs` row in the
//! same transaction, under [`Lock::Blobs`], which every keeping of a blob takes shared; on a node's
//! disk, the blob is named in `doomed_blobs` in that transaction and removed by the edge afterwards
//! ([`LifecycleStore::doomed`]), so that a kill in between leaves it for the next sweep.

use std::collections::BTreeSet;

use oz0_core::api::{Erased, FileRef, Hold, HoldRequest, Lifetime, Retention, Scope, TreeId};
use oz0_core::trace::Step;

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{Principal, TenantRecord, now_ms, rfc3339_millis};
use super::settings::lock_settings;
use super::sql::{Dialect, Lock, Outcome, Row, Sql, bad, lock};
use super::sql_store::SqlStore;

/// Why an erasure was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EraseRefused {
    /// The scope names nothing of the tenant's.
    Unknown(Scope),
    /// A hold keeps (part of) it.
    Held(Hold),
    /// A job of it still runs, and would write more.
    Running(TreeId),
}

/// Why a hold was not made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HoldRefused {
    /// The scope names nothing of the tenant's.
    Unknown(Scope),
}

/// What one pass of a tenant's retention removed.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Expired {
    /// File rows gone from their trees.
    pub files: u64,
    /// Jobs whose payloads went.
    pub jobs: u64,
}

/// What the edge needs of a store to keep data for as long as it should, and no longer.
pub trait LifecycleStore {
    /// Returns how long the tenant keeps its data.
    fn retention(&self, tenant: &TenantRecord) -> Result<Retention, StoreError>;

    /// Sets how long the tenant keeps its data, auditing it (`tenant.retention`) as done by `actor`, and
    /// returns what it replaced.
    fn set_retention(
        &self,
        tenant: &TenantRecord,
        retention: &Retention,
        actor: &Principal,
    ) -> Result<Retention, StoreError>;

    /// Makes a hold, auditing it (`hold.create`).
    fn create_hold(
        &self,
        tenant: &TenantRecord,
        request: &HoldRequest,
        actor: &Principal,
    ) -> Result<Result<Hold, HoldRefused>, StoreError>;

    /// Returns the tenant's holds in force, or all of them, newest first.
    fn holds(&self, tenant: &TenantRecord, all: bool) -> Result<Vec<Hold>, StoreError>;

    /// Releases the hold numbered `id`, auditing it (`hold.release`); `None` when no hold of that number
    /// is in force.
    fn release_hold(&self, tenant: &TenantRecord, id: u64, actor: &Principal) -> Result<Option<Hold>, StoreError>;

    /// Begins erasing `scope`: refuses one that names nothing, that a hold keeps, or a job of which
    /// runs; else records it and marks its jobs erased, so that they read as erased from now on.
    /// Beginning an erasure begun before changes nothing.
    fn begin_erasure(
        &self,
        tenant: &TenantRecord,
        scope: &Scope,
        actor: &Principal,
    ) -> Result<Result<(), EraseRefused>, StoreError>;

    /// Removes the payloads of the next job of a begun erasure that still has some, and the files of
    /// its tree, in one transaction; `false` when none is left.
    fn erase_next(&self, tenant: &TenantRecord, scope: &Scope) -> Result<bool, StoreError>;

    /// Ends a begun erasure: removes the files of the trees its scope names (a tree may hold files with
    /// no job), and audits it (`job.erased`) with what it removed. Returns that.
    fn end_erasure(&self, tenant: &TenantRecord, scope: &Scope) -> Result<Option<Erased>, StoreError>;

    /// Returns the erasures begun and not ended, of every tenant: what a process killed on the way left.
    fn erasures_begun(&self) -> Result<Vec<(TenantRecord, Scope)>, StoreError>;

    /// Returns every tenant, for a sweep.
    fn tenants(&self) -> Result<Vec<TenantRecord>, StoreError>;

    /// Takes the sweeping of the tenant for this node until `until_ms`, unless another node holds it
    /// until later; returns whether this node has it.
    fn claim_sweep(&self, tenant: &TenantRecord, until_ms: u64) -> Result<bool, StoreError>;

    /// Removes, up to `limit` at a time, what the tenant's retention no longer keeps at `now_ms`: file
    /// rows (and the blobs no tree holds any more) and jobs' payloads. Audits what it removed
    /// (`retention.expired`) when it removed anything.
    fn expire(&self, tenant: &TenantRecord, now_ms: u64, limit: u32) -> Result<Expired, StoreError>;

    /// Returns up to `limit` blobs on a node's disk that no tree holds any more.
    fn doomed(&self, limit: u32) -> Result<Vec<(i64, FileRef)>, StoreError>;

    /// Forgets a doomed blob: removed from the disk, or held by a tree again since.
    fn forget_doomed(&self, tenant_id: i64, file: &FileRef) -> Result<(), StoreError>;
}

/// What a file row's tree and digest are.
type FileRow = (String, String);

fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

fn read_retention(sql: &mut dyn Sql, tenant: &TenantRecord) -> Outcome<Retention> {
    let row = sql.query_opt(
        "SELECT files_retention_s, jobs_retention_s FROM tenant_settings WHERE tenant_id = $1",
        &[&tenant.id],
    )?;
    let lifetime = |seconds: Option<i64>| seconds.and_then(|s| u64::try_from(s).ok()).and_then(Lifetime::from_seconds);
    let Some(row) = row else { return Ok(Retention::default()) };
    let defaults = Retention::default();
    Ok(Retention { files: lifetime(row.try_get(0)?).unwrap_or(defaults.files), jobs: lifetime(row.try_get(1)?) })
}

const HOLD: &str =
    "SELECT seq, kind, target, reason, created_by, created_at, released_by, released_at FROM holds";

fn hold_row(row: &Row) -> Outcome<Hold> {
    let kind: String = row.try_get(1)?;
    let target = TreeId::new(row.try_get::<_, &str>(2)?).map_err(bad)?;
    Ok(Hold {
        id: u64::try_from(row.try_get::<_, i64>(0)?).unwrap_or_default(),
        scope: Scope::of(&kind, target).ok_or_else(|| bad(format!("a hold of {kind}")))?,
        reason: row.try_get(3)?,
        created_by: row.try_get(4)?,
        created_at: rfc3339_millis(row.try_get(5)?),
        released_by: row.try_get(6)?,
        released_at: row.try_get::<_, Option<i64>>(7)?.map(rfc3339_millis),
    })
}

/// The jobs and trees a scope reaches.
#[derive(Debug, Default)]
struct Reach {
    jobs: BTreeSet<String>,
    trees: BTreeSet<String>,
}

fn strings(rows: &[Row]) -> Outcome<Vec<String>> {
    rows.iter().map(|row| row.try_get::<_, String>(0)).collect()
}

/// Returns what `scope` reaches; `None` when it names nothing of the tenant's.
fn reach(sql: &mut dyn Sql, tenant: &TenantRecord, scope: &Scope) -> Outcome<Option<Reach>> {
    let (t, id) = (&tenant.id, &scope.id().as_str());
    let mut reach = Reach::default();
    match scope {
        Scope::Job(_) => {
            let rows = sql.query("SELECT id, tree FROM jobs WHERE tenant_id = $1 AND id = $2", &[t, id])?;
            for row in &rows {
                reach.jobs.insert(row.try_get(0)?);
                reach.trees.insert(row.try_get(1)?);
            }
        }
        Scope::Tree(tree) => {
            reach.jobs.extend(strings(&sql.query("SELECT id FROM jobs WHERE tenant_id = $1 AND tree = $2", &[t, id])?)?);
            let files = sql.query_opt("SELECT 1 FROM files WHERE tenant_id = $1 AND tree = $2 LIMIT 1", &[t, id])?;
            if !reach.jobs.is_empty() || files.is_some() {
                reach.trees.insert(tree.as_str().to_owned());
            }
        }
        Scope::Conversation(_) => {
            let known = sql.query_opt("SELECT 1 FROM conversations WHERE tenant_id = $1 AND id = $2", &[t, id])?;
            if known.is_none() {
                return Ok(None);
            }
            let rows = sql.query(
                "SELECT j.id, j.tree FROM turns t JOIN jobs j ON j.tenant_id = t.tenant_id AND j.id = t.job
                 WHERE t.tenant_id = $1 AND t.conversation = $2",
                &[t, id],
            )?;
            for row in &rows {
                reach.jobs.insert(row.try_get(0)?);
                reach.trees.insert(row.try_get(1)?);
            }
            return Ok(Some(reach));
        }
    }
    Ok((!reach.jobs.is_empty() || !reach.trees.is_empty()).then_some(reach))
}

/// Returns the tenant's holds in force, each with what it reaches.
fn holds_in_force(sql: &mut dyn Sql, tenant: &TenantRecord) -> Outcome<Vec<(Hold, Reach)>> {
    let rows = sql.query(&format!("{HOLD} WHERE tenant_id = $1 AND released_at IS NULL ORDER BY seq"), &[&tenant.id])?;
    let mut holds = Vec::new();
    for row in &rows {
        let hold = hold_row(row)?;
        let mut reached = reach(sql, tenant, &hold.scope)?.unwrap_or_default();
        // A hold keeps what it names even before it exists: a tree that holds no file yet, say.
        match &hold.scope {
            Scope::Job(id) => {
                reached.jobs.insert(id.as_str().to_owned());
            }
            Scope::Tree(id) => {
                reached.trees.insert(id.as_str().to_owned());
            }
            Scope::Conversation(_) => {}
        }
        // A job's hold keeps the jobs of its tree, as the tree's files are theirs too.
        for tree in reached.trees.clone() {
            let jobs = sql.query("SELECT id FROM jobs WHERE tenant_id = $1 AND tree = $2", &[&tenant.id, &tree])?;
            reached.jobs.extend(strings(&jobs)?);
        }
        holds.push((hold, reached));
    }
    Ok(holds)
}

/// Removes the rows of `files` (tree, digest) and then the blobs no tree holds any more: at once on
/// PostgreSQL, by naming them in `doomed_blobs` on a node's disk. Returns the rows removed.
fn drop_files(tx: &mut dyn Sql, tenant: &TenantRecord, files: &[FileRow]) -> Outcome<u64> {
    if files.is_empty() {
        return Ok(0);
    }
    let postgres = tx.dialect() == Dialect::Postgres;
    if postgres {
        lock(tx, Lock::Blobs, tenant.id)?;
    }
    let mut removed = 0;
    for (tree, digest) in files {
        removed += tx.execute(
            "DELETE FROM files WHERE tenant_id = $1 AND tree = $2 AND digest = $3",
            &[&tenant.id, tree, digest],
        )?;
    }
    let digests: BTreeSet<&String> = files.iter().map(|(_, digest)| digest).collect();
    for digest in digests {
        let held = tx.query_opt("SELECT 1 FROM files WHERE tenant_id = $1 AND digest = $2 LIMIT 1", &[&tenant.id, digest])?;
        if held.is_some() {
            continue;
        }
        if postgres {
            tx.execute("DELETE FROM blobs WHERE tenant_id = $1 AND digest = $2", &[&tenant.id, digest])?;
        } else {
            tx.execute(
                "INSERT INTO doomed_blobs (tenant_id, digest) VALUES ($1, $2) ON CONFLICT DO NOTHING",
                &[&tenant.id, digest],
            )?;
        }
    }
    Ok(removed)
}

/// Returns the rows of the files of `tree`.
fn tree_rows(tx: &mut dyn Sql, tenant: &TenantRecord, tree: &str) -> Outcome<Vec<FileRow>> {
    let rows = tx.query("SELECT tree, digest FROM files WHERE tenant_id = $1 AND tree = $2", &[&tenant.id, &tree])?;
    rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
}

/// Removes a job's payloads, keeping its numbers, and returns what it removed (files aside).
fn erase_job(tx: &mut dyn Sql, tenant: &TenantRecord, job: &str) -> Outcome<Erased> {
    let (t, now) = (&tenant.id, now_ms());
    let jobs = tx.execute(
        "UPDATE jobs SET input = NULL, output = NULL, erased_at = COALESCE(erased_at, $3),
         error = CASE WHEN error IS NULL THEN NULL ELSE 'erased' END
         WHERE tenant_id = $1 AND id = $2 AND (input IS NOT NULL OR output IS NOT NULL OR erased_at IS NULL
            OR (error IS NOT NULL AND error <> 'erased'))",
        &[t, &job, &now],
    )?;
    let messages = tx.execute("DELETE FROM said WHERE tenant_id = $1 AND job = $2", &[t, &job])?;
    let mut steps = 0;
    for row in tx.query("SELECT seq, step FROM steps WHERE tenant_id = $1 AND job = $2 ORDER BY seq", &[t, &job])? {
        let seq: i64 = row.try_get(0)?;
        let step: Step = serde_json::from_str(row.try_get(1)?).map_err(bad)?;
        if let Some(stripped) = step.without_payloads() {
            let text = serde_json::to_string(&stripped).map_err(bad)?;
            tx.execute("UPDATE steps SET step = $4 WHERE tenant_id = $1 AND job = $2 AND seq = $3", &[t, &job, &seq, &text])?;
            steps += 1;
        }
    }
    tx.execute(
        "UPDATE approvals SET view = '{\"erased\":true}' WHERE tenant_id = $1 AND job = $2 AND view <> '{\"erased\":true}'",
        &[t, &job],
    )?;
    Ok(Erased { jobs, files: 0, messages, steps })
}

fn counts_of(text: &str) -> Outcome<Erased> {
    serde_json::from_str(text).map_err(bad)
}

/// Adds `more` to the counts of the begun erasure of `scope`.
fn count(tx: &mut dyn Sql, tenant: &TenantRecord, scope: &Scope, more: Erased) -> Outcome<()> {
    let (kind, target) = (scope.kind(), scope.id().as_str());
    let row = tx.query_opt(
        "SELECT counts FROM erasures WHERE tenant_id = $1 AND kind = $2 AND target = $3",
        &[&tenant.id, &kind, &target],
    )?;
    let mut counts = row.map(|row| counts_of(row.try_get(0)?)).transpose()?.unwrap_or_default();
    counts.add(more);
    let text = serde_json::to_string(&counts).map_err(bad)?;
    tx.execute(
        "UPDATE erasures SET counts = $4 WHERE tenant_id = $1 AND kind = $2 AND target = $3",
        &[&tenant.id, &kind, &target, &text],
    )?;
    Ok(())
}

impl LifecycleStore for SqlStore {
    fn retention(&self, tenant: &TenantRecord) -> Result<Retention, StoreError> {
        self.read(|sql| read_retention(sql, tenant))
    }

    fn set_retention(
        &self,
        tenant: &TenantRecord,
        retention: &Retention,
        actor: &Principal,
    ) -> Result<Retention, StoreError> {
        let done = self.write(|tx| {
            lock_settings(tx, tenant)?;
            let old = read_retention(tx, tenant)?;
            let seconds = |l: Lifetime| i64::try_from(l.seconds()).unwrap_or(i64::MAX);
            tx.execute(
                "UPDATE tenant_settings SET files_retention_s = $2, jobs_retention_s = $3 WHERE tenant_id = $1",
                &[&tenant.id, &seconds(retention.files), &retention.jobs.map(seconds)],
            )?;
            let text = |r: &Retention| serde_json::to_string(r).unwrap_or_default();
            audit(tx, tenant, &actor.actor_in(tenant), Action::TenantRetention, &text(&old), &text(retention))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn create_hold(
        &self,
        tenant: &TenantRecord,
        request: &HoldRequest,
        actor: &Principal,
    ) -> Result<Result<Hold, HoldRefused>, StoreError> {
        self.write(|tx| {
            if reach(tx, tenant, &request.scope)?.is_none() {
                return Ok(Err(HoldRefused::Unknown(request.scope.clone())));
            }
            lock(tx, Lock::Holds, tenant.id)?;
            let by = actor.actor_in(tenant);
            tx.execute(
                "INSERT INTO holds (tenant_id, seq, kind, target, reason, created_by, created_at)
                 VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM holds WHERE tenant_id = $1), $2, $3, $4, $5, $6)",
                &[&tenant.id, &request.scope.kind(), &request.scope.id().as_str(), &request.reason, &by, &now_ms()],
            )?;
            let row =
                tx.query_one(&format!("{HOLD} WHERE tenant_id = $1 ORDER BY seq DESC LIMIT 1"), &[&tenant.id])?;
            let hold = hold_row(&row)?;
            let text = serde_json::to_string(&hold).map_err(bad)?;
            audit(tx, tenant, &by, Action::HoldCreate, "null", &text)?;
            Ok(Ok(hold))
        })
    }

    fn holds(&self, tenant: &TenantRecord, all: bool) -> Result<Vec<Hold>, StoreError> {
        self.read(|sql| {
            let filter = if all { "" } else { " AND released_at IS NULL" };
            let rows = sql.query(&format!("{HOLD} WHERE tenant_id = $1{filter} ORDER BY seq DESC"), &[&tenant.id])?;
            rows.iter().map(hold_row).collect()
        })
    }

    fn release_hold(&self, tenant: &TenantRecord, id: u64, actor: &Principal) -> Result<Option<Hold>, StoreError> {
        let seq = i64::try_from(id).unwrap_or(i64::MAX);
        let done = self.write(|tx| {
            let by = actor.actor_in(tenant);
            let released = tx.execute(
                "UPDATE holds SET released_by = $3, released_at = $4
                 WHERE tenant_id = $1 AND seq = $2 AND released_at IS NULL",
                &[&tenant.id, &seq, &by, &now_ms()],
            )?;
            if released == 0 {
                return Ok(Ok::<_, std::convert::Infallible>(None));
            }
            let row = tx.query_one(&format!("{HOLD} WHERE tenant_id = $1 AND seq = $2"), &[&tenant.id, &seq])?;
            let hold = hold_row(&row)?;
            let text = serde_json::to_string(&hold).map_err(bad)?;
            audit(tx, tenant, &by, Action::HoldRelease, "null", &text)?;
            Ok(Ok(Some(hold)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn begin_erasure(
        &self,
        tenant: &TenantRecord,
        scope: &Scope,
        actor: &Principal,
    ) -> Result<Result<(), EraseRefused>, StoreError> {
        self.write(|tx| {
            // Under the holds' lock: a hold made at the same time is made before or after, never half.
            lock(tx, Lock::Holds, tenant.id)?;
            let Some(reached) = reach(tx, tenant, scope)? else {
                return Ok(Err(EraseRefused::Unknown(scope.clone())));
            };
            for (hold, held) in holds_in_force(tx, tenant)? {
                if held.jobs.intersection(&reached.jobs).next().is_some()
                    || held.trees.intersection(&reached.trees).next().is_some()
                {
                    return Ok(Err(EraseRefused::Held(hold)));
                }
            }
            for job in &reached.jobs {
                let running = tx.query_opt(
                    "SELECT 1 FROM jobs WHERE tenant_id = $1 AND id = $2 AND state = 'running'",
                    &[&tenant.id, job],
                )?;
                if running.is_some() {
                    return Ok(Err(EraseRefused::Running(TreeId::new(job.as_str()).map_err(bad)?)));
                }
            }
            tx.execute(
                "INSERT INTO erasures (tenant_id, kind, target, actor, begun_at, counts) VALUES ($1, $2, $3, $4, $5, $6)
                 ON CONFLICT (tenant_id, kind, target) DO NOTHING",
                &[
                    &tenant.id,
                    &scope.kind(),
                    &scope.id().as_str(),
                    &actor.actor_in(tenant),
                    &now_ms(),
                    &serde_json::to_string(&Erased::default()).map_err(bad)?,
                ],
            )?;
            for job in &reached.jobs {
                tx.execute(
                    "UPDATE jobs SET erased_at = $3 WHERE tenant_id = $1 AND id = $2 AND erased_at IS NULL",
                    &[&tenant.id, job, &now_ms()],
                )?;
            }
            Ok(Ok(()))
        })
    }

    fn erase_next(&self, tenant: &TenantRecord, scope: &Scope) -> Result<bool, StoreError> {
        let done = self.write(|tx| {
            let reached = reach(tx, tenant, scope)?.unwrap_or_default();
            for job in &reached.jobs {
                // A job is done when nothing of its payloads is left, and no file in its tree.
                let left = tx.query_opt(
                    "SELECT 1 FROM jobs j WHERE j.tenant_id = $1 AND j.id = $2 AND (j.input IS NOT NULL
                       OR j.output IS NOT NULL OR (j.error IS NOT NULL AND j.error <> 'erased')
                       OR EXISTS (SELECT 1 FROM said s WHERE s.tenant_id = j.tenant_id AND s.job = j.id)
                       OR EXISTS (SELECT 1 FROM files f WHERE f.tenant_id = j.tenant_id AND f.tree = j.tree))",
                    &[&tenant.id, job],
                )?;
                let steps_left = tx.query(
                    "SELECT step FROM steps WHERE tenant_id = $1 AND job = $2",
                    &[&tenant.id, job],
                )?;
                let mut texts = false;
                for row in &steps_left {
                    let step: Step = serde_json::from_str(row.try_get(0)?).map_err(bad)?;
                    texts |= step.without_payloads().is_some();
                }
                if left.is_none() && !texts {
                    continue;
                }
                let mut erased = erase_job(tx, tenant, job)?;
                let tree: String =
                    tx.query_one("SELECT tree FROM jobs WHERE tenant_id = $1 AND id = $2", &[&tenant.id, job])?.try_get(0)?;
                let files = tree_rows(tx, tenant, &tree)?;
                erased.files = drop_files(tx, tenant, &files)?;
                erased.jobs = 1;
                count(tx, tenant, scope, erased)?;
                return Ok(Ok::<_, std::convert::Infallible>(true));
            }
            Ok(Ok(false))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn end_erasure(&self, tenant: &TenantRecord, scope: &Scope) -> Result<Option<Erased>, StoreError> {
        let done = self.write(|tx| {
            let (kind, target) = (scope.kind(), scope.id().as_str());
            let row = tx.query_opt(
                "SELECT actor, counts FROM erasures WHERE tenant_id = $1 AND kind = $2 AND target = $3",
                &[&tenant.id, &kind, &target],
            )?;
            let Some(row) = row else { return Ok(Ok::<_, std::convert::Infallible>(None)) };
            let (actor, mut counts): (String, Erased) = (row.try_get(0)?, counts_of(row.try_get(1)?)?);
            let reached = reach(tx, tenant, scope)?.unwrap_or_default();
            for tree in &reached.trees {
                let files = tree_rows(tx, tenant, tree)?;
                counts.files += drop_files(tx, tenant, &files)?;
            }
            tx.execute(
                "DELETE FROM erasures WHERE tenant_id = $1 AND kind = $2 AND target = $3",
                &[&tenant.id, &kind, &target],
            )?;
            let new = serde_json::json!({"scope": scope, "erased": counts}).to_string();
            audit(tx, tenant, &actor, Action::JobErased, "null", &new)?;
            Ok(Ok(Some(counts)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn erasures_begun(&self) -> Result<Vec<(TenantRecord, Scope)>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
                "SELECT t.id, t.name, t.operator, e.kind, e.target FROM erasures e JOIN tenants t ON t.id = e.tenant_id
                 ORDER BY e.begun_at",
                &[],
            )?;
            rows.iter()
                .map(|row| {
                    let tenant = TenantRecord {
                        id: row.try_get(0)?,
                        name: oz0_core::api::TenantName::new(row.try_get::<_, &str>(1)?).map_err(bad)?,
                        operator: row.try_get(2)?,
                    };
                    let kind: String = row.try_get(3)?;
                    let id = TreeId::new(row.try_get::<_, &str>(4)?).map_err(bad)?;
                    Ok((tenant, Scope::of(&kind, id).ok_or_else(|| bad(format!("an erasure of {kind}")))?))
                })
                .collect()
        })
    }

    fn tenants(&self) -> Result<Vec<TenantRecord>, StoreError> {
        self.read(|sql| {
            let rows = sql.query("SELECT id, name, operator FROM tenants ORDER BY id", &[])?;
            rows.iter()
                .map(|row| {
                    Ok(TenantRecord {
                        id: row.try_get(0)?,
                        name: oz0_core::api::TenantName::new(row.try_get::<_, &str>(1)?).map_err(bad)?,
                        operator: row.try_get(2)?,
                    })
                })
                .collect()
        })
    }

    fn claim_sweep(&self, tenant: &TenantRecord, until_ms: u64) -> Result<bool, StoreError> {
        let node = self.node_id().to_owned();
        self.change(|sql| {
            let claimed = sql.execute(
                "INSERT INTO sweeps (tenant_id, node, until) VALUES ($1, $2, $3)
                 ON CONFLICT (tenant_id) DO UPDATE SET node = EXCLUDED.node, until = EXCLUDED.until
                 WHERE sweeps.node = EXCLUDED.node OR sweeps.until < $4",
                &[&tenant.id, &node, &millis(until_ms), &now_ms()],
            )?;
            Ok(claimed > 0)
        })
    }

    fn expire(&self, tenant: &TenantRecord, now_ms: u64, limit: u32) -> Result<Expired, StoreError> {
        let retention = self.retention(tenant)?;
        let mut expired = Expired::default();
        let files_before = millis(now_ms.saturating_sub(retention.files.millis()));
        let jobs_before = retention.jobs.map(|jobs| millis(now_ms.saturating_sub(jobs.millis())));
        let mut passes = 0;
        loop {
            passes += 1;
            let done = self.write(|tx| {
                let held = holds_in_force(tx, tenant)?;
                let (held_jobs, held_trees): (BTreeSet<String>, BTreeSet<String>) =
                    held.into_iter().fold(Default::default(), |(mut jobs, mut trees), (_, reach)| {
                        jobs.extend(reach.jobs);
                        trees.extend(reach.trees);
                        (jobs, trees)
                    });
                // Held rows stay where they are, and are looked past: the batch is of those that go.
                let rows = tx.query(
                    "SELECT tree, digest FROM files WHERE tenant_id = $1 AND stored_at < $2 ORDER BY stored_at",
                    &[&tenant.id, &files_before],
                )?;
                let mut files: Vec<FileRow> = Vec::new();
                for row in &rows {
                    let tree: String = row.try_get(0)?;
                    if !held_trees.contains(&tree) {
                        files.push((tree, row.try_get(1)?));
                    }
                    if files.len() >= limit as usize {
                        break;
                    }
                }
                let mut pass = Expired { files: drop_files(tx, tenant, &files)?, jobs: 0 };
                if let Some(before) = jobs_before {
                    let rows = tx.query(
                        "SELECT id FROM jobs WHERE tenant_id = $1 AND erased_at IS NULL AND state <> 'running'
                         AND ended_at < $2 ORDER BY ended_at",
                        &[&tenant.id, &before],
                    )?;
                    for job in strings(&rows)?.into_iter().filter(|job| !held_jobs.contains(job)).take(limit as usize) {
                        erase_job(tx, tenant, &job)?;
                        pass.jobs += 1;
                    }
                }
                if pass != Expired::default() {
                    let new = serde_json::json!({"files": pass.files, "jobs": pass.jobs}).to_string();
                    audit(tx, tenant, "retention", Action::RetentionExpired, "null", &new)?;
                }
                Ok(Ok::<_, std::convert::Infallible>(pass))
            })?;
            let pass = done.unwrap_or_else(|never| match never {});
            expired.files += pass.files;
            expired.jobs += pass.jobs;
            if (pass.files < u64::from(limit) && pass.jobs < u64::from(limit)) || passes >= 1_000 {
                return Ok(expired);
            }
        }
    }

    fn doomed(&self, limit: u32) -> Result<Vec<(i64, FileRef)>, StoreError> {
        self.read(|sql| {
            let rows = sql.query("SELECT tenant_id, digest FROM doomed_blobs LIMIT $1", &[&i64::from(limit)])?;
            rows.iter()
                .map(|row| {
                    let digest: String = row.try_get(1)?;
                    Ok((row.try_get(0)?, FileRef::from_hex(&digest).ok_or_else(|| bad("a digest"))?))
                })
                .collect()
        })
    }

    fn forget_doomed(&self, tenant_id: i64, file: &FileRef) -> Result<(), StoreError> {
        self.change(|sql| {
            sql.execute("DELETE FROM doomed_blobs WHERE tenant_id = $1 AND digest = $2", &[&tenant_id, &file.hex()])?;
            Ok(())
        })
    }
}
