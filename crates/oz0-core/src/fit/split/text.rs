//! Plain text: parts are runs of lines.

use super::line::{Line, Split};
use super::marks::{At, Body, Marks};

/// A part ends at a blank line once it holds this many lines...
const MIN_RUN: u64 = 20;
/// ...and at this many lines in any case.
const MAX_RUN: u64 = 100;

/// Splits plain text into runs of 20 to 100 lines, ending at blank lines where it can.
#[derive(Debug, Default)]
pub(crate) struct TextSplitter {
    run: u64,
    prev_blank: bool,
}

impl Split for TextSplitter {
    fn line(&mut self, line: Line<'_>, marks: &mut Marks) {
        let blank = line.text.trim_ascii().is_empty();
        let begin = if self.run == 0 {
            !blank
        } else {
            (self.run >= MIN_RUN && self.prev_blank && !blank) || self.run >= MAX_RUN
        };
        if begin {
            marks.push(At::Here, 1, b"", Body::ThisLine);
            self.run = 0;
        }
        if self.run > 0 || begin {
            self.run += 1;
        }
        self.prev_blank = blank;
    }
}

/// Returns the first sentence of a run of lines: its first line that is not blank, cut.
pub(crate) fn first_sentence(text: &str) -> Option<String> {
    let line = text.lines().map(str::trim).find(|line| !line.is_empty())?;
    crate::fit::sentence::first(line)
}
