//! The tool policy and the approvals of calls under `ask`: [`PolicyStore`] on PostgreSQL.

use oz0_core::api::{Approval, ApprovalState, Effect, Rule, TreeId};
use postgres::{GenericClient, Row};
use serde_json::Value;

use super::store::audit;
use super::{Lock, Outcome, PostgresStore, bad, lock};
use crate::store::sqlite::now_ms;
use crate::store::{NewApproval, PolicyStore, Principal, StoreError, TenantRecord, rfc3339_millis};

fn rule_row(row: &Row) -> Outcome<Rule> {
    let effect: Effect = serde_json::from_value(Value::String(row.try_get(1)?)).map_err(bad)?;
    Ok(Rule { pattern: row.try_get(0)?, effect, reason: row.try_get(2)? })
}

/// An approval's columns; `seq` is its number in the tenant, the `id` the API shows.
const COLUMNS: &str = "seq, job, target, rule, view, state, asked_at, expires_at, decided_by, reason, decided_at";

fn approval_row(row: &Row) -> Outcome<Approval> {
    Ok(Approval {
        id: row.try_get::<_, i64>(0)?.try_into().unwrap_or_default(),
        job: TreeId::new(row.try_get(1)?).map_err(bad)?,
        target: row.try_get(2)?,
        rule: row.try_get(3)?,
        view: serde_json::from_str(row.try_get(4)?).map_err(bad)?,
        state: serde_json::from_value(Value::String(row.try_get(5)?)).map_err(bad)?,
        asked_at: rfc3339_millis(row.try_get(6)?),
        expires_at: rfc3339_millis(row.try_get(7)?),
        decided_by: row.try_get(8)?,
        reason: row.try_get(9)?,
        decided_at: row.try_get::<_, Option<i64>>(10)?.map(rfc3339_millis),
    })
}

fn read_rule(client: &mut impl GenericClient, tenant: &TenantRecord, pattern: &str) -> Outcome<Option<Rule>> {
    let row = client.query_opt(
        "SELECT pattern, effect, reason FROM policy WHERE tenant_id = $1 AND pattern = $2",
        &[&tenant.id, &pattern],
    )?;
    row.as_ref().map(rule_row).transpose()
}

fn text(rule: Option<&Rule>) -> String {
    serde_json::to_string(&rule).unwrap_or_default()
}

impl PolicyStore for PostgresStore {
    fn rules(&self, tenant: &TenantRecord) -> Result<Vec<Rule>, StoreError> {
        self.read(|client| {
            let rows = client.query(
                "SELECT pattern, effect, reason FROM policy WHERE tenant_id = $1 ORDER BY pattern",
                &[&tenant.id],
            )?;
            rows.iter().map(rule_row).collect()
        })
    }

