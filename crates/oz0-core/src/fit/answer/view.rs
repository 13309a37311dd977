//! The four views of a document, biggest first.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A view of a document: how much of it an answer holds.
///
/// Views are ordered by size: `Stub < Summary < Section < Full`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum View {
    /// Metadata, size and the outline (headings, keys, paths, line ranges), each part with its weight.
    Stub,
    /// The outline with each part's first sentence, cut from the text.
    Summary,
    /// The whole parts a query names.
    Section,
    /// The whole document.
    Full,
}

impl View {
    /// All views, biggest first.
    pub const ALL: [View; 4] = [View::Full, View::Section, View::Summary, View::Stub];

    /// Returns the view's name as the convention spells it.
    pub fn as_str(self) -> &'static str {
        match self {
            View::Stub => "stub",
            View::Summary => "summary",
            View::Section => "section",
            View::Full => "full",
        }
    }
}

impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing a view name that is not one of the four.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown view `{0}`: expected one of full, section, summary, stub")]
pub struct UnknownView(pub String);

impl FromStr for View {
    type Err = UnknownView;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "stub" => Ok(View::Stub),
            "summary" => Ok(View::Summary),
            "section" => Ok(View::Section),
            "full" => Ok(View::Full),
            _ => Err(UnknownView(s.to_owned())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn views_order_by_size() {
        assert!(View::Stub < View::Summary && View::Summary < View::Section && View::Section < View::Full);
    }

    #[test]
    fn parses_the_four_names_and_refuses_others() {
        for view in View::ALL {
            assert_eq!(view.as_str().parse::<View>(), Ok(view));
        }
        let err = "outline".parse::<View>().unwrap_err();
        assert_eq!(err.to_string(), "unknown view `outline`: expected one of full, section, summary, stub");
    }
}
