//! Jobs, their steps, and the files of their trees. A job's input and answer are the tenant's payloads:
//! sealed with its payload key when the store seals them, each bound to its job.

use oz0_core::api::{FileRef, Job, JobKind, JobState, StoredFile, TreeId, TurnOf};
use oz0_core::trace::{self, Step, StepKind};

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{Principal, TenantRecord, enum_of, now_ms, rfc3339_millis};
use super::sql::{Failure, Outcome, Row, Sql, bad};
use super::sql_store::SqlStore;
use crate::sealing::payload::Place;

/// A job to start.
#[derive(Debug, Clone, Copy)]
pub struct NewJob<'a> {
    /// Its ID, which names its tree.
    pub id: &'a TreeId,
    /// What it is.
    pub kind: JobKind,
    /// What it runs.
    pub name: &'a str,
    /// Who starts it.
    pub person: &'a str,
    /// What it was asked, for an agent or a flow.
    pub input: Option<&'a str>,
}

/// What a start under an ID did.
#[derive(Debug, Clone, PartialEq)]
pub enum JobStart {
    /// A new job, or an ended one whose tree holds no files, started again.
    Started(Job),
    /// The job of that ID runs: the start follows it, and is handed no files.
    Follows(Job),
    /// The job of that ID has ended and its tree still holds files: a new job must not inherit them.
    Refused(Job),
    /// The ID is a conversation's turn, or a conversation's: no job but its turn starts under it.
    Turn(TreeId),
}

