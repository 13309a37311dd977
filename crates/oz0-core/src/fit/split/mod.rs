//! Splitting a document into parts, a line at a time: the `Split` trait each kind's splitter
//! implements, the line it is shown, and the marks it leaves.
//!
//! A splitter sees one line at a time, its first bytes only, and marks where parts begin; `Marks` works
//! out where they end. The indexer drives the splitters and knows them; they know nothing of it.

pub(crate) mod code;
pub(crate) mod diff;
pub(crate) mod json;
pub(crate) mod line;
pub(crate) mod markdown;
pub(crate) mod marks;
pub(crate) mod text;

use line::{Line, Split};
use marks::Marks;

/// One of the splitters, chosen by the document's kind.
#[derive(Debug)]
pub(crate) enum Splitter {
    Markdown(markdown::MarkdownSplitter),
    Json(json::JsonSplitter),
    Diff(diff::DiffSplitter),
    Text(text::TextSplitter),
    Code(code::CodeSplitter),
}

impl Splitter {
    fn as_split(&mut self) -> &mut dyn Split {
        match self {
            Splitter::Markdown(s) => s,
            Splitter::Json(s) => s,
            Splitter::Diff(s) => s,
            Splitter::Text(s) => s,
            Splitter::Code(s) => s,
        }
    }

    /// Shows the splitter a line, `text`, that ends at `offset` after the line `prev`, and moves the marks
    /// on to the next line.
    pub fn show(&mut self, marks: &mut Marks, offset: u64, text: &[u8], prev: &[u8]) {
        marks.line_ends(offset);
        let line = Line { text, prev, no: marks.line_no() };
        // Called for every line, so matched here rather than through `as_split`, which the compiler cannot
        // inline.
        match self {
            Splitter::Markdown(s) => s.line(line, marks),
            Splitter::Json(s) => s.line(line, marks),
            Splitter::Diff(s) => s.line(line, marks),
            Splitter::Text(s) => s.line(line, marks),
            Splitter::Code(s) => s.line(line, marks),
        }
        marks.next_line_begins(offset);
    }

    /// Tells the splitter of a plain line (`Split::quiet`), matched here rather than through
    /// `as_split`, which the compiler cannot inline.
    pub fn plain(&mut self, blank: bool) {
        match self {
            Splitter::Markdown(s) => s.plain(blank),
            Splitter::Json(s) => s.plain(blank),
            Splitter::Diff(s) => s.plain(blank),
            Splitter::Text(s) => s.plain(blank),
            Splitter::Code(s) => s.plain(blank),
        }
    }

    /// Returns whether the splitter takes plain lines without being shown them (`Split::quiet`).
    pub fn quiet(&mut self) -> bool {
        self.as_split().quiet()
    }

    /// Adds what the end of the document completes.
    pub fn finish(&mut self, marks: &mut Marks) {
        self.as_split().finish(marks);
    }
}
