//! The nodes that share a store, each with a lease it renews while it lives, and the jobs each runs:
//! when a node dies, another fails its running jobs once its lease has lapsed for a while.
//!
//! With the [`Lease::DEFAULT`] timings a node renews its lease every 10 s for 20 s, and the live nodes
//! look for dead ones every 10 s, taking a node for dead 60 s after its lease ended: a dead node's
//! running jobs are failed at most 90 s after it died (20 s of lease left at most, 60 s of grace, and
//! up to 10 s until the next look), and at least 70 s after. The times are the nodes' own clocks: nodes
//! whose clocks differ by a few seconds shift these bounds by as much.

use std::time::Duration;

use oz0_core::api::TreeId;

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{TenantRecord, now_ms};
use super::sql::{Dialect, bad};
use super::sql_store::SqlStore;

/// How a node's lease is kept, and when a node is taken for dead.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Lease {
    /// How long a renewal holds the lease.
    pub hold: Duration,
    /// How often a node renews its lease and looks for dead nodes.
    pub every: Duration,
    /// How long after its lease ended a node is taken for dead.
    pub grace: Duration,
}

impl Lease {
    /// The timings of a served edge.
    pub const DEFAULT: Lease =
        Lease { hold: Duration::from_secs(20), every: Duration::from_secs(10), grace: Duration::from_secs(60) };

    /// The variable that shortens the lease, in seconds, for tests that kill a node: the renewals come
    /// twice a lease, and a node is taken for dead three leases after its lease ended.
    pub const VARIABLE: &'static str = "OZ0_LEASE_SECONDS";

    /// Returns the timings: [`Self::DEFAULT`], unless [`Self::VARIABLE`] holds a number of seconds.
    pub fn from_env() -> Lease {
        let seconds = std::env::var(Self::VARIABLE).ok().and_then(|text| text.trim().parse::<f64>().ok());
        match seconds.filter(|s| s.is_finite() && *s > 0.0 && *s <= 3600.0) {
            Some(seconds) => {
                let hold = Duration::from_secs_f64(seconds);
                Lease { hold, every: hold / 2, grace: hold * 3 }
            }
            None => Self::DEFAULT,
        }
    }

    /// Returns the most time between a node's death and the failing of its jobs, while another node
    /// lives: the lease left, the grace, and the wait for the next look.
    pub fn bound(&self) -> Duration {
        self.hold + self.grace + self.every
    }
}

/// Why a dead node's job is failed, as its error says.
pub const LOST_REASON: &str = "the edge node running the job stopped renewing its lease, and is taken for dead";

/// Registers the node of `store` with a lease, then keeps renewing it on a thread of its own, looking
/// each time for dead nodes to fail their running jobs, until the store is dropped. Returns why the
/// first renewal failed, when it did.
pub fn keep_lease<S: NodeStore + Send + Sync + ?Sized + 'static>(
    store: std::sync::Weak<S>,
    lease: Lease,
) -> Result<(), StoreError> {
    let renew = move |store: &S| {
        let now = now_ms();
        let ms = |d: Duration| i64::try_from(d.as_millis()).unwrap_or(i64::MAX);
        store.renew_lease(now.saturating_add(ms(lease.hold)), now.saturating_add(ms(lease.hold + lease.grace)))
    };
    if let Some(store) = store.upgrade() {
        renew(store.as_ref())?;
    }
    let spawned = std::thread::Builder::new().name("oz0-lease".to_owned()).spawn(move || {
        loop {
            std::thread::sleep(lease.every);
            let Some(store) = store.upgrade() else { break };
            if let Err(err) = renew(store.as_ref()) {
                tracing::warn!(error = &err as &dyn std::error::Error, "the node's lease could not be renewed");
            }
            let dead_before = now_ms().saturating_sub(i64::try_from(lease.grace.as_millis()).unwrap_or(i64::MAX));
            match store.fail_jobs_of_dead_nodes(dead_before, LOST_REASON) {
                Ok(lost) => {
                    for job in lost {
                        tracing::warn!(job = %job.job, node = job.node, "failed a job of a dead node");
                    }
                }
                Err(err) => tracing::warn!(error = &err as &dyn std::error::Error, "could not look for dead nodes"),
            }
        }
    });
    spawned.map(drop).map_err(|err| StoreError::Database(Box::new(err)))
}

