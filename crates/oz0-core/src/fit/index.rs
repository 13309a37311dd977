//! One pass over a document that finds its parts, their lines and their weights.
//!
//! The pass takes the document in chunks of any size and keeps only the parts found and the first bytes
//! of the current line, so that a file of any size is indexed in bounded memory.

use super::diff::DiffSplitter;
use super::json::JsonSplitter;
use super::markdown::MarkdownSplitter;
use super::text::TextSplitter;
use super::{Kind, Meter};

/// How many bytes of a line the splitters see; the rest of a longer line is measured, not parsed.
pub(crate) const LINE_PREFIX: usize = 1024;

/// A part of a document: a section, a top-level key or item, a file or hunk of a diff, a run of lines.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// How deep the part nests: 0 for a top-level part.
    pub depth: u8,
    /// The kind's own level: a heading's number of `#`, 1 for a diff's file and 2 for its hunk.
    pub level: u8,
    /// The heading, key, item, path or hunk header.
    pub label: String,
    /// What else the outline says of the part, such as a diff's `+3 -1`.
    pub detail: String,
    /// The first and last line, 1-based and inclusive.
    pub lines: (u64, u64),
    /// The byte range, its sub-parts included.
    pub start: u64,
    /// The end of the byte range, exclusive.
    pub end: u64,
    /// Where the part's own text begins, after its heading.
    pub body: u64,
    /// Where the part's own text ends: at its first sub-part, or at its end.
    pub own_end: u64,
    /// The weight in tokens, its sub-parts included.
    pub weight: u64,
    /// The index of the enclosing part.
    pub parent: Option<usize>,
}

/// What one pass found in a document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Index {
    /// What the document was read as.
    pub kind: Option<Kind>,
    /// The parts, in document order.
    pub parts: Vec<Part>,
    /// The document's size in bytes.
    pub bytes: u64,
    /// The document's size in characters (Unicode scalar values).
    pub chars: u64,
    /// The number of lines.
    pub lines: u64,
    /// The document's weight in tokens (`weigh`).
    pub weight: u64,
    /// The document's estimated tokens (`count`), long runs of white space counted as the estimate has it.
    pub count: u64,
}

impl Index {
    /// Returns the kind the document was read as.
    pub fn kind(&self) -> Kind {
        self.kind.unwrap_or(Kind::Text)
    }
}

/// A document's bytes were not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid UTF-8 at byte offset {offset}")]
pub struct InvalidUtf8 {
    /// The offset of the first byte that is not part of a UTF-8 character.
    pub offset: u64,
}

/// Where a part found on a line begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum At {
    /// At the line just read.
    Here,
    /// At the line before it (a setext heading's text, a diff's `---` line).
    Prev,
}

/// Where a part's own text begins.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Body {
    /// On the line the part begins at.
    ThisLine,
    /// After the line just read (after a heading).
    NextLine,
}

/// A point in the document where a part begins, or where parts end without a new one (`gap`).
#[derive(Debug, Clone)]
pub(crate) struct Mark {
    pub level: u8,
    pub label: String,
    pub detail: String,
    pub line: u64,
    pub offset: u64,
    pub weight: u64,
    pub body: u64,
    /// Ends every open part and begins none, such as a JSON document's closing bracket.
    pub gap: bool,
    /// Ends at the next mark whatever its level, such as the text before a document's first heading.
    pub leaf: bool,
}

/// The line a splitter is shown, with where it and the line before it begin.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    /// The line's first bytes (up to `LINE_PREFIX`), without its line ending.
    pub text: &'a [u8],
    /// The line's number, 1-based.
    pub no: u64,
}

/// The marks found so far, and where the current and the previous line begin.
#[derive(Debug, Default)]
pub(crate) struct Marks {
    pub marks: Vec<Mark>,
    here: (u64, u64),
    prev: (u64, u64),
    next_line: u64,
    line_no: u64,
}

impl Marks {
    /// Adds a part that begins at `at`.
    pub fn push(&mut self, at: At, level: u8, label: String, body: Body) -> &mut Mark {
        let ((offset, weight), line) = match at {
            At::Here => (self.here, self.line_no),
            At::Prev => (self.prev, self.line_no.saturating_sub(1).max(1)),
        };
        let body = match body {
            Body::ThisLine => offset,
            Body::NextLine => self.next_line,
        };
        self.marks.push(Mark { level, label, detail: String::new(), line, offset, weight, body, gap: false, leaf: false });
        let last = self.marks.len() - 1;
        &mut self.marks[last]
    }

