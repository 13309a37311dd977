//! The offload threshold: how many tokens of a tool's result a model reads inline before the runtime keeps
//! the result as a file of the job's tree and hands the model a stub.
//!
//! The threshold is the agent's `offload` (tokens, or `off`) within the tenant's ceiling, else the tenant's
//! default, else [`PLATFORM_DEFAULT`]. `off` with a ceiling set is the ceiling.
//!
//! ```
//! use oz0_core::offload::{Offload, OffloadSettings, Source, Tokens, threshold};
//!
//! let tenant = OffloadSettings { default: Some(Offload::Tokens(Tokens::new(20_000)?)), ceiling: Some(Tokens::new(40_000)?) };
//! let nothing = threshold(None, &tenant);
//! assert_eq!((nothing.threshold, nothing.from), (Offload::Tokens(Tokens::new(20_000)?), Source::TenantDefault));
//! let off = threshold(Some(Offload::Off), &tenant);
//! assert_eq!((off.threshold, off.from), (Offload::Tokens(Tokens::new(40_000)?), Source::Ceiling));
//! # Ok::<(), oz0_core::offload::OffloadError>(())
//! ```

use std::borrow::Cow;
use std::fmt;
use std::str::FromStr;

use schemars::{JsonSchema, Schema, SchemaGenerator, json_schema};
use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};

/// The threshold of an agent that says nothing, in a tenant that sets nothing.
pub const PLATFORM_DEFAULT: u32 = 10_000;

/// The fewest tokens an offload setting may name.
pub const MIN_TOKENS: u32 = 1;

/// The most tokens an offload setting may name.
pub const MAX_TOKENS: u32 = 1_000_000;

/// Why an offload setting was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum OffloadError {
    /// A number outside 1 to 1,000,000.
    #[error("{0} is not a whole number of tokens from 1 to 1,000,000")]
    OutOfRange(String),
    /// Something that is neither a number of tokens nor `off`.
    #[error("`{0}` is not a whole number of tokens from 1 to 1,000,000, nor `off`")]
    NotOffload(String),
    /// A default above the ceiling, which no agent that says nothing could get.
    #[error(
        "the default ({default}) is above the ceiling ({ceiling}): an agent that says nothing would get the \
         ceiling, not the default"
    )]
    DefaultAboveCeiling {
        /// The default asked for.
        default: Offload,
        /// The ceiling in force.
        ceiling: Tokens,
    },
}

/// A number of tokens of an offload setting, from 1 to 1,000,000.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(transparent)]
pub struct Tokens(u32);

impl Tokens {
    /// Returns `n` tokens, or an error when `n` is outside 1 to 1,000,000.
    pub fn new(n: u64) -> Result<Self, OffloadError> {
        match u32::try_from(n) {
            Ok(n) if (MIN_TOKENS..=MAX_TOKENS).contains(&n) => Ok(Self(n)),
            _ => Err(OffloadError::OutOfRange(n.to_string())),
        }
    }

    /// Returns the number of tokens.
    pub fn get(self) -> u32 {
        self.0
    }
}

impl fmt::Display for Tokens {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl FromStr for Tokens {
    type Err = OffloadError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        if s.is_empty() || !s.bytes().all(|b| b.is_ascii_digit()) {
            return Err(match s.strip_prefix('-') {
                Some(rest) if !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_digit()) => {
                    OffloadError::OutOfRange(s.to_owned())
                }
                _ => OffloadError::NotOffload(s.to_owned()),
            });
        }
        match s.parse::<u64>() {
            Ok(n) => Self::new(n),
            Err(_) => Err(OffloadError::OutOfRange(s.to_owned())),
        }
    }
}

impl<'de> Deserialize<'de> for Tokens {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(OffloadVisitor { off: false }).and_then(|offload| match offload {
            Offload::Tokens(tokens) => Ok(tokens),
            Offload::Off => Err(de::Error::custom("expected a whole number of tokens from 1 to 1,000,000")),
        })
    }
}

impl JsonSchema for Tokens {
    fn schema_name() -> Cow<'static, str> {
        "Tokens".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A whole number of tokens from 1 to 1,000,000.",
            "type": "integer",
            "minimum": MIN_TOKENS,
            "maximum": MAX_TOKENS,
        })
    }
}

/// An offload setting: a number of tokens, or `off` (never offload). On the wire, a number or `"off"`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Offload {
    /// Results that weigh more than this are offloaded.
    Tokens(Tokens),
    /// Results are never offloaded (within a ceiling, the ceiling applies).
    Off,
}

impl Offload {
    /// Returns the tokens, or `None` for `off`.
    pub fn tokens(self) -> Option<Tokens> {
        match self {
            Offload::Tokens(tokens) => Some(tokens),
            Offload::Off => None,
        }
    }
}

impl fmt::Display for Offload {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Offload::Tokens(tokens) => tokens.fmt(f),
            Offload::Off => f.write_str("off"),
        }
    }
}

