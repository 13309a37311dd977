//! Experiments (`oz0 compare-savings`): each an agent, two thresholds and a number of inputs, run by
//! one node as pairs of jobs. A pair's jobs are tagged before they start, so that an experiment names
//! every job it spent on, even one that never got going; what an experiment spent is its jobs' cost.

use oz0_core::api::{Arm, Experiment, ExperimentState, TreeId};
use oz0_core::offload::Offload;

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{Principal, TenantRecord, enum_of, now_ms, number, rfc3339_millis};
use super::sql::{Outcome, Row, Sql, bad};
use super::sql_store::SqlStore;
use crate::sealing::payload::Place;

/// An experiment to start.
#[derive(Debug, Clone, PartialEq)]
pub struct NewExperiment<'a> {
    /// Its ID.
    pub id: &'a TreeId,
    /// The agent it runs.
    pub agent: &'a str,
    /// The baseline's threshold.
    pub baseline: Offload,
    /// The variant's threshold.
    pub variant: Offload,
    /// How many inputs it runs.
    pub inputs: u32,
    /// The most it may spend, in US dollars.
    pub budget_usd: Option<f64>,
}

/// A job of an experiment.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExperimentJob {
    /// The pair's number, from 1.
    pub pair: u32,
    /// The arm it ran under.
    pub arm: Arm,
    /// The job.
    pub job: TreeId,
}

/// What the edge needs to keep experiments. They are the tenant's, as its jobs are.
pub trait ExperimentStore {
    /// Records a new experiment, running on this node, audited as `experiment.start`.
    fn start_experiment(
        &self,
        tenant: &TenantRecord,
        new: &NewExperiment<'_>,
        actor: &Principal,
    ) -> Result<Experiment, StoreError>;

    /// Tags `job`, about to start, as the `arm` of the experiment's pair `pair`.
    fn tag_job(
        &self,
        tenant: &TenantRecord,
        experiment: &TreeId,
        pair: u32,
        arm: Arm,
        job: &TreeId,
    ) -> Result<(), StoreError>;

    /// Returns an experiment and its jobs, by pair and arm.
    fn experiment(
        &self,
        tenant: &TenantRecord,
        id: &TreeId,
    ) -> Result<Option<(Experiment, Vec<ExperimentJob>)>, StoreError>;

    /// Returns the tenant's experiments, newest first, at most `limit`.
    fn experiments(&self, tenant: &TenantRecord, limit: u32) -> Result<Vec<Experiment>, StoreError>;

    /// Ends a running experiment in `state`, saying why; audited as `experiment.cancel` when a person,
    /// `by`, cancelled it. Returns it as it is, ended now or before; `None` when there is none.
    fn end_experiment(
        &self,
        tenant: &TenantRecord,
        id: &TreeId,
        state: ExperimentState,
        reason: Option<&str>,
        by: Option<&Principal>,
    ) -> Result<Option<Experiment>, StoreError>;

    /// Returns what the agent's `n` most recent jobs were asked, oldest first: jobs of no experiment,
    /// not erased, and no later turn of a conversation (whose question leans on the turns before it).
    fn replay_inputs(&self, tenant: &TenantRecord, agent: &str, n: u32) -> Result<Vec<String>, StoreError>;
}

/// The columns of an experiment, with what its jobs spent and how many started.
const EXPERIMENT: &str = "SELECT x.id, x.agent, x.person, x.state, x.reason, x.baseline, x.variant, x.inputs,
    x.budget_usd, x.started_at, x.ended_at,
    (SELECT COALESCE(SUM(j.cost_usd), 0) FROM experiment_jobs e
       JOIN jobs j ON j.tenant_id = e.tenant_id AND j.id = e.job
       WHERE e.tenant_id = x.tenant_id AND e.experiment = x.id),
    (SELECT COUNT(*) FROM experiment_jobs e JOIN jobs j ON j.tenant_id = e.tenant_id AND j.id = e.job
       WHERE e.tenant_id = x.tenant_id AND e.experiment = x.id)
    FROM experiments x";

