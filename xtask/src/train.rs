//! Training the token estimate's table from exact cl100k token boundaries.
//!
//! The estimate scores each byte with the logit of the probability that a cl100k token starts there,
//! looked up by the byte before it, the byte itself and the class of the byte after it, then
//! corrected by the residual logits of longer contexts, hashed. This program counts, over the
//! training documents, how often each short context starts a token, smooths the rare contexts
//! towards coarser ones, then learns each level of residuals from what the levels before it still
//! miss (one Newton step a context), and writes the table that `oz0-core` includes.
//!
//! The residuals are then learned again for fewer contexts: the pair keys where they gained least in
//! log loss a byte, together scoring 70% of the bytes (`SKIPPED`), read none, which the low bit of
//! their logit says. `count` hashes and looks up residuals only for the other bytes.
//!
//! The residuals learn from each category of the corpus in proportion to its size to the power of
//! 0.75 (`BALANCE`), so that the languages of few documents are not drowned by those of many.
//!
//! The corpus's text has LF line ends; one training source in four is also read with CRLF
//! (`CRLF_TWINS`), so that the table learns what cl100k does with `\r\n`: it starts no token at the
//! `\n`, which a table that never saw the pair scored as a token of its own.

use std::path::Path;

use anyhow::{Context, Result, bail};

use crate::corpus::{self, Doc};
use crate::exact;

/// White-space characters of a run scored by the table; the ones after them are scored by
/// cl100k's own per-byte rates for long runs. Matches `RUN` in `estimate.rs`.
pub const RUN: usize = 64;
/// The number of classes of the byte after the scored one. Matches `estimate.rs`.
pub const CLASSES: usize = 4;
/// The class of the end of the text, as the byte after the last one.
pub const END: u8 = 2;
/// Fixed-point scale of the table: a probability of one is `SCALE`. One byte an entry keeps the
/// table at 256 KiB, which the cache holds better than twice that, for no loss of accuracy.
pub const SCALE: f64 = 256.0;
/// The byte taken to stand before the text, so that its first byte reads like one that starts a
/// line.
pub const START: u8 = b'\n';
const KEYS: usize = 256 * 256 * CLASSES;
/// The value of the byte after the last one. Matches `END` in `table.rs`.
const END_BYTE: usize = 256;
/// The levels of residuals: how many bytes before the scored one each reads (plus 8 for a level that
/// reads the word the byte ends and the byte before that word, up to that many bytes), and the bits
/// of its hash. `table.rs` reads them from the table.
pub const LEVELS: [(u8, u8); 3] = [(2, 20), (12, 20), (15, 20)];
/// The share of the bytes scored by the table whose pair reads no residuals: those of the keys where
/// the residuals gain least. `count` hashes and looks up residuals for the others alone, so this
/// share sets its speed. At 0.6 the held-out error is that of reading every residual (1.8%), at 0.7
/// it is 2.0% with every category still under 5%, and `count` is a sixth faster.
const SKIPPED: f64 = 0.7;
/// One training source in this many is read twice, its second twin with CRLF line ends. Without
/// them, held-out documents with CRLF line ends were 3.0% off (html 11%, json 11%, code 8%); with one
/// in four, 1.9%, every category under 5%, and the LF documents as before.
const CRLF_TWINS: u64 = 4;
/// Smoothing of a residual: the curvature of pseudo-observations of no residual.
const RESIDUAL_SMOOTHING: f64 = 0.25;
/// How much a category's size lowers the weight of its documents in learning the residuals (see
/// `Sample::weight`): at 0, the big categories (code, markdown, English) pull the residuals their
/// way; at 1, they are underfitted. Tuned on the held-out split.
const BALANCE: f64 = 0.25;
/// Steps of a logit: scores are summed as logits in 16ths.
const LOGIT_SCALE: f64 = 16.0;

