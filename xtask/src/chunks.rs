//! A study of a token estimate by chunks: cut the text where cl100k's pre-tokenizer surely cuts it
//! (by byte classes alone, as a vector of bytes can), look each chunk up in a table of the chunks
//! the training text holds most often with the mean number of tokens that start inside them, and
//! score only the chunks the table lacks byte by byte, with the estimate's table. A chunk cut only
//! where cl100k cuts is a union of its pieces, and counts exactly; a chunk of one wide character
//! (Chinese, Japanese, Thai: text without spaces is cut a character at a time) counts its mean.
//! The question is how many bytes the table leaves to the byte model, and so how few lookups a
//! byte such an estimate makes; the findings are in BENCHMARKS.md ("An estimate by chunks").

use std::collections::HashMap;

use anyhow::{Context, Result, bail};

use crate::corpus::{self, Doc};
use crate::exact;
use crate::train::{self, Table};

/// Byte classes of the chunker: letters (ASCII, and every byte of other characters), digits,
/// spaces and tabs, line ends, and the rest.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Class {
    Letter,
    Digit,
    Space,
    Line,
    Other,
}

fn class(b: u8) -> Class {
    match b {
        b'a'..=b'z' | b'A'..=b'Z' | 0x80..=0xFF => Class::Letter,
        b'0'..=b'9' => Class::Digit,
        b' ' | b'\t' => Class::Space,
        b'\n' | b'\r' => Class::Line,
        _ => Class::Other,
    }
}

/// Returns whether a chunk starts at a byte of class `cur` after one of class `prev`, the byte
/// after being of class `next`: only where cl100k's pre-tokenizer always cuts.
fn starts(prev: Class, cur: Class, next: Option<Class>) -> bool {
    use Class::*;
    match (prev, cur) {
        // The last space of a run goes with the word or punctuation after it.
        (Space, Space) => matches!(next, Some(Letter | Other)),
        (_, Space) => true,
        (Digit | Line, Letter) | (Digit | Line, Other) | (Letter, Other) => true,
        (Letter | Digit, Line) => true,
        (_, Digit) => prev != Digit,
        _ => false,
    }
}

/// What the study varies: whether a chunk also ends before each character of three or four bytes
/// after another character that is not ASCII (so that text without spaces, Chinese, Japanese, Thai,
/// is looked up a character at a time), the longest chunk the table holds, and the bits of the
/// hashed table's slots.
#[derive(Clone, Copy, Debug)]
pub struct Options {
    pub wide: bool,
    pub longest: usize,
    pub bits: u32,
}

impl Options {
    /// Reads `--bytes-only` (no cut before wide characters), `--longest N` and `--bits N`.
    pub fn parse(args: &[String]) -> Result<Self> {
        let value = |flag: &str, default: usize| -> Result<usize> {
            match args.iter().position(|a| a == flag) {
                None => Ok(default),
                Some(i) => {
                    args.get(i + 1).and_then(|v| v.parse().ok()).with_context(|| format!("{flag} needs a number"))
                }
            }
        };
        let bits = value("--bits", 17)?;
        if !(8..=24).contains(&bits) {
            bail!("--bits is from 8 to 24, not {bits}");
        }
        Ok(Self {
            wide: !args.iter().any(|a| a == "--bytes-only"),
            longest: value("--longest", 16)?,
            bits: bits as u32,
        })
    }
}

/// Returns the byte ranges of the chunks of `text`.
fn chunks_of(text: &[u8], wide: bool) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut start = 0;
    for i in 1..text.len() {
        let cut = wide && text[i] >= 0xE0 && text[i - 1] >= 0x80;
        if cut || starts(class(text[i - 1]), class(text[i]), text.get(i + 1).map(|&b| class(b))) {
            out.push((start, i));
            start = i;
        }
    }
    if !text.is_empty() {
        out.push((start, text.len()));
    }
    out
}

/// The chunks of the training text: how often each occurs, and the mean tokens that start inside it.
struct Chunks {
    counts: HashMap<Vec<u8>, (u64, u32)>,
}

