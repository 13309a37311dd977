//! Sums the table's scores over a stretch of bytes, a block of positions at a time in two passes: the
//! pairs of every position first, then the residuals only of the positions whose pair reads them, set
//! aside. Sixteen positions a step, one a 32-bit lane, where the processor has AVX-512 with VBMI and
//! VNNI; eight where it has AVX2; one otherwise. All give the same sums. The residuals' hash works on
//! 32-bit halves of a context for the vectors.
//!
//! The meter spends most of its time here: on a large file this loop is most of `oz0 fit`'s CPU time.
#![allow(unsafe_code)]

use std::ops::Range;

#[cfg(test)]
use super::table::word_after;
use super::table::{HISTORY, NEEDS, Table, word_before};

/// Returns the sum of the scores of the bytes of `bytes` that a meter whose last bytes are `history`
/// scores when fed them (each byte scores the one before it, in the context of the bytes before that
/// and of itself), and the history after them.
#[cfg(test)]
pub(super) fn sum(table: &Table, history: u64, bytes: &[u8]) -> (u64, u64) {
    sum_marking(table, history, bytes, &[], 0, |_, _, _| {})
}

/// `sum`, telling `mark` the sum so far and the history at each of `points` (in order, from `origin`,
/// the point the bytes begin at, to before their end): the sum of the scores the bytes before the point
/// add, and the last bytes before it.
///
/// The vector path takes the points in its stride, so that a stretch with many points (the parts of a
/// document, every few hundred bytes) costs no more than one without.
pub(super) fn sum_marking(
    table: &Table,
    history: u64,
    bytes: &[u8],
    mut points: &[usize],
    origin: usize,
    mut mark: impl FnMut(usize, u64, u64),
) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= avx512::MIN_LEN && avx512::available() {
        // SAFETY: the processor has every feature `avx512::sum` is compiled for.
        let sum = unsafe { avx512::sum(table, history, bytes, points, origin, &mut mark) };
        let last: &[u8; HISTORY] = bytes.last_chunk().expect("a stretch this long holds a history");
        return (sum, u64::from_be_bytes(*last));
    }
    let mut sum = 0u64;
    let mut done = 0;
    while let Some((&point, later)) = points.split_first() {
        let upto = (point - origin).min(bytes.len());
        sum += in_blocks(table, history, bytes, done..upto);
        done = upto;
        mark(point, sum, history_at(history, bytes, done));
        points = later;
    }
    sum += in_blocks(table, history, bytes, done..bytes.len());
    (sum, history_at(history, bytes, bytes.len()))
}

/// `sum` without points.
#[cfg(test)]
fn plain(table: &Table, history: u64, bytes: &[u8]) -> (u64, u64) {
    sum_marking(table, history, bytes, &[], 0, |_, _, _| {})
}

/// Returns the history after `bytes[..at]` follows `history`.
fn history_at(history: u64, bytes: &[u8], at: usize) -> u64 {
    bytes[at.saturating_sub(HISTORY)..at].iter().fold(history, |h, &b| (h << 8) | u64::from(b))
}

/// `sum`, one byte a step: what the other ways are checked against.
#[cfg(test)]
fn one_at_a_time(table: &Table, mut history: u64, bytes: &[u8]) -> (u64, u64) {
    let mut sum = 0u64;
    let mut word = word_before(history);
    for &b in bytes {
        sum += table.score_after(history, word, usize::from(b));
        word = word_after(history, word);
        history = (history << 8) | u64::from(b);
    }
    (sum, history)
}

/// Positions that `in_blocks` scores one at a time rather than in two passes, when it is given no more.
const FEW: usize = 16;

/// Positions a block of the portable path holds: its first pass goes over them before the second
/// scores those set aside.
const BLOCK: usize = 512;

/// Returns the sum of the scores that the positions `range` of `bytes` add after `history`: position
/// `j` scores the byte before it (the last of `history` at 0) when `bytes[j]` follows.
///
/// The path for stretches too short for the AVX-512 one, and for processors without it. It goes as
/// that path does, a block of positions at a time in two passes: the first looks up each position's
/// pair in `Table::direct`, adds the probability of those that read no residuals and sets the others
/// aside, without a branch; the second scores those set aside with their residuals, whose loads, from
/// tables larger than the L2 cache, are then many under way at once. Taken one byte at a time, the
/// pairs that read residuals (three in ten) and those that do not alternate too unpredictably for a
/// branch, and each position waits on the one before. With AVX2 both passes take eight positions a
/// step (`avx2`); without, one.
fn in_blocks(table: &Table, history: u64, bytes: &[u8], range: Range<usize>) -> u64 {
    // The positions whose context reaches back before the bytes take it from `history`; and a few
    // positions cost less one at a time than the set-up of the two passes.
    let head = if range.len() < FEW { range.end } else { range.end.min(HISTORY).max(range.start) };
    let sum: u64 = (range.start..head).map(|j| table.score(history_at(history, bytes, j), usize::from(bytes[j]))).sum();
    #[cfg(target_arch = "x86_64")]
    if crate::fit::scan::cpu::avx2() {
        // SAFETY: the processor has AVX2 and POPCNT, and the positions start at `HISTORY` or later.
        return sum + unsafe { avx2::blocks(table, bytes, head..range.end) };
    }
    sum + portable(table, bytes, head..range.end)
}

/// Returns the history of position `j` of `bytes` (from `HISTORY` on): the eight bytes before it.
fn history_of(bytes: &[u8], j: usize) -> u64 {
    u64::from_be_bytes(bytes[j - HISTORY..j].try_into().expect("eight bytes"))
}

