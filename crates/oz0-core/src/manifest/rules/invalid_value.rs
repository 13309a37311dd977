use super::super::finding::Finding;
use super::super::schema::validate;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks the manifest against its JSON Schema (`schema/oz0-plugin.schema.json`): every required
    /// key is there and every value has the type and the form its key needs.
    ///
    /// ## Why is this bad?
    /// The platform refuses to install a plugin whose manifest breaks the schema. A value of the
    /// wrong type, such as a timeout written as `"30s"`, would otherwise surface only at install.
    ///
    /// ## Example
    /// ```yaml
    /// name: Acme Docs
    /// version: 1.0.0
    /// tools:
    ///   - id: acme_docs
    ///     mcp: python -m acme_docs.server
    ///     timeout: 30s
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// name: acme-docs
    /// version: 1.0.0
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    ///     timeout: 30
    /// ```
    pub(crate) struct InvalidValue {
        code: "OZ-P002",
        name: "invalid-value",
        severity: Error,
        listing: false,
        summary: "every value has the type and form the manifest's schema gives its key",
    }
}

impl InvalidValue {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for error in validate(&cx.doc.root.to_json()) {
            // The results block has a rule of its own.
            if error.pointer.split('/').nth(3) == Some("results") {
                continue;
            }
            let (span, label) = if error.keyword == "required" {
                (cx.doc.key_span(&error.pointer), "this needs a key it does not have".to_owned())
            } else {
                (cx.doc.span(&error.pointer), format!("breaks `{}` of the schema", error.keyword))
            };
            let at = if error.pointer.is_empty() {
                "the manifest".to_owned()
            } else {
                format!("`{}`", dotted(&error.pointer))
            };
            out.push(
                Finding::new(&Self::RULE, span, format!("{at}: {}", error.message), label)
                    .help("see schema/oz0-plugin.schema.json for what each key takes"),
            );
        }
    }
}

/// Returns a JSON pointer as a manifest's reader says it: `tools[0].timeout`.
pub(crate) fn dotted(pointer: &str) -> String {
    let mut out = String::new();
    for segment in pointer.split('/').skip(1) {
        if segment.bytes().all(|b| b.is_ascii_digit()) && !segment.is_empty() {
            out.push_str(&format!("[{segment}]"));
        } else {
            if !out.is_empty() {
                out.push('.');
            }
            out.push_str(segment);
        }
    }
    out
}
