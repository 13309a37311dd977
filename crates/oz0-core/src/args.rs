//! A function's arguments: typed from `name=value` pairs by the function's input schema, and checked
//! against it before the call.

use serde_json::{Map, Value};

/// Why arguments were refused, naming the argument.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ArgsError {
    /// A pair is not `name=value`.
    #[error("`{0}` is not NAME=VALUE")]
    NotAPair(String),
    /// The function takes no argument of that name.
    #[error("{function} takes no argument `{name}`{}", takes(.known))]
    Unknown {
        /// The function.
        function: String,
        /// The name given.
        name: String,
        /// The names it takes.
        known: Vec<String>,
    },
    /// A value is not of the argument's type.
    #[error("the argument `{name}` of {function} is {expected}, and `{value}` is not")]
    Type {
        /// The function.
        function: String,
        /// The argument.
        name: String,
        /// What the schema says it is, such as `an integer`.
        expected: String,
        /// The value given.
        value: String,
    },
    /// The arguments break the input schema.
    #[error("{}: {message}", at(.function, .name))]
    Schema {
        /// The function.
        function: String,
        /// The argument, when the error is in one; `None` for the whole, such as a missing argument.
        name: Option<String>,
        /// What the schema says is wrong.
        message: String,
    },
    /// The input schema itself is not a schema.
    #[error("the input schema of {function} is not a valid JSON Schema: {message}")]
    BadSchema {
        /// The function.
        function: String,
        /// What is wrong with it.
        message: String,
    },
}

fn takes(known: &[String]) -> String {
    if known.is_empty() { "; it takes none".to_owned() } else { format!("; it takes {}", known.join(", ")) }
}

fn at(function: &str, name: &Option<String>) -> String {
    match name {
        Some(name) => format!("the argument `{name}` of {function}"),
        None => format!("the arguments of {function}"),
    }
}

/// Returns the names of the arguments `schema` declares, in its order.
pub fn names(schema: &Value) -> Vec<String> {
    schema.get("properties").and_then(Value::as_object).map(|p| p.keys().cloned().collect()).unwrap_or_default()
}

/// Returns the JSON types `schema` allows, looking through `anyOf` and `oneOf` (as `Optional[int]`
/// gives), in order.
fn types(schema: &Value) -> Vec<&str> {
    let mut out = Vec::new();
    match schema.get("type") {
        Some(Value::String(t)) => out.push(t.as_str()),
        Some(Value::Array(ts)) => out.extend(ts.iter().filter_map(Value::as_str)),
        _ => {}
    }
    for key in ["anyOf", "oneOf"] {
        if let Some(Value::Array(options)) = schema.get(key) {
            for option in options {
                out.extend(types(option));
            }
        }
    }
    if out.is_empty()
        && schema.get("enum").is_some_and(|e| e.as_array().is_some_and(|v| v.iter().all(Value::is_string)))
    {
        out.push("string");
    }
    out
}

fn article(t: &str) -> String {
    match t {
        "integer" => "an integer".into(),
        "object" | "array" => format!("an {t} (JSON)"),
        "boolean" => "a boolean (true or false)".into(),
        other => format!("a {other}"),
    }
}

/// Types the value `text` as the argument `name` of `schema` says: `n=5` is a number where the schema
/// says integer, `flag=true` a boolean, `items=[1,2]` an array; a string where the schema allows one or
/// says nothing.
fn typed(function: &str, name: &str, text: &str, schema: &Value) -> Result<Value, ArgsError> {
    let allowed = types(schema);
    if allowed.is_empty() || allowed.contains(&"string") {
        return Ok(Value::String(text.to_owned()));
    }
    for t in &allowed {
        let value = match *t {
            "integer" => text.trim().parse::<i64>().ok().map(Value::from),
            "number" => text.trim().parse::<f64>().ok().filter(|n| n.is_finite()).map(Value::from),
            "boolean" => match text.trim() {
                "true" => Some(Value::Bool(true)),
                "false" => Some(Value::Bool(false)),
                _ => None,
            },
            "null" => (text.trim() == "null").then_some(Value::Null),
            "object" | "array" => serde_json::from_str::<Value>(text)
                .ok()
                .filter(|v| (*t == "object" && v.is_object()) || (*t == "array" && v.is_array())),
            _ => None,
        };
        if let Some(value) = value {
            return Ok(value);
        }
    }
    let expected: Vec<String> = allowed.iter().filter(|t| **t != "null").map(|t| article(t)).collect();
    Err(ArgsError::Type {
        function: function.to_owned(),
        name: name.to_owned(),
        expected: if expected.is_empty() { "null".to_owned() } else { expected.join(" or ") },
        value: text.to_owned(),
    })
}

