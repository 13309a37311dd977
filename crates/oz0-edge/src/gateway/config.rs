//! The gateway's configuration: `gateway.toml`, one table per model alias.
//!
//! ```toml
//! [aliases.default]
//! provider = "anthropic"
//! base_url = "https://api.anthropic.com"
//! model = "claude-sonnet-4-5"
//! api_key_env = "ANTHROPIC_API_KEY"
//! input_usd_per_mtok = 3.0
//! output_usd_per_mtok = 15.0
//!
//! [aliases.fast]
//! provider = "openai"
//! base_url = "http://127.0.0.1:8080/v1"
//! model = "qwen3-8b"
//! timeout_secs = 60
//! ```

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::error::GatewayError;
use super::provider::Provider;

/// The whole configuration: the model aliases the edge knows, by name.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GatewayConfig {
    /// The aliases, such as `default`, `fast` and `smart`, and any an operator adds.
    #[serde(default)]
    pub aliases: BTreeMap<String, AliasConfig>,
    /// The alias each request format of a gateway token goes to, such as
    /// `openai-embeddings = "embed"`: an alias whose provider speaks that format.
    #[serde(default)]
    pub formats: BTreeMap<String, String>,
}

/// The model aliases every tenant has, whatever the operator configures: `default`, and `fast` and
/// `smart`, which answer as `default` when gateway.toml maps them to nothing of their own.
pub const STANDARD_ALIASES: [&str; 3] = ["default", "fast", "smart"];

/// The request formats a gateway token may call, and the provider that speaks each.
pub const FORMATS: [(&str, Option<Provider>); 5] = [
    ("openai-embeddings", Some(Provider::Openai)),
    ("openai-chat", Some(Provider::Openai)),
    ("openai-responses", Some(Provider::Openai)),
    ("anthropic-messages", Some(Provider::Anthropic)),
    // No provider of this format is supported yet: a plugin may declare it, and its calls are refused.
    ("google-generate-content", None),
];

/// Where one alias sends its requests, with which key, and what its tokens cost.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AliasConfig {
    /// The API the server speaks.
    pub provider: Provider,
    /// The root of the API, such as `https://api.openai.com/v1`, `http://127.0.0.1:8080/v1` or
    /// `https://api.anthropic.com`.
    pub base_url: String,
    /// The model, as the provider names it.
    pub model: String,
    /// The environment variable of the edge that holds the key; none for local servers.
    #[serde(default)]
    pub api_key_env: Option<String>,
    /// The price in US dollars of a million input tokens.
    #[serde(default)]
    pub input_usd_per_mtok: f64,
    /// The price in US dollars of a million output tokens.
    #[serde(default)]
    pub output_usd_per_mtok: f64,
    /// How long one attempt may take, in seconds.
    #[serde(default = "default_timeout_secs")]
    pub timeout_secs: u64,
    /// How many times a request is retried after a 429, a 5xx, a timeout or a connection error.
    #[serde(default = "default_max_retries")]
    pub max_retries: u32,
}

fn default_timeout_secs() -> u64 {
    120
}

fn default_max_retries() -> u32 {
    3
}

impl GatewayConfig {
    /// The name of the configuration file in the edge's directory.
    pub const FILE: &'static str = "gateway.toml";

    /// Reads `<dir>/gateway.toml`; returns `Ok(None)` when there is no such file.
    pub fn load(dir: &Path) -> Result<Option<Self>, GatewayError> {
        let path = dir.join(Self::FILE);
        let origin = path.display().to_string();
        // std rather than fs-err: the error's origin already names the path, which fs-err would repeat.
        match std::fs::read_to_string(&path) {
            Ok(text) => Self::parse(&text, &origin).map(Some),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(GatewayError::Config { origin, message: format!("could not read the file: {error}") }),
        }
    }

    /// Parses the text of a configuration; `origin` names where it came from in errors, which also
    /// name the line and the key that is wrong.
    pub fn parse(text: &str, origin: &str) -> Result<Self, GatewayError> {
        let config: Self = toml::from_str(text)
            .map_err(|error| GatewayError::Config { origin: origin.to_owned(), message: toml_message(text, &error) })?;
        for (alias, entry) in &config.aliases {
            entry.check(alias).map_err(|message| GatewayError::Config { origin: origin.to_owned(), message })?;
        }
        for (format, alias) in &config.formats {
            config
                .check_format(format, alias)
                .map_err(|message| GatewayError::Config { origin: origin.to_owned(), message })?;
        }
        Ok(config)
    }

