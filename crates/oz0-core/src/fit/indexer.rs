//! The indexer: one pass over a document, fed in chunks of any size, that finds its parts, checks that it
//! is UTF-8, counts its characters and measures it.
//!
//! The pass keeps only the parts found and the first bytes of the current line, so that a file of any
//! size is indexed in bounded memory. The splitters find the parts; the weigher measures.

use super::code::{self, lang::Lang};
use super::index::Index;
use super::io::room::Room;
use super::kind::Kind;
use super::scan::lines::Blocks;
use super::scan::utf8::{InvalidUtf8, Utf8};
use super::split::Splitter;
use super::split::code::CodeSplitter;
use super::split::line::LINE_PREFIX;
use super::split::marks::{Found, Marks};
use super::tokens::weigher::{Totals, Weigher};

/// Builds a document's `Index` from its bytes, fed in chunks of any size.
///
/// The indexer finds the parts of each chunk, checks it and counts its characters a block at a time, then
/// measures it in one go, noting the weight where parts begin. `index_reader` and `index_file` have two
/// threads take turns with one indexer that only finds parts (`structure_only`), each thread checking and
/// measuring its chunks apart (`Piece`), with the same figures.
#[derive(Debug)]
pub struct Indexer {
    kind: Kind,
    splitter: Splitter,
    marks: Marks,
    /// Measures each chunk once its parts are found; `None` when another thread measures.
    weigher: Option<Weigher>,
    /// Bytes seen.
    offset: u64,
    /// The first bytes of a line that an earlier chunk began, and its length so far.
    line: Vec<u8>,
    line_len: u64,
    /// The first bytes of the line before, without its line ending, when the chunk it was in is gone.
    prev_line: Vec<u8>,
    /// Whether the splitter takes plain lines without being shown them (`Split::quiet`).
    quiet: bool,
    /// The UTF-8 check, and the characters counted.
    utf8: Utf8,
    chars: u64,
    /// Whether it finds parts; one of the figures alone (`figures`) counts line endings instead, in
    /// `newlines`.
    parts: bool,
    newlines: u64,
}

/// How many bytes the indexer reads at a time, finding parts, then checking UTF-8 and counting
/// characters: its second pass over a block then finds it in the core's first cache rather than
/// fetching a whole chunk again.
const SCAN_BLOCK: usize = 32 << 10;

impl Indexer {
    /// Returns an indexer for a document of `kind`.
    pub fn new(kind: Kind) -> Self {
        Self::build(kind, Some(Weigher::default()))
    }

    /// Returns an indexer that finds parts and leaves measuring to a `Weigher` fed the same chunks and
    /// the points `take_points` hands out after each.
    pub(crate) fn structure_only(kind: Kind) -> Self {
        Self::build(kind, None)
    }

    /// Returns an indexer of a document's figures alone (bytes, characters, lines, count and weight):
    /// it finds no parts, so that nothing is weighed but the whole, and the index it completes has no
    /// parts and no kind. `measures` as `new`'s, or not as `structure_only`'s.
    pub(crate) fn figures(measures: bool) -> Self {
        Self { parts: false, ..Self::build(Kind::Text, measures.then(Weigher::default)) }
    }

    /// Returns an indexer for source code in `lang`, whose definitions a grammar found in `source`, the
    /// text it is then fed.
    pub(crate) fn for_code(lang: Lang, source: &str) -> Self {
        let mut indexer = Self::new(Kind::Code(lang));
        indexer.splitter = Splitter::Code(CodeSplitter::new(code::definitions(lang, source)));
        indexer
    }

    fn build(kind: Kind, weigher: Option<Weigher>) -> Self {
        let splitter = match kind {
            Kind::Markdown => Splitter::Markdown(Default::default()),
            Kind::Json => Splitter::Json(Default::default()),
            Kind::Diff => Splitter::Diff(Default::default()),
            Kind::Text => Splitter::Text(Default::default()),
            // Without the definitions found beforehand (`for_code`), code is all preamble.
            Kind::Code(_) => Splitter::Code(Default::default()),
        };
        Self {
            kind,
            splitter,
            marks: Marks::default(),
            weigher,
            offset: 0,
            line: Vec::with_capacity(LINE_PREFIX),
            line_len: 0,
            prev_line: Vec::with_capacity(LINE_PREFIX),
            quiet: false,
            utf8: Utf8::default(),
            chars: 0,
            parts: true,
            newlines: 0,
        }
    }

