//! The parts of a document, as the splitters mark where they begin: `Part`, and `Marks`, which builds
//! them and asks for the weights they need.

use std::ops::Range;

use crate::fit::io::room::Room;
use crate::fit::scan::utf8::open_len;

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

    /// Returns where the part's label stands in the buffer of labels.
    pub(crate) fn label_range(&self) -> Range<usize> {
        self.label_at..self.label_at + self.label_len as usize
    }

    /// Returns where what else the outline says of the part stands in the buffer, after its label.
    pub(crate) fn detail_range(&self) -> Range<usize> {
        let at = self.label_at + self.label_len as usize;
        at..at + self.detail_len as usize
    }
}

const NO_PARENT: u32 = u32::MAX;

/// How many parts, and bytes of their labels, were marked so far (`Marks::found`).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Found {
    parts: usize,
    labels: usize,
}

/// Builds the parts as splitters find where they begin: each part ends where the next part of its level
/// or above begins.
#[derive(Debug)]
pub(crate) struct Marks {
    parts: Vec<Part>,
    /// The labels' bytes: whole characters, so UTF-8 when the document is (`Index::label`).
    labels: Vec<u8>,
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
    /// How many of the points the parts need were handed out.
    asked: usize,
}

impl Default for Marks {
    fn default() -> Self {
        Self {
            parts: Vec::new(),
            labels: Vec::new(),
            open: Vec::new(),
            leaf: None,
            here: 0,
            prev: 0,
            next_line: 0,
            line_no: 1,
            requests: Vec::new(),
            asked: 0,
        }
    }
}

impl Marks {
    /// Begins a part at `at`; it ends where the next part of its level or above begins.
    pub fn push(&mut self, at: At, level: u8, label: &[u8], body: Body) -> usize {
        self.begin(at, level, label, body, false)
    }

    /// Begins a part that ends at the next part of any level.
    pub fn push_leaf(&mut self, at: At, label: &[u8], body: Body) -> usize {
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

    /// Ends the open parts of `level` and deeper at the line just read, so that what follows belongs to
    /// the parts above them: a definition's part ends at its last line.
    pub fn end_from(&mut self, level: u8) {
        let at = self.point(At::Here);
        self.close_leaf(at);
        while let Some(&top) = self.open.last() {
            if self.parts[top].level < level {
                break;
            }
            self.close(top, at);
            self.open.pop();
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
    pub fn set_label(&mut self, id: usize, label: &[u8]) {
        if let Some(part) = self.parts.get_mut(id) {
            part.label_at = self.labels.len();
            part.label_len = len32(label);
            part.detail_len = 0;
            self.labels.extend_from_slice(&label[..part.label_len as usize]);
        }
    }

    /// Sets what else the outline says of part `id`.
    pub fn set_detail(&mut self, id: usize, detail: &str) {
        let Some(part) = self.parts.get(id) else { return };
        let label = self.labels[part.label_range()].to_owned();
        self.set_label(id, &label);
        let part = &mut self.parts[id];
        part.detail_len = len32(detail.as_bytes());
        self.labels.extend_from_slice(&detail.as_bytes()[..part.detail_len as usize]);
    }

    /// Returns the number of the line being read, 1-based.
    pub fn line_no(&self) -> u64 {
        self.line_no
    }

    /// Notes that the line being read ends before `offset`, where a part's text after it begins
    /// (`Body::NextLine`).
    pub fn line_ends(&mut self, offset: u64) {
        self.next_line = offset;
    }

    /// Moves on to the line that begins at `offset`, past the line just read.
    pub fn next_line_begins(&mut self, offset: u64) {
        self.prev = self.here;
        self.here = offset;
        self.line_no += 1;
    }

    /// Moves on past `count` lines at once, the last of which begins at `last` and ends before `offset`.
    pub fn lines_begin(&mut self, last: u64, offset: u64, count: u64) {
        self.prev = last;
        self.here = offset;
        self.line_no += count;
    }

    /// Returns how many parts, and bytes of their labels, were marked so far, for `make_room` later.
    pub fn found(&self) -> Found {
        Found { parts: self.parts.len(), labels: self.labels.len() }
    }

    /// Makes room for the parts of the next two chunks, if they have as many as those found since
    /// `since`, and returns that room, whose pages another thread may fault in (`Room::populate`).
    pub fn make_room(&mut self, since: Found) -> Room {
        // A chunk may also take parts back, and end with fewer than it began with.
        let parts = self.parts.len().saturating_sub(since.parts);
        let labels = self.labels.len().saturating_sub(since.labels);
        let mut room = Room::default();
        room.make(&mut self.parts, 2 * parts + 64);
        room.make(&mut self.labels, 2 * labels + 4096);
        room
    }

    /// Returns, in order, the points from `start` to `end` whose weight the parts may need: the points
    /// asked for since the last call, and where the last complete line and the line after it begin,
    /// which a later line may still ask for.
    pub fn take_points(&mut self, start: u64, end: u64) -> Vec<u64> {
        let requests = &mut self.requests;
        let asked = requests.get(self.asked..).unwrap_or_default();
        let open = [self.prev, self.here];
        let mut points: Vec<u64> = asked.iter().chain(&open).copied().filter(|p| (start..=end).contains(p)).collect();
        // The points handed out are not needed again, but for the last, which tells `point` a repeat:
        // dropping them keeps two for each part of a large file from staying in memory.
        requests.drain(..requests.len().saturating_sub(1));
        self.asked = requests.len();
        points.sort_unstable();
        points.dedup();
        points
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

    fn begin(&mut self, at: At, level: u8, label: &[u8], body: Body, leaf: bool) -> usize {
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
        self.labels.extend_from_slice(&label[..label_len as usize]);
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

    /// Ends every part at `end`, the end of the document, after the lines read; labels the parts by their
    /// lines when `by_lines` (the runs of plain text); and returns the parts with their labels.
    pub fn finish(mut self, end: u64, by_lines: bool) -> (Vec<Part>, Vec<u8>) {
        let end = (end, self.line_no);
        self.close_leaf(end);
        while let Some(id) = self.open.pop() {
            self.close(id, end);
        }
        if by_lines {
            for id in 0..self.parts.len() {
                let (a, b) = self.parts[id].lines;
                self.set_label(id, format!("lines {a}-{b}").as_bytes());
            }
        }
        (self.parts, self.labels)
    }
}

/// Returns how many bytes of `text` a label keeps: all, up to `u32::MAX`, less a character cut short at
/// the end (a line's first bytes may end inside one).
fn len32(text: &[u8]) -> u32 {
    let kept = &text[..text.len().min(u32::MAX as usize)];
    (kept.len() - open_len(kept)) as u32
}
