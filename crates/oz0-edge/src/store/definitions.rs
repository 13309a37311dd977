//! Agents and flows installed in a tenant (`oz0 agent apply`).

use oz0_core::agent::Definition;

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{Principal, TenantRecord, now_ms};
use super::sql::{Lock, Outcome, Row, bad, lock};
use super::sql_store::SqlStore;

/// What the edge needs to keep agents and flows.
pub trait DefinitionStore {
    /// Keeps a definition under its name, replacing the one of that name; returns whether it replaced one.
    fn put_definition(
        &self,
        tenant: &TenantRecord,
        definition: &Definition,
        actor: &Principal,
    ) -> Result<bool, StoreError>;

    /// Returns the tenant's definitions, by name.
    fn definitions(&self, tenant: &TenantRecord) -> Result<Vec<Definition>, StoreError>;

    /// Returns the definition named `name`.
    fn definition(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Definition>, StoreError>;
}

/// Returns the definition's kind, as the store keeps it, and what applying it is called in the audit log.
fn kind(definition: &Definition) -> (&'static str, Action) {
    match definition {
        Definition::Agent(_) => ("agent", Action::AgentApply),
        Definition::Flow(_) => ("flow", Action::FlowApply),
    }
}

fn decode(row: &Row) -> Outcome<Definition> {
    serde_json::from_str(row.try_get(0)?).map_err(bad)
}

impl DefinitionStore for SqlStore {
    fn put_definition(
        &self,
        tenant: &TenantRecord,
        definition: &Definition,
        actor: &Principal,
    ) -> Result<bool, StoreError> {
        let text = serde_json::to_string(definition).map_err(|err| StoreError::Database(err.into()))?;
        let done = self.write(|tx| {
            // The one replaced is read, then written over: what the audit log says it replaced is what it did.
            lock(tx, Lock::Definitions, tenant.id)?;
            let old = tx.query_opt(
                "SELECT definition FROM definitions WHERE tenant_id = $1 AND name = $2",
                &[&tenant.id, &definition.id()],
            )?;
            let old: Option<String> = old.map(|row| row.try_get(0)).transpose()?;
            tx.execute(
                "INSERT INTO definitions (tenant_id, name, kind, definition, applied_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (tenant_id, name) DO UPDATE SET kind = EXCLUDED.kind, definition = EXCLUDED.definition,
                 applied_at = EXCLUDED.applied_at",
                &[&tenant.id, &definition.id(), &kind(definition).0, &text, &now_ms()],
            )?;
            let action = kind(definition).1;
            audit(tx, tenant, &actor.actor_in(tenant), action, old.as_deref().unwrap_or("null"), &text)?;
            Ok(Ok::<_, std::convert::Infallible>(old.is_some()))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn definitions(&self, tenant: &TenantRecord) -> Result<Vec<Definition>, StoreError> {
        self.read(|sql| {
            let rows =
                sql.query("SELECT definition FROM definitions WHERE tenant_id = $1 ORDER BY name", &[&tenant.id])?;
            rows.iter().map(decode).collect()
        })
    }

    fn definition(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Definition>, StoreError> {
        self.read(|sql| {
            let row = sql.query_opt(
                "SELECT definition FROM definitions WHERE tenant_id = $1 AND name = $2",
                &[&tenant.id, &name],
            )?;
            row.as_ref().map(decode).transpose()
        })
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::TenantName;

    use super::super::testing::stores;
    use super::*;

    fn flow(id: &str, description: &str) -> Definition {
        serde_json::from_value(serde_json::json!({"kind": "flow", "id": id, "description": description, "steps": []}))
            .unwrap()
    }

    #[test]
    fn a_definition_is_kept_by_name_replaced_and_audited() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            assert!(!store.put_definition(t, &flow("b", "first"), &local).unwrap(), "{}", store.kind());
            assert!(store.put_definition(t, &flow("b", "second"), &local).unwrap());
            assert!(!store.put_definition(t, &flow("a", "other"), &local).unwrap());
            assert_eq!(store.definitions(t).unwrap(), [flow("a", "other"), flow("b", "second")]);
            assert_eq!(store.definition(t, "b").unwrap(), Some(flow("b", "second")));
            assert_eq!(store.definition(t, "c").unwrap(), None);
            let replaced = &store.audit(t, 2).unwrap()[1];
            assert_eq!((replaced.action.as_str(), &replaced.old["description"]), ("flow.apply", &"first".into()));
        }
    }
}