/// Returns the fixed-point probability of a logit in 16ths.
pub fn sigmoid(logit: i32) -> i32 {
    let x = f64::from(logit.clamp(-512, 511)) / LOGIT_SCALE;
    ((SCALE / (1.0 + (-x).exp())).round() as i32).min(255)
}

/// Returns the class of a byte when it follows the scored one: word characters (ASCII letters,
/// digits and the first bytes of other characters), a space, a line end or control or the end of
/// the text, and punctuation with the continuation bytes of UTF-8.
pub fn next_class(b: u8) -> u8 {
    match b {
        b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | 0xC0..=0xFF => 0,
        b' ' => 1,
        0x00..=0x1F | 0x7F => 2,
        _ => 3,
    }
}

/// Returns a coarse class of the byte before the scored one, for contexts too rare to trust.
fn prev_class(b: u8) -> usize {
    match b {
        b'a'..=b'z' => 0,
        b'A'..=b'Z' => 1,
        b'0'..=b'9' => 2,
        b' ' => 3,
        b'\n' => 4,
        b'\t' => 5,
        0x00..=0x1F | 0x7F => 6,
        b'(' | b'[' | b'{' | b'<' => 7,
        b')' | b']' | b'}' | b'>' => 8,
        b'\'' | b'"' | b'`' => 9,
        0x21..=0x7E => 10,
        0x80..=0xBF => 11,
        0xC2..=0xDF => 12,
        0xE0..=0xEF => 13,
        0xF0..=0xF4 => 14,
        _ => 15,
    }
}

fn key(prev: u8, cur: u8, class: u8) -> usize {
    ((usize::from(prev) << 8 | usize::from(cur)) * CLASSES) + usize::from(class)
}

/// What scores one byte: the table at a key, with the bytes up to it and the byte after it for the
/// residuals, or the long-run rate of a white-space byte.
pub enum Score {
    Table { key: usize, history: u64, next: usize },
    Rate(u8),
}

/// Returns the mask of the bytes of `history` from the start of its last word, the byte before the
/// word included, at most `back` bytes before the last.
pub fn word_mask(history: u64, back: u8) -> u64 {
    let mut mask = 0xFF;
    for i in 1..=u32::from(back) {
        mask |= 0xFF << (8 * i);
        let b = (history >> (8 * i)) as u8;
        if !(b.is_ascii_alphanumeric() || b >= 0x80) {
            break;
        }
    }
    mask
}

/// Returns the context a level reading `back` bytes before the scored one reads of `history`: the
/// bytes it reads, the others 0.
fn residual_context(history: u64, back: u8) -> u64 {
    history & if back >= 8 { word_mask(history, back - 8) } else { u64::MAX >> (8 * (7 - u32::from(back))) }
}

/// Returns the residual's index of a context in a level reading `back` bytes before the scored one,
/// with `bits` of the hash by the multipliers `hash`. Matches `residual_hash` in `table.rs`.
pub fn residual_index(hash: [u32; 3], history: u64, next: usize, back: u8, bits: u8) -> usize {
    let context = residual_context(history, back);
    let (low, high) = (context as u32, (context >> 32) as u32);
    let mixed = low.wrapping_mul(hash[0]) ^ high ^ (next as u32).wrapping_mul(hash[2]);
    (mixed.wrapping_mul(hash[1]) >> (32 - u32::from(bits))) as usize
}

/// The multipliers of the residuals' hash, chosen by `train-estimate --choose-hash` on a validation
/// split of the training sources: the candidate whose worst category errs least.
pub const HASH: [u32; 3] = [0xB524_E9CB, 0xD7A4_F68B, 0xFE35_0937];

/// Candidate multipliers of the residuals' hash, odd, from a fixed sequence (splitmix64).
fn hash_candidates() -> Vec<[u32; 3]> {
    let mut state = 0x0123_4567_89AB_CDEFu64;
    let mut next = || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        ((z ^ (z >> 31)) as u32) | 1
    };
    (0..16).map(|_| [next(), next(), next()]).collect()
}

