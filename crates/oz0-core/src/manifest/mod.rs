//! Plugin manifests (`oz0-plugin.yaml`): a typed model, its JSON Schema, a YAML reader that keeps
//! positions, the measured listing of a plugin's MCP servers, and the lint rules.
//!
//! ```
//! use oz0_core::manifest::{Document, lint, Lint};
//!
//! let text = "name: acme\nversion: 1.0.0\ntools:\n  - id: docs\n    mcp: [python, server.py]\n    results: {fit: yes}\n";
//! let document = Document::parse(text).unwrap();
//! let findings = lint(&document, &Lint::default());
//! assert_eq!(findings[0].rule.code, "OZ-F001");
//! assert_eq!(findings[0].line_column(text), (6, 20));
//! ```

mod convention;
mod document;
mod error;
mod finding;
mod listing;
mod model;
mod remote;
pub mod rules;
mod schema;
mod yaml;

pub use convention::{Budget, Shape, ViewArg};
pub use document::{Document, MANIFEST_FILE, yaml_to_json};
pub use error::ParseError;
pub use finding::Finding;
pub use listing::{
    Function, LISTING_FILE, LISTING_FORMAT, Listing, ServerInfo, ToolListing, definition_weight, rfc3339,
};
pub use model::{
    ConfigEntry, GATEWAY_FORMATS, Manifest, Models, PathAccess, PathEntry, Requires, Results, SAMPLING_ALIASES,
    Sandbox, Secret, Tool, ToolLimits,
};
pub use remote::check_remote_url;
pub use rules::context::Lint;
pub use rules::lint;
pub use rules::rule::{Rule, Severity};
pub use schema::{SchemaError, json_schema, json_schema_text, validate};
pub use yaml::{MAX_BYTES, MAX_DEPTH, MAX_NODES, Node, NodeValue, Span, decode, line_column};
