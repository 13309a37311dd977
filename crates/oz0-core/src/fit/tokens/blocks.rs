//! The block check of the estimate's long stretches: how many 32-byte blocks at the start of a text
//! each hold a byte that starts a character that is not white space. Sixty-four bytes a step where the
//! processor has AVX-512 BW, a block a step where it has AVX2, one byte at a time otherwise; all give the
//! same counts.
#![allow(unsafe_code)]

/// Returns how many of the first `full` 32-byte blocks of `bytes` (which holds them all) each hold, one
/// after another from the first, a byte that starts a character that is not white space: one that
/// `starts_word`, or that `starts_word_before` the byte after it, which must be within `bytes`.
pub(super) fn leading(bytes: &[u8], full: usize) -> usize {
    debug_assert!(full * 32 <= bytes.len());
    #[cfg(target_arch = "x86_64")]
    if crate::fit::scan::cpu::avx512bw() {
        // SAFETY: the processor has AVX-512 F and BW.
        return unsafe { avx512::leading(bytes, full) };
    }
    #[cfg(target_arch = "x86_64")]
    if crate::fit::scan::cpu::avx2() {
        // SAFETY: the processor has AVX2.
        return unsafe { avx2::leading(bytes, full) };
    }
    portable(bytes, full)
}

/// `leading`, a byte at a time, stopping at the first byte found in each block.
fn portable(bytes: &[u8], full: usize) -> usize {
    (0..full).take_while(|&i| holds_start(bytes, i)).count()
}

/// Returns whether block `i` of `bytes` holds a byte that starts a character that is not white space.
fn holds_start(bytes: &[u8], i: usize) -> bool {
    bytes[32 * i..32 * i + 32].iter().any(|&b| starts_word(b))
        || bytes[32 * i..bytes.len().min(32 * i + 33)].windows(2).any(|pair| starts_word_before(pair[0], pair[1]))
}

/// Returns whether `b` starts a character that is not white space however the bytes after it
/// decode: a printable ASCII byte, or the first byte of a multi-byte character whose every
/// decoding lies outside white space (not 0xC2, 0xE1 to 0xE3, which begin white-space
/// characters, nor 0xE0 and 0xF0, which begin overlong encodings of them).
fn starts_word(b: u8) -> bool {
    (b.wrapping_sub(0x21) < 0x5E)
        | (b.wrapping_sub(0xC3) < 0x1D)
        | (b.wrapping_sub(0xE4) < 0x0C)
        | (b.wrapping_sub(0xF1) < 0x04)
}

/// Returns whether `lead` starts a character that is not white space when `next` follows it, where
/// `starts_word` cannot tell from `lead` alone: 0xC2 begins one unless followed by 0x85 or 0xA0, 0xE1
/// unless by 0x9A, 0xE2 unless by 0x80 or 0x81, 0xE3 unless by 0x80; 0xE0 and 0xF0 begin one unless
/// followed by the continuation bytes of their overlong encodings (0x80 to 0x9F, 0x80 to 0x8F). A
/// byte that is not a continuation after a lead cuts its character short, which is not white space
/// either. The scripts of India, South-East Asia and the Caucasus begin with 0xE0 and 0xE1, and
/// Japanese kana with 0xE3.
fn starts_word_before(lead: u8, next: u8) -> bool {
    ((lead == 0xC2) & (next != 0x85) & (next != 0xA0))
        | ((lead == 0xE0) & (next.wrapping_sub(0x80) >= 0x20))
        | ((lead == 0xE1) & (next != 0x9A))
        | ((lead == 0xE2) & (next.wrapping_sub(0x80) >= 2))
        | ((lead == 0xE3) & (next != 0x80))
        | ((lead == 0xF0) & (next.wrapping_sub(0x80) >= 0x10))
}

