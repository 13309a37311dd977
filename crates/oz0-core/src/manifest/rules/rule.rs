//! A lint rule: its code, its name, how bad what it finds is, and its explanation; and `rule!`, which
//! declares one.

use std::fmt;

use serde::Serialize;

/// How bad a finding is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Severity {
    /// The plugin works, but not as well as it could, or not as its author thinks.
    Warning,
    /// The platform will refuse the plugin or a call, or do something the author did not mean.
    Error,
}

impl Severity {
    /// Returns the severity as JSON and SARIF spell it: `error` or `warning`.
    pub fn as_str(self) -> &'static str {
        match self {
            Severity::Warning => "warning",
            Severity::Error => "error",
        }
    }
}

/// A lint rule: its code, its name, how bad what it finds is, and its explanation.
#[derive(Debug, PartialEq, Eq)]
pub struct Rule {
    /// The stable code, such as `OZ-F001`.
    pub code: &'static str,
    /// A short name in kebab case, such as `results-block`.
    pub name: &'static str,
    /// How bad what it finds is.
    pub severity: Severity,
    /// What it checks, in one line.
    pub summary: &'static str,
    /// Whether it needs the measured listing of the plugin's servers.
    pub needs_listing: bool,
    /// The doc comment's lines, which `explanation` makes the `--explain` page of; set by `rule!`.
    pub(super) explain: &'static str,
}

impl Rule {
    /// Returns the page `--explain` prints: What it does, Why is this bad?, Example, Use instead.
    pub fn explanation(&self) -> String {
        let mut page = String::new();
        for line in self.explain.lines() {
            page.push_str(line.strip_prefix(' ').unwrap_or(line));
            page.push('\n');
        }
        page.trim().to_owned() + "\n"
    }

    /// Returns the address of the rule's page in the platform's documentation.
    pub fn url(&self) -> String {
        format!("https://docs.oz0.ai/build/plugins/structure/lint-rules#{}", self.code.to_lowercase())
    }
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.code, self.name)
    }
}

/// Declares a rule: a unit struct whose doc comment is its `--explain` page, and its [`Rule`].
macro_rules! rule {
    (
        $(#[doc = $doc:literal])*
        $vis:vis struct $name:ident {
            code: $code:literal,
            name: $slug:literal,
            severity: $severity:ident,
            listing: $listing:literal,
            summary: $summary:literal $(,)?
        }
    ) => {
        $(#[doc = $doc])*
        #[derive(Debug)]
        $vis struct $name;

        impl $name {
            pub(crate) const RULE: $crate::manifest::rules::rule::Rule = $crate::manifest::rules::rule::Rule {
                code: $code,
                name: $slug,
                severity: $crate::manifest::rules::rule::Severity::$severity,
                summary: $summary,
                needs_listing: $listing,
                explain: concat!($($doc, "\n"),*),
            };
        }
    };
}
pub(crate) use rule;
