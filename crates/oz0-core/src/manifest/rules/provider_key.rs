use super::super::finding::Finding;
use super::super::yaml::Node;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks that the plugin asks for no model provider's key: no secret, setting or environment
    /// variable such as `OPENAI_API_KEY`, `ANTHROPIC_API_KEY`, `GOOGLE_API_KEY` or `HF_TOKEN`, and no
    /// key written into the manifest itself.
    ///
    /// ## Why is this bad?
    /// A plugin OZ verifies never holds a provider's key (house rule OZ-S017). A model call made with
    /// the plugin's own key goes around the job's budget, the tenant's quotas and data rules, the
    /// trace and the audit trail, and the key is one more secret to leak. A tool that needs a model
    /// asks the platform for one.
    ///
    /// ## Example
    /// ```yaml
    /// secrets:
    ///   OPENAI_API_KEY: {description: "For embeddings"}
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// requires:
    ///   models:
    ///     gateway: [openai-embeddings]
    /// ```
    pub(crate) struct ProviderKey {
        code: "OZ-S017",
        name: "provider-key",
        severity: Error,
        listing: false,
        summary: "the plugin asks for no model provider's key",
    }
}

/// Names of model providers as they appear in the names of their keys.
const PROVIDERS: [&str; 24] = [
    "OPENAI",
    "ANTHROPIC",
    "CLAUDE",
    "GOOGLE",
    "GEMINI",
    "VERTEX",
    "MISTRAL",
    "COHERE",
    "GROQ",
    "TOGETHER",
    "DEEPSEEK",
    "XAI",
    "GROK",
    "PERPLEXITY",
    "PPLX",
    "OPENROUTER",
    "FIREWORKS",
    "REPLICATE",
    "HF",
    "HUGGINGFACE",
    "VOYAGE",
    "AI21",
    "CEREBRAS",
    "BEDROCK",
];

const HELP: &str = "declare `requires.models` (sampling, or a gateway format) and let the platform make the model call";

impl ProviderKey {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let root = &cx.doc.root;
        for (section, what) in [("secrets", "secret"), ("config", "setting")] {
            for (key, _) in root.get(section).and_then(Node::entries).unwrap_or_default() {
                let name = key.key_text();
                if is_provider_key(&name) {
                    out.push(
                        Finding::new(
                            &Self::RULE,
                            key.span,
                            format!("the plugin asks for a model provider's key, the {what} `{name}`"),
                            "a provider's key",
                        )
                        .help(HELP),
                    );
                }
            }
        }
        for tool in root.get("tools").and_then(Node::items).unwrap_or_default() {
            for (key, value) in tool.get("env").and_then(Node::entries).unwrap_or_default() {
                let name = key.key_text();
                let written = value.as_str().unwrap_or_default();
                if is_provider_key(&name) {
                    out.push(
                        Finding::new(
                            &Self::RULE,
                            key.span,
                            format!("the tool's server is given a model provider's key, `{name}`"),
                            "a provider's key",
                        )
                        .help(HELP),
                    );
                } else if looks_like_a_key(written) {
                    out.push(
                        Finding::new(
                            &Self::RULE,
                            value.span,
                            format!("`{name}` holds what looks like a provider's key, written into the manifest"),
                            "a key in plain text",
                        )
                        .help(format!("remove the key, revoke it, and {HELP}")),
                    );
                }
            }
        }
    }
}

/// Returns whether a variable's or setting's name is a model provider's key: a provider's name with
/// `KEY` or `TOKEN`, in any case and with any separator.
pub(crate) fn is_provider_key(name: &str) -> bool {
    let upper = name.to_uppercase();
    let words: Vec<&str> = upper.split(|c: char| !c.is_ascii_alphanumeric()).filter(|w| !w.is_empty()).collect();
    let provider = words.iter().any(|w| PROVIDERS.contains(w));
    let key = words.iter().any(|w| matches!(*w, "KEY" | "APIKEY" | "TOKEN"));
    provider && key
}

/// Returns whether a value looks like a provider's API key.
fn looks_like_a_key(value: &str) -> bool {
    let value = value.trim();
    ["sk-", "sk_live", "AIza", "hf_", "gsk_", "xai-"].iter().any(|p| value.starts_with(p))
        && value.len() >= 20
        && !value.contains(' ')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tells_provider_keys() {
        for name in
            ["OPENAI_API_KEY", "anthropic-api-key", "GOOGLE_API_KEY", "HF_TOKEN", "openai.apiKey", "AZURE_OPENAI_KEY"]
        {
            assert!(is_provider_key(name), "{name}");
        }
        for name in ["GITHUB_TOKEN", "GOOGLE_CLIENT_SECRET", "DATABASE_URL", "OPENAI_BASE_URL"] {
            assert!(!is_provider_key(name), "{name}");
        }
    }
}