impl Chunks {
    fn learn(docs: &[&Doc], options: Options) -> Self {
        let mut sums: HashMap<Vec<u8>, (u64, u64)> = HashMap::new();
        for doc in docs {
            let bytes = doc.text.as_bytes();
            let starts = exact::starts(&doc.text);
            for (a, b) in chunks_of(bytes, options.wide) {
                if b - a <= options.longest {
                    let e = sums.entry(bytes[a..b].to_vec()).or_insert((0, 0));
                    e.0 += 1;
                    e.1 += starts[a..b].iter().filter(|&&s| s).count() as u64;
                }
            }
        }
        // The mean token starts inside each chunk, in 256ths.
        let counts = sums.into_iter().map(|(c, (n, s))| (c, (n, ((s * 256 + n / 2) / n) as u32))).collect();
        Self { counts }
    }

    /// The `most` most frequent chunks and their token counts.
    fn top(&self, most: usize) -> HashMap<&[u8], u32> {
        let mut all: Vec<(&Vec<u8>, &(u64, u32))> = self.counts.iter().collect();
        all.sort_by(|a, b| b.1.0.cmp(&a.1.0).then(a.0.cmp(b.0)));
        all.into_iter().take(most).map(|(c, &(_, t))| (c.as_slice(), t)).collect()
    }
}

/// The shape of a chunk: the first byte after its leading space or punctuation (ASCII letters by
/// case, others by value), whether it has a leading byte, and its length (up to 63).
fn shape(chunk: &[u8]) -> usize {
    let lead = usize::from(matches!(class(chunk[0]), Class::Space | Class::Other) && chunk.len() > 1);
    let first = chunk[lead.min(chunk.len() - 1)];
    let first = match first {
        b'a'..=b'z' => 0,
        b'A'..=b'Z' => 1,
        b'0'..=b'9' => 2,
        0x00..=0x7F => 3,
        b => usize::from(b >> 2),
    };
    let leading = if lead == 1 { usize::from(chunk[0] != b' ') + 1 } else { 0 };
    ((first * 3 + leading) << 6) | chunk.len().min(63)
}

/// Mean token counts of chunks by shape, learned from the chunks the training text holds once.
struct Shapes {
    mean: Vec<u32>,
}

impl Shapes {
    fn learn(chunks: &Chunks, docs: &[&Doc], options: Options) -> Self {
        let n = 64 * 3 * 64;
        let (mut sum, mut seen) = (vec![0f64; n], vec![0f64; n]);
        for (chunk, &(times, tokens)) in &chunks.counts {
            if times == 1 {
                sum[shape(chunk)] += f64::from(tokens) / 256.0;
                seen[shape(chunk)] += 1.0;
            }
        }
        // Chunks longer than the table holds are all unseen.
        for doc in docs {
            let bytes = doc.text.as_bytes();
            for (a, b) in chunks_of(bytes, options.wide) {
                if b - a > options.longest
                    && let Ok(s) = std::str::from_utf8(&bytes[a..b])
                {
                    sum[shape(&bytes[a..b])] += exact::count(s) as f64;
                    seen[shape(&bytes[a..b])] += 1.0;
                }
            }
        }
        // Shapes never seen take a token per four bytes.
        let mean = (0..n)
            .map(|i| if seen[i] > 0.0 { (sum[i] / seen[i] * 256.0).round() as u32 } else { ((i & 63) as u32) * 64 })
            .collect();
        Self { mean }
    }
}

/// The estimate of `text` by chunks, and how many of its bytes the byte model scored.
fn estimate(
    text: &str,
    table: &Table,
    known: &HashMap<&[u8], u32>,
    shapes: Option<&Shapes>,
    wide: bool,
) -> (u64, usize) {
    let bytes = text.as_bytes();
    let scores = table.byte_scores(text);
    let (mut sum, mut scored) = (0u64, 0usize);
    for (a, b) in chunks_of(bytes, wide) {
        match known.get(&bytes[a..b]) {
            Some(&tokens) => sum += u64::from(tokens),
            None if let Some(shapes) = shapes => {
                sum += u64::from(shapes.mean[shape(&bytes[a..b])]);
                scored += b - a;
            }
            None => {
                sum += scores[a..b].iter().map(|&s| u64::from(s)).sum::<u64>();
                scored += b - a;
            }
        }
    }
    let count = (sum + (1 << 7)) >> 8;
    (if text.is_empty() { 0 } else { count.max(1) }, scored)
}

