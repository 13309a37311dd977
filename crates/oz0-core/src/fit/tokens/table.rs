//! The estimate's trained table, `cl100k.table`, decoded once: each byte's logit by its context, the
//! residuals of longer contexts, and the long-run rates of white space (see `estimate`).

use std::sync::LazyLock;

/// Bits of a context key: the byte before, the byte, and two bits of the class of the next byte.
const KEY_BITS: u32 = 18;
pub(super) const KEYS: usize = 1 << KEY_BITS;
pub(super) const KEY_MASK: usize = KEYS - 1;
/// Tables of residuals keyed by a hash of a longer context.
const LEVELS: usize = 3;
/// The logits' range, in 16ths: a sum of logits is cut to it before its probability is looked up.
pub(super) const LOGITS: usize = 1024;
/// Where the logits whose probability is neither 0 nor 255 begin among them: those from -8 to 8, 256 in
/// all.
pub(super) const PROBABLE: usize = LOGITS / 2 - 128;
/// The value of the byte after the last one: beyond every byte.
pub(super) const END: usize = 256;
/// The bytes a meter keeps of the text: those the longest context reads.
pub(crate) const HISTORY: usize = 8;
/// A table of residuals: each context of the scored byte adds the residual logit its hash picks. The
/// context is the byte after it and the bytes of the history up to `back` before it or, in a level of
/// words, the bytes of the word it ends up to `back` before it and the byte before that word.
#[derive(Clone, Copy)]
pub(super) struct Level {
    /// The mask of the bytes of the history the context reads, by how many bytes of a word come
    /// before the scored one (see `word_before`).
    pub(super) masks: [u64; 8],
    /// Whether the context stops at the byte before the word the scored byte ends.
    pub(super) words: bool,
    /// `32 - bits`, for a table of `1 << bits` residuals.
    pub(super) shift: u32,
    /// The residual logits, in 16ths, each stored plus 128.
    pub(super) residuals: &'static [u8],
}

impl Level {
    /// A level that adds nothing: two residuals of 0, and the bytes a gather of the second reads.
    const NONE: Level = Level { masks: [0; 8], words: false, shift: 31, residuals: &[128; 9] };

    /// Returns the residual of the context of the last byte of `history`, before which come `word`
    /// bytes of a word (see `word_before`), when `next` follows it, plus 128; `hash` is the table's.
    #[inline(always)]
    pub(super) fn residual(&self, hash: [u32; 3], history: u64, word: u32, next: usize) -> i32 {
        let at = residual_hash(hash, history & self.masks[word as usize & 7], next as u32) >> self.shift;
        i32::from(self.residuals[at as usize])
    }
}

/// Returns the hash of a residual's context by the odd multipliers `hash`: the bytes of the history
/// it reads (the others 0) and the byte after. Its high bits pick the residual. It works on 32-bit
/// halves, which the SIMD path hashes sixteen at a time.
#[inline(always)]
pub(super) fn residual_hash(hash: [u32; 3], context: u64, next: u32) -> u32 {
    let (low, high) = (context as u32, (context >> 32) as u32);
    (low.wrapping_mul(hash[0]) ^ high ^ next.wrapping_mul(hash[2])).wrapping_mul(hash[1])
}

/// Returns whether `b` is a byte of a word: an ASCII letter or digit, or any byte of a character
/// beyond ASCII.
pub(super) const fn is_word(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b >= 0x80
}

/// `is_word` of each byte.
#[cfg(test)]
static WORD: [bool; 256] = {
    let mut word = [false; 256];
    let mut b = 0;
    while b < 256 {
        word[b] = is_word(b as u8);
        b += 1;
    }
    word
};

/// Returns `word_before` of the history after `b` follows `history`, from `word`, that of `history`.
#[cfg(test)]
pub(super) fn word_after(history: u64, word: u32) -> u32 {
    if WORD[history as usize & 0xFF] { (word + 1).min(7) } else { 0 }
}

/// Returns how many of the seven bytes of `history` before its last are bytes of a word (ASCII
/// letters and digits, and every byte of a character beyond ASCII), counting back from the last.
pub(super) fn word_before(history: u64) -> u32 {
    const HIGH: u64 = 0x8080_8080_8080_8080;
    const ONES: u64 = 0x0101_0101_0101_0101;
    // Each test sets a byte's high bit; they work on the low seven bits, so no byte carries over.
    let low = history & !HIGH;
    let at_least = |b: u64, from: u8| (b + ONES * u64::from(0x80 - from)) & HIGH;
    let digit = at_least(low, b'0') & !at_least(low, b'9' + 1);
    let folded = low | (ONES * 0x20);
    let letter = at_least(folded, b'a') & !at_least(folded, b'z' + 1);
    let not_word = !(history | digit | letter) & HIGH;
    // The high bit of the first byte before the last that is not a word's, at 8 * k + 7 for the
    // byte k before the last, or 64 when every one is.
    ((not_word >> 8).trailing_zeros() + 1) / 8 - 1
}

