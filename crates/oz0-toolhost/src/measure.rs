//! Measuring a plugin: start each of its local servers, list its functions and stop it, as `oz0 plugin
//! measure` does on a person's machine and the edge does at install.

use std::collections::BTreeMap;
use std::path::Path;
use std::time::{Duration, SystemTime};

use oz0_core::manifest::{Document, LISTING_FORMAT, Listing, Manifest, PathAccess, Tool, rfc3339};

use crate::command::ServerCommand;
use crate::confine::policy::{Grant, Limits};
use crate::error::ToolHostError;
use crate::list::list_functions;
use crate::remote::RemoteServer;
use crate::sandbox::Sandbox;
use crate::server::Server;

/// A tool whose server could not be listed.
#[derive(Debug, thiserror::Error)]
#[error("the tool `{tool}` (`{server}`) could not be listed")]
pub struct MeasureError {
    /// The tool's ID.
    pub tool: String,
    /// Its server: its command line, or its address.
    pub server: String,
    /// Why.
    #[source]
    pub source: ToolHostError,
}

/// Returns the server of a tool of `manifest` in `dir`, its own folders in `sandbox`: a remote tool's
/// address and headers, or how to start a local one ([`server_command`]). Each `${secrets.NAME}` is
/// filled in from `secrets` and `${config.KEY}` from the setting's default; a header or variable whose
/// value still names something not given is left out.
pub fn tool_server(
    manifest: &Manifest,
    tool: &Tool,
    dir: &Path,
    sandbox: &Sandbox,
    secrets: &BTreeMap<String, String>,
) -> Option<Server> {
    let mut server = match &tool.url {
        Some(url) if tool.mcp.is_none() => {
            let mut remote = RemoteServer::new(fill_config(url, manifest));
            remote.headers = filled(&tool.headers, manifest, secrets);
            remote.private = sandbox.confinement.shared.is_none() || sandbox.confinement.private_network;
            Server::Remote(remote)
        }
        _ => Server::Local(server_command(manifest, tool, dir, sandbox, secrets)?),
    };
    server.set_sampling(manifest.samples());
    Some(server)
}

/// Returns `values` with secrets and settings filled in, leaving out each that still names something
/// not given.
fn filled(
    values: &BTreeMap<String, String>,
    manifest: &Manifest,
    secrets: &BTreeMap<String, String>,
) -> Vec<(String, String)> {
    values
        .iter()
        .map(|(k, v)| (k.clone(), fill_config(&fill_secrets(v, secrets), manifest)))
        .filter(|(_, v)| !v.contains("${"))
        .collect()
}

/// Returns how to start a local tool of `manifest` in `dir`, its own folders in `sandbox`: its argv,
/// the variables of its `env` (filled in as [`tool_server`] says); its roots and paths, relative ones
/// in `dir`; its limits, within the edge's; `None` for a remote tool.
pub fn server_command(
    manifest: &Manifest,
    tool: &Tool,
    dir: &Path,
    sandbox: &Sandbox,
    secrets: &BTreeMap<String, String>,
) -> Option<ServerCommand> {
    let argv = tool.mcp.clone()?;
    let mut command = ServerCommand::new(argv, dir.to_path_buf(), &sandbox.of_tool(&tool.id));
    command.env = filled(&tool.env, manifest, secrets);
    command.records.clone_from(&sandbox.records);
    command.roots = tool.roots.iter().map(|root| dir.join(fill_config(root, manifest))).collect();
    command.paths = tool
        .paths
        .iter()
        .map(|entry| {
            let path = dir.join(fill_config(entry.path(), manifest));
            match entry.access() {
                PathAccess::Read => Grant::read(path),
                PathAccess::ReadWrite => Grant::read_write(path),
            }
        })
        .collect();
    command.confinement.clone_from(&sandbox.confinement);
    command.turns.clone_from(&sandbox.turns);
    let asked = tool.limits.unwrap_or_default();
    command.limits = Limits {
        memory: asked.memory_mib.map_or(Limits::CEILING.memory, |mib| (mib << 20).min(Limits::CEILING.memory)),
        tasks: asked.tasks.map_or(Limits::CEILING.tasks, |tasks| tasks.min(Limits::CEILING.tasks)),
        disk: asked.disk_mib.map_or(Limits::CEILING.disk, |mib| (mib << 20).min(Limits::CEILING.disk)),
    };
    Some(command)
}

/// Returns `value` with each `${config.KEY}` whose setting has a default replaced by it.
pub fn fill_config(value: &str, manifest: &Manifest) -> String {
    let mut filled = value.to_owned();
    for (key, entry) in &manifest.config {
        let Some(default) = &entry.default else { continue };
        let text = default.as_str().map_or_else(|| default.to_string(), str::to_owned);
        filled = filled.replace(&format!("${{config.{key}}}"), &text);
    }
    filled
}

/// Lists the functions of each tool of the plugin in `dir`, one after another, each within `timeout`: a
/// local tool's server started with its own folders in `sandbox` and the `secrets` given to it, a remote
/// tool's reached with them in its headers. `starting` is told each tool's ID first.
///
/// # Errors
///
/// Returns the first tool whose server could not be listed.
pub async fn measure(
    document: &Document,
    dir: &Path,
    sandbox: &Sandbox,
    secrets: &BTreeMap<String, String>,
    timeout: Duration,
    mut starting: impl FnMut(&Tool),
) -> Result<Listing, MeasureError> {
    let mut tools = Vec::new();
    for (_, tool) in document.tools() {
        let Some(server) = tool_server(&document.manifest, tool, dir, sandbox, secrets) else { continue };
        starting(tool);
        let listed = list_functions(&server, timeout).await.map_err(|source| MeasureError {
            tool: tool.id.clone(),
            server: server.name(),
            source,
        })?;
        tools.push(listed.of_tool(&tool.id));
    }
    let now = SystemTime::now().duration_since(SystemTime::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    Ok(Listing { format: LISTING_FORMAT, measured_at: rfc3339(now), tools })
}

/// Returns `value` with each `${secrets.NAME}` whose secret was given replaced by it.
pub fn fill_secrets(value: &str, secrets: &BTreeMap<String, String>) -> String {
    let mut filled = value.to_owned();
    for (name, secret) in secrets {
        filled = filled.replace(&format!("${{secrets.{name}}}"), secret);
    }
    filled
}

/// Returns the names of the secrets `value` asks for, `NAME` of each `${secrets.NAME}`.
pub fn secrets_named(value: &str) -> Vec<&str> {
    value.split("${secrets.").skip(1).filter_map(|rest| rest.split_once('}').map(|(name, _)| name)).collect()
}

/// Returns the last `n` lines of `text`, such as the end of a server's stderr.
pub fn tail(text: &str, n: usize) -> String {
    let lines: Vec<&str> = text.lines().collect();
    lines[lines.len().saturating_sub(n)..].join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_named_and_filled_in() {
        let secrets = BTreeMap::from([("token".to_owned(), "s3cr3t".to_owned())]);
        assert_eq!(secrets_named("Bearer ${secrets.token} ${secrets.other}"), ["token", "other"]);
        assert_eq!(fill_secrets("Bearer ${secrets.token}", &secrets), "Bearer s3cr3t");
        assert_eq!(fill_secrets("${secrets.other}", &secrets), "${secrets.other}");
    }

    #[test]
    fn the_tail_is_the_last_lines() {
        assert_eq!(tail("a\nb\nc\n", 2), "b\nc");
        assert_eq!(tail("a", 5), "a");
        assert_eq!(tail("", 5), "");
    }
}
