//! Checks that bytes are UTF-8 and counts their characters: a document fed in chunks that may split its
//! characters (`Utf8`), each chunk 64 bytes a step with AVX-512 where the processor has it, counting as it
//! checks, else with `simdutf8` and a count after; and the helpers that find a character a chunk leaves
//! open and count characters.
//!
//! The check is Keiser and Lemire's ("Validating UTF-8 in less than one instruction per byte", 2021):
//! each pair of neighbouring bytes is looked up by the high and low nibbles of the first and the high
//! nibble of the second in three 16-entry tables of error bits, whose AND is zero for every pair that
//! may stand in UTF-8; a separate test finds the third and fourth bytes of a character that are missing
//! or extra. On a large file this check is a tenth of `oz0 fit`'s CPU time with `simdutf8`'s 32 bytes
//! a step.

/// A document's bytes were not UTF-8.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("invalid UTF-8 at byte offset {offset}")]
pub struct InvalidUtf8 {
    /// The offset of the first byte that is not part of a UTF-8 character.
    pub offset: u64,
}

/// Checks that a document fed in chunks is UTF-8.
#[derive(Debug, Default)]
pub(crate) struct Utf8 {
    /// Bytes checked.
    offset: u64,
    /// The bytes of a character split by the end of the last chunk.
    partial: Vec<u8>,
    invalid: Option<InvalidUtf8>,
}

impl Utf8 {
    /// Returns a check of bytes that begin at `offset` in the document, the bytes before it checked apart.
    pub fn starting_at(offset: u64) -> Self {
        Self { offset, ..Self::default() }
    }

    /// Checks the next chunk, and returns how many characters begin in it (`count_chars`).
    pub fn feed(&mut self, chunk: &[u8]) -> Result<u64, InvalidUtf8> {
        if let Some(invalid) = self.invalid {
            return Err(invalid);
        }
        let checked = self.check(chunk);
        self.offset += chunk.len() as u64;
        checked
    }

    /// Returns where the text stopped being UTF-8, if it did.
    pub fn finish(&self) -> Result<(), InvalidUtf8> {
        if let Some(invalid) = self.invalid {
            return Err(invalid);
        }
        if !self.partial.is_empty() {
            return Err(InvalidUtf8 { offset: self.offset - self.partial.len() as u64 });
        }
        Ok(())
    }

    fn check(&mut self, chunk: &[u8]) -> Result<u64, InvalidUtf8> {
        let mut start = 0;
        if !self.partial.is_empty() {
            // Complete the character the last chunk split: its bytes here begin no character.
            let need = utf8_len(self.partial[0]).saturating_sub(self.partial.len());
            let take = need.min(chunk.len());
            self.partial.extend_from_slice(&chunk[..take]);
            start = take;
            if self.partial.len() == utf8_len(self.partial[0]) {
                if std::str::from_utf8(&self.partial).is_err() {
                    return self.fail(self.offset - (self.partial.len() - take) as u64);
                }
                self.partial.clear();
            } else if take == chunk.len() {
                return Ok(0);
            } else {
                return self.fail(self.offset - self.partial.len() as u64 + take as u64);
            }
        }
        // A chunk may end inside a character: the fast check takes the bytes up to the last character
        // that begins in the chunk, and the few after it wait for the next chunk.
        let rest = &chunk[start..];
        let (whole, open) = rest.split_at(rest.len() - open_len(rest));
        // The fast check answers for valid text; the standard one says where invalid text goes wrong.
        if !open.is_empty()
            && let Some(chars) = utf8_chars(whole)
        {
            self.partial.extend_from_slice(open);
            return Ok(chars + count_chars(open));
        }
        if let Some(chars) = utf8_chars(rest) {
            return Ok(chars);
        }
        match std::str::from_utf8(rest) {
            Ok(_) => Ok(count_chars(rest)),
            Err(err) if err.error_len().is_none() => {
                self.partial.extend_from_slice(&rest[err.valid_up_to()..]);
                Ok(count_chars(rest))
            }
            Err(err) => self.fail(self.offset + (start + err.valid_up_to()) as u64),
        }
    }

    fn fail(&mut self, offset: u64) -> Result<u64, InvalidUtf8> {
        let invalid = InvalidUtf8 { offset };
        self.invalid = Some(invalid);
        Err(invalid)
    }
}

