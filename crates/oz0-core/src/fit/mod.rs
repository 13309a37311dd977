//! The fitting engine: the biggest view of a document that fits a token budget, and a note of what it
//! left out.
//!
//! A document is read as a kind (Markdown, JSON, a unified diff, plain text), split into parts in one
//! pass, and answered with the biggest of four views that fits: `full`, `section` (the parts a query
//! names), `summary` (the outline with each part's first sentence) and `stub` (the outline alone, cut if
//! need be, so that it always fits).
//!
//! ```
//! use oz0_core::fit::{fit_document, Request, View};
//!
//! let text = "# Guide\n\nStart here.\n\n## Install\n\nRun the installer. It takes a minute.\n";
//! let fitted = fit_document(text, &Request { query: Some("Install"), budget: Some(500), ..Request::default() });
//! assert_eq!(fitted.note.view, View::Section);
//! assert!(fitted.text.starts_with("## Install"));
//! ```
//!
//! What a document is lives at the top: its `kind`, the JSON reader (`json`), the first sentence of a
//! text (`sentence`), the splitters that cut each kind into parts (`split/`, with `code/` for source
//! code), and the `index` of parts the `indexer` builds in one pass. Around it, by concern: `io/` reads
//! the bytes in (from memory, a reader or a mapped file, on one thread or two) and back; `scan/` checks
//! and splits them 64 bytes at a time; `tokens/` counts tokens; `answer/` picks the view that fits and
//! writes its note.
//!
//! The engine is oz0-core's `fit` feature, on by default. Without it, this module holds what the API's
//! types and the manifests name of it: the views, the fit note, and the token estimate (`count`,
//! `weigh`, `Meter`).

mod answer;
#[cfg(feature = "fit")]
pub(crate) mod code;
#[cfg(feature = "fit")]
mod index;
#[cfg(feature = "fit")]
mod indexer;
#[cfg(feature = "fit")]
mod io;
#[cfg(feature = "fit")]
mod json;
#[cfg(feature = "fit")]
mod kind;
mod scan;
#[cfg(feature = "fit")]
mod sentence;
#[cfg(feature = "fit")]
mod split;
mod tokens;

#[cfg(feature = "fit")]
pub use answer::fitting::{fit_diff, fit_document, fit_index, fit_json};
pub use answer::note::{Bound, FitNote};
#[cfg(feature = "fit")]
pub use answer::request::{CAP, CAP_CHARS, Fitted, META_KEY, Request, chars_of, wanted};
pub use answer::view::{UnknownView, View};
#[cfg(feature = "fit")]
pub use code::lang::Lang;
#[cfg(feature = "fit")]
pub use index::Index;
#[cfg(feature = "fit")]
pub use indexer::Indexer;
#[cfg(feature = "fit")]
pub use io::error::ReadError;
#[cfg(feature = "fit")]
pub use io::mmap::MmapChoice;
#[cfg(feature = "fit")]
pub use io::read::{
    CODE_MAX_BYTES, index_file, index_file_in_chunks, index_reader, index_reader_in_chunks, index_text, measure_file,
    measure_reader, measure_reader_in_chunks,
};
#[cfg(feature = "fit")]
pub use io::source::Source;
#[cfg(feature = "fit")]
pub use json::{JsonError, MAX_DEPTH as JSON_MAX_DEPTH, pretty as json_lines};
#[cfg(feature = "fit")]
pub use kind::{Kind, UnknownKind};
#[cfg(feature = "fit")]
pub use scan::utf8::InvalidUtf8;
#[cfg(feature = "fit")]
pub use split::marks::Part;
pub use tokens::estimate::{Meter, count, weigh};
