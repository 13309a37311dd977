use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, that each function's input schema is a valid JSON Schema
    /// whose top level is an object.
    ///
    /// ## Why is this bad?
    /// Model providers refuse a request whose tool definitions hold an invalid schema, so one bad
    /// function fails every model request of every job that lists the tool, not only its own calls.
    ///
    /// ## Example
    /// ```json
    /// {"type": "object", "properties": {"path": {"type": "text"}}}
    /// ```
    ///
    /// ## Use instead
    /// ```json
    /// {"type": "object", "properties": {"path": {"type": "string"}}}
    /// ```
    pub(crate) struct InputSchema {
        code: "OZ-L001",
        name: "input-schema",
        severity: Error,
        listing: true,
        summary: "each function's input schema is a valid JSON Schema of an object",
    }
}

impl InputSchema {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for m in cx.measured() {
            let schema = &m.function.input_schema;
            let problem = if let Err(err) = jsonschema::meta::validate(schema) {
                Some(format!("is not a valid JSON Schema: at `{}`, {}", err.instance_path().as_str(), err.masked()))
            } else if schema.get("type").and_then(|t| t.as_str()) != Some("object") {
                Some("does not describe an object (`\"type\": \"object\"`)".to_owned())
            } else if jsonschema::validator_for(schema).is_err() {
                Some("cannot be compiled (a `$ref` that leads nowhere?)".to_owned())
            } else {
                None
            };
            if let Some(problem) = problem {
                out.push(
                    Finding::new(
                        &Self::RULE,
                        cx.tool_span(&m.pointer),
                        format!("the input schema of `{}` {problem}", m.function.name),
                        format!("`{}` of this tool", m.function.name),
                    )
                    .help("fix the function's argument types; `oz0-listing.json` holds the schema the server sent"),
                );
            }
        }
    }
}
