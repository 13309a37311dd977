//! Results kept as files instead of read inline: the stub a model reads in their place, and reading
//! parts of them back (`oz.read_result`).

use serde_json::{Map, Value, json};

use crate::api::file::FileRef;
use crate::fit::{self, Fitted, Kind, Request, View, fit_document, weigh};
use crate::trace::Offloaded;

/// The most tokens an offloaded result's outline takes, whatever the threshold.
pub const MAX_OUTLINE: u64 = 1_000;

/// The name of the built-in that reads parts of an offloaded result back.
pub const READ_RESULT: &str = "oz.read_result";

/// The name of the built-in that reads a resource a tool's result linked to, from the tool's server.
pub const READ_RESOURCE: &str = "oz.read_resource";

/// What `oz.read_resource` says of itself to a model.
pub const READ_RESOURCE_ABOUT: &str =
    "Read a resource that a tool's result linked to (a resource link's URI), from that tool's server.";

/// Returns the JSON Schema of `oz.read_resource`'s arguments.
pub fn read_resource_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "tool": {"type": "string", "description": "The tool whose result linked to the resource."},
            "uri": {"type": "string", "description": "The resource's URI, as the link gave it."},
        },
        "required": ["tool", "uri"],
    })
}

/// Returns the kind a result is read as: JSON by its keys or items, Markdown by its headings, anything
/// else by runs of lines.
pub fn kind_of(text: &str) -> Kind {
    match Kind::detect(None, text.as_bytes(), true) {
        Kind::Json => Kind::Json,
        Kind::Markdown => Kind::Markdown,
        _ => Kind::Text,
    }
}

/// Returns what is kept of a result's text: a fitted answer, `{"content": "...", "fit": {...}}` as the
/// convention has it, is kept as its content, so that a page is read back by its headings rather than
/// by the answer's two keys; any other text as it is.
pub fn kept(text: &str) -> std::borrow::Cow<'_, str> {
    let content = match serde_json::from_str::<Value>(text) {
        Ok(Value::Object(map)) if map.len() == 2 && map.get("fit").is_some_and(Value::is_object) => {
            map.get("content").and_then(Value::as_str).map(str::to_owned)
        }
        _ => None,
    };
    content.map_or(std::borrow::Cow::Borrowed(text), std::borrow::Cow::Owned)
}

/// Returns the stub a model reads in place of a result kept as `file`, and the numbers the trace
/// keeps: `{"offloaded": {"ref", "kind", "size", "tokens", "lines"}, "outline", "note"}`. The outline
/// is the summary when it fits a quarter of the threshold (at most [`MAX_OUTLINE`] tokens), else the
/// stub; it is cut from the text, never written by a model, so the same text always gives the same
/// stub.
pub fn stub(text: &str, file: FileRef, threshold: u64, function: &str) -> (Value, Offloaded) {
    let kind = kind_of(text);
    let (body, _) = fit::index_text(text, kind);
    let lines = body.lines().count() as u64;
    let tokens = weigh(text);
    let size = text.len() as u64;
    let outline_budget = (threshold / 4).clamp(1, MAX_OUTLINE);
    let outline = fit_document(
        text,
        &Request {
            view: Some(View::Summary),
            budget: Some(outline_budget),
            kind: Some(kind),
            name: Some("result"),
            ..Request::default()
        },
    );
    let note = format!(
        "The result of {function} ({tokens} tokens, {lines} lines) is more than the {threshold} tokens this agent \
         reads inline, so it was kept as a file of this job and left out here; the outline above shows its parts. \
         Read parts back with oz.read_result(ref=\"{file}\") and a section (a heading, a top-level key or an \
         item such as [3]), a range of lines such as \"1-40\", or a view and a budget."
    );
    let record = Offloaded { file, size, tokens, lines };
    let stub = json!({
        "offloaded": {"ref": file.to_string(), "kind": kind.as_str(), "size": size, "tokens": tokens, "lines": lines},
        "outline": outline.text,
        "note": note,
    });
    (stub, record)
}

/// What `oz.read_result` is asked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ReadArgs {
    /// The result's file.
    pub file: FileRef,
    /// The view asked for.
    pub view: Option<View>,
    /// A heading, a top-level key, or an item such as `[3]`.
    pub section: Option<String>,
    /// Lines, such as `120-180`.
    pub range: Option<String>,
    /// A query as the convention has it.
    pub query: Option<String>,
    /// The most tokens the answer may take.
    pub budget: Option<u64>,
}

/// Returns the JSON Schema of `oz.read_result`'s arguments, as a model request offers it.
pub fn read_result_schema() -> Value {
    json!({
        "type": "object",
        "properties": {
            "ref": {"type": "string", "description": "The offloaded result's reference, oz0-file:sha256:..."},
            "view": {"type": "string", "enum": ["stub", "summary", "section", "full"]},
            "section": {"type": "string", "description": "A heading, a top-level key, or an item such as [3]."},
            "range": {"type": "string", "description": "Lines, such as 120-180."},
            "query": {"type": "string"},
            "budget": {"type": "integer", "minimum": 1, "description": "The most tokens the answer may take."},
        },
        "required": ["ref"],
    })
}

