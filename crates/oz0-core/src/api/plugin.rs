//! What the edge says about a tenant's installed plugins and their tools.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// The most bytes a plugin's packed folder may hold.
pub const MAX_PLUGIN_BYTES: u64 = 64 << 20;

/// The default time a tool's call may take, when its manifest sets no `timeout`.
pub const DEFAULT_TOOL_TIMEOUT_SECS: u64 = 60;

/// A plugin installed in a tenant.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct InstalledPlugin {
    /// Its name, unique in the tenant.
    pub name: String,
    /// Its version.
    pub version: String,
    /// What it does.
    pub description: Option<String>,
    /// When it was installed, in RFC 3339 (UTC).
    pub installed_at: String,
    /// Whether the tenant granted its tools the models it declares (`--accept-model`).
    pub models_accepted: bool,
    /// The names of the secrets the installer gave it (`--secret`); never their values.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secrets: Vec<String>,
    /// The plugin's own model aliases and the edge's alias each was mapped to at install
    /// (`--map-model`).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub models: BTreeMap<String, String>,
    /// Its tools, in the manifest's order.
    pub tools: Vec<ToolInfo>,
}

/// How a plugin is installed.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct InstallOptions {
    /// Grant the models the plugin declares under `requires.models`.
    pub accept_model: bool,
    /// The secrets the manifest declares, by name, each given to the servers whose `env` names it as
    /// `${secrets.NAME}`. Kept by the edge, never shown again.
    pub secrets: BTreeMap<String, String>,
    /// The edge's alias for each of the plugin's own model aliases, such as `summarizer` to `fast`.
    pub models: BTreeMap<String, String>,
}

/// Checks a model alias's name: 1 to 64 letters, digits and `. _ -`.
pub fn check_alias(alias: &str) -> Result<(), String> {
    let valid = (1..=64).contains(&alias.len())
        && alias.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'));
    if valid { Ok(()) } else { Err(format!("`{alias}` is not a model alias: 1 to 64 letters, digits and `. _ -`")) }
}

/// A tool of an installed plugin, and its functions as its server listed them at install.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct ToolInfo {
    /// The tool's ID, unique in the tenant.
    pub id: String,
    /// The plugin that brings it.
    pub plugin: String,
    /// What it is for.
    pub description: Option<String>,
    /// Whether its functions follow the fitting convention (`results: {fit: true}`).
    pub fit: bool,
    /// The most seconds a call may take.
    pub timeout_secs: u64,
    /// Whether its server is remote (`url`, reached over HTTP) rather than run by the edge over stdio
    /// (`mcp`).
    pub remote: bool,
    /// Its functions.
    pub functions: Vec<FunctionInfo>,
}

/// A function of a tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct FunctionInfo {
    /// Its name.
    pub name: String,
    /// What it does, as the model reads it.
    pub description: Option<String>,
    /// The JSON Schema of its arguments.
    pub input_schema: serde_json::Value,
    /// Whether it must be called as an MCP task, which the edge follows to its end.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub task: bool,
    /// Whether it reads the open world (`openWorldHint`): a result of it without labels is labelled
    /// `outside`.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open_world: bool,
}

impl ToolInfo {
    /// Returns the function named `name`.
    pub fn function(&self, name: &str) -> Option<&FunctionInfo> {
        self.functions.iter().find(|f| f.name == name)
    }
}

/// The outcome of an install.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Installed {
    /// The plugin as installed.
    pub plugin: InstalledPlugin,
    /// The version it replaced, when the tenant had the plugin already.
    pub replaced: Option<String>,
    /// The lint's warnings, each `CODE: message`; errors refuse the install.
    pub warnings: Vec<String>,
}