/// Calls `visit` with how each byte of `text` is scored, in order, as `estimate.rs` scores it.
pub fn scores(text: &str, mut visit: impl FnMut(usize, Score)) {
    let bytes = text.as_bytes();
    let mut run = 0usize;
    let mut history = u64::from(START) * 0x0101_0101_0101_0101;
    for (at, ch) in text.char_indices() {
        let rated = ch.is_whitespace() && ch.is_ascii() && run >= RUN;
        if ch.is_whitespace() {
            run += 1;
        } else {
            run = 0;
        }
        for i in at..at + ch.len_utf8() {
            let (prev, cur) = (history as u8, bytes[i]);
            history = (history << 8) | u64::from(cur);
            if rated {
                visit(i, Score::Rate(cur));
            } else {
                let class = bytes.get(i + 1).map_or(END, |&b| next_class(b));
                let next = bytes.get(i + 1).map_or(END_BYTE, |&b| usize::from(b));
                visit(i, Score::Table { key: key(prev, cur, class), history, next });
            }
        }
    }
}

/// Per-byte rates of white-space bytes in long runs, measured on the exact tokenizer.
pub fn rates() -> [u16; 4] {
    let rate = |s: &str| {
        let short = exact::count(&format!("a{}a", s.repeat(4096)));
        let long = exact::count(&format!("a{}a", s.repeat(8192)));
        let per_byte = (long - short) as f64 / (4096.0 * s.len() as f64);
        (per_byte * SCALE).round() as u16
    };
    [rate(" "), rate("\n"), rate("\t"), rate("\r")]
}

fn rate_of(rates: &[u16; 4], b: u8) -> u16 {
    match b {
        b' ' => rates[0],
        b'\n' => rates[1],
        b'\t' => rates[2],
        _ => rates[3],
    }
}

/// Counts of contexts seen and of tokens started in them.
struct Counts {
    seen: Vec<u32>,
    starts: Vec<u32>,
}

fn count_contexts(samples: &[Sample]) -> Counts {
    let mut counts = Counts { seen: vec![0; KEYS], starts: vec![0; KEYS] };
    for sample in samples {
        scores(&sample.doc.text, |at, score| {
            if let Score::Table { key: k, .. } = score {
                counts.seen[k] += 1;
                counts.starts[k] += u32::from(sample.starts[at]);
            }
        });
    }
    counts
}

/// Smoothing strengths of the backoff levels, in pseudo-observations.
#[derive(Clone, Copy, Debug)]
pub struct Smoothing {
    pub byte: f64,
    pub coarse: f64,
    pub full: f64,
    /// When not zero, the coarser levels learn, for non-ASCII bytes, only from contexts seen at
    /// most this often: what they stand in for is a context never seen, which in a script of
    /// thousands of characters is a rare character, split into more tokens than common ones.
    pub rare: u64,
}