    /// Reads the next chunk of the document.
    ///
    /// # Errors
    ///
    /// Returns where the document stops being UTF-8; later chunks are then ignored.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), InvalidUtf8> {
        if self.weigher.is_none() {
            // Only finding parts: the pieces of `index_reader` check and measure.
            self.find_parts(chunk);
            return Ok(());
        }
        let start = self.offset;
        // The parts are found, then the bytes checked and their characters counted, a block at a time,
        // so that the second pass over a block finds it in the core's cache.
        for block in chunk.chunks(SCAN_BLOCK) {
            self.find_parts(block);
            self.chars += self.utf8.feed(block)?;
        }
        let points = self.take_points(start);
        if let Some(weigher) = &mut self.weigher {
            weigher.feed(chunk, &points);
        }
        Ok(())
    }

    /// Shows the splitter each line of the chunk.
    fn find_parts(&mut self, chunk: &[u8]) {
        if !self.parts {
            // Only the lines are counted: their endings, a block of 64 bytes at a time as the splitters
            // find them, and the length of the last line so far.
            self.newlines += Blocks::new(chunk).map(|(_, newlines, _)| u64::from(newlines.count_ones())).sum::<u64>();
            self.line_len = match memchr::memrchr(b'\n', chunk) {
                Some(at) => (chunk.len() - at - 1) as u64,
                None => self.line_len + chunk.len() as u64,
            };
            self.offset += chunk.len() as u64;
            return;
        }
        let chunk_start = self.offset;
        // The previous line while it lies whole in this chunk; otherwise it is in `prev_line`.
        let mut prev: Option<std::ops::Range<usize>> = None;
        let mut from = 0;
        for (base, newlines, plain) in Blocks::new(chunk) {
            if newlines == 0 {
                continue;
            }
            let last = base + 63 - newlines.leading_zeros() as usize;
            let before_last = newlines & !(1 << (last - base));
            // Where a run of plain lines ends in this block, the splitter learns only of the last.
            if self.quiet && self.line_len == 0 && (before_last << 1) & !plain == 0 && starts_plain(chunk[from]) {
                let last_start = match before_last {
                    0 => from,
                    mask => base + 64 - mask.leading_zeros() as usize,
                };
                let line = &chunk[last_start..=last];
                let text = line_text(&line[..line.len().min(LINE_PREFIX)]);
                self.splitter.plain(text.is_empty());
                self.offset = chunk_start + last as u64 + 1;
                self.marks.lines_begin(chunk_start + last_start as u64, self.offset, newlines.count_ones().into());
                prev = Some(last_start..last_start + text.len());
                from = last + 1;
                continue;
            }
            let mut mask = newlines;
            while mask != 0 {
                let nl = base + mask.trailing_zeros() as usize;
                mask &= mask - 1;
                let line = &chunk[from..=nl];
                self.offset += line.len() as u64;
                if self.line_len == 0 {
                    // The whole line is in this chunk: the splitter reads it where it is.
                    let text = line_text(&line[..line.len().min(LINE_PREFIX)]);
                    if self.quiet && text.first().is_none_or(u8::is_ascii_alphabetic) {
                        self.splitter.plain(text.is_empty());
                        self.marks.next_line_begins(self.offset);
                    } else {
                        let prev_text = prev.clone().map_or(self.prev_line.as_slice(), |range| &chunk[range]);
                        self.splitter.show(&mut self.marks, self.offset, text, prev_text);
                        self.quiet = self.splitter.quiet();
                    }
                    prev = Some(from..from + text.len());
                } else {
                    self.keep(line);
                    prev = None;
                    self.end_kept_line();
                }
                from = nl + 1;
            }
        }
        // The chunk goes: the splitter may still ask for the last line's text.
        if let Some(range) = prev {
            self.prev_line.clear();
            self.prev_line.extend_from_slice(&chunk[range]);
        }
        if from < chunk.len() {
            self.offset += (chunk.len() - from) as u64;
            self.keep(&chunk[from..]);
        }
    }

    /// Returns how much was found so far, for `make_room` after the next chunk.
    pub(crate) fn found(&self) -> Found {
        self.marks.found()
    }

    /// Makes room for the parts of the next two chunks, if they have as many as those found since
    /// `since`, and returns that room, whose pages another thread may fault in (`Room::populate`).
    pub(crate) fn make_room(&mut self, since: Found) -> Room {
        self.marks.make_room(since)
    }

    /// Returns, in order, the points among the bytes from `start` to those read so far whose weight
    /// the parts may need: the points asked for since the last call, and where the last complete line
    /// and the line after it begin, which a later line may still ask for.
    pub(crate) fn take_points(&mut self, start: u64) -> Vec<u64> {
        if !self.parts {
            return Vec::new();
        }
        self.marks.take_points(start, self.offset)
    }

    /// Completes the index.
    ///
    /// # Errors
    ///
    /// Returns where the document stops being UTF-8, when it ends inside a character.
    pub fn finish(mut self) -> Result<Index, InvalidUtf8> {
        self.utf8.finish()?;
        // A `structure_only` indexer neither measures nor counts.
        let (weights, totals) = match self.weigher.take() {
            Some(weigher) => weigher.finish(self.chars),
            None => (Vec::new(), Totals::default()),
        };
        Ok(self.finish_with(weights, totals))
    }

    /// Completes the index of a `structure_only` indexer with what its pieces measured and counted.
    pub(crate) fn finish_with(mut self, weights: Vec<(u64, u64)>, totals: Totals) -> Index {
        self.end();
        self.complete(weights, totals)
    }

    /// Reads the end of the document: its last line, when it has no line ending.
    fn end(&mut self) {
        if !self.parts {
            return;
        }
        if self.line_len > 0 {
            self.end_kept_line();
        }
        self.splitter.finish(&mut self.marks);
    }

    fn complete(self, weights: Vec<(u64, u64)>, totals: Totals) -> Index {
        if !self.parts {
            // A last line without an ending is a line too.
            return Index::figures(self.offset, self.newlines + u64::from(self.line_len > 0), totals);
        }
        let lines = self.marks.line_no() - 1;
        let marked = self.marks.finish(self.offset, self.kind == Kind::Text);
        Index::new(self.kind, marked, weights, self.offset, lines, totals)
    }

    /// Keeps the first bytes of a line that a chunk splits.
    fn keep(&mut self, bytes: &[u8]) {
        if self.line.len() < LINE_PREFIX {
            let room = LINE_PREFIX - self.line.len();
            self.line.extend_from_slice(&bytes[..room.min(bytes.len())]);
        }
        self.line_len += bytes.len() as u64;
    }

    /// Shows the splitter the line whose first bytes were kept, as a chunk ended inside it, and starts
    /// the next; the line is then the previous one.
    fn end_kept_line(&mut self) {
        let text = line_text(&self.line);
        self.splitter.show(&mut self.marks, self.offset, text, &self.prev_line);
        self.quiet = self.splitter.quiet();
        let len = text.len();
        self.line.truncate(len);
        std::mem::swap(&mut self.line, &mut self.prev_line);
        self.line.clear();
        self.line_len = 0;
    }
}

/// Returns whether a line that begins with `b` is plain to a quiet splitter (`Split::quiet`): it
/// begins with an ASCII letter, or is empty.
fn starts_plain(b: u8) -> bool {
    b.is_ascii_alphabetic() || b == b'\n'
}

/// Returns a line's first bytes without its line ending.
fn line_text(mut text: &[u8]) -> &[u8] {
    if let Some(stripped) = text.strip_suffix(b"\n") {
        text = stripped;
    }
    if let Some(stripped) = text.strip_suffix(b"\r") {
        text = stripped;
    }
    text
}
