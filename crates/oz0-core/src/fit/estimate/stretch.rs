//! Sums the table's scores over a stretch of bytes: sixteen bytes a step with AVX-512 gathers where the
//! processor has them, one a step otherwise. Both give the same sum.
//!
//! The meter spends most of its time here: on a large file this loop is a third of `oz0 fit`'s CPU
//! time when it goes a byte a step, and a gather of sixteen scores costs about what four lookups do.
#![allow(unsafe_code)]

use super::{KEY_MASK, Table};

/// Returns the sum of the scores of the bytes of `bytes` that a meter standing after `prev` and `cur`
/// scores when fed them: each byte scores the one before it, in the context of the byte before that and
/// of its own class.
#[cfg(test)]
pub(super) fn sum(table: &Table, prev: u8, cur: u8, bytes: &[u8]) -> u64 {
    sum_marking(table, prev, cur, bytes, &[], 0, |_, _| {})
}

/// `sum`, telling `mark` the sum so far at each of `points` (in order, from `origin`, the point the
/// bytes begin at, to before their end): the sum of the scores the bytes before the point add.
pub(super) fn sum_marking(
    table: &Table,
    prev: u8,
    cur: u8,
    bytes: &[u8],
    points: &[usize],
    origin: usize,
    mark: impl FnMut(usize, u64),
) -> u64 {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= avx512::MIN_LEN && super::super::cpu::avx512vbmi() {
        // SAFETY: the processor has every feature `avx512::sum_marking` is compiled for.
        return unsafe { avx512::sum_marking(table, prev, cur, bytes, points, origin, mark) };
    }
    one_at_a_time(table, prev, cur, bytes, points, origin, mark)
}

