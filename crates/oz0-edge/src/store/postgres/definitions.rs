//! Agents and flows: [`DefinitionStore`] on PostgreSQL.

use oz0_core::agent::Definition;
use postgres::Row;

use super::store::audit;
use super::{Lock, Outcome, PostgresStore, bad, lock};
use crate::store::definitions::kind;
use crate::store::sqlite::now_ms;
use crate::store::{DefinitionStore, Principal, StoreError, TenantRecord};

fn decode(row: &Row) -> Outcome<Definition> {
    serde_json::from_str(row.try_get(0)?).map_err(bad)
}

impl DefinitionStore for PostgresStore {
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
                &[&tenant.id, &definition.id(), &kind(definition), &text, &now_ms()],
            )?;
            let action = format!("{}.apply", kind(definition));
            audit(tx, tenant, &actor.actor_in(tenant), &action, old.as_deref().unwrap_or("null"), &text)?;
            Ok(Ok::<_, std::convert::Infallible>(old.is_some()))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn definitions(&self, tenant: &TenantRecord) -> Result<Vec<Definition>, StoreError> {
        self.read(|client| {
            let rows =
                client.query("SELECT definition FROM definitions WHERE tenant_id = $1 ORDER BY name", &[&tenant.id])?;
            rows.iter().map(decode).collect()
        })
    }

    fn definition(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Definition>, StoreError> {
        self.read(|client| {
            let row = client.query_opt(
                "SELECT definition FROM definitions WHERE tenant_id = $1 AND name = $2",
                &[&tenant.id, &name],
            )?;
            row.as_ref().map(decode).transpose()
        })
    }
}
