//! Reads a chunk 64 bytes at a time, as masks of its newlines and of the bytes a plain line may begin
//! with, so that the lines of a block are found one bit at a time, and a block of plain lines at once.
//!
//! A document of short lines has a line end every few dozen bytes; searching from each one to the next
//! (`memchr` a line) spent more time starting searches than searching.
#![allow(unsafe_code)]

/// Returns masks of the bytes of `block`, bit `i` for byte `i`: those that are `\n`, and those that are
/// `\n` or an ASCII letter (`starts_plain`).
#[cfg(target_arch = "x86_64")]
fn masks(block: &[u8; 64]) -> (u64, u64) {
    use std::arch::x86_64::{
        __m128i, _mm_add_epi8, _mm_cmpeq_epi8, _mm_loadu_si128, _mm_min_epu8, _mm_movemask_epi8, _mm_or_si128,
        _mm_set1_epi8,
    };

    // SAFETY: SSE2 is part of every x86-64 processor, and the four 16-byte reads, at `16 * i` for `i`
    // below 4, lie inside the 64 bytes of `block`.
    unsafe {
        let newline = _mm_set1_epi8(b'\n' as i8);
        let lower = _mm_set1_epi8(0x20);
        // A letter, made lower case, minus `a` is below 26.
        let minus_a = _mm_set1_epi8(-(b'a' as i8));
        let below_26 = _mm_set1_epi8(25);
        let (mut newlines, mut plain) = (0, 0);
        for i in 0..4 {
            let bytes = _mm_loadu_si128(block.as_ptr().add(16 * i).cast::<__m128i>());
            let is_newline = _mm_cmpeq_epi8(bytes, newline);
            let from_a = _mm_add_epi8(_mm_or_si128(bytes, lower), minus_a);
            let is_letter = _mm_cmpeq_epi8(_mm_min_epu8(from_a, below_26), from_a);
            newlines |= u64::from(_mm_movemask_epi8(is_newline) as u16) << (16 * i);
            plain |= u64::from(_mm_movemask_epi8(_mm_or_si128(is_newline, is_letter)) as u16) << (16 * i);
        }
        (newlines, plain)
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn masks(block: &[u8; 64]) -> (u64, u64) {
    block.iter().enumerate().fold((0, 0), |(newlines, plain), (i, &b)| {
        (newlines | (u64::from(b == b'\n') << i), plain | (u64::from(b == b'\n' || b.is_ascii_alphabetic()) << i))
    })
}

/// `masks`, with AVX-512: one load and two comparisons for the 64 bytes.
///
/// # Safety
///
/// The processor must have AVX-512 F and BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn wide_masks(block: &[u8; 64]) -> (u64, u64) {
    use std::arch::x86_64::{
        _mm512_cmpeq_epi8_mask, _mm512_cmplt_epu8_mask, _mm512_loadu_si512, _mm512_or_si512, _mm512_set1_epi8,
        _mm512_sub_epi8,
    };

    // SAFETY: `block` has 64 bytes.
    let bytes = unsafe { _mm512_loadu_si512(block.as_ptr().cast()) };
    let newlines = _mm512_cmpeq_epi8_mask(bytes, _mm512_set1_epi8(b'\n' as i8));
    // A letter, made lower case, minus `a` is below 26.
    let from_a = _mm512_sub_epi8(_mm512_or_si512(bytes, _mm512_set1_epi8(0x20)), _mm512_set1_epi8(b'a' as i8));
    let letters = _mm512_cmplt_epu8_mask(from_a, _mm512_set1_epi8(26));
    (newlines, newlines | letters)
}

/// How far ahead of the block it reads `Blocks` asks for the bytes to be fetched: the processor's own
/// prefetching stops at the end of each 4 KiB page, and the first pass over a file waits on memory.
const PREFETCH_AHEAD: usize = 2048;

/// Asks for the cache line at `at` in `bytes` to be fetched, if `at` is inside.
#[cfg(target_arch = "x86_64")]
fn prefetch(bytes: &[u8], at: usize) {
    use std::arch::x86_64::{_MM_HINT_T0, _mm_prefetch};

    if at < bytes.len() {
        // SAFETY: `at` is inside `bytes`; a prefetch reads nothing and cannot fault.
        unsafe { _mm_prefetch::<_MM_HINT_T0>(bytes.as_ptr().add(at).cast::<i8>()) };
    }
}

#[cfg(not(target_arch = "x86_64"))]
fn prefetch(_bytes: &[u8], _at: usize) {}

/// The blocks of 64 bytes of a chunk, the last one shorter: each as its offset and its masks (`masks`).
#[derive(Debug)]
pub(crate) struct Blocks<'a> {
    bytes: &'a [u8],
    /// The offset of the next block.
    base: usize,
    /// Whether the processor has AVX-512 F and BW (`wide_masks`).
    wide: bool,
}

impl<'a> Blocks<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        #[cfg(target_arch = "x86_64")]
        let wide = super::cpu::avx512bw();
        #[cfg(not(target_arch = "x86_64"))]
        let wide = false;
        Self { bytes, base: 0, wide }
    }

    fn masks(&self, block: &[u8; 64]) -> (u64, u64) {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` says the processor has what `wide_masks` is compiled for.
            return unsafe { wide_masks(block) };
        }
        masks(block)
    }
}

impl Iterator for Blocks<'_> {
    /// The offset, the mask of newlines, and the mask of newlines and ASCII letters.
    type Item = (usize, u64, u64);

    fn next(&mut self) -> Option<(usize, u64, u64)> {
        let rest = self.bytes.get(self.base..).filter(|rest| !rest.is_empty())?;
        prefetch(self.bytes, self.base + PREFETCH_AHEAD);
        let (newlines, plain) = match rest.first_chunk::<64>() {
            Some(block) => self.masks(block),
            None => {
                // Past the end, bytes are zero: neither newlines nor letters.
                let mut block = [0; 64];
                block[..rest.len()].copy_from_slice(rest);
                self.masks(&block)
            }
        };
        let base = self.base;
        self.base += 64;
        Some((base, newlines, plain))
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    proptest! {
        #[test]
        fn every_newline_and_letter_is_found(bytes in prop::collection::vec(prop_oneof![Just(b'\n'), any::<u8>()], 0..300)) {
            let mut newlines = Vec::new();
            let mut plain = Vec::new();
            let mut narrow = Blocks::new(&bytes);
            narrow.wide = false;
            let narrow: Vec<_> = narrow.collect();
            prop_assert_eq!(&Blocks::new(&bytes).collect::<Vec<_>>(), &narrow);
            for (base, n, p) in narrow {
                newlines.extend((0..64).filter(|i| n >> i & 1 == 1).map(|i| base + i));
                plain.extend((0..64).filter(|i| p >> i & 1 == 1).map(|i| base + i));
            }
            let expected: Vec<usize> = bytes.iter().enumerate().filter(|&(_, &b)| b == b'\n').map(|(i, _)| i).collect();
            prop_assert_eq!(newlines, expected);
            let expected: Vec<usize> = bytes
                .iter()
                .enumerate()
                .filter(|&(_, &b)| b == b'\n' || b.is_ascii_alphabetic())
                .map(|(i, _)| i)
                .collect();
            prop_assert_eq!(plain, expected);
        }
    }
}
