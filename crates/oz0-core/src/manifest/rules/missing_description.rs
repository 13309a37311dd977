use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, that each function has a description.
    ///
    /// ## Why is this bad?
    /// The description is what a model reads to choose a function and to call it well. Without one
    /// the model guesses from the name, calls the function when it should not, or never calls it.
    ///
    /// ## Example
    /// ```python
    /// @server.tool()
    /// def get_page(path: str) -> str:
    ///     return read_page(path)
    /// ```
    ///
    /// ## Use instead
    /// ```python
    /// @server.tool()
    /// def get_page(path: str) -> str:
    ///     """Get a documentation page by its path, such as `guide/install.md`."""
    ///     return read_page(path)
    /// ```
    pub(crate) struct MissingDescription {
        code: "OZ-L002",
        name: "missing-description",
        severity: Warning,
        listing: true,
        summary: "each function has a description",
    }
}

impl MissingDescription {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for m in cx.measured() {
            if m.function.description.as_deref().is_some_and(|d| !d.trim().is_empty()) {
                continue;
            }
            out.push(
                Finding::new(
                    &Self::RULE,
                    cx.tool_span(&m.pointer),
                    format!("the function `{}` has no description", m.function.name),
                    format!("`{}` of this tool", m.function.name),
                )
                .help("say in a sentence what the function does and when to call it (in Python, its docstring)"),
            );
        }
    }
}
