//! The data's life in the store: how long a tenant keeps files and jobs' payloads, the legal holds that
//! keep them longer, and erasure.
//!
//! A file row goes when its tree last stored it longer ago than the tenant's file retention, unless a
//! hold of its tree keeps it (a job's or a conversation's hold keeps their histories, not their files);
//! a job's payloads (what it was asked and answered, its messages, its steps'
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
    /// its tree, in one transaction; then, the same way, the files of a tree of the scope that no job
    /// names. Returns `false` when nothing is left.
    fn erase_next(&self, tenant: &TenantRecord, scope: &Scope) -> Result<bool, StoreError>;

    /// Ends a begun erasure, once [`Self::erase_next`] left nothing and the blobs it doomed are gone from
    /// the disk: audits it (`job.erased`) with what it removed, and returns that. The erasure is
    /// remembered, so that erasing it again is known to remove nothing.
    fn end_erasure(&self, tenant: &TenantRecord, scope: &Scope) -> Result<Option<Erased>, StoreError>;

    /// Rewrites what may still hold erased payloads in the database's files, after an erasure: SQLite's
    /// file without its free pages, and its WAL emptied. PostgreSQL's dead rows are left to its own
    /// vacuum (a full one would lock the tables every node uses); where payloads are sealed, what is
    /// left of them is sealed.
    fn scrub(&self) -> Result<(), StoreError>;

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

const HOLD: &str = "SELECT seq, kind, target, reason, created_by, created_at, released_by, released_at FROM holds";

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
            reach
                .jobs
                .extend(strings(&sql.query("SELECT id FROM jobs WHERE tenant_id = $1 AND tree = $2", &[t, id])?)?);
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
    let rows =
        sql.query(&format!("{HOLD} WHERE tenant_id = $1 AND released_at IS NULL ORDER BY seq"), &[&tenant.id])?;
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
        let held =
            tx.query_opt("SELECT 1 FROM files WHERE tenant_id = $1 AND digest = $2 LIMIT 1", &[&tenant.id, digest])?;
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
    // Its calls' results are payloads too, counted with its steps' texts.
    let results = tx.execute("DELETE FROM results WHERE tenant_id = $1 AND job = $2", &[t, &job])?;
    let mut steps = 0;
    for row in tx.query("SELECT seq, step FROM steps WHERE tenant_id = $1 AND job = $2 ORDER BY seq", &[t, &job])? {
        let seq: i64 = row.try_get(0)?;
        let step: Step = serde_json::from_str(row.try_get(1)?).map_err(bad)?;
        if let Some(stripped) = step.without_payloads() {
            let text = serde_json::to_string(&stripped).map_err(bad)?;
            tx.execute(
                "UPDATE steps SET step = $4 WHERE tenant_id = $1 AND job = $2 AND seq = $3",
                &[t, &job, &seq, &text],
            )?;
            steps += 1;
        }
    }
    tx.execute(
        "UPDATE approvals SET view = '{\"erased\":true}' WHERE tenant_id = $1 AND job = $2 AND view <> '{\"erased\":true}'",
        &[t, &job],
    )?;
    Ok(Erased { jobs, files: 0, messages, steps: steps + results })
}

/// Reads a tenant from a row that starts with its ID, name and whether it is the operator.
fn tenant_row(row: &Row) -> Outcome<TenantRecord> {
    Ok(TenantRecord {
        id: row.try_get(0)?,
        name: oz0_core::api::TenantName::new(row.try_get::<_, &str>(1)?).map_err(bad)?,
        operator: row.try_get(2)?,
    })
}

