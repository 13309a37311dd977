use super::super::finding::Finding;
use super::super::schema::{Section, known_keys};
use super::super::yaml::{Node, NodeValue};
use super::context::{Context, did_you_mean};
use super::rule::rule;
use super::unknown_key::list;

rule! {
    /// ## What it does
    /// Checks a tool's `results` block: a mapping whose only key is `fit`, a boolean.
    ///
    /// ## Why is this bad?
    /// `results: {fit: true}` tells the runtime that the tool's functions follow the fitting
    /// convention, so that it fills in a `budget` the model leaves out. Written any other way
    /// (`fit: yes`, which YAML reads as a string, or `results: fit`) the block does not say that,
    /// and the platform refuses the manifest.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    ///     results: {fit: yes, budget: 2000}
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    ///     results: {fit: true}
    /// ```
    pub(crate) struct ResultsBlock {
        code: "OZ-F001",
        name: "results-block",
        severity: Error,
        listing: false,
        summary: "a tool's `results` is a mapping with a boolean `fit` and no other key",
    }
}

impl ResultsBlock {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for tool in cx.doc.root.get("tools").and_then(Node::items).unwrap_or_default() {
            let Some((key, results)) = tool.entry("results") else {
                continue;
            };
            let Some(entries) = results.entries() else {
                let span = if results.value == NodeValue::Null { key.span } else { results.span };
                out.push(
                    Finding::new(
                        &Self::RULE,
                        span,
                        format!("`results` is {}, not a mapping", results.type_name()),
                        "should be a mapping",
                    )
                    .help("write `results: {fit: true}`"),
                );
                continue;
            };
            for (k, v) in entries {
                let name = k.key_text();
                if name == "fit" {
                    if !matches!(v.value, NodeValue::Bool(_)) {
                        let written = &cx.doc.text[v.span.range()];
                        out.push(
                            Finding::new(
                                &Self::RULE,
                                v.span,
                                format!("`fit` is {}, not a boolean", v.type_name()),
                                "should be `true` or `false`",
                            )
                            .help(format!("write `fit: true` (YAML reads `{written}` as {})", v.type_name())),
                        );
                    }
                    continue;
                }
                let known = known_keys(Section::Results);
                let finding = Finding::new(
                    &Self::RULE,
                    k.span,
                    format!("unknown key `{name}` in `results`"),
                    "not a key of `results`",
                );
                out.push(match did_you_mean(&name, known.iter().copied()) {
                    Some(near) => finding.help(format!("did you mean `{near}`?")),
                    None => finding.help(format!("`results` takes only {}", list(known))),
                });
            }
        }
    }
}