/// Prints the held-out error of the estimate by chunks, and the share of bytes left to the byte
/// model, for tables of several sizes.
pub fn run(options: Options) -> Result<()> {
    let docs = corpus::load(&corpus::root())?;
    if docs.is_empty() {
        bail!("the corpus is empty");
    }
    let twins = train::crlf_twins(&docs);
    let train: Vec<&Doc> = docs.iter().filter(|d| !d.held_out()).chain(&twins).collect();
    let held: Vec<&Doc> = docs.iter().filter(|d| d.held_out()).collect();
    let table = train::table_of(&train);
    let chunks = Chunks::learn(&train, options);
    println!("{options:?}: {} distinct chunks in the training text", chunks.counts.len());
    let all = chunks.top(usize::MAX);
    let (mut off, mut n) = (0f64, 0usize);
    for doc in &train {
        let (count, _) = estimate(&doc.text, &table, &all, None, options.wide);
        let exact = exact::count(&doc.text) as f64;
        off += (count as f64 - exact).abs() / exact.max(1.0);
        n += 1;
    }
    println!("training documents, every chunk of them known: {:.2}% off\n", off / n as f64 * 100.0);
    let shapes = Shapes::learn(&chunks, &train, options);
    println!("{:<8} {:<22} {:>9} {:>16} {:>8}", "chunks", "unknown ones scored by", "held out", "worst", "left %");
    let mut detail = String::new();
    for (bits, shapes) in [(14, None), (16, None), (18, None), (16, Some(&shapes)), (18, Some(&shapes))] {
        let known = chunks.top(1 << bits);
        let left: std::cell::RefCell<HashMap<&str, (usize, usize)>> = Default::default();
        let errors = train::errors(&held, |t| {
            let (count, scored) = estimate(t, &table, &known, shapes, options.wide);
            let category = held.iter().find(|d| d.text == t).map_or("?", |d| d.category.as_str());
            let mut left = left.borrow_mut();
            let e = left.entry(category).or_default();
            e.0 += scored;
            e.1 += t.len();
            count
        });
        let left = left.into_inner();
        let (scored, total) = left.values().fold((0, 0), |(s, t), &(a, b)| (s + a, t + b));
        let worst = errors
            .rows
            .iter()
            .max_by(|a, b| a.2.total_cmp(&b.2))
            .map_or(String::new(), |r| format!("{} {:.1}%", r.0, r.2 * 100.0));
        let by = if shapes.is_some() { "their shape" } else { "the byte model" };
        println!(
            "2^{bits:<6} {by:<22} {:>8.2}% {worst:>16} {:>7.1}%",
            errors.overall_abs * 100.0,
            scored as f64 / total as f64 * 100.0
        );
        if bits == 18 && shapes.is_none() {
            detail = format!("{:<12} {:>4} {:>7} {:>7} {:>7}\n", "category", "docs", "mae %", "bias %", "left %");
            for (category, docs, abs, bias) in &errors.rows {
                let (s, t) = left[category.as_str()];
                detail += &format!(
                    "{category:<12} {docs:>4} {:>7.2} {:>7.2} {:>6.1}%\n",
                    abs * 100.0,
                    bias * 100.0,
                    s as f64 / t as f64 * 100.0
                );
            }
        }
    }
    println!("\nby category, 2^18 chunks, the unknown ones scored by the byte model:\n{detail}");
    speed(&docs, &chunks, &table, options)
}

