//! What a document is read as, detected from its name and content.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use super::code::lang::Lang;

/// How a document is split into parts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Kind {
    /// Parts are headings; fenced code is not a heading.
    Markdown,
    /// Parts are top-level keys or items, read in the one-line-per-value form.
    Json,
    /// Parts are files, sub-parts hunks.
    Diff,
    /// Parts are runs of lines.
    Text,
    /// Parts are definitions, nested as the language nests them.
    Code(Lang),
}

impl Kind {
    /// Every kind, in the order `--kind` lists them.
    pub const ALL: [Kind; 14] = [
        Kind::Markdown,
        Kind::Json,
        Kind::Diff,
        Kind::Text,
        Kind::Code(Lang::Rust),
        Kind::Code(Lang::Python),
        Kind::Code(Lang::JavaScript),
        Kind::Code(Lang::TypeScript),
        Kind::Code(Lang::Go),
        Kind::Code(Lang::C),
        Kind::Code(Lang::Cpp),
        Kind::Code(Lang::Java),
        Kind::Code(Lang::Ruby),
        Kind::Code(Lang::Shell),
    ];

    /// Returns the kind's name: a language's for code.
    pub fn as_str(self) -> &'static str {
        match self {
            Kind::Markdown => "markdown",
            Kind::Json => "json",
            Kind::Diff => "diff",
            Kind::Text => "text",
            Kind::Code(lang) => lang.as_str(),
        }
    }

    /// Returns the language of source code, when the kind is code.
    pub fn lang(self) -> Option<Lang> {
        match self {
            Kind::Code(lang) => Some(lang),
            _ => None,
        }
    }

    /// Returns the kind a file name says, if its extension is known.
    pub fn from_name(name: &str) -> Option<Kind> {
        let file = name.rsplit(['/', '\\']).next().unwrap_or(name);
        if matches!(file, "Rakefile" | "Gemfile") {
            return Some(Kind::Code(Lang::Ruby));
        }
        let (_, ext) = file.rsplit_once('.')?;
        let ext = ext.to_ascii_lowercase();
        match ext.as_str() {
            "md" | "markdown" | "mdx" | "mkd" => Some(Kind::Markdown),
            "json" | "geojson" | "ipynb" | "jsonld" => Some(Kind::Json),
            "diff" | "patch" => Some(Kind::Diff),
            "txt" | "log" | "text" => Some(Kind::Text),
            ext => Lang::from_extension(ext).map(Kind::Code),
        }
    }

    /// Returns the kind the start of a document looks like.
    ///
    /// `head` is the document's first bytes (64 KiB is plenty); `complete` says whether it is the whole
    /// document, so that a JSON value can be checked to the end.
    pub fn sniff(head: &[u8], complete: bool) -> Kind {
        let text = match std::str::from_utf8(head) {
            Ok(text) => text,
            Err(err) => std::str::from_utf8(&head[..err.valid_up_to()]).unwrap_or_default(),
        };
        let trimmed = text.trim_start_matches('\u{feff}').trim_start();
        if trimmed.starts_with('{') || trimmed.starts_with('[') {
            let looks_json = if complete {
                super::json::validate(text.as_bytes()).is_ok()
            } else {
                super::json::validate_prefix(text.as_bytes())
            };
            if looks_json {
                return Kind::Json;
            }
        }
        if let Some(lang) = interpreter(trimmed) {
            return Kind::Code(lang);
        }
        if looks_like_diff(text) {
            return Kind::Diff;
        }
        if looks_like_markdown(text) {
            return Kind::Markdown;
        }
        Kind::Text
    }

    /// Returns the kind of a document: the name's, else the content's.
    pub fn detect(name: Option<&str>, head: &[u8], complete: bool) -> Kind {
        name.and_then(Kind::from_name).unwrap_or_else(|| Kind::sniff(head, complete))
    }
}

/// Returns the language a script's `#!` line names.
fn interpreter(text: &str) -> Option<Lang> {
    let line = text.strip_prefix("#!")?.lines().next()?;
    let program = line.split_whitespace().find(|word| !word.ends_with("/env") && !word.starts_with('-'))?;
    let program = program.rsplit('/').next()?;
    let name = program.trim_end_matches(|c: char| c.is_ascii_digit() || c == '.');
    Some(match name {
        "sh" | "bash" | "zsh" | "ksh" | "dash" => Lang::Shell,
        "python" => Lang::Python,
        "node" | "nodejs" | "deno" | "bun" => Lang::JavaScript,
        "ruby" => Lang::Ruby,
        _ => return None,
    })
}

