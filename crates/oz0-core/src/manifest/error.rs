//! Why a manifest could not be read at all.

use thiserror::Error;

/// Why a manifest could not be read at all.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum ParseError {
    /// The file is bigger than a manifest may be.
    #[error("the manifest is {size} bytes, more than the {limit} bytes a manifest may have")]
    TooLarge {
        /// Its size in bytes.
        size: u64,
        /// The most bytes read.
        limit: u64,
    },
    /// The file holds nothing but white space or comments.
    #[error("the manifest is empty")]
    Empty,
    /// The file holds a NUL byte.
    #[error("the manifest is binary: byte {offset} is NUL")]
    Binary {
        /// Where the NUL byte is.
        offset: usize,
    },
    /// The file is not UTF-8.
    #[error("the manifest is not UTF-8: byte {offset} is not part of a UTF-8 character")]
    NotUtf8 {
        /// Where the first bad byte is.
        offset: usize,
    },
    /// The file is not YAML.
    #[error("line {line}, column {column}: {message}")]
    Syntax {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// What the YAML reader said.
        message: String,
    },
    /// Aliases expand to more nodes than a manifest may hold.
    #[error("line {line}, column {column}: aliases expand to more than {limit} values, refused as an alias bomb")]
    AliasLimit {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The most values read.
        limit: usize,
    },
    /// Mappings and sequences nest deeper than a manifest may.
    #[error("line {line}, column {column}: values nest more than {limit} deep")]
    TooDeep {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The deepest nesting read.
        limit: usize,
    },
    /// An alias names no anchor.
    #[error("line {line}, column {column}: the alias names no anchor")]
    UnknownAlias {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// A key is a mapping or a sequence.
    #[error("line {line}, column {column}: a key must be a single value, not a mapping or a sequence")]
    ComplexKey {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
    /// The file holds more than one YAML document.
    #[error("line {line}, column {column}: a manifest is one YAML document, and a second one starts here")]
    MultipleDocuments {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
    },
}
