//! The platform's token estimate: `count` and `weigh`.
//!
//! Each byte is scored with the probability that a cl100k token starts at it, as a logit: looked up
//! in a learned table by the byte before it, the byte itself and the class of the byte after it,
//! then corrected by learned residuals of longer contexts, picked by a hash (the two bytes before it;
//! the word it ends, up to four and up to seven bytes back with the byte before the word; each with
//! the byte itself and the whole byte after it), which tell languages and formats apart where two
//! bytes cannot. The logit's probability is summed in fixed point, so the figures are exact integers
//! that do not depend on how the text was cut into chunks. The residuals are read only where they
//! gain most: a context key whose stored logit is odd (the keys of 70% of the training bytes) reads
//! none, so that the fast path hashes and looks up residuals for about a third of the bytes.
//! White-space characters past the 64th of a run are scored by cl100k's own per-byte rates for long
//! runs (a token per 128 spaces, 32 newlines, 16 tabs), which no byte context can see.
//!
//! The table, `cl100k.table`, is trained from exact token boundaries over the corpus by
//! `cargo run -p xtask --release -- train-estimate`.
//!
//! Most text goes through a fast path that does nothing but the lookups (see `stretch`): a stretch
//! of text in which every 32 bytes hold a character that is not white space cannot hold a
//! white-space run long enough for `weigh` to treat differently, so only the bytes around long runs
//! (and the first byte fed) go through the careful path, which decodes characters and tracks runs,
//! and a run of one repeated byte costs no more there than a scan.

use super::table::{END, HISTORY, TABLE, Table};
use super::{blocks, stretch};

/// White-space characters of a run that the table scores; the ones after them are scored by the
/// long-run rates. `weigh` also weighs runs longer than this differently.
const RUN: u64 = 64;
/// Bits of the fixed-point scores: a probability of one is `1 << SHIFT`.
const SHIFT: u32 = 8;
/// The longest stretch fed through the fast path at once. A white-space run inside a stretch is
/// then at most 64 characters long, so the fast path never needs to track runs.
const STRETCH: usize = 64;
/// The longest stretch taken at once when every 32 bytes of it hold the first byte of a character
/// that is not white space; it bounds the bytes read twice, once to check and once to score, to
/// what the L1 cache holds.
const LONG_STRETCH: usize = 16384;

/// Returns the estimated number of cl100k tokens in `text`.
pub fn count(text: &str) -> u64 {
    let mut meter = Meter::new();
    meter.feed(text.as_bytes());
    meter.count()
}

/// Returns the weight of `text` in tokens: `count`, except that a run of more than 64 white-space
/// characters weighs `ceil(len / 4)` tokens.
pub fn weigh(text: &str) -> u64 {
    let mut meter = Meter::new();
    meter.feed(text.as_bytes());
    meter.weight()
}

/// A meter's weight before it is rounded: the fixed-point score of the text less its long runs, and
/// the tokens given to those runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct RawWeight {
    fixed: u64,
    tokens: u64,
}

impl RawWeight {
    /// Returns the weight in tokens, rounded.
    pub(crate) fn weight(self) -> u64 {
        (round(self.fixed) + self.tokens).max(1)
    }
}

/// Measures a text fed in chunks of bytes; chunks may split a UTF-8 character.
///
/// Feeding a text in any chunking gives the same figures as `count` and `weigh` of the whole, and
/// asking for them costs the same at any point of a long stream.
#[derive(Debug, Clone, Default)]
pub struct Meter {
    /// Whether any byte was fed.
    started: bool,
    /// The last `HISTORY` bytes fed, the last in the low byte, the table's `start` standing for
    /// those before the text. The last is not yet scored: its score waits for the byte after it.
    history: u64,
    /// Fixed-point sum of the scores of every byte before `cur`.
    sum: u64,
    /// Whether `cur` ends a character (complete, or cut short by invalid UTF-8).
    cur_ends_char: bool,
    /// Whether that character is white space.
    cur_char_space: bool,
    /// Whether `cur` is scored by its long-run rate rather than the table.
    cur_rated: bool,
    /// Continuation bytes that the character being decoded still needs.
    need: u8,
    /// The code point decoded so far.
    code: u32,
    /// Scores of the bytes of the character being decoded that are already scored.
    char_score: u64,
    /// White-space characters in the current run.
    run_chars: u64,
    /// Scores of the bytes of the run's completed characters.
    run_score: u64,
    /// Scores of the closed runs longer than `RUN` characters, which `weight` replaces.
    long_score: u64,
    /// Tokens that `weight` gives those runs instead.
    long_weight: u64,
}