fn experiment_row(row: &Row) -> Outcome<Experiment> {
    let offload = |text: String| text.parse::<Offload>().map_err(bad);
    Ok(Experiment {
        id: TreeId::new(row.try_get(0)?).map_err(bad)?,
        agent: row.try_get(1)?,
        person: row.try_get(2)?,
        state: enum_of(row.try_get(3)?)?,
        reason: row.try_get(4)?,
        baseline_offload: offload(row.try_get(5)?)?,
        variant_offload: offload(row.try_get(6)?)?,
        inputs: number(row, 7)?,
        budget_usd: row.try_get(8)?,
        started_at: rfc3339_millis(row.try_get(9)?),
        ended_at: row.try_get::<_, Option<i64>>(10)?.map(rfc3339_millis),
        spent_usd: row.try_get(11)?,
        jobs: number(row, 12)?,
    })
}

pub(super) fn read_experiment(sql: &mut dyn Sql, tenant: &TenantRecord, id: &TreeId) -> Outcome<Option<Experiment>> {
    let row =
        sql.query_opt(&format!("{EXPERIMENT} WHERE x.tenant_id = $1 AND x.id = $2"), &[&tenant.id, &id.as_str()])?;
    row.as_ref().map(experiment_row).transpose()
}

/// Fails the running experiments, saying why: all of them, or those of the nodes whose lease ended
/// before `dead_before_ms`; returns how many.
pub(super) fn fail_experiments(sql: &mut dyn Sql, reason: &str, dead_before_ms: Option<i64>) -> Outcome<u64> {
    let update = "UPDATE experiments SET state = 'failed', reason = $1, ended_at = $2 WHERE state = 'running'";
    match dead_before_ms {
        None => sql.execute(update, &[&reason, &now_ms()]),
        Some(ms) => sql.execute(
            &format!("{update} AND node IN (SELECT id FROM nodes WHERE lease_until < $3)"),
            &[&reason, &now_ms(), &ms],
        ),
    }
}

impl ExperimentStore for SqlStore {
    fn start_experiment(
        &self,
        tenant: &TenantRecord,
        new: &NewExperiment<'_>,
        actor: &Principal,
    ) -> Result<Experiment, StoreError> {
        self.write(|tx| {
            tx.execute(
                "INSERT INTO experiments
                   (tenant_id, id, agent, person, state, baseline, variant, inputs, budget_usd, node, started_at)
                 VALUES ($1, $2, $3, $4, 'running', $5, $6, $7, $8, $9, $10)",
                &[
                    &tenant.id,
                    &new.id.as_str(),
                    &new.agent,
                    &actor.person,
                    &new.baseline.to_string(),
                    &new.variant.to_string(),
                    &i64::from(new.inputs),
                    &new.budget_usd,
                    &self.node_id(),
                    &now_ms(),
                ],
            )?;
            let entry = serde_json::json!({
                "id": new.id, "agent": new.agent, "baseline": new.baseline, "variant": new.variant,
                "inputs": new.inputs, "budget_usd": new.budget_usd,
            });
            audit(tx, tenant, &actor.actor_in(tenant), Action::ExperimentStart, "null", &entry.to_string())?;
            let started = read_experiment(tx, tenant, new.id)?.ok_or_else(|| bad("the experiment is gone"))?;
            Ok(Ok::<_, std::convert::Infallible>(started))
        })?
        .map_err(|never| match never {})
    }

    fn tag_job(
        &self,
        tenant: &TenantRecord,
        experiment: &TreeId,
        pair: u32,
        arm: Arm,
        job: &TreeId,
    ) -> Result<(), StoreError> {
        self.change(|sql| {
            sql.execute(
                "INSERT INTO experiment_jobs (tenant_id, experiment, pair, arm, job) VALUES ($1, $2, $3, $4, $5)",
                &[&tenant.id, &experiment.as_str(), &i64::from(pair), &arm.as_str(), &job.as_str()],
            )?;
            Ok(())
        })
    }

