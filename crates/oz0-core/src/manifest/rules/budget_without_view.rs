use super::super::convention::ViewArg;
use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, each function of a tool declaring `results: {fit: true}` that
    /// has a `budget` argument: it needs the convention's `view` beside it, an enum of `stub`,
    /// `summary`, `section` and `full` (as a `Literal` gives; an optional one is an `anyOf` with null,
    /// which counts too).
    ///
    /// ## Why is this bad?
    /// The runtime fills in a budget only for a function whose budget stands beside such a view.
    /// A budget without one (an amount of money, a free-text `view`) is never taken for the
    /// convention: the runtime never fills it in, so the model reads whole answers.
    ///
    /// ## Example
    /// ```python
    /// @server.tool()
    /// def search(query: str, budget: int | None = None, view: str | None = None):
    ///     ...
    /// ```
    ///
    /// ## Use instead
    /// ```python
    /// View = Literal["stub", "summary", "section", "full"]
    ///
    /// @server.tool()
    /// def search(query: str, budget: int | None = None, view: View | None = None):
    ///     ...
    /// ```
    pub(crate) struct BudgetWithoutView {
        code: "OZ-F003",
        name: "budget-without-view",
        severity: Warning,
        listing: true,
        summary: "a function's `budget` stands beside the convention's `view`, or the runtime never fills it in",
    }
}

impl BudgetWithoutView {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for m in cx.measured() {
            if !m.tool.fits() || m.shape.budget.is_none() {
                continue;
            }
            let what = match &m.shape.view {
                None => "no `view`",
                Some(ViewArg::NotEnum) => "a `view` that is not an enum of the views",
                // A view with other values has a rule of its own.
                Some(ViewArg::Outside { .. } | ViewArg::Views(_)) => continue,
            };
            out.push(
                Finding::new(
                    &Self::RULE,
                    cx.tool_span(&m.pointer),
                    format!("the function `{}` has a `budget` but {what}: the runtime never fills it in", m.function.name),
                    format!("`{}` of this tool", m.function.name),
                )
                .help("type `view` as Literal[\"stub\", \"summary\", \"section\", \"full\"], or rename a budget that is not a token budget"),
            );
        }
    }
}
