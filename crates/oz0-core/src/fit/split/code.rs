//! Source code: a part for each definition, from its first line to its last, as a grammar found them
//! before the pass.

use super::line::{Line, Split};
use super::marks::{At, Body, Marks};
use crate::fit::code::definition::Definition;

/// Marks the definitions found beforehand; the text before the first is the preamble (imports, a
/// module's comment), and text between definitions belongs to the one they nest in, if any.
#[derive(Debug, Default)]
pub(crate) struct CodeSplitter {
    /// The definitions, in document order.
    definitions: Vec<Definition>,
    /// The next definition to mark.
    next: usize,
    /// The definitions open, innermost last: each one's level and last line.
    open: Vec<(u8, u64)>,
}

impl CodeSplitter {
    pub(crate) fn new(definitions: Vec<Definition>) -> Self {
        Self { definitions, next: 0, open: Vec::new() }
    }
}

impl Split for CodeSplitter {
    fn line(&mut self, line: Line<'_>, marks: &mut Marks) {
        if line.no == 1 && self.definitions.first().is_none_or(|d| d.first_line > 1) {
            marks.push_leaf(At::Here, b"(preamble)", Body::ThisLine);
        }
        // The definitions that ended on the line before end here.
        while let Some(&(level, last)) = self.open.last()
            && last < line.no
        {
            marks.end_from(level);
            self.open.pop();
        }
        // Definitions whose first line is behind (two on one line) are marked here too.
        while let Some(definition) = self.definitions.get(self.next).filter(|d| d.first_line <= line.no) {
            let level = definition.depth.saturating_add(1);
            let id = marks.push(At::Here, level, definition.name.as_bytes(), Body::ThisLine);
            marks.set_detail(id, &definition.what);
            while self.open.last().is_some_and(|&(open, _)| open >= level) {
                self.open.pop();
            }
            self.open.push((level, definition.last_line));
            self.next += 1;
        }
    }
}
