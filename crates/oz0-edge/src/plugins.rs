//! Installing a plugin: unpack the folder a person sent, lint its manifest, start each local server to
//! list its functions, lint again with that listing, and keep it.
//!
//! A plugin's files are unpacked under `<data>/plugins/<tenant id>/` in a folder of their own, which
//! its servers run in. Nothing of a refused install is kept.

use std::collections::BTreeMap;
use std::io::Read;
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use oz0_core::api::{
    DEFAULT_TOOL_TIMEOUT_SECS, EdgeError, FunctionInfo, InstallOptions, InstalledPlugin, MAX_PLUGIN_BYTES, ToolInfo,
};
use oz0_core::manifest::{Document, Lint, Listing, MANIFEST_FILE, Severity, lint, rfc3339};
use oz0_toolhost::{Confinement, Sandbox, tail};

use crate::gateway::{GatewayConfig, STANDARD_ALIASES};

/// The most files and folders a plugin's folder may hold.
const MAX_FILES: usize = 10_000;

/// The longest name of a file or folder in a plugin, in bytes, as file systems take it.
const MAX_NAME: usize = 255;

/// The longest path in a plugin, in bytes.
const MAX_PATH: usize = 1024;

/// How long each server may take to start and list its functions at install, at the least: a tool whose
/// `timeout` is longer has that.
const LIST_TIMEOUT: Duration = Duration::from_secs(30);

/// Unpacks `archive`, a tar of a plugin's folder, into `into`: regular files and folders only, each
/// inside `into`.
pub(crate) fn unpack(archive: &[u8], into: &Path) -> Result<(), EdgeError> {
    let bad = |what: String| EdgeError::invalid(format!("the plugin's archive {what}"));
    if archive.len() as u64 > MAX_PLUGIN_BYTES {
        return Err(EdgeError::TooLarge {
            detail: format!("the plugin's archive is {} bytes, more than the {MAX_PLUGIN_BYTES} taken", archive.len()),
        });
    }
    let mut tar = tar::Archive::new(archive);
    let entries = tar.entries().map_err(|err| bad(format!("cannot be read: {err}")))?;
    let (mut files, mut bytes) = (0usize, 0u64);
    for entry in entries {
        let mut entry = entry.map_err(|err| bad(format!("cannot be read: {err}")))?;
        let path = entry.path().map_err(|err| bad(format!("names a path that is not one: {err}")))?.into_owned();
        if path.components().any(|c| !matches!(c, Component::Normal(_) | Component::CurDir)) {
            return Err(bad(format!("holds `{}`, a path outside the plugin's folder", path.display())));
        }
        let shown = || {
            let text = path.display().to_string();
            if text.len() > 80 { format!("{}...", text.chars().take(80).collect::<String>()) } else { text }
        };
        if path.as_os_str().len() > MAX_PATH {
            return Err(bad(format!(
                "holds a path of {} bytes, more than the {MAX_PATH} taken: `{}`",
                path.as_os_str().len(),
                shown()
            )));
        }
        if path.components().any(|c| c.as_os_str().len() > MAX_NAME) {
            return Err(bad(format!("holds a name of more than {MAX_NAME} bytes: `{}`", shown())));
        }
        files += 1;
        if files > MAX_FILES {
            return Err(EdgeError::TooLarge {
                detail: format!(
                    "the plugin's folder holds more than {MAX_FILES} files and folders; leave out what its servers do \
                     not need"
                ),
            });
        }
        let kind = entry.header().entry_type();
        // A name may be a file or a folder, not both, and nothing lies under a file.
        let target = into.join(&path);
        let mut above = target.parent();
        while let Some(folder) = above.filter(|f| f.starts_with(into) && *f != into) {
            if folder.is_file() {
                return Err(bad(format!("holds `{}` under a file of the same path", shown())));
            }
            above = folder.parent();
        }
        if (kind.is_dir() && target.is_file()) || (!kind.is_dir() && target.is_dir()) {
            return Err(bad(format!("holds `{}` both as a file and as a folder", shown())));
        }
        if kind.is_dir() {
            crate::private::create_dir_all(&target).map_err(|err| EdgeError::internal("could not unpack", err))?;
            continue;
        }
        if !kind.is_file() {
            return Err(bad(format!("holds `{}`, which is not a file or a folder", path.display())));
        }
        bytes += entry.size();
        if bytes > MAX_PLUGIN_BYTES {
            return Err(EdgeError::TooLarge {
                detail: format!(
                    "the plugin's folder holds more than {MAX_FILES} files or {MAX_PLUGIN_BYTES} bytes; leave out \
                     what its servers do not need"
                ),
            });
        }
        if let Some(parent) = target.parent() {
            crate::private::create_dir_all(parent).map_err(|err| EdgeError::internal("could not unpack", err))?;
        }
        let mut contents = Vec::with_capacity(usize::try_from(entry.size()).unwrap_or(0));
        entry.read_to_end(&mut contents).map_err(|err| bad(format!("cannot be read: {err}")))?;
        crate::private::write(&target, &contents).map_err(|err| EdgeError::internal("could not unpack", err))?;
    }
    Ok(())
}

