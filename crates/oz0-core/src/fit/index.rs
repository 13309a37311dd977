//! One pass over a document that finds its parts, their lines and their weights.
//!
//! The pass takes the document in chunks of any size and keeps only the parts found and the first bytes
//! of the current line, so that a file of any size is indexed in bounded memory.

use super::diff::DiffSplitter;
use super::estimate::RawWeight;
use super::json::JsonSplitter;
use super::markdown::MarkdownSplitter;
use super::text::TextSplitter;
use super::{Kind, Meter};

/// How many bytes of a line the splitters see; the rest of a longer line is measured, not parsed.
pub(crate) const LINE_PREFIX: usize = 1024;

/// A part of a document: a section, a top-level key or item, a file or hunk of a diff, a run of lines.
///
/// Parts are kept compact, their labels in one buffer of the `Index`, since a large document has millions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Part {
    /// How deep the part nests: 0 for a top-level part.
    pub depth: u8,
    /// The kind's own level: a heading's number of `#`, 1 for a diff's file and 2 for its hunk.
    pub level: u8,
    /// The first and last line, 1-based and inclusive.
    pub lines: (u64, u64),
    /// The byte range, its sub-parts included.
    pub start: u64,
    /// The end of the byte range, exclusive.
    pub end: u64,
    /// Where the part's own text begins, after its heading.
    pub body: u64,
    /// The weight in tokens, its sub-parts included.
    pub weight: u64,
    /// Where the label and then the detail stand in the index's buffer.
    label_at: usize,
    label_len: u32,
    detail_len: u32,
    parent: u32,
}

impl Part {
    /// Returns the index of the enclosing part.
    pub fn parent(&self) -> Option<usize> {
        (self.parent != NO_PARENT).then_some(self.parent as usize)
    }
}

const NO_PARENT: u32 = u32::MAX;

/// What one pass found in a document.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Index {
    /// What the document was read as.
    pub kind: Option<Kind>,
    /// The parts, in document order.
    pub parts: Vec<Part>,
    /// The parts' labels and details, one after another.
    labels: String,
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
        self.labels.get(part.label_at..part.label_at + part.label_len as usize).unwrap_or_default()
    }

    /// Returns what else the outline says of a part, such as a diff's `+3 -1`.
    pub fn detail(&self, part: &Part) -> &str {
        let at = part.label_at + part.label_len as usize;
        self.labels.get(at..at + part.detail_len as usize).unwrap_or_default()
    }

    /// Returns where the part `id`'s own text ends: at its first sub-part, or at its end.
    pub fn own_end(&self, id: usize) -> u64 {
        match self.parts.get(id + 1) {
            Some(next) if next.parent() == Some(id) => next.start,
            _ => self.parts.get(id).map_or(0, |p| p.end),
        }
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

/// The line a splitter is shown.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    /// The line's first bytes (up to `LINE_PREFIX`), without its line ending.
    pub text: &'a [u8],
    /// The line's number, 1-based.
    pub no: u64,
}

/// Builds the parts as splitters find where they begin: each part ends where the next part of its level
/// or above begins.
#[derive(Debug)]
pub(crate) struct Marks {
    parts: Vec<Part>,
    labels: String,
    /// Open parts, innermost last.
    open: Vec<usize>,
    /// A part that ends at the next mark whatever its level, such as the text before the first heading.
    leaf: Option<usize>,
    /// Where the current and the previous line begin.
    here: u64,
    prev: u64,
    next_line: u64,
    line_no: u64,
    /// The offsets where parts begin or end, in order: the points whose weight the parts need, from
    /// the last one `take_points` handed out.
    requests: Vec<u64>,
}

impl Default for Marks {
    fn default() -> Self {
        Self {
            parts: Vec::new(),
            labels: String::new(),
            open: Vec::new(),
            leaf: None,
            here: 0,
            prev: 0,
            next_line: 0,
            line_no: 1,
            requests: Vec::new(),
        }
    }
}

impl Marks {
    /// Begins a part at `at`; it ends where the next part of its level or above begins.
    pub fn push(&mut self, at: At, level: u8, label: &str, body: Body) -> usize {
        self.begin(at, level, label, body, false)
    }

    /// Begins a part that ends at the next part of any level.
    pub fn push_leaf(&mut self, at: At, label: &str, body: Body) -> usize {
        self.begin(at, 0, label, body, true)
    }

