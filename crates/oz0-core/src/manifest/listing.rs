//! The measured listing, `oz0-listing.json`: what each local tool's MCP server offers, measured by
//! starting it, and what each function's definition costs every model request.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The listing's file name, beside the manifest.
pub const LISTING_FILE: &str = "oz0-listing.json";

/// The listing's format; a reader refuses another.
pub const LISTING_FORMAT: u32 = 1;

/// What `oz0 plugin measure` found.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Listing {
    /// The listing's format, [`LISTING_FORMAT`].
    pub format: u32,
    /// When it was measured, in RFC 3339 (UTC).
    pub measured_at: String,
    /// Each local tool, in the manifest's order.
    pub tools: Vec<ToolListing>,
}

/// What one tool's server offers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolListing {
    /// The tool's ID in the manifest.
    pub id: String,
    /// The server's own name and version, as it said at start.
    pub server: ServerInfo,
    /// The MCP protocol version negotiated.
    pub protocol: String,
    /// The functions, in the server's order.
    pub functions: Vec<Function>,
}

/// A server's name and version.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ServerInfo {
    /// Its name.
    pub name: String,
    /// Its version.
    pub version: String,
}

/// One function of a tool.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Function {
    /// Its name.
    pub name: String,
    /// What it does, as the model reads it.
    #[serde(default)]
    pub description: Option<String>,
    /// The JSON Schema of its arguments.
    pub input_schema: Value,
    /// The JSON Schema of its structured result, when it declares one.
    #[serde(default)]
    pub output_schema: Option<Value>,
    /// What its definition weighs in tokens ([`definition_weight`]).
    pub weight: u64,
    /// Whether it must be called as an MCP task (its `execution.taskSupport` is `required`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub task: bool,
    /// Whether it reads the open world (`openWorldHint`), so that a result without labels counts as
    /// having read outside input.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub open_world: bool,
}

impl Function {
    /// Returns a function with its definition weighed.
    pub fn new(name: String, description: Option<String>, input_schema: Value, output_schema: Option<Value>) -> Self {
        let weight = definition_weight(&name, description.as_deref(), &input_schema);
        Self { name, description, input_schema, output_schema, weight, task: false, open_world: false }
    }
}

impl Listing {
    /// Returns the tool of ID `id`.
    pub fn tool(&self, id: &str) -> Option<&ToolListing> {
        self.tools.iter().find(|t| t.id == id)
    }
}

/// Returns what a function's definition weighs in tokens ([`crate::fit::weigh`]): its name, description
/// and input schema as compact JSON, which is what every model request that offers the function carries.
pub fn definition_weight(name: &str, description: Option<&str>, input_schema: &Value) -> u64 {
    let definition =
        serde_json::json!({ "name": name, "description": description.unwrap_or(""), "input_schema": input_schema });
    crate::fit::weigh(&definition.to_string())
}

/// Returns a time in seconds since 1970 as RFC 3339 in UTC, such as `2026-07-28T09:30:00Z`.
pub fn rfc3339(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rest = secs % 86_400;
    // Days to a civil date, after Howard Hinnant's `civil_from_days`.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z", rest / 3600, rest / 60 % 60, rest % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_times() {
        assert_eq!(rfc3339(0), "1970-01-01T00:00:00Z");
        assert_eq!(rfc3339(1_785_231_000), "2026-07-28T09:30:00Z");
        assert_eq!(rfc3339(951_782_400), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn weighs_a_definition() {
        let schema = serde_json::json!({"type": "object", "properties": {"path": {"type": "string"}}});
        let small = definition_weight("get", Some("Gets a page."), &schema);
        let big = definition_weight("get", Some(&"Gets a page. ".repeat(100)), &schema);
        assert!(small > 10 && small < 60, "{small}");
        assert!(big > small * 10);
    }
}