impl FromStr for Offload {
    type Err = OffloadError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s.trim() == "off" { Ok(Offload::Off) } else { s.parse().map(Offload::Tokens) }
    }
}

impl Serialize for Offload {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Offload::Tokens(tokens) => serializer.serialize_u32(tokens.get()),
            Offload::Off => serializer.serialize_str("off"),
        }
    }
}

impl<'de> Deserialize<'de> for Offload {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        deserializer.deserialize_any(OffloadVisitor { off: true })
    }
}

impl JsonSchema for Offload {
    fn schema_name() -> Cow<'static, str> {
        "Offload".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        json_schema!({
            "description": "A whole number of tokens from 1 to 1,000,000, or \"off\".",
            "oneOf": [
                {"type": "integer", "minimum": MIN_TOKENS, "maximum": MAX_TOKENS},
                {"const": "off"},
            ],
        })
    }
}

/// Reads a number of tokens, and `"off"` when `off` is allowed.
struct OffloadVisitor {
    off: bool,
}

impl OffloadVisitor {
    fn range<E: de::Error>(value: impl fmt::Display) -> E {
        E::custom(OffloadError::OutOfRange(value.to_string()))
    }
}

impl Visitor<'_> for OffloadVisitor {
    type Value = Offload;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.off {
            f.write_str("a whole number of tokens from 1 to 1,000,000, or \"off\"")
        } else {
            f.write_str("a whole number of tokens from 1 to 1,000,000")
        }
    }

    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Offload, E> {
        Tokens::new(v).map(Offload::Tokens).map_err(|_| Self::range(v))
    }

    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Offload, E> {
        match u64::try_from(v) {
            Ok(v) => self.visit_u64(v),
            Err(_) => Err(Self::range(v)),
        }
    }

    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Offload, E> {
        Err(E::invalid_type(de::Unexpected::Float(v), &self))
    }

    fn visit_str<E: de::Error>(self, v: &str) -> Result<Offload, E> {
        if self.off && v == "off" { Ok(Offload::Off) } else { Err(E::invalid_value(de::Unexpected::Str(v), &self)) }
    }
}

/// A tenant's offload settings: the default an agent that says nothing gets, and the ceiling no agent
/// passes. Either may be unset (`null`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct OffloadSettings {
    /// The threshold of an agent that says nothing: tokens, `"off"`, or `null` for the platform's 10,000.
    pub default: Option<Offload>,
    /// The most tokens any agent's threshold may be, or `null` for none.
    pub ceiling: Option<Tokens>,
}

impl OffloadSettings {
    /// Returns an error when the settings contradict each other: a default above the ceiling, `off`
    /// included.
    pub fn check(&self) -> Result<(), OffloadError> {
        match (self.default, self.ceiling) {
            (Some(default @ Offload::Off), Some(ceiling)) => {
                Err(OffloadError::DefaultAboveCeiling { default, ceiling })
            }
            (Some(default @ Offload::Tokens(tokens)), Some(ceiling)) if tokens > ceiling => {
                Err(OffloadError::DefaultAboveCeiling { default, ceiling })
            }
            _ => Ok(()),
        }
    }
}

/// Where a threshold came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Source {
    /// The agent's own `offload`.
    Agent,
    /// The tenant's ceiling, which the agent's or the default's value passed.
    Ceiling,
    /// The tenant's default, as the agent said nothing.
    TenantDefault,
    /// The platform's 10,000, as neither the agent nor the tenant said anything.
    PlatformDefault,
}

impl Source {
    /// Returns the source in words, such as "the tenant's ceiling".
    pub fn describe(self) -> &'static str {
        match self {
            Source::Agent => "the agent's own",
            Source::Ceiling => "the tenant's ceiling",
            Source::TenantDefault => "the tenant's default",
            Source::PlatformDefault => "the platform's default",
        }
    }
}

/// The threshold an agent gets, and why.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Threshold {
    /// Results weighing more than this many tokens are offloaded; `"off"`: none are.
    pub threshold: Offload,
    /// Which setting decided it.
    pub from: Source,
}

