use super::super::finding::Finding;
use super::super::yaml::Node;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks that no two tools of the plugin have the same `id`.
    ///
    /// ## Why is this bad?
    /// A tool's ID names it everywhere: in an agent's tool list, in the tenant's tool policy, in
    /// `requires_approval` and in traces. Two tools with one ID cannot be told apart, and the
    /// platform refuses the plugin.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: docs
    ///     mcp: ["python", "docs.py"]
    ///   - id: docs
    ///     mcp: ["python", "search.py"]
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: docs
    ///     mcp: ["python", "docs.py"]
    ///   - id: search
    ///     mcp: ["python", "search.py"]
    /// ```
    pub(crate) struct DuplicateTool {
        code: "OZ-P005",
        name: "duplicate-tool",
        severity: Error,
        listing: false,
        summary: "no two tools have the same `id`",
    }
}

impl DuplicateTool {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let tools = cx.doc.root.get("tools").and_then(Node::items).unwrap_or_default();
        let ids: Vec<Option<&Node>> = tools.iter().map(|t| t.get("id").filter(|id| id.as_str().is_some())).collect();
        for (i, id) in ids.iter().enumerate() {
            let Some(id) = id else { continue };
            if ids[..i].iter().flatten().any(|earlier| earlier.as_str() == id.as_str()) {
                let name = id.as_str().unwrap_or_default();
                out.push(
                    Finding::new(
                        &Self::RULE,
                        id.span,
                        format!("a tool with the ID `{name}` is declared already"),
                        "declared again here",
                    )
                    .help("give each tool an ID of its own"),
                );
            }
        }
    }
}
