//! The tenant's tool policy and the approvals of calls under `ask`.

use oz0_core::api::{Approval, ApprovalState, Effect, Rule, TreeId};
use serde_json::Value;

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{Principal, TenantRecord, now_ms, rfc3339_millis};
use super::sql::{Lock, Outcome, Row, Sql, bad, lock};
use super::sql_store::SqlStore;

/// A call to put to a person.
#[derive(Debug, Clone)]
pub struct NewApproval<'a> {
    pub job: &'a TreeId,
    pub target: &'a str,
    pub rule: &'a str,
    pub view: &'a Value,
    pub expires_ms: i64,
}

/// What the edge needs to keep the tool policy and its approvals.
pub trait PolicyStore {
    /// Returns the tenant's rules, by pattern.
    fn rules(&self, tenant: &TenantRecord) -> Result<Vec<Rule>, StoreError>;

    /// Sets the rule of its pattern, audited (`policy.set`) as done by `actor`; returns the one replaced.
    fn set_rule(&self, tenant: &TenantRecord, rule: &Rule, actor: &Principal) -> Result<Option<Rule>, StoreError>;

    /// Removes the rule of `pattern`, audited (`policy.remove`); returns it.
    fn remove_rule(&self, tenant: &TenantRecord, pattern: &str, actor: &Principal) -> Result<Option<Rule>, StoreError>;