/// What the edge needs to keep jobs.
pub trait JobStore {
    /// Starts a job under its ID, as [`JobStart`] says.
    fn start_job(&self, tenant: &TenantRecord, job: &NewJob<'_>) -> Result<JobStart, StoreError>;

    /// Appends `step` to the job, numbering it, adds its cost to the job's, and returns its number.
    fn record_step(&self, tenant: &TenantRecord, job: &TreeId, step: &Step) -> Result<u32, StoreError>;

    /// Keeps an agent's or a flow's answer.
    fn set_output(&self, tenant: &TenantRecord, job: &TreeId, output: &str) -> Result<(), StoreError>;

    /// Keeps the result the step `step` of a job answered (its JSON, at most 31 MiB), as a payload.
    fn keep_result(&self, tenant: &TenantRecord, job: &TreeId, step: u32, result: &str) -> Result<(), StoreError>;

    /// Returns the result the step `step` of a job answered, when it was kept and not erased.
    fn result(&self, tenant: &TenantRecord, job: &TreeId, step: u32) -> Result<Option<String>, StoreError>;

    /// Returns a job's input and answer.
    fn job_io(&self, tenant: &TenantRecord, job: &TreeId) -> Result<(Option<String>, Option<String>), StoreError>;

    /// Starts `job`, under a new ID, as a job of `parent`'s tree that `parent` started: it holds the
    /// tree's files, and starts with the labels of what `parent` read so far.
    fn start_child(&self, tenant: &TenantRecord, job: &NewJob<'_>, parent: &Job) -> Result<Job, StoreError>;

    /// Ends a running job in `state`, with why it failed, and returns it.
    fn end_job(
        &self,
        tenant: &TenantRecord,
        job: &TreeId,
        state: JobState,
        error: Option<&str>,
    ) -> Result<Option<Job>, StoreError>;

    /// Ends as failed, with `reason`, every job of every tenant that is still running, and every
    /// experiment, and lets go of the sweeping other processes claimed: at the start of a served edge,
    /// which owns its store, those are what the last one left when it stopped. Returns how many jobs.
    fn fail_running_jobs(&self, reason: &str) -> Result<usize, StoreError>;

    /// Returns a job.
    fn job(&self, tenant: &TenantRecord, id: &TreeId) -> Result<Option<Job>, StoreError>;

    /// Returns the tenant's last `limit` jobs, newest first (by start, then by ID): of all of them, or of
    /// those before `before`, the start (milliseconds since 1970) and ID of a job.
    fn jobs(&self, tenant: &TenantRecord, before: Option<(u64, &TreeId)>, limit: u32) -> Result<Vec<Job>, StoreError>;

    /// Returns a job's steps after the step numbered `after` (0: all of them), in order.
    fn steps(&self, tenant: &TenantRecord, id: &TreeId, after: u32) -> Result<Vec<Step>, StoreError>;

    /// Returns the files a tree holds, in the order they were stored.
    fn tree_files(&self, tenant: &TenantRecord, tree: &TreeId) -> Result<Vec<StoredFile>, StoreError>;

    /// Returns the size of a file when any tree of the tenant stored it.
    fn tenant_file(&self, tenant: &TenantRecord, file: &FileRef) -> Result<Option<u64>, StoreError>;

    /// Hands files of other trees to the job's tree, auditing it as `job.files_handed` by `actor`.
    fn hand_files(
        &self,
        tenant: &TenantRecord,
        job: &TreeId,
        files: &[StoredFile],
        actor: &Principal,
    ) -> Result<(), StoreError>;

    /// Returns the tenant's jobs that started from `since_ms` to before `until_ms`, oldest first, each
    /// with its steps: what its usage is read from.
    fn jobs_between(
        &self,
        tenant: &TenantRecord,
        since_ms: u64,
        until_ms: u64,
    ) -> Result<Vec<(Job, Vec<Step>)>, StoreError>;
}

pub(super) const JOB: &str = "SELECT j.id, j.tree, j.kind, j.name, j.state, j.person, j.started_at, j.ended_at,
    j.cost_usd, j.error, (SELECT COUNT(*) FROM steps s WHERE s.tenant_id = j.tenant_id AND s.job = j.id), j.labels,
    j.conversation, j.turn, j.erased_at, j.parent FROM jobs j";

/// Returns the audit entries (`run.model_call`) of the model calls a step made: an agent's, or its
/// tool's by sampling, with the plugin; numbers and names, never messages.
pub(super) fn model_calls(job: &TreeId, step: &Step) -> Vec<String> {
    let mut calls = Vec::new();
    if step.kind == StepKind::ModelCall && step.outcome != trace::Outcome::Refused {
        calls.push(serde_json::json!({
            "job": job, "step": step.seq, "alias": step.tool, "tokens_in": step.tokens_in,
            "tokens_out": step.tokens_out, "cost_usd": step.cost_usd, "outcome": step.outcome,
        }));
    }
    for sampled in step.sampling.iter().chain(&step.gateway).filter(|s| s.outcome != trace::Outcome::Refused) {
        calls.push(serde_json::json!({
            "job": job, "step": step.seq, "plugin": sampled.plugin, "tool": step.tool, "alias": sampled.alias,
            "model": sampled.model, "tokens_in": sampled.tokens_in, "tokens_out": sampled.tokens_out,
            "cost_usd": sampled.cost_usd, "outcome": sampled.outcome, "format": sampled.format,
        }));
    }
    calls.into_iter().map(|call| call.to_string()).collect()
}

pub(super) fn job_row(row: &Row) -> Outcome<Job> {
    Ok(Job {
        id: TreeId::new(row.try_get(0)?).map_err(bad)?,
        tree: TreeId::new(row.try_get(1)?).map_err(bad)?,
        kind: enum_of(row.try_get(2)?)?,
        name: row.try_get(3)?,
        state: enum_of(row.try_get(4)?)?,
        person: row.try_get(5)?,
        started_at: rfc3339_millis(row.try_get(6)?),
        ended_at: row.try_get::<_, Option<i64>>(7)?.map(rfc3339_millis),
        cost_usd: row.try_get(8)?,
        error: row.try_get(9)?,
        steps: u32::try_from(row.try_get::<_, i64>(10)?).unwrap_or(u32::MAX),
        labels: row
            .try_get::<_, Option<&str>>(11)?
            .map(|text| serde_json::from_str(text).map_err(bad))
            .transpose()?
            .unwrap_or_default(),
        turn_of: match row.try_get::<_, Option<&str>>(12)? {
            Some(conversation) => Some(TurnOf {
                conversation: TreeId::new(conversation).map_err(bad)?,
                turn: u32::try_from(row.try_get::<_, Option<i64>>(13)?.unwrap_or(0)).unwrap_or(0),
            }),
            None => None,
        },
        erased_at: row.try_get::<_, Option<i64>>(14)?.map(rfc3339_millis),
        parent: row.try_get::<_, Option<&str>>(15)?.map(|id| TreeId::new(id).map_err(bad)).transpose()?,
    })
}

fn step_row(row: &Row) -> Outcome<Step> {
    serde_json::from_str(row.try_get(0)?).map_err(bad)
}

pub(super) fn read_job(sql: &mut dyn Sql, tenant: &TenantRecord, id: &TreeId) -> Outcome<Option<Job>> {
    let row = sql.query_opt(&format!("{JOB} WHERE j.tenant_id = $1 AND j.id = $2"), &[&tenant.id, &id.as_str()])?;
    row.as_ref().map(job_row).transpose()
}

fn holds_files(tx: &mut dyn Sql, tenant: &TenantRecord, tree: &TreeId) -> Outcome<bool> {
    let row =
        tx.query_opt("SELECT 1 FROM files WHERE tenant_id = $1 AND tree = $2 LIMIT 1", &[&tenant.id, &tree.as_str()])?;
    Ok(row.is_some())
}

/// Inserts `job`, running on `node`, with its input as the store keeps it (`input`, sealed or plain),
/// the turn `turn` names of a conversation when it is one; returns 0 when a job of its ID exists
/// already, which is then left as it is.
pub(super) fn insert_job(
    tx: &mut dyn Sql,
    tenant: &TenantRecord,
    job: &NewJob<'_>,
    input: Option<&str>,
    node: &str,
    turn: Option<(&TreeId, u32)>,
) -> Outcome<u64> {
    let (conversation, n) = (turn.map(|(c, _)| c.as_str()), turn.map(|(_, n)| i64::from(n)));
    tx.execute(
        "INSERT INTO jobs (tenant_id, id, tree, kind, name, state, person, started_at, input, node, conversation, turn)
         VALUES ($1, $2, $2, $3, $4, 'running', $5, $6, $7, $8, $9, $10) ON CONFLICT (tenant_id, id) DO NOTHING",
        &[
            &tenant.id,
            &job.id.as_str(),
            &job.kind.as_str(),
            &job.name,
            &job.person,
            &now_ms(),
            &input,
            &node,
            &conversation,
            &n,
        ],
    )
}

/// Returns the conversation whose turn, or whose ID, `id` is.
fn turn_named(tx: &mut dyn Sql, tenant: &TenantRecord, id: &TreeId) -> Outcome<Option<TreeId>> {
    let row = tx.query_opt(
        "SELECT conversation FROM turns WHERE tenant_id = $1 AND job = $2
         UNION ALL SELECT id FROM conversations WHERE tenant_id = $1 AND id = $2 LIMIT 1",
        &[&tenant.id, &id.as_str()],
    )?;
    row.map(|row| TreeId::new(row.try_get(0)?).map_err(bad)).transpose()
}

impl SqlStore {
    /// Returns the input of `job` as the store is to keep it: sealed for the job, or plain.
    pub(super) fn kept_input(&self, tenant: &TenantRecord, job: &NewJob<'_>) -> Result<Option<String>, StoreError> {
        let Some(input) = job.input else { return Ok(None) };
        let place = Place::job_input(tenant.id, job.id.as_str());
        Ok(Some(self.seal_for(tenant.id)?.text(&place, input)?))
    }
}

fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

impl JobStore for SqlStore {
    fn start_job(&self, tenant: &TenantRecord, job: &NewJob<'_>) -> Result<JobStart, StoreError> {
        let input = self.kept_input(tenant, job)?;
        let input = input.as_deref();
        let done = self.write(|tx| {
            if let Some(conversation) = turn_named(tx, tenant, job.id)? {
                return Ok(Ok(JobStart::Turn(conversation)));
            }
            // Two nodes starting one ID at once: one inserts it, and the other, after waiting for that
            // insert to commit, finds the job and follows it.
            let inserted = insert_job(tx, tenant, job, input, self.node_id(), None)?;
            if inserted == 0 {
                tx.execute(
                    "SELECT 1 FROM jobs WHERE tenant_id = $1 AND id = $2 FOR UPDATE",
                    &[&tenant.id, &job.id.as_str()],
                )?;
                let found = read_job(tx, tenant, job.id)?.ok_or_else(|| bad("the job is gone"))?;
                if !found.state.ended() {
                    return Ok(Ok(JobStart::Follows(found)));
                }
                if holds_files(tx, tenant, &found.tree)? {
                    return Ok(Ok(JobStart::Refused(found)));
                }
                tx.execute(
                    "UPDATE jobs SET state = 'running', ended_at = NULL, error = NULL, name = $3, person = $4,
                     kind = $5, input = $6, output = NULL, erased_at = NULL, node = $7
                     WHERE tenant_id = $1 AND id = $2",
                    &[
                        &tenant.id,
                        &job.id.as_str(),
                        &job.name,
                        &job.person,
                        &job.kind.as_str(),
                        &input,
                        &self.node_id(),
                    ],
                )?;
            }
            let started = read_job(tx, tenant, job.id)?.ok_or_else(|| bad("the job is gone"))?;
            Ok(Ok::<_, std::convert::Infallible>(JobStart::Started(started)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn start_child(&self, tenant: &TenantRecord, job: &NewJob<'_>, parent: &Job) -> Result<Job, StoreError> {
        let input = self.kept_input(tenant, job)?;
        let input = input.as_deref();
        let done = self.write(|tx| {
            if insert_job(tx, tenant, job, input, self.node_id(), None)? == 0 {
                return Err(bad(format!("a job `{}` exists already", job.id)));
            }
            tx.execute(
                "UPDATE jobs SET tree = $3, parent = $4,
                 labels = (SELECT p.labels FROM jobs p WHERE p.tenant_id = $1 AND p.id = $4)
                 WHERE tenant_id = $1 AND id = $2",
                &[&tenant.id, &job.id.as_str(), &parent.tree.as_str(), &parent.id.as_str()],
            )?;
            let started = read_job(tx, tenant, job.id)?.ok_or_else(|| bad("the job is gone"))?;
            Ok(Ok::<_, std::convert::Infallible>(started))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn record_step(&self, tenant: &TenantRecord, job: &TreeId, step: &Step) -> Result<u32, StoreError> {
        let cost = step.cost_usd.unwrap_or(0.0) + step.usage.iter().map(|u| u.cost_usd).sum::<f64>();
        let done = self.write(|tx| {
            // The job's row is locked first: steps of one job recorded on several nodes at once are
            // numbered one after another, in the order they commit, and its cost and labels are
            // added to, never overwritten.
            let locked = tx.query_opt(
                "SELECT person, labels FROM jobs WHERE tenant_id = $1 AND id = $2 FOR NO KEY UPDATE",
                &[&tenant.id, &job.as_str()],
            )?;
            let seq: i64 = tx
                .query_one(
                    "SELECT COALESCE(MAX(seq), 0) + 1 FROM steps WHERE tenant_id = $1 AND job = $2",
                    &[&tenant.id, &job.as_str()],
                )?
                .try_get(0)?;
            let numbered = Step { seq: u32::try_from(seq).unwrap_or(u32::MAX), ..step.clone() };
            let text = serde_json::to_string(&numbered).map_err(bad)?;
            // A step of no job fails here, on the foreign key, as it does on SQLite.
            tx.execute(
                "INSERT INTO steps (tenant_id, job, seq, step) VALUES ($1, $2, $3, $4)",
                &[&tenant.id, &job.as_str(), &seq, &text],
            )?;
            let locked = locked.ok_or_else(|| bad("the job is gone"))?;
            tx.execute(
                "UPDATE jobs SET cost_usd = cost_usd + $3 WHERE tenant_id = $1 AND id = $2",
                &[&tenant.id, &job.as_str(), &cost],
            )?;
            if !step.labels.is_empty() {
                let known: Option<&str> = locked.try_get(1)?;
                let mut labels: Vec<String> =
                    known.map(|text| serde_json::from_str(text).map_err(bad)).transpose()?.unwrap_or_default();
                oz0_core::labels::join(&mut labels, &step.labels);
                let text = serde_json::to_string(&labels).map_err(bad)?;
                tx.execute(
                    "UPDATE jobs SET labels = $3 WHERE tenant_id = $1 AND id = $2",
                    &[&tenant.id, &job.as_str(), &text],
                )?;
            }
            // What the step asked of models counts toward the tenant's quotas, and its plugin's.
            let at = now_ms();
            if step.kind == StepKind::ModelCall && step.outcome == trace::Outcome::Ok {
                let tokens = step.tokens_in.unwrap_or(0) + step.tokens_out.unwrap_or(0);
                super::spending_limits::count_asked(tx, tenant, None, tokens, at)?;
            }
            for call in step.sampling.iter().chain(&step.gateway).filter(|c| c.outcome == trace::Outcome::Ok) {
                super::spending_limits::count_asked(
                    tx,
                    tenant,
                    Some(&call.plugin),
                    call.tokens_in + call.tokens_out,
                    at,
                )?;
            }
            let person: String = locked.try_get(0)?;
            for call in model_calls(job, &numbered) {
                audit(tx, tenant, &person, Action::RunModelCall, "null", &call)?;
            }
            Ok(Ok::<_, std::convert::Infallible>(numbered.seq))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn set_output(&self, tenant: &TenantRecord, job: &TreeId, output: &str) -> Result<(), StoreError> {
        let output = self.seal_for(tenant.id)?.text(&Place::job_output(tenant.id, job.as_str()), output)?;
        self.change(|sql| {
            sql.execute(
                "UPDATE jobs SET output = $3 WHERE tenant_id = $1 AND id = $2",
                &[&tenant.id, &job.as_str(), &output],
            )?;
            Ok(())
        })
    }

    fn keep_result(&self, tenant: &TenantRecord, job: &TreeId, step: u32, result: &str) -> Result<(), StoreError> {
        let step = i64::from(step);
        let kept = self.seal_for(tenant.id)?.text(&Place::result(tenant.id, job.as_str(), step), result)?;
        self.change(|sql| {
            sql.execute(
                "INSERT INTO results (tenant_id, job, step, result) VALUES ($1, $2, $3, $4)
                 ON CONFLICT (tenant_id, job, step) DO NOTHING",
                &[&tenant.id, &job.as_str(), &step, &kept],
            )?;
            Ok(())
        })
    }

    fn result(&self, tenant: &TenantRecord, job: &TreeId, step: u32) -> Result<Option<String>, StoreError> {
        let step = i64::from(step);
        let kept: Option<String> = self.read(|sql| {
            let row = sql.query_opt(
                "SELECT result FROM results WHERE tenant_id = $1 AND job = $2 AND step = $3",
                &[&tenant.id, &job.as_str(), &step],
            )?;
            row.map(|row| row.try_get(0)).transpose()
        })?;
        kept.map(|kept| self.open_text(&Place::result(tenant.id, job.as_str(), step), kept)).transpose()
    }

    fn job_io(&self, tenant: &TenantRecord, job: &TreeId) -> Result<(Option<String>, Option<String>), StoreError> {
        let (input, output): (Option<String>, Option<String>) = self.read(|sql| {
            let row = sql.query_opt(
                "SELECT input, output FROM jobs WHERE tenant_id = $1 AND id = $2",
                &[&tenant.id, &job.as_str()],
            )?;
            Ok(row.map(|row| Ok::<_, Failure>((row.try_get(0)?, row.try_get(1)?))).transpose()?.unwrap_or_default())
        })?;
        let input = input.map(|kept| self.open_text(&Place::job_input(tenant.id, job.as_str()), kept)).transpose()?;
        let output =
            output.map(|kept| self.open_text(&Place::job_output(tenant.id, job.as_str()), kept)).transpose()?;
        Ok((input, output))
    }

    fn end_job(
        &self,
        tenant: &TenantRecord,
        job: &TreeId,
        state: JobState,
        error: Option<&str>,
    ) -> Result<Option<Job>, StoreError> {
        let done = self.write(|tx| {
            // A job ended on two nodes at once ends once: the second waits for the first's row lock,
            // then finds it no longer running.
            tx.execute(
                "UPDATE jobs SET state = $3, ended_at = $4, error = $5
                 WHERE tenant_id = $1 AND id = $2 AND state = 'running'",
                &[&tenant.id, &job.as_str(), &state.as_str(), &now_ms(), &error],
            )?;
            Ok(Ok::<_, std::convert::Infallible>(read_job(tx, tenant, job)?))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn fail_running_jobs(&self, reason: &str) -> Result<usize, StoreError> {
        self.change(|sql| {
            let n = sql.execute(
                "UPDATE jobs SET state = 'failed', ended_at = $1, error = $2 WHERE state = 'running'",
                &[&now_ms(), &reason],
            )?;
            super::experiments::fail_experiments(sql, reason, None)?;
            // The sweeping it claimed for its tenants: an edge that starts sweeps at once.
            sql.execute("DELETE FROM sweeps WHERE node <> $1", &[&self.node_id()])?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn job(&self, tenant: &TenantRecord, id: &TreeId) -> Result<Option<Job>, StoreError> {
        self.read(|sql| read_job(sql, tenant, id))
    }

    fn jobs(&self, tenant: &TenantRecord, before: Option<(u64, &TreeId)>, limit: u32) -> Result<Vec<Job>, StoreError> {
        self.read(|sql| {
            let rows = match before {
                None => sql.query(
                    &format!("{JOB} WHERE j.tenant_id = $1 ORDER BY j.started_at DESC, j.id DESC LIMIT $2"),
                    &[&tenant.id, &i64::from(limit)],
                )?,
                Some((ms, id)) => sql.query(
                    &format!(
                        "{JOB} WHERE j.tenant_id = $1 AND (j.started_at < $2 OR (j.started_at = $2 AND j.id < $3))
                         ORDER BY j.started_at DESC, j.id DESC LIMIT $4"
                    ),
                    &[&tenant.id, &millis(ms), &id.as_str(), &i64::from(limit)],
                )?,
            };
            rows.iter().map(job_row).collect()
        })
    }

    fn steps(&self, tenant: &TenantRecord, id: &TreeId, after: u32) -> Result<Vec<Step>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
                "SELECT step FROM steps WHERE tenant_id = $1 AND job = $2 AND seq > $3 ORDER BY seq",
                &[&tenant.id, &id.as_str(), &i64::from(after)],
            )?;
            rows.iter().map(step_row).collect()
        })
    }

    fn jobs_between(
        &self,
        tenant: &TenantRecord,
        since_ms: u64,
        until_ms: u64,
    ) -> Result<Vec<(Job, Vec<Step>)>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
                &format!(
                    "{JOB} WHERE j.tenant_id = $1 AND j.started_at >= $2 AND j.started_at < $3
                     ORDER BY j.started_at, j.id"
                ),
                &[&tenant.id, &millis(since_ms), &millis(until_ms)],
            )?;
            let jobs: Vec<Job> = rows.iter().map(job_row).collect::<Outcome<_>>()?;
            let mut out = Vec::with_capacity(jobs.len());
            for job in jobs {
                let rows = sql.query(
                    "SELECT step FROM steps WHERE tenant_id = $1 AND job = $2 ORDER BY seq",
                    &[&tenant.id, &job.id.as_str()],
                )?;
                out.push((job, rows.iter().map(step_row).collect::<Outcome<_>>()?));
            }
            Ok(out)
        })
    }

    fn tree_files(&self, tenant: &TenantRecord, tree: &TreeId) -> Result<Vec<StoredFile>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
                "SELECT digest, size FROM files WHERE tenant_id = $1 AND tree = $2 ORDER BY stored_at, digest",
                &[&tenant.id, &tree.as_str()],
            )?;
            rows.iter()
                .map(|row| {
                    let file = FileRef::from_hex(row.try_get(0)?).ok_or_else(|| bad("a digest in the store"))?;
                    Ok(StoredFile { file, size: u64::try_from(row.try_get::<_, i64>(1)?).unwrap_or(0) })
                })
                .collect()
        })
    }

    fn tenant_file(&self, tenant: &TenantRecord, file: &FileRef) -> Result<Option<u64>, StoreError> {
        self.read(|sql| {
            let row = sql.query_opt(
                "SELECT size FROM files WHERE tenant_id = $1 AND digest = $2 LIMIT 1",
                &[&tenant.id, &file.hex()],
            )?;
            Ok(row.map(|row| row.try_get::<_, i64>(0)).transpose()?.map(|s| u64::try_from(s).unwrap_or(0)))
        })
    }

    fn hand_files(
        &self,
        tenant: &TenantRecord,
        job: &TreeId,
        files: &[StoredFile],
        actor: &Principal,
    ) -> Result<(), StoreError> {
        let done = self.write(|tx| {
            for file in files {
                tx.execute(
                    "INSERT INTO files (tenant_id, tree, digest, size, stored_at) VALUES ($1, $2, $3, $4, $5)
                     ON CONFLICT (tenant_id, tree, digest) DO UPDATE SET stored_at = EXCLUDED.stored_at",
                    &[&tenant.id, &job.as_str(), &file.file.hex(), &millis(file.size), &now_ms()],
                )?;
            }
            let refs: Vec<String> = files.iter().map(|f| f.file.to_string()).collect();
            let new = serde_json::json!({"job": job, "files": refs}).to_string();
            audit(tx, tenant, &actor.actor_in(tenant), Action::JobFilesHanded, "null", &new)?;
            Ok(Ok::<_, std::convert::Infallible>(()))
        })?;
        done.unwrap_or_else(|never| match never {});
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::TenantName;
    use oz0_core::trace::StepKind;
    use oz0_core::usage::Usage;

    use super::super::testing::{TestStore, stores};
    use super::*;

    /// Returns every store with its local person.
    fn with_local() -> Vec<(TestStore, Principal)> {
        stores()
            .into_iter()
            .map(|store| {
                let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
                (store, local)
            })
            .collect()
    }

    fn call(id: &TreeId) -> NewJob<'_> {
        NewJob { id, kind: JobKind::Call, name: "a.b", person: "local", input: None }
    }

    #[test]
    fn a_job_is_started_followed_and_refused_once_its_tree_holds_files() {
        for (store, local) in with_local() {
            let t = &local.tenant;
            let id = TreeId::new("J1").unwrap();
            let new = call(&id);
            let JobStart::Started(job) = store.start_job(t, &new).unwrap() else { panic!("a new job starts") };
            assert_eq!((job.state, job.tree.as_str()), (JobState::Running, "J1"), "{}", store.kind());
            assert!(matches!(store.start_job(t, &new).unwrap(), JobStart::Follows(_)));
            store.end_job(t, &id, JobState::Succeeded, None).unwrap();
            assert!(matches!(store.start_job(t, &new).unwrap(), JobStart::Started(_)), "no files: it starts again");
            assert_eq!(store.fail_running_jobs("the edge stopped").unwrap(), 1);
            assert_eq!(store.job(t, &id).unwrap().unwrap().error.as_deref(), Some("the edge stopped"));
            store.record_file(t, &id, &FileRef::from_digest([1; 32]), 3).unwrap();
            assert!(matches!(store.start_job(t, &new).unwrap(), JobStart::Refused(_)), "{}", store.kind());
            let job = store.job(t, &id).unwrap().unwrap();
            assert_eq!((job.state, job.error.as_deref()), (JobState::Failed, Some("the edge stopped")));
        }
    }

    #[test]
    fn steps_are_numbered_and_their_cost_added() {
        for (store, local) in with_local() {
            let t = &local.tenant;
            let id = TreeId::new("J2").unwrap();
            store.start_job(t, &call(&id)).unwrap();
            let mut step = Step::new(0, "2026-11-30T00:00:00.000Z".into(), StepKind::ToolCall);
            step.usage = vec![Usage { service: "jev".into(), unit: None, units: None, cost_usd: 0.5 }];
            assert_eq!(store.record_step(t, &id, &step).unwrap(), 1, "{}", store.kind());
            assert_eq!(store.record_step(t, &id, &step).unwrap(), 2);
            let steps = store.steps(t, &id, 0).unwrap();
            assert_eq!(store.steps(t, &id, 1).unwrap().len(), 1);
            assert_eq!(steps.iter().map(|s| s.seq).collect::<Vec<_>>(), [1, 2]);
            let job = store.job(t, &id).unwrap().unwrap();
            assert_eq!(job.steps, 2);
            assert!((job.cost_usd - 1.0).abs() < 1e-12);
            assert_eq!(store.jobs(t, None, 10).unwrap().len(), 1);
            assert!((store.spent_since(t, 0).unwrap() - 1.0).abs() < 1e-12, "{}", store.kind());
            let between = store.jobs_between(t, 0, u64::MAX).unwrap();
            assert_eq!((between.len(), between[0].1.len()), (1, 2));
        }
    }

    #[test]
    fn a_model_call_is_audited_and_its_labels_join_the_job() {
        for (store, local) in with_local() {
            let t = &local.tenant;
            let id = TreeId::new("J3").unwrap();
            store.start_job(t, &NewJob { kind: JobKind::Agent, input: Some("hi"), ..call(&id) }).unwrap();
            let mut step = Step::new(0, "2026-11-30T00:00:00.000Z".into(), StepKind::ModelCall);
            step.cost_usd = Some(0.25);
            step.labels = vec!["hr".to_owned()];
            store.record_step(t, &id, &step).unwrap();
            let entry = &store.audit(t, 1).unwrap()[0];
            assert_eq!((entry.action.as_str(), entry.actor.as_str()), ("run.model_call", "local"), "{}", store.kind());
            assert_eq!(entry.new["step"], 1);
            assert_eq!(store.job(t, &id).unwrap().unwrap().labels, ["hr"]);
            store.set_output(t, &id, "hello").unwrap();
            assert_eq!(store.job_io(t, &id).unwrap(), (Some("hi".to_owned()), Some("hello".to_owned())));
        }
    }

    #[test]
    fn a_step_of_no_job_is_refused_and_kept_nowhere() {
        for (store, local) in with_local() {
            let t = &local.tenant;
            let id = TreeId::new("nowhere").unwrap();
            let step = Step::new(0, "2026-11-30T00:00:00.000Z".into(), StepKind::ToolCall);
            assert!(matches!(store.record_step(t, &id, &step), Err(StoreError::Database(_))), "{}", store.kind());
            assert!(store.steps(t, &id, 0).unwrap().is_empty());
            assert_eq!(store.end_job(t, &id, JobState::Failed, None).unwrap(), None);
        }
    }

    #[test]
    fn jobs_are_read_a_page_before_a_start_and_an_id() {
        for (store, local) in with_local() {
            let t = &local.tenant;
            let ids: Vec<TreeId> = (0..7).map(|n| TreeId::new(&format!("J{n}")).unwrap()).collect();
            for id in &ids {
                store.start_job(t, &call(id)).unwrap();
            }
            let name = TenantName::new("other").unwrap();
            let new = crate::store::NewToken {
                tenant: &name,
                create_tenant: true,
                person: None,
                roles: &[oz0_core::api::Role::Admin],
                hash: &[2; 32],
            };
            let other = store.issue_token(&new, &local).unwrap().unwrap().principal;
            store.start_job(&other.tenant, &call(&TreeId::new("J9").unwrap())).unwrap();

            // Jobs started in one millisecond are told apart by their IDs: each is read once.
            let mut seen = Vec::new();
            let mut before: Option<(u64, TreeId)> = None;
            loop {
                let page = store.jobs(t, before.as_ref().map(|(ms, id)| (*ms, id)), 3).unwrap();
                let Some(last) = page.last() else { break };
                let ms = oz0_core::api::parse_instant(&last.started_at).unwrap();
                before = Some((ms, last.id.clone()));
                seen.extend(page.into_iter().map(|j| j.id.to_string()));
            }
            let mut sorted = seen.clone();
            sorted.sort();
            sorted.dedup();
            assert_eq!((seen.len(), sorted.len()), (7, 7), "{} {seen:?}", store.kind());
            assert!(!seen.contains(&"J9".to_owned()), "another tenant's job is never read");
            assert!(store.jobs(t, Some((0, &ids[0])), 10).unwrap().is_empty(), "nothing before the start of time");
        }
    }

    #[test]
    fn a_child_job_is_of_its_parents_tree_and_starts_with_what_its_parent_read() {
        for (store, local) in with_local() {
            let t = &local.tenant;
            let (p, c) = (TreeId::new("P").unwrap(), TreeId::new("C").unwrap());
            let JobStart::Started(parent) = store.start_job(t, &NewJob { kind: JobKind::Agent, ..call(&p) }).unwrap()
            else {
                panic!("a new job starts")
            };
            let mut step = Step::new(0, "2026-01-01T00:00:00.000Z".to_owned(), StepKind::ToolCall);
            step.labels = vec!["pii".to_owned()];
            store.record_step(t, &p, &step).unwrap();
            let child = store.start_child(t, &NewJob { kind: JobKind::Agent, ..call(&c) }, &parent).unwrap();
            assert_eq!((child.tree.as_str(), child.parent.as_ref().map(TreeId::as_str)), ("P", Some("P")));
            assert_eq!(child.labels, ["pii"], "{}", store.kind());
            assert_eq!(store.job(t, &c).unwrap().unwrap(), child);
            assert_eq!(store.job(t, &p).unwrap().unwrap().parent, None);
            // What one keeps in the tree, the other holds.
            let file = FileRef::from_digest([3; 32]);
            store.record_file(t, &child.tree, &file, 4).unwrap();
            assert_eq!(store.tree_files(t, &parent.tree).unwrap(), [StoredFile { file, size: 4 }]);
            // A child's ID is new: one taken is refused, the job of that ID left as it is.
            assert!(store.start_child(t, &call(&p), &parent).is_err(), "{}", store.kind());
            assert_eq!(store.job(t, &p).unwrap().unwrap().kind, JobKind::Agent);
        }
    }

    #[test]
    fn handed_files_join_the_tree_and_are_audited() {
        for (store, local) in with_local() {
            let t = &local.tenant;
            let file = FileRef::from_digest([2; 32]);
            store.record_file(t, &TreeId::new("A").unwrap(), &file, 5).unwrap();
            assert_eq!(store.tenant_file(t, &file).unwrap(), Some(5), "{}", store.kind());
            let b = TreeId::new("B").unwrap();
            store.hand_files(t, &b, &[StoredFile { file, size: 5 }], &local).unwrap();
            assert_eq!(store.tree_files(t, &b).unwrap(), [StoredFile { file, size: 5 }]);
            assert_eq!(store.audit(t, 1).unwrap()[0].action, "job.files_handed");
        }
    }
}
