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
mod finding;
mod listing;
mod model;
pub mod rules;
mod schema;
mod yaml;

use thiserror::Error;

pub use convention::{Budget, Shape, ViewArg};
pub use finding::{Finding, Severity};
pub use listing::{
    Function, LISTING_FILE, LISTING_FORMAT, Listing, ServerInfo, ToolListing, definition_weight, rfc3339,
};
pub use model::{
    ConfigEntry, GATEWAY_FORMATS, Manifest, Models, PathAccess, PathEntry, Requires, Results, SAMPLING_ALIASES,
    Sandbox, Secret, Tool, ToolLimits,
};
pub use rules::{Rule, lint};
pub use schema::{SchemaError, json_schema, json_schema_text, validate};
pub use yaml::{MAX_BYTES, MAX_DEPTH, MAX_NODES, Node, NodeValue, Span, decode, line_column};

/// The manifest's file name in a plugin's folder.
pub const MANIFEST_FILE: &str = "oz0-plugin.yaml";

/// Why a manifest could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The file is bigger than a manifest may be.
    #[error("the manifest is {size} bytes, more than the {limit} bytes a manifest may have")]
    TooLarge {
        /// Its size in bytes.
        size: u64,
        /// The most bytes read.
        limit: u64,
    },
    /// The file holds nothing but white space or comments.
    #[error("the manifest is empty")]
    Empty,
    /// The file holds a NUL byte.
    #[error("the manifest is binary: byte {offset} is NUL")]
    Binary {
        /// Where the NUL byte is.
        offset: usize,
    },
    /// The file is not UTF-8.
    #[error("the manifest is not UTF-8: byte {offset} is not part of a UTF-8 character")]
    NotUtf8 {
        /// Where the first bad byte is.
        offset: usize,
    },
    /// The file is not YAML.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the YAML reader said.
        message: String,
    },
    /// Aliases expand to more nodes than a manifest may hold.
    #[error("line {line}, column {column}: aliases expand to more than {limit} values, refused as an alias bomb")]
    AliasLimit {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The most values read.
        limit: usize,
    },
    /// Mappings and sequences nest deeper than a manifest may.
    #[error("line {line}, column {column}: values nest more than {limit} deep")]
    TooDeep {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The deepest nesting read.
        limit: usize,
    },
    /// An alias names no anchor.
    #[error("line {line}, column {column}: the alias names no anchor")]
    UnknownAlias {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A key is a mapping or a sequence.
    #[error("line {line}, column {column}: a key must be a single value, not a mapping or a sequence")]
    ComplexKey {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// The file holds more than one YAML document.
    #[error("line {line}, column {column}: a manifest is one YAML document, and a second one starts here")]
    MultipleDocuments {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
}

/// Reads a YAML document (of the subset manifests use) as JSON, with the manifest's limits on size,
/// depth and aliases: what agent and flow definitions are read with.
///
/// # Errors
///
/// Returns a [`ParseError`] naming what is wrong and where.
pub fn yaml_to_json(text: &str) -> Result<serde_json::Value, ParseError> {
    Ok(yaml::parse(text)?.to_json())
}

/// A manifest read: its text, its nodes with positions, and the typed model of what is well formed.
#[derive(Debug, Clone)]
pub struct Document {
    /// The manifest's text.
    pub text: String,
    /// Its nodes, with positions.
    pub root: Node,
    /// What of it is well formed, as types: a tool that is not is left out of `manifest.tools`.
    pub manifest: Manifest,
    /// For each tool of `manifest.tools`, its index in the file's `tools`.
    pub tool_index: Vec<usize>,
}

impl Document {
    /// Reads a manifest's bytes.
    ///
    /// # Errors
    ///
    /// Returns a [`ParseError`] when the bytes are not a manifest that can be linted at all.
    pub fn from_bytes(bytes: &[u8]) -> Result<Self, ParseError> {
        Self::parse(decode(bytes)?)
    }

    /// Reads a manifest's text.
    ///
    /// # Errors
    ///
    /// Returns a [`ParseError`] when the text is not a manifest that can be linted at all.
    pub fn parse(text: &str) -> Result<Self, ParseError> {
        let root = yaml::parse(text)?;
        let json = root.to_json();
        fn field<T: serde::de::DeserializeOwned>(json: &serde_json::Value, key: &str) -> Option<T> {
            json.get(key).cloned().and_then(|v| serde_json::from_value(v).ok())
        }
        let mut manifest = Manifest {
            name: field(&json, "name").unwrap_or_default(),
            version: field(&json, "version").unwrap_or_default(),
            description: field(&json, "description"),
            tools: Vec::new(),
            requires: field(&json, "requires"),
            secrets: field(&json, "secrets").unwrap_or_default(),
            config: field(&json, "config").unwrap_or_default(),
        };
        let mut tool_index = Vec::new();
        for (i, tool) in json.get("tools").and_then(|t| t.as_array()).into_iter().flatten().enumerate() {
            if let Ok(tool) = serde_json::from_value::<Tool>(tool.clone()) {
                manifest.tools.push(tool);
                tool_index.push(i);
            }
        }
        Ok(Self { text: text.to_owned(), root, manifest, tool_index })
    }

    /// Returns each well-formed tool with the JSON pointer of its entry, such as `/tools/0`.
    pub fn tools(&self) -> impl Iterator<Item = (String, &Tool)> {
        self.tool_index.iter().zip(&self.manifest.tools).map(|(i, t)| (format!("/tools/{i}"), t))
    }

    /// Returns the span of the node at `pointer`, or of the whole text's start when there is none.
    pub fn span(&self, pointer: &str) -> Span {
        self.root.pointer(pointer).map_or(Span::default(), |n| n.span)
    }

    /// Returns the span of the key that holds the node at `pointer`, or of the node when it has no key.
    pub fn key_span(&self, pointer: &str) -> Span {
        self.root.key_span(pointer).unwrap_or_else(|| self.span(pointer))
    }
}

/// What `lint` is given beside the manifest.
#[derive(Debug, Clone, Copy, Default)]
pub struct Lint<'a> {
    /// The measured listing of the plugin's servers, when there is one.
    pub listing: Option<&'a Listing>,
    /// Whether the listing was measured before the manifest last changed.
    pub listing_older: bool,
}