/// Returns how many characters `bytes` hold when they are UTF-8, and nothing when they are not.
#[allow(unsafe_code)]
pub(crate) fn utf8_chars(bytes: &[u8]) -> Option<u64> {
    #[cfg(target_arch = "x86_64")]
    if bytes.len() >= 64 && super::cpu::avx512vbmi() {
        // SAFETY: the processor has every feature `avx512::utf8_chars` is compiled for.
        return unsafe { avx512::utf8_chars(bytes) };
    }
    simdutf8::basic::from_utf8(bytes).is_ok().then(|| count_chars(bytes))
}

/// Returns how many bytes at the end of `bytes` are a character cut short: its first byte needs more
/// bytes than follow it; 0 when the last character is whole, or the bytes do not end in UTF-8.
pub(crate) fn open_len(bytes: &[u8]) -> usize {
    // The last character begins at the last byte that is not a continuation byte.
    match bytes.iter().rev().take(4).position(|&b| !(0x80..0xC0).contains(&b)) {
        Some(back) if utf8_len(bytes[bytes.len() - 1 - back]) > back + 1 => back + 1,
        _ => 0,
    }
}

/// Returns how many bytes a character whose first byte is `first` has: 1 for a byte that begins none.
pub(crate) fn utf8_len(first: u8) -> usize {
    match first {
        0xf0..=0xf7 => 4,
        0xe0..=0xef => 3,
        0xc0..=0xdf => 2,
        _ => 1,
    }
}

/// Returns how many characters begin in `bytes`: the bytes that are not UTF-8 continuation bytes.
pub(crate) fn count_chars(bytes: &[u8]) -> u64 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const EVEN: u64 = 0x00FF_00FF_00FF_00FF;
    // Eight bytes a word: a continuation byte has its high bit set and the bit below it clear, which
    // shifting the word a bit up brings to the high bit. The counts are added a byte each, over at most
    // 255 words, then summed. Written out rather than left to the compiler: the release build's
    // whole-program optimization, at the binary's size-first level, turned a loop it vectorized into one
    // of a byte a step, a fifth of `oz0 fit`'s time on Markdown.
    let (words, rest) = bytes.as_chunks::<8>();
    let mut continuations = rest.iter().filter(|&&b| (b as i8) < -0x40).count() as u64;
    for run in words.chunks(255) {
        let counts = run.iter().fold(0u64, |counts, word| {
            let w = u64::from_le_bytes(*word);
            counts + ((w & !(w << 1) & HIGH) >> 7)
        });
        let pairs = (counts & EVEN) + ((counts >> 8) & EVEN);
        continuations += pairs.wrapping_mul(0x0001_0001_0001_0001) >> 48;
    }
    bytes.len() as u64 - continuations
}

/// Returns the bytes of the character left open at the end of `chunk`, after `open`, the bytes of the one
/// left open before it: the last character's bytes when it needs more than follow, else nothing.
pub(crate) fn open_char(open: &[u8], chunk: &[u8]) -> Vec<u8> {
    // A character has at most four bytes, so the last four hold an open one.
    let len = open.len() + chunk.len();
    let last: Vec<u8> = open.iter().chain(chunk).skip(len.saturating_sub(4)).copied().collect();
    last[last.len() - open_len(&last)..].to_vec()
}

#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
mod avx512 {
    use std::arch::x86_64::{
        __m512i, _mm512_and_si512, _mm512_cmplt_epi8_mask, _mm512_loadu_si512, _mm512_maskz_loadu_epi8,
        _mm512_movepi8_mask, _mm512_or_si512, _mm512_permutex2var_epi8, _mm512_set1_epi8, _mm512_setr_epi32,
        _mm512_setzero_si512, _mm512_shuffle_epi8, _mm512_srli_epi16, _mm512_subs_epu8, _mm512_test_epi8_mask,
        _mm512_xor_si512,
    };

