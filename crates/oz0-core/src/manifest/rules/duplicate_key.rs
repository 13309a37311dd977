use super::super::finding::Finding;
use super::super::yaml::{Node, NodeValue};
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks that no mapping of the manifest has the same key twice.
    ///
    /// ## Why is this bad?
    /// YAML forbids it, and readers disagree on what it means: most keep the last value and drop the
    /// first without a word, so the setting the author reads is not the one the platform uses.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     timeout: 30
    ///     timeout: 120
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     timeout: 120
    /// ```
    pub(crate) struct DuplicateKey {
        code: "OZ-P003",
        name: "duplicate-key",
        severity: Error,
        listing: false,
        summary: "no mapping has the same key twice",
    }
}

impl DuplicateKey {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        walk(&cx.doc.root, out);
    }
}

fn walk(node: &Node, out: &mut Vec<Finding>) {
    match &node.value {
        NodeValue::Map(entries) => {
            for (i, (key, value)) in entries.iter().enumerate() {
                let name = key.key_text();
                if entries[..i].iter().any(|(k, _)| k.key_text() == name) {
                    out.push(
                        Finding::new(
                            &DuplicateKey::RULE,
                            key.span,
                            format!("the key `{name}` is written twice"),
                            "written again here",
                        )
                        .help("keep one of them: the platform would use the last and ignore the first"),
                    );
                }
                walk(value, out);
            }
        }
        NodeValue::Seq(items) => items.iter().for_each(|item| walk(item, out)),
        _ => {}
    }
}
