//! The findings of `plugin lint` for people (miette, with source snippets), for programs (JSON) and for
//! code scanning (SARIF 2.1.0).

use std::path::Path;

use oz0_core::manifest::{Finding, Listing, Severity, rules};
use serde_json::{Value, json};

/// Where the listing linted came from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ListingSource {
    /// `oz0-listing.json`.
    File,
    /// Measured by this run.
    Measured,
}

/// A lint's findings, and what they are about.
pub struct Report<'a> {
    pub path: &'a Path,
    pub text: &'a str,
    pub findings: &'a [Finding],
    pub listing: Option<(&'a Listing, bool, ListingSource)>,
}

/// Returns "1 error", "2 warnings".
pub fn count(n: usize, what: &str) -> String {
    format!("{n} {what}{}", if n == 1 { "" } else { "s" })
}

impl Report<'_> {
    fn errors(&self) -> usize {
        self.findings.iter().filter(|f| f.severity() == Severity::Error).count()
    }

    fn warnings(&self) -> usize {
        self.findings.len() - self.errors()
    }

    fn name(&self) -> String {
        self.path.display().to_string()
    }

    /// Returns each finding drawn by miette with its source snippet, then a summary line.
    pub fn human(&self, colour: bool) -> String {
        let theme = if colour { miette::GraphicalTheme::unicode() } else { miette::GraphicalTheme::unicode_nocolor() };
        let handler = miette::GraphicalReportHandler::new_themed(theme).with_width(100).with_links(false);
        let mut out = String::new();
        for finding in self.findings {
            let report = miette::Report::new(finding.clone())
                .with_source_code(miette::NamedSource::new(self.name(), self.text.to_owned()));
            if handler.render_report(&mut out, report.as_ref()).is_err() {
                out.push_str(&format!("{}: {}\n", finding.rule.code, finding.message));
            }
            out.push('\n');
        }
        let summary = match (self.errors(), self.warnings()) {
            (0, 0) => format!("{}: no findings", self.name()),
            (e, w) => format!("{}: {}, {}", self.name(), count(e, "error"), count(w, "warning")),
        };
        out.push_str(&summary);
        out.push('\n');
        out
    }

    /// Returns the findings as the documented JSON object (format 1).
    pub fn json(&self) -> Value {
        let findings: Vec<Value> = self
            .findings
            .iter()
            .map(|f| {
                let (line, column) = f.line_column(self.text);
                let (end_line, end_column) = f.end_line_column(self.text);
                json!({
                    "code": f.rule.code,
                    "name": f.rule.name,
                    "severity": f.severity().as_str(),
                    "message": f.message,
                    "label": f.label,
                    "help": f.help,
                    "url": f.rule.url(),
                    "file": self.name(),
                    "line": line,
                    "column": column,
                    "end_line": end_line,
                    "end_column": end_column,
                    "offset": f.span.offset,
                    "length": f.span.len,
                })
            })
            .collect();
        json!({
            "format": 1,
            "manifest": self.name(),
            "listing": self.listing.map(|(l, older, source)| json!({
                "source": match source { ListingSource::File => "file", ListingSource::Measured => "measured" },
                "measured_at": l.measured_at,
                "older_than_manifest": older,
            })),
            "findings": findings,
            "summary": {"errors": self.errors(), "warnings": self.warnings()},
        })
    }

    /// Returns the findings as a SARIF 2.1.0 log.
    pub fn sarif(&self) -> Value {
        let level = |s: Severity| match s {
            Severity::Error => "error",
            Severity::Warning => "warning",
        };
        let rules: Vec<Value> = rules::ALL
            .iter()
            .map(|r| {
                json!({
                    "id": r.code,
                    "name": r.name,
                    "shortDescription": {"text": r.summary},
                    "fullDescription": {"text": r.summary},
                    "help": {"text": r.explanation(), "markdown": r.explanation()},
                    "helpUri": r.url(),
                    "defaultConfiguration": {"level": level(r.severity)},
                })
            })
            .collect();
        let uri = self.name().replace('\\', "/");
        let results: Vec<Value> = self
            .findings
            .iter()
            .map(|f| {
                let (line, column) = f.line_column(self.text);
                let (end_line, end_column) = f.end_line_column(self.text);
                let mut message = f.message.clone();
                if let Some(help) = &f.help {
                    message.push_str(&format!(" ({help})"));
                }
                json!({
                    "ruleId": f.rule.code,
                    "ruleIndex": rules::ALL.iter().position(|r| r.code == f.rule.code),
                    "level": level(f.severity()),
                    "message": {"text": message},
                    "locations": [{
                        "physicalLocation": {
                            "artifactLocation": {"uri": uri},
                            "region": {
                                "startLine": line, "startColumn": column, "endLine": end_line, "endColumn": end_column,
                                "byteOffset": f.span.offset, "byteLength": f.span.len,
                            },
                        },
                        "message": {"text": f.label},
                    }],
                })
            })
            .collect();
        json!({
            "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
            "version": "2.1.0",
            "runs": [{
                "tool": {"driver": {
                    "name": "oz0",
                    "version": env!("CARGO_PKG_VERSION"),
                    "informationUri": "https://docs.oz0.ai/build/plugins/structure/lint-rules",
                    "rules": rules,
                }},
                "columnKind": "unicodeCodePoints",
                "results": results,
            }],
        })
    }
}