/// Reads `oz.read_result`'s arguments.
///
/// # Errors
///
/// Returns what is wrong with them, for the model to read.
pub fn read_args(arguments: &Map<String, Value>) -> Result<ReadArgs, String> {
    let text = |key: &str| -> Result<Option<String>, String> {
        match arguments.get(key) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(other) => Err(format!("`{key}` is a string, and {other} is not")),
        }
    };
    let file = text("ref")?.ok_or("`ref` is required: the offloaded result's oz0-file: reference")?;
    let file = file.parse::<FileRef>().map_err(|err| err.to_string())?;
    let view = text("view")?.map(|v| v.parse::<View>().map_err(|err| err.to_string())).transpose()?;
    let budget = match arguments.get("budget") {
        None | Some(Value::Null) => None,
        Some(value) => Some(value.as_u64().filter(|b| *b > 0).ok_or("`budget` is a whole number of tokens from 1")?),
    };
    Ok(ReadArgs { file, view, section: text("section")?, range: text("range")?, query: text("query")?, budget })
}

/// Reads a part of an offloaded result back: the section, range or query asked for (in that order),
/// in the view and budget asked for, with the fit note.
pub fn read(text: &str, args: &ReadArgs) -> Fitted {
    let query = args.section.as_deref().or(args.range.as_deref()).or(args.query.as_deref());
    fit_document(
        text,
        &Request {
            view: args.view,
            budget: args.budget,
            query,
            kind: Some(kind_of(text)),
            name: Some("result"),
            ..Request::default()
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn page() -> String {
        let mut text = String::from("# Release notes\n\nWhat changed, part by part.\n\n");
        for i in 0..40 {
            text.push_str(&format!("## Part {i}\n\nPart {i} begins here. It says a great deal more after that.\n\n"));
            text.push_str(&"Lorem ipsum dolor sit amet, consectetur adipiscing elit. ".repeat(20));
            text.push_str("\n\n");
        }
        text
    }

    #[test]
    fn the_stub_names_the_numbers_and_outlines_within_a_quarter_of_the_threshold() {
        let text = page();
        let file = FileRef::from_digest([9; 32]);
        let (stub, record) = stub(&text, file, 8_000, "acme_docs.get_page");
        assert_eq!(stub["offloaded"]["ref"], file.to_string());
        assert_eq!(stub["offloaded"]["kind"], "markdown");
        assert_eq!(stub["offloaded"]["tokens"], record.tokens);
        assert_eq!(record.lines, text.lines().count() as u64);
        let outline = stub["outline"].as_str().unwrap();
        assert!(weigh(outline) <= 1_000, "{}", weigh(outline));
        assert!(outline.contains("Part 0"));
        let note = stub["note"].as_str().unwrap();
        assert!(note.contains("acme_docs.get_page") && note.contains("8000 tokens") && note.contains("oz.read_result"));
        assert_eq!(super::stub(&text, file, 8_000, "acme_docs.get_page").0, stub, "the same text, the same stub");
    }

    #[test]
    fn a_fitted_answer_is_kept_as_its_content() {
        let answer = json!({"content": "# Page\n", "fit": {"view": "full"}}).to_string();
        assert_eq!(kept(&answer), "# Page\n");
        for other in [r#"{"content": "x"}"#, r#"{"content": "x", "fit": 1}"#, "plain text"] {
            assert_eq!(kept(other), other);
        }
    }

    #[test]
    fn json_is_counted_in_its_one_line_a_value_form() {
        let text = r#"{"a": [1, 2, 3], "b": {"c": "d"}}"#;
        let (stub, record) = stub(text, FileRef::from_digest([1; 32]), 10_000, "t.f");
        assert_eq!(stub["offloaded"]["kind"], "json");
        assert!(record.lines > 1, "{}", record.lines);
    }

    #[test]
    fn parts_are_read_back_by_section_and_range() {
        let text = page();
        let file = FileRef::from_digest([9; 32]);
        let args = read_args(json!({"ref": file.to_string(), "section": "Part 3"}).as_object().unwrap()).unwrap();
        let read = read(&text, &args);
        assert_eq!(read.note.view, View::Section);
        assert!(read.text.starts_with("## Part 3"), "{}", read.text);
        let args =
            read_args(json!({"ref": file.to_string(), "range": "1-3", "budget": 100}).as_object().unwrap()).unwrap();
        assert_eq!(super::read(&text, &args).text, "# Release notes\n\nWhat changed, part by part.\n");
        for bad in [json!({}), json!({"ref": "x"}), json!({"ref": file.to_string(), "budget": 0})] {
            assert!(read_args(bad.as_object().unwrap()).is_err(), "{bad}");
        }
    }
}