/// Returns the threshold of an agent whose `offload` is `agent` (`None` when it says nothing) in a
/// tenant with `tenant`'s settings.
pub fn threshold(agent: Option<Offload>, tenant: &OffloadSettings) -> Threshold {
    let (wanted, from) = match (agent, tenant.default) {
        (Some(agent), _) => (agent, Source::Agent),
        (None, Some(default)) => (default, Source::TenantDefault),
        (None, None) => (Offload::Tokens(Tokens(PLATFORM_DEFAULT)), Source::PlatformDefault),
    };
    match (wanted, tenant.ceiling) {
        (Offload::Off, Some(ceiling)) => Threshold { threshold: Offload::Tokens(ceiling), from: Source::Ceiling },
        (Offload::Tokens(tokens), Some(ceiling)) if tokens > ceiling => {
            Threshold { threshold: Offload::Tokens(ceiling), from: Source::Ceiling }
        }
        _ => Threshold { threshold: wanted, from },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn t(n: u32) -> Tokens {
        Tokens(n)
    }

    fn settings(default: Option<Offload>, ceiling: Option<u32>) -> OffloadSettings {
        OffloadSettings { default, ceiling: ceiling.map(t) }
    }

    fn at(n: u32, from: Source) -> Threshold {
        Threshold { threshold: Offload::Tokens(t(n)), from }
    }

    #[test]
    fn nothing_set_gives_the_platform_default() {
        assert_eq!(threshold(None, &settings(None, None)), at(10_000, Source::PlatformDefault));
    }

    #[test]
    fn the_agent_wins_within_the_ceiling() {
        let tenant = settings(Some(Offload::Tokens(t(20_000))), Some(40_000));
        assert_eq!(threshold(Some(Offload::Tokens(t(30_000))), &tenant), at(30_000, Source::Agent));
        assert_eq!(threshold(Some(Offload::Tokens(t(5))), &tenant), at(5, Source::Agent));
        assert_eq!(threshold(Some(Offload::Tokens(t(40_000))), &tenant), at(40_000, Source::Agent));
        assert_eq!(threshold(Some(Offload::Tokens(t(40_001))), &tenant), at(40_000, Source::Ceiling));
    }

    #[test]
    fn off_is_the_ceiling_when_there_is_one() {
        assert_eq!(threshold(Some(Offload::Off), &settings(None, Some(40_000))), at(40_000, Source::Ceiling));
        let off = threshold(Some(Offload::Off), &settings(Some(Offload::Tokens(t(9))), None));
        assert_eq!(off, Threshold { threshold: Offload::Off, from: Source::Agent });
    }

    #[test]
    fn the_default_applies_to_an_agent_that_says_nothing() {
        let tenant = settings(Some(Offload::Tokens(t(20_000))), None);
        assert_eq!(threshold(None, &tenant), at(20_000, Source::TenantDefault));
        let off = threshold(None, &settings(Some(Offload::Off), None));
        assert_eq!(off, Threshold { threshold: Offload::Off, from: Source::TenantDefault });
    }

    #[test]
    fn the_platform_default_is_capped_by_the_ceiling() {
        assert_eq!(threshold(None, &settings(None, Some(5_000))), at(5_000, Source::Ceiling));
        assert_eq!(threshold(None, &settings(None, Some(50_000))), at(10_000, Source::PlatformDefault));
    }

    #[test]
    fn a_default_above_the_ceiling_is_refused() {
        assert!(settings(Some(Offload::Tokens(t(40_000))), Some(40_000)).check().is_ok());
        let err = settings(Some(Offload::Tokens(t(50_000))), Some(40_000)).check().unwrap_err();
        assert_eq!(
            err.to_string(),
            "the default (50000) is above the ceiling (40000): an agent that says nothing would get the ceiling, \
             not the default"
        );
        assert!(settings(Some(Offload::Off), Some(40_000)).check().is_err());
        assert!(settings(Some(Offload::Off), None).check().is_ok());
    }

    #[test]
    fn parses_tokens_and_off() {
        assert_eq!("20000".parse::<Offload>(), Ok(Offload::Tokens(t(20_000))));
        assert_eq!("off".parse::<Offload>(), Ok(Offload::Off));
        assert_eq!("1".parse::<Tokens>(), Ok(t(1)));
        assert_eq!("1000000".parse::<Tokens>(), Ok(t(1_000_000)));
        for bad in ["0", "1000001", "-5", "99999999999999999999999"] {
            assert!(matches!(bad.parse::<Tokens>(), Err(OffloadError::OutOfRange(_))), "{bad}");
        }
        for bad in ["", "1.5", "20k", "of", "1e3"] {
            assert!(matches!(bad.parse::<Offload>(), Err(OffloadError::NotOffload(_))), "{bad}");
        }
    }

    #[test]
    fn reads_and_writes_json() {
        let s: OffloadSettings = serde_json::from_str(r#"{"default": "off", "ceiling": null}"#).unwrap();
        assert_eq!(s, settings(Some(Offload::Off), None));
        assert_eq!(serde_json::to_string(&s).unwrap(), r#"{"default":"off","ceiling":null}"#);
        let s: OffloadSettings = serde_json::from_str(r#"{"default": 20000, "ceiling": 40000}"#).unwrap();
        assert_eq!(s, settings(Some(Offload::Tokens(t(20_000))), Some(40_000)));
        for bad in [
            r#"{"default": 0}"#,
            r#"{"default": 1.5}"#,
            r#"{"default": "20000"}"#,
            r#"{"ceiling": "off"}"#,
            r#"{"default": -1}"#,
            r#"{"default": 2000000}"#,
            r#"{"colour": 1}"#,
        ] {
            assert!(serde_json::from_str::<OffloadSettings>(bad).is_err(), "{bad}");
        }
        let err = serde_json::from_str::<OffloadSettings>(r#"{"default": 0}"#).unwrap_err().to_string();
        assert!(err.starts_with("0 is not a whole number of tokens from 1 to 1,000,000"), "{err}");
    }
}
