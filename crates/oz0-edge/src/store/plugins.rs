//! The tenant's installed plugins and the tools they bring, and, in a store that nodes share, each
//! plugin's folder as the archive it was installed from, for the nodes that did not install it.

use std::collections::BTreeMap;

use oz0_core::api::{FileRef, InstalledPlugin};
use oz0_core::manifest::Manifest;
use serde::{Deserialize, Serialize};

use zeroize::Zeroizing;

use super::audit::{Action, audit};
use super::error::StoreError;
use super::records::{Principal, TenantRecord, now_ms};
use super::sql::{Failure, Lock, Outcome, Sql, lock};
use super::sql_store::SqlStore;
use crate::sealing::{EdgeKey, KeyError, KeyId, OpenError, Sealer};

/// A plugin as the store keeps it: what the API shows, the folder its files were unpacked in, its
/// manifest, which says how to start its servers, and its secrets, which the store keeps sealed with the
/// edge key. Neither `Debug` nor `Serialize` shows the secrets' values.
#[derive(Clone, PartialEq, Serialize, Deserialize)]
pub struct PluginRecord {
    /// What the API shows.
    pub info: InstalledPlugin,
    /// The folder of its files, on the edge.
    pub dir: String,
    /// Its manifest.
    pub manifest: Manifest,
    /// The secrets the installer gave it, by name, for its servers' `env`. Read from a record an older
    /// oz0 kept in plain text; never written.
    #[serde(default, skip_serializing)]
    pub secrets: BTreeMap<String, String>,
    /// The digest of the archive of its folder that the store keeps, when it keeps one: then a node
    /// without the folder unpacks it from the store.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub archive: Option<FileRef>,
}

impl std::fmt::Debug for PluginRecord {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PluginRecord")
            .field("info", &self.info)
            .field("dir", &self.dir)
            .field("manifest", &self.manifest)
            .field("secrets", &self.secrets.keys().collect::<Vec<_>>())
            .field("archive", &self.archive)
            .finish()
    }
}

/// What the edge needs to keep plugins. A plugin's secrets are sealed with the edge key, bound to the
/// tenant and the plugin's name: a store opened without the key ([`super::SealStore::unlock`]) keeps
/// and returns plugins without secrets only.
pub trait PluginStore {
    /// Keeps `plugin` in the tenant, replacing the plugin of its name, and returns the record it
    /// replaced, without its secrets. Refuses, with [`StoreError::Conflict`], a tool ID another plugin of
    /// the tenant brings.
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

    /// Returns the tenant's plugins, by name. Fails when a plugin's secrets do not open.
    fn plugins(&self, tenant: &TenantRecord) -> Result<Vec<PluginRecord>, StoreError>;

    /// Returns the plugin that brings the tool `tool`.
    fn plugin_of_tool(&self, tenant: &TenantRecord, tool: &str) -> Result<Option<PluginRecord>, StoreError>;

    /// Removes the plugin `name` and returns it, without its secrets.
    fn remove_plugin(
        &self,
        tenant: &TenantRecord,
        name: &str,
        actor: &Principal,
    ) -> Result<Option<PluginRecord>, StoreError>;
}

/// The field of a stored record that holds its secrets, sealed with the edge key.
const SEALED: &str = "sealed_secrets";

/// Returns what binds a plugin's sealed secrets to its row: the tenant's ID and the plugin's name, so
/// that secrets copied to another row do not open.
fn binding(tenant: i64, plugin: &str) -> Vec<u8> {
    let mut context = b"oz0 plugin secrets\0".to_vec();
    context.extend_from_slice(&tenant.to_be_bytes());
    context.extend_from_slice(plugin.as_bytes());
    context
}

fn bad_record(err: serde_json::Error) -> StoreError {
    StoreError::Database(err.into())
}

/// Returns `secrets` sealed with `key` for the tenant's plugin `plugin`.
fn seal(key: &EdgeKey, tenant: i64, plugin: &str, secrets: &BTreeMap<String, String>) -> Result<String, StoreError> {
    let plain = Zeroizing::new(serde_json::to_vec(secrets).map_err(bad_record)?);
    Ok(key.seal(&binding(tenant, plugin), &plain)?)
}

/// Returns the secrets `sealed` holds, sealed with `key` for the tenant's plugin `plugin`.
fn open(key: &EdgeKey, tenant: i64, plugin: &str, sealed: &str) -> Result<BTreeMap<String, String>, StoreError> {
    let plain = key.open(&binding(tenant, plugin), sealed).map_err(|err| match err {
        OpenError::OtherKey(store) => KeyError::Stale { ours: key.id().clone(), store },
        OpenError::Damaged => KeyError::Damaged { tenant, plugin: plugin.to_owned() },
    })?;
    serde_json::from_slice(&plain).map_err(|_| KeyError::Damaged { tenant, plugin: plugin.to_owned() }.into())
}

/// Returns the record as the store keeps it in the tenant's row: its secrets sealed with the edge key
/// (none is kept in plain text) in [`SEALED`].
pub(super) fn encode(plugin: &PluginRecord, tenant: i64, sealer: &Sealer) -> Result<String, StoreError> {
    let mut value = serde_json::to_value(plugin).map_err(bad_record)?;
    if let Some(fields) = value.as_object_mut() {
        fields.remove("secrets");
        if !plugin.secrets.is_empty() {
            let sealed = seal(sealer.key()?, tenant, &plugin.info.name, &plugin.secrets)?;
            fields.insert(SEALED.to_owned(), serde_json::Value::String(sealed));
        }
    }
    serde_json::to_string(&value).map_err(bad_record)
}

