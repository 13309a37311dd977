use super::{Context, Finding, rule};

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
        let tools: Vec<(String, &super::Tool)> = cx.doc.tools().collect();
        for (i, (pointer, tool)) in tools.iter().enumerate() {
            if tools[..i].iter().any(|(_, t)| t.id == tool.id) {
                out.push(
                    Finding::new(
                        &Self::RULE,
                        cx.tool_span(pointer),
                        format!("a tool with the ID `{}` is declared already", tool.id),
                        "declared again here",
                    )
                    .help("give each tool an ID of its own"),
                );
            }
        }
    }
}