/// `sum_marking`, one lookup a byte.
pub(super) fn one_at_a_time(
    table: &Table,
    prev: u8,
    cur: u8,
    bytes: &[u8],
    mut points: &[usize],
    origin: usize,
    mut mark: impl FnMut(usize, u64),
) -> u64 {
    let (mut prev, mut cur) = (usize::from(prev), usize::from(cur));
    let mut sum = 0u64;
    for (i, &b) in bytes.iter().enumerate() {
        while let Some((&point, later)) = points.split_first()
            && point <= origin + i
        {
            mark(point, sum);
            points = later;
        }
        let key = (prev << 10) | (cur << 2) | usize::from(table.next[usize::from(b)]);
        sum += u64::from(table.probs[key & KEY_MASK]);
        prev = cur;
        cur = usize::from(b);
    }
    for &point in points {
        mark(point, sum);
    }
    sum
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm512_add_epi32, _mm512_and_si512, _mm512_i32gather_epi32, _mm512_loadu_si512,
        _mm512_mask_blend_epi8, _mm512_mask_reduce_add_epi32, _mm512_maskz_mov_epi32, _mm512_maskz_permutex2var_epi8,
        _mm512_maskz_permutexvar_epi8, _mm512_movepi8_mask, _mm512_permutex2var_epi8, _mm512_reduce_add_epi32,
        _mm512_set1_epi32, _mm512_setr_epi32, _mm512_setzero_si512, _mm512_slli_epi16, _mm512_srlv_epi32,
    };

    use super::{Table, one_at_a_time};

    /// The shortest stretch worth a gather: below it, the lookups one at a time cost less than setting up.
    pub(super) const MIN_LEN: usize = 24;
    /// Steps summed in 32-bit lanes before the lanes are added up: each step adds at most 4 × 255 to a
    /// lane, so 4096 steps stay far below `u32::MAX`.
    const STEPS_PER_SUM: usize = 4096;

    /// `super::sum_marking`, 64 bytes a step: their classes by two byte permutations of the class
    /// table, then sixteen scores at a time by a gather. The last step, of fewer bytes, is taken from a
    /// copy. A point's sum adds the lanes before it to the lanes of the steps before.
    ///
    /// # Safety
    ///
    /// The processor must have AVX-512 F, BW and VBMI (`cpu::avx512vbmi`).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) unsafe fn sum_marking(
        table: &Table,
        prev: u8,
        cur: u8,
        bytes: &[u8],
        points: &[usize],
        origin: usize,
        mut mark: impl FnMut(usize, u64),
    ) -> u64 {
        // The first two bytes score bytes that came before the stretch.
        let head = &bytes[..2];
        let (early, mut points) = points.split_at(points.partition_point(|&p| p < origin + 2));
        let mut total = one_at_a_time(table, prev, cur, head, early, origin, &mut mark);
        let classes: [__m512i; 4] = std::array::from_fn(|i| {
            // SAFETY: `table.next` has 256 bytes, so each of its four 64-byte quarters can be read.
            unsafe { _mm512_loadu_si512(table.next.as_ptr().add(64 * i).cast()) }
        });
        let spread = Spread::new();
        let mut lanes = _mm512_setzero_si512();
        let mut steps = 0;
        // Byte `at + i` scores byte `at + i - 1` after byte `at + i - 2`.
        let mut at = 2;
        while at < bytes.len() {
            let left = bytes.len() - at;
            let mut last = [0; 2 + 64];
            let (from, valid) = if left >= 64 {
                (&bytes[at - 2..at + 64], u64::MAX)
            } else {
                last[..2 + left].copy_from_slice(&bytes[at - 2..]);
                (&last[..], (1 << left) - 1)
            };
            let scores = step(table, &classes, &spread, from, valid);
            let end = origin + at + left.min(64);
            while let Some((&point, later)) = points.split_first()
                && point < end
            {
                let before = (1u64 << (point - origin - at)) - 1;
                mark(point, total + reduce(&lanes) + masked_sum(&scores, before));
                points = later;
            }
            for score in scores {
                lanes = _mm512_add_epi32(lanes, score);
            }
            at += 64;
            steps += 1;
            if steps == STEPS_PER_SUM {
                total += reduce(&lanes);
                lanes = _mm512_setzero_si512();
                steps = 0;
            }
        }
        total += reduce(&lanes);
        for &point in points {
            mark(point, total);
        }
        total
    }

    /// Returns the sum of the lanes.
    #[target_feature(enable = "avx512f")]
    fn reduce(lanes: &__m512i) -> u64 {
        u64::from(_mm512_reduce_add_epi32(*lanes) as u32)
    }

    /// Returns the sum of the scores of the bytes of a step whose bit is set in `mask`.
    #[target_feature(enable = "avx512f")]
    fn masked_sum(scores: &[__m512i; 4], mask: u64) -> u64 {
        scores
            .iter()
            .enumerate()
            .map(|(i, score)| u64::from(_mm512_mask_reduce_add_epi32((mask >> (16 * i)) as u16, *score) as u32))
            .sum()
    }

    /// Byte permutations that spread a step's bytes over the lanes of its four gathers.
    #[derive(Clone, Copy)]
    struct Spread {
        /// For each quarter, the indexes that put a lane's byte before and its byte two before in the low
        /// two bytes of the lane (`prev << 8 | cur`), from the 64 bytes before the step's and the step's.
        pairs: [__m512i; 4],
        /// For each quarter, the indexes that put a lane's class in the lane's low byte.
        classes: [__m512i; 4],
    }

    impl Spread {
        #[target_feature(enable = "avx512f")]
        fn new() -> Self {
            let vector = |byte: &dyn Fn(usize) -> u8| {
                let words: [i32; 16] = std::array::from_fn(|lane| {
                    i32::from_le_bytes([byte(4 * lane), byte(4 * lane + 1), byte(4 * lane + 2), byte(4 * lane + 3)])
                });
                let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p] = words;
                _mm512_setr_epi32(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)
            };
            Spread {
                pairs: std::array::from_fn(|quarter| {
                    vector(&|at| {
                        // Lane `l` scores the byte at `16 * quarter + l + 1` of the 64 from two before the step,
                        // after the byte before it; the 65th is the 63rd of the step's own 64.
                        let lane = 16 * quarter + at / 4;
                        let from = match at % 4 {
                            0 => lane + 1,
                            1 => lane,
                            _ => 0,
                        };
                        if from < 64 { from as u8 } else { 64 + (from - 2) as u8 }
                    })
                }),
                classes: std::array::from_fn(|quarter| {
                    vector(&|at| if at % 4 == 0 { (16 * quarter + at / 4) as u8 } else { 0 })
                }),
            }
        }
    }

    /// Returns the scores the 64 bytes from the third of `bytes` add, sixteen to a vector, those whose
    /// bit is not set in `valid` as 0.
    ///
    /// The table is laid out by key `prev << 10 | cur << 2 | class`, so the four scores of a pair of
    /// bytes are one little-endian `u32` at index `prev << 8 | cur`: a lane gathers that word and shifts
    /// its class's byte down.
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    fn step(table: &Table, classes: &[__m512i; 4], spread: &Spread, bytes: &[u8], valid: u64) -> [__m512i; 4] {
        let bytes: &[u8; 66] = bytes.first_chunk().expect("a step reads 66 bytes");
        // SAFETY: `bytes` has 66 bytes: the 64 from its first, and the 64 from its third.
        let (before, next) =
            unsafe { (_mm512_loadu_si512(bytes.as_ptr().cast()), _mm512_loadu_si512(bytes.as_ptr().add(2).cast())) };
        let low = _mm512_permutex2var_epi8(classes[0], next, classes[1]);
        let high = _mm512_permutex2var_epi8(classes[2], next, classes[3]);
        // Classes are 0 to 3; eight times them is the shift that brings a class's byte down.
        let shifts = _mm512_slli_epi16::<3>(_mm512_mask_blend_epi8(_mm512_movepi8_mask(next), low, high));
        let words = table.probs.as_ptr().cast::<i32>();
        let low_byte = _mm512_set1_epi32(0xff);
        std::array::from_fn(|i| {
            let pairs = _mm512_maskz_permutex2var_epi8(0x3333_3333_3333_3333, before, spread.pairs[i], next);
            // SAFETY: each index is below 1 << 16, and the table holds 1 << 16 four-byte words.
            let four = unsafe { _mm512_i32gather_epi32::<4>(pairs, words) };
            let shift = _mm512_maskz_permutexvar_epi8(0x1111_1111_1111_1111, spread.classes[i], shifts);
            let score = _mm512_and_si512(_mm512_srlv_epi32(four, shift), low_byte);
            _mm512_maskz_mov_epi32((valid >> (16 * i)) as u16, score)
        })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::TABLE;
    use super::*;

    /// The sum, and the sums at `points`, one lookup a byte.
    fn reference(prev: u8, cur: u8, bytes: &[u8], points: &[usize]) -> (u64, Vec<(usize, u64)>) {
        let sums =
            points.iter().map(|&p| (p, one_at_a_time(&TABLE, prev, cur, &bytes[..p], &[], 0, |_, _| {}))).collect();
        (one_at_a_time(&TABLE, prev, cur, bytes, &[], 0, |_, _| {}), sums)
    }

    proptest! {
        #[test]
        fn every_way_sums_the_same(
            bytes in prop::collection::vec(any::<u8>(), 0..600),
            prev in any::<u8>(),
            cur in any::<u8>(),
            points in prop::collection::vec(any::<prop::sample::Index>(), 0..12),
        ) {
            let mut points: Vec<usize> = points.iter().map(|p| p.index(bytes.len() + 1)).collect();
            points.sort_unstable();
            // The bytes begin at point 7.
            let shifted: Vec<usize> = points.iter().map(|p| p + 7).collect();
            let mut marked = Vec::new();
            let total = sum_marking(&TABLE, prev, cur, &bytes, &shifted, 7, |p, s| marked.push((p - 7, s)));
            prop_assert_eq!((total, marked), reference(prev, cur, &bytes, &points));
            prop_assert_eq!(sum(&TABLE, prev, cur, &bytes), total);
        }
    }

    #[test]
    fn long_stretches_sum_the_same() {
        let text = "Ça coûte 12,50 € — «naïve» 数据 ключ 😀 tokens\tand words. ".repeat(4000);
        let bytes = text.as_bytes();
        for len in [0, 1, 2, 3, 24, 65, 66, 67, 127, 128, 129, 4095, bytes.len()] {
            let points = [0, 1, 2, 3, 66, 67, 130, 200_000].map(|p: usize| p.min(len));
            let mut marked = Vec::new();
            let total = sum_marking(&TABLE, b'\n', b'x', &bytes[..len], &points, 0, |p, s| marked.push((p, s)));
            assert_eq!((total, marked), reference(b'\n', b'x', &bytes[..len], &points), "{len}");
        }
    }
}