    fn experiment(
        &self,
        tenant: &TenantRecord,
        id: &TreeId,
    ) -> Result<Option<(Experiment, Vec<ExperimentJob>)>, StoreError> {
        self.read(|sql| {
            let Some(experiment) = read_experiment(sql, tenant, id)? else {
                return Ok(None);
            };
            let rows = sql.query(
                "SELECT pair, arm, job FROM experiment_jobs WHERE tenant_id = $1 AND experiment = $2
                 ORDER BY pair, arm",
                &[&tenant.id, &id.as_str()],
            )?;
            let jobs = rows
                .iter()
                .map(|row| {
                    Ok(ExperimentJob {
                        pair: number(row, 0)?,
                        arm: enum_of(row.try_get(1)?)?,
                        job: TreeId::new(row.try_get(2)?).map_err(bad)?,
                    })
                })
                .collect::<Outcome<_>>()?;
            Ok(Some((experiment, jobs)))
        })
    }

    fn experiments(&self, tenant: &TenantRecord, limit: u32) -> Result<Vec<Experiment>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
                &format!("{EXPERIMENT} WHERE x.tenant_id = $1 ORDER BY x.started_at DESC, x.id DESC LIMIT $2"),
                &[&tenant.id, &i64::from(limit)],
            )?;
            rows.iter().map(experiment_row).collect()
        })
    }

    fn end_experiment(
        &self,
        tenant: &TenantRecord,
        id: &TreeId,
        state: ExperimentState,
        reason: Option<&str>,
        by: Option<&Principal>,
    ) -> Result<Option<Experiment>, StoreError> {
        self.write(|tx| {
            // Ended on two nodes at once, it ends once: the second finds it no longer running.
            let ended = tx.execute(
                "UPDATE experiments SET state = $3, reason = $4, ended_at = $5
                 WHERE tenant_id = $1 AND id = $2 AND state = 'running'",
                &[&tenant.id, &id.as_str(), &state.as_str(), &reason, &now_ms()],
            )?;
            if let (1, Some(person)) = (ended, by) {
                let entry = serde_json::json!({"id": id, "state": state});
                audit(tx, tenant, &person.actor_in(tenant), Action::ExperimentCancel, "null", &entry.to_string())?;
            }
            Ok(Ok::<_, std::convert::Infallible>(read_experiment(tx, tenant, id)?))
        })?
        .map_err(|never| match never {})
    }

    fn replay_inputs(&self, tenant: &TenantRecord, agent: &str, n: u32) -> Result<Vec<String>, StoreError> {
        let kept: Vec<(String, String)> = self.read(|sql| {
            let rows = sql.query(
                "SELECT j.id, j.input FROM jobs j
                 WHERE j.tenant_id = $1 AND j.kind = 'agent' AND j.name = $2 AND j.input IS NOT NULL
                   AND j.erased_at IS NULL AND COALESCE(j.turn, 1) = 1
                   AND NOT EXISTS (SELECT 1 FROM experiment_jobs e WHERE e.tenant_id = j.tenant_id AND e.job = j.id)
                 ORDER BY j.started_at DESC, j.id DESC LIMIT $3",
                &[&tenant.id, &agent, &i64::from(n)],
            )?;
            rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect()
        })?;
        let mut inputs = kept
            .into_iter()
            .map(|(job, input)| self.open_text(&Place::job_input(tenant.id, &job), input))
            .collect::<Result<Vec<_>, _>>()?;
        inputs.reverse();
        Ok(inputs)
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::{JobKind, JobState, TenantName};
    use oz0_core::offload::Tokens;

    use super::super::jobs::NewJob;
    use super::super::testing::stores;
    use super::*;

    fn id(s: &str) -> TreeId {
        TreeId::new(s).unwrap()
    }

    fn tokens(n: u64) -> Offload {
        Offload::Tokens(Tokens::new(n).unwrap())
    }

    #[test]
    fn an_experiment_names_its_jobs_adds_up_what_they_spent_and_ends_once() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let x = id("X1");
            let new = NewExperiment {
                id: &x,
                agent: "reader",
                baseline: tokens(1000),
                variant: Offload::Off,
                inputs: 2,
                budget_usd: Some(0.5),
            };
            let started = store.start_experiment(t, &new, &local).unwrap();
            assert_eq!(
                (started.state, started.baseline_offload, started.variant_offload, started.jobs),
                (ExperimentState::Running, tokens(1000), Offload::Off, 0)
            );
            // A job tagged before it starts counts once it has.
            let (a, b) = (id("A1"), id("B1"));
            store.tag_job(t, &x, 1, Arm::Baseline, &a).unwrap();
            store.tag_job(t, &x, 1, Arm::Variant, &b).unwrap();
            assert!(store.tag_job(t, &x, 1, Arm::Variant, &a).is_err(), "an arm of a pair is one job");
            assert_eq!(store.experiment(t, &x).unwrap().unwrap().0.jobs, 0);
            for (job, input) in [(&a, "first"), (&b, "first")] {
                let new = NewJob { id: job, kind: JobKind::Agent, name: "reader", person: "local", input: Some(input) };
                store.start_job(t, &new).unwrap();
            }
            let (experiment, jobs) = store.experiment(t, &x).unwrap().unwrap();
            assert_eq!(experiment.jobs, 2);
            assert_eq!(
                jobs,
                [
                    ExperimentJob { pair: 1, arm: Arm::Baseline, job: a.clone() },
                    ExperimentJob { pair: 1, arm: Arm::Variant, job: b.clone() }
                ]
            );

            // Cancelled by a person: audited, and ended once.
            let cancelled = store.end_experiment(t, &x, ExperimentState::Cancelled, None, Some(&local)).unwrap();
            assert_eq!(cancelled.unwrap().state, ExperimentState::Cancelled);
            let again = store.end_experiment(t, &x, ExperimentState::Done, None, None).unwrap().unwrap();
            assert_eq!(again.state, ExperimentState::Cancelled, "an ended experiment stays as it ended");
            let log = store.audit(t, 10).unwrap();
            let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
            assert_eq!(actions.iter().filter(|a| **a == "experiment.cancel").count(), 1, "{actions:?}");
            assert!(actions.contains(&"experiment.start"), "{actions:?}");
            assert_eq!(store.experiments(t, 10).unwrap().len(), 1);
            assert!(store.end_experiment(t, &id("X9"), ExperimentState::Done, None, None).unwrap().is_none());

            // An edge that stops fails what it ran.
            let y = id("X2");
            store.start_experiment(t, &NewExperiment { id: &y, ..new }, &local).unwrap();
            store.fail_running_jobs("the edge stopped").unwrap();
            let failed = store.experiment(t, &y).unwrap().unwrap().0;
            assert_eq!((failed.state, failed.reason.as_deref()), (ExperimentState::Failed, Some("the edge stopped")));
        }
    }

    #[test]
    fn a_replay_asks_what_the_agents_latest_jobs_were_asked_oldest_first() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            for (job, name, input) in [("J1", "reader", "one"), ("J2", "other", "not mine"), ("J3", "reader", "two")] {
                let job = id(job);
                let new = NewJob { id: &job, kind: JobKind::Agent, name, person: "local", input: Some(input) };
                store.start_job(t, &new).unwrap();
                store.end_job(t, &job, JobState::Succeeded, None).unwrap();
            }
            // An experiment's own job is not replayed.
            let x = id("X1");
            let new = NewExperiment {
                id: &x,
                agent: "reader",
                baseline: tokens(10),
                variant: Offload::Off,
                inputs: 1,
                budget_usd: None,
            };
            store.start_experiment(t, &new, &local).unwrap();
            let tagged = id("J4");
            store.tag_job(t, &x, 1, Arm::Baseline, &tagged).unwrap();
            let new =
                NewJob { id: &tagged, kind: JobKind::Agent, name: "reader", person: "local", input: Some("three") };
            store.start_job(t, &new).unwrap();

            assert_eq!(store.replay_inputs(t, "reader", 5).unwrap(), ["one", "two"]);
            assert_eq!(store.replay_inputs(t, "reader", 1).unwrap(), ["two"]);
            assert!(store.replay_inputs(t, "nobody", 5).unwrap().is_empty());
        }
    }
}
