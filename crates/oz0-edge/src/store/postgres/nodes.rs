//! Nodes' leases, and failing a dead node's jobs: [`NodeStore`] on PostgreSQL.

use oz0_core::api::TreeId;

use super::store::audit;
use super::{PostgresStore, bad};
use crate::store::nodes::{ACTOR, ENDED_LEASE, FORGET_MS, LOST_STATE, lost_entry};
use crate::store::sqlite::now_ms;
use crate::store::{LostJob, NodeStore, StoreError, TenantRecord};

impl NodeStore for PostgresStore {
    fn node(&self) -> &str {
        self.node_id()
    }

    fn renew_lease(&self, lease_until_ms: i64, hold_until_ms: i64) -> Result<(), StoreError> {
        let done = self.write(|tx| {
            tx.execute(
                "INSERT INTO nodes (id, started_at, lease_until) VALUES ($1, $2, $3)
                 ON CONFLICT (id) DO UPDATE SET lease_until = GREATEST(nodes.lease_until, EXCLUDED.lease_until)",
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
        self.read(|client| {
            client.execute("UPDATE nodes SET lease_until = $2 WHERE id = $1", &[&self.node(), &ENDED_LEASE])?;
            Ok(())
        })
    }

    fn fail_jobs_of_dead_nodes(&self, dead_before_ms: i64, reason: &str) -> Result<Vec<LostJob>, StoreError> {
        let done = self.write(|tx| {
            // Two nodes looking at once: the second waits for the first's row locks, then finds the
            // jobs no longer running, and fails and audits none of them again.
            let rows = tx.query(
                "UPDATE jobs j SET state = $1, ended_at = $2, error = $3
                 FROM nodes n, tenants t
                 WHERE j.state = 'running' AND j.node = n.id AND n.lease_until < $4 AND t.id = j.tenant_id
                 RETURNING j.tenant_id, j.id, j.node, t.name, t.operator",
                &[&LOST_STATE, &now_ms(), &reason, &dead_before_ms],
            )?;
            let mut lost = Vec::with_capacity(rows.len());
            for row in &rows {
                let (job, node): (String, String) = (row.try_get(1)?, row.try_get(2)?);
                let name = oz0_core::api::TenantName::new(row.try_get::<_, &str>(3)?).map_err(bad)?;
                let tenant = TenantRecord { id: row.try_get(0)?, name, operator: row.try_get(4)? };
                audit(tx, &tenant, ACTOR, "job.node_lost", "null", &lost_entry(&job, &node, reason))?;
                lost.push(LostJob { tenant_id: tenant.id, job: TreeId::new(&job).map_err(bad)?, node });
            }
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
    //! Nodes looking for dead ones at once on one database.

    use std::collections::BTreeSet;
    use std::sync::Barrier;

    use oz0_core::api::{JobKind, JobState, TenantName};

    use super::*;
    use crate::store::testing::Scratch;
    use crate::store::{JobStore, NewJob, Store};

    #[test]
    fn a_dead_nodes_jobs_are_failed_once_by_two_nodes_looking_at_once_and_a_live_nodes_never() {
        let scratch = Scratch::new();
        let open = || PostgresStore::open(&scratch.url).unwrap();
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
