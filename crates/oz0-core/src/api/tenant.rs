//! What the edge says about tenants: offload settings and their changes, the audit log, tokens, status.

use std::borrow::Cow;
use std::fmt;

use schemars::JsonSchema;
use serde::de::{self, MapAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize};

use super::file::TreeId;
use super::names::{Role, TenantName};
use crate::offload::{Offload, OffloadSettings, Threshold, Tokens};

/// A change of a tenant's offload settings, as a JSON merge patch: a field left out stays as it is,
/// `null` unsets it, a value sets it.
///
/// Only a JSON object is read: serde's derive would also take an array of the fields in order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffloadPatch {
    /// The new default: tokens, `"off"`, or `null` to unset it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Offload>")]
    pub default: Option<Option<Offload>>,
    /// The new ceiling: tokens, or `null` to unset it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<Tokens>")]
    pub ceiling: Option<Option<Tokens>>,
    /// The experiment (`oz0 compare-savings`) the change was decided by, named in the audit log with
    /// its thresholds and what its variant saved.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experiment: Option<TreeId>,
}

impl<'de> Deserialize<'de> for OffloadPatch {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct PatchVisitor;

        impl<'de> Visitor<'de> for PatchVisitor {
            type Value = OffloadPatch;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("an object with `default`, `ceiling` or both")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<OffloadPatch, A::Error> {
                const FIELDS: &[&str] = &["default", "ceiling", "experiment"];
                let mut patch = OffloadPatch::default();
                while let Some(key) = map.next_key::<Cow<'de, str>>()? {
                    match key.as_ref() {
                        "default" if patch.default.is_none() => patch.default = Some(map.next_value()?),
                        "ceiling" if patch.ceiling.is_none() => patch.ceiling = Some(map.next_value()?),
                        "experiment" if patch.experiment.is_none() => patch.experiment = map.next_value()?,
                        "default" | "ceiling" | "experiment" => {
                            return Err(de::Error::custom(format!("duplicate field `{key}`")));
                        }
                        other => return Err(de::Error::unknown_field(other, FIELDS)),
                    }
                }
                Ok(patch)
            }
        }

        deserializer.deserialize_map(PatchVisitor)
    }
}

impl OffloadPatch {
    /// Returns whether the patch changes nothing (an experiment named alone changes nothing).
    pub fn is_empty(&self) -> bool {
        self.default.is_none() && self.ceiling.is_none()
    }

    /// Returns `settings` with the patch applied.
    pub fn apply(&self, settings: OffloadSettings) -> OffloadSettings {
        OffloadSettings {
            default: self.default.unwrap_or(settings.default),
            ceiling: self.ceiling.unwrap_or(settings.ceiling),
        }
    }
}

/// What a tenant may spend on models and reported usage, in US dollars, per calendar day and month
/// (UTC); `None` for no limit. Every model call, an agent's or a tool's, is reserved against them.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct SpendingLimits {
    /// The most a day.
    #[serde(default)]
    pub usd_per_day: Option<f64>,
    /// The most a month.
    #[serde(default)]
    pub usd_per_month: Option<f64>,
}

/// The tenant's data rules: for a label, the model aliases what carries it may go to (`pii` only to
/// `local`). A model request of an agent or a tool, or a call of a tool's gateway token, whose job read
/// a label that has a rule, is refused unless it goes to one of the rule's aliases. A label with no
/// rule goes anywhere.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(transparent)]
pub struct DataRules(pub std::collections::BTreeMap<String, Vec<String>>);

impl DataRules {
    /// Returns the rule a request carrying `labels` to `alias` breaks: the label and the aliases it may
    /// go to; `None` when it breaks none.
    pub fn broken(&self, labels: &[String], alias: &str) -> Option<(&str, &[String])> {
        self.0
            .iter()
            .filter(|(label, _)| labels.contains(label))
            .find(|(_, allowed)| !allowed.iter().any(|a| a == alias))
            .map(|(label, allowed)| (label.as_str(), allowed.as_slice()))
    }