    /// The error bits of the tables: which rule a pair of bytes breaks.
    const TOO_SHORT: u8 = 1 << 0; // a lead byte or ASCII where a continuation byte must be
    const TOO_LONG: u8 = 1 << 1; // a continuation byte after ASCII
    const OVERLONG_3: u8 = 1 << 2; // 0xE0 then 0x80..=0x9F
    const TOO_LARGE: u8 = 1 << 3; // above U+10FFFF
    const SURROGATE: u8 = 1 << 4; // 0xED then 0xA0..=0xBF
    const OVERLONG_2: u8 = 1 << 5; // 0xC0 or 0xC1
    const TOO_LARGE_1000: u8 = 1 << 6; // above U+10FFFF, second byte 0x80..=0x8F
    const OVERLONG_4: u8 = 1 << 6; // 0xF0 then 0x80..=0x8F
    const TWO_CONTS: u8 = 1 << 7; // a continuation byte after a continuation byte, unless a third or fourth
    const CARRY: u8 = TOO_SHORT | TOO_LONG | TWO_CONTS;

    /// By the high nibble of the first byte of a pair.
    const FIRST_HIGH: [u8; 16] = [
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TOO_LONG,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TWO_CONTS,
        TOO_SHORT | OVERLONG_2,
        TOO_SHORT,
        TOO_SHORT | OVERLONG_3 | SURROGATE,
        TOO_SHORT | TOO_LARGE | TOO_LARGE_1000 | OVERLONG_4,
    ];

    /// By the low nibble of the first byte of a pair.
    const FIRST_LOW: [u8; 16] = [
        CARRY | OVERLONG_3 | OVERLONG_2 | OVERLONG_4,
        CARRY | OVERLONG_2,
        CARRY,
        CARRY,
        CARRY | TOO_LARGE,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000 | SURROGATE,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
        CARRY | TOO_LARGE | TOO_LARGE_1000,
    ];

    /// By the high nibble of the second byte of a pair.
    const SECOND_HIGH: [u8; 16] = [
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE_1000 | OVERLONG_4,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | OVERLONG_3 | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_LONG | OVERLONG_2 | TWO_CONTS | SURROGATE | TOO_LARGE,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
        TOO_SHORT,
    ];

    /// Returns a table of 16 bytes, repeated in each 128-bit lane for `_mm512_shuffle_epi8`.
    #[target_feature(enable = "avx512f")]
    fn table(entries: [u8; 16]) -> __m512i {
        let words: [i32; 4] = std::array::from_fn(|i| {
            i32::from_le_bytes([entries[4 * i], entries[4 * i + 1], entries[4 * i + 2], entries[4 * i + 3]])
        });
        let [a, b, c, d] = words;
        _mm512_setr_epi32(a, b, c, d, a, b, c, d, a, b, c, d, a, b, c, d)
    }

    /// Returns the indexes that move the bytes of a block `n` places later for `_mm512_permutex2var_epi8`,
    /// the last `n` bytes of the block before taking the first places: byte `i` takes byte `64 + i - n`
    /// of the block before and then the block.
    #[target_feature(enable = "avx512f")]
    fn shift_by(n: u8) -> __m512i {
        let words: [i32; 16] = std::array::from_fn(|word| {
            let at = |i: usize| 64 + (4 * word + i) as u8 - n;
            i32::from_le_bytes([at(0), at(1), at(2), at(3)])
        });
        let [a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p] = words;
        _mm512_setr_epi32(a, b, c, d, e, f, g, h, i, j, k, l, m, n, o, p)
    }

    /// `super::utf8_chars`: the characters are the bytes that are not continuation bytes, counted in
    /// the blocks that are not ASCII as they are checked.
    ///
    /// Text that mixes ASCII with other characters makes a test of each block for ASCII a coin toss for
    /// the processor's branch predictor, so blocks are tested four at a time: those four are passed over
    /// only when all are ASCII, which on such text is seldom, and on English text most of the time.
    ///
    /// # Safety
    ///
    /// The processor must have AVX-512 F, BW and VBMI (`cpu::avx512vbmi`).
    #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
    pub(super) unsafe fn utf8_chars(bytes: &[u8]) -> Option<u64> {
        let mut check = Check::new();
        for group in bytes.chunks(4 * 64) {
            if let Some(group) = group.first_chunk::<{ 4 * 64 }>() {
                // SAFETY: each of the four blocks is 64 bytes of `group`.
                let blocks: [__m512i; 4] =
                    std::array::from_fn(|i| unsafe { _mm512_loadu_si512(group.as_ptr().add(64 * i).cast()) });
                let all = _mm512_or_si512(_mm512_or_si512(blocks[0], blocks[1]), _mm512_or_si512(blocks[2], blocks[3]));
                if _mm512_movepi8_mask(all) == 0 {
                    check.ascii(blocks[3]);
                } else {
                    blocks.into_iter().for_each(|block| check.block(block));
                }
                continue;
            }
            for block in group.chunks(64) {
                // SAFETY: only the first `block.len()` bytes are read; the others are zero, which is ASCII.
                check.block(unsafe { _mm512_maskz_loadu_epi8(u64::MAX >> (64 - block.len()), block.as_ptr().cast()) });
            }
        }
        check.valid().then(|| bytes.len() as u64 - check.continuations)
    }