/// The bytes of the table before its logits: a tag, the start byte, the classes of the next byte, the
/// long-run rates and the probabilities (see `Table::try_decode`).
const HEADER_LEN: usize = 8 + 256 + 8 + LOGITS;

/// The bit of an entry of `Table::direct` that says the key reads residuals.
pub(super) const NEEDS: u16 = 0x100;

/// Returns `Table::direct` of a table's bytes, as `Table::try_decode` reads them; all 0 (no residuals
/// read, nothing scored) for bytes too short to hold the logits, which decode to no table either.
/// Worked out as the binary is built, so that a process does not pay for it at its first count.
const fn direct(bytes: &[u8]) -> [u16; KEYS + 2] {
    let mut direct = [0; KEYS + 2];
    if bytes.len() < HEADER_LEN + KEYS {
        return direct;
    }
    let mut key = 0;
    while key < KEYS {
        let pair = bytes[HEADER_LEN + key];
        direct[key] = if pair & 1 == 1 {
            // An odd logit, as `Table::score_after` cuts it: plus 3 * 128 for the residuals it does
            // not read; the probabilities come just before the logits.
            bytes[HEADER_LEN - LOGITS + pair as usize + LOGITS / 2 - 128] as u16
        } else {
            NEEDS | pair as u16
        };
        key += 1;
    }
    direct
}

/// The trained table's bytes.
static BYTES: &[u8] = include_bytes!("cl100k.table");

/// `Table::direct` of the trained table.
pub(super) static DIRECT: [u16; KEYS + 2] = direct(BYTES);

/// The trained table, decoded once; its scores stay where the binary holds them.
pub(super) struct Table {
    /// The class (0 to 3) of each byte when it follows the scored one, and of the end of the text
    /// (`END`).
    pub(super) next: [u8; END + 1],
    /// The byte taken to stand before the text.
    pub(super) start: u8,
    /// The fixed-point score of each ASCII white-space byte past the run's 64th character.
    pub(super) rates: [u16; 256],
    /// The fixed-point probability of each logit in 16ths, from -512.
    pub(super) probability: [u8; LOGITS],
    /// The logit of a token start in 16ths, plus 128, by context key; odd where the key reads no
    /// residuals. One byte an entry keeps the table at 256 KiB. They are read in place, not copied,
    /// as are the residuals: a process that scores a few bytes then touches a few pages of them.
    pub(super) logits: &'static [u8; KEYS],
    /// By context key, what the vector path reads of `logits`: the probability of a logit that reads
    /// no residuals, or the stored logit of one that does with `NEEDS` set; and two entries past the
    /// last, so that a load of four bytes at any entry stays inside.
    pub(super) direct: &'static [u16; KEYS + 2],
    /// The residuals of longer contexts.
    pub(super) levels: [Level; LEVELS],
    /// The odd multipliers of the residuals' hash, the same at every level.
    pub(super) hash: [u32; 3],
}

pub(super) static TABLE: LazyLock<Table> = LazyLock::new(|| Table::decode(BYTES, &DIRECT));

/// The logits of a table that scores nothing, and the bytes past the last that a gather of eight reads.
static NO_SCORES: [u8; KEYS + 8] = [0; KEYS + 8];

impl Table {
    /// Decodes the table written by the trainer; see `xtask/src/train.rs` for its layout.
    ///
    /// A table of the wrong shape decodes to one that scores nothing, which the unit tests catch.
    /// `direct` must be `Table::direct` of the bytes (`direct`, worked out as the binary is built).
    pub(super) fn decode(bytes: &'static [u8], direct: &'static [u16; KEYS + 2]) -> Self {
        Self::try_decode(bytes, direct).unwrap_or(Table {
            next: [0; END + 1],
            start: b'\n',
            rates: [0; 256],
            probability: [0; LOGITS],
            logits: NO_SCORES.first_chunk().expect("the logits of no table hold `KEYS` bytes"),
            // Made only for a table of the wrong shape, which the unit tests catch; a static would
            // hold 512 KiB of zeros in every binary.
            direct: Box::leak(vec![0; KEYS + 2].into_boxed_slice().try_into().expect("`KEYS + 2` entries")),
            levels: [Level::NONE; LEVELS],
            hash: [1; 3],
        })
    }