/// Prints the speed of the chunk pass beside `count` on the same texts, the share of their bytes
/// it leaves to the byte model, and the error of the whole estimate with the hashed table.
fn speed(docs: &[Doc], chunks: &Chunks, table: &Table, options: Options) -> Result<()> {
    let (bits, wide) = (options.bits, options.wide);
    let top = chunks.top(1 << bits);
    let mut known: Vec<(&[u8], u32)> = top.iter().map(|(c, &v)| (*c, v)).collect();
    let times = |c: &[u8]| chunks.counts.get(c).map_or(0, |e| e.0);
    known.sort_by(|a, b| times(b.0).cmp(&times(a.0)).then(a.0.cmp(b.0)));
    let hashed = Hashed::new(bits, &known);
    let held: Vec<&Doc> = docs.iter().filter(|d| d.held_out()).collect();
    let errors = train::errors(&held, |t| {
        let scores = table.byte_scores(t);
        let mut padded = t.as_bytes().to_vec();
        padded.resize(t.len() + 16, 0);
        let mut sum = chunk_pass(&padded, t.len(), &hashed, wide, |_, _| {});
        chunk_pass(&padded, t.len(), &hashed, wide, |a, b| {
            sum += scores[a..b].iter().map(|&s| u64::from(s)).sum::<u64>()
        });
        if t.is_empty() { 0 } else { ((sum + 128) >> 8).max(1) }
    });
    let worst = errors
        .rows
        .iter()
        .max_by(|a, b| a.2.total_cmp(&b.2))
        .map_or(String::new(), |r| format!("{} {:.1}%", r.0, r.2 * 100.0));
    println!(
        "with the table hashed to 2^{bits} slots of 4 bytes: held out {:.2}% off (bias {:.2}%), worst {worst}\n",
        errors.overall_abs * 100.0,
        errors.overall_bias * 100.0
    );
    let join =
        |keep: &dyn Fn(&Doc) -> bool| -> String { held.iter().filter(|d| keep(d)).map(|d| d.text.as_str()).collect() };
    let texts = [
        ("mixed", join(&|_| true)),
        ("ASCII prose", join(&|d| matches!(d.category.as_str(), "prose-en" | "markdown") && d.text.is_ascii())),
        ("code", join(&|d| d.category == "code")),
        ("CJK prose", join(&|d| matches!(d.category.as_str(), "prose-zh" | "prose-ja"))),
        (
            "Latin prose",
            join(&|d| {
                d.category.starts_with("prose-")
                    && d.text.chars().filter(|c| !c.is_ascii()).count() * 20 < d.text.len()
                    && d.category != "prose-en"
            }),
        ),
        (
            "Cyrillic prose",
            join(&|d| {
                matches!(
                    d.category.as_str(),
                    "prose-ru" | "prose-uk" | "prose-bg" | "prose-be" | "prose-mk" | "prose-sr" | "prose-kk"
                )
            }),
        ),
    ];
    println!("{:<15} {:>8} {:>10} {:>10} {:>8} {:>12}", "text", "MB", "pass ns/B", "count ns/B", "left %", "projected");
    for (name, text) in &texts {
        let mut padded = text.as_bytes().to_vec();
        padded.resize(text.len() + 16, 0);
        let mut left = 0usize;
        chunk_pass(&padded, text.len(), &hashed, wide, |a, b| left += b - a);
        let pass = time(text, || {
            let mut left = 0;
            chunk_pass(&padded, text.len(), &hashed, wide, |a, b| left += b - a) + left as u64
        });
        let count = time(text, || oz0_core::fit::count(text));
        let share = left as f64 / text.len() as f64;
        println!(
            "{name:<15} {:>8.1} {pass:>10.3} {count:>10.3} {:>7.1}% {:>12.3}",
            text.len() as f64 / 1e6,
            share * 100.0,
            pass + share * count
        );
    }
    Ok(())
}

/// The best of repeated runs of `f` over `text`, in ns a byte.
fn time(text: &str, mut f: impl FnMut() -> u64) -> f64 {
    1e3 / crate::report::throughput(text, |_| f())
}

/// The chunks' table as a kernel would read it: one 32-bit entry a slot, the top 20 bits of the
/// chunk's hash above its mean token starts in 256ths (12 bits); a slot holds the most frequent of
/// the chunks that hash to it.
struct Hashed {
    bits: u32,
    slots: Vec<u32>,
}

const VALUE_BITS: u32 = 12;