#[cfg(target_arch = "x86_64")]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm512_cmpeq_epi8_mask, _mm512_cmpge_epu8_mask, _mm512_cmplt_epu8_mask, _mm512_cmpneq_epi8_mask,
        _mm512_maskz_loadu_epi8, _mm512_set1_epi8, _mm512_sub_epi8,
    };

    /// `super::leading`, two blocks a step: a bit mask of the bytes that start a character that is not
    /// white space, by the byte and by the byte with the one after it.
    ///
    /// # Safety
    ///
    /// The processor must have AVX-512 F and BW.
    #[target_feature(enable = "avx512f,avx512bw")]
    pub(super) unsafe fn leading(bytes: &[u8], full: usize) -> usize {
        let len = bytes.len();
        let mut blocks = 0;
        while blocks < full {
            let at = 32 * blocks;
            // The bytes from `at`, those past the end 0.
            let here_mask = u64::MAX >> 64usize.saturating_sub(len - at);
            // SAFETY: the mask loads only bytes within `bytes`; masked bytes are not read.
            let here = unsafe { _mm512_maskz_loadu_epi8(here_mask, bytes.as_ptr().add(at).cast()) };
            let mut found = starts(here);
            // In most text each block holds a byte that `starts_word`; the pairs are read only where
            // one does not. A byte whose next is past the end is not a lead of `starts_word_before`.
            if found as u32 == 0 || (found >> 32) as u32 == 0 {
                let next_mask = u64::MAX.checked_shr(64 - (len - at - 1).min(64) as u32).unwrap_or(0);
                // SAFETY: as `here`'s.
                let next = unsafe { _mm512_maskz_loadu_epi8(next_mask, bytes.as_ptr().add(at + 1).cast()) };
                found |= starts_before(here, next) & next_mask;
            }
            for half in [found as u32, (found >> 32) as u32] {
                if half == 0 || blocks == full {
                    return blocks;
                }
                blocks += 1;
            }
        }
        blocks
    }

    /// The bytes within `from..from + width` (wrapping), as a mask.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn within(b: __m512i, from: u8, width: u8) -> u64 {
        _mm512_cmplt_epu8_mask(_mm512_sub_epi8(b, _mm512_set1_epi8(from as i8)), _mm512_set1_epi8(width as i8))
    }

    /// `super::starts_word` of each byte.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn starts(b: __m512i) -> u64 {
        within(b, 0x21, 0x5E) | within(b, 0xC3, 0x1D) | within(b, 0xE4, 0x0C) | within(b, 0xF1, 0x04)
    }

    /// `super::starts_word_before` of each byte and the one after.
    #[target_feature(enable = "avx512f,avx512bw")]
    fn starts_before(lead: __m512i, next: __m512i) -> u64 {
        let is = |b: u8| _mm512_cmpeq_epi8_mask(lead, _mm512_set1_epi8(b as i8));
        let not = |b: u8| _mm512_cmpneq_epi8_mask(next, _mm512_set1_epi8(b as i8));
        let at_least = |from: u8| {
            _mm512_cmpge_epu8_mask(_mm512_sub_epi8(next, _mm512_set1_epi8(0x80u8 as i8)), _mm512_set1_epi8(from as i8))
        };
        (is(0xC2) & not(0x85) & not(0xA0))
            | (is(0xE0) & at_least(0x20))
            | (is(0xE1) & not(0x9A))
            | (is(0xE2) & at_least(2))
            | (is(0xE3) & not(0x80))
            | (is(0xF0) & at_least(0x10))
    }
}

#[cfg(target_arch = "x86_64")]
mod avx2 {
    use std::arch::x86_64::{
        __m256i, _mm256_and_si256, _mm256_andnot_si256, _mm256_cmpeq_epi8, _mm256_loadu_si256, _mm256_max_epu8,
        _mm256_min_epu8, _mm256_movemask_epi8, _mm256_or_si256, _mm256_set1_epi8, _mm256_sub_epi8,
    };