    /// Ends every open part at the line just read.
    pub fn gap(&mut self) {
        let at = self.point(At::Here);
        self.close_leaf(at);
        while let Some(id) = self.open.pop() {
            self.close(id, at);
        }
    }

    /// Takes back the last part begun, while nothing has begun after it.
    pub fn pop_last(&mut self) {
        let Some(last) = self.parts.len().checked_sub(1) else { return };
        if self.leaf == Some(last) {
            self.leaf = None;
        } else if self.open.last() == Some(&last) {
            self.open.pop();
        } else {
            return;
        }
        self.labels.truncate(self.parts[last].label_at);
        self.parts.pop();
    }

    /// Changes the label of part `id`.
    pub fn set_label(&mut self, id: usize, label: &str) {
        if let Some(part) = self.parts.get_mut(id) {
            part.label_at = self.labels.len();
            part.label_len = len32(label);
            part.detail_len = 0;
            self.labels.push_str(&label[..part.label_len as usize]);
        }
    }

    /// Sets what else the outline says of part `id`.
    pub fn set_detail(&mut self, id: usize, detail: &str) {
        let Some(part) = self.parts.get(id) else { return };
        let label = self.labels[part.label_at..part.label_at + part.label_len as usize].to_owned();
        self.set_label(id, &label);
        let part = &mut self.parts[id];
        part.detail_len = len32(detail);
        self.labels.push_str(&detail[..part.detail_len as usize]);
    }

    /// Returns the offset and line number of the start of the line `at` names, and asks for its weight.
    fn point(&mut self, at: At) -> (u64, u64) {
        let point = match at {
            At::Here => (self.here, self.line_no),
            At::Prev => (self.prev, self.line_no.saturating_sub(1).max(1)),
        };
        if self.requests.last() != Some(&point.0) {
            self.requests.push(point.0);
        }
        point
    }

    fn begin(&mut self, at: At, level: u8, label: &str, body: Body, leaf: bool) -> usize {
        let point = self.point(at);
        self.close_leaf(point);
        while let Some(&top) = self.open.last() {
            if self.parts[top].level >= level {
                self.close(top, point);
                self.open.pop();
            } else {
                break;
            }
        }
        let parent = self.open.last().map_or(NO_PARENT, |&p| p as u32);
        let label_at = self.labels.len();
        let label_len = len32(label);
        self.labels.push_str(&label[..label_len as usize]);
        self.parts.push(Part {
            depth: self.open.len().min(u8::MAX as usize) as u8,
            level,
            lines: (point.1, point.1),
            start: point.0,
            end: point.0,
            body: match body {
                Body::ThisLine => point.0,
                Body::NextLine => self.next_line,
            },
            // Measured once the weights at every requested point are known.
            weight: 0,
            label_at,
            label_len,
            detail_len: 0,
            parent,
        });
        let id = self.parts.len() - 1;
        if leaf {
            self.leaf = Some(id);
        } else {
            self.open.push(id);
        }
        id
    }

    fn close_leaf(&mut self, at: (u64, u64)) {
        if let Some(leaf) = self.leaf.take() {
            self.close(leaf, at);
        }
    }

    fn close(&mut self, id: usize, (offset, line): (u64, u64)) {
        let part = &mut self.parts[id];
        part.end = offset;
        part.lines.1 = line.saturating_sub(1).max(part.lines.0);
    }

    /// Ends every part at the end of the document and returns them with their labels, each part
    /// weighed by `weights`: the weight at points, in order, which hold every point requested.
    fn finish(mut self, end: (u64, u64), kind: Kind, weights: &[(u64, u64)], total: u64) -> (Vec<Part>, String) {
        self.close_leaf(end);
        while let Some(id) = self.open.pop() {
            self.close(id, end);
        }
        // Parts begin in order, so one pointer walks the weights for their starts; a part's end is
        // after its start, most often where the next point is.
        let mut at = 0;
        for part in &mut self.parts {
            while weights.get(at).is_some_and(|&(point, _)| point < part.start) {
                at += 1;
            }
            let start = match weights.get(at) {
                Some(&(point, weight)) if point == part.start => weight,
                _ => total,
            };
            let later = &weights[at..];
            let to = match later.get(1) {
                Some(&(point, _)) if point == part.end => 1,
                _ => later.partition_point(|&(point, _)| point < part.end),
            };
            let end = match later.get(to) {
                Some(&(point, weight)) if point == part.end => weight,
                _ => total,
            };
            part.weight = end.saturating_sub(start);
        }
        if kind == Kind::Text {
            for id in 0..self.parts.len() {
                let (a, b) = self.parts[id].lines;
                self.set_label(id, &format!("lines {a}-{b}"));
            }
        }
        (self.parts, self.labels)
    }
}

