//! The platform's token estimate: `count` and `weigh`.
//!
//! Placeholder until the learned table lands: four bytes a token.

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

/// Measures a text fed in chunks of bytes; chunks may split a UTF-8 character.
///
/// Feeding a text in any chunking gives the same figures as `count` and `weigh` of the whole.
#[derive(Debug, Clone, Default)]
pub struct Meter {
    bytes: u64,
}

impl Meter {
    /// Returns a meter that has seen nothing.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds `bytes` to the text measured.
    pub fn feed(&mut self, bytes: &[u8]) {
        self.bytes += bytes.len() as u64;
    }

    /// Returns `count` of everything fed so far, as if the text ended here.
    pub fn count(&self) -> u64 {
        self.bytes.div_ceil(4)
    }

    /// Returns `weigh` of everything fed so far, as if the text ended here.
    pub fn weight(&self) -> u64 {
        self.bytes.div_ceil(4)
    }
}
