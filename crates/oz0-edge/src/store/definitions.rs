//! Agents and flows installed in a tenant (`oz0 agent apply`).

use oz0_core::agent::Definition;
use rusqlite::{OptionalExtension, params};

use super::sqlite::{audit, now_ms};
use super::{Principal, SqliteStore, StoreError, TenantRecord};

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

fn decode(text: &str) -> rusqlite::Result<Definition> {
    serde_json::from_str(text)
        .map_err(|err| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, err.into()))
}

pub(super) fn kind(definition: &Definition) -> &'static str {
    match definition {
        Definition::Agent(_) => "agent",
        Definition::Flow(_) => "flow",
    }
}

impl DefinitionStore for SqliteStore {
    fn put_definition(
        &self,
        tenant: &TenantRecord,
        definition: &Definition,
        actor: &Principal,
    ) -> Result<bool, StoreError> {
        let text = serde_json::to_string(definition).map_err(|err| StoreError::Database(err.into()))?;
        let done = self.write(|tx| {
            let old: Option<String> = tx
                .query_row(
                    "SELECT definition FROM definitions WHERE tenant_id = ?1 AND name = ?2",
                    params![tenant.id, definition.id()],
                    |row| row.get(0),
                )
                .optional()?;
            tx.execute(
                "INSERT INTO definitions (tenant_id, name, kind, definition, applied_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (tenant_id, name) DO UPDATE SET kind = ?3, definition = ?4, applied_at = ?5",
                params![tenant.id, definition.id(), kind(definition), text, now_ms()],
            )?;
            let action = format!("{}.apply", kind(definition));
            audit(tx, tenant, &actor.actor_in(tenant), &action, old.as_deref().unwrap_or("null"), &text)?;
            Ok(Ok::<_, std::convert::Infallible>(old.is_some()))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }

    fn definitions(&self, tenant: &TenantRecord) -> Result<Vec<Definition>, StoreError> {
        self.read(|conn| {
            let mut statement =
                conn.prepare_cached("SELECT definition FROM definitions WHERE tenant_id = ?1 ORDER BY name")?;
            let rows = statement.query_map([tenant.id], |row| decode(&row.get::<_, String>(0)?))?;
            rows.collect()
        })
    }

    fn definition(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Definition>, StoreError> {
        self.read(|conn| {
            let text: Option<String> = conn
                .query_row(
                    "SELECT definition FROM definitions WHERE tenant_id = ?1 AND name = ?2",
                    params![tenant.id, name],
                    |row| row.get(0),
                )
                .optional()?;
            text.as_deref().map(decode).transpose()
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