/// `in_blocks` of positions from `HISTORY` on, one a step.
fn portable(table: &Table, bytes: &[u8], range: Range<usize>) -> u64 {
    let mut sum = 0;
    let mut aside = [0u32; BLOCK];
    let mut from = range.start;
    while from < range.end {
        let end = (from + BLOCK).min(range.end);
        let mut n = 0;
        for j in from..end {
            let pair = u16::from_be_bytes([bytes[j - 2], bytes[j - 1]]);
            let entry = table.direct[table.key(usize::from(pair), usize::from(bytes[j]))];
            let needs = entry & NEEDS != 0;
            aside[n] = j as u32;
            n += usize::from(needs);
            sum += u64::from(entry & 0xFF) & u64::from(needs).wrapping_sub(1);
        }
        for &j in &aside[..n] {
            let (history, next) = (history_of(bytes, j as usize), bytes[j as usize]);
            sum += table.score_after(history, word_before(history), usize::from(next));
        }
        from = end;
    }
    sum
}

/// Returns the byte of a step's window that each byte of a vector takes so that each 32-bit lane `i`
/// holds the four bytes ending with byte `i + from` of the window, the last lowest: the vector paths'
/// byte shuffles.
#[cfg(target_arch = "x86_64")]
const fn lane_bytes<const N: usize>(from: usize) -> [u8; N] {
    let mut at = [0; N];
    let mut i = 0;
    while i < N {
        at[i] = (i / 4 + from - i % 4) as u8;
        i += 1;
    }
    at
}