    /// Returns the alias a request in `format` goes to: the one `[formats]` names, or else the only
    /// alias whose provider speaks the format. `None` when none does, or several do and `[formats]`
    /// does not choose.
    pub fn format_alias(&self, format: &str) -> Option<&str> {
        if let Some(alias) = self.formats.get(format) {
            return Some(alias);
        }
        match self.aliases_speaking(format).as_slice() {
            [alias] => Some(alias),
            _ => None,
        }
    }

    /// Returns the configured alias that answers for `alias`: itself when configured; for `fast` and
    /// `smart`, which every tenant has, `default` when the operator maps no other; `None` otherwise.
    pub fn resolve<'a>(&'a self, alias: &'a str) -> Option<&'a str> {
        if self.aliases.contains_key(alias) {
            return Some(alias);
        }
        let standard = STANDARD_ALIASES.contains(&alias) && self.aliases.contains_key(STANDARD_ALIASES[0]);
        standard.then_some(STANDARD_ALIASES[0])
    }

    /// Returns the configuration of the alias that answers for `alias` ([`resolve`](Self::resolve)).
    pub fn entry(&self, alias: &str) -> Option<&AliasConfig> {
        self.aliases.get(self.resolve(alias)?)
    }

    /// Returns the aliases a tenant may name: those configured, and `default`, `fast` and `smart`,
    /// with what answers for each of these (itself, or `default`).
    pub fn known(&self) -> Vec<String> {
        let mut known: Vec<String> = self.aliases.keys().cloned().collect();
        for alias in STANDARD_ALIASES {
            if !self.aliases.contains_key(alias) {
                known.push(alias.to_owned());
            }
        }
        known.sort();
        known
    }

    /// Returns the aliases whose provider speaks `format`.
    pub fn aliases_speaking(&self, format: &str) -> Vec<&str> {
        let speaks = FORMATS.iter().find(|(name, _)| *name == format).and_then(|(_, speaks)| *speaks);
        self.aliases
            .iter()
            .filter(|(_, entry)| Some(entry.provider) == speaks)
            .map(|(alias, _)| alias.as_str())
            .collect()
    }

    /// Returns what is wrong with `[formats]`'s `format = "alias"`.
    fn check_format(&self, format: &str, alias: &str) -> Result<(), String> {
        let names: Vec<&str> = FORMATS.iter().map(|(name, _)| *name).collect();
        let Some((_, speaks)) = FORMATS.iter().find(|(name, _)| *name == format) else {
            return Err(format!(
                "[formats] names `{format}`, which is not a format; the formats are {}",
                names.join(", ")
            ));
        };
        let Some(speaks) = speaks else {
            return Err(format!("[formats] `{format}` is not forwarded by oz0 yet; leave it out"));
        };
        let Some(entry) = self.aliases.get(alias) else {
            return Err(format!("[formats] `{format}` goes to the alias `{alias}`, which [aliases] does not define"));
        };
        if entry.provider != *speaks {
            return Err(format!(
                "[formats] `{format}` goes to the alias `{alias}`, whose provider is {}, not {speaks}",
                entry.provider
            ));
        }
        Ok(())
    }
}

impl AliasConfig {
    /// Returns what is wrong with values that TOML accepts but a request could not use.
    fn check(&self, alias: &str) -> Result<(), String> {
        let table = format!("[aliases.{alias}]");
        if alias.trim().is_empty() {
            return Err("an alias has an empty name; name it, such as `[aliases.fast]`".to_owned());
        }
        match reqwest::Url::parse(&self.base_url) {
            Ok(url) if matches!(url.scheme(), "http" | "https") => {}
            _ => {
                return Err(format!(
                    "{table} base_url `{}` is not an http or https URL; write it such as `https://api.openai.com/v1`",
                    self.base_url
                ));
            }
        }
        if self.model.trim().is_empty() {
            return Err(format!("{table} model is empty; name the provider's model"));
        }
        if let Some(env) = &self.api_key_env
            && env.trim().is_empty()
        {
            return Err(format!("{table} api_key_env is empty; name a variable or leave the key out"));
        }
        for (key, price) in
            [("input_usd_per_mtok", self.input_usd_per_mtok), ("output_usd_per_mtok", self.output_usd_per_mtok)]
        {
            if !price.is_finite() || price < 0.0 {
                return Err(format!("{table} {key} is {price}; a price is zero or more"));
            }
        }
        if self.timeout_secs == 0 {
            return Err(format!("{table} timeout_secs is 0; give each attempt at least a second"));
        }
        Ok(())
    }