    /// `super::leading`, a block a step: a bit mask of the bytes that start a character that is not
    /// white space, by the byte and, where none does, by the byte with the one after it.
    ///
    /// # Safety
    ///
    /// The processor must have AVX2.
    #[target_feature(enable = "avx2")]
    pub(super) unsafe fn leading(bytes: &[u8], full: usize) -> usize {
        for block in 0..full {
            let at = 32 * block;
            // SAFETY: the `full` blocks are within `bytes`.
            let here = unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at).cast()) };
            let found = starts(here) != 0
                || if at + 33 <= bytes.len() {
                    // SAFETY: the 32 bytes from `at + 1` are within `bytes`.
                    let next = unsafe { _mm256_loadu_si256(bytes.as_ptr().add(at + 1).cast()) };
                    starts_before(here, next) != 0
                } else {
                    // The last byte has no byte after it within `bytes`.
                    super::holds_start(bytes, block)
                };
            if !found {
                return block;
            }
        }
        full
    }

    /// All ones in each byte of `b` within `from..from + width` (wrapping).
    #[target_feature(enable = "avx2")]
    fn within(b: __m256i, from: u8, width: u8) -> __m256i {
        let x = _mm256_sub_epi8(b, _mm256_set1_epi8(from as i8));
        _mm256_cmpeq_epi8(_mm256_min_epu8(x, _mm256_set1_epi8((width - 1) as i8)), x)
    }

    /// `super::starts_word` of each byte, as a bit mask.
    #[target_feature(enable = "avx2")]
    fn starts(b: __m256i) -> u32 {
        let any = _mm256_or_si256(
            _mm256_or_si256(within(b, 0x21, 0x5E), within(b, 0xC3, 0x1D)),
            _mm256_or_si256(within(b, 0xE4, 0x0C), within(b, 0xF1, 0x04)),
        );
        _mm256_movemask_epi8(any) as u32
    }

    /// `super::starts_word_before` of each byte and the one after, as a bit mask.
    #[target_feature(enable = "avx2")]
    fn starts_before(lead: __m256i, next: __m256i) -> u32 {
        let is = |b: u8| _mm256_cmpeq_epi8(lead, _mm256_set1_epi8(b as i8));
        let but = |mask: __m256i, b: u8| _mm256_andnot_si256(_mm256_cmpeq_epi8(next, _mm256_set1_epi8(b as i8)), mask);
        let at_least = |mask: __m256i, from: u8| {
            let x = _mm256_sub_epi8(next, _mm256_set1_epi8(0x80u8 as i8));
            _mm256_and_si256(mask, _mm256_cmpeq_epi8(_mm256_max_epu8(x, _mm256_set1_epi8(from as i8)), x))
        };
        let any = [
            but(but(is(0xC2), 0x85), 0xA0),
            at_least(is(0xE0), 0x20),
            but(is(0xE1), 0x9A),
            at_least(is(0xE2), 2),
            but(is(0xE3), 0x80),
            at_least(is(0xF0), 0x10),
        ]
        .into_iter()
        .fold(_mm256_set1_epi8(0), |any, m| _mm256_or_si256(any, m));
        _mm256_movemask_epi8(any) as u32
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn every_way_counts_the_same(
            // White space mostly, so that blocks without a character that is not white space are common.
            bytes in prop::collection::vec(
                prop_oneof![
                    40 => prop::sample::select(vec![b' ', b'\n', b'\t', 0x80, 0x85, 0x9A, 0xA0]),
                    1 => prop::sample::select(vec![b'a', 0x81, 0x90, 0xC2, 0xC3, 0xE0, 0xE1, 0xE2, 0xE3, 0xE4,
                        0xF0, 0xF1, 0xFF]),
                ],
                0..400,
            ),
            cut in 0usize..40,
        ) {
            let bytes = &bytes[..bytes.len().saturating_sub(cut)];
            for full in 0..=bytes.len() / 32 {
                prop_assert_eq!(leading(bytes, full), portable(bytes, full));
                #[cfg(target_arch = "x86_64")]
                if crate::fit::scan::cpu::avx2() {
                    // SAFETY: the processor has AVX2.
                    prop_assert_eq!(unsafe { avx2::leading(bytes, full) }, portable(bytes, full));
                }
            }
        }
    }
}
