//! Sums the table's scores over a stretch of bytes: eight bytes a step, their lookups gathered, where
//! the processor has AVX-512; one a step otherwise. Both give the same sums.
//!
//! The meter spends most of its time here: on a large file this loop is most of `oz0 fit`'s CPU time.
#![allow(unsafe_code)]

use super::{HISTORY, Table, word_after, word_before};

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
pub(super) fn sum_marking(
    table: &Table,
    mut history: u64,
    bytes: &[u8],
    mut points: &[usize],
    origin: usize,
    mut mark: impl FnMut(usize, u64, u64),
) -> (u64, u64) {
    let mut sum = 0u64;
    let mut done = 0;
    while let Some((&point, later)) = points.split_first() {
        let upto = (point - origin).min(bytes.len());
        let (added, after) = plain(table, history, &bytes[done..upto]);
        sum += added;
        history = after;
        done = upto;
        mark(point, sum, history);
        points = later;
    }
    let (added, after) = plain(table, history, &bytes[done..]);
    (sum + added, after)
}

/// `sum` without points.
fn plain(table: &Table, history: u64, bytes: &[u8]) -> (u64, u64) {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= avx512::MIN_LEN && avx512::available() {
        // SAFETY: the processor has every feature `avx512::sum` is compiled for.
        let sum = unsafe { avx512::sum(table, history, bytes) };
        let last: &[u8; HISTORY] = bytes.last_chunk().expect("a stretch this long holds a history");
        return (sum, u64::from_be_bytes(*last));
    }
    one_at_a_time(table, history, bytes)
}