    /// Ends every open part at the line just read.
    pub fn gap(&mut self) {
        self.push(At::Here, 0, String::new(), Body::ThisLine).gap = true;
    }

}

/// What splits a document of one kind into parts, a line at a time.
pub(crate) trait Split {
    /// Reads one line and adds the marks it begins.
    fn line(&mut self, line: Line<'_>, marks: &mut Marks);

    /// Adds what the end of the document completes.
    fn finish(&mut self, _marks: &mut Marks) {}
}

#[derive(Debug)]
enum Splitter {
    Markdown(MarkdownSplitter),
    Json(JsonSplitter),
    Diff(DiffSplitter),
    Text(TextSplitter),
}

impl Splitter {
    fn as_split(&mut self) -> &mut dyn Split {
        match self {
            Splitter::Markdown(s) => s,
            Splitter::Json(s) => s,
            Splitter::Diff(s) => s,
            Splitter::Text(s) => s,
        }
    }
}

/// Builds a document's `Index` from its bytes, fed in chunks of any size.
#[derive(Debug)]
pub struct Indexer {
    kind: Kind,
    splitter: Splitter,
    meter: Meter,
    marks: Marks,
    /// Bytes seen.
    offset: u64,
    chars: u64,
    /// The current line's first bytes and its length so far.
    line: Vec<u8>,
    line_len: u64,
    /// The bytes of a character split by the end of the last chunk.
    partial: Vec<u8>,
    invalid: Option<InvalidUtf8>,
}

impl Indexer {
    /// Returns an indexer for a document of `kind`.
    pub fn new(kind: Kind) -> Self {
        let splitter = match kind {
            Kind::Markdown => Splitter::Markdown(MarkdownSplitter::default()),
            Kind::Json => Splitter::Json(JsonSplitter::default()),
            Kind::Diff => Splitter::Diff(DiffSplitter::default()),
            Kind::Text => Splitter::Text(TextSplitter::default()),
        };
        let marks = Marks { line_no: 1, ..Marks::default() };
        Self {
            kind,
            splitter,
            meter: Meter::new(),
            marks,
            offset: 0,
            chars: 0,
            line: Vec::with_capacity(LINE_PREFIX),
            line_len: 0,
            partial: Vec::new(),
            invalid: None,
        }
    }

    /// Reads the next chunk of the document.
    ///
    /// # Errors
    ///
    /// Returns where the document stops being UTF-8; later chunks are then ignored.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), InvalidUtf8> {
        if let Some(invalid) = self.invalid {
            return Err(invalid);
        }
        self.check_utf8(chunk)?;
        self.chars += chunk.iter().filter(|&&b| (b as i8) >= -0x40).count() as u64;
        let mut rest = chunk;
        while let Some(nl) = memchr::memchr(b'\n', rest) {
            let (line, tail) = rest.split_at(nl + 1);
            self.take(line);
            self.end_line();
            rest = tail;
        }
        self.take(rest);
        Ok(())
    }

    /// Completes the index.
    ///
    /// # Errors
    ///
    /// Returns where the document stops being UTF-8, when it ends inside a character.
    pub fn finish(mut self) -> Result<Index, InvalidUtf8> {
        if let Some(invalid) = self.invalid {
            return Err(invalid);
        }
        if !self.partial.is_empty() {
            return Err(InvalidUtf8 { offset: self.offset - self.partial.len() as u64 });
        }
        let mut lines = self.marks.line_no - 1;
        if self.line_len > 0 {
            lines += 1;
            self.end_line();
        }
        self.splitter.as_split().finish(&mut self.marks);
        let weight = self.meter.weight();
        let mut index = Index {
            kind: Some(self.kind),
            parts: Vec::new(),
            bytes: self.offset,
            chars: self.chars,
            lines,
            weight,
            count: self.meter.count(),
        };
        index.parts = build_parts(self.marks.marks, &index, self.kind);
        Ok(index)
    }