    /// Returns the refusal of a request the rule of `label` refuses: its message, and the
    /// `ai.oz0/refusal` object whose type names the rule.
    pub fn refusal(label: &str, allowed: &[String], alias: &str) -> (String, serde_json::Value) {
        let message = format!(
            "the tenant's data rule `{label}` lets what carries it go to the model alias{} {} only, not to `{alias}`",
            if allowed.len() == 1 { "" } else { "es" },
            if allowed.is_empty() { "(none)".to_owned() } else { allowed.join(", ") },
        );
        let object = serde_json::json!({
            "type": "data_rule", "message": message,
            "oz0": {"rule": label, "label": label, "alias": alias, "allowed": allowed},
        });
        (message, object)
    }
}

/// What may be asked of models in a UTC day: tokens (in and out) and requests; `None` for no quota.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quota {
    /// The most tokens a day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tokens_per_day: Option<u64>,
    /// The most model requests a day.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub requests_per_day: Option<u64>,
}

impl Quota {
    /// Returns whether the quota limits nothing.
    pub fn is_empty(&self) -> bool {
        self.tokens_per_day.is_none() && self.requests_per_day.is_none()
    }
}

/// The tenant's quotas: of all its model requests (an agent's and its tools'), and of each plugin's
/// tools' requests (by MCP sampling and through their gateway tokens).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Quotas {
    /// The tenant's.
    #[serde(default)]
    pub tenant: Quota,
    /// Each plugin's, by its name.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub plugins: std::collections::BTreeMap<String, Quota>,
}

/// What a scope of the quotas has asked today: tokens and requests.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Asked {
    /// Tokens, in and out.
    pub tokens: u64,
    /// Model requests.
    pub requests: u64,
}

impl Quotas {
    /// Returns the refusal of a request of at most `tokens` when the scope `scope` (`tenant`, or
    /// `plugin:NAME`) has asked `asked` today under `quota`: its message and its `ai.oz0/refusal`
    /// object, which names the scope and the quota; `None` when it fits.
    pub fn refusal(scope: &str, quota: Quota, asked: Asked, tokens: u64) -> Option<(String, serde_json::Value)> {
        let over = |name: &str, limit: Option<u64>, used: u64, more: u64| {
            let limit = limit?;
            (used + more > limit).then(|| (name.to_owned(), limit, used, more))
        };
        let (name, limit, used, more) = over("requests_per_day", quota.requests_per_day, asked.requests, 1)
            .or_else(|| over("tokens_per_day", quota.tokens_per_day, asked.tokens, tokens))?;
        let what = if name == "requests_per_day" { "model requests" } else { "tokens" };
        let whose = match scope.strip_prefix("plugin:") {
            Some(plugin) => format!("the plugin `{plugin}`'s"),
            None => "the tenant's".to_owned(),
        };
        let message = format!(
            "{whose} quota of {limit} {what} a day would be exceeded: {used} asked today (UTC), and this request \
             may take {more}"
        );
        let object = serde_json::json!({
            "type": "quota_exceeded", "message": message,
            "oz0": {"scope": scope, "quota": name, "limit": limit, "used": used, "asked": more},
        });
        Some((message, object))
    }
}

/// A tenant's offload settings and the thresholds they give.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffloadView {
    /// The settings.
    pub settings: OffloadSettings,
    /// The threshold of an agent that says nothing.
    pub says_nothing: Threshold,
    /// The threshold of an agent whose `offload` is `off`.
    pub asks_off: Threshold,
}

impl OffloadView {
    /// Returns the view of `settings`.
    pub fn of(settings: OffloadSettings) -> Self {
        Self {
            settings,
            says_nothing: crate::offload::threshold(None, &settings),
            asks_off: crate::offload::threshold(Some(Offload::Off), &settings),
        }
    }
}

/// A change of a tenant's offload settings: before and after.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffloadChange {
    /// The settings before the change.
    pub before: OffloadSettings,
    /// The settings after it.
    pub after: OffloadSettings,
}

/// One change in a tenant's audit log.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AuditEntry {
    /// The entry's number in its tenant's log: 1, 2, 3 in the order the entries were written.
    pub id: u64,
    /// When, in RFC 3339 (UTC, milliseconds).
    pub at: String,
    /// Who: the person's name.
    pub actor: String,
    /// What, such as `tenant.offload` or `token.create`.
    pub action: String,
    /// The value before (`null` when there was none).
    pub old: serde_json::Value,
    /// The value after.
    pub new: serde_json::Value,
}

