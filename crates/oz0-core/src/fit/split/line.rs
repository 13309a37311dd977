//! What a splitter is shown and does: the `Split` trait, the line it sees, and where the parts it marks
//! begin.

use super::marks::Marks;

/// How many bytes of a line the splitters see; the rest of a longer line is measured, not parsed.
pub(crate) const LINE_PREFIX: usize = 1024;

/// The line a splitter is shown.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Line<'a> {
    /// The line's first bytes (up to `LINE_PREFIX`), without its line ending.
    pub text: &'a [u8],
    /// The first bytes of the line before, likewise; empty before the first line.
    pub prev: &'a [u8],
    /// The line's number, 1-based.
    pub no: u64,
}

/// What splits a document of one kind into parts, a line at a time.
pub(crate) trait Split {
    /// Reads one line and adds the marks it begins.
    fn line(&mut self, line: Line<'_>, marks: &mut Marks);

    /// Adds what the end of the document completes.
    fn finish(&mut self, _marks: &mut Marks) {}

    /// Returns whether, for now, a line that is empty or begins with an ASCII letter can begin no part
    /// and end none, so that it need not be shown: the splitter is told of it by `plain` instead.
    ///
    /// Most lines of prose are such lines; this spares them the splitter's tests.
    fn quiet(&self) -> bool {
        false
    }

    /// Takes a line that `quiet` said need not be shown; `blank` when it is empty.
    fn plain(&mut self, _blank: bool) {}
}
