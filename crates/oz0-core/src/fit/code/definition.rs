//! A definition found in source code: its lines, depth, name and what it is.

/// A definition found in source code.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Definition {
    /// Its first line, 1-based: the line of the doc comments, attributes or decorators just above it when
    /// it has any, else its own first line.
    pub first_line: u64,
    /// Its last line, 1-based.
    pub last_line: u64,
    /// How deep it nests among definitions: 0 at the top level, 1 for a method of a top-level class.
    pub depth: u8,
    /// Its name as a query names it: `parse_args`, `Config` (an impl's or class's type), `Foo::bar` (a
    /// C++ method defined outside its class), `Server.Start` (a Go method, with its receiver's type).
    pub name: String,
    /// What it is, in a word or a few, for the outline: `fn`, `struct`, `impl Display for`, `class`,
    /// `def`, `method`, `func`, `interface`, `module`, `function`.
    pub what: String,
}

/// What the outline calls a C or C++ function's prototype, its declaration without a body.
pub(crate) const DECLARATION: &str = "declaration";