/// Adds each `name=value` pair to `into`, typed by the function's input schema; a later pair of a
/// name replaces an earlier one.
///
/// # Errors
///
/// Returns an [`ArgsError`] naming the pair that is not `name=value`, names no argument, or whose
/// value is not of its type.
pub fn from_pairs(
    function: &str,
    schema: &Value,
    pairs: &[String],
    into: &mut Map<String, Value>,
) -> Result<(), ArgsError> {
    let known = names(schema);
    let properties = schema.get("properties").and_then(Value::as_object);
    for pair in pairs {
        let (name, text) = pair.split_once('=').ok_or_else(|| ArgsError::NotAPair(pair.clone()))?;
        let name = name.trim();
        if name.is_empty() {
            return Err(ArgsError::NotAPair(pair.clone()));
        }
        let Some(property) = properties.and_then(|p| p.get(name)) else {
            return Err(ArgsError::Unknown { function: function.to_owned(), name: name.to_owned(), known });
        };
        let value = typed(function, name, text, property)?;
        into.insert(name.to_owned(), value);
    }
    Ok(())
}

/// Checks `arguments` against the function's input schema.
///
/// # Errors
///
/// Returns [`ArgsError::Schema`] with the first error, naming the argument it is in; or
/// [`ArgsError::BadSchema`] when the schema is not one.
pub fn check(function: &str, schema: &Value, arguments: &Map<String, Value>) -> Result<(), ArgsError> {
    let validator = jsonschema::validator_for(schema)
        .map_err(|err| ArgsError::BadSchema { function: function.to_owned(), message: err.to_string() })?;
    let instance = Value::Object(arguments.clone());
    let Some(err) = validator.iter_errors(&instance).next() else {
        return Ok(());
    };
    let path = err.instance_path().as_str().to_owned();
    let name = path.strip_prefix('/').map(|p| p.split('/').next().unwrap_or(p).replace("~1", "/").replace("~0", "~"));
    Err(ArgsError::Schema {
        function: function.to_owned(),
        name: name.filter(|n| !n.is_empty()),
        message: err.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn schema() -> Value {
        json!({
            "type": "object",
            "properties": {
                "path": {"type": "string"},
                "n": {"type": "integer", "minimum": 1},
                "ratio": {"type": "number"},
                "deep": {"type": "boolean"},
                "view": {"anyOf": [{"enum": ["stub", "summary", "section", "full"], "type": "string"}, {"type": "null"}]},
                "budget": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
                "tags": {"type": "array", "items": {"type": "string"}},
            },
            "required": ["path"],
        })
    }

    fn pairs(items: &[&str]) -> Result<Map<String, Value>, ArgsError> {
        let mut out = Map::new();
        from_pairs("t.f", &schema(), &items.iter().map(|s| (*s).to_owned()).collect::<Vec<_>>(), &mut out)?;
        Ok(out)
    }

    #[test]
    fn pairs_are_typed_by_the_schema() {
        let args =
            pairs(&["path=a=b.md", "n=5", "ratio=0.5", "deep=true", "budget=500", "view=summary", "tags=[\"x\"]"])
                .unwrap();
        assert_eq!(
            Value::Object(args),
            json!({"path": "a=b.md", "n": 5, "ratio": 0.5, "deep": true, "budget": 500, "view": "summary", "tags": ["x"]})
        );
        assert_eq!(pairs(&["budget=null"]).unwrap()["budget"], Value::Null);
    }

    #[test]
    fn bad_pairs_name_the_argument() {
        let err = pairs(&["n=five"]).unwrap_err().to_string();
        assert_eq!(err, "the argument `n` of t.f is an integer, and `five` is not");
        let err = pairs(&["budget=5.5"]).unwrap_err().to_string();
        assert_eq!(err, "the argument `budget` of t.f is an integer, and `5.5` is not");
        let err = pairs(&["colour=red"]).unwrap_err().to_string();
        assert!(err.starts_with("t.f takes no argument `colour`; it takes path, n,"), "{err}");
        assert!(matches!(pairs(&["novalue"]), Err(ArgsError::NotAPair(_))));
    }

    #[test]
    fn the_schema_checks_the_whole() {
        let ok = json!({"path": "x", "n": 2}).as_object().cloned().unwrap();
        assert!(check("t.f", &schema(), &ok).is_ok());
        let low = json!({"path": "x", "n": 0}).as_object().cloned().unwrap();
        let err = check("t.f", &schema(), &low).unwrap_err();
        assert!(matches!(&err, ArgsError::Schema { name: Some(n), .. } if n == "n"), "{err}");
        let wrong = json!({"path": 7}).as_object().cloned().unwrap();
        assert!(check("t.f", &schema(), &wrong).unwrap_err().to_string().starts_with("the argument `path` of t.f"));
        let missing = Map::new();
        let err = check("t.f", &schema(), &missing).unwrap_err().to_string();
        assert!(err.starts_with("the arguments of t.f:") && err.contains("path"), "{err}");
    }
}
