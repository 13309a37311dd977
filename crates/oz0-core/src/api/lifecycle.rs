//! How long a tenant's data is kept, what is held beyond that, and what an erasure removed.
//!
//! A file leaves a tree [`Retention::files`] after that tree last stored it (90 days unless the tenant
//! sets another); a job's payloads (what it was asked and answered, its messages, its trace's texts) go
//! [`Retention::jobs`] after it ended, when the tenant sets that. A [`Hold`] keeps what it names beyond
//! both, and refuses its erasure. An erasure removes payloads and keeps the numbers: steps, tokens, costs.

use std::fmt;
use std::str::FromStr;

use schemars::JsonSchema;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::file::TreeId;

/// A length of time as people write it: a whole number of seconds (`30s`), minutes (`15m`), hours
/// (`12h`) or days (`90d`). It is written back in the largest of those units that divides it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Lifetime {
    seconds: u64,
}

/// How long a file is kept after a tree last stored it, unless the tenant says otherwise: 90 days.
pub const DEFAULT_FILE_LIFETIME: Lifetime = Lifetime { seconds: 90 * 86_400 };

/// The longest lifetime that may be set: 100 years, past which milliseconds still fit any store.
const MAX_SECONDS: u64 = 100 * 366 * 86_400;

/// The units a [`Lifetime`] is written in, largest first.
const UNITS: [(char, u64); 4] = [('d', 86_400), ('h', 3_600), ('m', 60), ('s', 1)];

impl Lifetime {
    /// Returns the lifetime of `seconds`, when it is at least one second and at most 100 years.
    pub fn from_seconds(seconds: u64) -> Option<Self> {
        (1..=MAX_SECONDS).contains(&seconds).then_some(Self { seconds })
    }

    /// Returns its seconds.
    pub fn seconds(self) -> u64 {
        self.seconds
    }

    /// Returns its milliseconds.
    pub fn millis(self) -> u64 {
        self.seconds * 1_000
    }
}

impl fmt::Display for Lifetime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (unit, size) =
            UNITS.iter().copied().find(|(_, size)| self.seconds.is_multiple_of(*size)).unwrap_or(('s', 1));
        write!(f, "{}{unit}", self.seconds / size)
    }
}

/// Why a text is not a [`Lifetime`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "'{text}' is not a length of time: write a whole number and a unit, such as 90d, 12h, 15m or 30s (at most 100 years)"
)]
pub struct LifetimeError {
    text: String,
}

impl FromStr for Lifetime {
    type Err = LifetimeError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let err = || LifetimeError { text: text.to_owned() };
        let trimmed = text.trim();
        let unit = trimmed.chars().last().ok_or_else(err)?;
        let size = UNITS.iter().find(|(u, _)| *u == unit).map(|(_, size)| *size).ok_or_else(err)?;
        let number = &trimmed[..trimmed.len() - unit.len_utf8()];
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(err());
        }
        let count: u64 = number.parse().map_err(|_| err())?;
        count.checked_mul(size).and_then(Self::from_seconds).ok_or_else(err)
    }
}

impl Serialize for Lifetime {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Lifetime {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = <std::borrow::Cow<'de, str>>::deserialize(deserializer)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl JsonSchema for Lifetime {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "Lifetime".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "type": "string",
            "pattern": "^[0-9]+[smhd]$",
            "description": "A whole number of seconds (30s), minutes (15m), hours (12h) or days (90d).",
        })
    }
}

/// How long a tenant's data is kept.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct Retention {
    /// How long a file stays in a tree after the tree last stored it.
    pub files: Lifetime,
    /// How long a job's payloads are kept after it ended; `null` keeps them until they are erased.
    pub jobs: Option<Lifetime>,
}

impl Default for Retention {
    fn default() -> Self {
        Self { files: DEFAULT_FILE_LIFETIME, jobs: None }
    }
}

/// What a hold or an erasure reaches: a job (with the files of its tree), a job tree (its files and
/// its jobs), or a conversation (each of its turns' jobs and trees).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub enum Scope {
    /// A job.
    Job(TreeId),
    /// A job tree.
    Tree(TreeId),
    /// A conversation.
    Conversation(TreeId),
}

