use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

/// The most tokens a function's definition may weigh without a warning.
pub(crate) const MAX_DEFINITION_TOKENS: u64 = 1_000;

rule! {
    /// ## What it does
    /// Weighs each function's definition, its name, description and input schema as compact JSON,
    /// in the platform's tokens (`oz0.fit.weigh`), and warns above 1,000 tokens.
    ///
    /// ## Why is this bad?
    /// Every model request of every job whose agent lists the tool carries every function's
    /// definition, on every turn, whether or not the function is called. A clear definition (a
    /// sentence or two and a flat schema) weighs 50 to 300 tokens. At 1,000 tokens one function costs
    /// what a page of text does, ten such functions take 10,000 tokens of a 128,000-token context
    /// before the job has read anything, and a long definition is usually a manual the model did not
    /// need: examples, every edge case, a nested schema that could be flat.
    ///
    /// ## Example
    /// ```python
    /// @server.tool()
    /// def search(query: str) -> str:
    ///     """Search the docs. ... three pages of examples and caveats ..."""
    /// ```
    ///
    /// ## Use instead
    /// ```python
    /// @server.tool()
    /// def search(query: str) -> str:
    ///     """Search the docs by words; answers the 10 best pages with their paths."""
    /// ```
    pub(crate) struct DefinitionCost {
        code: "OZ-D001",
        name: "definition-cost",
        severity: Warning,
        listing: true,
        summary: "a function's definition weighs at most 1,000 tokens",
    }
}

impl DefinitionCost {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for m in cx.measured() {
            let weight = m.function.weight;
            if weight <= MAX_DEFINITION_TOKENS {
                continue;
            }
            out.push(
                Finding::new(
                    &Self::RULE,
                    cx.tool_span(&m.pointer),
                    format!(
                        "the definition of `{}` weighs {weight} tokens, more than {MAX_DEFINITION_TOKENS}",
                        m.function.name
                    ),
                    format!("`{}` of this tool: {weight} tokens in every model request", m.function.name),
                )
                .help("shorten the description to what a model needs to choose the function, and flatten its schema"),
            );
        }
    }
}