impl Meter {
    /// Returns a meter that has seen nothing.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `bytes` to the text measured.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.feed_marking(bytes, &[], |_, _| {});
    }

    /// Adds `bytes` to the text measured, telling `mark` the meter's `raw_weight` after each of the first
    /// `points[i]` bytes (in order, none past the end): the figures of feeding the bytes up to each point
    /// and asking there, while the fast path runs on through the points.
    pub(crate) fn feed_marking(
        &mut self,
        bytes: &[u8],
        mut points: &[usize],
        mut mark: impl FnMut(usize, Option<RawWeight>),
    ) {
        let table = &*TABLE;
        let mut done = 0;
        loop {
            while let Some((&point, later)) = points.split_first()
                && point <= done
            {
                mark(point, self.raw_weight());
                points = later;
            }
            let Some(&first) = bytes.get(done) else { break };
            // The careful path stops at the next point; the fast path marks the points it runs through.
            let limit = points.first().map_or(bytes.len(), |&point| point.min(bytes.len()));
            if self.clean() {
                let taken = self.fast(table, &bytes[done..], done, &mut points, &mut mark);
                if taken > 0 {
                    done += taken;
                    continue;
                }
            } else if let Some(n) = self.repeats(&bytes[done..limit]) {
                self.repeat(table, n);
                done += n;
                continue;
            }
            self.step(table, first);
            done += 1;
        }
    }

    /// Returns `count` of everything fed so far, as if the text ended here.
    pub fn count(&self) -> u64 {
        let Some(end) = self.end_score() else {
            return 0;
        };
        round(self.sum + end).max(1)
    }

    /// Returns `weigh` of everything fed so far, as if the text ended here.
    pub fn weight(&self) -> u64 {
        self.raw_weight().map_or(0, RawWeight::weight)
    }

    /// Returns a meter that measures on from a point just after a whole character that is not white
    /// space (`ends_clean`), after the `HISTORY` bytes `before` (at least that many bytes into the
    /// text), its sums starting from nothing.
    ///
    /// Whatever came before, a meter that has just been fed such a character is between characters and
    /// outside any white-space run, so these bytes are all of its state but its sums: the text after
    /// the point can be measured apart and added (`weight_with`, `rebase`).
    #[cfg_attr(not(feature = "fit"), allow(dead_code, reason = "the weigher's, which is the engine's alone"))]
    pub(crate) fn after_word(before: &[u8; HISTORY]) -> Self {
        Self { started: true, history: u64::from_be_bytes(*before), cur_ends_char: true, ..Self::default() }
    }

    /// Returns whether the meter stands where `after_word(before)` starts, its sums apart.
    #[cfg_attr(not(feature = "fit"), allow(dead_code, reason = "the weigher's, which is the engine's alone"))]
    pub(crate) fn is_after_word(&self, before: &[u8; HISTORY]) -> bool {
        self.clean()
            && self.need == 0
            && !self.cur_rated
            && self.run_score == 0
            && self.history == u64::from_be_bytes(*before)
    }

    /// Returns the last byte fed.
    fn cur(&self) -> u8 {
        self.history as u8
    }

    /// Returns `weight` of a meter begun by `after_word` where this meter stands, from its `raw_weight`.
    #[cfg_attr(not(feature = "fit"), allow(dead_code, reason = "the weigher's, which is the engine's alone"))]
    pub(crate) fn weight_with(&self, raw: RawWeight) -> u64 {
        // Standing after a printable byte, this meter has no open run: its long runs are all counted.
        (round(self.sum - self.long_score + raw.fixed) + self.long_weight + raw.tokens).max(1)
    }

    /// Adds the sums of `base`, where this meter began by `after_word` stands, so that this meter
    /// measures the text from the start.
    #[cfg_attr(not(feature = "fit"), allow(dead_code, reason = "the weigher's, which is the engine's alone"))]
    pub(crate) fn rebase(&mut self, base: &Meter) {
        self.sum += base.sum;
        self.long_score += base.long_score;
        self.long_weight += base.long_weight;
    }

    /// Returns `weight` before it is rounded, or `None` when nothing was fed.
    pub(crate) fn raw_weight(&self) -> Option<RawWeight> {
        let end = self.end_score()?;
        let (mut long_score, mut long_weight) = (self.long_score, self.long_weight);
        if self.run_chars > RUN {
            // The run is still open: it holds the last character when that one is white space.
            long_score += self.run_score;
            if self.cur_ends_char && self.cur_char_space {
                long_score += self.char_score + end;
            }
            long_weight += self.run_chars.div_ceil(4);
        }
        Some(RawWeight { fixed: self.sum + end - long_score, tokens: long_weight })
    }

    /// Returns the score of the last byte fed, as the last byte of the text, or `None` when
    /// nothing was fed.
    fn end_score(&self) -> Option<u64> {
        if !self.started {
            return None;
        }
        let table = &*TABLE;
        Some(if self.cur_rated {
            u64::from(table.rates[usize::from(self.cur())])
        } else {
            table.score(self.history, END)
        })
    }

    /// Returns whether the meter is between characters, outside any white-space run, so that the
    /// fast path, which tracks neither, may take over.
    fn clean(&self) -> bool {
        self.started && self.cur_ends_char && !self.cur_char_space && self.run_chars == 0 && self.char_score == 0
    }

    /// Scores the longest run of stretches at the start of `bytes` that the fast path can take
    /// from a clean state, one context a byte, and returns how many bytes it took; tells `mark` the
    /// weight at each of `points` it takes bytes up to, `bytes` beginning at point `base`.
    ///
    /// Each stretch ends with a character that is not white space, so that the state stays clean,
    /// and is either at most 64 bytes long or checked by `long_stretch_end`, so that no
    /// white-space run inside it is longer than 64 characters: the fast path need track neither
    /// characters nor runs, and the weight at a point inside a stretch is its sum so far and the score
    /// of its last byte as the end of the text.
    fn fast(
        &mut self,
        table: &Table,
        bytes: &[u8],
        base: usize,
        points: &mut &[usize],
        mark: &mut impl FnMut(usize, Option<RawWeight>),
    ) -> usize {
        let mut taken = 0;
        loop {
            let rest = &bytes[taken..];
            // A short rest cannot hold a long run, so it needs no block check.
            let end = if rest.len() <= STRETCH {
                stretch_end(rest)
            } else {
                long_stretch_end(rest).or_else(|| stretch_end(rest))
            };
            let Some(n) = end else {
                break;
            };
            let stretch = &bytes[taken..taken + n];
            let sum = self.sum;
            let (long_score, tokens) = (self.long_score, self.long_weight);
            // The points before the stretch's end, none before its start.
            let (inside, later) = points.split_at(points.partition_point(|&p| p < base + taken + n));
            let start = base + taken;
            let (added, history) =
                stretch::sum_marking(table, self.history, stretch, inside, start, |point, so_far, history| {
                    let fixed = sum + so_far + table.score(history, END) - long_score;
                    mark(point, Some(RawWeight { fixed, tokens }));
                });
            self.sum += added;
            self.history = history;
            *points = later;
            taken += n;
        }
        taken
    }

    /// Returns how many of the first bytes of `bytes` repeat an ASCII white-space byte that the
    /// meter's whole history already is, or `None`.
    fn repeats(&self, bytes: &[u8]) -> Option<usize> {
        let c = self.cur();
        let repeating = self.started
            && self.cur_ends_char
            && self.cur_char_space
            && self.history == u64::from(c) * 0x0101_0101_0101_0101
            && c.is_ascii()
            && bytes.first() == Some(&c);
        repeating.then(|| bytes.iter().take_while(|&&b| b == c).count())
    }

    /// Feeds `n` more of the white-space byte the meter's history is, at once: each scores the same
    /// context or the same long-run rate, so the run costs no more to measure than to scan.
    fn repeat(&mut self, table: &Table, n: usize) {
        let c = self.cur();
        let n = n as u64;
        let run = self.run_chars;
        // Fed one at a time, the i-th byte (from 0) scores the byte before it, which the rate
        // scores when it came at run position 64 or later.
        let rated_after_first = (n - 1).saturating_sub(RUN.saturating_sub(run));
        let rated = u64::from(self.cur_rated) + rated_after_first;
        let score =
            rated * u64::from(table.rates[usize::from(c)]) + (n - rated) * table.score(self.history, usize::from(c));
        self.sum += score;
        self.run_score += score;
        self.run_chars = run + n;
        self.cur_rated = run + n > RUN;
    }

    /// Feeds one byte, tracking characters and white-space runs.
    fn step(&mut self, table: &Table, b: u8) {
        if b < 0x80 && self.started && self.cur_ends_char && self.need == 0 {
            self.ascii_step(table, b);
            return;
        }
        if self.started {
            let score = if self.cur_rated {
                u64::from(table.rates[usize::from(self.cur())])
            } else {
                table.score(self.history, usize::from(b))
            };
            self.sum += score;
            self.char_score += score;
            if self.cur_ends_char {
                if self.cur_char_space {
                    self.run_score += self.char_score;
                }
                self.char_score = 0;
            }
        } else {
            self.started = true;
            self.history = u64::from(table.start) * 0x0101_0101_0101_0101;
        }
        self.history = (self.history << 8) | u64::from(b);
        self.decode(b);
    }

    /// Feeds an ASCII byte after a whole character: `step` without the decoder, for the line ends
    /// and line starts that the fast path leaves to the careful one.
    fn ascii_step(&mut self, table: &Table, b: u8) {
        let score = if self.cur_rated {
            u64::from(table.rates[usize::from(self.cur())])
        } else {
            table.score(self.history, usize::from(b))
        };
        self.sum += score;
        if self.cur_char_space {
            self.run_score += self.char_score + score;
        }
        self.char_score = 0;
        self.history = (self.history << 8) | u64::from(b);
        self.cur_ends_char = true;
        if matches!(b, 0x09..=0x0D | b' ') {
            self.cur_char_space = true;
            self.cur_rated = self.run_chars >= RUN;
            self.run_chars += 1;
        } else {
            self.cur_char_space = false;
            self.cur_rated = false;
            self.close_run();
        }
    }

    /// Advances the UTF-8 decoder by one byte. Invalid bytes and cut characters count as
    /// characters that are not white space.
    fn decode(&mut self, b: u8) {
        let continuation = (0x80..0xC0).contains(&b);
        if self.need > 0 && !continuation {
            // The character being decoded was cut short; its bytes are already scored.
            self.need = 0;
            self.char_score = 0;
            self.close_run();
        }
        let complete = if self.need > 0 {
            self.code = (self.code << 6) | u32::from(b & 0x3F);
            self.need -= 1;
            (self.need == 0).then_some(self.code)
        } else {
            match b {
                0xC2..=0xDF => self.begin(b & 0x1F, 1),
                0xE0..=0xEF => self.begin(b & 0x0F, 2),
                0xF0..=0xF4 => self.begin(b & 0x07, 3),
                // ASCII, a stray continuation byte or an invalid byte: a character of its own,
                // white space only when ASCII.
                _ => Some(if b < 0x80 { u32::from(b) } else { 0xFFFD }),
            }
        };
        match complete {
            Some(code) => {
                let space = char::from_u32(code).is_some_and(char::is_whitespace);
                self.cur_ends_char = true;
                self.cur_char_space = space;
                self.cur_rated = space && b < 0x80 && self.run_chars >= RUN;
                if space {
                    self.run_chars += 1;
                } else {
                    self.char_score = 0;
                    self.close_run();
                }
            }
            None => {
                self.cur_ends_char = false;
                self.cur_char_space = false;
                self.cur_rated = false;
            }
        }
    }

    fn begin(&mut self, bits: u8, need: u8) -> Option<u32> {
        self.code = u32::from(bits);
        self.need = need;
        None
    }

    fn close_run(&mut self) {
        if self.run_chars > RUN {
            self.long_score += self.run_score;
            self.long_weight += self.run_chars.div_ceil(4);
        }
        self.run_chars = 0;
        self.run_score = 0;
    }
}

