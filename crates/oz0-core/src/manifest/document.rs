//! A manifest read: its text, its nodes with positions, and the typed model of what is well formed.

use super::error::ParseError;
use super::model::{Manifest, Tool};
use super::yaml::{self, Node, Span, decode};

/// The manifest's file name in a plugin's folder.
pub const MANIFEST_FILE: &str = "oz0-plugin.yaml";

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