fn looks_like_diff(text: &str) -> bool {
    let mut minus = false;
    let mut plus = false;
    for line in text.lines().take(2000) {
        if line.starts_with("diff --git ") {
            return true;
        }
        if line.starts_with("--- ") {
            minus = true;
        } else if minus && line.starts_with("+++ ") {
            plus = true;
        } else if plus && line.starts_with("@@ -") {
            return true;
        } else {
            minus = false;
            plus = false;
        }
    }
    false
}

fn looks_like_markdown(text: &str) -> bool {
    text.lines().take(2000).any(|line| {
        super::split::markdown::atx_heading(line.as_bytes()).is_some()
            || super::split::markdown::fence(line.as_bytes()).is_some()
    })
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// The error of parsing a kind name that oz0 does not know.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error(
    "unknown kind `{0}`: expected one of markdown, json, diff, text, rust, python, javascript, typescript, go, c, cpp, \
     java, ruby, shell"
)]
pub struct UnknownKind(pub String);

impl FromStr for Kind {
    type Err = UnknownKind;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.to_ascii_lowercase();
        match lower.as_str() {
            "markdown" | "md" => Ok(Kind::Markdown),
            "json" => Ok(Kind::Json),
            "diff" | "patch" => Ok(Kind::Diff),
            "text" | "txt" | "plain" => Ok(Kind::Text),
            "c++" => Ok(Kind::Code(Lang::Cpp)),
            name => Lang::ALL
                .into_iter()
                .find(|lang| lang.as_str() == name)
                .or_else(|| Lang::from_extension(name))
                .map(Kind::Code)
                .ok_or_else(|| UnknownKind(s.to_owned())),
        }
    }
}

impl Serialize for Kind {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

impl<'de> Deserialize<'de> for Kind {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let name = String::deserialize(deserializer)?;
        name.parse().map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_decide_first() {
        assert_eq!(Kind::detect(Some("docs/README.md"), b"plain", true), Kind::Markdown);
        assert_eq!(Kind::detect(Some("a.patch"), b"# not a heading", true), Kind::Diff);
        assert_eq!(Kind::detect(Some("data.JSON"), b"", true), Kind::Json);
        assert_eq!(Kind::detect(Some("server.log"), b"# x", true), Kind::Text);
        assert_eq!(Kind::detect(Some("src/cli.rs"), b"", true), Kind::Code(Lang::Rust));
        assert_eq!(Kind::detect(Some("lib/x.HPP"), b"", true), Kind::Code(Lang::Cpp));
        assert_eq!(Kind::detect(Some("Rakefile"), b"", true), Kind::Code(Lang::Ruby));
    }

    #[test]
    fn content_decides_without_a_known_name() {
        assert_eq!(Kind::sniff(b"{\"a\": [1, 2]}", true), Kind::Json);
        assert_eq!(Kind::sniff(b"  [1, 2", false), Kind::Json);
        assert_eq!(Kind::sniff(b"[1, 2", true), Kind::Text);
        assert_eq!(Kind::sniff(b"[link](x) is not json", true), Kind::Text);
        assert_eq!(Kind::sniff(b"diff --git a/x b/x\n", true), Kind::Diff);
        assert_eq!(Kind::sniff(b"--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b\n", true), Kind::Diff);
        assert_eq!(Kind::sniff(b"intro\n\n## Install\n", true), Kind::Markdown);
        assert_eq!(Kind::sniff(b"```\ncode\n```\n", true), Kind::Markdown);
        assert_eq!(Kind::sniff(b"2026-01-01 INFO started\n", true), Kind::Text);
        assert_eq!(Kind::sniff(b"#!/usr/bin/env python3\nimport os\n", true), Kind::Code(Lang::Python));
        assert_eq!(Kind::sniff(b"#!/bin/bash -eu\n# Install\n", true), Kind::Code(Lang::Shell));
    }

    #[test]
    fn parses_names_and_aliases() {
        assert_eq!("md".parse::<Kind>(), Ok(Kind::Markdown));
        assert_eq!("Patch".parse::<Kind>(), Ok(Kind::Diff));
        assert!("yaml".parse::<Kind>().is_err());
        assert_eq!("Rust".parse::<Kind>(), Ok(Kind::Code(Lang::Rust)));
        assert_eq!("py".parse::<Kind>(), Ok(Kind::Code(Lang::Python)));
    }
}