/// Reads and lints the manifest of the plugin unpacked in `dir`, refusing one with errors.
pub(crate) fn read_manifest(dir: &Path) -> Result<Document, EdgeError> {
    let path = dir.join(MANIFEST_FILE);
    let bytes =
        fs_err::read(&path).map_err(|_| EdgeError::invalid(format!("the plugin's folder holds no {MANIFEST_FILE}")))?;
    let document = Document::from_bytes(&bytes)
        .map_err(|err| EdgeError::invalid(format!("the plugin's {MANIFEST_FILE} cannot be read: {err}")))?;
    refuse_errors(&document, None)?;
    Ok(document)
}

/// Returns the lint's warnings, each `CODE: message`; refuses a manifest with errors, naming them.
pub(crate) fn refuse_errors(document: &Document, listing: Option<&Listing>) -> Result<Vec<String>, EdgeError> {
    let findings = lint(document, &Lint { listing, listing_older: false });
    let line = |f: &oz0_core::manifest::Finding| {
        let (line, _) = f.line_column(&document.text);
        format!("{} (line {line}): {}", f.rule.code, f.message)
    };
    let errors: Vec<String> = findings.iter().filter(|f| f.severity() == Severity::Error).map(line).collect();
    if !errors.is_empty() {
        return Err(EdgeError::invalid(format!(
            "the plugin's manifest has {} lint error{}, so it was not installed:\n  {}",
            errors.len(),
            if errors.len() == 1 { "" } else { "s" },
            errors.join("\n  ")
        )));
    }
    Ok(findings.iter().filter(|f| f.severity() != Severity::Error).map(line).collect())
}

/// Refuses a plugin that asks for models, unless the tenant grants them.
pub(crate) fn check_models(document: &Document, accept_model: bool) -> Result<bool, EdgeError> {
    let Some(models) = document.manifest.requires.as_ref().and_then(|r| r.models.as_ref()) else {
        return Ok(false);
    };
    if accept_model {
        return Ok(true);
    }
    let mut asks = Vec::new();
    if let Some(alias) = &models.sampling {
        asks.push(format!("sampling with `{alias}`"));
    }
    if !models.gateway.is_empty() {
        asks.push(format!("a gateway token for {}", models.gateway.join(", ")));
    }
    Err(EdgeError::invalid(format!(
        "the plugin `{}` declares requires.models ({}): its tools call models the tenant pays for; install it \
         with --accept-model to grant that",
        document.manifest.name,
        asks.join("; ")
    )))
}

