//! The manifest, `oz0-plugin.yaml`, as types: what a plugin is and the tools it brings.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A plugin's manifest, `oz0-plugin.yaml`.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields, title = "oz0 plugin manifest")]
pub struct Manifest {
    /// The plugin's name: lowercase letters, digits, `-` and `_`, starting with a letter.
    #[schemars(regex(pattern = r"^[a-z][a-z0-9_-]{0,63}$"))]
    pub name: String,
    /// The plugin's version, such as `1.2.0`.
    #[schemars(length(min = 1))]
    pub version: String,
    /// What the plugin does, in a sentence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
    /// The tools the plugin brings: each a local MCP server (`mcp`) or a remote one (`url`).
    #[serde(default)]
    pub tools: Vec<Tool>,
    /// What the plugin needs from the platform.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Requires")]
    pub requires: Option<Requires>,
    /// Secrets the operator gives the plugin at install, by name.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub secrets: BTreeMap<String, Secret>,
    /// Settings the operator gives the plugin at install, by key.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub config: BTreeMap<String, ConfigEntry>,
}

/// One tool: an MCP server and how the platform runs it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Tool {
    /// The tool's ID, unique in the plugin: letters, digits and `_`.
    #[schemars(regex(pattern = r"^[A-Za-z][A-Za-z0-9_]{0,63}$"))]
    pub id: String,
    /// The command that starts the tool's MCP server over stdio, run in the plugin's folder.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Vec<String>", length(min = 1))]
    pub mcp: Option<Vec<String>>,
    /// The address of a remote tool's MCP server, reached over MCP's streamable HTTP: `https://...`, or
    /// `http://...` on the loopback interface. `${config.KEY}` is filled in.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String", regex(pattern = r"^https?://"))]
    pub url: Option<String>,
    /// The HTTP headers of each request to a remote tool's server, such as
    /// `Authorization: Bearer ${secrets.token}`; `${secrets.NAME}` and `${config.KEY}` are filled in.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub headers: BTreeMap<String, String>,
    /// What the tool is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
    /// How the tool's results are shaped: `{fit: true}` when its functions follow the fitting
    /// convention, so that the runtime fills in a budget the model leaves out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Results")]
    pub results: Option<Results>,
    /// The most seconds a call may take.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64", range(min = 1, max = 86400))]
    pub timeout: Option<u64>,
    /// The functions whose calls a person approves first, and `<tool>.sampling` for the tool's model
    /// requests.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub requires_approval: Vec<String>,
    /// Where the tool's server runs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(schema_with = "sandbox_schema")]
    pub sandbox: Option<Sandbox>,
    /// Environment variables of the tool's server; `${secrets.NAME}` and `${config.KEY}` are filled in.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub env: BTreeMap<String, String>,
    /// The folders the tool's server is told of as its MCP roots, which it may read: absolute, or in
    /// the plugin's folder; `${config.KEY}` is filled in. Left out, the server is told of no roots.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub roots: Vec<String>,
    /// The paths beyond its plugin's folder that the tool's server may reach, confined as it is: a path
    /// it reads, or `{path: ..., access: read-write}`. Absolute, or in the plugin's folder.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<PathEntry>,
    /// The most the tool's server may use, below what the edge gives any server; beyond it the server is
    /// stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "ToolLimits")]
    pub limits: Option<ToolLimits>,
}

/// A path a tool's server may reach: a path alone is read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum PathEntry {
    /// A path the server reads.
    Read(String),
    /// A path, and what the server may do with it.
    Declared {
        /// The file or folder.
        path: String,
        /// `read` (the default) or `read-write`.
        #[serde(default)]
        access: PathAccess,
    },
}

impl PathEntry {
    /// Returns the path, as the manifest spells it.
    pub fn path(&self) -> &str {
        match self {
            PathEntry::Read(path) | PathEntry::Declared { path, .. } => path,
        }
    }

    /// Returns what the server may do with it.
    pub fn access(&self) -> PathAccess {
        match self {
            PathEntry::Read(_) => PathAccess::Read,
            PathEntry::Declared { access, .. } => *access,
        }
    }
}

/// What a tool's server may do with a path.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "kebab-case")]
pub enum PathAccess {
    /// Read its files and list its folders.
    #[default]
    Read,
    /// Read, and make, change and remove what is under it.
    ReadWrite,
}

/// The most a tool's server may use.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ToolLimits {
    /// The MiB of memory its processes may hold together; at most 4096.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64", range(min = 16, max = 4096))]
    pub memory_mib: Option<u64>,
    /// The processes and threads it may run at once; at most 512.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u32", range(min = 8, max = 512))]
    pub tasks: Option<u32>,
    /// The MiB its `HOME` and `TMPDIR` may hold on disk together; at most 4096.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "u64", range(min = 16, max = 4096))]
    pub disk_mib: Option<u64>,
}

impl Manifest {
    /// Returns whether the plugin's tools call models by MCP sampling (`requires.models.sampling`), so
    /// that its servers are told the client samples.
    pub fn samples(&self) -> bool {
        self.requires.as_ref().and_then(|r| r.models.as_ref()).is_some_and(|m| m.sampling.is_some())
    }
}

/// The `results` block of a tool.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Results {
    /// Whether the tool's functions follow the fitting convention (`view`, `budget`, `query`).
    #[serde(default)]
    pub fit: bool,
}

/// Where a tool's server runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Sandbox {
    /// One server on the node, shared by the jobs that call it.
    Shared,
    /// A sandboxed server for each job.
    Job,
    /// A sandboxed server of the tool's own, which may run several calls at once.
    Own,
}

/// What a plugin needs from the platform.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Requires {
    /// Models the plugin's tools call through the platform, never with a key of their own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Models")]
    pub models: Option<Models>,
}

/// The models a plugin's tools call.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Models {
    /// The alias MCP sampling requests are answered with: `default`, `fast`, `smart`, or an alias the
    /// operator maps to a model at install.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub sampling: Option<String>,
    /// The request formats a per-call gateway token may call, for what sampling cannot express.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub gateway: Vec<String>,
}

/// A secret the operator gives at install.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct Secret {
    /// What it is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
}

/// A setting the operator gives at install.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[schemars(deny_unknown_fields)]
pub struct ConfigEntry {
    /// What it is for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "String")]
    pub description: Option<String>,
    /// Its value when the operator gives none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub default: Option<serde_json::Value>,
    /// Whether it is kept as a secret.
    #[serde(default)]
    pub secret: bool,
}

/// The formats a gateway token may call.
pub const GATEWAY_FORMATS: [&str; 5] =
    ["openai-embeddings", "openai-chat", "openai-responses", "anthropic-messages", "google-generate-content"];

/// The sampling aliases every tenant has.
pub const SAMPLING_ALIASES: [&str; 3] = ["default", "fast", "smart"];

impl Tool {
    /// Returns whether the tool declares `results: {fit: true}`.
    pub fn fits(&self) -> bool {
        self.results.is_some_and(|r| r.fit)
    }
}

/// Returns the schema of `sandbox` as a plain enum, so that a wrong value is told which values go.
fn sandbox_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "string",
        "enum": ["shared", "job", "own"],
        "description": "Where the tool's server runs: `shared` (one server on the node, shared by the jobs that call it), `job` (a sandboxed server for each job) or `own` (a sandboxed server of the tool's own, which may run several calls at once)."
    })
}
