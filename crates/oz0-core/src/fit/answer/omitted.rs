//! The fit note's `omitted` sentence: what happened on the way to an answer, told once it is found.
//!
//! The views tried in turn tell a `Tale` which of them did not fit and why, or what a query missed; the
//! answer's note then says what was left out of it and how to ask for it.

use super::bounds::{Broken, Limits};
use super::note::{Bound, FitNote};
use super::outline::{Cut, Stub, lines_phrase};
use super::query::{self, Selection};
use super::request::{CAP, CAP_CHARS, Fitted, Request};
use super::view::View;
use crate::fit::index::Index;
use crate::fit::kind::Kind;
use crate::fit::split::marks::Part;
use crate::fit::tokens::estimate::weigh;

/// What happened on the way to an answer, told in its fit note.
pub(crate) struct Tale<'a> {
    index: &'a Index,
    request: &'a Request<'a>,
    limits: &'a Limits,
    doc: String,
    /// The first view that did not fit, and why.
    fall: Option<(Broken, Option<String>)>,
    missing: Option<String>,
    cut: Option<Cut>,
}

impl<'a> Tale<'a> {
    pub fn new(index: &'a Index, request: &'a Request<'a>, limits: &'a Limits) -> Self {
        let doc = request.name.map_or_else(|| "the document".to_owned(), |n| format!("'{n}'"));
        Self { index, request, limits, doc, fall: None, missing: None, cut: None }
    }

    /// Notes that the whole document, of `tokens`, broke a bound.
    pub fn whole_fell(&mut self, broken: Broken, tokens: u64) {
        let what = format!("the whole of {} ({tokens} tokens)", self.doc);
        self.fell(broken, what);
    }

    /// Notes that the selection a query named broke a bound, with its weight when it was measured.
    pub fn section_fell(&mut self, broken: Broken, selection: &Selection, tokens: Option<u64>) {
        let size = tokens.map(|t| format!(", {t} tokens")).unwrap_or_default();
        self.fell(broken, format!("{} ({}{size})", selection.what, lines_phrase(selection.lines)));
    }

    /// Notes that a view broke a bound, without saying what it held.
    pub fn fell_quietly(&mut self, broken: Broken) {
        self.fall.get_or_insert((broken, None));
    }

    /// Notes that the section view was asked for without a query.
    pub fn no_query(&mut self) {
        self.missing = Some("The section view needs a query: a heading, a path, a key or a line range.".into());
    }

    /// Notes that `query` named no part, and the parts nearest to it.
    pub fn no_match(&mut self, query: &str, nearest: &[String]) {
        // A line range that names no line says why, rather than being read as a name.
        let range = query
            .split_once('-')
            .and_then(|(a, b)| Some((a.trim().parse::<u64>().ok()?, b.trim().parse::<u64>().ok()?)));
        let lines = self.index.lines;
        self.missing = Some(match range {
            Some((start, end)) if end < start => {
                format!("'{query}' is not a line range: it ends before it starts; ask for such as '{end}-{start}'.")
            }
            Some((start, _)) if start > lines || start == 0 => {
                format!("The lines '{query}' are past the end: the text has {lines} lines, from 1.")
            }
            _ => {
                let names = nearest.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
                let nearest = if names.is_empty() { String::new() } else { format!(" (nearest: {names})") };
                format!("No part matches '{query}'{nearest}.")
            }
        });
    }

    /// Returns a query that would name a part, and a line range, for the note's "ask for" clause.
    fn examples(&self) -> String {
        let parts = &self.index.parts;
        // A part smaller than the whole makes the better example: a top heading often spans everything.
        let labelled = |p: &&Part| {
            let label = self.index.label(p);
            !label.is_empty() && !label.starts_with('(') && self.index.kind() != Kind::Text
        };
        let named = (0..parts.len())
            .filter(|&id| labelled(&&parts[id]))
            .find(|&id| parts[id].lines != (1, self.index.lines))
            .or_else(|| (0..parts.len()).find(|&id| labelled(&&parts[id])));
        let range = named
            .map(|id| &parts[id])
            .or_else(|| parts.iter().find(|p| p.lines.1 > p.lines.0))
            .map_or_else(|| format!("1-{}", self.index.lines.clamp(1, 40)), |p| format!("{}-{}", p.lines.0, p.lines.1));
        match named {
            Some(id) => {
                let query = query::query_for(self.index, id);
                format!("a query such as '{query}' or a line range such as '{range}'")
            }
            None => format!("a line range such as '{range}'"),
        }
    }

    fn fell(&mut self, broken: Broken, what: String) {
        self.fall.get_or_insert((broken, Some(what)));
    }

