//! The tenant's plugins and the tools they bring, and the archives of their folders that the nodes
//! unpack: [`PluginStore`] on PostgreSQL.

use postgres::{GenericClient, Row};

use super::store::audit;
use super::{Lock, Outcome, PostgresStore, bad, lock};
use crate::store::plugins::summary;
use crate::store::sqlite::now_ms;
use crate::store::{PluginRecord, PluginStore, Principal, StoreError, TenantRecord};

fn decode(row: &Row) -> Outcome<PluginRecord> {
    serde_json::from_str(row.try_get(0)?).map_err(bad)
}

fn record(client: &mut impl GenericClient, tenant: &TenantRecord, name: &str) -> Outcome<Option<PluginRecord>> {
    let row =
        client.query_opt("SELECT record FROM plugins WHERE tenant_id = $1 AND name = $2", &[&tenant.id, &name])?;
    row.as_ref().map(decode).transpose()
}

impl PluginStore for PostgresStore {
    fn keep_plugin(
        &self,
        tenant: &TenantRecord,
        plugin: &PluginRecord,
        archive: Option<&[u8]>,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError> {
        let text = serde_json::to_string(plugin).map_err(|err| StoreError::Database(err.into()))?;
        let name = plugin.info.name.as_str();
        let digest = plugin.archive.map(|file| file.hex());
        let done = self.write(|tx| {
            // Who brings a tool is read, then written: two nodes installing plugins that bring the same
            // tool must not both find it free.
            lock(tx, Lock::Plugins, tenant.id)?;
            for tool in &plugin.info.tools {
                let owner = tx.query_opt(
                    "SELECT plugin FROM tools WHERE tenant_id = $1 AND id = $2 AND plugin <> $3",
                    &[&tenant.id, &tool.id, &name],
                )?;
                if let Some(owner) = owner {
                    let owner: String = owner.try_get(0)?;
                    return Ok(Err(format!(
                        "the tool `{}` is already brought by the plugin `{owner}`; remove it first, or rename the tool",
                        tool.id
                    )));
                }
            }
            let old = record(tx, tenant, name)?;
            tx.execute("DELETE FROM tools WHERE tenant_id = $1 AND plugin = $2", &[&tenant.id, &name])?;
            tx.execute(
                "INSERT INTO plugins (tenant_id, name, version, record, installed_at) VALUES ($1, $2, $3, $4, $5)
                 ON CONFLICT (tenant_id, name) DO UPDATE SET version = EXCLUDED.version, record = EXCLUDED.record,
                 installed_at = EXCLUDED.installed_at",
                &[&tenant.id, &name, &plugin.info.version, &text, &now_ms()],
            )?;
            for tool in &plugin.info.tools {
                tx.execute(
                    "INSERT INTO tools (tenant_id, id, plugin) VALUES ($1, $2, $3)",
                    &[&tenant.id, &tool.id, &name],
                )?;
            }
            tx.execute("DELETE FROM plugin_archives WHERE tenant_id = $1 AND plugin = $2", &[&tenant.id, &name])?;
            if let (Some(archive), Some(digest)) = (archive, &digest) {
                tx.execute(
                    "INSERT INTO plugin_archives (tenant_id, plugin, digest, bytes) VALUES ($1, $2, $3, $4)",
                    &[&tenant.id, &name, digest, &archive],
                )?;
            }
            let before = old.as_ref().map_or_else(|| "null".to_owned(), summary);
            audit(tx, tenant, &actor.actor_in(tenant), "plugin.install", &before, &summary(plugin))?;
            Ok(Ok(old))
        })?;
        done.map_err(StoreError::Conflict)
    }

    fn plugins(&self, tenant: &TenantRecord) -> Result<Vec<PluginRecord>, StoreError> {
        self.read(|client| {
            let rows = client.query("SELECT record FROM plugins WHERE tenant_id = $1 ORDER BY name", &[&tenant.id])?;
            rows.iter().map(decode).collect()
        })
    }

    fn plugin_of_tool(&self, tenant: &TenantRecord, tool: &str) -> Result<Option<PluginRecord>, StoreError> {
        self.read(|client| {
            let row = client.query_opt(
                "SELECT p.record FROM tools t JOIN plugins p ON p.tenant_id = t.tenant_id AND p.name = t.plugin
                 WHERE t.tenant_id = $1 AND t.id = $2",
                &[&tenant.id, &tool],
            )?;
            row.as_ref().map(decode).transpose()
        })
    }

    fn plugin_archive(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.read(|client| {
            let row = client.query_opt(
                "SELECT bytes FROM plugin_archives WHERE tenant_id = $1 AND plugin = $2",
                &[&tenant.id, &name],
            )?;
            Ok(row.map(|row| row.try_get(0)).transpose()?)
        })
    }

    fn remove_plugin(
        &self,
        tenant: &TenantRecord,
        name: &str,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError> {
        let done = self.write(|tx| {
            lock(tx, Lock::Plugins, tenant.id)?;
            let Some(old) = record(tx, tenant, name)? else {
                return Ok(Ok::<_, std::convert::Infallible>(None));
            };
            tx.execute("DELETE FROM tools WHERE tenant_id = $1 AND plugin = $2", &[&tenant.id, &name])?;
            tx.execute("DELETE FROM plugin_archives WHERE tenant_id = $1 AND plugin = $2", &[&tenant.id, &name])?;
            tx.execute("DELETE FROM plugins WHERE tenant_id = $1 AND name = $2", &[&tenant.id, &name])?;
            audit(tx, tenant, &actor.actor_in(tenant), "plugin.remove", &summary(&old), "null")?;
            Ok(Ok(Some(old)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }
}
