//! The outline of a document, for its stub and its summary: a line a part with its lines and weight.

use std::fmt::Write as _;

use super::bounds::Limits;
use crate::fit::index::Index;
use crate::fit::io::source::{Source, whole_chars};
use crate::fit::kind::Kind;
use crate::fit::split::marks::Part;
use crate::fit::split::{diff, markdown, text};
use crate::fit::tokens::estimate::weigh;
use crate::fit::{code, json};

/// How many bytes of a part are read to find its first sentence.
const SENTENCE_BYTES: u64 = 2048;

/// What every line of the outline ends with, at the least (`part_line`).
const SHORTEST_LINE: &str = " (0 tokens)\n";

/// Returns the first line of a stub or summary: what the document is and how big.
pub(crate) fn header(index: &Index, name: Option<&str>) -> String {
    let name = name.unwrap_or("document");
    let parts = match index.parts.len() {
        1 => "1 part".to_owned(),
        n => format!("{n} parts"),
    };
    format!(
        "{name}: {}, {} tokens, {} lines, {} bytes, {parts}\n",
        index.kind(),
        index.weight,
        index.lines,
        index.bytes
    )
}

/// Returns a part's line of the outline, with its first sentence when one is given.
fn part_line(index: &Index, part: &Part, sentence: Option<&str>) -> String {
    let kind = index.kind();
    let mut line = String::new();
    if kind == Kind::Markdown && part.level > 0 {
        for _ in 0..part.level {
            line.push('#');
        }
        line.push(' ');
    } else {
        for _ in 0..part.depth {
            line.push_str("  ");
        }
    }
    line.push_str(index.label(part));
    line.push_str(" (");
    let detail = index.detail(part);
    if !detail.is_empty() {
        line.push_str(detail);
        line.push_str(", ");
    }
    if kind != Kind::Text {
        let _ = write!(line, "{}, ", lines_phrase(part.lines));
    }
    let _ = write!(line, "{} tokens)", index.part_weight(part));
    if let Some(sentence) = sentence {
        line.push_str(": ");
        line.push_str(sentence);
    }
    line.push('\n');
    line
}

/// Returns a part's first sentence, cut from its own text.
fn sentence<S: Source + ?Sized>(index: &Index, id: usize, source: &S) -> Result<Option<String>, S::Error> {
    let kind = index.kind();
    let part = &index.parts[id];
    let (from, to) = match kind {
        Kind::Markdown => (part.body, index.own_end(id)),
        Kind::Diff if part.level == 1 => return Ok(None),
        _ => (part.start, part.end),
    };
    let bytes = source.read(from..to.min(from + SENTENCE_BYTES))?;
    let text = whole_chars(&bytes);
    Ok(match kind {
        Kind::Markdown => markdown::first_sentence(&text),
        Kind::Diff => diff::first_change(&text),
        Kind::Json => json::preview(&text),
        Kind::Code(_) => code::signature(&text),
        _ => text::first_sentence(&text),
    })
}

/// Tracks what a text being built weighs, line by line.
struct Tally {
    text: String,
    chars: u64,
    tokens: u64,
}

impl Tally {
    fn new(first: String) -> Self {
        let chars = first.chars().count() as u64;
        let tokens = weigh(&first);
        Self { text: first, chars, tokens }
    }

    /// Returns whether `line` fits after what is there, by the weights of the lines alone.
    fn room_for(&self, line: &str, limits: &Limits, reserve: (u64, u64)) -> bool {
        self.chars + line.chars().count() as u64 + reserve.0 <= limits.chars
            && self.tokens + weigh(line) + reserve.1 <= limits.tokens
    }

    fn push(&mut self, line: &str) {
        self.chars += line.chars().count() as u64;
        self.tokens += weigh(line);
        self.text.push_str(line);
    }
}

/// Returns the summary (the outline with each part's first sentence) when all of it fits `limits`.
pub(crate) fn summary<S: Source + ?Sized>(
    index: &Index,
    source: &S,
    name: Option<&str>,
    limits: &Limits,
) -> Result<Option<String>, S::Error> {
    let mut tally = Tally::new(header(index, name));
    // Each part's line holds at least `SHORTEST_LINE`: when that much for every part is already more
    // characters than the limits allow, the summary cannot fit, and no part need be read back to see it.
    let shortest = SHORTEST_LINE.len() as u64;
    if tally.chars.saturating_add(shortest.saturating_mul(index.parts.len() as u64)) > limits.chars {
        return Ok(None);
    }
    for (id, part) in index.parts.iter().enumerate() {
        let sentence = sentence(index, id, source)?;
        let line = entry(index, id, part_line(index, part, sentence.as_deref()), source)?;
        if !tally.room_for(&line, limits, (0, 0)) {
            return Ok(None);
        }
        tally.push(&line);
    }
    if let Some(whole) = lighter_whole(index, source, &tally.text, limits)? {
        return Ok(Some(whole));
    }
    Ok(limits.admits(&tally.text).then_some(tally.text))
}