/// Checks the model aliases of a plugin granted models: the one its tools' requests are answered with,
/// after the installer's `--map-model`, must be `default`, `fast`, `smart` or one `config` (the edge's
/// gateway, when it has one) configures; a mapping must name the plugin's own alias, and an alias of the
/// edge's.
pub(crate) fn check_model_aliases(
    document: &Document,
    models: &BTreeMap<String, String>,
    config: Option<&GatewayConfig>,
) -> Result<(), EdgeError> {
    let manifest = &document.manifest;
    let mut known: Vec<String> = config.map(GatewayConfig::known).unwrap_or_default();
    for standard in STANDARD_ALIASES {
        if !known.iter().any(|k| k == standard) {
            known.push(standard.to_owned());
        }
    }
    known.sort();
    let edge_has = |alias: &str| known.iter().any(|k| k == alias);
    let own = manifest.requires.as_ref().and_then(|r| r.models.as_ref()).and_then(|m| m.sampling.clone());
    for (from, to) in models {
        oz0_core::api::check_alias(from).map_err(EdgeError::invalid)?;
        oz0_core::api::check_alias(to).map_err(EdgeError::invalid)?;
        if own.as_deref() != Some(from.as_str()) {
            return Err(EdgeError::invalid(match &own {
                Some(own) => format!(
                    "--map-model {from}={to}: the plugin `{}` names no model alias `{from}`; its tools' requests are \
                     answered with `{own}`",
                    manifest.name
                ),
                None => format!("--map-model {from}={to}: the plugin `{}` answers no model requests", manifest.name),
            }));
        }
        if !edge_has(to) {
            return Err(EdgeError::invalid(format!(
                "--map-model {from}={to}: the edge has no model alias `{to}`; it has {}",
                known.join(", ")
            )));
        }
    }
    let Some(own) = own else { return Ok(()) };
    let answered = models.get(&own).unwrap_or(&own);
    if edge_has(answered) {
        return Ok(());
    }
    Err(EdgeError::invalid(format!(
        "the plugin `{}` has its tools' model requests answered with the alias `{own}`, which the edge has not: map \
         it to one the edge has with --map-model {own}=ALIAS; the edge has {}",
        manifest.name,
        known.join(", ")
    )))
}

/// Checks the secrets given to a plugin: each is one its manifest declares, and each that a server's
/// `env` names is given.
pub(crate) fn check_secrets(document: &Document, given: &BTreeMap<String, String>) -> Result<(), EdgeError> {
    let manifest = &document.manifest;
    for name in given.keys() {
        if !manifest.secrets.contains_key(name) {
            let declared: Vec<&str> = manifest.secrets.keys().map(String::as_str).collect();
            let declared = if declared.is_empty() { "none".to_owned() } else { declared.join(", ") };
            return Err(EdgeError::invalid(format!(
                "the plugin `{}` declares no secret `{name}` (it declares {declared}); give only the secrets its \
                 manifest lists under `secrets`",
                manifest.name
            )));
        }
    }
    for (_, tool) in document.tools() {
        for (variable, value) in &tool.env {
            if let Some(missing) = oz0_toolhost::secrets_named(value).into_iter().find(|n| !given.contains_key(*n)) {
                return Err(EdgeError::invalid(format!(
                    "the tool `{}` needs the secret `{missing}` (its env `{variable}`): install with --secret \
                     {missing}=VALUE",
                    tool.id
                )));
            }
        }
    }
    Ok(())
}

/// Starts each local tool's server in `dir`, the folder of a plugin being installed, its own folders
/// and confinement in `sandbox`, and lists its functions. The servers get the folders their tools'
/// calls will have, so that what they fetch into `HOME` at install is there for the calls.
pub(crate) async fn measure(
    document: &Document,
    dir: &Path,
    sandbox: &Sandbox,
    secrets: &BTreeMap<String, String>,
) -> Result<Listing, EdgeError> {
    let longest = document.manifest.tools.iter().filter_map(|tool| tool.timeout).max().unwrap_or(0);
    let timeout = LIST_TIMEOUT.max(Duration::from_secs(longest));
    oz0_toolhost::measure(document, dir, sandbox, secrets, timeout, |_| {}).await.map_err(|err| {
        let stderr =
            err.source.stderr().map(|s| format!("; its stderr ended with:\n{}", tail(s, 20))).unwrap_or_default();
        EdgeError::invalid(format!("{err}, so the plugin was not installed: {}{stderr}", err.source))
    })
}

/// Returns what the API shows of a plugin, from its manifest and listing.
pub(crate) fn info(
    document: &Document,
    listing: &Listing,
    models_accepted: bool,
    options: &InstallOptions,
    at_ms: u64,
) -> InstalledPlugin {
    let manifest = &document.manifest;
    InstalledPlugin {
        name: manifest.name.clone(),
        version: manifest.version.clone(),
        description: manifest.description.clone(),
        installed_at: rfc3339(at_ms / 1000),
        models_accepted,
        secrets: options.secrets.keys().cloned().collect(),
        models: options.models.clone(),
        tools: manifest
            .tools
            .iter()
            .map(|tool| ToolInfo {
                id: tool.id.clone(),
                plugin: manifest.name.clone(),
                description: tool.description.clone(),
                fit: tool.fits(),
                timeout_secs: tool.timeout.unwrap_or(DEFAULT_TOOL_TIMEOUT_SECS),
                remote: tool.mcp.is_none(),
                functions: listing
                    .tool(&tool.id)
                    .map(|t| {
                        t.functions
                            .iter()
                            .map(|f| FunctionInfo {
                                name: f.name.clone(),
                                description: f.description.clone(),
                                input_schema: f.input_schema.clone(),
                                task: f.task,
                                open_world: f.open_world,
                            })
                            .collect()
                    })
                    .unwrap_or_default(),
            })
            .collect(),
    }
}