/// Returns the hash of a chunk of up to 16 bytes, given as the two little-endian words it starts
/// with (the bytes after it masked off) and its length.
fn hash(lo: u64, hi: u64, len: usize) -> u64 {
    let mixed = lo.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ hi.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
    (mixed ^ len as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
}

/// Returns a chunk's two words, its bytes past its length (up to 16) masked off; `text` holds 16
/// readable bytes past `at`.
fn words(text: &[u8], at: usize, len: usize) -> (u64, u64) {
    let word = |i: usize| u64::from_le_bytes(text[i..i + 8].try_into().unwrap_or([0; 8]));
    let len = len.min(16) as u32;
    let mask = |n: u32| ((1u128 << (8 * n.min(8))) - 1) as u64;
    (word(at) & mask(len), word(at + 8) & mask(len.saturating_sub(8)))
}

impl Hashed {
    fn new(bits: u32, known: &[(&[u8], u32)]) -> Self {
        let mut slots = vec![0u32; 1 << bits];
        let mut taken = vec![false; 1 << bits];
        let mut padded = Vec::new();
        for &(chunk, value) in known {
            padded.clear();
            padded.extend_from_slice(chunk);
            padded.resize(chunk.len() + 16, 0);
            let (lo, hi) = words(&padded, 0, chunk.len());
            let h = hash(lo, hi, chunk.len());
            let slot = (h >> (64 - bits)) as usize;
            if !taken[slot] {
                taken[slot] = true;
                slots[slot] = (((h >> (44 - bits)) as u32 & 0xF_FFFF) << VALUE_BITS) | value.min((1 << VALUE_BITS) - 1);
            }
        }
        Self { bits, slots }
    }
}

/// Class masks of 64 bytes: letters (and every byte of other characters), digits, spaces and
/// tabs, line ends, bytes that start a character of three or four bytes, and bytes of other
/// characters.
#[derive(Clone, Copy, Default)]
struct Masks {
    letter: u64,
    digit: u64,
    space: u64,
    line: u64,
    wide: u64,
    high: u64,
}

fn masks(block: &[u8; 64]) -> Masks {
    let mut m = Masks::default();
    for (i, &b) in block.iter().enumerate() {
        let bit = 1u64 << i;
        match class(b) {
            Class::Letter => m.letter |= bit,
            Class::Digit => m.digit |= bit,
            Class::Space => m.space |= bit,
            Class::Line => m.line |= bit,
            Class::Other => {}
        }
        if b >= 0xE0 {
            m.wide |= bit;
        }
        if b >= 0x80 {
            m.high |= bit;
        }
    }
    m
}

/// The chunk starts of a block, from its masks, the masks of the block before (for the byte before
/// its first) and after (for the byte after its last), as `chunks_of` cuts.
fn chunk_starts(before: &Masks, m: &Masks, after: &Masks, wide: bool) -> u64 {
    let prev = |f: fn(&Masks) -> u64| f(m) << 1 | f(before) >> 63;
    let next = |f: fn(&Masks) -> u64| f(m) >> 1 | f(after) << 63;
    let other = |x: &Masks| !(x.letter | x.digit | x.space | x.line);
    let (pl, pd, ps, pn) = (prev(|x| x.letter), prev(|x| x.digit), prev(|x| x.space), prev(|x| x.line));
    let (nl, no) = (next(|x| x.letter), next(other));
    let o = other(m);
    let mut starts = (m.space & !ps)
        | (m.space & ps & (nl | no))
        | ((m.letter | o) & (pd | pn))
        | (o & pl)
        | (m.line & (pl | pd))
        | (m.digit & !pd);
    if wide {
        starts |= m.wide & prev(|x| x.high);
    }
    starts
}

/// The chunk pass of an estimate by chunks over `text` (padded with 16 bytes): the sum of the
/// known chunks' values in 256ths, and the bytes of the chunks the table lacks.
fn chunk_pass(text: &[u8], len: usize, table: &Hashed, wide: bool, mut lacking: impl FnMut(usize, usize)) -> u64 {
    let blocks = len.div_ceil(64);
    let block = |k: usize| -> Masks {
        if k >= blocks {
            return Masks::default();
        }
        if let Some(full) = text.get(k * 64..k * 64 + 64).filter(|_| k * 64 + 64 <= len) {
            return block_masks(full.try_into().unwrap_or(&[0; 64]));
        }
        let mut b = [0u8; 64];
        let end = (k * 64 + 64).min(len);
        b[..end - k * 64].copy_from_slice(&text[k * 64..end]);
        block_masks(&b)
    };
    let (mut before, mut here, mut after) = (Masks { line: 1 << 63, ..Masks::default() }, block(0), block(1));
    let mut starts: Vec<u32> = Vec::with_capacity(64 * 16 + 1);
    let mut sum = 0u64;
    let mut open = 0usize;
    let mut lacks = vec![(0u32, 0u32); 64 * 16 + 1];
    let mut flush = |starts: &mut Vec<u32>, open: &mut usize, sum: &mut u64| {
        let (n, at, add) = look_up(text, starts, *open, table, &mut lacks);
        *sum += add;
        *open = at;
        for &(a, b) in &lacks[..n] {
            lacking(a as usize, b as usize);
        }
        starts.clear();
    };
    for k in 0..blocks {
        let mut bits = chunk_starts(&before, &here, &after, wide);
        if k == 0 {
            bits &= !1;
        }
        if k * 64 + 64 > len {
            bits &= (1u64 << (len - k * 64)) - 1;
        }
        while bits != 0 {
            starts.push((k * 64) as u32 + bits.trailing_zeros());
            bits &= bits - 1;
        }
        if starts.len() >= 64 * 15 {
            flush(&mut starts, &mut open, &mut sum);
        }
        before = here;
        here = after;
        after = block(k + 2);
    }
    starts.push(len as u32);
    flush(&mut starts, &mut open, &mut sum);
    sum
}

/// `masks` with AVX2: two vectors of 32 bytes, a compare or two a class.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[target_feature(enable = "avx2")]
fn masks_avx2(block: &[u8; 64]) -> Masks {
    use std::arch::x86_64::*;
    let mut m = Masks::default();
    for (i, half) in block.chunks_exact(32).enumerate() {
        // SAFETY: `half` holds 32 bytes, read unaligned.
        let x = unsafe { _mm256_loadu_si256(half.as_ptr().cast()) };
        let alpha = _mm256_sub_epi8(_mm256_or_si256(x, _mm256_set1_epi8(0x20)), _mm256_set1_epi8(b'a' as i8));
        let alpha = _mm256_cmpeq_epi8(_mm256_min_epu8(alpha, _mm256_set1_epi8(25)), alpha);
        let digit = _mm256_sub_epi8(x, _mm256_set1_epi8(b'0' as i8));
        let digit = _mm256_cmpeq_epi8(_mm256_min_epu8(digit, _mm256_set1_epi8(9)), digit);
        let space = _mm256_or_si256(
            _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b' ' as i8)),
            _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'\t' as i8)),
        );
        let line = _mm256_or_si256(
            _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'\n' as i8)),
            _mm256_cmpeq_epi8(x, _mm256_set1_epi8(b'\r' as i8)),
        );
        let wide = _mm256_cmpeq_epi8(_mm256_max_epu8(x, _mm256_set1_epi8(0xE0_u8 as i8)), x);
        let shift = 32 * i;
        let high = u64::from(_mm256_movemask_epi8(x) as u32) << shift;
        m.high |= high;
        m.letter |= high | u64::from(_mm256_movemask_epi8(alpha) as u32) << shift;
        m.digit |= u64::from(_mm256_movemask_epi8(digit) as u32) << shift;
        m.space |= u64::from(_mm256_movemask_epi8(space) as u32) << shift;
        m.line |= u64::from(_mm256_movemask_epi8(line) as u32) << shift;
        m.wide |= u64::from(_mm256_movemask_epi8(wide) as u32) << shift;
    }
    m
}

