use super::super::finding::Finding;
use super::super::model::SAMPLING_ALIASES;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks `requires.models.sampling`: an alias, `default`, `fast` or `smart` (which every tenant
    /// has) or a name of your own that the operator maps to a model at install, never a provider's
    /// model.
    ///
    /// ## Why is this bad?
    /// The platform answers sampling requests with the model the alias stands for in the tenant; a
    /// provider's model name (`gpt-4o`, `claude-sonnet-4`) chooses nothing there, and ties the plugin
    /// to a model the tenant may not have or allow. An alias with spaces or capitals cannot be mapped.
    ///
    /// ## Example
    /// ```yaml
    /// requires:
    ///   models:
    ///     sampling: gpt-4o
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// requires:
    ///   models:
    ///     sampling: default
    /// ```
    pub(crate) struct SamplingAlias {
        code: "OZ-M001",
        name: "sampling-alias",
        severity: Error,
        listing: false,
        summary: "the sampling model is an alias (default, fast, smart or the operator's), not a provider's model",
    }
}

/// Beginnings of providers' model names.
const MODEL_PREFIXES: [&str; 16] = [
    "gpt-",
    "gpt4",
    "o1",
    "o3",
    "o4",
    "chatgpt",
    "claude",
    "gemini",
    "gemma",
    "mistral",
    "mixtral",
    "llama",
    "command-",
    "text-embedding",
    "deepseek",
    "grok",
];

impl SamplingAlias {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let Some(node) = cx.doc.root.pointer("/requires/models/sampling") else {
            return;
        };
        let Some(alias) = node.as_str() else { return };
        if SAMPLING_ALIASES.contains(&alias) {
            return;
        }
        let lower = alias.to_lowercase();
        let help =
            "name `default`, `fast`, `smart`, or an alias of your own that the operator maps to a model at install";
        if lower.contains('/') || MODEL_PREFIXES.iter().any(|p| lower.starts_with(p)) {
            out.push(
                Finding::new(
                    &Self::RULE,
                    node.span,
                    format!("`{alias}` names a provider's model, not an alias"),
                    "a model, not an alias",
                )
                .help(help),
            );
        } else if !is_alias(alias) {
            out.push(
                Finding::new(&Self::RULE, node.span, format!("`{alias}` is not an alias name"), "not an alias name")
                    .help(format!("{help}: lowercase letters, digits, `-` and `_`")),
            );
        }
    }
}

fn is_alias(name: &str) -> bool {
    let mut bytes = name.bytes();
    bytes.next().is_some_and(|b| b.is_ascii_lowercase())
        && bytes.all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-' || b == b'_')
        && name.len() <= 64
}