    /// Returns what a call that read and wrote these many tokens costs, in US dollars.
    pub fn cost_usd(&self, tokens_in: u64, tokens_out: u64) -> f64 {
        // u64 to f64 loses precision only past 2^53 tokens, which no call reaches.
        tokens_in as f64 * self.input_usd_per_mtok / 1e6 + tokens_out as f64 * self.output_usd_per_mtok / 1e6
    }
}

/// Returns a one-line message for a TOML error, naming its line and the text there, which shows the
/// key; the crate's own rendering spans several lines, which reads badly after `error:`.
fn toml_message(text: &str, error: &toml::de::Error) -> String {
    let Some(span) = error.span() else {
        return error.message().to_owned();
    };
    let start = span.start.min(text.len());
    let line_start = text[..start].rfind('\n').map_or(0, |at| at + 1);
    let line_end = text[line_start..].find('\n').map_or(text.len(), |at| line_start + at);
    let number = text[..line_start].matches('\n').count() + 1;
    let line = text[line_start..line_end].trim();
    // The table the line sits in names the alias, which the line alone does not.
    let table = text[..line_start]
        .lines()
        .rev()
        .map(str::trim)
        .find(|earlier| earlier.starts_with('['))
        .filter(|_| !line.starts_with('['))
        .map(|table| format!(" in {table}"))
        .unwrap_or_default();
    if line.is_empty() {
        format!("line {number}{table}: {}", error.message())
    } else {
        format!("line {number} (`{line}`){table}: {}", error.message())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const GOOD: &str = r#"
[aliases.default]
provider = "anthropic"
base_url = "https://api.anthropic.com"
model = "claude-sonnet-4-5"
api_key_env = "ANTHROPIC_API_KEY"
input_usd_per_mtok = 3.0
output_usd_per_mtok = 15.0

[aliases.fast]
provider = "openai"
base_url = "http://127.0.0.1:8080/v1"
model = "qwen3-8b"
timeout_secs = 60
"#;

    #[test]
    fn fast_and_smart_answer_as_default_unless_configured() {
        let config: GatewayConfig = toml::from_str(
            "[aliases.default]\nprovider = \"openai\"\nbase_url = \"http://127.0.0.1:1/v1\"\nmodel = \"m\"\n\
             [aliases.smart]\nprovider = \"openai\"\nbase_url = \"http://127.0.0.1:1/v1\"\nmodel = \"big\"\n",
        )
        .unwrap();
        assert_eq!(
            (config.resolve("default"), config.resolve("fast"), config.resolve("smart"), config.resolve("huge")),
            (Some("default"), Some("default"), Some("smart"), None)
        );
        assert_eq!(config.entry("fast").map(|e| e.model.as_str()), Some("m"));
        assert_eq!(config.known(), ["default", "fast", "smart"]);
        let bare: GatewayConfig = toml::from_str("").unwrap();
        assert_eq!(bare.resolve("fast"), None, "nothing answers without a default");
    }

    #[test]
    fn parses_a_good_file_with_defaults() {
        let config = GatewayConfig::parse(GOOD, "gateway.toml").unwrap();
        assert_eq!(config.aliases.keys().collect::<Vec<_>>(), ["default", "fast"]);
        let default = &config.aliases["default"];
        assert_eq!(default.provider, Provider::Anthropic);
        assert_eq!(default.api_key_env.as_deref(), Some("ANTHROPIC_API_KEY"));
        assert_eq!(default.timeout_secs, 120);
        assert_eq!(default.max_retries, 3);
        let fast = &config.aliases["fast"];
        assert_eq!(fast.provider, Provider::Openai);
        assert_eq!(fast.api_key_env, None);
        assert_eq!(fast.input_usd_per_mtok, 0.0);
        assert_eq!(fast.timeout_secs, 60);
    }

    #[test]
    fn a_format_goes_to_the_only_alias_that_speaks_it_unless_formats_chooses() {
        let config = GatewayConfig::parse(GOOD, "gateway.toml").unwrap();
        assert_eq!(config.format_alias("anthropic-messages"), Some("default"));
        assert_eq!(config.format_alias("openai-embeddings"), Some("fast"));
        assert_eq!(config.format_alias("google-generate-content"), None);
        let two = format!(
            "{GOOD}\n[aliases.embed]\nprovider = \"openai\"\nbase_url = \"http://127.0.0.1:8081/v1\"\nmodel = \"e5\"\n"
        );
        let config = GatewayConfig::parse(&two, "gateway.toml").unwrap();
        assert_eq!(config.format_alias("openai-chat"), None, "two aliases speak it and none is chosen");
        assert_eq!(config.aliases_speaking("openai-chat"), ["embed", "fast"]);
        let chosen = format!("{two}\n[formats]\nopenai-embeddings = \"embed\"\n");
        let config = GatewayConfig::parse(&chosen, "gateway.toml").unwrap();
        assert_eq!(config.format_alias("openai-embeddings"), Some("embed"));
        assert_eq!(config.format_alias("openai-chat"), None);
    }

    #[test]
    fn an_empty_file_has_no_aliases() {
        assert_eq!(GatewayConfig::parse("", "gateway.toml").unwrap().aliases.len(), 0);
    }

    #[test]
    fn refuses_an_unknown_key_naming_it_and_the_file() {
        let text = GOOD.replace("timeout_secs = 60", "timeout = 60");
        let message = GatewayConfig::parse(&text, "/etc/oz0/gateway.toml").unwrap_err().to_string();
        assert!(
            message.starts_with("/etc/oz0/gateway.toml: line 14 (`timeout = 60`) in [aliases.fast]: "),
            "{message}"
        );
        assert!(message.contains("unknown field `timeout`"), "{message}");
        assert!(!message.contains('\n'), "{message}");
    }

    #[test]
    fn refuses_an_unknown_provider() {
        let text = GOOD.replace(r#"provider = "openai""#, r#"provider = "gemini""#);
        let message = GatewayConfig::parse(&text, "gateway.toml").unwrap_err().to_string();
        assert!(message.contains(r#"line 11 (`provider = "gemini"`) in [aliases.fast]: "#), "{message}");
        assert!(message.contains("unknown variant `gemini`"), "{message}");
    }

    #[test]
    fn refuses_bad_values_naming_the_alias_and_key() {
        let text = GOOD.replace("http://127.0.0.1:8080/v1", "127.0.0.1:8080");
        let message = GatewayConfig::parse(&text, "gateway.toml").unwrap_err().to_string();
        assert!(message.starts_with("gateway.toml: [aliases.fast] base_url `127.0.0.1:8080`"), "{message}");

        let text = GOOD.replace("output_usd_per_mtok = 15.0", "output_usd_per_mtok = -1.0");
        let message = GatewayConfig::parse(&text, "gateway.toml").unwrap_err().to_string();
        assert!(message.contains("[aliases.default] output_usd_per_mtok is -1"), "{message}");

        let text = GOOD.replace("timeout_secs = 60", "timeout_secs = 0");
        let message = GatewayConfig::parse(&text, "gateway.toml").unwrap_err().to_string();
        assert!(message.contains("[aliases.fast] timeout_secs is 0"), "{message}");
    }

    #[test]
    fn load_reads_the_file_or_finds_none() {
        let dir = tempfile::tempdir().unwrap();
        assert_eq!(GatewayConfig::load(dir.path()).unwrap(), None);
        std::fs::write(dir.path().join(GatewayConfig::FILE), GOOD).unwrap();
        let config = GatewayConfig::load(dir.path()).unwrap().unwrap();
        assert_eq!(config.aliases.len(), 2);
    }

    #[test]
    fn cost_is_priced_per_million_tokens() {
        let config = GatewayConfig::parse(GOOD, "gateway.toml").unwrap();
        let cost = config.aliases["default"].cost_usd(2_000, 500);
        assert!((cost - (0.006 + 0.0075)).abs() < 1e-12, "{cost}");
    }
}