/// `plain`, one byte a step.
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

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm_cvtsi64_si128, _mm_loadu_si128, _mm512_add_epi64, _mm512_and_si512, _mm512_castsi128_si512,
        _mm512_cmple_epu8_mask, _mm512_i64gather_epi64, _mm512_loadu_si512, _mm512_mask_add_epi64,
        _mm512_mask_blend_epi8, _mm512_maskz_permutexvar_epi8, _mm512_max_epi64, _mm512_min_epi64, _mm512_movepi8_mask,
        _mm512_movm_epi8, _mm512_mullo_epi64, _mm512_or_si512, _mm512_permutex2var_epi8, _mm512_permutexvar_epi8,
        _mm512_reduce_add_epi64, _mm512_set1_epi8, _mm512_set1_epi64, _mm512_setzero_si512, _mm512_slli_epi64,
        _mm512_srl_epi64, _mm512_sub_epi8, _mm512_sub_epi64,
    };

    use super::super::{HISTORY, LOGITS, Level, PROBABLE, Table};

    /// The byte permutations of a step's 16-byte window: `HISTORIES` gives byte `b` of lane `l` the
    /// byte `l + 7 - b`, so that each lane holds the eight bytes ending before its position, the last
    /// lowest; `NEXTS` gives lane `l` the byte `l + 8` of its position, in its low byte.
    static HISTORIES: [u8; 64] = permutation(false);
    static NEXTS: [u8; 64] = permutation(true);

    const fn permutation(next: bool) -> [u8; 64] {
        let mut at = [0; 64];
        let mut i = 0;
        while i < 64 {
            let (lane, byte) = (i / 8, i % 8);
            at[i] = if next { lane + 8 } else { lane + 7 - byte } as u8;
            i += 1;
        }
        at
    }

    /// Positions scored a step: one a 64-bit lane.
    pub(super) const LANES: usize = 8;
    /// The shortest stretch worth the vectors: below it, the lookups one at a time cost less.
    pub(super) const MIN_LEN: usize = 2 * LANES;

    /// Returns whether the processor has what `sum` needs: AVX-512 F, BW, DQ and VBMI.
    pub(super) fn available() -> bool {
        super::super::super::cpu::avx512vbmi() && std::is_x86_feature_detected!("avx512dq")
    }

    /// Returns `super::plain`'s sum: what the bytes of `bytes` score after `history`, each the byte
    /// before it, in the context of the eight bytes ending with that byte and of the byte itself.
    ///
    /// Lane `j` of a step at `p` scores the byte before the one at `p + j`: it reads the 16 bytes from
    /// `p - 8` and permutes the eight bytes ending there into its history (the last in its low byte, as
    /// a meter's) and the byte after into its low byte. The first step reads the bytes before the text
    /// from `history`, and the last, when fewer than eight bytes are left, scores only those.
    ///
    /// # Safety
    ///
    /// The processor must have AVX-512 F, BW, DQ and VBMI (`available`).
    #[target_feature(enable = "avx512f,avx512bw,avx512dq,avx512vbmi")]
    pub(super) unsafe fn sum(table: &Table, history: u64, bytes: &[u8]) -> u64 {
        // SAFETY: each permutation has 64 bytes.
        let (histories, nexts) =
            unsafe { (_mm512_loadu_si512(HISTORIES.as_ptr().cast()), _mm512_loadu_si512(NEXTS.as_ptr().cast())) };
        // SAFETY: `table.next` has at least 256 bytes, so each of its four 64-byte quarters can be read.
        let classes: [__m512i; 4] =
            std::array::from_fn(|i| unsafe { _mm512_loadu_si512(table.next.as_ptr().add(64 * i).cast()) });
        // The probabilities of the logits from -8 to 8, in 16ths: below, every one is 0, above, 255
        // (`Table::try_decode` checks it).
        let probabilities: [__m512i; 4] = std::array::from_fn(|i| {
            // SAFETY: `PROBABLE` and the 256 bytes after it are within the 1,024 probabilities.
            unsafe { _mm512_loadu_si512(table.probability.as_ptr().add(PROBABLE + 64 * i).cast()) }
        });
        let low_byte = _mm512_set1_epi64(0xFF);
        let (words_low, words_high) = (_mm512_set1_epi8(b'0' as i8), _mm512_set1_epi8(b'a' as i8));
        let mut total = _mm512_setzero_si512();
        let before = history.to_be_bytes();
        let mut p = 0;
        while p < bytes.len() {
            let (window, valid) = if p >= HISTORY && p + LANES <= bytes.len() {
                // SAFETY: the window's 16 bytes, from `p - 8` to `p + 8`, are within `bytes`.
                (unsafe { _mm_loadu_si128(bytes.as_ptr().add(p - HISTORY).cast()) }, 0xFF)
            } else {
                // The bytes before the text are the history's; those past its end, none.
                let copy: [u8; 2 * HISTORY] = std::array::from_fn(|i| match (p + i).checked_sub(HISTORY) {
                    Some(at) => bytes.get(at).copied().unwrap_or(0),
                    None => before[p + i],
                });
                // SAFETY: `copy` has 16 bytes.
                let window = unsafe { _mm_loadu_si128(copy.as_ptr().cast()) };
                (window, ((1u16 << (bytes.len() - p).min(LANES)) - 1) as u8)
            };
            let window = _mm512_castsi128_si512(window);
            let history = _mm512_permutexvar_epi8(histories, window);
            let next = _mm512_maskz_permutexvar_epi8(0x0101_0101_0101_0101, nexts, window);

            // The bytes of a word in each history: digits, letters, and every byte past ASCII.
            let digit = _mm512_cmple_epu8_mask(_mm512_sub_epi8(history, words_low), _mm512_set1_epi8(9));
            let folded = _mm512_or_si512(history, _mm512_set1_epi8(0x20));
            let letter = _mm512_cmple_epu8_mask(_mm512_sub_epi8(folded, words_high), _mm512_set1_epi8(25));
            let word = _mm512_movm_epi8(digit | letter | _mm512_movepi8_mask(history));
            // Each byte kept when every byte between it and the last is a word's: an AND of the
            // bytes before it, the last counting as a word's.
            let mut kept = _mm512_or_si512(word, low_byte);
            for shift in [8, 16, 32] {
                let before = _mm512_or_si512(shift_left(kept, shift), _mm512_set1_epi64((1i64 << shift) - 1));
                kept = _mm512_and_si512(kept, before);
            }
            let kept = _mm512_or_si512(_mm512_slli_epi64::<8>(kept), low_byte);

            // The class of the byte after, by two byte permutations of the class table.
            let class = lookup(&classes, next);
            let key =
                _mm512_or_si512(_mm512_slli_epi64::<2>(_mm512_and_si512(history, _mm512_set1_epi64(0xFFFF))), class);
            // SAFETY: each key is below `KEYS`, and the table's bytes go on past the logits.
            let base = unsafe { gather(table.logits.as_ptr(), key) };
            let mut logit = _mm512_add_epi64(base, _mm512_set1_epi64(LOGITS as i64 / 2 - 4 * 128));
            for level in &table.levels {
                logit = _mm512_add_epi64(logit, residual(level, history, kept, next));
            }
            let at = _mm512_sub_epi64(
                _mm512_min_epi64(
                    _mm512_max_epi64(logit, _mm512_set1_epi64(PROBABLE as i64)),
                    _mm512_set1_epi64(PROBABLE as i64 + 255),
                ),
                _mm512_set1_epi64(PROBABLE as i64),
            );
            total = _mm512_mask_add_epi64(total, valid, total, lookup(&probabilities, at));
            p += LANES;
        }
        _mm512_reduce_add_epi64(total) as u64
    }

    /// Returns the residual of each lane's context in `level`, plus 128 (`Level::residual`).
    #[target_feature(enable = "avx512f,avx512bw,avx512dq")]
    fn residual(level: &Level, history: __m512i, kept: __m512i, next: __m512i) -> __m512i {
        let mut mask = _mm512_set1_epi64(level.masks[7] as i64);
        if level.words {
            mask = _mm512_and_si512(mask, kept);
        }
        let context = _mm512_or_si512(
            _mm512_slli_epi64::<9>(_mm512_and_si512(history, mask)),
            _mm512_or_si512(next, _mm512_set1_epi64(level.seed as i64)),
        );
        let hash = _mm512_mullo_epi64(context, _mm512_set1_epi64(0x9E37_79B9_7F4A_7C15u64 as i64));
        let at = _mm512_srl_epi64(hash, _mm_cvtsi64_si128(i64::from(level.shift)));
        // SAFETY: each index is below the number of residuals, and the table's bytes go on past them.
        unsafe { gather(level.residuals.as_ptr(), at) }
    }

    /// Returns the byte at each index of `at` in the bytes from `base`, one a lane.
    ///
    /// # Safety
    ///
    /// Eight bytes from each index must be readable.
    #[target_feature(enable = "avx512f")]
    unsafe fn gather(base: *const u8, at: __m512i) -> __m512i {
        // SAFETY: the caller's.
        let eight = unsafe { _mm512_i64gather_epi64::<1>(at, base.cast()) };
        _mm512_and_si512(eight, _mm512_set1_epi64(0xFF))
    }

    /// Returns the byte of a 256-byte table (four vectors) at the index in the low byte of each lane,
    /// by two byte permutations.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn lookup(table: &[__m512i; 4], at: __m512i) -> __m512i {
        let low = _mm512_permutex2var_epi8(table[0], at, table[1]);
        let high = _mm512_permutex2var_epi8(table[2], at, table[3]);
        _mm512_and_si512(_mm512_mask_blend_epi8(_mm512_movepi8_mask(at), low, high), _mm512_set1_epi64(0xFF))
    }

    /// Returns each lane shifted left by `bits` (8, 16 or 32).
    #[target_feature(enable = "avx512f")]
    fn shift_left(x: __m512i, bits: u32) -> __m512i {
        match bits {
            8 => _mm512_slli_epi64::<8>(x),
            16 => _mm512_slli_epi64::<16>(x),
            _ => _mm512_slli_epi64::<32>(x),
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::TABLE;
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
