//! One pass over a document that finds its parts, their lines and their weights.
//!
//! The pass takes the document in chunks of any size and keeps only the parts found and the first bytes
//! of the current line, so that a file of any size is indexed in bounded memory.

use super::estimate::RawWeight;
use super::lines::Blocks;
use super::room::Room;
use super::split::{Found, LINE_PREFIX, Marks, Part, Splitter};
use super::utf8::{open_len, utf8_len};
use super::{Kind, Meter};

/// What one pass found in a document.
#[derive(Debug, Clone, Default)]
pub struct Index {
    /// What the document was read as.
    pub kind: Option<Kind>,
    /// The parts, in document order.
    pub parts: Vec<Part>,
    /// The parts' labels and details, one after another: whole characters of UTF-8 text, each checked
    /// when it is read (`text_of`) rather than all of them once the document is read, as a view reads a
    /// few of a large document's millions.
    labels: Vec<u8>,
    /// The document's weight before each point where a part begins or ends (and some more), in order.
    /// A part's weight is looked up here when asked for, rather than worked out for every part: a large
    /// document has millions of parts, of which a view shows a few.
    weights: Vec<(u64, u64)>,
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

    /// Returns a part's label: its heading, key, item, path or hunk header.
    pub fn label(&self, part: &Part) -> &str {
        text_of(self.labels.get(part.label_range()).unwrap_or_default())
    }

    /// Returns what else the outline says of a part, such as a diff's `+3 -1`.
    pub fn detail(&self, part: &Part) -> &str {
        text_of(self.labels.get(part.detail_range()).unwrap_or_default())
    }

    /// Returns a part's weight in tokens, its sub-parts included.
    pub fn part_weight(&self, part: &Part) -> u64 {
        self.weight_at(part.end).saturating_sub(self.weight_at(part.start))
    }

    /// Returns the document's weight before `point`, one of the points the weights were kept at; the
    /// whole document's weight past them.
    fn weight_at(&self, point: u64) -> u64 {
        match self.weights.binary_search_by_key(&point, |&(at, _)| at) {
            Ok(found) => self.weights[found].1,
            Err(_) => self.weight,
        }
    }

    /// Returns where the part `id`'s own text ends: at its first sub-part, or at its end.
    pub fn own_end(&self, id: usize) -> u64 {
        match self.parts.get(id + 1) {
            Some(next) if next.parent() == Some(id) => next.start,
            _ => self.parts.get(id).map_or(0, |p| p.end),
        }
    }
}

/// Returns a label's bytes as text. A label is whole characters from a document that is UTF-8 (an index is
/// made of no other), or text the index wrote; were it not, the text up to its first fault is returned.
fn text_of(bytes: &[u8]) -> &str {
    bytes.utf8_chunks().next().map_or("", |chunk| chunk.valid())
}

/// Two indexes are alike when they say the same of the document: the same parts, labels, weights and
/// totals, whichever points besides the parts' own the weights were kept at.
impl PartialEq for Index {
    fn eq(&self, other: &Self) -> bool {
        let said = |index: &Index| (index.kind, index.bytes, index.chars, index.lines, index.weight, index.count);
        said(self) == said(other)
            && self.parts == other.parts
            && self.parts.iter().all(|part| {
                self.label(part) == other.label(part)
                    && self.detail(part) == other.detail(part)
                    && self.part_weight(part) == other.part_weight(part)
            })
    }
}

impl Eq for Index {}

/// A document's bytes were not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid UTF-8 at byte offset {offset}")]
pub struct InvalidUtf8 {
    /// The offset of the first byte that is not part of a UTF-8 character.
    pub offset: u64,
}

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
}

/// Checks that a document fed in chunks is UTF-8.
#[derive(Debug, Default)]
pub(crate) struct Utf8 {
    /// Bytes checked.
    offset: u64,
    /// The bytes of a character split by the end of the last chunk.
    partial: Vec<u8>,
    invalid: Option<InvalidUtf8>,
}

