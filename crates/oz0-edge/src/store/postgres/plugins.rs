//! The tenant's plugins and the tools they bring, and the archives of their folders that the nodes
//! unpack: [`PluginStore`] on PostgreSQL.

use postgres::GenericClient;

use super::store::audit;
use super::{Lock, Outcome, PostgresStore, lock};
use crate::sealing::{KeyError, Sealer};
use crate::store::plugins::{decode, decode_public, encode, summary};
use crate::store::sealed::key_id;
use crate::store::sqlite::now_ms;
use crate::store::{PluginRecord, PluginStore, Principal, StoreError, TenantRecord};

fn record(client: &mut impl GenericClient, tenant: &TenantRecord, name: &str) -> Outcome<Option<String>> {
    let row =
        client.query_opt("SELECT record FROM plugins WHERE tenant_id = $1 AND name = $2", &[&tenant.id, &name])?;
    Ok(row.map(|row| row.try_get(0)).transpose()?)
}

/// Refuses to seal secrets with a key that is not the one the store records: the key was rotated since
/// this edge started. The row's lock keeps a rotation out until the transaction ends.
fn check_key(tx: &mut postgres::Transaction<'_>, sealer: &Sealer) -> Outcome<Result<(), StoreError>> {
    let recorded: Option<String> = tx
        .query_opt("SELECT key_id FROM edge_key WHERE one = 1 FOR SHARE", &[])?
        .map(|row| row.try_get(0))
        .transpose()?;
    let key = match sealer.key() {
        Ok(key) => key,
        Err(err) => return Ok(Err(err.into())),
    };
    Ok(match recorded.map(key_id).transpose() {
        Err(err) => Err(err),
        Ok(Some(store)) if store != *key.id() => Err(KeyError::Stale { ours: key.id().clone(), store }.into()),
        Ok(_) => Ok(()),
    })
}

impl PluginStore for PostgresStore {
    fn keep_plugin(
        &self,
        tenant: &TenantRecord,
        plugin: &PluginRecord,
        archive: Option<&[u8]>,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError> {
        let text = encode(plugin, tenant.id, &self.sealer)?;
        let name = plugin.info.name.as_str();
        let digest = plugin.archive.map(|file| file.hex());
        self.write(|tx| {
            if !plugin.secrets.is_empty()
                && let Err(err) = check_key(tx, &self.sealer)?
            {
                return Ok(Err(err));
            }
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
                    return Ok(Err(StoreError::Conflict(format!(
                        "the tool `{}` is already brought by the plugin `{owner}`; remove it first, or rename the tool",
                        tool.id
                    ))));
                }
            }
            let old = match record(tx, tenant, name)?.as_deref().map(decode_public).transpose() {
                Ok(old) => old,
                Err(err) => return Ok(Err(err)),
            };
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
        })?
    }

    fn plugins(&self, tenant: &TenantRecord) -> Result<Vec<PluginRecord>, StoreError> {
        let rows: Vec<(String, String)> = self.read(|client| {
            let rows =
                client.query("SELECT name, record FROM plugins WHERE tenant_id = $1 ORDER BY name", &[&tenant.id])?;
            Ok(rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect::<Result<_, postgres::Error>>()?)
        })?;
        rows.iter().map(|(name, text)| decode(text, tenant.id, name, &self.sealer)).collect()
    }

    fn plugin_of_tool(&self, tenant: &TenantRecord, tool: &str) -> Result<Option<PluginRecord>, StoreError> {
        let row: Option<(String, String)> = self.read(|client| {
            let row = client.query_opt(
                "SELECT p.name, p.record FROM tools t JOIN plugins p ON p.tenant_id = t.tenant_id AND p.name = t.plugin
                 WHERE t.tenant_id = $1 AND t.id = $2",
                &[&tenant.id, &tool],
            )?;
            Ok(row.map(|row| Ok::<_, postgres::Error>((row.try_get(0)?, row.try_get(1)?))).transpose()?)
        })?;
        row.map(|(name, text)| decode(&text, tenant.id, &name, &self.sealer)).transpose()
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
        self.write(|tx| {
            lock(tx, Lock::Plugins, tenant.id)?;
            let Some(text) = record(tx, tenant, name)? else {
                return Ok(Ok(None));
            };
            let old = match decode_public(&text) {
                Ok(old) => old,
                Err(err) => return Ok(Err(err)),
            };
            tx.execute("DELETE FROM tools WHERE tenant_id = $1 AND plugin = $2", &[&tenant.id, &name])?;
            tx.execute("DELETE FROM plugin_archives WHERE tenant_id = $1 AND plugin = $2", &[&tenant.id, &name])?;
            tx.execute("DELETE FROM plugins WHERE tenant_id = $1 AND name = $2", &[&tenant.id, &name])?;
            audit(tx, tenant, &actor.actor_in(tenant), "plugin.remove", &summary(&old), "null")?;
            Ok(Ok(Some(old)))
        })?
    }
}
