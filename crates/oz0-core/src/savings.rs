//! What an offload variant saved against its baseline, measured on pairs of runs of one agent on the
//! same inputs (`oz0 compare-savings`): the share of a quantity (tokens, cost) saved, with a 95%
//! interval by paired bootstrap, and how often the two arms answered alike.
//!
//! The share is of the totals: one minus the variant's sum over the baseline's, so that a costly input
//! weighs as much as it cost. The interval resamples the pairs, whole, with replacement, and takes the
//! 2.5th and 97.5th percentiles of the share over the resamples; the resamples are drawn from a seed,
//! so that an experiment shown twice says the same.
//!
//! ```
//! use oz0_core::savings::{Pair, saved};
//!
//! let pairs = [Pair::new(1.0, 0.6), Pair::new(2.0, 1.2), Pair::new(1.5, 0.9)];
//! let cost = saved(&pairs, 7).expect("a baseline that spent something");
//! assert!((cost.share - 0.4).abs() < 1e-9);
//! assert!(cost.low <= cost.share && cost.share <= cost.high);
//! ```

use crate::offload::Offload;

/// How many resamples the interval is drawn from.
pub const RESAMPLES: usize = 2_000;

/// A quantity measured on one input under both arms.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pair {
    /// Under the baseline.
    pub baseline: f64,
    /// Under the variant.
    pub variant: f64,
}

impl Pair {
    /// Returns the pair of `baseline` and `variant`.
    pub fn new(baseline: f64, variant: f64) -> Self {
        Self { baseline, variant }
    }
}

/// The share of a quantity the variant saved, with its 95% interval: 0.38 is 38% saved, a negative
/// share is what the variant spent more.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Saved {
    /// Saved over all the pairs.
    pub share: f64,
    /// The interval's lower end.
    pub low: f64,
    /// The interval's upper end.
    pub high: f64,
}

/// Returns the share of the totals of `pairs` the variant saved, with its interval drawn from `seed`;
/// `None` when there are no pairs or the baseline spent nothing, which no share is of.
pub fn saved(pairs: &[Pair], seed: u64) -> Option<Saved> {
    let share = share_of(pairs.iter())?;
    let mut random = SplitMix(seed);
    let mut shares: Vec<f64> = (0..RESAMPLES)
        .filter_map(|_| share_of((0..pairs.len()).filter_map(|_| pairs.get(random.below(pairs.len())))))
        .collect();
    shares.sort_by(f64::total_cmp);
    let at = |q: f64| shares.get(((shares.len() - 1) as f64 * q).round() as usize).copied().unwrap_or(share);
    Some(Saved { share, low: at(0.025), high: at(0.975) })
}

/// Returns one minus the variant's total over the baseline's, when the baseline's is above zero.
fn share_of<'a>(pairs: impl Iterator<Item = &'a Pair>) -> Option<f64> {
    let (baseline, variant) = pairs.fold((0.0, 0.0), |(b, v), p| (b + p.baseline, v + p.variant));
    (baseline > 0.0).then(|| 1.0 - variant / baseline)
}

/// How often the two arms answered alike.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Agreement {
    /// The pairs whose answers are the same text.
    pub exactly: usize,
    /// The pairs whose answers are the same once white space is collapsed and case ignored.
    pub loosely: usize,
    /// The pairs compared: those whose arms both answered.
    pub of: usize,
}

/// Returns how often the answers of `pairs` (the baseline's, the variant's) agree.
pub fn agreement<'a>(pairs: impl IntoIterator<Item = (&'a str, &'a str)>) -> Agreement {
    let mut agreed = Agreement::default();
    for (baseline, variant) in pairs {
        agreed.of += 1;
        if baseline == variant {
            agreed.exactly += 1;
        }
        if normalized(baseline) == normalized(variant) {
            agreed.loosely += 1;
        }
    }
    agreed
}