    /// Records a call waiting for a person, numbered one more than the tenant's last approval, and
    /// returns it.
    fn ask(&self, tenant: &TenantRecord, new: &NewApproval<'_>) -> Result<Approval, StoreError>;

    /// Returns the tenant's approvals, newest first: those pending, or all of them.
    fn approvals(&self, tenant: &TenantRecord, all: bool, limit: u32) -> Result<Vec<Approval>, StoreError>;

    /// Returns the tenant's approval numbered `id`.
    fn approval(&self, tenant: &TenantRecord, id: u64) -> Result<Option<Approval>, StoreError>;

    /// Answers a pending approval as `state` (approved, denied or expired), by `who` (audited as
    /// `approval.approve` or `approval.deny` when a person); returns it, or `None` when it was answered
    /// already or is no one's.
    fn decide(
        &self,
        tenant: &TenantRecord,
        id: u64,
        state: ApprovalState,
        who: Option<&Principal>,
        reason: Option<&str>,
    ) -> Result<Option<Approval>, StoreError>;
}

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

fn read_rule(sql: &mut dyn Sql, tenant: &TenantRecord, pattern: &str) -> Outcome<Option<Rule>> {
    let row = sql.query_opt(
        "SELECT pattern, effect, reason FROM policy WHERE tenant_id = $1 AND pattern = $2",
        &[&tenant.id, &pattern],
    )?;
    row.as_ref().map(rule_row).transpose()
}

fn text(rule: Option<&Rule>) -> String {
    serde_json::to_string(&rule).unwrap_or_default()
}

impl PolicyStore for SqlStore {
    fn rules(&self, tenant: &TenantRecord) -> Result<Vec<Rule>, StoreError> {
        self.read(|sql| {
            let rows = sql.query(
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
            audit(tx, tenant, &actor.actor_in(tenant), Action::PolicySet, &text(old.as_ref()), &text(Some(rule)))?;
            Ok(Ok::<_, std::convert::Infallible>(old))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn remove_rule(&self, tenant: &TenantRecord, pattern: &str, actor: &Principal) -> Result<Option<Rule>, StoreError> {
        let done = self.write(|tx| {
            lock(tx, Lock::Policy, tenant.id)?;
            let Some(old) = read_rule(tx, tenant, pattern)? else { return Ok(Ok::<_, std::convert::Infallible>(None)) };
            tx.execute("DELETE FROM policy WHERE tenant_id = $1 AND pattern = $2", &[&tenant.id, &pattern])?;
            audit(tx, tenant, &actor.actor_in(tenant), Action::PolicyRemove, &text(Some(&old)), "null")?;
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
        self.read(|sql| {
            let filter = if all { "" } else { " AND state = 'pending'" };
            let rows = sql.query(
                &format!("SELECT {COLUMNS} FROM approvals WHERE tenant_id = $1{filter} ORDER BY seq DESC LIMIT $2"),
                &[&tenant.id, &i64::from(limit)],
            )?;
            rows.iter().map(approval_row).collect()
        })
    }

    fn approval(&self, tenant: &TenantRecord, id: u64) -> Result<Option<Approval>, StoreError> {
        let id = i64::try_from(id).unwrap_or(i64::MAX);
        self.read(|sql| {
            let row = sql.query_opt(
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
                let action =
                    if state == ApprovalState::Approved { Action::ApprovalApprove } else { Action::ApprovalDeny };
                let new =
                    serde_json::json!({"id": id, "job": approval.job, "target": approval.target, "reason": reason});
                audit(tx, tenant, &who.actor_in(tenant), action, "null", &new.to_string())?;
            }
            Ok(Ok(Some(approval)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::TenantName;

    use super::super::testing::stores;
    use super::*;

    fn rule(pattern: &str, effect: Effect) -> Rule {
        Rule { pattern: pattern.to_owned(), effect, reason: Some("because".to_owned()) }
    }

    #[test]
    fn rules_are_set_replaced_and_removed() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            assert_eq!(store.set_rule(t, &rule("notes.*", Effect::Ask), &local).unwrap(), None, "{}", store.kind());
            assert_eq!(
                store.set_rule(t, &rule("notes.*", Effect::Deny), &local).unwrap(),
                Some(rule("notes.*", Effect::Ask))
            );
            store.set_rule(t, &rule("*", Effect::Allow), &local).unwrap();
            assert_eq!(store.rules(t).unwrap(), [rule("*", Effect::Allow), rule("notes.*", Effect::Deny)]);
            assert_eq!(store.remove_rule(t, "notes.*", &local).unwrap(), Some(rule("notes.*", Effect::Deny)));
            assert_eq!(store.remove_rule(t, "notes.*", &local).unwrap(), None);
            let actions: Vec<String> = store.audit(t, 4).unwrap().into_iter().map(|e| e.action).collect();
            assert_eq!(actions, ["policy.remove", "policy.set", "policy.set", "policy.set"]);
        }
    }

    #[test]
    fn an_approval_is_answered_once() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let job = TreeId::new("J1").unwrap();
            let view = serde_json::json!({"args": {"q": 1}});
            let new = NewApproval { job: &job, target: "notes.add", rule: "notes.*", view: &view, expires_ms: 5_000 };
            let asked = store.ask(t, &new).unwrap();
            assert_eq!((asked.state, asked.view.clone()), (ApprovalState::Pending, view.clone()), "{}", store.kind());
            let second = store.ask(t, &new).unwrap();
            assert!(second.id > asked.id);
            assert_eq!(store.approvals(t, false, 10).unwrap(), [second.clone(), asked.clone()]);
            let approved = store.decide(t, asked.id, ApprovalState::Approved, Some(&local), Some("fine")).unwrap();
            let approved = approved.unwrap();
            assert_eq!((approved.state, approved.decided_by.as_deref()), (ApprovalState::Approved, Some("local")));
            assert_eq!(store.decide(t, asked.id, ApprovalState::Denied, Some(&local), None).unwrap(), None);
            assert_eq!(
                store.decide(t, second.id, ApprovalState::Expired, None, None).unwrap().unwrap().decided_by,
                None
            );
            assert!(store.approvals(t, false, 10).unwrap().is_empty());
            assert_eq!(store.approvals(t, true, 10).unwrap().len(), 2);
            assert_eq!(store.approval(t, asked.id).unwrap(), Some(approved));
            assert_eq!(store.audit(t, 1).unwrap()[0].action, "approval.approve", "an expiry is not audited");
        }
    }

    #[test]
    fn approvals_are_numbered_within_their_tenant_and_another_tenants_number_is_none_of_its() {
        use crate::store::NewToken;
        use oz0_core::api::Role;
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let name = TenantName::new("other").unwrap();
            let new = NewToken { tenant: &name, create_tenant: true, person: None, roles: &Role::ALL, hash: &[2; 32] };
            let other = store.issue_token(&new, &local).unwrap().unwrap().principal;
            let job = TreeId::new("J1").unwrap();
            let view = serde_json::json!({"args": {}});
            let ask = NewApproval { job: &job, target: "notes.add", rule: "notes.*", view: &view, expires_ms: 5_000 };
            let mut asked = Vec::new();
            for _ in 0..3 {
                for who in [&local, &other] {
                    asked.push((who.tenant.name.to_string(), store.ask(&who.tenant, &ask).unwrap().id));
                }
            }
            let of = |tenant: &str| asked.iter().filter(|(t, _)| t == tenant).map(|(_, n)| *n).collect::<Vec<_>>();
            assert_eq!((of("local"), of("other")), (vec![1, 2, 3], vec![1, 2, 3]), "{}", store.kind());
            let listed = store.approvals(&other.tenant, true, 10).unwrap();
            assert_eq!(listed.iter().map(|a| a.id).collect::<Vec<_>>(), [3, 2, 1]);

            // Answering 3 in one tenant answers that tenant's 3 alone.
            let denied = store.decide(&other.tenant, 3, ApprovalState::Denied, Some(&other), None).unwrap();
            assert_eq!(denied.map(|a| (a.id, a.state)), Some((3, ApprovalState::Denied)));
            assert_eq!(store.approval(&local.tenant, 3).unwrap().unwrap().state, ApprovalState::Pending);
            assert_eq!(store.audit(&other.tenant, 1).unwrap()[0].new["id"], 3);
            assert_eq!(store.approval(&other.tenant, 4).unwrap(), None, "a number the tenant has not reached");
            assert_eq!(store.decide(&other.tenant, 4, ApprovalState::Approved, Some(&other), None).unwrap(), None);
        }
    }
}