    fn try_decode(bytes: &'static [u8], direct: &'static [u16; KEYS + 2]) -> Option<Self> {
        if bytes.get(..6)? != b"oz0e\x05\x04" {
            return None;
        }
        let logits = bytes.get(HEADER_LEN..HEADER_LEN + KEYS)?.try_into().ok()?;
        let probability = bytes.get(HEADER_LEN - LOGITS..HEADER_LEN)?.try_into().ok()?;
        let mut table = Table {
            next: [0; END + 1],
            start: bytes[7],
            rates: [0; 256],
            probability,
            logits,
            direct,
            levels: [Level::NONE; LEVELS],
            hash: [1; 3],
        };
        table.next[END] = bytes[6] & 3;
        for (class, &b) in table.next[..256].iter_mut().zip(&bytes[8..264]) {
            *class = b & 3;
        }
        let rate = |i: usize| u16::from_le_bytes([bytes[264 + 2 * i], bytes[265 + 2 * i]]);
        for b in [b'\t', b'\n', 0x0B, 0x0C, b'\r', b' '] {
            table.rates[usize::from(b)] = match b {
                b' ' => rate(0),
                b'\n' => rate(1),
                b'\t' => rate(2),
                _ => rate(3),
            };
        }
        // Each level: how many bytes before the scored one it reads (plus 8 for a level of words)
        // and the bits of its hash, then its residuals.
        let mut at = HEADER_LEN + KEYS;
        for level in &mut table.levels {
            let &[back, bits] = bytes.get(at..at + 2)? else { return None };
            if !(1..HISTORY as u8).contains(&(back % 8)) || back >= 16 || !(1..=24).contains(&bits) {
                return None;
            }
            let residuals = bytes.get(at + 2..at + 2 + (1 << bits))?;
            let reads = |word: u32| if back >= 8 { (word + 1).min(u32::from(back % 8)) } else { u32::from(back) };
            *level = Level {
                masks: std::array::from_fn(|word| u64::MAX >> (56 - 8 * reads(word as u32))),
                words: back >= 8,
                shift: 32 - u32::from(bits),
                residuals,
            };
            at += 2 + (1 << bits);
        }
        // The multipliers of the hash, odd, then eight bytes of padding end the table, so that a
        // gather at any entry reads inside it; the logits beyond the 256 probable ones are 0 below
        // and 255 above.
        table.hash = std::array::from_fn(|i| {
            bytes.get(at + 4 * i..).and_then(<[u8]>::first_chunk).map_or(0, |b| u32::from_le_bytes(*b))
        });
        if table.hash.iter().any(|h| h % 2 == 0) {
            return None;
        }
        at += 12;
        let (below, above) = (&table.probability[..PROBABLE], &table.probability[PROBABLE + 256..LOGITS]);
        let certain = below.iter().all(|&p| p == 0) && above.iter().all(|&p| p == 255);
        (at + 8 == bytes.len() && certain).then_some(table)
    }

    /// Returns the score of the last byte of `history` when `next` (a byte, or `END`) follows it.
    pub(super) fn score(&self, history: u64, next: usize) -> u64 {
        self.score_after(history, word_before(history), next)
    }

    /// `score`, given `word_before(history)`.
    #[inline(always)]
    pub(super) fn score_after(&self, history: u64, word: u32, next: usize) -> u64 {
        let [a, b, c] = &self.levels;
        // Each of the four logits is stored plus 128; an odd logit reads no residuals.
        let pair = self.logits[self.key(history as usize & 0xFFFF, next)];
        let logit = i32::from(pair)
            + if pair & 1 == 1 {
                3 * 128
            } else {
                a.residual(self.hash, history, word, next)
                    + b.residual(self.hash, history, word, next)
                    + c.residual(self.hash, history, word, next)
            };
        self.probability_of(logit)
    }

    /// Returns the context key of the scored byte after the byte before it (`pair`, the two bytes, the
    /// scored one low) when `next` (a byte, or `END`) follows.
    #[inline(always)]
    pub(super) fn key(&self, pair: usize, next: usize) -> usize {
        ((pair << 2) | usize::from(self.next[next])) & KEY_MASK
    }

    /// Returns the fixed-point probability of `logit`, the sum of a pair's stored logit and its three
    /// residuals, each stored plus 128.
    #[inline(always)]
    pub(super) fn probability_of(&self, logit: i32) -> u64 {
        let at = (logit + LOGITS as i32 / 2 - 4 * 128).clamp(0, LOGITS as i32 - 1);
        u64::from(self.probability[at as usize])
    }
}