/// How the name of a plugin's folder being installed begins.
pub(crate) const INSTALL: &str = ".install-";

/// Returns the area of the data folder `root` that holds the plugins' folders, a folder a tenant.
pub(crate) fn area(root: &Path) -> PathBuf {
    root.join("plugins")
}

/// A plugin's folder being installed, `.install-<writer>-*` among the tenant's plugins' folders: named
/// after this process's [writer](crate::writers), held until the folder is kept or removed, so that a
/// start sweeps it when a crash left it, and only then.
#[derive(Debug)]
pub(crate) struct Installing {
    folder: tempfile::TempDir,
    _writer: Option<std::sync::Arc<crate::writers::Writer>>,
}

impl Installing {
    /// Returns the folder's path.
    pub(crate) fn path(&self) -> &Path {
        self.folder.path()
    }

    /// Keeps the folder (renamed into place by then) rather than remove it when dropped.
    pub(crate) fn keep(self) -> PathBuf {
        self.folder.keep()
    }
}

/// Returns a new folder among the tenant's plugins' folders, an [`Installing`], with `archive` unpacked
/// in it: renamed into place, it is an installed plugin.
pub(crate) fn unpack_new(root: &Path, tenant: i64, archive: &[u8]) -> Result<Installing, EdgeError> {
    let parent = tenant_dir(root, tenant);
    crate::private::create_dir_all(&parent)
        .map_err(|err| EdgeError::internal("could not make the plugins' folder", err))?;
    // Without a lock (a system without them), the folder is named after no writer, swept after an hour.
    let writer = crate::writers::join(&area(root)).ok();
    let prefix = writer.as_ref().map_or_else(|| INSTALL.to_owned(), |w| format!("{INSTALL}{}-", w.name()));
    let folder = tempfile::Builder::new()
        .prefix(&prefix)
        .permissions(std::os::unix::fs::PermissionsExt::from_mode(crate::private::FOLDER_MODE))
        .tempdir_in(&parent)
        .map_err(|err| EdgeError::internal("could not make a folder for the plugin", err))?;
    unpack(archive, folder.path())?;
    Ok(Installing { folder, _writer: writer })
}

/// Returns the folder the tenant's plugins are unpacked in.
pub(crate) fn tenant_dir(root: &Path, tenant: i64) -> PathBuf {
    area(root).join(tenant.to_string())
}

/// Returns where a tenant's servers keep their files, `<root>/run/<tenant>/<tool>/{home,tmp}`, where
/// the edge records its running servers, `<root>/run/servers`, and how they are confined.
pub(crate) fn sandbox(root: &Path, tenant: i64, confinement: Confinement) -> Sandbox {
    Sandbox { root: root.join("run").join(tenant.to_string()), records: Some(records(root)), confinement, turns: None }
}

/// Removes what the servers of a removed plugin's tools kept in their `HOME`.
pub(crate) fn forget_tools(root: &Path, tenant: i64, plugin: &InstalledPlugin) {
    let sandbox = sandbox(root, tenant, Confinement::default());
    for tool in &plugin.tools {
        let folder = sandbox.of_tool(&tool.id);
        if let Err(err) = oz0_toolhost::remove_folder(&folder)
            && err.kind() != std::io::ErrorKind::NotFound
        {
            tracing::warn!(tool = %tool.id, error = &err as &dyn std::error::Error, "a removed tool's folder was kept");
        }
    }
}