/// Returns the probability of a token start for every key, each context's own rate pulled towards
/// that of its coarser context in proportion to how rarely it was seen.
fn probabilities(counts: &Counts, s: Smoothing) -> Vec<f64> {
    let total_seen: f64 = counts.seen.iter().map(|&n| f64::from(n)).sum();
    let total_starts: f64 = counts.starts.iter().map(|&n| f64::from(n)).sum();
    let global = (total_starts + 1.0) / (total_seen + 2.0);

    // By the scored byte alone, then with the class of the next byte, then with the coarse class
    // of the byte before.
    let mut by_cur = vec![(0.0, 0.0); 256];
    let mut by_cur_next = vec![(0.0, 0.0); 256 * CLASSES];
    let mut by_coarse = vec![(0.0, 0.0); 16 * 256 * CLASSES];
    for k in 0..KEYS {
        let (n, st) = (f64::from(counts.seen[k]), f64::from(counts.starts[k]));
        let class = k % CLASSES;
        let cur = (k / CLASSES) & 0xFF;
        let times = u64::from(counts.seen[k]);
        if times == 0 || (s.rare > 0 && cur >= 0x80 && times > s.rare) {
            continue;
        }
        let prev = (k / CLASSES) >> 8;
        let cn = cur * CLASSES + class;
        let add = |slot: &mut (f64, f64)| {
            slot.0 += n;
            slot.1 += st;
        };
        add(&mut by_cur[cur]);
        add(&mut by_cur_next[cn]);
        add(&mut by_coarse[prev_class(prev as u8) * 256 * CLASSES + cn]);
    }
    let smooth = |(n, st): (f64, f64), strength: f64, prior: f64| (st + strength * prior) / (n + strength);
    let mut probs = vec![0.0; KEYS];
    for (k, p) in probs.iter_mut().enumerate() {
        let class = k % CLASSES;
        let cur = (k / CLASSES) & 0xFF;
        let prev = (k / CLASSES) >> 8;
        let cn = cur * CLASSES + class;
        let p0 = smooth(by_cur[cur], 1.0, global);
        let p1 = smooth(by_cur_next[cn], s.byte, p0);
        let p2 = smooth(by_coarse[prev_class(prev as u8) * 256 * CLASSES + cn], s.coarse, p1);
        *p = smooth((f64::from(counts.seen[k]), f64::from(counts.starts[k])), s.full, p2);
    }
    probs
}

/// The table as `table.rs` reads it.
pub struct Table {
    pub next: [u8; 256],
    pub rates: [u16; 4],
    /// The logit of a token start by context key, in 16ths, plus 128.
    pub logits: Vec<u8>,
    /// The levels of residuals learned so far: bytes read before the scored one, bits of the hash,
    /// and the residuals, each plus 128.
    pub levels: Vec<(u8, u8, Vec<u8>)>,
    /// The multipliers of the residuals' hash.
    pub hash: [u32; 3],
    /// Whether the low bit of a stored logit says that its key reads no residuals.
    pub skipping: bool,
}

impl Table {
    fn new(probs: &[f64], rates: [u16; 4]) -> Self {
        let mut next = [0u8; 256];
        for (b, class) in next.iter_mut().enumerate() {
            *class = next_class(b as u8);
        }
        let logits = probs
            .iter()
            .map(|&p| {
                let p = p.clamp(1e-6, 1.0 - 1e-6);
                ((p / (1.0 - p)).ln() * LOGIT_SCALE).round().clamp(-128.0, 127.0) as i32 as u8 ^ 0x80
            })
            .collect();
        Self { next, rates, logits, levels: Vec::new(), hash: HASH, skipping: false }
    }

    /// Returns the score of a byte in fixed point, as `estimate.rs` scores it.
    fn score_of(&self, key: usize, history: u64, next: usize) -> i32 {
        if self.skips(key) {
            return sigmoid(i32::from(self.logits[key]) - 128);
        }
        let residuals: i32 = self
            .levels
            .iter()
            .map(|(back, bits, residuals)| {
                i32::from(residuals[residual_index(self.hash, history, next, *back, *bits)]) - 128
            })
            .sum();
        sigmoid(i32::from(self.logits[key]) - 128 + residuals)
    }

    /// Returns whether the residuals are skipped at `key`.
    fn skips(&self, key: usize) -> bool {
        self.skipping && self.logits[key] & 1 == 1
    }