/// Returns how many of the first bytes of `bytes` the fast path may take from a clean state: a
/// stretch of at most 64 bytes that ends with a character that is not white space, or `None`.
fn stretch_end(bytes: &[u8]) -> Option<usize> {
    let limit = bytes.len().min(STRETCH);
    (1..=limit).rev().find(|&n| ends_clean(bytes, n))
}

/// Returns whether the first `n` bytes of `bytes` end with a character that is not white space,
/// as the careful path would decode it: where a meter's state is the bytes before
/// (`Meter::after_word`); `n` is at least 1.
///
/// They do at an ASCII byte that is not white space, or at a continuation byte followed by a byte
/// that starts a character, where that continuation byte cannot be the last of a white-space
/// character (which all end in 0x80 to 0x8A, 0x9F, 0xA0, 0xA8, 0xA9 or 0xAF).
pub(crate) fn ends_clean(bytes: &[u8], n: usize) -> bool {
    let last = bytes[n - 1];
    match last {
        0x09..=0x0D | b' ' => false,
        0x00..=0x7F => true,
        0x80..=0xBF => {
            !matches!(last, 0x80..=0x8A | 0x9F | 0xA0 | 0xA8 | 0xA9 | 0xAF)
                && bytes.get(n).is_some_and(|&next| !(0x80..0xC0).contains(&next))
        }
        _ => false,
    }
}

