//! The bounds a fitted answer keeps: its weight in tokens and its length in characters, each with the
//! bound it comes from.

use super::note::Bound;
use super::request::{CAP, CAP_CHARS, Request, chars_of};
use crate::fit::tokens::estimate::weigh;

/// The bounds an answer must keep: tokens by `weigh`, and characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    pub tokens: u64,
    pub token_bound: Bound,
    pub chars: u64,
    pub char_bound: Bound,
    /// The budget asked for, which the note names when its characters are the bound broken.
    pub budget: Option<u64>,
}

impl Limits {
    pub fn new(request: &Request<'_>) -> Self {
        let (tokens, token_bound) = match request.budget {
            Some(budget) if budget < CAP => (budget, Bound::Budget),
            _ => (CAP, Bound::Cap),
        };
        let mut chars = (CAP_CHARS, Bound::CapChars);
        if let Some(own) = request.chars.filter(|&c| c < chars.0) {
            chars = (own, Bound::Chars);
        }
        if let Some(budget) = request.budget.map(chars_of).filter(|&c| c < chars.0) {
            chars = (budget, Bound::Budget);
        }
        Self { tokens, token_bound, chars: chars.0, char_bound: chars.1, budget: request.budget }
    }

    /// Returns the bound a text of these measures breaks, if any: tokens first.
    pub fn check(&self, tokens: u64, chars: u64) -> Result<(), Broken> {
        if tokens > self.tokens {
            Err(Broken { bound: self.token_bound, chars: false })
        } else if chars > self.chars {
            Err(Broken { bound: self.char_bound, chars: true })
        } else {
            Ok(())
        }
    }

    /// Returns whether `text` keeps both bounds.
    pub fn admits(&self, text: &str) -> bool {
        self.check(weigh(text), text.chars().count() as u64).is_ok()
    }

    /// Returns the longest prefix of `text`, whole characters only, that keeps both bounds.
    pub fn cut(&self, text: &str) -> String {
        let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).skip(1).chain([text.len()]).collect();
        let fits = |n: usize| n == 0 || self.admits(&text[..ends[n - 1]]);
        // The weight of a prefix grows with its length, so the longest that fits is found by halving.
        let (mut lo, mut hi) = (0, ends.len().min(self.chars as usize));
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        if lo == 0 { String::new() } else { text[..ends[lo - 1]].to_owned() }
    }
}

/// A bound that a view broke, and whether by its characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Broken {
    pub bound: Bound,
    pub chars: bool,
}