/// Returns `text` with its runs of white space made one space, trimmed, and lower-cased.
fn normalized(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

/// Writes a share as people read it: `38%`, or `-12%` for what was spent more.
pub fn percent(share: f64) -> String {
    format!("{:.0}%", share * 100.0)
}

/// Returns a number of tokens as people read it: `10,000`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

/// Returns a threshold as people read it: `off`, or `10,000 tokens`.
pub fn threshold(offload: Offload) -> String {
    match offload.tokens() {
        Some(tokens) => format!("{} tokens", grouped(u64::from(tokens.get()))),
        None => "off".to_owned(),
    }
}

/// Returns the verdict in plain words: "offloading at 10,000 tokens saved 38% of cost (30% to 45%)
/// against off; answers agreed in 9 of 10"; "cost 12% more" when the variant spent more, and "cost 5.1
/// times as much" when it spent twice as much or more.
pub fn verdict(variant: Offload, baseline: Offload, cost: Option<Saved>, agreed: Agreement) -> String {
    let variant = match variant.tokens() {
        Some(_) => format!("offloading at {}", threshold(variant)),
        None => "not offloading".to_owned(),
    };
    let cost = match cost {
        None => "spent nothing to compare".to_owned(),
        Some(s) if s.share >= 0.0 => {
            format!("saved {} of cost ({} to {})", percent(s.share), percent(s.low), percent(s.high))
        }
        // As a ratio: the variant's cost over the baseline's is one less the share.
        Some(s) if 1.0 - s.share >= 2.0 => {
            format!("cost {:.1} times as much ({:.1} to {:.1} times)", 1.0 - s.share, 1.0 - s.high, 1.0 - s.low)
        }
        Some(s) => format!("cost {} more ({} to {})", percent(-s.share), percent(-s.high), percent(-s.low)),
    };
    let answers = match agreed.of {
        0 => "no pair of answers to compare".to_owned(),
        of if agreed.loosely == agreed.exactly => format!("answers agreed in {} of {of}", agreed.exactly),
        of => format!(
            "answers agreed in {} of {of} ({} once white space and case are set aside)",
            agreed.exactly, agreed.loosely
        ),
    };
    format!("{variant} {cost} against {}; {answers}", threshold(baseline))
}

/// SplitMix64: a small generator of well-spread numbers from a seed, enough to resample by.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Returns a number below `n` (above zero), without a modulo's bias worth speaking of for the few
    /// thousand pairs an experiment has.
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_is_of_the_totals_and_its_interval_holds_it_and_narrows_with_more_pairs() {
        // A costly input weighs as it cost: 10 saved of 11 spent, not the mean of 0% and 100%.
        let uneven = [Pair::new(1.0, 1.0), Pair::new(10.0, 0.0)];
        assert!((saved(&uneven, 1).unwrap().share - 10.0 / 11.0).abs() < 1e-12);

        let few: Vec<Pair> = (0..5).map(|i| Pair::new(10.0 + f64::from(i), 6.0 + f64::from(i % 3))).collect();
        let many: Vec<Pair> = (0..200).map(|i| few[i % 5]).collect();
        let (a, b) = (saved(&few, 3).unwrap(), saved(&many, 3).unwrap());
        assert!((a.share - b.share).abs() < 1e-12, "the same share");
        for s in [a, b] {
            assert!(s.low <= s.share && s.share <= s.high, "{s:?}");
        }
        assert!(b.high - b.low < (a.high - a.low) / 2.0, "more pairs, a narrower interval: {a:?} {b:?}");
        assert_eq!(saved(&few, 3), saved(&few, 3), "the same seed, the same interval");
        assert_ne!(saved(&many, 3), saved(&many, 4), "another seed draws anew");
    }

    #[test]
    fn no_pairs_or_a_baseline_that_spent_nothing_has_no_share() {
        assert_eq!(saved(&[], 1), None);
        assert_eq!(saved(&[Pair::new(0.0, 3.0)], 1), None);
        let same = saved(&[Pair::new(2.0, 2.0)], 1).unwrap();
        assert_eq!((same.share, same.low, same.high), (0.0, 0.0, 0.0), "one pair: no spread");
    }

    #[test]
    fn answers_agree_exactly_or_once_white_space_and_case_are_set_aside() {
        let agreed =
            agreement([("Ship on Friday.", "Ship on Friday."), ("Ship  on\nFriday.", "ship on friday."), ("a", "b")]);
        assert_eq!(agreed, Agreement { exactly: 1, loosely: 2, of: 3 });
    }

    #[test]
    fn the_verdict_says_what_was_saved_or_spent_more_and_how_often_answers_agreed() {
        let saved_some = Saved { share: 0.384, low: 0.301, high: 0.452 };
        let agreed = Agreement { exactly: 9, loosely: 9, of: 10 };
        let tokens = |n: u64| Offload::Tokens(crate::offload::Tokens::new(n).unwrap());
        assert_eq!(
            verdict(tokens(10_000), Offload::Off, Some(saved_some), agreed),
            "offloading at 10,000 tokens saved 38% of cost (30% to 45%) against off; answers agreed in 9 of 10"
        );
        let spent_more = Saved { share: -0.12, low: -0.2, high: -0.05 };
        let loosely = Agreement { exactly: 1, loosely: 3, of: 3 };
        assert_eq!(
            verdict(tokens(50), tokens(10_000), Some(spent_more), loosely),
            "offloading at 50 tokens cost 12% more (5% to 20%) against 10,000 tokens; answers agreed in 1 of 3 \
             (3 once white space and case are set aside)"
        );
        let several_times = Saved { share: -4.1, low: -4.8, high: -3.5 };
        assert_eq!(
            verdict(Offload::Off, tokens(1_000), Some(several_times), Agreement { exactly: 0, loosely: 0, of: 3 }),
            "not offloading cost 5.1 times as much (4.5 to 5.8 times) against 1,000 tokens; answers agreed in 0 of 3"
        );
        assert!(
            verdict(tokens(1), Offload::Off, None, Agreement::default()).ends_with("no pair of answers to compare")
        );
        assert_eq!(
            (grouped(0), grouped(999), grouped(1_000), grouped(1_234_567)),
            ("0".into(), "999".into(), "1,000".into(), "1,234,567".into())
        );
    }
}
