use super::super::convention::{Budget, ViewArg};
use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, that a function whose `view` is the convention's has an
    /// integer `budget` (an `int`, or an optional one).
    ///
    /// ## Why is this bad?
    /// A budget is a whole number of tokens. The runtime fills in a budget only when its type is
    /// `integer`; a `number` or a `string` budget is never filled in, and a model that writes `2000.5`
    /// or `"2k"` gets an answer no one can fit.
    ///
    /// ## Example
    /// ```python
    /// def get_page(path: str, view: View | None = None, budget: float | None = None): ...
    /// ```
    ///
    /// ## Use instead
    /// ```python
    /// def get_page(path: str, view: View | None = None, budget: int | None = None): ...
    /// ```
    pub(crate) struct BudgetNotInteger {
        code: "OZ-F004",
        name: "budget-not-integer",
        severity: Error,
        listing: true,
        summary: "a `budget` beside the convention's `view` is an integer",
    }
}

impl BudgetNotInteger {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for m in cx.measured() {
            let (Some(Budget::Other(kind)), Some(ViewArg::Views(_))) = (&m.shape.budget, &m.shape.view) else {
                continue;
            };
            out.push(
                Finding::new(
                    &Self::RULE,
                    cx.tool_span(&m.pointer),
                    format!("the function `{}` has a `budget` of type {kind}, not integer", m.function.name),
                    format!("`{}` of this tool", m.function.name),
                )
                .help("type `budget` as `int | None`"),
            );
        }
    }
}
