//! Why a document could not be read.

use crate::fit::scan::utf8::InvalidUtf8;

/// A document could not be read.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ReadError {
    /// Reading failed.
    #[error("could not read the document")]
    Io(#[from] std::io::Error),
    /// The document is not UTF-8.
    #[error(transparent)]
    Utf8(#[from] InvalidUtf8),
}