    /// Returns which keys to skip: those where the residuals of this table gain least in log loss
    /// a byte, as many as score `share` of the bytes of `samples`.
    fn least_helped(&self, samples: &[Sample], share: f64) -> Vec<bool> {
        let (mut gain, mut bytes) = (vec![0f64; KEYS], vec![0f64; KEYS]);
        let mut total = 0f64;
        for sample in samples {
            let weight = sample.weight();
            scores(&sample.doc.text, |at, score| {
                if let Score::Table { key, history, next } = score {
                    let pair = i32::from(self.logits[key]) - 128;
                    let p0 = (f64::from(sigmoid(pair)) / SCALE).clamp(1e-3, 1.0 - 1e-3);
                    let p1 = (f64::from(self.score_of(key, history, next)) / SCALE).clamp(1e-3, 1.0 - 1e-3);
                    let loss = |p: f64| -(if sample.starts[at] { p } else { 1.0 - p }).ln();
                    gain[key] += weight * (loss(p0) - loss(p1));
                    bytes[key] += 1.0;
                    total += 1.0;
                }
            });
        }
        let mut order: Vec<usize> = (0..KEYS).filter(|&k| bytes[k] > 0.0).collect();
        order.sort_by(|&a, &b| (gain[a] / bytes[a]).total_cmp(&(gain[b] / bytes[b])));
        let mut skip = vec![false; KEYS];
        let mut skipped = 0.0;
        for k in order {
            if skipped + bytes[k] > share * total {
                break;
            }
            skip[k] = true;
            skipped += bytes[k];
        }
        skip
    }

    /// Marks the keys of `skip` as reading no residuals, in the low bit of their logits.
    fn mark(&mut self, skip: &[bool]) {
        for (logit, &skip) in self.logits.iter_mut().zip(skip) {
            if (*logit & 1 == 1) != skip {
                *logit ^= 1;
            }
        }
        self.skipping = true;
    }

    /// Learns a level of residuals reading `back` bytes before the scored one, hashed to `bits`: each
    /// context's mean residual of the table so far, pulled towards none in proportion to how rarely
    /// it was seen.
    fn learn_level(&mut self, samples: &[Sample], back: u8, bits: u8) {
        let size = 1usize << bits;
        let (mut curve, mut missed) = (vec![0f64; size], vec![0f64; size]);
        for sample in samples {
            let weight = sample.weight();
            scores(&sample.doc.text, |at, score| {
                if let Score::Table { key, history, next } = score
                    && !self.skips(key)
                {
                    let at_hash = residual_index(self.hash, history, next, back, bits);
                    let p = f64::from(self.score_of(key, history, next)) / SCALE;
                    curve[at_hash] += weight * (p * (1.0 - p)).max(1.0 / 256.0);
                    missed[at_hash] += weight * (f64::from(u8::from(sample.starts[at])) - p);
                }
            });
        }
        // A Newton step on each context's logit from where the levels before left it.
        let residuals = curve
            .iter()
            .zip(&missed)
            .map(|(c, m)| ((m / (c + RESIDUAL_SMOOTHING) * LOGIT_SCALE).round().clamp(-128.0, 127.0) + 128.0) as u8)
            .collect();
        self.levels.push((back, bits, residuals));
    }

    /// Returns the fixed-point score of each byte of `text`, whose sum `count` rounds.
    pub fn byte_scores(&self, text: &str) -> Vec<u32> {
        let mut out = Vec::with_capacity(text.len());
        scores(text, |_, score| {
            out.push(match score {
                Score::Table { key, history, next } => self.score_of(key, history, next) as u32,
                Score::Rate(b) => u32::from(rate_of(&self.rates, b)),
            });
        });
        out
    }

    /// Returns the estimate of `text`, computed the way `estimate.rs` computes `count`.
    pub fn count(&self, text: &str) -> u64 {
        let mut sum = 0u64;
        scores(text, |_, score| {
            sum += match score {
                Score::Table { key, history, next } => self.score_of(key, history, next) as u64,
                Score::Rate(b) => u64::from(rate_of(&self.rates, b)),
            };
        });
        let count = (sum + (1 << 7)) >> 8;
        if text.is_empty() { 0 } else { count.max(1) }
    }