/// Returns a part without parts of its own in place of its outline line when its text weighs no more:
/// an outline never costs more than the parts it stands for. A part with parts keeps its line, which
/// says what they weigh together.
fn entry<S: Source + ?Sized>(index: &Index, id: usize, line: String, source: &S) -> Result<String, S::Error> {
    let part = &index.parts[id];
    // The index knows what the part weighs: only a part no heavier than its line is read.
    if index.own_end(id) != part.end || index.part_weight(part) > weigh(&line) {
        return Ok(line);
    }
    let mut own = whole_chars(&source.read(part.start..part.end)?).into_owned();
    if !own.ends_with('\n') {
        own.push('\n');
    }
    Ok(if weigh(&own) <= weigh(&line) { own } else { line })
}

/// Returns the whole document in place of an outline that would weigh more, when the whole fits
/// `limits`: a summary or stub of many tiny parts is then the document itself, never more.
fn lighter_whole<S: Source + ?Sized>(
    index: &Index,
    source: &S,
    outline: &str,
    limits: &Limits,
) -> Result<Option<String>, S::Error> {
    // An empty document keeps its header, which says it is empty.
    if weigh(outline) <= index.weight || index.bytes == 0 {
        return Ok(None);
    }
    let whole = whole_chars(&source.read(0..index.bytes)?).into_owned();
    Ok(limits.admits(&whole).then_some(whole))
}

/// The stub, and what its outline left out.
#[derive(Debug)]
pub(crate) struct Stub {
    pub text: String,
    /// The parts the outline does not show, when it was cut.
    pub cut: Option<Cut>,
}

/// What a cut outline left out.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Cut {
    /// Parts not shown.
    pub hidden: usize,
    /// The deepest level shown, when deeper ones were left out.
    pub depth: Option<u8>,
}

/// Returns the stub: the header and as much of the outline as fits, shallow levels first.
///
/// When every part does not fit, deeper parts are left out first; when the top level alone does not fit,
/// its last parts are. A line at the end counts what was cut. When even the header does not fit it is cut
/// to the limits, so the stub always fits.
pub(crate) fn stub<S: Source + ?Sized>(
    index: &Index,
    source: &S,
    name: Option<&str>,
    limits: &Limits,
) -> Result<Stub, S::Error> {
    let header = header(index, name);
    if !limits.admits(&header) {
        return Ok(Stub {
            text: shortened_header(&header, limits),
            cut: (!index.parts.is_empty()).then_some(Cut { hidden: index.parts.len(), depth: None }),
        });
    }
    let depth = deepest_fitting(index, &header, limits);
    let shown_depth = depth.unwrap_or(0);
    let mut tally = Tally::new(header);
    let reserve = (64, 24);
    let mut shown = 0usize;
    let mut stopped = false;
    for (id, part) in index.parts.iter().enumerate().filter(|(_, p)| p.depth <= shown_depth) {
        let line = entry(index, id, part_line(index, part, None), source)?;
        if !tally.room_for(&line, limits, if depth.is_some() { (0, 0) } else { reserve }) {
            stopped = true;
            break;
        }
        tally.push(&line);
        shown += 1;
    }
    let hidden = index.parts.len() - shown;
    let cut = (hidden > 0).then_some(Cut { hidden, depth: depth.filter(|_| !stopped) });
    if let Some(cut) = cut {
        let line = match cut.depth {
            Some(_) => format!("… {hidden} deeper parts not shown\n"),
            None => format!("… {hidden} more parts not shown\n"),
        };
        if tally.room_for(&line, limits, (0, 0)) {
            tally.push(&line);
        }
    }
    // The weights of lines alone can differ from the weight of the whole by a little; drop lines from
    // the end until the whole fits.
    let mut text = tally.text;
    while !limits.admits(&text) {
        let keep = text[..text.len() - 1].rfind('\n').map_or(0, |i| i + 1);
        if keep == 0 {
            text = limits.cut(&text);
            break;
        }
        text.truncate(keep);
    }
    if cut.is_none()
        && let Some(whole) = lighter_whole(index, source, &text, limits)?
    {
        text = whole;
    }
    Ok(Stub { text, cut })
}