/// Returns the record of the tenant's plugin `name` (its row's) that the store keeps as `text`, its
/// secrets opened with the edge key.
pub(super) fn decode(text: &str, tenant: i64, name: &str, sealer: &Sealer) -> Result<PluginRecord, StoreError> {
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(bad_record)?;
    let sealed = value.as_object_mut().and_then(|fields| fields.remove(SEALED));
    let mut record: PluginRecord = serde_json::from_value(value).map_err(bad_record)?;
    if let Some(sealed) = sealed {
        record.secrets = open(sealer.key()?, tenant, name, sealed.as_str().unwrap_or_default())?;
    }
    Ok(record)
}

/// Returns the record the store keeps as `text` without its secrets, which are not opened: what a
/// replaced or removed plugin is returned as, so that one whose secrets do not open can be replaced or
/// removed.
pub(super) fn decode_public(text: &str) -> Result<PluginRecord, StoreError> {
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(bad_record)?;
    if let Some(fields) = value.as_object_mut() {
        fields.remove(SEALED);
        fields.remove("secrets");
    }
    serde_json::from_value(value).map_err(bad_record)
}

/// Returns the record the store keeps as `text` in the tenant's row of the plugin `name`, its secrets
/// sealed with `to`: opened first with `from` when they are sealed, and taken as they are when an older
/// oz0 kept them in plain text. Returns `None` when it has no secrets to seal: none, or sealed ones
/// and no `from`.
pub(super) fn reseal_record(
    text: &str,
    tenant: i64,
    name: &str,
    from: Option<&EdgeKey>,
    to: &EdgeKey,
) -> Result<Option<String>, StoreError> {
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(bad_record)?;
    let Some(fields) = value.as_object_mut() else { return Ok(None) };
    let secrets: BTreeMap<String, String> = match (fields.remove(SEALED), fields.remove("secrets"), from) {
        (Some(sealed), _, Some(from)) => open(from, tenant, name, sealed.as_str().unwrap_or_default())?,
        (None, Some(plain), _) => serde_json::from_value(plain).map_err(bad_record)?,
        _ => return Ok(None),
    };
    if secrets.is_empty() {
        return Ok(None);
    }
    fields.insert(SEALED.to_owned(), serde_json::Value::String(seal(to, tenant, name, &secrets)?));
    serde_json::to_string(&value).map(Some).map_err(bad_record)
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

fn record(sql: &mut dyn Sql, tenant: &TenantRecord, name: &str) -> Outcome<Option<String>> {
    let row = sql.query_opt("SELECT record FROM plugins WHERE tenant_id = $1 AND name = $2", &[&tenant.id, &name])?;
    row.map(|row| row.try_get(0)).transpose()
}

/// Refuses to seal secrets with a key that is not the one the store records: the key was rotated since
/// this edge started. The row's lock keeps a rotation out until the transaction ends.
fn check_key(tx: &mut dyn Sql, sealer: &Sealer) -> Outcome<Result<(), StoreError>> {
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

impl PluginStore for SqlStore {
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
            audit(tx, tenant, &actor.actor_in(tenant), Action::PluginInstall, &before, &summary(plugin))?;
            Ok(Ok(old))
        })?
    }

    fn plugins(&self, tenant: &TenantRecord) -> Result<Vec<PluginRecord>, StoreError> {
        let rows: Vec<(String, String)> = self.read(|sql| {
            let rows =
                sql.query("SELECT name, record FROM plugins WHERE tenant_id = $1 ORDER BY name", &[&tenant.id])?;
            rows.iter().map(|row| Ok((row.try_get(0)?, row.try_get(1)?))).collect::<Outcome<_>>()
        })?;
        rows.iter().map(|(name, text)| decode(text, tenant.id, name, &self.sealer)).collect()
    }

    fn plugin_of_tool(&self, tenant: &TenantRecord, tool: &str) -> Result<Option<PluginRecord>, StoreError> {
        let row: Option<(String, String)> = self.read(|sql| {
            let row = sql.query_opt(
                "SELECT p.name, p.record FROM tools t JOIN plugins p ON p.tenant_id = t.tenant_id AND p.name = t.plugin
                 WHERE t.tenant_id = $1 AND t.id = $2",
                &[&tenant.id, &tool],
            )?;
            row.map(|row| Ok::<_, Failure>((row.try_get(0)?, row.try_get(1)?))).transpose()
        })?;
        row.map(|(name, text)| decode(&text, tenant.id, &name, &self.sealer)).transpose()
    }

    fn plugin_archive(&self, tenant: &TenantRecord, name: &str) -> Result<Option<Vec<u8>>, StoreError> {
        self.read(|sql| {
            let row = sql.query_opt(
                "SELECT bytes FROM plugin_archives WHERE tenant_id = $1 AND plugin = $2",
                &[&tenant.id, &name],
            )?;
            row.map(|row| row.try_get(0)).transpose()
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
            audit(tx, tenant, &actor.actor_in(tenant), Action::PluginRemove, &summary(&old), "null")?;
            Ok(Ok(Some(old)))
        })?
    }
}

/// Returns the ID of the key the store records, from its text.
pub(super) fn key_id(text: String) -> Result<KeyId, StoreError> {
    KeyId::parse(&text).ok_or_else(|| {
        StoreError::Database(format!("the store's edge_key row holds `{text}`, which is not a key's ID").into())
    })
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
                models: Default::default(),
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