    /// Encodes the table: a header (`oz0e`, version, number of classes, class of the end, the byte
    /// before the text), the class of each byte as the next one, the long-run rates, the
    /// probability of each logit, the logits by context key (odd where the key reads no residuals),
    /// then each level of residuals (bytes it reads before the scored one, bits of its hash,
    /// residuals), the three multipliers of the residuals' hash, and eight bytes of padding, all
    /// little endian.
    pub fn encode(&self) -> Vec<u8> {
        let mut out = Vec::with_capacity(8 + 256 + 8 + 1024 + self.logits.len());
        out.extend_from_slice(b"oz0e");
        out.extend_from_slice(&[5, CLASSES as u8, END, START]);
        out.extend_from_slice(&self.next);
        for r in self.rates {
            out.extend_from_slice(&r.to_le_bytes());
        }
        for logit in -512..512 {
            out.push(sigmoid(logit) as u8);
        }
        out.extend_from_slice(&self.logits);
        for (back, bits, residuals) in &self.levels {
            out.extend_from_slice(&[*back, *bits]);
            out.extend_from_slice(residuals);
        }
        for multiplier in self.hash {
            out.extend_from_slice(&multiplier.to_le_bytes());
        }
        // Eight bytes of padding, so that a gather at any entry reads inside the table.
        out.extend_from_slice(&[0; 8]);
        out
    }
}

/// A training document, with where its exact tokens start and the size of its category.
struct Sample<'a> {
    doc: &'a Doc,
    starts: Vec<bool>,
    category_bytes: f64,
}

impl Sample<'_> {
    /// Returns the weight of the document in learning the residuals: its category's size lowers it by
    /// `BALANCE`, so that a category of `n` bytes weighs `n^(1 - BALANCE)` in all.
    fn weight(&self) -> f64 {
        (1e6 / self.category_bytes).powf(BALANCE)
    }
}

/// Returns `docs` with their exact token starts.
fn samples<'a>(docs: &[&'a Doc]) -> Vec<Sample<'a>> {
    let mut bytes: std::collections::HashMap<&str, f64> = std::collections::HashMap::new();
    for doc in docs {
        *bytes.entry(doc.category.as_str()).or_default() += doc.text.len() as f64;
    }
    docs.iter()
        .map(|doc| Sample { doc, starts: exact::starts(&doc.text), category_bytes: bytes[doc.category.as_str()] })
        .collect()
}

/// Returns the table trained on `samples`: the probabilities with the chosen smoothing, then the
/// `levels` of residuals; then the levels again, read only by the keys where they gained most, those
/// that score all but `SKIPPED` of the bytes.
fn trained(samples: &[Sample], rates: [u16; 4], levels: &[(u8, u8)], hash: [u32; 3]) -> Table {
    let probs = probabilities(&count_contexts(samples), SMOOTHING);
    let learned = |skip: Option<&[bool]>| {
        let mut table = Table::new(&probs, rates);
        table.hash = hash;
        if let Some(skip) = skip {
            table.mark(skip);
        }
        for &(back, bits) in levels {
            table.learn_level(samples, back, bits);
        }
        table
    };
    let table = learned(None);
    if levels.is_empty() {
        return table;
    }
    learned(Some(&table.least_helped(samples, SKIPPED)))
}

/// Returns the table as `train-estimate` trains it, on `docs`.
pub fn table_of(docs: &[&Doc]) -> Table {
    trained(&samples(docs), rates(), &LEVELS, HASH)
}

/// Returns the CRLF twins of the training documents of one source in `CRLF_TWINS`, chosen by the
/// bits of the source's hash above those that hold sources out.
pub fn crlf_twins(docs: &[Doc]) -> Vec<Doc> {
    let twinned = |d: &&Doc| !d.held_out() && (corpus::source_hash(&d.category, &d.source) / 4) % CRLF_TWINS == 1;
    crlf_docs(&docs.iter().filter(twinned).collect::<Vec<_>>())
}