/// Returns as many of the header's fields as fit (`name: kind, 120 tokens`), whole; only a name too long
/// for the limits alone is cut.
fn shortened_header(header: &str, limits: &Limits) -> String {
    let line = header.trim_end_matches('\n');
    let mut ends: Vec<usize> = line.match_indices(", ").map(|(at, _)| at).collect();
    if let Some(colon) = line.find(": ") {
        ends.insert(0, colon);
    }
    ends.iter()
        .rev()
        .map(|&end| format!("{}\n", &line[..end]))
        .find(|text| limits.admits(text))
        .unwrap_or_else(|| limits.cut(line))
}

/// Returns the deepest level at which every part at or above it fits after `header`; `None` when the
/// top level alone does not fit.
fn deepest_fitting(index: &Index, header: &str, limits: &Limits) -> Option<u8> {
    // Depths are found as the parts are read, rather than first in a pass of their own: a large file
    // has millions of parts, and the outline is most often cut long before their end.
    const DEPTHS: usize = u8::MAX as usize + 1;
    let (mut chars, mut tokens) = ([0u64; DEPTHS], [0u64; DEPTHS]);
    let base = (header.chars().count() as u64, weigh(header));
    let mut deepest = 0;
    // The shallowest depth whose outline, with every level above it, no longer fits: deeper parts
    // need not be measured.
    let mut over = DEPTHS;
    for part in &index.parts {
        let d = part.depth as usize;
        if d >= over {
            continue;
        }
        deepest = deepest.max(d);
        let line = part_line(index, part, None);
        chars[d] += line.chars().count() as u64;
        tokens[d] += weigh(&line);
        let (mut c, mut t) = base;
        for depth in 0..=deepest.min(over - 1) {
            c += chars[depth];
            t += tokens[depth];
            if c > limits.chars || t > limits.tokens {
                over = depth;
                break;
            }
        }
        if over == 0 {
            return None;
        }
    }
    Some(deepest.min(over - 1) as u8)
}

/// Returns "line 5" or "lines 5-20".
pub(crate) fn lines_phrase((a, b): (u64, u64)) -> String {
    if a == b { format!("line {a}") } else { format!("lines {a}-{b}") }
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;
    use std::cell::Cell;
    use std::ops::Range;

    use super::*;
    use crate::fit::answer::request::Request;
    use crate::fit::answer::view::View;
    use crate::fit::io::read::index_text;

    /// A document that counts the reads of it.
    struct Counted<'a> {
        text: &'a str,
        reads: Cell<usize>,
    }

    impl Source for Counted<'_> {
        type Error = std::convert::Infallible;

        fn read(&self, range: Range<u64>) -> Result<Cow<'_, [u8]>, Self::Error> {
            self.reads.set(self.reads.get() + 1);
            self.text.read(range)
        }
    }

    fn headings(n: usize) -> String {
        let more = "Then it says a good deal more, over sentences the summary leaves out.";
        (0..n).map(|i| format!("## Part {i}\n\nIt says one thing. {more}\n\n")).collect()
    }

    fn summary_of(text: &str, budget: u64) -> (Option<String>, usize) {
        let (_, index) = index_text(text, Kind::Markdown);
        let request = Request { view: Some(View::Summary), budget: Some(budget), ..Request::default() };
        let source = Counted { text, reads: Cell::new(0) };
        let summary = summary(&index, &source, None, &Limits::new(&request)).unwrap_or_else(|never| match never {});
        (summary, source.reads.get())
    }

    #[test]
    fn a_summary_of_more_parts_than_its_characters_allow_reads_nothing() {
        // 2,000 tokens allow 16,000 characters, fewer than 1,400 parts take at twelve characters each.
        let (summary, reads) = summary_of(&headings(1400), 2000);
        assert_eq!((summary, reads), (None, 0));
    }

    #[test]
    fn a_summary_that_fits_reads_its_parts() {
        let (summary, reads) = summary_of(&headings(20), 2000);
        assert_eq!(reads, 20);
        assert!(summary.is_some_and(|s| s.contains("## Part 19 (") && s.contains(": It says one thing.")));
    }
}