/// Records `job` as the last job of the begun erasure of `scope` done.
fn move_cursor(tx: &mut dyn Sql, tenant: &TenantRecord, scope: &Scope, job: &str) -> Outcome<()> {
    tx.execute(
        "UPDATE erasures SET cursor = $4 WHERE tenant_id = $1 AND kind = $2 AND target = $3",
        &[&tenant.id, &scope.kind(), &scope.id().as_str(), &job],
    )?;
    Ok(())
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
            let row = tx.query_one(&format!("{HOLD} WHERE tenant_id = $1 ORDER BY seq DESC LIMIT 1"), &[&tenant.id])?;
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
            let erased_before = tx.query_opt(
                "SELECT 1 FROM erasures WHERE tenant_id = $1 AND kind = $2 AND target = $3",
                &[&tenant.id, &scope.kind(), &scope.id().as_str()],
            )?;
            // What was erased may name nothing now (a tree of files alone): it is erased again, as nothing.
            let Some(reached) = reach(tx, tenant, scope)?.or(erased_before.map(|_| Reach::default())) else {
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
                 ON CONFLICT (tenant_id, kind, target) DO UPDATE SET actor = EXCLUDED.actor,
                   begun_at = EXCLUDED.begun_at, counts = EXCLUDED.counts, ended_at = NULL, cursor = NULL
                 WHERE erasures.ended_at IS NOT NULL",
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
            let (kind, target) = (scope.kind(), scope.id().as_str());
            // The jobs are taken in order after the last one done, each read once however many calls it
            // takes: one that has nothing left to remove is passed in the same transaction.
            let cursor: Option<String> = tx
                .query_opt(
                    "SELECT cursor FROM erasures WHERE tenant_id = $1 AND kind = $2 AND target = $3",
                    &[&tenant.id, &kind, &target],
                )?
                .map(|row| row.try_get(0))
                .transpose()?
                .flatten();
            let after = |job: &&String| cursor.as_ref().is_none_or(|done| job.as_str() > done.as_str());
            let mut last = None;
            for job in reached.jobs.iter().filter(after) {
                last = Some(job);
                let mut erased = erase_job(tx, tenant, job)?;
                let tree: String = tx
                    .query_one("SELECT tree FROM jobs WHERE tenant_id = $1 AND id = $2", &[&tenant.id, job])?
                    .try_get(0)?;
                let files = tree_rows(tx, tenant, &tree)?;
                erased.files = drop_files(tx, tenant, &files)?;
                if erased == Erased::default() {
                    continue;
                }
                erased.jobs = 1;
                count(tx, tenant, scope, erased)?;
                move_cursor(tx, tenant, scope, job)?;
                return Ok(Ok::<_, std::convert::Infallible>(true));
            }
            if let Some(job) = last {
                move_cursor(tx, tenant, scope, job)?;
            }
            // Then the files of trees that no job of the scope names: a tree may hold files alone.
            for tree in &reached.trees {
                let files = tree_rows(tx, tenant, tree)?;
                if !files.is_empty() {
                    let removed = drop_files(tx, tenant, &files)?;
                    count(tx, tenant, scope, Erased { files: removed, ..Erased::default() })?;
                    return Ok(Ok(true));
                }
            }
            Ok(Ok(false))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn end_erasure(&self, tenant: &TenantRecord, scope: &Scope) -> Result<Option<Erased>, StoreError> {
        let done = self.write(|tx| {
            let (kind, target) = (scope.kind(), scope.id().as_str());
            let row = tx.query_opt(
                "SELECT actor, counts FROM erasures
                 WHERE tenant_id = $1 AND kind = $2 AND target = $3 AND ended_at IS NULL",
                &[&tenant.id, &kind, &target],
            )?;
            let Some(row) = row else { return Ok(Ok::<_, std::convert::Infallible>(None)) };
            let (actor, counts): (String, Erased) = (row.try_get(0)?, counts_of(row.try_get(1)?)?);
            // The row stays, ended: what was erased is known as erased, whatever is left of it.
            tx.execute(
                "UPDATE erasures SET ended_at = $4 WHERE tenant_id = $1 AND kind = $2 AND target = $3",
                &[&tenant.id, &kind, &target, &now_ms()],
            )?;
            let new = serde_json::json!({"scope": scope, "erased": counts}).to_string();
            audit(tx, tenant, &actor, Action::JobErased, "null", &new)?;
            Ok(Ok(Some(counts)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn scrub(&self) -> Result<(), StoreError> {
        self.change(|sql| {
            if sql.dialect() == Dialect::Sqlite {
                sql.batch_execute("VACUUM")?;
                let busy: i64 = sql.query_one("PRAGMA wal_checkpoint(TRUNCATE)", &[])?.try_get(0)?;
                if busy != 0 {
                    tracing::warn!("the store's WAL could not be emptied while another process reads it");
                }
            }
            Ok(())
        })
    }

    fn erasures_begun(&self) -> Result<Vec<(TenantRecord, Scope)>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
                "SELECT t.id, t.name, t.operator, e.kind, e.target FROM erasures e JOIN tenants t ON t.id = e.tenant_id
                 WHERE e.ended_at IS NULL ORDER BY e.begun_at",
                &[],
            )?;
            rows.iter()
                .map(|row| {
                    let tenant = tenant_row(row)?;
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
            rows.iter().map(tenant_row).collect()
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
                // A job's or a conversation's hold keeps histories; a file outlives retention only
                // under its tree's hold ("held copies of workflow histories do not include these files").
                let held = holds_in_force(tx, tenant)?;
                let (held_jobs, held_trees): (BTreeSet<String>, BTreeSet<String>) =
                    held.into_iter().fold(Default::default(), |(mut jobs, mut trees), (hold, reach)| {
                        jobs.extend(reach.jobs);
                        if matches!(hold.scope, Scope::Tree(_)) {
                            trees.extend(reach.trees);
                        }
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

#[cfg(test)]
mod tests {
    use oz0_core::api::{JobKind, JobState, TenantName};
    use oz0_core::trace::{Outcome as StepOutcome, StepKind};

    use super::super::Store;
    use super::super::jobs::NewJob;
    use super::super::testing::{Scratch, stores};
    use super::*;
    use crate::files::Blobs;

    fn id(text: &str) -> TreeId {
        TreeId::new(text).unwrap()
    }

    fn file(byte: u8) -> FileRef {
        FileRef::from_digest([byte; 32])
    }

    /// Starts and ends a job asked `input`, answering `output`, with a step that failed quoting it.
    fn job(store: &dyn Store, tenant: &TenantRecord, name: &str, input: &str, output: &str) -> TreeId {
        let job = id(name);
        let new = NewJob { id: &job, kind: JobKind::Agent, name: "reader", person: "local", input: Some(input) };
        store.start_job(tenant, &new).unwrap();
        let step = Step {
            seq: 0,
            at: rfc3339_millis(0),
            kind: StepKind::ToolCall,
            tool: Some("notes".to_owned()),
            function: Some("read".to_owned()),
            plugin: None,
            duration_ms: 3,
            outcome: StepOutcome::Error,
            error: Some(format!("could not read {input}")),
            budget_filled: None,
            fitted: None,
            offloaded: None,
            files: Vec::new(),
            handed: Vec::new(),
            usage: Vec::new(),
            tokens_in: Some(120),
            tokens_out: Some(7),
            cost_usd: Some(0.25),
            model: None,
            server: Vec::new(),
            sampling: Vec::new(),
            gateway: Vec::new(),
            labels: Vec::new(),
            withheld: false,
            job: None,
        };
        store.record_step(tenant, &job, &step).unwrap();
        store.say(tenant, &job, &serde_json::json!({"role": "tool", "text": input}).to_string()).unwrap();
        store.set_output(tenant, &job, output).unwrap();
        store.end_job(tenant, &job, JobState::Succeeded, None).unwrap();
        job
    }

    fn retention(files: &str, jobs: Option<&str>) -> Retention {
        Retention { files: files.parse().unwrap(), jobs: jobs.map(|jobs| jobs.parse().unwrap()) }
    }

    fn now() -> u64 {
        u64::try_from(now_ms()).unwrap()
    }

    #[test]
    fn retention_is_set_audited_and_read_back() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            assert_eq!(store.retention(t).unwrap(), Retention::default(), "{}", store.kind());
            assert_eq!(store.retention(t).unwrap().files.to_string(), "90d");
            let set = retention("30s", Some("12h"));
            assert_eq!(store.set_retention(t, &set, &local).unwrap(), Retention::default());
            assert_eq!(store.retention(t).unwrap(), set);
            let entry = &store.audit(t, 1).unwrap()[0];
            assert_eq!(entry.action, "tenant.retention");
            assert_eq!(entry.new, serde_json::json!({"files": "30s", "jobs": "12h"}));
            assert_eq!(store.limits(t).unwrap(), Default::default(), "the other settings stay");
        }
    }

    #[test]
    fn a_file_past_retention_goes_unless_held_and_a_blob_stays_while_any_tree_holds_it() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            store.set_retention(t, &retention("30s", None), &local).unwrap();
            let (shared, own, kept) = (file(1), file(2), file(3));
            store.record_file(t, &id("T1"), &shared, 5).unwrap();
            store.record_file(t, &id("T1"), &own, 5).unwrap();
            store.record_file(t, &id("T3"), &kept, 5).unwrap();
            let hold = HoldRequest { scope: Scope::Tree(id("T3")), reason: Some("dispute 7".to_owned()) };
            let hold = store.create_hold(t, &hold, &local).unwrap().unwrap();
            assert_eq!(store.expire(t, now(), 100).unwrap(), Expired::default(), "nothing is 30 s old yet");
            // T2 stores the shared file later: its row is younger than the cut.
            std::thread::sleep(std::time::Duration::from_millis(5));
            let cut = now();
            std::thread::sleep(std::time::Duration::from_millis(5));
            store.record_file(t, &id("T2"), &shared, 5).unwrap();
            let later = cut + 30_000 - 15_000;
            let expired = store.expire(t, later + 15_000, 100).unwrap();
            assert_eq!(expired, Expired { files: 2, jobs: 0 }, "{}: T1's two rows; T3's is held", store.kind());
            assert!(store.file_size(t, &id("T1"), &shared).unwrap().is_none());
            assert_eq!(store.file_size(t, &id("T2"), &shared).unwrap(), Some(5), "T2 stored it again");
            assert_eq!(store.file_size(t, &id("T3"), &kept).unwrap(), Some(5), "held");
            if store.kind() == "sqlite" {
                assert_eq!(store.doomed(10).unwrap(), [(t.id, own)], "the blob no tree holds, and only it");
            }
            assert_eq!(store.audit(t, 1).unwrap()[0].action, "retention.expired");
            store.release_hold(t, hold.id, &local).unwrap().unwrap();
            assert_eq!(store.expire(t, later + 15_000, 100).unwrap().files, 1, "released, it goes");
        }
    }

    #[test]
    fn a_held_job_is_not_erased_and_once_released_its_payloads_go_and_its_numbers_stay() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let job = job(&*store, t, "J1", "the secret input", "the secret answer");
            store.record_file(t, &job, &file(4), 9).unwrap();
            let hold = HoldRequest { scope: Scope::Job(job.clone()), reason: None };
            let hold = store.create_hold(t, &hold, &local).unwrap().unwrap();
            assert_eq!((hold.id, hold.created_by.as_str()), (1, "local@local"), "{}", store.kind());
            let scope = Scope::Tree(job.clone());
            assert_eq!(store.begin_erasure(t, &scope, &local).unwrap(), Err(EraseRefused::Held(hold.clone())));
            assert!(store.job(t, &job).unwrap().unwrap().erased_at.is_none(), "a refused erasure changes nothing");
            let unknown = Scope::Conversation(id("nope"));
            assert_eq!(store.begin_erasure(t, &unknown, &local).unwrap(), Err(EraseRefused::Unknown(unknown)));
            assert!(store.release_hold(t, hold.id, &local).unwrap().is_some());
            assert!(store.release_hold(t, hold.id, &local).unwrap().is_none(), "released once");
            assert_eq!(store.holds(t, false).unwrap(), []);
            assert_eq!(store.holds(t, true).unwrap().len(), 1);

            store.begin_erasure(t, &scope, &local).unwrap().unwrap();
            assert!(store.job(t, &job).unwrap().unwrap().erased_at.is_some(), "it reads as erased at once");
            assert_eq!(store.erasures_begun().unwrap(), [(t.clone(), scope.clone())]);
            assert!(store.erase_next(t, &scope).unwrap());
            assert!(!store.erase_next(t, &scope).unwrap(), "one job");
            let erased = store.end_erasure(t, &scope).unwrap().unwrap();
            assert_eq!(erased, Erased { jobs: 1, files: 1, messages: 1, steps: 1 });
            assert!(store.erasures_begun().unwrap().is_empty());
            let after = store.job(t, &job).unwrap().unwrap();
            assert_eq!((after.steps, after.cost_usd), (1, 0.25), "the numbers stay");
            assert_eq!(store.job_io(t, &job).unwrap(), (None, None));
            assert!(store.said(t, &job, 0).unwrap().is_empty());
            let steps = store.steps(t, &job, 0).unwrap();
            assert_eq!((steps[0].error.as_deref(), steps[0].tokens_in), (Some("erased"), Some(120)));
            assert!(store.file_size(t, &job, &file(4)).unwrap().is_none());
            let entry = &store.audit(t, 1).unwrap()[0];
            assert_eq!(entry.action, "job.erased");
            assert_eq!(entry.new["erased"], serde_json::json!({"jobs": 1, "files": 1, "messages": 1, "steps": 1}));
            let columns = [
                "SELECT COALESCE(input, '') || COALESCE(output, '') || COALESCE(error, '') FROM jobs",
                "SELECT step FROM steps",
                "SELECT message FROM said",
            ];
            for table in columns {
                let rows = store.sql(table);
                let text = rows.join("\n");
                assert!(!text.contains("secret"), "{}: {table} still holds it: {text}", store.kind());
            }
            store.begin_erasure(t, &scope, &local).unwrap().unwrap();
            assert!(!store.erase_next(t, &scope).unwrap());
            assert_eq!(store.end_erasure(t, &scope).unwrap(), Some(Erased::default()), "again: nothing more");
        }
    }

    #[test]
    fn a_conversation_is_held_and_erased_with_its_turns_and_jobs_retention_keeps_numbers() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let c = id("C1");
            let new = NewJob { id: &c, kind: JobKind::Agent, name: "reader", person: "local", input: Some("first") };
            store.start_turn(t, None, &new).unwrap().unwrap();
            store.say(t, &c, r#"{"role":"user","text":"first"}"#).unwrap();
            store.end_job(t, &c, JobState::Succeeded, None).unwrap();
            let other = job(&*store, t, "J2", "kept", "kept too");
            let hold = HoldRequest { scope: Scope::Conversation(c.clone()), reason: Some("audit".to_owned()) };
            let hold = store.create_hold(t, &hold, &local).unwrap().unwrap();
            assert_eq!(
                store.begin_erasure(t, &Scope::Job(c.clone()), &local).unwrap(),
                Err(EraseRefused::Held(hold.clone())),
                "{}: the turn's job is held through its conversation",
                store.kind()
            );
            store.set_retention(t, &retention("90d", Some("1h")), &local).unwrap();
            let expired = store.expire(t, now() + 7_200_000, 100).unwrap();
            assert_eq!(expired, Expired { files: 0, jobs: 1 }, "J2's payloads go, the held turn's stay");
            store.record_file(t, &c, &file(9), 3).unwrap();
            let files = store.expire(t, now() + 91 * 86_400_000, 100).unwrap().files;
            assert_eq!(files, 1, "a held history does not keep its tree's files past their retention");
            assert_eq!(store.job_io(t, &other).unwrap(), (None, None));
            assert!(store.job(t, &other).unwrap().unwrap().erased_at.is_some());
            assert_eq!(store.job_io(t, &c).unwrap().0.as_deref(), Some("first"));
            store.release_hold(t, hold.id, &local).unwrap();
            let scope = Scope::Conversation(c.clone());
            store.begin_erasure(t, &scope, &local).unwrap().unwrap();
            while store.erase_next(t, &scope).unwrap() {}
            assert_eq!(store.end_erasure(t, &scope).unwrap().unwrap().messages, 1);
            assert_eq!(store.job_io(t, &c).unwrap(), (None, None));
        }
    }

    #[test]
    fn a_running_job_is_not_erased() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let j = id("R1");
            let new = NewJob { id: &j, kind: JobKind::Agent, name: "reader", person: "local", input: Some("x") };
            store.start_job(t, &new).unwrap();
            assert_eq!(store.begin_erasure(t, &Scope::Job(j.clone()), &local).unwrap(), Err(EraseRefused::Running(j)));
        }
    }

    #[test]
    fn one_node_sweeps_a_tenant_at_a_time() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let other = store.reopen();
            assert!(store.claim_sweep(t, now() + 60_000).unwrap(), "{}", store.kind());
            assert!(!other.claim_sweep(t, now() + 60_000).unwrap(), "held by the first node");
            assert!(store.claim_sweep(t, now() + 60_000).unwrap(), "the first node keeps it");
            assert!(store.claim_sweep(t, now().saturating_sub(1)).unwrap());
            assert!(other.claim_sweep(t, now() + 60_000).unwrap(), "lapsed, the other takes it");
        }
    }

    #[test]
    fn a_blob_goes_from_postgresql_with_its_last_row() {
        let scratch = Scratch::new();
        let store = SqlStore::postgres(&scratch.url).unwrap();
        let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
        let t = &local.tenant;
        store.set_retention(t, &retention("30s", None), &local).unwrap();
        let shared = store.keep(t, &id("T1"), b"shared").unwrap();
        let own = store.keep(t, &id("T1"), b"own").unwrap();
        let later = now() + 60_000;
        store.expire(t, now() + 1, 100).unwrap();
        let kept = Blobs::keep(&store, t, &id("T2"), b"shared").unwrap();
        assert_eq!(kept, shared);
        // T1's rows are past retention at `later`; T2's row of the shared blob was stored at the same
        // moment in this test, so it goes too unless the hold keeps it.
        let hold = HoldRequest { scope: Scope::Tree(id("T2")), reason: None };
        store.create_hold(t, &hold, &local).unwrap().unwrap();
        assert_eq!(store.expire(t, later, 100).unwrap().files, 2);
        assert_eq!(Blobs::get(&store, t.id, &shared).unwrap(), b"shared", "held by T2");
        assert!(matches!(Blobs::get(&store, t.id, &own), Err(crate::files::FileError::Missing(_))));
        assert!(store.doomed(10).unwrap().is_empty(), "nothing is left for a disk to remove");
    }
}