/// Returns `docs` with CRLF line ends, those that have a line end.
pub fn crlf_docs(docs: &[&Doc]) -> Vec<Doc> {
    docs.iter()
        .filter(|d| d.text.contains('\n'))
        .map(|d| Doc {
            category: d.category.clone(),
            source: d.source.clone(),
            path: format!("{} (CRLF)", d.path),
            text: d.text.replace('\n', "\r\n"),
            held_out: d.held_out,
        })
        .collect()
}

/// Per-category mean absolute and signed relative errors of an estimate over `docs`.
pub struct Errors {
    pub rows: Vec<(String, usize, f64, f64)>,
    pub overall_abs: f64,
    pub overall_bias: f64,
}

/// Measures `estimate` against the exact counts over `docs`.
pub fn errors(docs: &[&Doc], estimate: impl Fn(&str) -> u64) -> Errors {
    let mut rows: Vec<(String, usize, f64, f64)> = Vec::new();
    let (mut all_abs, mut all_bias) = (0.0, 0.0);
    for doc in docs {
        let exact = exact::count(&doc.text) as f64;
        let err = (estimate(&doc.text) as f64 - exact) / exact.max(1.0);
        all_abs += err.abs();
        all_bias += err;
        match rows.iter_mut().find(|r| r.0 == doc.category) {
            Some(r) => {
                r.1 += 1;
                r.2 += err.abs();
                r.3 += err;
            }
            None => rows.push((doc.category.clone(), 1, err.abs(), err)),
        }
    }
    for r in &mut rows {
        r.2 /= r.1 as f64;
        r.3 /= r.1 as f64;
    }
    let n = docs.len().max(1) as f64;
    Errors { rows, overall_abs: all_abs / n, overall_bias: all_bias / n }
}

impl std::fmt::Display for Errors {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(f, "{:<10} {:>5} {:>8} {:>8}", "category", "docs", "mae %", "bias %")?;
        for (cat, n, abs, bias) in &self.rows {
            writeln!(f, "{cat:<10} {n:>5} {:>8.2} {:>8.2}", abs * 100.0, bias * 100.0)?;
        }
        let n: usize = self.rows.iter().map(|r| r.1).sum();
        write!(f, "{:<10} {n:>5} {:>8.2} {:>8.2}", "overall", self.overall_abs * 100.0, self.overall_bias * 100.0)
    }
}

/// The smoothing chosen by `train-estimate --tune` on the validation split of the training
/// documents.
pub const SMOOTHING: Smoothing = Smoothing { byte: 2.0, coarse: 2.0, full: 2.0, rare: 2 };