    /// The check of the blocks so far, and its tables.
    struct Check {
        first_high: __m512i,
        first_low: __m512i,
        second_high: __m512i,
        by: [__m512i; 3],
        open_limits: __m512i,
        /// The block before.
        before: __m512i,
        /// The error bits found.
        errors: __m512i,
        /// Where the block before leaves a character open.
        open: __m512i,
        /// The continuation bytes of the blocks checked one by one: the ASCII ones have none.
        continuations: u64,
    }

    impl Check {
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
        fn new() -> Self {
            // The last bytes of a block that leave a character open: a lead byte needing more than follow.
            let mut open_limits = [0xffu8; 64];
            open_limits[61..].copy_from_slice(&[0xf0 - 1, 0xe0 - 1, 0xc0 - 1]);
            Self {
                first_high: table(FIRST_HIGH),
                first_low: table(FIRST_LOW),
                second_high: table(SECOND_HIGH),
                by: [shift_by(1), shift_by(2), shift_by(3)],
                // SAFETY: `open_limits` has 64 bytes.
                open_limits: unsafe { _mm512_loadu_si512(open_limits.as_ptr().cast()) },
                before: _mm512_setzero_si512(),
                errors: _mm512_setzero_si512(),
                open: _mm512_setzero_si512(),
                continuations: 0,
            }
        }

        /// Passes over blocks of ASCII, the last of which is `last`: nothing to check but that the block
        /// before them left no character open.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
        fn ascii(&mut self, last: __m512i) {
            self.errors = _mm512_or_si512(self.errors, self.open);
            self.open = _mm512_setzero_si512();
            self.before = last;
        }

        /// Checks the next block.
        #[inline]
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
        fn block(&mut self, block: __m512i) {
            let nibble = _mm512_set1_epi8(0x0f);
            let before = self.before;
            let prev1 = _mm512_permutex2var_epi8(before, self.by[0], block);
            let low_of_prev1 = _mm512_and_si512(prev1, nibble);
            let high_of_prev1 = _mm512_and_si512(_mm512_srli_epi16::<4>(prev1), nibble);
            let high_of_block = _mm512_and_si512(_mm512_srli_epi16::<4>(block), nibble);
            let special = _mm512_and_si512(
                _mm512_and_si512(
                    _mm512_shuffle_epi8(self.first_high, high_of_prev1),
                    _mm512_shuffle_epi8(self.first_low, low_of_prev1),
                ),
                _mm512_shuffle_epi8(self.second_high, high_of_block),
            );
            // Bytes at or above these, two and three places before a byte, make it a third or a fourth
            // byte.
            let third = _mm512_set1_epi8((0xe0u8 - 0x80) as i8);
            let fourth = _mm512_set1_epi8((0xf0u8 - 0x80) as i8);
            let prev2 = _mm512_permutex2var_epi8(before, self.by[1], block);
            let prev3 = _mm512_permutex2var_epi8(before, self.by[2], block);
            let must_continue = _mm512_or_si512(_mm512_subs_epu8(prev2, third), _mm512_subs_epu8(prev3, fourth));
            let must_continue = _mm512_and_si512(must_continue, _mm512_set1_epi8(0x80u8 as i8));
            self.errors = _mm512_or_si512(self.errors, _mm512_xor_si512(must_continue, special));
            self.open = _mm512_subs_epu8(block, self.open_limits);
            self.before = block;
            // Continuation bytes are those from 0x80 to 0xBF: below -0x40 as signed bytes.
            let continuations = _mm512_cmplt_epi8_mask(block, _mm512_set1_epi8(-0x40));
            self.continuations += u64::from(continuations.count_ones());
        }

