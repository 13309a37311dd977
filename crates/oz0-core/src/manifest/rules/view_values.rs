use super::super::convention::ViewArg;
use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;
use super::unknown_key::list;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, that a `view` enum of a function that takes a budget, or of a
    /// tool declaring `results: {fit: true}`, holds only the four views: `stub`, `summary`, `section`
    /// and `full`.
    ///
    /// ## Why is this bad?
    /// The runtime recognises the convention by those values. A view such as `brief` or `detailed`
    /// means the function does not follow it: the runtime never fills its budget in, and a model that
    /// has learnt the four views asks for one the function does not know.
    ///
    /// ## Example
    /// ```python
    /// View = Literal["brief", "summary", "full"]
    /// ```
    ///
    /// ## Use instead
    /// ```python
    /// View = Literal["stub", "summary", "section", "full"]
    /// ```
    pub(crate) struct ViewValues {
        code: "OZ-F005",
        name: "view-values",
        severity: Error,
        listing: true,
        summary: "a `view` enum holds only stub, summary, section and full",
    }
}

impl ViewValues {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for m in cx.measured() {
            let Some(ViewArg::Outside { outside }) = &m.shape.view else {
                continue;
            };
            if !m.tool.fits() && m.shape.budget.is_none() {
                continue;
            }
            let outside: Vec<&str> = outside.iter().map(String::as_str).collect();
            out.push(
                Finding::new(
                    &Self::RULE,
                    cx.tool_span(&m.pointer),
                    format!(
                        "the function `{}` has a `view` with {} that {} not a view",
                        m.function.name,
                        list(&outside),
                        if outside.len() == 1 { "is" } else { "are" }
                    ),
                    format!("`{}` of this tool", m.function.name),
                )
                .help("the views are `stub`, `summary`, `section` and `full`"),
            );
        }
    }
}
