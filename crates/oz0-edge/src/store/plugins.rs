//! The tenant's installed plugins and the tools they bring, and, in a store that nodes share, each
//! plugin's folder as the archive it was installed from, for the nodes that did not install it.

use std::collections::BTreeMap;

use oz0_core::api::{FileRef, InstalledPlugin};
use oz0_core::manifest::Manifest;
use rusqlite::{Connection, OptionalExtension, params};
use serde::{Deserialize, Serialize};

use super::sqlite::{audit, now_ms};
use super::{Principal, SqliteStore, StoreError, TenantRecord};

/// A plugin as the store keeps it: what the API shows, the folder its files were unpacked in, and its
/// manifest, which says how to start its servers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PluginRecord {
    /// What the API shows.
    pub info: InstalledPlugin,
    /// The folder of its files, on the edge.
    pub dir: String,
    /// Its manifest.
    pub manifest: Manifest,
    /// The secrets the installer gave it, by name, for its servers' `env`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub secrets: BTreeMap<String, String>,
    /// The digest of the archive of its folder that the store keeps, when it keeps one: then a node
    /// without the folder unpacks it from the store.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub archive: Option<FileRef>,
}

/// What the edge needs to keep plugins.
pub trait PluginStore {
    /// Keeps `plugin` in the tenant, replacing the plugin of its name, and returns the record it
    /// replaced. Refuses, with [`StoreError::Conflict`], a tool ID another plugin of the tenant brings.
    fn put_plugin(
        &self,
        tenant: &TenantRecord,
        plugin: &PluginRecord,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError> {
        self.keep_plugin(tenant, plugin, None, actor)
    }

    /// Keeps `plugin` as [`Self::put_plugin`] does and, in the same transaction, `archive`, the tar of
    /// its folder whose digest `plugin.archive` names, or no archive when `None`.
    fn keep_plugin(
        &self,
        tenant: &TenantRecord,
        plugin: &PluginRecord,
        archive: Option<&[u8]>,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError>;

    /// Returns the archive kept with the tenant's plugin `name`.
    fn plugin_archive(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Vec<u8>>, StoreError>;

    /// Returns the tenant's plugins, by name.
    fn plugins(&self, tenant: &TenantRecord) -> Result<Vec<PluginRecord>, StoreError>;

    /// Returns the plugin that brings the tool `tool`.
    fn plugin_of_tool(&self, tenant: &TenantRecord, tool: &str) -> Result<Option<PluginRecord>, StoreError>;

    /// Removes the plugin `name` and returns it.
    fn remove_plugin(
        &self,
        tenant: &TenantRecord,
        name: &str,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError>;
}

fn decode(text: &str) -> rusqlite::Result<PluginRecord> {
    serde_json::from_str(text)
        .map_err(|err| rusqlite::Error::FromSqlConversionFailure(0, rusqlite::types::Type::Text, err.into()))
}

fn record(conn: &Connection, tenant: &TenantRecord, name: &str) -> rusqlite::Result<Option<PluginRecord>> {
    let text: Option<String> = conn
        .query_row("SELECT record FROM plugins WHERE tenant_id = ?1 AND name = ?2", params![tenant.id, name], |row| {
            row.get(0)
        })
        .optional()?;
    text.as_deref().map(decode).transpose()
}

pub(super) fn summary(plugin: &PluginRecord) -> String {
    // The secrets' names, never their values.
    serde_json::json!({
        "name": plugin.info.name,
        "version": plugin.info.version,
        "models_accepted": plugin.info.models_accepted,
        "secrets": plugin.info.secrets,
    })
    .to_string()
}

impl PluginStore for SqliteStore {
    fn keep_plugin(
        &self,
        tenant: &TenantRecord,
        plugin: &PluginRecord,
        archive: Option<&[u8]>,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError> {
        let digest = plugin.archive.map(|file| file.hex());
        let text = serde_json::to_string(plugin).map_err(|err| StoreError::Database(err.into()))?;
        let done = self.write(|tx| {
            for tool in &plugin.info.tools {
                let owner: Option<String> = tx
                    .query_row(
                        "SELECT plugin FROM tools WHERE tenant_id = ?1 AND id = ?2 AND plugin <> ?3",
                        params![tenant.id, tool.id, plugin.info.name],
                        |row| row.get(0),
                    )
                    .optional()?;
                if let Some(owner) = owner {
                    return Ok(Err(format!(
                        "the tool `{}` is already brought by the plugin `{owner}`; remove it first, or rename the tool",
                        tool.id
                    )));
                }
            }
            let old = record(tx, tenant, &plugin.info.name)?;
            tx.execute("DELETE FROM tools WHERE tenant_id = ?1 AND plugin = ?2", params![tenant.id, plugin.info.name])?;
            tx.execute(
                "INSERT INTO plugins (tenant_id, name, version, record, installed_at) VALUES (?1, ?2, ?3, ?4, ?5)
                 ON CONFLICT (tenant_id, name) DO UPDATE SET version = ?3, record = ?4, installed_at = ?5",
                params![tenant.id, plugin.info.name, plugin.info.version, text, now_ms()],
            )?;
            for tool in &plugin.info.tools {
                tx.execute(
                    "INSERT INTO tools (tenant_id, id, plugin) VALUES (?1, ?2, ?3)",
                    params![tenant.id, tool.id, plugin.info.name],
                )?;
            }
            tx.execute(
                "DELETE FROM plugin_archives WHERE tenant_id = ?1 AND plugin = ?2",
                params![tenant.id, plugin.info.name],
            )?;
            if let (Some(archive), Some(digest)) = (archive, &digest) {
                tx.execute(
                    "INSERT INTO plugin_archives (tenant_id, plugin, digest, bytes) VALUES (?1, ?2, ?3, ?4)",
                    params![tenant.id, plugin.info.name, digest, archive],
                )?;
            }
            let before = old.as_ref().map_or_else(|| "null".to_owned(), summary);
            audit(tx, tenant, &actor.actor_in(tenant), "plugin.install", &before, &summary(plugin))?;
            Ok(Ok(old))
        })?;
        done.map_err(StoreError::Conflict)
    }

    fn plugins(&self, tenant: &TenantRecord) -> Result<Vec<PluginRecord>, StoreError> {
        self.read(|conn| {
            let mut statement = conn.prepare_cached("SELECT record FROM plugins WHERE tenant_id = ?1 ORDER BY name")?;
            let rows = statement.query_map([tenant.id], |row| decode(&row.get::<_, String>(0)?))?;
            rows.collect()
        })
    }

    fn plugin_of_tool(&self, tenant: &TenantRecord, tool: &str) -> Result<Option<PluginRecord>, StoreError> {
        self.read(|conn| {
            let text: Option<String> = conn
                .query_row(
                    "SELECT p.record FROM tools t JOIN plugins p ON p.tenant_id = t.tenant_id AND p.name = t.plugin
                     WHERE t.tenant_id = ?1 AND t.id = ?2",
                    params![tenant.id, tool],
                    |row| row.get(0),
                )
                .optional()?;
            text.as_deref().map(decode).transpose()
        })
    }

    fn plugin_archive(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.read(|conn| {
            conn.query_row(
                "SELECT bytes FROM plugin_archives WHERE tenant_id = ?1 AND plugin = ?2",
                params![tenant.id, name],
                |row| row.get(0),
            )
            .optional()
        })
    }

    fn remove_plugin(
        &self,
        tenant: &TenantRecord,
        name: &str,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError> {
        let done = self.write(|tx| {
            let Some(old) = record(tx, tenant, name)? else {
                return Ok(Ok::<_, std::convert::Infallible>(None));
            };
            tx.execute("DELETE FROM tools WHERE tenant_id = ?1 AND plugin = ?2", params![tenant.id, name])?;
            tx.execute("DELETE FROM plugin_archives WHERE tenant_id = ?1 AND plugin = ?2", params![tenant.id, name])?;
            tx.execute("DELETE FROM plugins WHERE tenant_id = ?1 AND name = ?2", params![tenant.id, name])?;
            audit(tx, tenant, &actor.actor_in(tenant), "plugin.remove", &summary(&old), "null")?;
            Ok(Ok(Some(old)))
        })?;
        Ok(done.unwrap_or_else(|never| match never {}))
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::{TenantName, ToolInfo};

    use super::super::testing::stores;
    use super::*;

    fn plugin(name: &str, version: &str, tools: &[&str]) -> PluginRecord {
        let tools = tools
            .iter()
            .map(|id| ToolInfo {
                id: (*id).to_owned(),
                plugin: name.to_owned(),
                description: None,
                fit: false,
                timeout_secs: 30,
                remote: false,
                functions: Vec::new(),
            })
            .collect();
        PluginRecord {
            info: InstalledPlugin {
                name: name.to_owned(),
                version: version.to_owned(),
                description: None,
                installed_at: "2026-12-01T00:00:00Z".to_owned(),
                models_accepted: false,
                secrets: Vec::new(),
                tools,
            },
            dir: format!("/plugins/{name}"),
            manifest: Manifest::default(),
            secrets: BTreeMap::new(),
            archive: None,
        }
    }

    #[test]
    fn a_plugin_is_kept_replaced_and_removed_and_no_tool_is_brought_twice() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let v1 = plugin("notes", "1.0.0", &["notes", "jot"]);
            assert_eq!(store.put_plugin(t, &v1, &local).unwrap(), None, "{}", store.kind());
            let taken = store.put_plugin(t, &plugin("other", "1.0.0", &["jot"]), &local);
            assert!(matches!(taken, Err(StoreError::Conflict(ref m)) if m.contains("`notes`")), "{taken:?}");
            let v2 = plugin("notes", "2.0.0", &["notes"]);
            assert_eq!(store.put_plugin(t, &v2, &local).unwrap(), Some(v1));
            assert_eq!(store.plugins(t).unwrap(), std::slice::from_ref(&v2));
            assert_eq!(store.plugin_of_tool(t, "jot").unwrap(), None, "a tool the new version dropped goes");
            assert_eq!(store.plugin_of_tool(t, "notes").unwrap(), Some(v2.clone()));
            assert_eq!(store.remove_plugin(t, "notes", &local).unwrap(), Some(v2));
            assert_eq!(store.remove_plugin(t, "notes", &local).unwrap(), None);
            assert_eq!(store.plugin_of_tool(t, "notes").unwrap(), None);
            let log = store.audit(t, 3).unwrap();
            let actions: Vec<&str> = log.iter().map(|e| e.action.as_str()).collect();
            assert_eq!(actions, ["plugin.remove", "plugin.install", "plugin.install"], "{}", store.kind());
            assert_eq!(log[1].old["version"], "1.0.0");
        }
    }

    #[test]
    fn a_plugins_archive_is_kept_with_it_replaced_with_it_and_removed_with_it() {
        for store in stores() {
            let local = store.local_principal(&TenantName::new("local").unwrap(), "local").unwrap();
            let t = &local.tenant;
            let mut v1 = plugin("notes", "1.0.0", &["notes"]);
            v1.archive = Some(FileRef::from_digest(crate::files::digest(b"tar one")));
            store.keep_plugin(t, &v1, Some(b"tar one"), &local).unwrap();
            assert_eq!(store.plugin_of_tool(t, "notes").unwrap(), Some(v1.clone()), "{}", store.kind());
            assert_eq!(store.plugin_archive(t, "notes").unwrap().as_deref(), Some(&b"tar one"[..]));
            assert_eq!(store.plugin_archive(t, "other").unwrap(), None);
            store.keep_plugin(t, &v1, Some(b"tar two"), &local).unwrap();
            assert_eq!(store.plugin_archive(t, "notes").unwrap().as_deref(), Some(&b"tar two"[..]));
            store.put_plugin(t, &plugin("notes", "2.0.0", &["notes"]), &local).unwrap();
            assert_eq!(store.plugin_archive(t, "notes").unwrap(), None, "a version without one drops the old");
            store.keep_plugin(t, &v1, Some(b"tar one"), &local).unwrap();
            store.remove_plugin(t, "notes", &local).unwrap();
            assert_eq!(store.plugin_archive(t, "notes").unwrap(), None, "{}", store.kind());
        }
    }
}