impl Scope {
    /// Returns what it reaches: `job`, `tree` or `conversation`.
    pub fn kind(&self) -> &'static str {
        match self {
            Self::Job(_) => "job",
            Self::Tree(_) => "tree",
            Self::Conversation(_) => "conversation",
        }
    }

    /// Returns the ID it names.
    pub fn id(&self) -> &TreeId {
        match self {
            Self::Job(id) | Self::Tree(id) | Self::Conversation(id) => id,
        }
    }

    /// Returns the scope of `kind` (`job`, `tree` or `conversation`) and `id`.
    pub fn of(kind: &str, id: TreeId) -> Option<Self> {
        match kind {
            "job" => Some(Self::Job(id)),
            "tree" => Some(Self::Tree(id)),
            "conversation" => Some(Self::Conversation(id)),
            _ => None,
        }
    }
}

impl fmt::Display for Scope {
    /// Writes `job ID`, `tree ID` or `conversation ID`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.kind(), self.id())
    }
}

/// A legal hold: what it keeps beyond retention and from erasure, until it is released.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Hold {
    /// Its number, within the tenant.
    pub id: u64,
    /// What it keeps.
    pub scope: Scope,
    /// Why it was made.
    pub reason: Option<String>,
    /// Who made it.
    pub created_by: String,
    /// When, in RFC 3339 (UTC) with milliseconds.
    pub created_at: String,
    /// Who released it.
    pub released_by: Option<String>,
    /// When.
    pub released_at: Option<String>,
}

/// A hold to make.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct HoldRequest {
    /// What it keeps.
    pub scope: Scope,
    /// Why.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
}

/// An erasure to do.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct ErasureRequest {
    /// What to erase.
    pub scope: Scope,
}

/// What an erasure removed. Numbers (steps, tokens, costs) are kept; payloads are gone.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Erased {
    /// The jobs whose payloads it removed.
    pub jobs: u64,
    /// The files it removed from the scope's trees.
    pub files: u64,
    /// The messages of the jobs' histories it removed.
    pub messages: u64,
    /// The steps whose texts it removed.
    pub steps: u64,
}

impl Erased {
    /// Adds `other`'s counts to these.
    pub fn add(&mut self, other: Self) {
        self.jobs += other.jobs;
        self.files += other.files;
        self.messages += other.messages;
        self.steps += other.steps;
    }
}

/// An erasure done.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Erasure {
    /// What was erased.
    pub scope: Scope,
    /// What it removed: none when it had been erased before.
    pub erased: Erased,
}

/// A tenant's payload key made new: what the edge seals the tenant's payloads with from now on. The
/// keys before it are retired and kept, each to open what it sealed.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct PayloadKeyRotation {
    /// The new key's ID (16 hex digits), which every value it seals names.
    pub key: String,
    /// The ID of the key it replaced, when the tenant had one.
    pub retired: Option<String>,
    /// Whether the edge seals new payloads now: when it keeps them plain, the new key seals nothing
    /// until it is started with `--seal-payloads`.
    pub sealing: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lifetimes_are_read_in_their_units_and_written_in_the_largest() {
        let read = |text: &str| text.parse::<Lifetime>().map(|l| (l.seconds(), l.to_string()));
        assert_eq!(read("90d").unwrap(), (7_776_000, "90d".to_owned()));
        assert_eq!(read("48h").unwrap(), (172_800, "2d".to_owned()));
        assert_eq!(read("90m").unwrap(), (5_400, "90m".to_owned()));
        assert_eq!(read("30s").unwrap(), (30, "30s".to_owned()));
        assert_eq!(read("120s").unwrap().1, "2m");
        for bad in ["", "d", "90", "9.5d", "-1d", "0s", "1w", "1 d", "99999999999999999999d", "40000d"] {
            let err = read(bad).unwrap_err().to_string();
            assert!(err.contains("such as 90d"), "{bad}: {err}");
        }
        assert_eq!(DEFAULT_FILE_LIFETIME.to_string(), "90d");
    }

    #[test]
    fn retention_and_scopes_on_the_wire() {
        let retention = Retention { files: "30s".parse().unwrap(), jobs: None };
        let text = serde_json::to_string(&retention).unwrap();
        assert_eq!(text, r#"{"files":"30s","jobs":null}"#);
        assert_eq!(serde_json::from_str::<Retention>(&text).unwrap(), retention);
        assert!(serde_json::from_str::<Retention>(r#"{"files":"3x","jobs":null}"#).is_err());
        let scope = Scope::Conversation(TreeId::new("c-1").unwrap());
        assert_eq!(serde_json::to_value(&scope).unwrap(), serde_json::json!({"conversation": "c-1"}));
        assert_eq!(scope.to_string(), "conversation c-1");
        assert!(serde_json::from_value::<Scope>(serde_json::json!({"job": "a", "tree": "b"})).is_err());
    }
}
