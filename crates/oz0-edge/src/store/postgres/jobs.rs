//! Jobs, their steps, and the files of their trees: [`JobStore`] on PostgreSQL.

use oz0_core::api::{FileRef, Job, JobState, StoredFile, TreeId};
use oz0_core::trace::Step;
use postgres::{GenericClient, Row, Transaction};

use super::store::audit;
use super::{Outcome, PostgresStore, bad};
use crate::store::jobs::model_calls;
use crate::store::sqlite::now_ms;
use crate::store::{JobStart, JobStore, NewJob, Principal, StoreError, TenantRecord, rfc3339_millis};

const JOB: &str = "SELECT id, tree, kind, name, state, person, started_at, ended_at, cost_usd, error,
    (SELECT COUNT(*) FROM steps s WHERE s.tenant_id = j.tenant_id AND s.job = j.id), labels FROM jobs j";

fn enum_of<T: serde::de::DeserializeOwned>(text: String) -> Outcome<T> {
    serde_json::from_value(serde_json::Value::String(text)).map_err(bad)
}

fn job_row(row: &Row) -> Outcome<Job> {
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
    })
}

fn step_row(row: &Row) -> Outcome<Step> {
    serde_json::from_str(row.try_get(0)?).map_err(bad)
}

fn read_job(client: &mut impl GenericClient, tenant: &TenantRecord, id: &TreeId) -> Outcome<Option<Job>> {
    let row = client.query_opt(&format!("{JOB} WHERE j.tenant_id = $1 AND j.id = $2"), &[&tenant.id, &id.as_str()])?;
    row.as_ref().map(job_row).transpose()
}

fn holds_files(tx: &mut Transaction<'_>, tenant: &TenantRecord, tree: &TreeId) -> Outcome<bool> {
    let row =
        tx.query_opt("SELECT 1 FROM files WHERE tenant_id = $1 AND tree = $2 LIMIT 1", &[&tenant.id, &tree.as_str()])?;
    Ok(row.is_some())
}

fn millis(ms: u64) -> i64 {
    i64::try_from(ms).unwrap_or(i64::MAX)
}

impl JobStore for PostgresStore {
    fn start_job(&self, tenant: &TenantRecord, job: &NewJob<'_>) -> Result<JobStart, StoreError> {
        let done = self.write(|tx| {
            // Two nodes starting one ID at once: one inserts it, and the other, after waiting for that
            // insert to commit, finds the job and follows it.
            let inserted = tx.execute(
                "INSERT INTO jobs (tenant_id, id, tree, kind, name, state, person, started_at, input, node)
                 VALUES ($1, $2, $2, $3, $4, 'running', $5, $6, $7, $8) ON CONFLICT (tenant_id, id) DO NOTHING",
                &[
                    &tenant.id,
                    &job.id.as_str(),
                    &job.kind.as_str(),
                    &job.name,
                    &job.person,
                    &now_ms(),
                    &job.input,
                    &self.node_id(),
                ],
            )?;
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
                     kind = $5, input = $6, output = NULL, node = $7 WHERE tenant_id = $1 AND id = $2",
                    &[
                        &tenant.id,
                        &job.id.as_str(),
                        &job.name,
                        &job.person,
                        &job.kind.as_str(),
                        &job.input,
                        &self.node_id(),
                    ],
                )?;
            }
            let started = read_job(tx, tenant, job.id)?.ok_or_else(|| bad("the job is gone"))?;
            Ok(Ok::<_, std::convert::Infallible>(JobStart::Started(started)))
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
            let person: String = locked.try_get(0)?;
            for call in model_calls(job, &numbered) {
                audit(tx, tenant, &person, "run.model_call", "null", &call)?;
            }
            Ok(Ok::<_, std::convert::Infallible>(numbered.seq))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn set_output(&self, tenant: &TenantRecord, job: &TreeId, output: &str) -> Result<(), StoreError> {
        self.read(|client| {
            client.execute(
                "UPDATE jobs SET output = $3 WHERE tenant_id = $1 AND id = $2",
                &[&tenant.id, &job.as_str(), &output],
            )?;
            Ok(())
        })
    }

    fn job_io(&self, tenant: &TenantRecord, job: &TreeId) -> Result<(Option<String>, Option<String>), StoreError> {
        self.read(|client| {
            let row = client.query_opt(
                "SELECT input, output FROM jobs WHERE tenant_id = $1 AND id = $2",
                &[&tenant.id, &job.as_str()],
            )?;
            Ok(row
                .map(|row| Ok::<_, postgres::Error>((row.try_get(0)?, row.try_get(1)?)))
                .transpose()?
                .unwrap_or_default())
        })
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
        self.read(|client| {
            let n = client.execute(
                "UPDATE jobs SET state = 'failed', ended_at = $1, error = $2 WHERE state = 'running'",
                &[&now_ms(), &reason],
            )?;
            Ok(usize::try_from(n).unwrap_or(usize::MAX))
        })
    }

    fn job(&self, tenant: &TenantRecord, id: &TreeId) -> Result<Option<Job>, StoreError> {
        self.read(|client| read_job(client, tenant, id))
    }

    fn jobs(&self, tenant: &TenantRecord, before: Option<(u64, &TreeId)>, limit: u32) -> Result<Vec<Job>, StoreError> {
        self.read(|client| {
            let rows = match before {
                None => client.query(
                    &format!("{JOB} WHERE j.tenant_id = $1 ORDER BY j.started_at DESC, j.id DESC LIMIT $2"),
                    &[&tenant.id, &i64::from(limit)],
                )?,
                Some((ms, id)) => client.query(
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
        self.read(|client| {
            let rows = client.query(
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
        self.read(|client| {
            let rows = client.query(
                &format!(
                    "{JOB} WHERE j.tenant_id = $1 AND j.started_at >= $2 AND j.started_at < $3
                     ORDER BY j.started_at, j.id"
                ),
                &[&tenant.id, &millis(since_ms), &millis(until_ms)],
            )?;
            let jobs: Vec<Job> = rows.iter().map(job_row).collect::<Outcome<_>>()?;
            let steps = client.prepare("SELECT step FROM steps WHERE tenant_id = $1 AND job = $2 ORDER BY seq")?;
            let mut out = Vec::with_capacity(jobs.len());
            for job in jobs {
                let rows = client.query(&steps, &[&tenant.id, &job.id.as_str()])?;
                out.push((job, rows.iter().map(step_row).collect::<Outcome<_>>()?));
            }
            Ok(out)
        })
    }

    fn tree_files(&self, tenant: &TenantRecord, tree: &TreeId) -> Result<Vec<StoredFile>, StoreError> {
        self.read(|client| {
            let rows = client.query(
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
        self.read(|client| {
            let row = client.query_opt(
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
            audit(tx, tenant, &actor.actor_in(tenant), "job.files_handed", "null", &new)?;
            Ok(Ok::<_, std::convert::Infallible>(()))
        })?;
        done.unwrap_or_else(|never| match never {});
        Ok(())
    }
}
