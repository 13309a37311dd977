use super::super::finding::Finding;
use super::super::yaml::Node;
use super::context::{Context, did_you_mean};
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks each `<tool>.sampling` entry of a tool's `requires_approval`: it names a tool the
    /// plugin declares, and the plugin declares `requires.models.sampling`.
    ///
    /// ## Why is this bad?
    /// `<tool>.sampling` puts a tool's model requests behind a person's approval. An entry that names
    /// no tool of the plugin approves nothing, and one without sampling declared is about requests the
    /// runtime never answers: either way the author believes in a check that never happens.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: notes
    ///     mcp: ["python", "notes.py"]
    ///     requires_approval: [note.sampling]
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: notes
    ///     mcp: ["python", "notes.py"]
    ///     requires_approval: [notes.sampling]
    /// requires:
    ///   models:
    ///     sampling: default
    /// ```
    pub(crate) struct SamplingApproval {
        code: "OZ-M003",
        name: "sampling-approval",
        severity: Error,
        listing: false,
        summary: "`<tool>.sampling` in `requires_approval` names a declared tool, and sampling is declared",
    }
}

impl SamplingApproval {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let root = &cx.doc.root;
        let ids: Vec<&str> = root
            .get("tools")
            .and_then(Node::items)
            .unwrap_or_default()
            .iter()
            .filter_map(|t| t.get("id").and_then(Node::as_str))
            .collect();
        let sampling = root.pointer("/requires/models/sampling").is_some_and(|n| n.as_str().is_some());
        for tool in root.get("tools").and_then(Node::items).unwrap_or_default() {
            for entry in tool.get("requires_approval").and_then(Node::items).unwrap_or_default() {
                let Some(tool_id) = entry.as_str().and_then(|e| e.strip_suffix(".sampling")) else {
                    continue;
                };
                if !ids.contains(&tool_id) {
                    let finding = Finding::new(
                        &Self::RULE,
                        entry.span,
                        format!("`{tool_id}.sampling` names no tool of this plugin"),
                        "approves nothing",
                    );
                    out.push(match did_you_mean(tool_id, ids.iter().copied()) {
                        Some(near) => finding.help(format!("did you mean `{near}.sampling`?")),
                        None => finding.help("name a tool the plugin declares, as `<tool id>.sampling`"),
                    });
                } else if !sampling {
                    out.push(
                        Finding::new(
                            &Self::RULE,
                            entry.span,
                            format!("`{tool_id}.sampling` needs approval but the plugin declares no sampling"),
                            "no sampling request is ever answered",
                        )
                        .help("declare `requires: {models: {sampling: default}}`, or drop the entry"),
                    );
                }
            }
        }
    }
}