    /// Returns the stub as the answer, noting how its outline was cut, if it was.
    pub fn finish_stub(mut self, stub: Stub) -> Fitted {
        self.cut = stub.cut;
        self.finish(View::Stub, stub.text, None)
    }

    /// Returns the answer of `view`, `text`, with its fit note; `selection` is what a section holds.
    pub fn finish(self, view: View, text: String, selection: Option<&Selection>) -> Fitted {
        let tokens = weigh(&text);
        let size = self.index.weight;
        let mut said = Vec::new();
        if let Some((broken, Some(what))) = &self.fall {
            let what = capitalize(what);
            said.push(format!("{what} is over {}.", phrase(self.limits, *broken)));
        }
        if let Some(missing) = &self.missing {
            said.push(missing.clone());
        }
        let parts = self.index.parts.len();
        let doc = &self.doc;
        match view {
            View::Full => {}
            View::Section => {
                if let Some(selection) = selection {
                    let rest = size.saturating_sub(tokens);
                    let lines = lines_phrase(selection.lines);
                    let what = if selection.what.is_empty() { lines } else { format!("{} ({lines})", selection.what) };
                    if rest == 0 {
                        said.push(format!("This is {what}, all of {doc}."));
                    } else {
                        said.push(format!("This is {what}; the rest of {doc} ({rest} tokens) was left out."));
                    }
                    if let Some(&other) = selection.others.first() {
                        let part = &self.index.parts[other];
                        let name = if self.index.kind() == Kind::Markdown {
                            query::heading_path(self.index, other)
                        } else {
                            query::query_for(self.index, other)
                        };
                        let more = match selection.others.len() {
                            1 => "Another part matches too".to_owned(),
                            n => format!("{n} more parts match too, such as"),
                        };
                        said.push(format!(
                            "{more}: '{name}' ({}); ask for it by its heading path or its line range.",
                            lines_phrase(part.lines)
                        ));
                    }
                }
            }
            // An outline heavier than the document is the document itself (`outline::lighter_whole`).
            View::Summary | View::Stub if text.len() as u64 == self.index.bytes && tokens == size => said.push(format!(
                "This is the {} of {doc}: all of its text, as an outline of its {parts} parts would weigh more. To read \
                 a part alone, ask for the section view with {}.",
                view.as_str(),
                self.examples()
            )),
            View::Summary => said.push(format!(
                "This is the summary of {doc}: {parts} parts, each with its lines, tokens and first sentence; its text ({size} tokens) was left out. To read a part, ask for the section view with {}.",
                self.examples()
            )),
            View::Stub => {
                let outline = match self.cut {
                    None => format!("its outline ({parts} parts, each with its lines and tokens)"),
                    Some(cut) => match cut.depth {
                        Some(depth) => format!(
                            "its outline to depth {} ({} of {parts} parts; deeper parts were cut)",
                            depth + 1,
                            parts - cut.hidden
                        ),
                        None if cut.hidden == parts => {
                            format!("its header alone (the {parts} parts of its outline did not fit)")
                        }
                        None => format!("the first {} of the {parts} parts of its outline", parts - cut.hidden),
                    },
                };
                said.push(format!(
                    "This is the stub of {doc}: {outline}; its text ({size} tokens) was left out. To read a part, ask for the section view with {}, or for the summary with a bigger budget.",
                    self.examples()
                ));
            }
        }
        let cut_bound = self.cut.map(|_| {
            if (text.chars().count() as u64) + 80 >= self.limits.chars && tokens + 24 < self.limits.tokens {
                self.limits.char_bound
            } else {
                self.limits.token_bound
            }
        });
        let bound = self.fall.as_ref().map(|(broken, _)| broken.bound).or(cut_bound);
        let omitted = (!said.is_empty()).then(|| said.join(" "));
        Fitted {
            text,
            note: FitNote {
                view,
                budget: self.request.budget,
                size,
                tokens,
                omitted,
                bound,
                truncated: bound.is_some(),
            },
        }
    }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

/// Returns the words for a bound of `limits` broken: "the budget of 2000 tokens".
fn phrase(limits: &Limits, broken: Broken) -> String {
    match (broken.bound, broken.chars) {
        (Bound::Budget, false) => format!("the budget of {} tokens", limits.tokens),
        (Bound::Budget, true) => {
            format!("the {} characters a budget of {} tokens allows", limits.chars, limits.budget.unwrap_or(0))
        }
        (Bound::Cap, _) => format!("the cap of {CAP} tokens"),
        (Bound::Chars, _) => format!("the tool's bound of {} characters", limits.chars),
        (Bound::CapChars, _) => format!("the cap of {CAP_CHARS} characters"),
    }
}
