//! Asks the person at `oz0 tool call` what a tool's server wants to know: a form built from the JSON
//! Schema the server sent (an object of plain fields: strings, numbers, integers, booleans, choices),
//! one field a line, answered on stdin.

use std::io::BufRead;

use oz0_core::api::QuestionAnswer;
use serde_json::{Map, Value};

use crate::ui;

/// How many times a field is asked again after an answer that does not fit it.
const TRIES: usize = 3;

/// Asks the person `message`, then each field of `schema`, reading the answers from `input`. The end
/// of the input, or too many answers that do not fit, cancels.
pub fn form(message: &str, schema: &Value, input: &mut dyn BufRead) -> QuestionAnswer {
    ui::info(&format!("the tool's server asks: {message}"));
    ui::prompt("answer (a), decline (d) or cancel (c)? [a] ");
    match read(input).as_deref().map(str::trim) {
        None | Some("c" | "cancel") => return QuestionAnswer::Cancel,
        Some("d" | "decline") => return QuestionAnswer::Decline,
        Some(_) => {}
    }
    let required: Vec<&str> =
        schema["required"].as_array().map(|r| r.iter().filter_map(Value::as_str).collect()).unwrap_or_default();
    let mut content = Map::new();
    let Some(fields) = schema["properties"].as_object() else {
        return QuestionAnswer::Accept { content };
    };
    for (name, field) in fields {
        match ask_field(name, field, required.contains(&name.as_str()), input) {
            Field::Value(value) => {
                content.insert(name.clone(), value);
            }
            Field::Skipped => {}
            Field::Cancelled => return QuestionAnswer::Cancel,
        }
    }
    QuestionAnswer::Accept { content }
}

enum Field {
    Value(Value),
    Skipped,
    Cancelled,
}

fn ask_field(name: &str, field: &Value, required: bool, input: &mut dyn BufRead) -> Field {
    let kind = field["type"].as_str().unwrap_or("string");
    let choices = choices(field);
    let mut hint = vec![kind.to_owned()];
    if !choices.is_empty() {
        hint.push(format!("one of: {}", choices.join(", ")));
    }
    if let Some(default) = field.get("default") {
        hint.push(format!("default: {}", default.as_str().map_or_else(|| default.to_string(), str::to_owned)));
    } else if !required {
        hint.push("optional: leave empty to skip".to_owned());
    }
    let title = field["title"].as_str().unwrap_or(name);
    let about = field["description"].as_str().map(|d| format!(" ({d})")).unwrap_or_default();
    for _ in 0..TRIES {
        ui::prompt(&format!("  {title}{about} [{}]: ", hint.join("; ")));
        let Some(line) = read(input) else { return Field::Cancelled };
        let line = line.trim();
        if line.is_empty() {
            if let Some(default) = field.get("default") {
                return Field::Value(default.clone());
            }
            if !required {
                return Field::Skipped;
            }
            ui::info("  an answer is needed");
            continue;
        }
        match parse(line, kind, &choices) {
            Some(value) => return Field::Value(value),
            None => ui::info(&format!("  `{line}` is not {}", describe(kind, &choices))),
        }
    }
    Field::Cancelled
}

/// Returns the values a field may take, when it is a choice.
fn choices(field: &Value) -> Vec<String> {
    let listed = field["enum"].as_array().or_else(|| field["items"]["enum"].as_array());
    if let Some(values) = listed {
        return values.iter().filter_map(Value::as_str).map(str::to_owned).collect();
    }
    field["oneOf"]
        .as_array()
        .or_else(|| field["anyOf"].as_array())
        .map(|options| options.iter().filter_map(|o| o["const"].as_str()).map(str::to_owned).collect())
        .unwrap_or_default()
}

fn describe(kind: &str, choices: &[String]) -> String {
    if choices.is_empty() { format!("a {kind}") } else { format!("one of {}", choices.join(", ")) }
}

/// Reads an answer as the field's type says.
fn parse(line: &str, kind: &str, choices: &[String]) -> Option<Value> {
    match kind {
        "boolean" => match line.to_ascii_lowercase().as_str() {
            "y" | "yes" | "true" => Some(Value::Bool(true)),
            "n" | "no" | "false" => Some(Value::Bool(false)),
            _ => None,
        },
        "integer" => line.parse::<i64>().ok().map(Value::from),
        "number" => line.parse::<f64>().ok().and_then(|n| serde_json::Number::from_f64(n).map(Value::Number)),
        "array" => {
            let picked: Vec<String> = line.split(',').map(|p| p.trim().to_owned()).filter(|p| !p.is_empty()).collect();
            picked.iter().all(|p| choices.is_empty() || choices.contains(p)).then(|| Value::from(picked))
        }
        _ => (choices.is_empty() || choices.iter().any(|c| c == line)).then(|| Value::String(line.to_owned())),
    }
}

fn read(input: &mut dyn BufRead) -> Option<String> {
    let mut line = String::new();
    match input.read_line(&mut line) {
        Ok(0) | Err(_) => None,
        Ok(_) => Some(line),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn answer(lines: &str) -> QuestionAnswer {
        let schema = json!({
            "type": "object",
            "properties": {
                "name": {"type": "string", "title": "Name"},
                "check": {"type": "boolean"},
                "color": {"type": "string", "enum": ["red", "green"], "default": "red"},
                "age": {"type": "integer"},
                "note": {"type": "string"},
            },
            "required": ["name", "check"],
        });
        form("Who are you?", &schema, &mut lines.as_bytes())
    }

    #[test]
    fn each_field_is_read_as_its_type_says() {
        let QuestionAnswer::Accept { content } = answer("\nAda\ny\n\nforty\n36\n\n") else { panic!("accepted") };
        assert_eq!(Value::Object(content), json!({"name": "Ada", "check": true, "color": "red", "age": 36}));
    }

    #[test]
    fn a_decline_a_cancel_and_the_end_of_the_input_are_answers_too() {
        assert_eq!(answer("d\n"), QuestionAnswer::Decline);
        assert_eq!(answer("c\n"), QuestionAnswer::Cancel);
        assert_eq!(answer("a\nAda\n"), QuestionAnswer::Cancel);
    }
}