/// The class masks of a block, with AVX2 where the processor has it.
fn block_masks(block: &[u8; 64]) -> Masks {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") {
        #[allow(unsafe_code)]
        // SAFETY: the processor has AVX2.
        return unsafe { masks_avx2(block) };
    }
    masks(block)
}

/// Looks up the chunks from `open` to each of `ends` in `table`: returns how many it lacks (written
/// to `lacks`, branchless: every chunk is written there, and kept only where the table lacks it),
/// where the last ends, and the sum of the known ones' values.
#[inline(never)]
fn look_up(text: &[u8], ends: &[u32], open: usize, table: &Hashed, lacks: &mut [(u32, u32)]) -> (usize, usize, u64) {
    let (mut n, mut at, mut sum) = (0usize, open, 0u64);
    let shift = 64 - table.bits;
    let tag_shift = 44 - table.bits;
    let lacks = &mut lacks[..ends.len() + 1];
    for &end in ends {
        let end = end as usize;
        let len = end - at;
        let (lo, hi) = words(text, at, len);
        let h = hash(lo, hi, len);
        let slot = table.slots[(h >> shift) as usize];
        let known = (len <= 16) & (slot >> VALUE_BITS == (h >> tag_shift) as u32 & 0xF_FFFF);
        sum += std::hint::select_unpredictable(known, u64::from(slot & ((1 << VALUE_BITS) - 1)), 0);
        lacks[n.min(ends.len())] = (at as u32, end as u32);
        n += usize::from(!known);
        at = end;
    }
    (n, at, sum)
}
