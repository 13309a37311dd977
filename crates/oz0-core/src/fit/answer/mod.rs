//! Answering a request: the views of a document, the one that fits, and the note of what it left out.
//!
//! `fitting` tries the views from the biggest down; `bounds` is what an answer must keep within;
//! `outline` makes the summary and the stub, `query` finds the parts a section names; `note` and
//! `omitted` say what the answer holds and what it left out.

#[cfg(feature = "fit")]
pub(crate) mod bounds;
#[cfg(feature = "fit")]
pub(crate) mod fitting;
pub(crate) mod note;
#[cfg(feature = "fit")]
pub(crate) mod omitted;
#[cfg(feature = "fit")]
pub(crate) mod outline;
#[cfg(feature = "fit")]
pub(crate) mod query;
#[cfg(feature = "fit")]
pub(crate) mod request;
pub(crate) mod view;
