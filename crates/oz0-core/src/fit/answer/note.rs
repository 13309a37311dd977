//! The fit note every fitted answer carries.

use serde::{Deserialize, Serialize};

use super::view::View;

/// The bound that made an answer fall to a smaller view or cut its outline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Bound {
    /// The caller's budget in tokens, or the characters it allows (`chars_of(budget)`).
    Budget,
    /// `CAP`: the most tokens any fitted answer holds.
    Cap,
    /// The tool's own bound in characters.
    Chars,
    /// `CAP_CHARS`: the most characters any fitted answer holds.
    CapChars,
}

impl Bound {
    /// Returns the bound's name as the fit note spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            Bound::Budget => "budget",
            Bound::Cap => "cap",
            Bound::Chars => "chars",
            Bound::CapChars => "cap_chars",
        }
    }
}

/// What an answer holds and what it left out: `{"view", "budget", "size", "tokens", "omitted", "bound",
/// "truncated"}`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema)]
pub struct FitNote {
    /// The view returned.
    pub view: View,
    /// The budget asked for, if any.
    pub budget: Option<u64>,
    /// The weight of the whole document in tokens.
    pub size: u64,
    /// The weight of what was returned in tokens.
    pub tokens: u64,
    /// One sentence naming what was left out and how to ask for it; `None` when nothing was.
    pub omitted: Option<String>,
    /// The bound that made the answer fall to a smaller view or cut its outline.
    pub bound: Option<Bound>,
    /// Whether a bound cut the answer: the view fell from the one asked for (or from `full`), or the
    /// outline was cut.
    pub truncated: bool,
}