impl Utf8 {
    /// Checks the next chunk.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), InvalidUtf8> {
        if let Some(invalid) = self.invalid {
            return Err(invalid);
        }
        let checked = self.check(chunk);
        self.offset += chunk.len() as u64;
        checked
    }

    /// Returns where the text stopped being UTF-8, if it did.
    pub fn finish(&self) -> Result<(), InvalidUtf8> {
        if let Some(invalid) = self.invalid {
            return Err(invalid);
        }
        if !self.partial.is_empty() {
            return Err(InvalidUtf8 { offset: self.offset - self.partial.len() as u64 });
        }
        Ok(())
    }

    fn check(&mut self, chunk: &[u8]) -> Result<(), InvalidUtf8> {
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
        // A chunk may end inside a character: the fast check takes the bytes up to the last character
        // that begins in the chunk, and the few after it wait for the next chunk.
        let rest = &chunk[start..];
        let (whole, open) = rest.split_at(rest.len() - open_len(rest));
        // The fast check answers for valid text; the standard one says where invalid text goes wrong.
        if !open.is_empty() && super::utf8::is_utf8(whole) {
            self.partial.extend_from_slice(open);
            return Ok(());
        }
        if super::utf8::is_utf8(rest) {
            return Ok(());
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
}

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

    fn build(kind: Kind, weigher: Option<Weigher>) -> Self {
        let splitter = match kind {
            Kind::Markdown => Splitter::Markdown(Default::default()),
            Kind::Json => Splitter::Json(Default::default()),
            Kind::Diff => Splitter::Diff(Default::default()),
            Kind::Text => Splitter::Text(Default::default()),
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
        // The parts are found, the bytes checked and their characters counted a block at a time, so
        // that the second and third passes over a block find it in the core's cache.
        for block in chunk.chunks(SCAN_BLOCK) {
            self.find_parts(block);
            self.utf8.feed(block)?;
            self.chars += count_chars(block);
        }
        let points = self.take_points(start);
        if let Some(weigher) = &mut self.weigher {
            weigher.feed(chunk, &points);
        }
        Ok(())
    }

    /// Shows the splitter each line of the chunk.
    fn find_parts(&mut self, chunk: &[u8]) {
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
        if self.line_len > 0 {
            self.end_kept_line();
        }
        self.splitter.finish(&mut self.marks);
    }

    fn complete(self, weights: Vec<(u64, u64)>, totals: Totals) -> Index {
        let lines = self.marks.line_no() - 1;
        let (parts, labels) = self.marks.finish(self.offset, self.kind == Kind::Text);
        Index {
            kind: Some(self.kind),
            parts,
            labels,
            weights,
            bytes: self.offset,
            chars: totals.chars,
            lines,
            weight: totals.weight,
            count: totals.count,
        }
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

/// A whole document's weight, estimated tokens and characters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub weight: u64,
    pub count: u64,
    pub chars: u64,
}

/// How many bytes the indexer reads at a time, finding parts, checking UTF-8 and counting characters:
/// its three passes over a block then find it in the core's first cache rather than fetching a whole
/// chunk three times.
const SCAN_BLOCK: usize = 32 << 10;

/// Measures a document fed in chunks, answering the weight at each point asked for.
#[derive(Debug, Default)]
pub(crate) struct Weigher {
    meter: Meter,
    offset: u64,
    weights: Vec<(u64, u64)>,
}

impl Weigher {
    /// Adds a piece measured apart (`Piece::measure`), the chunk after those fed so far.
    pub fn take(&mut self, piece: Piece) {
        self.feed(&piece.head, &piece.head_points);
        let Some((meter, weights)) = piece.rest else { return };
        let head = &piece.head;
        // A point after a whole character that is not white space is one the meter resumes from; only
        // text that is not UTF-8, whose index is an error, can leave the meter elsewhere.
        debug_assert!(head.len() >= 2 && self.meter.is_after_word(head[head.len() - 2], head[head.len() - 1]));
        for (point, raw) in weights {
            self.weights.push((point, self.meter.weight_with(raw)));
        }
        let base = std::mem::replace(&mut self.meter, meter);
        self.meter.rebase(&base);
        self.offset += piece.len - head.len() as u64;
    }

    /// Measures the next bytes, recording the weight at each of `points` (in order, none before what
    /// was fed already) that falls within them or at their end; points past their end take the weight
    /// there.
    pub fn feed(&mut self, bytes: &[u8], points: &[u64]) {
        let offset = self.offset;
        let weights = &mut self.weights;
        self.meter.feed_marking(bytes, &within(points, offset, bytes), |at, raw| {
            weights.push((offset + at as u64, weight_of(raw)));
        });
        self.offset += bytes.len() as u64;
    }

    /// Returns the weights recorded, by point, and the whole document's totals, with `chars`, the
    /// characters counted as it was checked.
    pub fn finish(self, chars: u64) -> (Vec<(u64, u64)>, Totals) {
        (self.weights, Totals { weight: self.meter.weight(), count: self.meter.count(), chars })
    }
}

/// How far into a chunk `Piece::measure` looks for a point to measure the rest from.
const RESUME_WITHIN: usize = 4096;

/// A chunk checked and measured apart from the chunks before it, so that two threads can each measure
/// a chunk at once; `Weigher::take` adds the pieces up in order, with the figures of measuring in one go.
///
/// The meter measures the rest of the chunk from just after its first whole character that is not white
/// space: there a meter's state is the two bytes before, whatever came earlier (`Meter::after_word`).
/// The UTF-8 check begins with the character the chunk before left open (`open_char`).
#[derive(Debug)]
pub(crate) struct Piece {
    /// The chunk's length.
    len: u64,
    /// Where the chunk stops being UTF-8, if it does before its end; and its characters.
    pub invalid: Option<InvalidUtf8>,
    pub chars: u64,
    /// The bytes up to the point the rest was measured from, measured in order by the weigher, and the
    /// points among them; all of the chunk when it has no such point.
    head: Vec<u8>,
    head_points: Vec<u64>,
    /// The meter of the rest, begun by `Meter::after_word`, and the points in it with its weight there.
    rest: Option<(Meter, Vec<(u64, RawWeight)>)>,
}

impl Piece {
    /// Checks and measures `chunk`, which begins at `offset` after `open`, the bytes of a character the
    /// chunk before left open, recording the weight at each of `points` (in order, all within the chunk or
    /// at its end).
    pub fn measure(chunk: &[u8], offset: u64, open: &[u8], points: &[u64]) -> Piece {
        let mut utf8 = Utf8 { offset: offset - open.len() as u64, ..Utf8::default() };
        let invalid = utf8.feed(open).and_then(|()| utf8.feed(chunk)).err();
        let (head, rest) = match (2..=chunk.len().min(RESUME_WITHIN)).find(|&n| super::estimate::ends_clean(chunk, n)) {
            Some(at) if at < chunk.len() => chunk.split_at(at),
            _ => (chunk, &chunk[chunk.len()..]),
        };
        let split = offset + head.len() as u64;
        let (head_points, rest_points) = points.split_at(points.partition_point(|&p| p <= split));
        let rest = (!rest.is_empty()).then(|| {
            let mut meter = Meter::after_word(head[head.len() - 2], head[head.len() - 1]);
            let mut weights = Vec::with_capacity(rest_points.len());
            meter.feed_marking(rest, &within(rest_points, split, rest), |at, raw| {
                if let Some(raw) = raw {
                    weights.push((split + at as u64, raw));
                }
            });
            (meter, weights)
        });
        Piece {
            len: chunk.len() as u64,
            invalid,
            chars: count_chars(chunk),
            head: head.to_vec(),
            head_points: head_points.to_vec(),
            rest,
        }
    }
}

/// Returns the bytes of the character left open at the end of `chunk`, after `open`, the bytes of the one
/// left open before it: the last character's bytes when it needs more than follow, else nothing.
pub(crate) fn open_char(open: &[u8], chunk: &[u8]) -> Vec<u8> {
    // A character has at most four bytes, so the last four hold an open one.
    let len = open.len() + chunk.len();
    let last: Vec<u8> = open.iter().chain(chunk).skip(len.saturating_sub(4)).copied().collect();
    last[last.len() - open_len(&last)..].to_vec()
}

/// Returns where `points` fall in `bytes`, which begin at point `offset`: how many of the bytes come
/// before each, all of them for points past their end.
fn within(points: &[u64], offset: u64, bytes: &[u8]) -> Vec<usize> {
    points.iter().map(|&p| p.saturating_sub(offset).min(bytes.len() as u64) as usize).collect()
}

/// Returns a meter's `weight` from its `raw_weight`.
fn weight_of(raw: Option<RawWeight>) -> u64 {
    raw.map_or(0, RawWeight::weight)
}

/// Returns how many characters begin in `bytes`: the bytes that are not UTF-8 continuation bytes.
fn count_chars(bytes: &[u8]) -> u64 {
    // Counting into a byte within blocks of 255 lets the compiler compare and add 32 bytes at a time.
    let continuations: u64 =
        bytes.chunks(255).map(|block| u64::from(block.iter().fold(0u8, |n, &b| n + u8::from((b as i8) < -0x40)))).sum();
    bytes.len() as u64 - continuations
}

#[cfg(test)]
mod tests {
    use super::super::{Kind, Meter, index_text};

    /// The weight of the document's first `len` bytes.
    fn weight_before(doc: &str, len: u64) -> u64 {
        let mut meter = Meter::new();
        meter.feed(&doc.as_bytes()[..len as usize]);
        meter.weight()
    }

    #[test]
    fn a_part_weighs_the_document_from_its_start_to_its_end() {
        let doc =
            "# Guide\n\nIntro words here.\n\n## Install\n\nRun the installer twice.\n\n## Use\n\nAsk for a view.\n";
        let (_, index) = index_text(doc, Kind::Markdown);
        assert_eq!(index.parts.len(), 3);
        for part in &index.parts {
            let weight = weight_before(doc, part.end) - weight_before(doc, part.start);
            assert_eq!(index.part_weight(part), weight, "{part:?}");
        }
        // The top part holds both sections and ends at the end of the document.
        assert_eq!(index.part_weight(&index.parts[0]), index.weight);
    }

    #[test]
    fn labels_are_read_as_text_up_to_any_fault() {
        assert_eq!(super::text_of("Größe 数据".as_bytes()), "Größe 数据");
        assert_eq!(super::text_of(b"ab\xffcd"), "ab");
        assert_eq!(super::text_of(&"é".as_bytes()[..1]), "");
        let (_, index) = index_text("# Größe\n\n## 数据 und mehr\n\nText.\n", Kind::Markdown);
        let labels: Vec<&str> = index.parts.iter().map(|p| index.label(p)).collect();
        assert_eq!(labels, ["Größe", "数据 und mehr"]);
    }

    #[test]
    fn indexes_differ_when_a_part_weighs_differently() {
        let (_, index) = index_text("# A\n\nSome text.\n\n# B\n\nMore text.\n", Kind::Markdown);
        let mut other = index.clone();
        assert_eq!(other, index);
        let Some(point) = other.weights.iter_mut().find(|(at, _)| *at == index.parts[1].start) else {
            panic!("no weight kept where the second part begins: {:?}", index.weights)
        };
        point.1 += 1;
        assert_ne!(other, index);
    }
}
