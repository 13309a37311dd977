//! Asks the person at `oz0 tool call` what a tool's server wants to know: a form built from the JSON
//! Schema the server sent (an object of plain fields: strings, numbers, integers, booleans, choices),
//! one field a line, answered on stdin. Choices show their titles; an answer is checked against the
//! field's bounds (`minimum`, `maxLength`, `format`, ...) before it is sent, and asked again when it
//! does not fit.

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
        hint.push(format!("one of: {}", choices.iter().map(Choice::shown).collect::<Vec<_>>().join(", ")));
    }
    hint.extend(bounds(field));
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
        match parse(line, kind, &choices).map(|value| check(&value, field).map(|()| value)) {
            Some(Ok(value)) => return Field::Value(value),
            Some(Err(why)) => ui::info(&format!("  `{line}` {why}")),
            None => ui::info(&format!("  `{line}` is not {}", describe(kind, &choices))),
        }
    }
    Field::Cancelled
}

/// A value a field may take, and what it is called.
struct Choice {
    value: String,
    title: Option<String>,
}

impl Choice {
    /// Returns the choice as the person reads it: its title, and its value when that differs.
    fn shown(&self) -> String {
        match &self.title {
            Some(title) if *title != self.value => format!("{title} ({})", self.value),
            _ => self.value.clone(),
        }
    }

    /// Returns whether an answer picks this choice: its value, or its title in any case.
    fn picked(&self, answer: &str) -> bool {
        self.value == answer || self.title.as_deref().is_some_and(|title| title.eq_ignore_ascii_case(answer))
    }
}

/// Returns the values a field may take, when it is a choice: `enum` (titled by `enumNames`), or
/// `oneOf`/`anyOf` of `const` values with their `title`, for the field or, for an array, its items.
fn choices(field: &Value) -> Vec<Choice> {
    let field = if field["type"] == "array" { &field["items"] } else { field };
    if let Some(values) = field["enum"].as_array() {
        let titles = field["enumNames"].as_array();
        return values
            .iter()
            .enumerate()
            .filter_map(|(i, value)| {
                let title = titles.and_then(|t| t.get(i)).and_then(Value::as_str).map(str::to_owned);
                value.as_str().map(|value| Choice { value: value.to_owned(), title })
            })
            .collect();
    }
    field["oneOf"]
        .as_array()
        .or_else(|| field["anyOf"].as_array())
        .map(|options| {
            options
                .iter()
                .filter_map(|o| {
                    let title = o["title"].as_str().map(str::to_owned);
                    o["const"].as_str().map(|value| Choice { value: value.to_owned(), title })
                })
                .collect()
        })
        .unwrap_or_default()
}

fn describe(kind: &str, choices: &[Choice]) -> String {
    if choices.is_empty() {
        format!("a {kind}")
    } else {
        format!("one of {}", choices.iter().map(Choice::shown).collect::<Vec<_>>().join(", "))
    }
}

/// Returns the bounds a field sets, as the hint shows them.
fn bounds(field: &Value) -> Vec<String> {
    let mut shown = Vec::new();
    for (key, says) in [
        ("minimum", "at least"),
        ("maximum", "at most"),
        ("minLength", "at least {} characters"),
        ("maxLength", "at most {} characters"),
        ("minItems", "at least {} picked"),
        ("maxItems", "at most {} picked"),
        ("format", "{}"),
    ] {
        let Some(value) = field.get(key) else { continue };
        let value = value.as_str().map_or_else(|| value.to_string(), str::to_owned);
        shown.push(if says.contains("{}") { says.replace("{}", &value) } else { format!("{says} {value}") });
    }
    shown
}

/// Checks an answer against the field's bounds, and says why it does not fit them.
fn check(value: &Value, field: &Value) -> Result<(), String> {
    let number = |key: &str| field[key].as_f64();
    if let Some(n) = value.as_f64() {
        if let Some(least) = number("minimum").filter(|least| n < *least) {
            return Err(format!("is less than the least, {least}"));
        }
        if let Some(most) = number("maximum").filter(|most| n > *most) {
            return Err(format!("is more than the most, {most}"));
        }
    }
    if let Some(text) = value.as_str() {
        let chars = text.chars().count() as f64;
        if let Some(least) = number("minLength").filter(|least| chars < *least) {
            return Err(format!("is shorter than {least} characters"));
        }
        if let Some(most) = number("maxLength").filter(|most| chars > *most) {
            return Err(format!("is longer than {most} characters"));
        }
        if let Some(format) = field["format"].as_str()
            && !formatted(text, format)
        {
            let what = match format {
                "email" => "an email address",
                "uri" => "a URI",
                "date" => "a date (YYYY-MM-DD)",
                "date-time" => "a date and time (RFC 3339)",
                _ => "of its format",
            };
            return Err(format!("is not {what}"));
        }
    }
    if let Some(items) = value.as_array() {
        let count = items.len() as f64;
        if let Some(least) = number("minItems").filter(|least| count < *least) {
            return Err(format!("picks fewer than {least}"));
        }
        if let Some(most) = number("maxItems").filter(|most| count > *most) {
            return Err(format!("picks more than {most}"));
        }
    }
    Ok(())
}