/// Returns where the edge records its running servers' process groups.
pub(crate) fn records(root: &Path) -> PathBuf {
    root.join("run").join("servers")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn archive(entries: &[(&str, &[u8])]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        for (path, bytes) in entries {
            let mut header = tar::Header::new_gnu();
            header.set_size(bytes.len() as u64);
            header.set_mode(0o644);
            header.set_cksum();
            builder.append_data(&mut header, path, *bytes).unwrap();
        }
        builder.into_inner().unwrap()
    }

    #[test]
    fn unpacks_files_and_folders() {
        let dir = tempfile::tempdir().unwrap();
        unpack(&archive(&[("oz0-plugin.yaml", b"name: x\n"), ("docs/a.md", b"# A\n")]), dir.path()).unwrap();
        assert_eq!(fs_err::read_to_string(dir.path().join("docs/a.md")).unwrap(), "# A\n");
    }

    #[test]
    fn refuses_paths_outside_the_folder_and_links() {
        let dir = tempfile::tempdir().unwrap();
        let mut raw = archive(&[("xx/evil", b"x")]);
        // The builder refuses `..`, so write it into the header by hand.
        raw[..5].copy_from_slice(b"../ev");
        let mut header = tar::Header::from_byte_slice(&raw[..512]).clone();
        header.set_cksum();
        raw[..512].copy_from_slice(header.as_bytes());
        let err = unpack(&raw, dir.path()).unwrap_err().to_string();
        assert!(err.contains("outside the plugin's folder"), "{err}");

        let mut builder = tar::Builder::new(Vec::new());
        let mut header = tar::Header::new_gnu();
        header.set_entry_type(tar::EntryType::Symlink);
        header.set_size(0);
        builder.append_link(&mut header, "link", "/etc/passwd").unwrap();
        let err = unpack(&builder.into_inner().unwrap(), dir.path()).unwrap_err().to_string();
        assert!(err.contains("not a file or a folder"), "{err}");
        assert!(!dir.path().join("link").exists());
    }

    /// Returns an archive of `entries`, each a folder when its bytes are `None`.
    fn tree(entries: &[(&str, Option<&[u8]>)]) -> Vec<u8> {
        let mut builder = tar::Builder::new(Vec::new());
        for (path, bytes) in entries {
            let mut header = tar::Header::new_gnu();
            header.set_mode(0o755);
            match bytes {
                Some(bytes) => {
                    header.set_size(bytes.len() as u64);
                    header.set_cksum();
                    builder.append_data(&mut header, path, *bytes).unwrap();
                }
                None => {
                    header.set_entry_type(tar::EntryType::Directory);
                    header.set_size(0);
                    header.set_cksum();
                    builder.append_data(&mut header, path, &[][..]).unwrap();
                }
            }
        }
        builder.into_inner().unwrap()
    }

    #[test]
    fn an_archive_the_disk_could_not_hold_is_refused_as_the_senders_mistake() {
        let refused = |entries: &[(&str, Option<&[u8]>)]| {
            let dir = tempfile::tempdir().unwrap();
            let err = unpack(&tree(entries), dir.path()).unwrap_err();
            assert!(matches!(err, EdgeError::Invalid { .. } | EdgeError::TooLarge { .. }), "{err:?}");
            err.to_string()
        };
        let long = "n".repeat(300);
        assert!(refused(&[(&long, Some(b"x"))]).contains("a name of more than 255 bytes"));
        let deep = vec!["d".repeat(200); 25].join("/");
        assert!(refused(&[(&deep, Some(b"x"))]).contains("more than the 1024 taken"));
        assert!(refused(&[("a", Some(b"x")), ("a", None)]).contains("both as a file and as a folder"));
        assert!(refused(&[("a", None), ("a", Some(b"x"))]).contains("both as a file and as a folder"));
        assert!(refused(&[("a", Some(b"x")), ("a/b", Some(b"y"))]).contains("under a file"));
        let folders: Vec<String> = (0..10_001).map(|n| format!("f{n}")).collect();
        let entries: Vec<(&str, Option<&[u8]>)> = folders.iter().map(|f| (f.as_str(), None)).collect();
        assert!(refused(&entries).contains("more than 10000 files and folders"));
    }

    #[test]
    fn a_plugin_that_asks_for_models_needs_the_grant() {
        let doc = Document::parse("name: x\nversion: 1.0.0\nrequires:\n  models:\n    sampling: default\n").unwrap();
        let err = check_models(&doc, false).unwrap_err().to_string();
        assert!(err.contains("--accept-model") && err.contains("sampling with `default`"), "{err}");
        assert!(check_models(&doc, true).unwrap());
    }
}