    fn check_utf8(&mut self, chunk: &[u8]) -> Result<(), InvalidUtf8> {
        let mut start = 0;
        if !self.partial.is_empty() {
            // Complete the character the last chunk split.
            let need = utf8_len(self.partial[0]).saturating_sub(self.partial.len());
            let take = need.min(chunk.len());
            self.partial.extend_from_slice(&chunk[..take]);
            start = take;
            if self.partial.len() == utf8_len(self.partial[0]) {
                if std::str::from_utf8(&self.partial).is_err() {
                    return self.fail(self.offset - (self.partial.len() - take) as u64);
                }
                self.partial.clear();
            } else if take == chunk.len() {
                return Ok(());
            } else {
                return self.fail(self.offset - self.partial.len() as u64 + take as u64);
            }
        }
        match std::str::from_utf8(&chunk[start..]) {
            Ok(_) => Ok(()),
            Err(err) if err.error_len().is_none() => {
                self.partial.extend_from_slice(&chunk[start + err.valid_up_to()..]);
                Ok(())
            }
            Err(err) => self.fail(self.offset + (start + err.valid_up_to()) as u64),
        }
    }

    fn fail(&mut self, offset: u64) -> Result<(), InvalidUtf8> {
        let invalid = InvalidUtf8 { offset };
        self.invalid = Some(invalid);
        Err(invalid)
    }

    /// Adds bytes of the current line.
    fn take(&mut self, bytes: &[u8]) {
        if bytes.is_empty() {
            return;
        }
        if self.line.len() < LINE_PREFIX {
            let room = LINE_PREFIX - self.line.len();
            self.line.extend_from_slice(&bytes[..room.min(bytes.len())]);
        }
        self.meter.feed(bytes);
        self.offset += bytes.len() as u64;
        self.line_len += bytes.len() as u64;
    }

    /// Shows the splitter the line just completed and starts the next.
    fn end_line(&mut self) {
        let mut text = self.line.as_slice();
        if let Some(stripped) = text.strip_suffix(b"\n") {
            text = stripped;
        }
        if let Some(stripped) = text.strip_suffix(b"\r") {
            text = stripped;
        }
        self.marks.next_line = self.offset;
        let line = Line { text, no: self.marks.line_no };
        self.splitter.as_split().line(line, &mut self.marks);
        self.marks.prev = self.marks.here;
        self.marks.here = (self.offset, self.meter.weight());
        self.marks.line_no += 1;
        self.line.clear();
        self.line_len = 0;
    }
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xf7 => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

/// Turns the marks of one pass into nested parts, each ending where the next part of its level or
/// above begins.
fn build_parts(marks: Vec<Mark>, index: &Index, kind: Kind) -> Vec<Part> {
    let end = (index.bytes, index.weight, index.lines + 1);
    let mut parts: Vec<Part> = Vec::with_capacity(marks.len());
    // Open parts, innermost last, by index into `parts`.
    let mut open: Vec<usize> = Vec::new();
    let close = |part: &mut Part, at: (u64, u64, u64)| {
        part.end = at.0;
        part.weight = at.1.saturating_sub(part.weight);
        part.lines.1 = at.2.saturating_sub(1).max(part.lines.0);
        if part.own_end > at.0 || part.own_end == u64::MAX {
            part.own_end = at.0;
        }
    };
    let mut leaf_open: Option<usize> = None;
    for mark in marks {
        let at = (mark.offset, mark.weight, mark.line);
        if let Some(leaf) = leaf_open.take() {
            close(&mut parts[leaf], at);
        }
        if let Some(&inner) = open.last() {
            // The part that was innermost so far ends its own text here.
            if parts[inner].own_end == u64::MAX {
                parts[inner].own_end = mark.offset;
            }
        }
        while let Some(&top) = open.last() {
            if mark.gap || parts[top].level >= mark.level {
                close(&mut parts[top], at);
                open.pop();
            } else {
                break;
            }
        }
        if mark.gap {
            continue;
        }
        let depth = open.len().min(u8::MAX as usize) as u8;
        let parent = open.last().copied();
        parts.push(Part {
            depth,
            level: mark.level,
            label: mark.label,
            detail: mark.detail,
            lines: (mark.line, mark.line),
            start: mark.offset,
            end: mark.offset,
            body: mark.body,
            own_end: u64::MAX,
            // Holds the weight at the start until the part is closed.
            weight: mark.weight,
            parent,
        });
        let id = parts.len() - 1;
        if mark.leaf {
            leaf_open = Some(id);
        } else {
            open.push(id);
        }
    }
    if let Some(leaf) = leaf_open {
        close(&mut parts[leaf], end);
    }
    for id in open {
        close(&mut parts[id], end);
    }
    if kind == Kind::Text {
        for part in &mut parts {
            part.label = format!("lines {}-{}", part.lines.0, part.lines.1);
        }
    }
    parts
}