/// A request for a new token: a new person of the tenant with these roles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct TokenRequest {
    /// The tenant; left out, the caller's own. Only an admin of the edge's first tenant may name
    /// another, which is created when it does not exist.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tenant: Option<TenantName>,
    /// The roles the token carries, at least one.
    pub roles: Vec<Role>,
    /// The person's name, unique in the tenant; left out, one is made up.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

/// A token just made. The token itself is shown this once: the edge keeps only its hash.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct CreatedToken {
    /// The bearer token.
    pub token: String,
    /// Its tenant.
    pub tenant: TenantName,
    /// Its person.
    pub person: String,
    /// Its roles.
    pub roles: Vec<Role>,
    /// Whether the tenant was created for it.
    pub tenant_created: bool,
}

/// Who is asking, and what the edge is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Status {
    /// The edge's version.
    pub version: String,
    /// The caller's tenant.
    pub tenant: TenantName,
    /// The caller.
    pub person: String,
    /// The caller's roles.
    pub roles: Vec<Role>,
    /// Whether the tenant is the edge's first, whose admins may create other tenants' tokens.
    pub operator: bool,
    /// The store.
    pub store: StoreStatus,
    /// How its tools' servers are confined.
    pub tools: ToolsStatus,
    /// Where the edge key that seals the plugins' secrets is: shown to the admins of the edge's first
    /// tenant only, and absent from an edge older than this field.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<KeyStatus>,
    /// The model aliases the tenant may name (`default`, `fast`, `smart` and those the operator adds),
    /// and what answers each; empty when the edge has no model gateway.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub models: Vec<AliasStatus>,
}

/// A model alias and what answers it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct AliasStatus {
    /// The alias.
    pub alias: String,
    /// The configured alias that answers it: itself, or `default` for a `fast` or `smart` the operator
    /// maps to nothing of its own.
    pub answered_by: String,
    /// The model that answers, as its provider names it.
    pub model: String,
}

/// How an edge confines its tools' servers.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ToolsStatus {
    /// Whether they are confined.
    pub confined: bool,
    /// How they are, or why they cannot be, in a sentence.
    pub detail: String,
    /// Whether servers that cannot be confined run anyway: on the embedded edge, or by the operator's
    /// `--unconfined-tools`.
    pub unconfined_allowed: bool,
}

/// Where the edge key is.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct KeyStatus {
    /// What holds it.
    pub kind: KeyKind,
    /// The file's path, or the variable's name, such as `OZ0_MASTER_KEY`.
    pub place: String,
    /// The key's ID: 16 hex digits of a digest of it, which tell keys apart and say nothing of the key.
    pub id: String,
}

/// What holds the edge key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum KeyKind {
    /// A file of mode 0600.
    File,
    /// An environment variable of the edge.
    Variable,
}

/// What keeps the edge's state.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct StoreStatus {
    /// The store's kind, such as `sqlite`.
    pub kind: String,
    /// The version of its schema.
    pub schema_version: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_patch_tells_left_out_from_null() {
        let patch: OffloadPatch = serde_json::from_str(r#"{"default": null}"#).unwrap();
        assert_eq!(patch, OffloadPatch { default: Some(None), ..OffloadPatch::default() });
        let patch: OffloadPatch =
            serde_json::from_str(r#"{"default": 1000, "experiment": "01K1N6ZQ4B7V2X9M3P8R5T0W6Y"}"#).unwrap();
        assert_eq!(patch.experiment.unwrap().as_str(), "01K1N6ZQ4B7V2X9M3P8R5T0W6Y");
        let patch: OffloadPatch = serde_json::from_str(r#"{"ceiling": 40000}"#).unwrap();
        assert_eq!(patch.ceiling, Some(Some(Tokens::new(40_000).unwrap())));
        assert!(serde_json::from_str::<OffloadPatch>("{}").unwrap().is_empty());
        assert!(serde_json::from_str::<OffloadPatch>(r#"{"ceiling": "off"}"#).is_err());
        assert!(serde_json::from_str::<OffloadPatch>(r#"{"default": 1, "other": 2}"#).is_err());
        assert!(serde_json::from_str::<OffloadPatch>("[1000]").is_err());
        assert!(serde_json::from_str::<OffloadPatch>(r#"{"default": 1, "default": 2}"#).is_err());
        let back = serde_json::to_string(&OffloadPatch { default: Some(None), ..OffloadPatch::default() }).unwrap();
        assert_eq!(back, r#"{"default":null}"#);
    }
}
