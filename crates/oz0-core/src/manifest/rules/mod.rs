//! The lint rules: one a file, each with a stable code and an explanation, its doc comment, that
//! `oz0 plugin lint --explain CODE` prints.
//!
//! Codes are grouped by a letter: `P` the manifest's shape, `F` the fitting convention, `M` models a
//! plugin calls, `S` security house rules, `D` what definitions cost, `L` the measured listing.

mod budget_not_integer;
mod budget_without_view;
mod convention_without_fit;
mod definition_cost;
mod duplicate_key;
mod duplicate_tool;
mod fit_without_budget;
mod gateway_format;
mod input_schema;
mod invalid_value;
mod missing_description;
mod provider_key;
mod results_block;
mod sampling_alias;
mod sampling_approval;
mod stale_listing;
mod task_protocol;
mod tool_paths;
mod tool_transport;
mod unknown_key;
mod view_values;

use std::fmt;

use super::convention::Shape;
use super::finding::{Finding, Severity};
use super::listing::Function;
use super::model::Tool;
use super::{Document, Lint};

/// A lint rule: its code, its name, how bad what it finds is, and its explanation.
#[derive(Debug, PartialEq, Eq)]
pub struct Rule {
    /// The stable code, such as `OZ-F001`.
    pub code: &'static str,
    /// A short name in kebab case, such as `results-block`.
    pub name: &'static str,
    /// How bad what it finds is.
    pub severity: Severity,
    /// What it checks, in one line.
    pub summary: &'static str,
    /// Whether it needs the measured listing of the plugin's servers.
    pub needs_listing: bool,
    explain: &'static str,
}

impl Rule {
    /// Returns the page `--explain` prints: What it does, Why is this bad?, Example, Use instead.
    pub fn explanation(&self) -> String {
        let mut page = String::new();
        for line in self.explain.lines() {
            page.push_str(line.strip_prefix(' ').unwrap_or(line));
            page.push('\n');
        }
        page.trim().to_owned() + "\n"
    }

    /// Returns the address of the rule's page in the platform's documentation.
    pub fn url(&self) -> String {
        format!("https://docs.oz0.ai/build/plugins/structure/lint-rules#{}", self.code.to_lowercase())
    }

    /// Returns the rule whose code is closest to `code`, for a "did you mean".
    pub fn closest(code: &str) -> Option<&'static Rule> {
        let code = code.trim().to_uppercase();
        did_you_mean(&code, ALL.iter().map(|r| r.code)).and_then(Rule::find)
    }

    /// Returns the rule of `code` (any case), or `None`.
    pub fn find(code: &str) -> Option<&'static Rule> {
        ALL.iter().copied().find(|r| r.code.eq_ignore_ascii_case(code.trim()) || r.name == code.trim())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.name)
    }
}

/// Declares a rule: a unit struct whose doc comment is its `--explain` page, and its [`Rule`].
macro_rules! rule {
    (
        $(#[doc = $doc:literal])*
        $vis:vis struct $name:ident {
            code: $code:literal,
            name: $slug:literal,
            severity: $severity:ident,
            listing: $listing:literal,
            summary: $summary:literal $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug)]
        $vis struct $name;

        impl $name {
            pub(crate) const RULE: $crate::manifest::rules::Rule = $crate::manifest::rules::Rule {
                code: $code,
                name: $slug,
                severity: $crate::manifest::Severity::$severity,
                summary: $summary,
                needs_listing: $listing,
                explain: concat!($($doc, "\n"),*),
            };
        }
    };
}
pub(crate) use rule;

