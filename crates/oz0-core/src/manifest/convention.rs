//! Whether a function's input schema follows the fitting convention: an integer `budget` beside a
//! `view` whose values are the four views, as the runtime checks before it fills in a budget.

use serde_json::Value;

use crate::fit::View;

/// What a function's `budget` and `view` arguments are.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shape {
    /// The `budget` argument: `None` when there is none.
    pub budget: Option<Budget>,
    /// The `view` argument: `None` when there is none.
    pub view: Option<ViewArg>,
}

/// A `budget` argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Budget {
    /// A whole number, or a whole number or null.
    Integer,
    /// Anything else, with its type as written.
    Other(String),
}

/// A `view` argument.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ViewArg {
    /// An enum whose values are all views.
    Views(Vec<String>),
    /// An enum with values that are not views.
    Outside {
        /// The values that are not views.
        outside: Vec<String>,
    },
    /// Not an enum, such as a free string.
    NotEnum,
}

impl Shape {
    /// Returns the shape of an input schema's `budget` and `view`.
    pub fn of(input_schema: &Value) -> Self {
        let property =
            |name: &str| input_schema.get("properties").and_then(|p| p.get(name)).map(|s| resolve(input_schema, s));
        let budget = property("budget").map(|s| {
            if types(&s).iter().any(|t| t == "integer") {
                Budget::Integer
            } else {
                let t = types(&s);
                Budget::Other(if t.is_empty() { "no type".to_owned() } else { t.join(" or ") })
            }
        });
        let view = property("view").map(|s| match values(&s) {
            None => ViewArg::NotEnum,
            Some(values) => {
                let outside: Vec<String> = values.iter().filter(|v| v.parse::<View>().is_err()).cloned().collect();
                if outside.is_empty() && !values.is_empty() {
                    ViewArg::Views(values)
                } else {
                    ViewArg::Outside { outside }
                }
            }
        });
        Self { budget, view }
    }

    /// Returns whether the function follows the convention, so the runtime fills in its budget.
    pub fn follows(&self) -> bool {
        self.budget == Some(Budget::Integer) && matches!(self.view, Some(ViewArg::Views(_)))
    }
}

/// Returns a property's schema with local `$ref`s followed and a null branch of `anyOf`/`oneOf` dropped,
/// as an optional argument has it.
fn resolve(root: &Value, schema: &Value) -> Value {
    let mut schema = schema.clone();
    for _ in 0..8 {
        if let Some(target) = schema.get("$ref").and_then(Value::as_str).and_then(|r| r.strip_prefix('#')) {
            match root.pointer(target) {
                Some(found) => {
                    schema = found.clone();
                    continue;
                }
                None => break,
            }
        }
        let branches =
            ["anyOf", "oneOf", "allOf"].iter().find_map(|k| schema.get(*k).and_then(Value::as_array).cloned());
        if let Some(branches) = branches {
            let kept: Vec<Value> =
                branches.into_iter().filter(|b| b.get("type").and_then(Value::as_str) != Some("null")).collect();
            if let [one] = kept.as_slice() {
                schema = one.clone();
                continue;
            }
            // Several `const` branches are an enum spelled out.
            let consts: Option<Vec<Value>> = kept.iter().map(|b| b.get("const").cloned()).collect();
            if let Some(consts) = consts {
                schema = serde_json::json!({ "enum": consts });
            }
        }
        break;
    }
    schema
}

fn types(schema: &Value) -> Vec<String> {
    match schema.get("type") {
        Some(Value::String(t)) => vec![t.clone()],
        Some(Value::Array(ts)) => {
            ts.iter().filter_map(Value::as_str).filter(|t| *t != "null").map(str::to_owned).collect()
        }
        _ => Vec::new(),
    }
}

fn values(schema: &Value) -> Option<Vec<String>> {
    if let Some(one) = schema.get("const") {
        return Some(vec![text(one)]);
    }
    let values = schema.get("enum")?.as_array()?;
    Some(values.iter().filter(|v| !v.is_null()).map(text).collect())
}

fn text(value: &Value) -> String {
    value.as_str().map_or_else(|| value.to_string(), str::to_owned)
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn reads_an_optional_literal_and_an_optional_int() {
        let schema = json!({"type": "object", "properties": {
            "view": {"anyOf": [{"enum": ["stub", "summary", "section", "full"], "type": "string"}, {"type": "null"}], "default": null},
            "budget": {"anyOf": [{"type": "integer"}, {"type": "null"}], "default": null},
        }});
        assert!(Shape::of(&schema).follows());
    }

    #[test]
    fn follows_refs_and_type_lists() {
        let schema = json!({"type": "object", "$defs": {"View": {"enum": ["stub", "full"]}}, "properties": {
            "view": {"$ref": "#/$defs/View"},
            "budget": {"type": ["integer", "null"]},
        }});
        assert!(Shape::of(&schema).follows());
    }

    #[test]
    fn tells_what_is_not_the_convention() {
        let money = Shape::of(&json!({"properties": {"budget": {"type": "number"}}}));
        assert_eq!(money, Shape { budget: Some(Budget::Other("number".to_owned())), view: None });
        let odd =
            Shape::of(&json!({"properties": {"view": {"enum": ["brief", "full"]}, "budget": {"type": "integer"}}}));
        assert_eq!(odd.view, Some(ViewArg::Outside { outside: vec!["brief".to_owned()] }));
        assert!(!odd.follows());
        let free = Shape::of(&json!({"properties": {"view": {"type": "string"}, "budget": {"type": "integer"}}}));
        assert_eq!(free.view, Some(ViewArg::NotEnum));
    }
}