/// Returns the length of the longest stretch at the start of `bytes` made of whole 32-byte blocks
/// that each hold a byte that starts a character that is not white space, and of the less than 32
/// bytes that end `bytes` when every block before them does, cut back to end with such a
/// character, or `None` when there is none.
///
/// A white-space run inside such a stretch lies between two such characters, less than 64 bytes
/// apart, or between the last of them and the end, less than 63 bytes apart, so it is at most 62
/// characters long.
fn long_stretch_end(bytes: &[u8]) -> Option<usize> {
    let window = &bytes[..bytes.len().min(LONG_STRETCH)];
    let full = window.len() / 32;
    let blocks = blocks::leading(bytes, full);
    let end = if blocks == full && window.len() == bytes.len() { bytes.len() } else { blocks * 32 };
    (1..=end).rev().find(|&n| ends_clean(bytes, n))
}

/// Rounds a fixed-point sum to whole tokens.
fn round(sum: u64) -> u64 {
    (sum + (1 << (SHIFT - 1))) >> SHIFT
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Scores bytes one at a time through the careful path only.
    fn slow(bytes: &[u8]) -> Meter {
        let mut meter = Meter::new();
        for &b in bytes {
            meter.step(&TABLE, b);
        }
        meter
    }

    /// Computes `count` and `weigh` of a string straight from their definitions.
    fn reference(text: &str) -> (u64, u64) {
        let table = &*TABLE;
        let bytes = text.as_bytes();
        let (mut sum, mut long_score, mut long_weight) = (0u64, 0u64, 0u64);
        let (mut run_chars, mut run_score) = (0u64, 0u64);
        let mut history = u64::from(table.start) * 0x0101_0101_0101_0101;
        for (at, ch) in text.char_indices() {
            let space = ch.is_whitespace();
            if !space {
                if run_chars > RUN {
                    long_score += run_score;
                    long_weight += run_chars.div_ceil(4);
                }
                run_chars = 0;
                run_score = 0;
            }
            let rated = space && ch.is_ascii() && run_chars >= RUN;
            let mut char_score = 0;
            for i in at..at + ch.len_utf8() {
                history = (history << 8) | u64::from(bytes[i]);
                let next = bytes.get(i + 1).map_or(END, |&b| usize::from(b));
                let score =
                    if rated { u64::from(table.rates[usize::from(bytes[i])]) } else { table.score(history, next) };
                char_score += score;
            }
            sum += char_score;
            if space {
                run_chars += 1;
                run_score += char_score;
            }
        }
        if run_chars > RUN {
            long_score += run_score;
            long_weight += run_chars.div_ceil(4);
        }
        if text.is_empty() {
            return (0, 0);
        }
        (round(sum).max(1), (round(sum - long_score) + long_weight).max(1))
    }

    /// Texts rich in what the meter must get right: runs of white space of every kind and
    /// length, multi-byte characters, and plain words.
    fn text() -> impl Strategy<Value = String> {
        let piece = prop_oneof![
            "[a-zA-Z0-9 .,;(){}\"'_-]{1,40}",
            "[ \t\n\r]{1,90}",
            "[\u{a0}\u{2000}\u{3000}\u{85} ]{1,80}",
            "[а-яА-Я ]{1,30}",
            "[अ-ह ก-ฮ ა-ჰ\u{1680}]{1,30}",
            "[一-龥ぁ-ん、。]{1,30}",
            "[😀-🙏🚀-🛿]{1,5}",
            (prop::sample::select(vec![" ", "\n", "\t", "\r", "\u{3000}"]), 1..200usize).prop_map(|(c, n)| c.repeat(n)),
        ];
        prop::collection::vec(piece, 0..12).prop_map(|p| p.concat())
    }

    #[test]
    fn the_table_decodes() {
        assert!(TABLE.logits.iter().any(|&p| p > 0));
        // A token per 128 spaces, 32 newlines or 16 tabs, in 256ths of a token a byte.
        assert_eq!(TABLE.rates[usize::from(b' ')], 2);
        assert_eq!(TABLE.rates[usize::from(b'\n')], 8);
        assert_eq!(TABLE.rates[usize::from(b'\t')], 16);
    }

    #[test]
    fn a_table_of_the_wrong_shape_scores_nothing() {
        let table = Table::decode(b"not a table", &super::super::table::DIRECT);
        assert!(table.logits.iter().all(|&p| p == 0));
        // Its lookups stay within what it holds, one at a time or gathered.
        let text = "every byte of this text scores nothing at all ".repeat(4);
        assert_eq!(stretch::sum(&table, 0, text.as_bytes()).0, 0);
    }

    #[test]
    fn the_empty_text_is_nothing() {
        assert_eq!(count(""), 0);
        assert_eq!(weigh(""), 0);
        let mut meter = Meter::new();
        meter.feed(b"");
        assert_eq!((meter.count(), meter.weight()), (0, 0));
    }

    #[test]
    fn any_text_is_at_least_one_token() {
        for text in [" ", "a", "\n", "é", "😀"] {
            assert!(count(text) >= 1, "{text:?}");
            assert!(weigh(text) >= 1, "{text:?}");
        }
    }

    #[test]
    fn plain_text_in_several_languages_is_near_its_exact_count() {
        let exact = bpe_openai::cl100k_base();
        for text in [
            "The committee will meet again next week to review the budget and the new hiring plan. ",
            "Die Kommission wird sich nächste Woche erneut treffen, um den Haushalt zu prüfen. ",
            "Комиссия снова соберётся на следующей неделе, чтобы рассмотреть бюджет. ",
            "委员会将于下周再次开会，审查预算和新的招聘计划。",
        ] {
            // A sentence repeated repeats the error of each of its words, which a document averages
            // out: the promise is 3% over documents, 5% in a category.
            let text = text.repeat(10);
            let (n, want) = (count(&text) as f64, exact.count(text.as_str()) as f64);
            assert!((n - want).abs() / want < 0.15, "{n} against {want} for {text:?}");
        }
    }

    #[test]
    fn a_long_run_of_white_space_weighs_a_quarter_of_its_length() {
        let run = " ".repeat(400);
        let text = format!("a{run}b");
        assert_eq!(weigh(&text), count("ab") + 100);
        // As counted, a long run of spaces costs about a token in 128.
        assert!(count(&text) < 10, "{}", count(&text));
        let tabs = format!("x{}y", "\t".repeat(65));
        let rest = weigh(&tabs) - 17;
        assert!(rest <= 2, "{rest}");
        assert_eq!(weigh(&tabs), reference(&tabs).1);
    }

    #[test]
    fn a_run_of_64_white_space_characters_is_not_long() {
        let text = format!("a{}b", " ".repeat(64));
        assert_eq!(weigh(&text), count(&text));
        let text = format!("a{}b", " ".repeat(65));
        assert!(weigh(&text) > count(&text));
    }

    #[test]
    fn white_space_outside_ascii_makes_runs_too() {
        let text = format!("a{}b", "\u{3000}\u{a0}".repeat(40));
        assert_eq!(weigh(&text), reference(&text).1);
        // The 80 characters weigh 20 tokens; "a" and "b" about one each.
        let rest = weigh(&text) - 20;
        assert!((1..=3).contains(&rest), "{rest}");
    }

    #[test]
    fn a_run_at_the_end_weighs_as_it_would_in_the_middle() {
        let text = format!("a{}", "\n".repeat(100));
        assert_eq!(weigh(&text), reference(&text).1);
        let rest = weigh(&text) - 25;
        assert!(rest <= 2, "{rest}");
    }

    #[test]
    fn long_runs_of_one_byte_measure_the_same_in_any_chunking() {
        for c in [" ", "\n", "\t"] {
            let text = format!("a{}b{}", c.repeat(300), c.repeat(70));
            let whole = slow(text.as_bytes());
            for cut in [1, 2, 3, 40, 64, 65, 66, 67, 100, 301, 302, 303, 350] {
                let mut meter = Meter::new();
                meter.feed(&text.as_bytes()[..cut]);
                meter.feed(&text.as_bytes()[cut..]);
                assert_eq!((meter.count(), meter.weight()), (whole.count(), whole.weight()), "{c:?} cut at {cut}");
            }
            assert_eq!((count(&text), weigh(&text)), reference(&text));
        }
    }

    #[test]
    fn the_figures_are_deterministic() {
        let text = "fn main() {\n    println!(\"héllo, 世界 🌍\");\n}\n".repeat(50);
        let first = (count(&text), weigh(&text));
        for _ in 0..3 {
            assert_eq!((count(&text), weigh(&text)), first);
        }
        assert_eq!(first, reference(&text));
    }

    #[test]
    fn scripts_whose_letters_begin_with_0xe0_and_0xe1_take_the_long_stretches_to_the_same_figures() {
        // Long runs of white space that begins with the same lead bytes, between words of Hindi,
        // Thai and Georgian, and overlong encodings of white space.
        let text = format!(
            "{}{}{}{}",
            "नमस्ते दुनिया, यह एक परीक्षण है। ".repeat(20),
            "\u{1680}".repeat(70),
            "สวัสดีชาวโลก นี่คือการทดสอบ ".repeat(20),
            format!("ა{}ბ", "\u{2000}".repeat(80)).repeat(3)
        );
        assert_eq!((count(&text), weigh(&text)), reference(&text));
        let mut bytes = text.into_bytes();
        for at in [100, 700, 1500] {
            bytes.splice(at..at, [0xE0, 0x80, 0xA0].repeat(70));
        }
        let whole = slow(&bytes);
        let mut meter = Meter::new();
        meter.feed(&bytes);
        assert_eq!((meter.count(), meter.weight()), (whole.count(), whole.weight()));
    }

    proptest! {
        #[test]
        fn count_and_weigh_follow_their_definitions(text in text()) {
            prop_assert_eq!((count(&text), weigh(&text)), reference(&text));
        }

        #[test]
        fn any_chunking_gives_the_same_figures(
            text in text(),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..8),
        ) {
            let bytes = text.as_bytes();
            let mut at: Vec<usize> = cuts.iter().map(|c| c.index(bytes.len() + 1)).collect();
            at.sort_unstable();
            let mut meter = Meter::new();
            let mut from = 0;
            for to in at {
                meter.feed(&bytes[from..to]);
                from = to;
                // Figures asked for mid-stream are those of the text so far.
                let so_far = slow(&bytes[..to]);
                prop_assert_eq!((meter.count(), meter.weight()), (so_far.count(), so_far.weight()));
            }
            meter.feed(&bytes[from..]);
            prop_assert_eq!((meter.count(), meter.weight()), (count(&text), weigh(&text)));
        }

        #[test]
        fn marking_points_gives_the_figures_of_stopping_there(
            text in text(),
            before in text(),
            points in prop::collection::vec(any::<prop::sample::Index>(), 0..10),
        ) {
            let bytes = text.as_bytes();
            let mut points: Vec<usize> = points.iter().map(|p| p.index(bytes.len() + 1)).collect();
            points.sort_unstable();
            let mut meter = Meter::new();
            meter.feed(before.as_bytes());
            let mut stopping = meter.clone();
            let mut marked = Vec::new();
            meter.feed_marking(bytes, &points, |p, raw| marked.push((p, raw)));
            let mut expected = Vec::new();
            let mut at = 0;
            for &p in &points {
                stopping.feed(&bytes[at..p]);
                at = p;
                expected.push((p, stopping.raw_weight()));
            }
            stopping.feed(&bytes[at..]);
            prop_assert_eq!(marked, expected);
            prop_assert_eq!((meter.count(), meter.weight()), (stopping.count(), stopping.weight()));
        }

        #[test]
        fn text_measured_apart_after_a_printable_byte_adds_up(
            text in text(),
            from in any::<prop::sample::Index>(),
            cuts in prop::collection::vec(any::<prop::sample::Index>(), 0..4),
        ) {
            let bytes = text.as_bytes();
            let at = (from.index(bytes.len() + 1)..=bytes.len())
                .find(|&at| at >= HISTORY && (0x21..=0x7e).contains(&bytes[at - 1]));
            prop_assume!(at.is_some());
            let at = at.unwrap_or_default();
            let mut base = Meter::new();
            base.feed(&bytes[..at]);
            let before = bytes[at - HISTORY..at].try_into().unwrap_or([0; HISTORY]);
            prop_assert!(base.is_after_word(&before));
            let mut tail = Meter::after_word(&before);
            let mut whole = base.clone();
            let mut ends: Vec<usize> = cuts.iter().map(|c| at + c.index(bytes.len() - at + 1)).collect();
            ends.sort_unstable();
            let mut from = at;
            for end in ends.into_iter().chain([bytes.len()]) {
                tail.feed(&bytes[from..end]);
                whole.feed(&bytes[from..end]);
                from = end;
                let raw = tail.raw_weight();
                prop_assert!(raw.is_some());
                prop_assert_eq!(raw.map(|raw| base.weight_with(raw)), Some(whole.weight()));
            }
            tail.rebase(&base);
            prop_assert_eq!((tail.count(), tail.weight()), (whole.count(), whole.weight()));
        }

        #[test]
        fn bytes_that_are_not_utf8_measure_the_same_in_any_chunking(
            bytes in prop::collection::vec(
                prop_oneof![any::<u8>(), Just(b' '), Just(0x80u8), Just(0x9Au8), Just(0xE0u8), Just(0xE1u8), Just(0xE3u8)], 0..300),
            cut in any::<prop::sample::Index>(),
        ) {
            let whole = slow(&bytes);
            let mut meter = Meter::new();
            let cut = cut.index(bytes.len() + 1);
            meter.feed(&bytes[..cut]);
            meter.feed(&bytes[cut..]);
            prop_assert_eq!((meter.count(), meter.weight()), (whole.count(), whole.weight()));
        }
    }
}
