//! The lint rules: one a file, each with a stable code and an explanation, its doc comment, that
//! `oz0 plugin lint --explain CODE` prints.
//!
//! Codes are grouped by a letter: `P` the manifest's shape, `F` the fitting convention, `M` models a
//! plugin calls, `S` security house rules, `D` what definitions cost, `L` the measured listing.

mod budget_not_integer;
mod budget_without_view;
pub(crate) mod context;
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
pub(crate) mod rule;
mod sampling_alias;
mod sampling_approval;
mod stale_listing;
mod task_protocol;
mod tool_paths;
mod tool_transport;
mod unknown_key;
mod view_values;

use super::document::Document;
use super::finding::Finding;
use context::{Context, Lint, did_you_mean};

pub use rule::{Rule, Severity};

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

impl Rule {
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

#[cfg(test)]
mod tests;