    fn set_rule(&self, tenant: &TenantRecord, rule: &Rule, actor: &Principal) -> Result<Option<Rule>, StoreError> {
        let done = self.write(|tx| {
            // The rule replaced is read, then written over: the audit log names the one it replaced.
            lock(tx, Lock::Policy, tenant.id)?;
            let old = read_rule(tx, tenant, &rule.pattern)?;
            tx.execute(
                "INSERT INTO policy (tenant_id, pattern, effect, reason, set_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (tenant_id, pattern) DO UPDATE SET effect = EXCLUDED.effect, reason = EXCLUDED.reason,
                 set_at = EXCLUDED.set_at",
                &[&tenant.id, &rule.pattern, &rule.effect.as_str(), &rule.reason, &now_ms()],
            )?;
            audit(tx, tenant, &actor.actor_in(tenant), "policy.set", &text(old.as_ref()), &text(Some(rule)))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn remove_rule(&self, tenant: &TenantRecord, pattern: &str, actor: &Principal) -> Result<Option<Rule>, StoreError> {
        let done = self.write(|tx| {
            lock(tx, Lock::Policy, tenant.id)?;
            let Some(old) = read_rule(tx, tenant, pattern)? else { return Ok(Ok::<_, std::convert::Infallible>(None)) };
            tx.execute("DELETE FROM policy WHERE tenant_id = $1 AND pattern = $2", &[&tenant.id, &pattern])?;
            audit(tx, tenant, &actor.actor_in(tenant), "policy.remove", &text(Some(&old)), "null")?;
            Ok(Ok(Some(old)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn ask(&self, tenant: &TenantRecord, new: &NewApproval<'_>) -> Result<Approval, StoreError> {
        let done = self.write(|tx| {
            // Numbered under the tenant's lock, held until commit, as audit entries are: in the order
            // of the commits, with no number twice and none skipped, whichever node asks.
            lock(tx, Lock::Approvals, tenant.id)?;
            let row = tx.query_one(
                &format!(
                    "INSERT INTO approvals (tenant_id, seq, job, target, rule, view, state, asked_at, expires_at)
                     VALUES ($1, (SELECT COALESCE(MAX(seq), 0) + 1 FROM approvals WHERE tenant_id = $1), $2, $3,
                     $4, $5, 'pending', $6, $7) RETURNING {COLUMNS}"
                ),
                &[
                    &tenant.id,
                    &new.job.as_str(),
                    &new.target,
                    &new.rule,
                    &new.view.to_string(),
                    &now_ms(),
                    &new.expires_ms,
                ],
            )?;
            Ok(Ok::<_, std::convert::Infallible>(approval_row(&row)?))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn approvals(&self, tenant: &TenantRecord, all: bool, limit: u32) -> Result<Vec<Approval>, StoreError> {
        self.read(|client| {
            let filter = if all { "" } else { " AND state = 'pending'" };
            let rows = client.query(
                &format!("SELECT {COLUMNS} FROM approvals WHERE tenant_id = $1{filter} ORDER BY seq DESC LIMIT $2"),
                &[&tenant.id, &i64::from(limit)],
            )?;
            rows.iter().map(approval_row).collect()
        })
    }

    fn approval(&self, tenant: &TenantRecord, id: u64) -> Result<Option<Approval>, StoreError> {
        let id = i64::try_from(id).unwrap_or(i64::MAX);
        self.read(|client| {
            let row = client.query_opt(
                &format!("SELECT {COLUMNS} FROM approvals WHERE tenant_id = $1 AND seq = $2"),
                &[&tenant.id, &id],
            )?;
            row.as_ref().map(approval_row).transpose()
        })
    }

    fn decide(
        &self,
        tenant: &TenantRecord,
        id: u64,
        state: ApprovalState,
        who: Option<&Principal>,
        reason: Option<&str>,
    ) -> Result<Option<Approval>, StoreError> {
        let id = i64::try_from(id).unwrap_or(i64::MAX);
        let decided_by = who.map(|w| w.person.clone());
        let done = self.write(|tx| {
            // Two nodes answering at once: the second waits for the first's row lock, then finds the
            // approval answered and changes nothing.
            let changed = tx.execute(
                "UPDATE approvals SET state = $3, decided_by = $4, reason = $5, decided_at = $6
                 WHERE tenant_id = $1 AND seq = $2 AND state = 'pending'",
                &[&tenant.id, &id, &state.as_str(), &decided_by, &reason, &now_ms()],
            )?;
            if changed == 0 {
                return Ok(Ok::<_, std::convert::Infallible>(None));
            }
            let approval = approval_row(&tx.query_one(
                &format!("SELECT {COLUMNS} FROM approvals WHERE tenant_id = $1 AND seq = $2"),
                &[&tenant.id, &id],
            )?)?;
            if let Some(who) = who {
                let action = if state == ApprovalState::Approved { "approval.approve" } else { "approval.deny" };
                let new =
                    serde_json::json!({"id": id, "job": approval.job, "target": approval.target, "reason": reason});
                audit(tx, tenant, &who.actor_in(tenant), action, "null", &new.to_string())?;
            }
            Ok(Ok(Some(approval)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }
}