/// A job failed because the node running it died.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LostJob {
    /// Its tenant's ID.
    pub tenant_id: i64,
    /// The job.
    pub job: TreeId,
    /// The node that ran it.
    pub node: String,
}

/// What the edge needs to keep nodes' leases.
pub trait NodeStore {
    /// Returns the ID of the node this store serves: new each time the store is opened, and kept on
    /// the jobs it starts and the reservations it makes.
    fn node(&self) -> &str;

    /// Registers the node, or renews its lease, until `lease_until_ms`, and keeps its reservations
    /// counting until `hold_until_ms`.
    fn renew_lease(&self, lease_until_ms: i64, hold_until_ms: i64) -> Result<(), StoreError>;

    /// Fails, with `reason`, the running jobs of the nodes whose lease ended before `dead_before_ms`,
    /// auditing each (`job.node_lost`), in one conditional update: a job is failed once, however many
    /// nodes look at once. Fails their experiments too, drops their reservations, which no longer count,
    /// and the sweeping they claimed, and forgets nodes dead for a day. Returns the jobs it failed.
    fn fail_jobs_of_dead_nodes(&self, dead_before_ms: i64, reason: &str) -> Result<Vec<LostJob>, StoreError>;

    /// Ends the node's lease, as though it had lapsed long ago.
    fn end_lease(&self) -> Result<(), StoreError>;

    /// Leaves the store, as a node that stops cleanly: fails its running jobs with `reason` as a dead
    /// node's are failed, at once rather than once its lease has lapsed, and drops its reservations.
    fn leave(&self, reason: &str) -> Result<Vec<LostJob>, StoreError> {
        self.end_lease()?;
        self.fail_jobs_of_dead_nodes(ENDED_LEASE + 1, reason)
    }
}

/// The lease of a node that left: older than any live or dead node's.
pub(super) const ENDED_LEASE: i64 = i64::MIN;

/// The audit entry of a job failed for its node: what the job and its node were, and why.
pub(super) fn lost_entry(job: &str, node: &str, reason: &str) -> String {
    serde_json::json!({"job": job, "node": node, "error": reason}).to_string()
}

/// How long after it was taken for dead a node is forgotten, in milliseconds: a day.
pub(super) const FORGET_MS: i64 = 86_400_000;

/// Who the audit log names as failing a dead node's job.
pub(super) const ACTOR: &str = "the edge";

/// The state a job of a dead node is put in.
pub(super) const LOST_STATE: &str = "failed";

impl NodeStore for SqlStore {
    fn node(&self) -> &str {
        self.node_id()
    }

    fn renew_lease(&self, lease_until_ms: i64, hold_until_ms: i64) -> Result<(), StoreError> {
        let done = self.write(|tx| {
            let greatest = if tx.dialect() == Dialect::Sqlite { "MAX" } else { "GREATEST" };
            tx.execute(
                &format!(
                    "INSERT INTO nodes (id, started_at, lease_until) VALUES ($1, $2, $3)
                 ON CONFLICT (id) DO UPDATE SET lease_until = {greatest}(nodes.lease_until, EXCLUDED.lease_until)"
                ),
                &[&self.node(), &now_ms(), &lease_until_ms],
            )?;
            tx.execute(
                "UPDATE reservations SET expires_at = $2 WHERE node = $1 AND expires_at < $2",
                &[&self.node(), &hold_until_ms],
            )?;
            Ok(Ok::<_, std::convert::Infallible>(()))
        })?;
        done.unwrap_or_else(|never| match never {});
        Ok(())
    }

    fn end_lease(&self) -> Result<(), StoreError> {
        self.change(|sql| {
            sql.execute("UPDATE nodes SET lease_until = $2 WHERE id = $1", &[&self.node(), &ENDED_LEASE])?;
            Ok(())
        })
    }