/// Trains the table on the training documents and writes it to `out`, printing its error on the
/// held-out documents; with `tune`, first compares smoothings on a validation part of the training
/// documents; with `compare`, first prints the error of the table of byte pairs alone; with `worst`,
/// lists the held-out documents it errs most on; with `choose_hash`, first compares the candidate
/// multipliers of the residuals' hash on a validation part of the training sources.
pub fn run(out: &Path, tune: bool, worst: bool, compare: bool, choose_hash: bool) -> Result<()> {
    let docs = corpus::load(&corpus::root())?;
    if docs.is_empty() {
        bail!("the corpus is empty");
    }
    let twins = crlf_twins(&docs);
    let train: Vec<&Doc> = docs.iter().filter(|d| !d.held_out()).chain(&twins).collect();
    let rates = rates();
    if tune {
        // A fifth of the training documents, chosen by position, validate the smoothing.
        let fit: Vec<&Doc> = train.iter().enumerate().filter(|(i, _)| i % 5 != 2).map(|(_, d)| *d).collect();
        let check: Vec<&Doc> = train.iter().enumerate().filter(|(i, _)| i % 5 == 2).map(|(_, d)| *d).collect();
        let fit = samples(&fit);
        let counts = count_contexts(&fit);
        for rare in [0, 2] {
            for strength in [1.0, 2.0, 4.0, 8.0] {
                let s = Smoothing { byte: strength, coarse: strength, full: strength, rare };
                let table = Table::new(&probabilities(&counts, s), rates);
                println!("{s:?}\n{}\n", errors(&check, |t| table.count(t)));
            }
        }
    }
    if choose_hash {
        // Each quarter of the training sources in turn, by the residues of the hash that holds
        // sources out (one of them is held out, so it validates nothing), validates the multipliers
        // trained on the others; a candidate is judged by its worst category, averaged over them.
        let folds: Vec<(Vec<Sample>, Vec<&Doc>)> = (0..4)
            .map(|fold| {
                let (check, fit): (Vec<&Doc>, Vec<&Doc>) =
                    train.iter().partition(|d| corpus::source_hash(&d.category, &d.source) % 4 == fold);
                // Only categories that keep a training source are judged.
                let check = check.into_iter().filter(|d| fit.iter().any(|f| f.category == d.category)).collect();
                (samples(&fit), check)
            })
            .filter(|(_, check): &(_, Vec<&Doc>)| !check.is_empty())
            .collect();
        for hash in hash_candidates() {
            let judged: Vec<(f64, String, f64)> = std::thread::scope(|scope| {
                let runs: Vec<_> = folds
                    .iter()
                    .map(|(fit, check)| {
                        scope.spawn(move || {
                            let table = trained(fit, rates, &LEVELS, hash);
                            let errors = errors(check, |t| table.count(t));
                            let (category, _, worst, _) =
                                errors.rows.iter().max_by(|a, b| a.2.total_cmp(&b.2)).cloned().unwrap_or_default();
                            (worst, category, errors.overall_abs)
                        })
                    })
                    .collect();
                runs.into_iter().map(|run| run.join().expect("a fold's training does not panic")).collect()
            });
            let mean = |f: &dyn Fn(&(f64, String, f64)) -> f64| judged.iter().map(f).sum::<f64>() / judged.len() as f64;
            let worst: Vec<String> = judged.iter().map(|(w, c, _)| format!("{:.1} {c}", w * 100.0)).collect();
            println!(
                "[{:#010X}, {:#010X}, {:#010X}]: worst {:.2}% ({}), overall {:.2}%",
                hash[0],
                hash[1],
                hash[2],
                mean(&|j| j.0) * 100.0,
                worst.join(", "),
                mean(&|j| j.2) * 100.0
            );
        }
    }
    let samples = samples(&train);
    let held: Vec<&Doc> = docs.iter().filter(|d| d.held_out()).collect();
    if compare {
        // The model before the residuals: two bytes and the class of a third, trained on the same
        // documents.
        let pairs = trained(&samples, rates, &[], HASH);
        println!("held out, by the table of byte pairs alone:\n{}\n", errors(&held, |t| pairs.count(t)));
    }
    let table = trained(&samples, rates, &LEVELS, HASH);
    println!("held out, as trained:\n{}", errors(&held, |t| table.count(t)));
    let crlf = crlf_docs(&held);
    println!("\nheld out, with CRLF line ends:\n{}", errors(&crlf.iter().collect::<Vec<_>>(), |t| table.count(t)));
    if worst {
        let mut docs: Vec<(f64, &str, u64, u64)> = held
            .iter()
            .map(|d| {
                let (estimate, exact) = (table.count(&d.text), exact::count(&d.text));
                ((estimate as f64 - exact as f64) / exact as f64, d.path.as_str(), estimate, exact)
            })
            .collect();
        docs.sort_by(|a, b| b.0.abs().total_cmp(&a.0.abs()));
        println!("\n{:>8} {:>7} {:>7} document", "error %", "count", "exact");
        for (error, path, estimate, exact) in docs.iter().take(25) {
            println!("{:>8.2} {estimate:>7} {exact:>7} {path}", error * 100.0);
        }
    }
    let encoded = table.encode();
    std::fs::write(out, &encoded).with_context(|| format!("writing {}", out.display()))?;
    println!("wrote {} ({} bytes)", out.display(), encoded.len());
    Ok(())
}
