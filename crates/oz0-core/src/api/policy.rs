//! What a tenant lets tools do: rules of `allow`, `deny` or `ask` by pattern, and the approvals a
//! person gives to calls under `ask`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::file::TreeId;

/// What a rule does to the calls it matches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Effect {
    /// The call is made.
    Allow,
    /// The call is refused.
    Deny,
    /// The call waits for a person's approval.
    Ask,
}

impl Effect {
    /// Returns the effect's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Effect::Allow => "allow",
            Effect::Deny => "deny",
            Effect::Ask => "ask",
        }
    }
}

/// A rule of the tenant's tool policy.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Rule {
    /// What it matches: `tool.function`, `tool.*`, `tool.sampling` or `*`.
    pub pattern: String,
    /// What it does.
    pub effect: Effect,
    /// Why, as the one who set it said.
    #[serde(default)]
    pub reason: Option<String>,
}

/// Returns why `pattern` is not one a rule may have: `tool.function`, `tool.*`, `tool.sampling` or `*`.
pub fn check_pattern(pattern: &str) -> Result<(), String> {
    if pattern == "*" {
        return Ok(());
    }
    let Some((tool, function)) = pattern.split_once('.') else {
        return Err(format!("`{pattern}` is not a pattern: write tool.function, tool.*, tool.sampling or *"));
    };
    let word = |w: &str| !w.is_empty() && !w.contains(['.', '*']) && !w.chars().any(char::is_whitespace);
    if !word(tool) || !(function == "*" || word(function)) {
        return Err(format!("`{pattern}` is not a pattern: write tool.function, tool.*, tool.sampling or *"));
    }
    Ok(())
}

/// Returns the rule that decides a call of `target` (`tool.function`, or `tool.sampling` for a tool's
/// model requests): the most specific of `rules` that matches (`tool.function`, then `tool.*`, then
/// `*`), where `manifest_asks` (the tool's `requires_approval` names it) counts as an `ask` at the most
/// specific level unless a rule of the tenant names the call itself. `None` allows the call.
pub fn decide<'r>(rules: &'r [Rule], target: &str, manifest_asks: bool) -> Option<Decided<'r>> {
    let tool = target.split_once('.').map_or(target, |(tool, _)| tool);
    if let Some(rule) = rules.iter().find(|r| r.pattern == target) {
        return Some(Decided::Rule(rule));
    }
    if manifest_asks {
        return Some(Decided::Manifest);
    }
    let any_of_tool = format!("{tool}.*");
    rules
        .iter()
        .find(|r| r.pattern == any_of_tool)
        .or_else(|| rules.iter().find(|r| r.pattern == "*"))
        .map(Decided::Rule)
}

/// What decided a call.
#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Decided<'r> {
    /// A rule of the tenant.
    Rule(&'r Rule),
    /// The tool's manifest, which asks for approval of the call (`requires_approval`).
    Manifest,
}

impl Decided<'_> {
    /// Returns what it does.
    pub fn effect(&self) -> Effect {
        match self {
            Decided::Rule(rule) => rule.effect,
            Decided::Manifest => Effect::Ask,
        }
    }

    /// Returns how a person is told of it: `the rule deny acme.* (reason)` or `the plugin's manifest`.
    pub fn describe(&self) -> String {
        match self {
            Decided::Rule(rule) => {
                let reason = rule.reason.as_deref().map(|r| format!(" ({r})")).unwrap_or_default();
                format!("the tenant's rule `{} {}`{reason}", rule.effect.as_str(), rule.pattern)
            }
            Decided::Manifest => "the plugin's manifest (`requires_approval`)".to_owned(),
        }
    }
}

/// Where an approval stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalState {
    /// Waiting for a person.
    Pending,
    /// A person said yes.
    Approved,
    /// A person said no.
    Denied,
    /// No one answered by the end of the call's time.
    Expired,
}

impl ApprovalState {
    /// Returns the state's name.
    pub fn as_str(self) -> &'static str {
        match self {
            ApprovalState::Pending => "pending",
            ApprovalState::Approved => "approved",
            ApprovalState::Denied => "denied",
            ApprovalState::Expired => "expired",
        }
    }
}

/// A call waiting for, or given, a person's approval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
pub struct Approval {
    /// Its number in the tenant.
    pub id: u64,
    /// The job of the call.
    pub job: TreeId,
    /// What will be called: `tool.function`, or `tool.sampling` for a tool's model request.
    pub target: String,
    /// What asked for the approval: a rule, or the plugin's manifest.
    pub rule: String,
    /// Exactly what will happen: `{"arguments": ...}` for a call, `{"system", "messages"}` for a model
    /// request.
    pub view: Value,
    /// Where it stands.
    pub state: ApprovalState,
    /// When it was asked, in RFC 3339 (UTC).
    pub asked_at: String,
    /// The latest a person may answer: the end of the call's time.
    pub expires_at: String,
    /// Who answered.
    pub decided_by: Option<String>,
    /// Why, as they said.
    pub reason: Option<String>,
    /// When they answered.
    pub decided_at: Option<String>,
}

/// A person's answer to an approval.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Decision {
    /// Yes or no.
    pub approve: bool,
    /// Why.
    #[serde(default)]
    pub reason: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(pattern: &str, effect: Effect) -> Rule {
        Rule { pattern: pattern.to_owned(), effect, reason: None }
    }

    #[test]
    fn the_most_specific_rule_wins_and_no_rule_allows() {
        let rules = [rule("*", Effect::Deny), rule("docs.*", Effect::Ask), rule("docs.get_page", Effect::Allow)];
        assert_eq!(decide(&rules, "docs.get_page", false).map(|d| d.effect()), Some(Effect::Allow));
        assert_eq!(decide(&rules, "docs.search", false).map(|d| d.effect()), Some(Effect::Ask));
        assert_eq!(decide(&rules, "docs.sampling", false).map(|d| d.effect()), Some(Effect::Ask));
        assert_eq!(decide(&rules, "other.x", false).map(|d| d.effect()), Some(Effect::Deny));
        assert_eq!(decide(&[], "docs.search", false), None);
        assert_eq!(decide(&[], "docs.search", true), Some(Decided::Manifest));
        assert_eq!(decide(&rules[..1], "docs.search", true), Some(Decided::Manifest), "the manifest is more specific");
    }

    #[test]
    fn patterns_are_checked() {
        for good in ["*", "docs.*", "docs.get_page", "docs.sampling", "everything.get-env"] {
            assert!(check_pattern(good).is_ok(), "{good}");
        }
        for bad in ["", "docs", "docs.", ".x", "a.b.c", "do cs.x", "*.x"] {
            assert!(check_pattern(bad).is_err(), "{bad}");
        }
    }
}
