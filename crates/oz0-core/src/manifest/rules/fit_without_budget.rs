use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, that a tool declaring `results: {fit: true}` has at least one
    /// function that takes a budget as the convention has it: an integer `budget` beside a `view` whose
    /// values are `stub`, `summary`, `section` and `full`.
    ///
    /// ## Why is this bad?
    /// The declaration promises that the runtime may fill in a budget the model leaves out, but no
    /// function would take it: every answer still goes into the model's context whole. Either the
    /// functions do not follow the convention yet, or their arguments are named or typed so that the
    /// runtime cannot recognise it.
    ///
    /// ## Example
    /// ```python
    /// @server.tool()
    /// def get_page(path: str) -> str:
    ///     """Get a page."""
    ///     return read_page(path)
    /// ```
    ///
    /// ## Use instead
    /// ```python
    /// View = Literal["stub", "summary", "section", "full"]
    ///
    /// @server.tool()
    /// def get_page(path: str, view: View | None = None, budget: int | None = None, query: str | None = None):
    ///     """Get a page, fitted to a budget when one is given."""
    ///     ...
    /// ```
    pub(crate) struct FitWithoutBudget {
        code: "OZ-F002",
        name: "fit-without-budget",
        severity: Warning,
        listing: true,
        summary: "a tool with `results: {fit: true}` has a function that takes a budget",
    }
}

impl FitWithoutBudget {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let Some(listing) = cx.lint.listing else {
            return;
        };
        let measured = cx.measured();
        for (pointer, tool) in cx.doc.tools() {
            if !tool.fits() || listing.tool(&tool.id).is_none() {
                continue;
            }
            if measured.iter().any(|m| m.tool.id == tool.id && m.shape.follows()) {
                continue;
            }
            let span = cx.doc.span(&format!("{pointer}/results/fit"));
            out.push(
                Finding::new(
                    &Self::RULE,
                    span,
                    format!("the tool `{}` declares `fit: true` but no function of it takes a budget", tool.id),
                    "the runtime has no function to fill a budget in for",
                )
                .help("give a function an integer `budget` beside a `view` of stub, summary, section or full, or drop `results: {fit: true}`"),
            );
        }
    }
}
