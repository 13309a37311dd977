//! The manifest's JSON Schema, made from the model, and validation against it.

use std::sync::LazyLock;

use serde_json::Value;

use super::model::Manifest;

/// Returns the manifest's JSON Schema (draft 2020-12), as published at `schema/oz0-plugin.schema.json`.
pub fn json_schema() -> Value {
    let mut schema =
        schemars::generate::SchemaSettings::draft2020_12().into_generator().into_root_schema_for::<Manifest>();
    schema.insert("$id".to_owned(), "https://docs.oz0.ai/schema/oz0-plugin.schema.json".into());
    schema.to_value()
}

/// Returns the schema as the checked-in file holds it: pretty JSON and a newline.
pub fn json_schema_text() -> String {
    let mut text = serde_json::to_string_pretty(&json_schema()).unwrap_or_default();
    text.push('\n');
    text
}

static VALIDATOR: LazyLock<Option<jsonschema::Validator>> =
    LazyLock::new(|| jsonschema::validator_for(&json_schema()).ok());

/// One place where a manifest breaks its schema.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SchemaError {
    /// The JSON pointer of the value, such as `/tools/0/timeout`.
    pub pointer: String,
    /// What is wrong with it.
    pub message: String,
    /// The keyword that failed, such as `type` or `required`.
    pub keyword: String,
}

/// Returns where `instance` breaks the manifest's schema, unknown keys left out (the linter names
/// those itself, with a suggestion).
pub fn validate(instance: &Value) -> Vec<SchemaError> {
    let Some(validator) = VALIDATOR.as_ref() else {
        return Vec::new();
    };
    validator
        .iter_errors(instance)
        .filter_map(|err| {
            let keyword = err.schema_path().as_str().rsplit('/').next().unwrap_or_default().to_owned();
            (keyword != "additionalProperties").then(|| SchemaError {
                pointer: err.instance_path().as_str().to_owned(),
                message: err.masked().to_string(),
                keyword,
            })
        })
        .collect()
}

/// Returns the keys a mapping at `pointer` may hold, from the schema, or `None` when any key goes.
pub fn known_keys(pointer_kind: Section) -> &'static [&'static str] {
    match pointer_kind {
        Section::Root => &["name", "version", "description", "tools", "requires", "secrets", "config"],
        Section::Tool => &[
            "id",
            "mcp",
            "url",
            "headers",
            "description",
            "results",
            "timeout",
            "requires_approval",
            "sandbox",
            "env",
            "roots",
            "paths",
            "limits",
        ],
        Section::Limits => &["memory_mib", "tasks", "disk_mib"],
        Section::Path => &["path", "access"],
        Section::Results => &["fit"],
        Section::Requires => &["models"],
        Section::Models => &["sampling", "gateway"],
        Section::Secret => &["description"],
        Section::Config => &["description", "default", "secret"],
    }
}

/// The kinds of mapping of a manifest that have a fixed set of keys.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// The top level.
    Root,
    /// An item of `tools`.
    Tool,
    /// A tool's `results`.
    Results,
    /// A tool's `limits`.
    Limits,
    /// An item of a tool's `paths` that is a mapping.
    Path,
    /// `requires`.
    Requires,
    /// `requires.models`.
    Models,
    /// A value of `secrets`.
    Secret,
    /// A value of `config`.
    Config,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_published_schema_is_the_models() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../schema/oz0-plugin.schema.json");
        let published = std::fs::read_to_string(path).unwrap_or_default();
        if std::env::var_os("OZ0_BLESS").is_some() {
            std::fs::write(path, json_schema_text()).expect("test input");
            return;
        }
        assert!(
            published == json_schema_text(),
            "schema/oz0-plugin.schema.json is stale: run `OZ0_BLESS=1 cargo test -p oz0-core schema` and commit it"
        );
    }

    #[test]
    fn the_known_keys_are_the_schemas() {
        let schema = json_schema();
        let keys = |v: &Value| {
            let mut k: Vec<String> = v["properties"].as_object().expect("test input").keys().cloned().collect();
            k.sort();
            k
        };
        let sorted = |s: &[&str]| {
            let mut k: Vec<String> = s.iter().map(|s| (*s).to_owned()).collect();
            k.sort();
            k
        };
        let defs = &schema["$defs"];
        assert_eq!(keys(&schema), sorted(known_keys(Section::Root)));
        assert_eq!(keys(&defs["Tool"]), sorted(known_keys(Section::Tool)));
        assert_eq!(keys(&defs["Results"]), sorted(known_keys(Section::Results)));
        assert_eq!(keys(&defs["Requires"]), sorted(known_keys(Section::Requires)));
        assert_eq!(keys(&defs["Models"]), sorted(known_keys(Section::Models)));
        assert_eq!(keys(&defs["Secret"]), sorted(known_keys(Section::Secret)));
        assert_eq!(keys(&defs["ConfigEntry"]), sorted(known_keys(Section::Config)));
    }

    #[test]
    fn finds_a_wrong_type() {
        let errors =
            validate(&serde_json::json!({"name": "a", "version": "1", "tools": [{"id": "t", "timeout": "soon"}]}));
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].pointer, "/tools/0/timeout");
    }
}
