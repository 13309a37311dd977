use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, that a tool whose functions follow the fitting convention (an
    /// integer `budget` beside a `view` of the four views) declares `results: {fit: true}`.
    ///
    /// ## Why is this bad?
    /// The runtime fills in a budget the model leaves out only for tools that declare the block.
    /// Without it the function's views go unused unless a model thinks of asking, and its answers go
    /// into the context whole.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    ///     results: {fit: true}
    /// ```
    pub(crate) struct ConventionWithoutFit {
        code: "OZ-F006",
        name: "convention-without-fit",
        severity: Warning,
        listing: true,
        summary: "a tool whose functions follow the convention declares `results: {fit: true}`",
    }
}

impl ConventionWithoutFit {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for m in cx.measured() {
            if m.tool.fits() || !m.shape.follows() {
                continue;
            }
            out.push(
                Finding::new(
                    &Self::RULE,
                    cx.tool_span(&m.pointer),
                    format!(
                        "the function `{}` follows the fitting convention but its tool lacks `results: {{fit: true}}`",
                        m.function.name
                    ),
                    "the runtime will never fill in a budget for this tool",
                )
                .help(format!("add `results: {{fit: true}}` to the tool `{}`", m.tool.id)),
            );
        }
    }
}