    fn fail_jobs_of_dead_nodes(&self, dead_before_ms: i64, reason: &str) -> Result<Vec<LostJob>, StoreError> {
        let done = self.write(|tx| {
            // Two nodes looking at once: the second waits for the first's row locks, then finds the
            // jobs no longer running, and fails and audits none of them again.
            let rows = tx.query(
                "UPDATE jobs SET state = $1, ended_at = $2, error = $3
                 WHERE state = 'running' AND node IN (SELECT id FROM nodes WHERE lease_until < $4)
                 RETURNING tenant_id, id, node",
                &[&LOST_STATE, &now_ms(), &reason, &dead_before_ms],
            )?;
            let mut lost = Vec::with_capacity(rows.len());
            for row in &rows {
                let (tenant_id, job, node): (i64, String, String) = (row.try_get(0)?, row.try_get(1)?, row.try_get(2)?);
                let found = tx.query_one("SELECT name, operator FROM tenants WHERE id = $1", &[&tenant_id])?;
                let name = oz0_core::api::TenantName::new(found.try_get::<_, &str>(0)?).map_err(bad)?;
                let tenant = TenantRecord { id: tenant_id, name, operator: found.try_get(1)? };
                audit(tx, &tenant, ACTOR, Action::JobNodeLost, "null", &lost_entry(&job, &node, reason))?;
                lost.push(LostJob { tenant_id, job: TreeId::new(&job).map_err(bad)?, node });
            }
            super::experiments::fail_experiments(tx, reason, Some(dead_before_ms))?;
            tx.execute(
                "DELETE FROM sweeps WHERE node IN (SELECT id FROM nodes WHERE lease_until < $1)",
                &[&dead_before_ms],
            )?;
            tx.execute(
                "DELETE FROM reservations WHERE node IN (SELECT id FROM nodes WHERE lease_until < $1)",
                &[&dead_before_ms],
            )?;
            tx.execute("DELETE FROM nodes WHERE lease_until < $1", &[&dead_before_ms.saturating_sub(FORGET_MS)])?;
            Ok(Ok::<_, std::convert::Infallible>(lost))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;
    use std::sync::Barrier;

    use oz0_core::agent::{AgentBudget, Spent};
    use oz0_core::api::{JobKind, JobState, TenantName};

    use super::super::sql_store::new_node_id;
    use super::super::testing::{Scratch, stores};
    use super::super::{Ask, JobStore, NewJob, Store};
    use super::*;

    #[test]
    fn the_default_lease_fails_a_dead_nodes_jobs_within_ninety_seconds() {
        assert_eq!(Lease::DEFAULT.bound(), Duration::from_secs(90));
        assert!(Lease::DEFAULT.bound() <= Duration::from_secs(120), "the issue's most");
        assert!(Lease::DEFAULT.every < Lease::DEFAULT.hold, "a lease is renewed before it ends");
    }

    #[test]
    fn the_jobs_of_a_node_whose_lease_lapsed_are_failed_once_and_audited() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let id = TreeId::new("J1").unwrap();
            let new = NewJob { id: &id, kind: JobKind::Agent, name: "a", person: "local", input: None };
            store.start_job(t, &new).unwrap();
            let now = now_ms();
            store.renew_lease(now + 20_000, now + 80_000).unwrap();
            assert!(store.fail_jobs_of_dead_nodes(now, "gone").unwrap().is_empty(), "a live node's jobs stay");
            assert_eq!(store.job(t, &id).unwrap().unwrap().state, JobState::Running);
            let budget = AgentBudget { usd: Some(1.0), tokens: None, warning_share: 0.8 };
            let ask = Ask {
                tenant: t,
                tree: Some(&id),
                budget: Some(budget),
                spent: Spent::default(),
                worst: Spent { usd: 0.75, tokens: 0 },
                day_since_ms: 0,
                month_since_ms: 0,
                expires_ms: now + 80_000,
                quota: None,
            };
            store.reserve(&ask).unwrap().unwrap();
            assert!(store.reserve(&ask).unwrap().is_err(), "{}", store.kind());
            let lost = store.fail_jobs_of_dead_nodes(now + 30_000, "gone").unwrap();
            assert!(store.reserve(&ask).unwrap().is_ok(), "a dead node's reservations are dropped: {}", store.kind());
            assert_eq!(lost, [LostJob { tenant_id: t.id, job: id.clone(), node: store.node().to_owned() }]);
            assert!(store.fail_jobs_of_dead_nodes(now + 30_000, "gone").unwrap().is_empty(), "{}", store.kind());
            let job = store.job(t, &id).unwrap().unwrap();
            assert_eq!((job.state, job.error.as_deref()), (JobState::Failed, Some("gone")));
            let log = store.audit(t, 10).unwrap();
            let entries: Vec<_> = log.iter().filter(|e| e.action == "job.node_lost").collect();
            assert_eq!(entries.len(), 1, "{}", store.kind());
            assert_eq!(entries[0].new["job"], "J1");
            assert_eq!(entries[0].actor, ACTOR);
        }
    }

    #[test]
    fn a_node_that_leaves_fails_its_running_jobs_at_once_and_no_others() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let (mine, ended) = (TreeId::new("J1").unwrap(), TreeId::new("J2").unwrap());
            for id in [&mine, &ended] {
                store
                    .start_job(t, &NewJob { id, kind: JobKind::Agent, name: "a", person: "local", input: None })
                    .unwrap();
            }
            store.end_job(t, &ended, JobState::Succeeded, None).unwrap();
            let now = now_ms();
            store.renew_lease(now + 20_000, now + 80_000).unwrap();
            let lost = store.leave("stopped").unwrap();
            assert_eq!(lost, [LostJob { tenant_id: t.id, job: mine.clone(), node: store.node().to_owned() }]);
            let job = store.job(t, &mine).unwrap().unwrap();
            assert_eq!((job.state, job.error.as_deref()), (JobState::Failed, Some("stopped")), "{}", store.kind());
            assert_eq!(store.job(t, &ended).unwrap().unwrap().state, JobState::Succeeded, "an ended job stays");
            assert!(store.leave("stopped").unwrap().is_empty(), "{}", store.kind());
        }
    }

    #[test]
    fn node_ids_differ() {
        assert_ne!(new_node_id(), new_node_id());
    }

    #[test]
    fn a_dead_nodes_jobs_are_failed_once_by_two_nodes_looking_at_once_and_a_live_nodes_never() {
        let scratch = Scratch::new();
        let open = || SqlStore::postgres(&scratch.url).unwrap();
        let (dead, live, other) = (open(), open(), open());
        let admin = dead.first_token(&TenantName::new("main").unwrap(), &[1; 32]).unwrap().unwrap();
        let t = &admin.tenant;
        let now = now_ms();
        dead.renew_lease(now - 10_000, now - 10_000).unwrap();
        live.renew_lease(now + 60_000, now + 60_000).unwrap();
        other.renew_lease(now + 60_000, now + 60_000).unwrap();
        let ids: Vec<TreeId> = (0..20).map(|n| TreeId::new(&format!("J{n}")).unwrap()).collect();
        for (n, id) in ids.iter().enumerate() {
            let node = if n % 2 == 0 { &dead } else { &live };
            let new = NewJob { id, kind: JobKind::Agent, name: "a", person: "admin", input: None };
            node.start_job(t, &new).unwrap();
        }

        let start = Barrier::new(8);
        let lost: Vec<LostJob> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..8)
                .map(|n| {
                    let (node, start) = (if n % 2 == 0 { &live } else { &other }, &start);
                    scope.spawn(move || {
                        start.wait();
                        (0..5).flat_map(|_| node.fail_jobs_of_dead_nodes(now_ms(), "dead").unwrap()).collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().flat_map(|h| h.join().unwrap()).collect()
        });
        let failed: BTreeSet<&str> = lost.iter().map(|l| l.job.as_str()).collect();
        assert_eq!(lost.len(), 10, "each failed once: {lost:?}");
        let expected: BTreeSet<&str> = ids.iter().step_by(2).map(TreeId::as_str).collect();
        assert_eq!(failed, expected);
        assert!(lost.iter().all(|l| l.node == dead.node()));
        for (n, id) in ids.iter().enumerate() {
            let job = live.job(t, id).unwrap().unwrap();
            let expected = if n % 2 == 0 { JobState::Failed } else { JobState::Running };
            assert_eq!(job.state, expected, "{id}");
        }
        let log = other.audit(t, 1000).unwrap();
        assert_eq!(log.iter().filter(|e| e.action == "job.node_lost").count(), 10, "audited once each");
    }
}