/// Returns whether a string has the form of one of elicitation's formats; another format is not checked.
fn formatted(text: &str, format: &str) -> bool {
    let digits = |part: &str, n: usize| part.len() == n && part.bytes().all(|b| b.is_ascii_digit());
    let date = |d: &str| {
        let parts: Vec<&str> = d.split('-').collect();
        parts.len() == 3 && digits(parts[0], 4) && digits(parts[1], 2) && digits(parts[2], 2)
    };
    match format {
        "email" => text.split_once('@').is_some_and(|(user, host)| !user.is_empty() && host.contains('.')),
        "uri" => text.split_once(':').is_some_and(|(scheme, rest)| {
            !rest.is_empty() && scheme.chars().next().is_some_and(|c| c.is_ascii_alphabetic())
        }),
        "date" => date(text),
        "date-time" => text.split_once(['T', 't']).is_some_and(|(day, time)| date(day) && time.len() >= 8),
        _ => true,
    }
}

/// Reads an answer as the field's type says: a choice by its value or its title.
fn parse(line: &str, kind: &str, choices: &[Choice]) -> Option<Value> {
    let pick = |answer: &str| {
        if choices.is_empty() {
            Some(answer.to_owned())
        } else {
            choices.iter().find(|c| c.picked(answer)).map(|c| c.value.clone())
        }
    };
    match kind {
        "boolean" => match line.to_ascii_lowercase().as_str() {
            "y" | "yes" | "true" => Some(Value::Bool(true)),
            "n" | "no" | "false" => Some(Value::Bool(false)),
            _ => None,
        },
        "integer" => line.parse::<i64>().ok().map(Value::from),
        "number" => line.parse::<f64>().ok().and_then(|n| serde_json::Number::from_f64(n).map(Value::Number)),
        "array" => {
            let picked: Option<Vec<String>> =
                line.split(',').map(str::trim).filter(|p| !p.is_empty()).map(pick).collect();
            picked.map(Value::from)
        }
        _ => pick(line).map(Value::String),
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
    fn an_answer_out_of_bounds_is_asked_again_and_a_choice_is_picked_by_its_title() {
        let schema = json!({
            "type": "object",
            "properties": {
                "copies": {"type": "integer", "minimum": 1, "maximum": 100},
                "mail": {"type": "string", "format": "email"},
                "size": {"type": "string", "oneOf": [{"const": "s", "title": "Small"}, {"const": "l", "title": "Large"}]},
                "tags": {"type": "array", "items": {"anyOf": [{"const": "a", "title": "Alpha"}, {"const": "b", "title": "Beta"}]}},
            },
            "required": ["copies", "mail", "size", "tags"],
        });
        let lines = "\n200\n0\n12\nnobody\nada@example.com\nmedium\nlarge\nalpha, b\n";
        let QuestionAnswer::Accept { content } = form("How many?", &schema, &mut lines.as_bytes()) else {
            panic!("accepted")
        };
        assert_eq!(
            Value::Object(content),
            json!({"copies": 12, "mail": "ada@example.com", "size": "l", "tags": ["a", "b"]})
        );
    }

    #[test]
    fn bounds_are_shown_and_titles_with_their_values() {
        let field = json!({"type": "integer", "minimum": 1, "maximum": 100, "format": "x"});
        assert_eq!(bounds(&field), ["at least 1", "at most 100", "x"]);
        let field = json!({"type": "string", "enum": ["r", "g"], "enumNames": ["Red", "Green"]});
        let shown: Vec<String> = choices(&field).iter().map(Choice::shown).collect();
        assert_eq!(shown, ["Red (r)", "Green (g)"]);
    }

    #[test]
    fn a_decline_a_cancel_and_the_end_of_the_input_are_answers_too() {
        assert_eq!(answer("d\n"), QuestionAnswer::Decline);
        assert_eq!(answer("c\n"), QuestionAnswer::Cancel);
        assert_eq!(answer("a\nAda\n"), QuestionAnswer::Cancel);
    }
}