/// Returns how many bytes of `text` a label keeps: all, up to `u32::MAX` at a character boundary.
fn len32(text: &str) -> u32 {
    let mut len = text.len().min(u32::MAX as usize);
    while !text.is_char_boundary(len) {
        len -= 1;
    }
    len as u32
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
///
/// The indexer finds the parts in each chunk, then measures the chunk in long stretches, stopping only at
/// the points where parts begin. `index_reader` measures on a second thread instead, with the same
/// figures; the indexer then only finds the parts (`structure_only`).
#[derive(Debug)]
pub struct Indexer {
    kind: Kind,
    splitter: Splitter,
    marks: Marks,
    /// Measures each chunk once its parts are found; `None` when another thread measures.
    weigher: Option<Weigher>,
    /// How many of the points the parts need were handed out.
    asked: usize,
    /// Bytes seen.
    offset: u64,
    /// The first bytes of a line that an earlier chunk began, and its length so far.
    line: Vec<u8>,
    line_len: u64,
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
        let tail = rest.iter().rev().take(3).position(|&b| b >= 0xc0).map_or(0, |i| i + 1);
        let (whole, open) = rest.split_at(rest.len() - tail);
        let open_is_partial = open.first().is_some_and(|&b| utf8_len(b) > open.len());
        // The fast check answers for valid text; the standard one says where invalid text goes wrong.
        if open_is_partial && simdutf8::basic::from_utf8(whole).is_ok() {
            self.partial.extend_from_slice(open);
            return Ok(());
        }
        if simdutf8::basic::from_utf8(rest).is_ok() {
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
            Kind::Markdown => Splitter::Markdown(MarkdownSplitter::default()),
            Kind::Json => Splitter::Json(JsonSplitter::default()),
            Kind::Diff => Splitter::Diff(DiffSplitter::default()),
            Kind::Text => Splitter::Text(TextSplitter::default()),
        };
        Self {
            kind,
            splitter,
            marks: Marks::default(),
            weigher,
            asked: 0,
            offset: 0,
            line: Vec::with_capacity(LINE_PREFIX),
            line_len: 0,
        }
    }

    /// Reads the next chunk of the document.
    ///
    /// # Errors
    ///
    /// Returns where the document stops being UTF-8; later chunks are then ignored.
    pub fn feed(&mut self, chunk: &[u8]) -> Result<(), InvalidUtf8> {
        let start = self.offset;
        self.find_parts(chunk);
        if self.weigher.is_some() {
            let points = self.take_points(start);
            if let Some(weigher) = &mut self.weigher {
                weigher.feed(chunk, &points)?;
            }
        }
        Ok(())
    }

    /// Shows the splitter each line of the chunk.
    fn find_parts(&mut self, chunk: &[u8]) {
        let mut rest = chunk;
        while let Some(nl) = memchr::memchr(b'\n', rest) {
            let (line, tail) = rest.split_at(nl + 1);
            self.offset += line.len() as u64;
            if self.line_len == 0 {
                // The whole line is in this chunk: the splitter reads it where it is.
                self.end_line(Some(&line[..line.len().min(LINE_PREFIX)]));
            } else {
                self.keep(line);
                self.end_line(None);
            }
            rest = tail;
        }
        if !rest.is_empty() {
            self.offset += rest.len() as u64;
            self.keep(rest);
        }
    }

    /// Returns, in order, the points among the bytes from `start` to those read so far whose weight
    /// the parts may need: the points asked for since the last call, and where the last complete line
    /// and the line after it begin, which a later line may still ask for.
    pub(crate) fn take_points(&mut self, start: u64) -> Vec<u64> {
        let requests = &mut self.marks.requests;
        let asked = requests.get(self.asked..).unwrap_or_default();
        let open = [self.marks.prev, self.marks.here];
        let mut points: Vec<u64> =
            asked.iter().chain(&open).copied().filter(|p| (start..=self.offset).contains(p)).collect();
        // The points handed out are not needed again, but for the last, which tells `point` a repeat:
        // dropping them keeps two for each part of a large file from staying in memory.
        requests.drain(..requests.len().saturating_sub(1));
        self.asked = requests.len();
        points.sort_unstable();
        points.dedup();
        points
    }

    /// Completes the index.
    ///
    /// # Errors
    ///
    /// Returns where the document stops being UTF-8, when it ends inside a character.
    pub fn finish(mut self) -> Result<Index, InvalidUtf8> {
        let (weights, totals) = match self.weigher.take() {
            Some(weigher) => weigher.finish()?,
            None => (Vec::new(), Totals::default()),
        };
        Ok(self.finish_with(&weights, totals))
    }

    /// Completes the index of a `structure_only` indexer with what its weigher measured.
    pub(crate) fn finish_with(mut self, weights: &[(u64, u64)], totals: Totals) -> Index {
        self.end();
        self.complete(weights, totals)
    }

    /// Reads the end of the document: its last line, when it has no line ending.
    fn end(&mut self) {
        if self.line_len > 0 {
            self.end_line(None);
        }
        self.splitter.as_split().finish(&mut self.marks);
    }

    fn complete(self, weights: &[(u64, u64)], totals: Totals) -> Index {
        let lines = self.marks.line_no - 1;
        let (parts, labels) = self.marks.finish((self.offset, lines + 1), self.kind, weights, totals.weight);
        Index {
            kind: Some(self.kind),
            parts,
            labels,
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

    /// Shows the splitter the line just completed (`text`, or the bytes kept of it) and starts the next.
    fn end_line(&mut self, text: Option<&[u8]>) {
        let kept = std::mem::take(&mut self.line);
        let mut text = text.unwrap_or(&kept);
        if let Some(stripped) = text.strip_suffix(b"\n") {
            text = stripped;
        }
        if let Some(stripped) = text.strip_suffix(b"\r") {
            text = stripped;
        }
        self.marks.next_line = self.offset;
        let line = Line { text, no: self.marks.line_no };
        // Called for every line, so matched here rather than through `as_split`, which the compiler
        // cannot inline.
        let marks = &mut self.marks;
        match &mut self.splitter {
            Splitter::Markdown(s) => s.line(line, marks),
            Splitter::Json(s) => s.line(line, marks),
            Splitter::Diff(s) => s.line(line, marks),
            Splitter::Text(s) => s.line(line, marks),
        }
        self.marks.prev = self.marks.here;
        self.marks.here = self.offset;
        self.marks.line_no += 1;
        self.line = kept;
        self.line.clear();
        self.line_len = 0;
    }
}

/// A whole document's weight, estimated tokens and characters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub weight: u64,
    pub count: u64,
    pub chars: u64,
}

/// How many bytes the weigher checks, counts and measures at a time: its three passes over a block
/// then find it in the core's own cache rather than fetching a whole chunk three times.
const BLOCK: usize = 64 << 10;

/// Measures a document fed in chunks, answering the weight at each point asked for; it also checks
/// that the document is UTF-8 and counts its characters.
///
/// Counting characters here rather than where the parts are found keeps the threads of
/// `index_reader` about equally busy.
#[derive(Debug, Default)]
pub(crate) struct Weigher {
    meter: Meter,
    utf8: Utf8,
    offset: u64,
    chars: u64,
    weights: Vec<(u64, u64)>,
}

impl Weigher {
    /// Measures the next chunk, recording the weight at each of `points` (in order, none before what
    /// was fed already) that falls within it or at its end.
    pub fn feed(&mut self, chunk: &[u8], mut points: &[u64]) -> Result<(), InvalidUtf8> {
        for block in chunk.chunks(BLOCK) {
            self.check(block)?;
            let end = self.offset + block.len() as u64;
            let (now, later) = points.split_at(points.partition_point(|&p| p <= end));
            self.measure(block, now);
            points = later;
        }
        // Points at the end of an empty chunk, or past the end of this one, take the weight so far.
        self.measure(&[], points);
        Ok(())
    }

    /// `feed`, where another thread has measured the end of the chunk (`tail`).
    pub fn feed_with_tail(&mut self, chunk: &[u8], points: &[u64], tail: Option<Tail>) -> Result<(), InvalidUtf8> {
        let Some(tail) = tail else { return self.feed(chunk, points) };
        let (head, rest) = chunk.split_at(tail.at.min(chunk.len()));
        let (head_points, tail_points) =
            points.split_at(points.partition_point(|&p| p <= self.offset + head.len() as u64));
        self.feed(head, head_points)?;
        let resumes = head.len() >= 2 && self.meter.is_after_word(head[head.len() - 2], head[head.len() - 1]);
        if !resumes {
            // Not where the tail began (which `Tail::measure` rules out): measure it here.
            return self.feed(rest, tail_points);
        }
        for block in rest.chunks(BLOCK) {
            self.check(block)?;
        }
        for (point, raw) in tail.weights {
            self.weights.push((point, self.meter.weight_with(raw)));
        }
        let base = std::mem::replace(&mut self.meter, tail.meter);
        self.meter.rebase(&base);
        self.offset += rest.len() as u64;
        Ok(())
    }

    /// Checks that `block` continues UTF-8, and counts its characters.
    fn check(&mut self, block: &[u8]) -> Result<(), InvalidUtf8> {
        self.utf8.feed(block)?;
        self.chars += count_chars(block);
        Ok(())
    }

    /// Measures `bytes`, recording the weight at each of `points` that falls within them or at their end.
    fn measure(&mut self, bytes: &[u8], points: &[u64]) {
        let mut rest = bytes;
        for &point in points {
            let take = point.saturating_sub(self.offset).min(rest.len() as u64) as usize;
            let (now, later) = rest.split_at(take);
            self.meter.feed(now);
            self.offset += take as u64;
            rest = later;
            self.weights.push((self.offset, self.meter.weight()));
        }
        self.meter.feed(rest);
        self.offset += rest.len() as u64;
    }

    /// Returns the weights recorded, by point, and the whole document's totals.
    pub fn finish(self) -> Result<(Vec<(u64, u64)>, Totals), InvalidUtf8> {
        self.utf8.finish()?;
        let totals = Totals { weight: self.meter.weight(), count: self.meter.count(), chars: self.chars };
        Ok((self.weights, totals))
    }
}

/// The end of a chunk measured apart, by the thread that found its parts, from a point just after a
/// printable ASCII byte past its middle, so that the two threads share the measuring.
#[derive(Debug)]
pub(crate) struct Tail {
    /// Where in the chunk the tail begins.
    at: usize,
    meter: Meter,
    /// The points in the tail, each with the weight of the tail up to it.
    weights: Vec<(u64, RawWeight)>,
}

impl Tail {
    /// Measures the end of `chunk`, which begins at `offset`, recording the weight at each of `points`
    /// (in order) that falls within the tail; returns `None` when the chunk has no place to begin one.
    pub fn measure(chunk: &[u8], offset: u64, points: &[u64]) -> Option<Tail> {
        // A tail begins after a printable ASCII byte, found within a few KiB of the middle in text.
        let from = (chunk.len() / 2).max(2);
        let printable = chunk.get(from..)?.iter().take(4096).position(|b| (0x21..=0x7e).contains(b))?;
        let at = from + printable + 1;
        if at >= chunk.len() {
            return None;
        }
        let mut meter = Meter::after_word(chunk[at - 2], chunk[at - 1]);
        let points = &points[points.partition_point(|&p| p <= offset + at as u64)..];
        let mut weights = Vec::with_capacity(points.len());
        let mut rest = &chunk[at..];
        let mut here = offset + at as u64;
        for &point in points {
            let take = point.saturating_sub(here).min(rest.len() as u64) as usize;
            let (now, later) = rest.split_at(take);
            meter.feed(now);
            here += take as u64;
            rest = later;
            if let Some(raw) = meter.raw_weight() {
                weights.push((here, raw));
            }
        }
        meter.feed(rest);
        Some(Tail { at, meter, weights })
    }
}

/// Returns how many characters begin in `bytes`: the bytes that are not UTF-8 continuation bytes.
fn count_chars(bytes: &[u8]) -> u64 {
    // Counting into a byte within blocks of 255 lets the compiler compare and add 32 bytes at a time.
    let continuations: u64 =
        bytes.chunks(255).map(|block| u64::from(block.iter().fold(0u8, |n, &b| n + u8::from((b as i8) < -0x40)))).sum();
    bytes.len() as u64 - continuations
}

fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xf7 => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}