/// `in_blocks`'s two passes eight positions a step, one a 32-bit lane, their lookups loads.
#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm_loadu_si128, _mm256_add_epi32, _mm256_and_si256, _mm256_andnot_si256, _mm256_broadcastsi128_si256,
        _mm256_castsi256_ps, _mm256_cmpeq_epi8, _mm256_cmpeq_epi32, _mm256_cmpgt_epi8, _mm256_cmpgt_epi32,
        _mm256_loadu_si256, _mm256_max_epu8, _mm256_min_epu8, _mm256_movemask_ps, _mm256_mullo_epi32, _mm256_or_si256,
        _mm256_permutevar8x32_epi32, _mm256_set1_epi8, _mm256_set1_epi32, _mm256_setr_epi32, _mm256_setzero_si256,
        _mm256_shuffle_epi8, _mm256_slli_epi32, _mm256_srli_epi32, _mm256_srlv_epi32, _mm256_storeu_si256,
        _mm256_sub_epi32, _mm256_xor_si256,
    };
    use std::cell::RefCell;
    use std::ops::Range;

    use super::super::table::{HISTORY, NEEDS, Table};
    use super::{BLOCK, history_of};

    /// Positions scored a step: one a 32-bit lane.
    const LANES: usize = 8;

    /// The byte shuffles of a step's window, the sixteen bytes from eight before its first position in
    /// both halves of a vector: `LOWS` gives byte `k` of lane `i` the byte `i + 7 - k`, so that each
    /// lane holds the four bytes ending with the byte it scores, the last lowest; `HIGHS`, the four
    /// before those; `NEXTS` gives lane `i` the byte after the one it scores, `i + 8`, in its low byte,
    /// and 0 in the others.
    static LOWS: [u8; 32] = super::lane_bytes(7);
    static HIGHS: [u8; 32] = super::lane_bytes(3);
    static NEXTS: [u8; 32] = {
        let mut at = [0x80; 32];
        let mut i = 0;
        while i < LANES {
            at[4 * i] = (i + 8) as u8;
            i += 1;
        }
        at
    };

    /// For each mask of eight lanes, the lanes it holds first, in order: a permutation that packs them.
    static PACK: [[u32; LANES]; 256] = {
        let mut pack = [[0; LANES]; 256];
        let mut mask = 0;
        while mask < 256 {
            let (mut lane, mut n) = (0, 0);
            while lane < LANES {
                if mask >> lane & 1 == 1 {
                    pack[mask][n] = lane as u32;
                    n += 1;
                }
                lane += 1;
            }
            mask += 1;
        }
        pack
    };

    /// The positions of a block set aside: their history's two halves, and their pair's entry of
    /// `Table::direct` with the byte after above it (bits 16 to 23), with room for a step's lanes past
    /// the last. `Residuals::hash_contexts` puts the indices of their three residuals in rows `INDICES`
    /// in place of the history, which they then no longer need.
    struct Aside([[u32; BLOCK + LANES]; 4]);

    /// The rows of an `Aside` that hold the indices of each level's residuals once hashed.
    const INDICES: [usize; 3] = [0, 1, 3];

    /// Returns the entries of `Table::direct` of eight pairs (`pairs`, the scored byte low) when the
    /// bytes `next` follow them: the lookups are eight loads, which on AMD's Zen 3 cost
    /// less than a hardware gather, and the class of the byte after is looked up with them. The keys
    /// are read back from memory: moved out of the vectors lane by lane, as the compiler would, they
    /// cost two instructions each.
    #[target_feature(enable = "avx2")]
    fn entries(table: &Table, pairs: __m256i, next: __m256i) -> __m256i {
        let (mut keys, mut nexts) = ([0u32; LANES], [0u32; LANES]);
        // SAFETY: each array holds eight 32-bit lanes.
        unsafe {
            _mm256_storeu_si256(keys.as_mut_ptr().cast(), pairs);
            _mm256_storeu_si256(nexts.as_mut_ptr().cast(), next);
        }
        let (keys, nexts) = std::hint::black_box((keys, nexts));
        let entries: [u32; LANES] =
            std::array::from_fn(|i| u32::from(table.direct[table.key(keys[i] as usize, nexts[i] as usize & 0xFF)]));
        // SAFETY: `entries` holds eight 32-bit lanes.
        unsafe { _mm256_loadu_si256(entries.as_ptr().cast()) }
    }

    /// Returns the sum of the scores of the positions `range` of `bytes`, as `super::portable`.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2 and POPCNT (`cpu::avx2`), and `range` must start at `HISTORY` or
    /// later.
    #[target_feature(enable = "avx2,popcnt")]
    pub(super) unsafe fn blocks(table: &Table, bytes: &[u8], range: Range<usize>) -> u64 {
        debug_assert!(range.start >= HISTORY || range.is_empty());
        // SAFETY: each static is read within its length.
        let (lows, highs, nexts) = unsafe {
            (
                _mm256_loadu_si256(LOWS.as_ptr().cast()),
                _mm256_loadu_si256(HIGHS.as_ptr().cast()),
                _mm256_loadu_si256(NEXTS.as_ptr().cast()),
            )
        };
        let lanes = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
        let (needs_bit, low_byte, low_bytes) =
            (_mm256_set1_epi32(i32::from(NEEDS)), _mm256_set1_epi32(0xFF), _mm256_set1_epi32(0xFFFF));
        let residuals = Residuals::new(table);
        // Zeroed once a thread: the ranges between a document's parts are a few hundred bytes each, and
        // zeroing eight KiB for each cost more than scoring them.
        thread_local!(static ASIDE: RefCell<Box<Aside>> = RefCell::new(Box::new(Aside([[0; BLOCK + LANES]; 4]))));
        ASIDE.with_borrow_mut(|aside| {
            let mut sum = 0;
            let mut from = range.start;
            while from < range.end {
                let end = (from + BLOCK).min(range.end);
                let mut total = _mm256_setzero_si256();
                let mut n = 0;
                let mut j = from;
                // A step reads the eight bytes before its positions and the eight from its first.
                while j < end && j + LANES <= bytes.len() {
                    // SAFETY: the sixteen bytes from `j - HISTORY` are within `bytes`.
                    let window =
                        _mm256_broadcastsi128_si256(unsafe { _mm_loadu_si128(bytes.as_ptr().add(j - HISTORY).cast()) });
                    let low = _mm256_shuffle_epi8(window, lows);
                    let next = _mm256_shuffle_epi8(window, nexts);
                    // The pairs' entries, looked up one at a time by the pair and the class of the byte after.
                    let entry = entries(table, _mm256_and_si256(low, low_bytes), next);
                    // The lanes past the block's end score nothing; those whose pair reads residuals are set
                    // aside, the others add the probability their entry holds.
                    let valid = _mm256_cmpgt_epi32(_mm256_set1_epi32((end - j).min(LANES) as i32), lanes);
                    let needs =
                        _mm256_and_si256(_mm256_cmpeq_epi32(_mm256_and_si256(entry, needs_bit), needs_bit), valid);
                    let sure = _mm256_andnot_si256(needs, _mm256_and_si256(_mm256_and_si256(entry, low_byte), valid));
                    total = _mm256_add_epi32(total, sure);
                    let mask = _mm256_movemask_ps(_mm256_castsi256_ps(needs)) as usize;
                    // SAFETY: `PACK` has an entry for each mask of eight lanes.
                    let pack = unsafe { _mm256_loadu_si256(PACK[mask].as_ptr().cast()) };
                    let high = _mm256_shuffle_epi8(window, highs);
                    let pair_next = _mm256_or_si256(entry, _mm256_slli_epi32::<16>(next));
                    for (row, lane) in aside.0.iter_mut().zip([low, high, pair_next]) {
                        // SAFETY: `n` is below `BLOCK`, and a row holds a step's lanes past it.
                        unsafe {
                            _mm256_storeu_si256(row.as_mut_ptr().add(n).cast(), _mm256_permutevar8x32_epi32(lane, pack))
                        };
                    }
                    n += mask.count_ones() as usize;
                    j += LANES;
                }
                // The positions too near the end for a window, one at a time.
                for j in j..end {
                    sum += table.score(history_of(bytes, j), usize::from(bytes[j]));
                }
                // The residuals' indices of all the positions set aside first, then their lookups: the
                // loads of many positions are then under way at once.
                let mut i = 0;
                while i < n {
                    // SAFETY: `i` is below `n`, at most `BLOCK`.
                    unsafe { residuals.hash_contexts(table, aside, i) };
                    i += LANES;
                }
                sum += residuals.sum(table, aside, n);
                let mut lanes_sum = [0u32; LANES];
                // SAFETY: `lanes_sum` holds eight 32-bit lanes.
                unsafe { _mm256_storeu_si256(lanes_sum.as_mut_ptr().cast(), total) };
                // A lane adds at most 255 for each of its positions, two a step of a block: no lane overflows.
                sum += lanes_sum.iter().map(|&s| u64::from(s)).sum::<u64>();
                from = end;
            }
            sum
        })
    }

    /// What the second pass needs of the table in registers.
    struct Residuals {
        /// Each level's mask of the bytes of the history it reads at most, as two halves; the
        /// multipliers of the hash; the shift that keeps its high bits.
        low_masks: [__m256i; 3],
        high_masks: [__m256i; 3],
        shifts: [__m256i; 3],
        hash: [__m256i; 3],
    }

    impl Residuals {
        #[target_feature(enable = "avx2")]
        fn new(table: &Table) -> Self {
            Self {
                low_masks: std::array::from_fn(|i| _mm256_set1_epi32(table.levels[i].masks[7] as i32)),
                high_masks: std::array::from_fn(|i| _mm256_set1_epi32((table.levels[i].masks[7] >> 32) as i32)),
                shifts: std::array::from_fn(|i| _mm256_set1_epi32(table.levels[i].shift as i32)),
                hash: std::array::from_fn(|i| _mm256_set1_epi32(table.hash[i] as i32)),
            }
        }

        /// Puts in rows `INDICES` of the eight positions set aside from `i` the indices of their three
        /// residuals, in place of their history, which they no longer need.
        ///
        /// # Safety
        ///
        /// The processor must have AVX2, and `i` must be at most `BLOCK`.
        #[target_feature(enable = "avx2")]
        unsafe fn hash_contexts(&self, table: &Table, aside: &mut Aside, i: usize) {
            // SAFETY: the caller's: each row holds a step's lanes past `i`.
            let [low, high, pair_next] =
                std::array::from_fn(|r| unsafe { _mm256_loadu_si256(aside.0[r].as_ptr().add(i).cast()) });
            let next = _mm256_and_si256(_mm256_srli_epi32::<16>(pair_next), _mm256_set1_epi32(0xFF));
            let next_high = _mm256_mullo_epi32(next, self.hash[2]);
            // The bytes of the history that are not a word's (ASCII bytes but letters and digits), all
            // ones, but the last, which counts as a word's; and the bytes up to the first of them,
            // counting back from the last: below its lowest bit, shifted a byte up.
            let (low_not, high_not) = (_mm256_and_si256(not_word(low), _mm256_set1_epi32(!0xFF)), not_word(high));
            let (zero, one) = (_mm256_setzero_si256(), _mm256_set1_epi32(1));
            let first = |not: __m256i| _mm256_slli_epi32::<8>(_mm256_and_si256(not, _mm256_sub_epi32(zero, not)));
            let low_kept = _mm256_sub_epi32(first(low_not), one);
            let high_kept = _mm256_and_si256(_mm256_cmpeq_epi32(low_not, zero), _mm256_sub_epi32(first(high_not), one));
            for (level, row) in table.levels.iter().enumerate() {
                let (mut low_read, mut high_read) = (self.low_masks[level], self.high_masks[level]);
                if row.words {
                    low_read = _mm256_and_si256(low_read, low_kept);
                    high_read = _mm256_and_si256(high_read, high_kept);
                }
                // `residual_hash` of the bytes read.
                let x = _mm256_mullo_epi32(_mm256_and_si256(low, low_read), self.hash[0]);
                let x = _mm256_xor_si256(_mm256_xor_si256(x, _mm256_and_si256(high, high_read)), next_high);
                let at = _mm256_srlv_epi32(_mm256_mullo_epi32(x, self.hash[1]), self.shifts[level]);
                // SAFETY: the caller's: the row holds a step's lanes past `i`.
                unsafe { _mm256_storeu_si256(aside.0[INDICES[level]].as_mut_ptr().add(i).cast(), at) };
            }
        }

        /// Returns the sum of the scores of the first `n` positions set aside, with their residuals,
        /// whose indices are hashed (`hash_contexts`): one at a time, each a few loads and additions.
        fn sum(&self, table: &Table, aside: &Aside, n: usize) -> u64 {
            let [a, b, c] = &table.levels;
            let rows = &aside.0;
            (0..n)
                .map(|i| {
                    table.probability_of(
                        (rows[2][i] & 0xFF) as i32
                            + i32::from(a.residuals[rows[INDICES[0]][i] as usize])
                            + i32::from(b.residuals[rows[INDICES[1]][i] as usize])
                            + i32::from(c.residuals[rows[INDICES[2]][i] as usize]),
                    )
                })
                .sum()
        }
    }

    /// Returns all ones in each byte of `half` that is ASCII but not a letter or digit, and 0 in the
    /// others.
    #[target_feature(enable = "avx2")]
    fn not_word(half: __m256i) -> __m256i {
        let within = |x: __m256i, from: u8, to: u8| {
            let (from, to) = (_mm256_set1_epi8(from as i8), _mm256_set1_epi8(to as i8));
            _mm256_and_si256(
                _mm256_cmpeq_epi8(_mm256_max_epu8(x, from), x),
                _mm256_cmpeq_epi8(_mm256_min_epu8(x, to), x),
            )
        };
        let ascii = _mm256_cmpgt_epi8(half, _mm256_set1_epi8(-1));
        let word = _mm256_or_si256(
            within(half, b'0', b'9'),
            within(_mm256_or_si256(half, _mm256_set1_epi8(0x20)), b'a', b'z'),
        );
        _mm256_andnot_si256(word, ascii)
    }
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, __mmask16, __mmask64, _mm256_loadu_si256, _mm256_maskz_loadu_epi8, _mm512_add_epi64, _mm512_and_si512,
        _mm512_castsi256_si512, _mm512_dpbusd_epi32, _mm512_loadu_si512, _mm512_mask_blend_epi8,
        _mm512_mask_permutex2var_epi8, _mm512_maskz_and_epi32, _mm512_maskz_compress_epi32,
        _mm512_maskz_permutex2var_epi8, _mm512_maskz_permutexvar_epi8, _mm512_maskz_sub_epi32, _mm512_max_epi32,
        _mm512_min_epi32, _mm512_movepi8_mask, _mm512_mullo_epi32, _mm512_permutexvar_epi8, _mm512_reduce_add_epi64,
        _mm512_sad_epu8, _mm512_set1_epi8, _mm512_set1_epi32, _mm512_setzero_si512, _mm512_slli_epi32,
        _mm512_srli_epi32, _mm512_srlv_epi32, _mm512_storeu_si512, _mm512_sub_epi32, _mm512_ternarylogic_epi32,
        _mm512_test_epi32_mask, _pdep_u64,
    };

    use super::super::table::{HISTORY, LOGITS, NEEDS, PROBABLE, Table, is_word};

    /// Positions scored a step: one a 32-bit lane.
    pub(super) const LANES: usize = 16;
    /// The shortest stretch worth the vectors: below it, the lookups one at a time cost less.
    pub(super) const MIN_LEN: usize = LANES;
    /// The bytes a step reads: the eight before its first position, and the next step's first eight.
    const WINDOW: usize = 32;

    /// The byte permutations of a step's window (the bytes from eight before its first position):
    /// `LOWS` gives byte `k` of lane `j` the byte `j + 7 - k`, so that each lane holds the four bytes
    /// ending with the byte it scores, the last lowest; `HIGHS`, the four before those; `NEXTS` gives
    /// lane `j` the byte after the one it scores, `j + 8`, in its low byte.
    static LOWS: [u8; 64] = super::lane_bytes(7);
    static HIGHS: [u8; 64] = super::lane_bytes(3);
    static NEXTS: [u8; 64] = {
        let mut at = [0; 64];
        let mut i = 0;
        while i < 64 {
            at[i] = (i / 4 + 8) as u8;
            i += 1;
        }
        at
    };

    /// All ones for each ASCII byte that is not a word's (`is_word`).
    static NOT_WORDS: [u8; 128] = {
        let mut not = [0; 128];
        let mut b = 0;
        while b < 128 {
            not[b] = if is_word(b as u8) { 0 } else { 0xFF };
            b += 1;
        }
        not
    };

    /// Gives byte 0 of lane `j` byte 0 of lane `j` of the first of two vectors, and each other byte of
    /// lane `j` byte 0 of lane `j` of the second.
    static PICK: [u8; 64] = {
        let mut at = [0; 64];
        let mut i = 0;
        while i < 64 {
            at[i] = (4 * (i / 4) + if i % 4 == 0 { 0 } else { 64 }) as u8;
            i += 1;
        }
        at
    };

    /// The low byte of each 32-bit lane, and the bytes of a lane but its low byte.
    const LOW_BYTES: __mmask64 = 0x1111_1111_1111_1111;
    const ABOVE_LOW: __mmask64 = !LOW_BYTES;

    /// Returns whether the processor has what `sum` needs: AVX-512 F, BW, VBMI and VNNI, BMI2 and POPCNT.
    pub(super) fn available() -> bool {
        crate::fit::scan::cpu::avx512vbmi()
            && std::is_x86_feature_detected!("avx512vnni")
            && std::is_x86_feature_detected!("bmi2")
            && std::is_x86_feature_detected!("popcnt")
    }

    /// Returns `super::sum`'s sum: what the bytes of `bytes` score after `history`, each the byte
    /// before it, in the context of the eight bytes ending with that byte and of the byte itself.
    ///
    /// It goes a block of positions at a time, in two passes. The first looks up each position's pair
    /// in `Table::direct`, adds the probability of those that read no residuals and sets aside the
    /// others: their history, the byte after and the pair's logit. The second hashes the residuals'
    /// contexts of those alone, sixteen a step, then looks them up, so that the positions whose pair
    /// is enough cost no hashing and no loads beyond the pair's, and the loads of many steps are
    /// under way at once (the residual tables are larger than the L2 cache).
    ///
    /// Lane `j` of a first-pass step at `p` scores the byte before the one at `p + j`: it reads the 32
    /// bytes from `p - 8` and permutes the eight bytes ending there into two halves of its history
    /// (the last in the low byte of the low half, as a meter's) and the byte after into its low byte.
    /// The first step reads the bytes before the text from `history`, and the last, when fewer than
    /// sixteen bytes are left, scores only those.
    ///
    /// A block also ends at each of `points` (`super::sum_marking`'s), where `mark` is told the sum so
    /// far and the history.
    ///
    /// # Safety
    ///
    /// The processor must have AVX-512 F, BW, VBMI and VNNI, BMI2 and POPCNT (`available`).
    #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vnni,bmi2,popcnt")]
    pub(super) unsafe fn sum(
        table: &Table,
        history: u64,
        bytes: &[u8],
        mut points: &[usize],
        origin: usize,
        mark: &mut impl FnMut(usize, u64, u64),
    ) -> u64 {
        // SAFETY: each static is read within its length.
        let (lows, highs, nexts) = unsafe {
            (
                _mm512_loadu_si512(LOWS.as_ptr().cast()),
                _mm512_loadu_si512(HIGHS.as_ptr().cast()),
                _mm512_loadu_si512(NEXTS.as_ptr().cast()),
            )
        };
        // SAFETY: `table.next` has at least 256 bytes, so each of its four 64-byte quarters can be read.
        let classes: [__m512i; 4] =
            std::array::from_fn(|i| unsafe { _mm512_loadu_si512(table.next.as_ptr().add(64 * i).cast()) });
        let residuals = Residuals::new(table);
        let (needs_bit, entry_mask) = (_mm512_set1_epi32(i32::from(NEEDS)), _mm512_set1_epi32(0xFFFF));
        let (pair_mask, low_byte) = (_mm512_set1_epi32(0xFFFF << 2), _mm512_set1_epi32(0xFF));

        let mut aside = Aside::default();
        let mut total = _mm512_setzero_si512();
        let before = history.to_be_bytes();
        let mut p = 0;
        loop {
            // The points where the block begins, then the next one after.
            while let Some((&point, later)) = points.split_first()
                && (point - origin).min(bytes.len()) <= p
            {
                mark(point, _mm512_reduce_add_epi64(total) as u64, super::history_at(history, bytes, p));
                points = later;
            }
            if p >= bytes.len() {
                break;
            }
            let next_point = points.first().map_or(bytes.len(), |&point| (point - origin).min(bytes.len()));
            let end = (p + BLOCK).min(next_point);
            let mut n = 0;
            while p < end {
                let window = if p >= HISTORY {
                    let from = p - HISTORY;
                    if from + WINDOW <= bytes.len() {
                        // SAFETY: the window's bytes are within `bytes`.
                        unsafe { _mm256_loadu_si256(bytes.as_ptr().add(from).cast()) }
                    } else {
                        let mask = u32::MAX >> (WINDOW - (bytes.len() - from));
                        // SAFETY: the bytes the mask loads are within `bytes`; the others are not read.
                        unsafe { _mm256_maskz_loadu_epi8(mask, bytes.as_ptr().add(from).cast()) }
                    }
                } else {
                    // The bytes before the text are the history's; those past its end, none.
                    let copy: [u8; WINDOW] = std::array::from_fn(|i| match (p + i).checked_sub(HISTORY) {
                        Some(at) => bytes.get(at).copied().unwrap_or(0),
                        None => before[p + i],
                    });
                    // SAFETY: `copy` has 32 bytes.
                    unsafe { _mm256_loadu_si256(copy.as_ptr().cast()) }
                };
                let window = _mm512_castsi256_si512(window);
                let low = _mm512_permutexvar_epi8(lows, window);
                let next = _mm512_maskz_permutexvar_epi8(LOW_BYTES, nexts, window);
                // The class of the byte after, by two byte permutations of the class table.
                let class = lookup(&classes, next, LOW_BYTES);
                let key = _mm512_ternarylogic_epi32::<0xEA>(_mm512_slli_epi32::<2>(low), pair_mask, class);
                // SAFETY: each key is below `KEYS`, and `direct` has two entries past them.
                let pair = unsafe { gather(table.direct.as_ptr().cast(), _mm512_slli_epi32::<1>(key)) };

                // The lanes past the block's end score nothing; those whose pair reads residuals are
                // set aside, the others add the probability their entry holds.
                let left = end - p;
                let valid: __mmask16 = if left >= LANES { !0 } else { (1 << left) - 1 };
                let needs = _mm512_test_epi32_mask(pair, needs_bit) & valid;
                let sure = _mm512_maskz_and_epi32(valid & !needs, pair, low_byte);
                total = _mm512_add_epi64(total, _mm512_sad_epu8(sure, _mm512_setzero_si512()));
                let high = _mm512_permutexvar_epi8(highs, window);
                let pair_next = _mm512_ternarylogic_epi32::<0xEA>(pair, entry_mask, _mm512_slli_epi32::<16>(next));
                // SAFETY: `n` is below `BLOCK`, and an `Aside` holds a step's lanes past it.
                unsafe { aside.put(n, needs, [low, high, pair_next]) };
                n += needs.count_ones() as usize;
                p += LANES;
            }
            p = end;
            // The residuals' indices of all the positions set aside first, then their lookups: the
            // loads of many steps are then under way at once.
            let mut i = 0;
            while i < n {
                // SAFETY: `i` is below `n`, at most `BLOCK`.
                unsafe { residuals.hash_contexts(table, &mut aside, i) };
                i += LANES;
            }
            let mut i = 0;
            while i < n {
                // Lanes past `n` hold what an earlier step left; they score nothing.
                let valid: __mmask16 = if n - i >= LANES { !0 } else { (1 << (n - i)) - 1 };
                // SAFETY: the caller's; `i` is below `n`, at most `BLOCK`, and the indices are hashed.
                total = _mm512_add_epi64(total, unsafe { residuals.sum(table, &aside, i, valid) });
                i += LANES;
            }
        }
        _mm512_reduce_add_epi64(total) as u64
    }

    /// Positions a block holds: the first pass goes over them before the second scores those set
    /// aside, which stay in the L1 cache in between.
    const BLOCK: usize = 1024;

    /// The positions of a block set aside: their history's two halves, and their pair's entry of
    /// `Table::direct` with the byte after above it (bits 16 to 23), one position a 32-bit entry, with
    /// room for a step's lanes past the last. `Residuals::hash_contexts` puts the indices of their three
    /// residuals in rows `INDICES` in place of the history, which they then no longer need.
    #[repr(align(64))]
    struct Aside([[u32; BLOCK + LANES]; 4]);

    /// The rows of an `Aside` that hold the indices of each level's residuals once hashed.
    const INDICES: [usize; 3] = [0, 1, 3];

    impl Default for Aside {
        fn default() -> Self {
            Self([[0; BLOCK + LANES]; 4])
        }
    }

    impl Aside {
        /// Puts the lanes of `needs` in `lanes` at `n` and after, in order.
        ///
        /// # Safety
        ///
        /// `n` must be at most `BLOCK`.
        #[target_feature(enable = "avx512f")]
        unsafe fn put(&mut self, n: usize, needs: __mmask16, lanes: [__m512i; 3]) {
            for (row, lane) in self.0.iter_mut().zip(lanes) {
                // SAFETY: `n + LANES` is within the row.
                unsafe { _mm512_storeu_si512(row.as_mut_ptr().add(n).cast(), _mm512_maskz_compress_epi32(needs, lane)) }
            }
        }

        /// Returns the sixteen entries from `i` of each of the first three rows.
        ///
        /// # Safety
        ///
        /// `i` must be at most `BLOCK`.
        #[target_feature(enable = "avx512f")]
        unsafe fn get(&self, i: usize) -> [__m512i; 3] {
            // SAFETY: `i + LANES` is within each row.
            std::array::from_fn(|r| unsafe { _mm512_loadu_si512(self.0[r].as_ptr().add(i).cast()) })
        }
    }

    /// What the second pass needs of the table in registers.
    struct Residuals {
        pick: __m512i,
        not_words: [__m512i; 2],
        probabilities: [__m512i; 4],
        /// Each level's mask of the bytes of the history it reads at most, as two halves; the
        /// multipliers of the hash; the shift that keeps its high bits.
        low_masks: [__m512i; 3],
        high_masks: [__m512i; 3],
        shifts: [__m512i; 3],
        hash: [__m512i; 3],
    }

    impl Residuals {
        #[target_feature(enable = "avx512f")]
        fn new(table: &Table) -> Self {
            Self {
                // SAFETY: each static is read within its length.
                pick: unsafe { _mm512_loadu_si512(PICK.as_ptr().cast()) },
                // SAFETY: `NOT_WORDS` has 128 bytes.
                not_words: std::array::from_fn(|i| unsafe {
                    _mm512_loadu_si512(NOT_WORDS.as_ptr().add(64 * i).cast())
                }),
                // The probabilities of the logits from -8 to 8, in 16ths: below, every one is 0,
                // above, 255 (`Table::try_decode` checks it).
                probabilities: std::array::from_fn(|i| {
                    // SAFETY: `PROBABLE` and the 256 bytes after it are within the 1,024 probabilities.
                    unsafe { _mm512_loadu_si512(table.probability.as_ptr().add(PROBABLE + 64 * i).cast()) }
                }),
                low_masks: std::array::from_fn(|i| _mm512_set1_epi32(table.levels[i].masks[7] as i32)),
                high_masks: std::array::from_fn(|i| _mm512_set1_epi32((table.levels[i].masks[7] >> 32) as i32)),
                shifts: std::array::from_fn(|i| _mm512_set1_epi32(table.levels[i].shift as i32)),
                hash: std::array::from_fn(|i| _mm512_set1_epi32(table.hash[i] as i32)),
            }
        }

        /// Returns, summed in the 64-bit lanes, the probabilities of the logits `at` (moved so that the
        /// probable ones start at 0) of the 32-bit lanes of `keep`.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi,bmi2")]
        fn score(&self, at: __m512i, keep: __mmask16) -> __m512i {
            let at = _mm512_min_epi32(_mm512_max_epi32(at, _mm512_setzero_si512()), _mm512_set1_epi32(255));
            let keep = _pdep_u64(u64::from(keep), LOW_BYTES);
            _mm512_sad_epu8(lookup(&self.probabilities, at, keep), _mm512_setzero_si512())
        }

        /// Puts in rows 0 to 2 of the sixteen positions set aside from `i` the indices of their three
        /// residuals, in place of their history and the byte after, which they no longer need.
        ///
        /// # Safety
        ///
        /// The processor must have what `sum` needs, and `i` must be at most `BLOCK`.
        #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vnni,bmi2")]
        unsafe fn hash_contexts(&self, table: &Table, aside: &mut Aside, i: usize) {
            // SAFETY: the caller's.
            let [low, high, pair_next] = unsafe { aside.get(i) };
            let next = _mm512_and_si512(_mm512_srli_epi32::<16>(pair_next), _mm512_set1_epi32(0xFF));
            let (zero, one) = (_mm512_setzero_si512(), _mm512_set1_epi32(1));
            let next_high = _mm512_mullo_epi32(next, self.hash[2]);
            // The bytes of the history that are not a word's (ASCII bytes but letters and digits), all
            // ones, but the last, which counts as a word's; and the bytes up to the first of them,
            // counting back from the last: below its lowest bit, shifted a byte up.
            let not_word = |half: __m512i, mask: __mmask64| {
                let ascii = !_mm512_movepi8_mask(half) & mask;
                _mm512_maskz_permutex2var_epi8(ascii, self.not_words[0], half, self.not_words[1])
            };
            let (low_not, high_not) = (not_word(low, ABOVE_LOW), not_word(high, !0));
            let first = |not: __m512i| _mm512_slli_epi32::<8>(_mm512_and_si512(not, _mm512_sub_epi32(zero, not)));
            let low_kept = _mm512_sub_epi32(first(low_not), one);
            let high_kept = _mm512_maskz_sub_epi32(!_mm512_test_epi32_mask(low_not, low_not), first(high_not), one);
            for (level, row) in table.levels.iter().enumerate() {
                let (mut low_read, mut high_read) = (self.low_masks[level], self.high_masks[level]);
                if row.words {
                    low_read = _mm512_and_si512(low_read, low_kept);
                    high_read = _mm512_and_si512(high_read, high_kept);
                }
                // `residual_hash` of the bytes read.
                let x = _mm512_mullo_epi32(_mm512_and_si512(low, low_read), self.hash[0]);
                let x = _mm512_ternarylogic_epi32::<0x96>(x, _mm512_and_si512(high, high_read), next_high);
                let at = _mm512_srlv_epi32(_mm512_mullo_epi32(x, self.hash[1]), self.shifts[level]);
                // SAFETY: the caller's: the row holds a step's lanes past `i`.
                unsafe { _mm512_storeu_si512(aside.0[INDICES[level]].as_mut_ptr().add(i).cast(), at) };
            }
        }

        /// Returns `score` of the lanes of `valid` of the sixteen positions set aside from `i`, with
        /// their residuals.
        ///
        /// # Safety
        ///
        /// The processor must have what `sum` needs, `i` must be at most `BLOCK` and the positions'
        /// residuals hashed (`hash_contexts`).
        #[target_feature(enable = "avx512f,avx512bw,avx512vl,avx512vbmi,avx512vnni,bmi2")]
        unsafe fn sum(&self, table: &Table, aside: &Aside, i: usize, valid: __mmask16) -> __m512i {
            // SAFETY: the caller's: the row holds a step's lanes past `i`.
            let pair = unsafe { _mm512_loadu_si512(aside.0[2].as_ptr().add(i).cast()) };
            let residuals: [__m512i; 3] = std::array::from_fn(|level| {
                // SAFETY: each index is below the number of residuals, and the table's bytes go on
                // past them; the row holds a step's lanes past `i`.
                unsafe { gather_at(table.levels[level].residuals.as_ptr(), &aside.0[INDICES[level]][i..i + LANES]) }
            });
            // The four stored logits of each lane side by side in its low bytes, then summed.
            let logits = _mm512_maskz_permutex2var_epi8(0x3333_3333_3333_3333, pair, self.pick, residuals[0]);
            let logits = _mm512_mask_permutex2var_epi8(logits, 0x4444_4444_4444_4444, self.pick, residuals[1]);
            let logits = _mm512_mask_permutex2var_epi8(logits, 0x8888_8888_8888_8888, self.pick, residuals[2]);
            let bias = _mm512_set1_epi32(LOGITS as i32 / 2 - 4 * 128 - PROBABLE as i32);
            self.score(_mm512_dpbusd_epi32(bias, logits, _mm512_set1_epi8(1)), valid)
        }
    }

    /// Returns the four bytes at each of the sixteen `indices` in the bytes from `base`, one index a
    /// lane.
    ///
    /// # Safety
    ///
    /// Four bytes from each index must be readable.
    #[target_feature(enable = "avx512f")]
    unsafe fn gather_at(base: *const u8, indices: &[u32]) -> __m512i {
        // SAFETY: the caller's.
        let lanes: [u32; LANES] =
            std::array::from_fn(|i| unsafe { base.add(indices[i] as usize).cast::<u32>().read_unaligned() });
        // SAFETY: `lanes` holds sixteen 32-bit lanes.
        unsafe { _mm512_loadu_si512(lanes.as_ptr().cast()) }
    }

    /// Returns the four bytes at each index of `at` in the bytes from `base`, one index a lane.
    ///
    /// The lookups are sixteen loads rather than one gather: on AMD's Zen 4 a gather of sixteen lanes
    /// costs more than the loads, with the spilling of the indices and the filling of the lanes, and
    /// `count` runs a tenth faster so. The indices are read back from memory: moved out of the vector
    /// lane by lane, as the compiler would, they cost two instructions each and `count` 3% more.
    ///
    /// # Safety
    ///
    /// Four bytes from each index must be readable.
    #[target_feature(enable = "avx512f")]
    unsafe fn gather(base: *const u8, at: __m512i) -> __m512i {
        let mut indices = [0u32; LANES];
        // SAFETY: `indices` holds sixteen 32-bit lanes.
        unsafe { _mm512_storeu_si512(indices.as_mut_ptr().cast(), at) };
        // Read back from memory, not moved out of the vector lane by lane.
        // SAFETY: the caller's.
        unsafe { gather_at(base, &std::hint::black_box(indices)) }
    }

    /// Returns the byte of a 256-byte table (four vectors) at the index in each byte of `at` that
    /// `keep` holds, and 0 in the others, by two byte permutations.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn lookup(table: &[__m512i; 4], at: __m512i, keep: __mmask64) -> __m512i {
        let low = _mm512_maskz_permutex2var_epi8(keep, table[0], at, table[1]);
        let high = _mm512_maskz_permutex2var_epi8(keep, table[2], at, table[3]);
        _mm512_mask_blend_epi8(_mm512_movepi8_mask(at), low, high)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::table::TABLE;
    use super::*;

    /// A point, the sum before it and the history there.
    type Mark = (usize, u64, u64);

    /// The sum and the sums at `points`, summed apart one byte at a time.
    fn reference(history: u64, bytes: &[u8], points: &[usize]) -> ((u64, u64), Vec<Mark>) {
        let sums = points
            .iter()
            .map(|&p| {
                let (s, h) = one_at_a_time(&TABLE, history, &bytes[..p]);
                (p, s, h)
            })
            .collect();
        (one_at_a_time(&TABLE, history, bytes), sums)
    }

    proptest! {
        #[test]
        fn marking_sums_the_same(
            bytes in prop::collection::vec(any::<u8>(), 0..600),
            history in any::<u64>(),
            points in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        ) {
            let mut points: Vec<usize> = points.iter().map(|p| p.index(bytes.len() + 1)).collect();
            points.sort_unstable();
            // The bytes begin at point 7.
            let shifted: Vec<usize> = points.iter().map(|p| p + 7).collect();
            let mut marked = Vec::new();
            let total = sum_marking(&TABLE, history, &bytes, &shifted, 7, |p, s, h| marked.push((p - 7, s, h)));
            prop_assert_eq!((total, marked), reference(history, &bytes, &points));
            prop_assert_eq!(sum(&TABLE, history, &bytes), total);
            prop_assert_eq!(total.1, bytes.iter().fold(history, |h, &b| (h << 8) | u64::from(b)));
        }

        #[test]
        fn every_path_of_the_blocks_sums_the_same(
            bytes in prop::collection::vec(any::<u8>(), HISTORY..1400),
            start in 0usize..40,
        ) {
            let start = HISTORY + start.min(bytes.len() - HISTORY);
            let (expected, _) = one_at_a_time(&TABLE, history_of(&bytes, start), &bytes[start..]);
            prop_assert_eq!(portable(&TABLE, &bytes, start..bytes.len()), expected);
            #[cfg(target_arch = "x86_64")]
            if crate::fit::scan::cpu::avx2() {
                // SAFETY: the processor has AVX2 and POPCNT, and the positions start at `HISTORY`.
                prop_assert_eq!(unsafe { avx2::blocks(&TABLE, &bytes, start..bytes.len()) }, expected);
            }
        }

        #[test]
        fn every_way_sums_the_same(
            text in "([a-zA-Z0-9 ,.;:(){}_\n\t-]|[é日本語ключ😀]){0,400}",
            history in any::<u64>(),
        ) {
            let bytes = text.as_bytes();
            prop_assert_eq!(plain(&TABLE, history, bytes), one_at_a_time(&TABLE, history, bytes));
        }
    }

    #[test]
    fn long_stretches_sum_the_same() {
        let text = "Ça coûte 12,50 € — «naïve» 数据 ключ 😀 tokens\tand words_42. ".repeat(400);
        let bytes = text.as_bytes();
        for len in [0, 1, 7, 8, 9, 39, 40, 41, 47, 48, 49, 4095, bytes.len()] {
            let history = u64::from_be_bytes(*b"\n\n\nfoo b");
            assert_eq!(plain(&TABLE, history, &bytes[..len]), one_at_a_time(&TABLE, history, &bytes[..len]), "{len}");
        }
    }
}