/// Every rule, by code.
pub static ALL: &[&Rule] = &[
    &unknown_key::UnknownKey::RULE,
    &invalid_value::InvalidValue::RULE,
    &duplicate_key::DuplicateKey::RULE,
    &tool_transport::ToolTransport::RULE,
    &duplicate_tool::DuplicateTool::RULE,
    &results_block::ResultsBlock::RULE,
    &fit_without_budget::FitWithoutBudget::RULE,
    &budget_without_view::BudgetWithoutView::RULE,
    &budget_not_integer::BudgetNotInteger::RULE,
    &view_values::ViewValues::RULE,
    &convention_without_fit::ConventionWithoutFit::RULE,
    &sampling_alias::SamplingAlias::RULE,
    &gateway_format::GatewayFormat::RULE,
    &sampling_approval::SamplingApproval::RULE,
    &provider_key::ProviderKey::RULE,
    &tool_paths::ToolPaths::RULE,
    &definition_cost::DefinitionCost::RULE,
    &input_schema::InputSchema::RULE,
    &missing_description::MissingDescription::RULE,
    &stale_listing::StaleListing::RULE,
    &task_protocol::TaskProtocol::RULE,
];

/// What every rule reads.
pub(crate) struct Context<'a> {
    pub doc: &'a Document,
    pub lint: &'a Lint<'a>,
}

/// A function of a tool in the measured listing, with what the rules ask of it.
pub(crate) struct Measured<'a> {
    /// The JSON pointer of the tool's entry in the manifest.
    pub pointer: String,
    pub tool: &'a Tool,
    pub function: &'a Function,
    pub shape: Shape,
}

impl<'a> Context<'a> {
    /// Returns each function of each local tool the listing measured.
    pub fn measured(&self) -> Vec<Measured<'a>> {
        let Some(listing) = self.lint.listing else {
            return Vec::new();
        };
        let mut all = Vec::new();
        for (pointer, tool) in self.doc.tools() {
            let Some(listed) = listing.tool(&tool.id) else {
                continue;
            };
            for function in &listed.functions {
                all.push(Measured {
                    pointer: pointer.clone(),
                    tool,
                    function,
                    shape: Shape::of(&function.input_schema),
                });
            }
        }
        all
    }

    /// Returns the span of a tool's `id` value, where findings about its functions point.
    pub fn tool_span(&self, pointer: &str) -> super::Span {
        self.doc.span(&format!("{pointer}/id"))
    }
}

/// Returns the findings of every rule, in the order of the text.
pub fn lint(doc: &Document, lint: &Lint<'_>) -> Vec<Finding> {
    let cx = Context { doc, lint };
    let mut out = Vec::new();
    unknown_key::UnknownKey::check(&cx, &mut out);
    invalid_value::InvalidValue::check(&cx, &mut out);
    duplicate_key::DuplicateKey::check(&cx, &mut out);
    tool_transport::ToolTransport::check(&cx, &mut out);
    duplicate_tool::DuplicateTool::check(&cx, &mut out);
    results_block::ResultsBlock::check(&cx, &mut out);
    sampling_alias::SamplingAlias::check(&cx, &mut out);
    gateway_format::GatewayFormat::check(&cx, &mut out);
    sampling_approval::SamplingApproval::check(&cx, &mut out);
    provider_key::ProviderKey::check(&cx, &mut out);
    tool_paths::ToolPaths::check(&cx, &mut out);
    if lint.listing.is_some() {
        fit_without_budget::FitWithoutBudget::check(&cx, &mut out);
        budget_without_view::BudgetWithoutView::check(&cx, &mut out);
        budget_not_integer::BudgetNotInteger::check(&cx, &mut out);
        view_values::ViewValues::check(&cx, &mut out);
        convention_without_fit::ConventionWithoutFit::check(&cx, &mut out);
        definition_cost::DefinitionCost::check(&cx, &mut out);
        input_schema::InputSchema::check(&cx, &mut out);
        missing_description::MissingDescription::check(&cx, &mut out);
        stale_listing::StaleListing::check(&cx, &mut out);
        task_protocol::TaskProtocol::check(&cx, &mut out);
    }
    out.sort_by(|a, b| (a.span.offset, a.rule.code, &a.message).cmp(&(b.span.offset, b.rule.code, &b.message)));
    out
}

/// Returns the closest of `known` to `word`, or nothing when none is close.
pub(crate) fn did_you_mean<'k>(word: &str, known: impl IntoIterator<Item = &'k str>) -> Option<&'k str> {
    crate::spelling::nearest(word, known).first().copied()
}

#[cfg(test)]
mod tests;
