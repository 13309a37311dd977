//! Measuring a document fed in chunks: its weight at the points its parts begin and end, and its totals.
//!
//! One weigher measures the chunks in order; or several threads each check and measure a chunk apart
//! (`Piece`), which the weigher then adds up in order, with the same figures.

use super::estimate::{Meter, RawWeight, ends_clean};
use super::table::HISTORY;
use crate::fit::scan::utf8::{InvalidUtf8, Utf8};

/// A whole document's weight, estimated tokens and characters.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct Totals {
    pub weight: u64,
    pub count: u64,
    pub chars: u64,
}

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
        debug_assert!(head.len() >= HISTORY && self.meter.is_after_word(last_bytes(head)));
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

/// A chunk checked and measured apart from the chunks before it, so that several threads can each
/// measure a chunk at once; `Weigher::take` adds the pieces up in order, with the figures of measuring
/// in one go.
///
/// The meter measures the rest of the chunk from just after its first whole character that is not white
/// space: there a meter's state is the bytes before, whatever came earlier (`Meter::after_word`).
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
        let mut utf8 = Utf8::starting_at(offset - open.len() as u64);
        // The characters the chunk begins; those of `open` are the chunk's before.
        let checked = utf8.feed(open).and_then(|_| utf8.feed(chunk));
        let (head, rest) = match (HISTORY..=chunk.len().min(RESUME_WITHIN)).find(|&n| ends_clean(chunk, n)) {
            Some(at) if at < chunk.len() => chunk.split_at(at),
            _ => (chunk, &chunk[chunk.len()..]),
        };
        let split = offset + head.len() as u64;
        let (head_points, rest_points) = points.split_at(points.partition_point(|&p| p <= split));
        let rest = (!rest.is_empty()).then(|| {
            let mut meter = Meter::after_word(last_bytes(head));
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
            invalid: checked.err(),
            chars: checked.unwrap_or_default(),
            head: head.to_vec(),
            head_points: head_points.to_vec(),
            rest,
        }
    }
}

/// Returns the last `HISTORY` bytes of `head`, which has at least that many.
fn last_bytes(head: &[u8]) -> &[u8; HISTORY] {
    head.last_chunk().expect("a head holds the bytes a meter resumes after")
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