        /// Returns whether every block was UTF-8, and the last left no character open.
        #[target_feature(enable = "avx512f,avx512bw,avx512vbmi")]
        fn valid(&self) -> bool {
            let errors = _mm512_or_si512(self.errors, self.open);
            _mm512_test_epi8_mask(errors, errors) == 0
        }
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Bytes rich in what UTF-8 checks must tell apart: lead bytes of every length, continuation bytes
    /// at the edges of their ranges, surrogates, overlong and too-large forms, and whole characters.
    fn bytes() -> impl Strategy<Value = Vec<u8>> {
        let piece = prop_oneof![
            any::<u8>().prop_map(|b| vec![b]),
            prop::sample::select(vec![
                0x80u8, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xff,
                b'a', b'\n'
            ])
            .prop_map(|b| vec![b]),
            any::<char>().prop_map(|c| c.to_string().into_bytes()),
            "[a-z ]{1,70}".prop_map(String::into_bytes),
        ];
        prop::collection::vec(piece, 0..80).prop_map(|p| p.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        #[test]
        fn agrees_with_the_standard_library(bytes in bytes()) {
            let chars = std::str::from_utf8(&bytes).ok().map(|text| text.chars().count() as u64);
            prop_assert_eq!(utf8_chars(&bytes), chars);
        }

        #[test]
        fn characters_are_counted_by_the_bytes_that_begin_them(bytes in bytes()) {
            let begin = bytes.iter().filter(|&&b| !(0x80..0xC0).contains(&b)).count() as u64;
            prop_assert_eq!(count_chars(&bytes), begin);
            if let Ok(text) = std::str::from_utf8(&bytes) {
                prop_assert_eq!(count_chars(&bytes), text.chars().count() as u64);
            }
        }
    }

    proptest! {
        #[test]
        fn a_document_fed_in_chunks_counts_the_characters_of_the_whole(bytes in bytes(), cut in 1usize..100) {
            let mut utf8 = Utf8::default();
            let chars: Result<u64, InvalidUtf8> = bytes.chunks(cut).map(|chunk| utf8.feed(chunk)).sum();
            match std::str::from_utf8(&bytes) {
                Ok(text) => {
                    prop_assert_eq!(chars, Ok(text.chars().count() as u64));
                    prop_assert_eq!(utf8.finish(), Ok(()));
                }
                Err(err) => {
                    let offset = err.valid_up_to() as u64;
                    prop_assert_eq!(chars.and_then(|_| utf8.finish()), Err(InvalidUtf8 { offset }));
                }
            }
        }
    }

    #[test]
    fn every_error_is_found_at_every_place_in_a_block() {
        let bad: [&[u8]; 12] = [
            b"\x80",
            b"\xc0\x80",
            b"\xc1\xbf",
            b"\xe0\x80\x80",
            b"\xe0\x9f\xbf",
            b"\xed\xa0\x80",
            b"\xf0\x80\x80\x80",
            b"\xf4\x90\x80\x80",
            b"\xf5\x80\x80\x80",
            b"\xe2\x82",
            b"\xf0\x9f\x98",
            b"\xc3\xa9\xa9",
        ];
        let good: [&[u8]; 4] = [b"\xc3\xa9", "€".as_bytes(), "😀".as_bytes(), "\u{10ffff}".as_bytes()];
        // Past the first group of four blocks, and across the ends of the next two.
        for at in (0..300).chain(500..530).chain(750..790) {
            let mut text = vec![b'x'; at];
            for piece in bad {
                let mut bytes = text.clone();
                bytes.extend_from_slice(piece);
                bytes.extend_from_slice(&[b'y'; 70]);
                assert!(utf8_chars(&bytes).is_none(), "{piece:?} at {at}");
                assert!(utf8_chars(&bytes[..at + piece.len()]).is_none(), "{piece:?} at the end, at {at}");
            }
            for piece in good {
                text.truncate(at);
                text.extend_from_slice(piece);
                text.extend_from_slice(&[b'y'; 70]);
                assert_eq!(utf8_chars(&text), Some(at as u64 + 71), "{piece:?} at {at}");
            }
        }
    }
}
