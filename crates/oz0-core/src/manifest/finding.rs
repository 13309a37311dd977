//! A finding of the linter: data, shown by miette with its source snippet.

use std::fmt;

use super::rules::rule::{Rule, Severity};
use super::yaml::{Span, line_column};

/// One thing a rule found, pointing at a key or a value of the manifest.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Finding {
    /// The rule that found it.
    pub rule: &'static Rule,
    /// What was found, in one line.
    pub message: String,
    /// Where in the manifest.
    pub span: Span,
    /// What the snippet's label says at the span.
    pub label: String,
    /// What to do about it.
    pub help: Option<String>,
}

impl Finding {
    /// Returns a finding of `rule` at `span`.
    pub fn new(rule: &'static Rule, span: Span, message: impl Into<String>, label: impl Into<String>) -> Self {
        Self { rule, message: message.into(), span, label: label.into(), help: None }
    }

    /// Adds what to do about it.
    #[must_use]
    pub fn help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }

    /// Returns the finding's severity, its rule's.
    pub fn severity(&self) -> Severity {
        self.rule.severity
    }

    /// Returns the 1-based line and column where it starts in `text`.
    pub fn line_column(&self, text: &str) -> (usize, usize) {
        line_column(text, self.span.offset)
    }

    /// Returns the 1-based line and column where it ends in `text` (exclusive).
    pub fn end_line_column(&self, text: &str) -> (usize, usize) {
        line_column(text, self.span.offset + self.span.len)
    }
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Finding {}

impl miette::Diagnostic for Finding {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.rule.code))
    }

    fn severity(&self) -> Option<miette::Severity> {
        Some(match self.rule.severity {
            Severity::Warning => miette::Severity::Warning,
            Severity::Error => miette::Severity::Error,
        })
    }

    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help.as_ref().map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }

    fn url<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.rule.url()))
    }

    fn labels(&self) -> Option<Box<dyn Iterator<Item = miette::LabeledSpan> + '_>> {
        let label = miette::LabeledSpan::new_primary_with_span(Some(self.label.clone()), self.span);
        Some(Box::new(std::iter::once(label)))
    }
}
