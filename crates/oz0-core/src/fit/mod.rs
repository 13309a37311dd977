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

mod bounds;
mod chunks;
pub(crate) mod code;
mod cpu;
mod estimate;
mod index;
mod indexer;
mod json;
mod kind;
mod lines;
mod mmap;
mod note;
mod omitted;
mod outline;
mod query;
mod relay;
mod room;
mod sentence;
mod source;
mod split;
mod utf8;
mod view;
mod weigher;

use std::borrow::Cow;
use std::io::Read;

pub use code::Lang;
pub use estimate::{Meter, count, weigh};
pub use index::Index;
pub use indexer::Indexer;
pub use json::{JsonError, MAX_DEPTH as JSON_MAX_DEPTH, pretty as json_lines};
pub use kind::{Kind, UnknownKind};
pub use mmap::MmapChoice;
pub use note::{Bound, FitNote};
pub use source::Source;
pub use split::Part;
pub use utf8::InvalidUtf8;
pub use view::{UnknownView, View};

use bounds::{Broken, Limits};
use omitted::Tale;
use query::{Resolved, Selection};
use relay::index_chunks;
use source::whole_chars;

/// The most tokens a fitted answer holds, whatever the budget.
pub const CAP: u64 = 50_000;

/// The most characters a fitted answer holds, whatever the budget.
pub const CAP_CHARS: u64 = 200_000;

/// The key of the fit note in a tool result's `_meta`.
pub const META_KEY: &str = "oz0/fit";

/// Returns the most characters an answer to `budget` tokens may hold: 8 a token.
pub const fn chars_of(budget: u64) -> u64 {
    budget.saturating_mul(8)
}

/// Returns whether a call asks for a fitted answer: false when view, budget and query are all absent,
/// and such a call is answered as if the function had never adopted the convention.
pub fn wanted(view: Option<View>, budget: Option<u64>, query: Option<&str>) -> bool {
    view.is_some() || budget.is_some() || query.is_some_and(|q| !q.trim().is_empty())
}

/// What a caller asks of a document.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Request<'a> {
    /// The view asked for; left out, the biggest that fits.
    pub view: Option<View>,
    /// The most tokens the answer may take.
    pub budget: Option<u64>,
    /// What a section names: a heading or heading path, a path, `<path>#<n>`, a key, `[3]`, a JSON
    /// pointer, or a line range `120-180`.
    pub query: Option<&'a str>,
    /// The tool's own bound in characters.
    pub chars: Option<u64>,
    /// What to read the document as; left out, detected from the name and the content.
    pub kind: Option<Kind>,
    /// The document's name (a path, a URL), for detection and for the outline's first line.
    pub name: Option<&'a str>,
}

/// A fitted answer: the view's text and its fit note.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Fitted {
    /// The text of the view returned.
    pub text: String,
    /// What it holds and what it left out.
    pub note: FitNote,
}

impl Fitted {
    /// Returns the answer a tool following the convention gives: `{"content": ..., "fit": {...}}`.
    pub fn answer(&self) -> serde_json::Value {
        serde_json::json!({ "content": self.text, "fit": self.note })
    }
}

/// Returns the views to try, biggest first.
fn views_to_try(asked: Option<View>, query: bool) -> Vec<View> {
    let top = asked.unwrap_or(if query { View::Section } else { View::Full });
    View::ALL
        .into_iter()
        .filter(|&v| v <= top && (v != View::Section || query || asked == Some(View::Section)))
        .collect()
}

/// Fits an indexed document, read back from `source`, to a request.
///
/// # Errors
///
/// Returns the source's error when reading a part back fails.
pub fn fit_index<S: Source + ?Sized>(index: &Index, source: &S, request: &Request<'_>) -> Result<Fitted, S::Error> {
    let limits = Limits::new(request);
    let query = request.query.map(str::trim).filter(|q| !q.is_empty());
    let mut tale = Tale::new(index, request, &limits);
    for view in views_to_try(request.view, query.is_some()) {
        match view {
            View::Full => {
                let text = match limits.check(index.weight, index.chars) {
                    Ok(()) => whole_chars(&source.read(0..index.bytes)?).into_owned(),
                    Err(broken) => {
                        tale.whole_fell(broken, index.weight);
                        continue;
                    }
                };
                match limits.check(weigh(&text), text.chars().count() as u64) {
                    Ok(()) => return Ok(tale.finish(View::Full, text, None)),
                    Err(broken) => tale.whole_fell(broken, weigh(&text)),
                }
            }
            View::Section => {
                let Some(query) = query else {
                    tale.no_query();
                    continue;
                };
                match query::resolve(index, source, query, limits.chars.saturating_mul(4))? {
                    Resolved::Found(selection) => match section(source, &selection, &limits)? {
                        Ok(text) => return Ok(tale.finish(View::Section, text, Some(&selection))),
                        Err((broken, tokens)) => tale.section_fell(broken, &selection, tokens),
                    },
                    Resolved::Missing(nearest) => tale.no_match(query, &nearest),
                }
            }
            View::Summary => match outline::summary(index, source, request.name, &limits)? {
                Some(text) => return Ok(tale.finish(View::Summary, text, None)),
                None => {
                    let broken = Broken { bound: limits.token_bound, chars: false };
                    tale.fell_quietly(broken);
                }
            },
            View::Stub => return Ok(tale.finish_stub(outline::stub(index, source, request.name, &limits)?)),
        }
    }
    // `views_to_try` always ends with the stub.
    Ok(tale.finish_stub(outline::stub(index, source, request.name, &limits)?))
}

/// Reads a selection back, or says which bound it breaks and, when measured, its weight.
#[allow(clippy::type_complexity)]
fn section<S: Source + ?Sized>(
    source: &S,
    selection: &Selection,
    limits: &Limits,
) -> Result<Result<String, (Broken, Option<u64>)>, S::Error> {
    let too_long = Broken { bound: limits.char_bound, chars: true };
    let Some(end) = selection.end else { return Ok(Err((too_long, None))) };
    // A character is at most four bytes, so more bytes than four a character cannot fit.
    if end - selection.start > limits.chars.saturating_mul(4) {
        return Ok(Err((too_long, selection.weight)));
    }
    if let Some(weight) = selection.weight
        && weight > limits.tokens.saturating_mul(2).saturating_add(64)
    {
        return Ok(Err((Broken { bound: limits.token_bound, chars: false }, Some(weight))));
    }
    let text = whole_chars(&source.read(selection.start..end)?).into_owned();
    let tokens = weigh(&text);
    Ok(match limits.check(tokens, text.chars().count() as u64) {
        Ok(()) => Ok(text),
        Err(broken) => Err((broken, Some(tokens))),
    })
}

/// Indexes a document held in memory; JSON is indexed in its one-line-per-value form, which is
/// returned beside the index as the text to read back from.
pub fn index_text(text: &str, kind: Kind) -> (Cow<'_, str>, Index) {
    let (body, kind) = match kind {
        Kind::Json => match json::pretty(text) {
            Ok(lines) => (Cow::Owned(lines), Kind::Json),
            Err(_) => (Cow::Borrowed(text), Kind::Text),
        },
        kind => (Cow::Borrowed(text), kind),
    };
    // Text held in a `str` is UTF-8, so indexing it cannot fail.
    let index = match kind.lang() {
        Some(lang) => index_code(body.as_bytes(), lang),
        None => {
            let mut indexer = Indexer::new(kind);
            let _ = indexer.feed(body.as_bytes());
            indexer.finish()
        }
    };
    (body, index.unwrap_or_default())
}

/// Fits a document held in memory. Its kind is the request's, else detected from its name and content.
pub fn fit_document(text: &str, request: &Request<'_>) -> Fitted {
    let kind = request.kind.unwrap_or_else(|| Kind::detect(request.name, text.as_bytes(), true));
    let (body, index) = index_text(text, kind);
    match fit_index(&index, body.as_ref(), request) {
        Ok(fitted) => fitted,
        Err(never) => match never {},
    }
}

/// Fits a unified diff: its parts are files, and their hunks.
pub fn fit_diff(text: &str, request: &Request<'_>) -> Fitted {
    fit_document(text, &Request { kind: Some(Kind::Diff), ..*request })
}

/// Fits a JSON value, read by its top-level keys or items in the one-line-per-value form.
pub fn fit_json(value: &serde_json::Value, request: &Request<'_>) -> Fitted {
    let text = serde_json::to_string(value).unwrap_or_default();
    fit_document(&text, &Request { kind: Some(Kind::Json), ..*request })
}

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

/// How many bytes `index_reader` reads at a time.
const READ_CHUNK: usize = 256 << 10;

/// The size of the chunks `index_file` reads a larger file in: a chunk stays in the cache of the core
/// that reads it.
const MAP_CHUNK: u64 = 256 << 10;

/// How many chunks `index_file` maps at a time, when it maps.
const CHUNKS_PER_MAP: u64 = 32;

/// The most bytes of source code read by its definitions: the grammar's tree of a file takes several
/// times its size, so that bigger code is read as plain text, in bounded memory.
pub const CODE_MAX_BYTES: u64 = 16 << 20;

/// Indexes source code held in memory by its definitions, or as plain text past `CODE_MAX_BYTES`; bytes
/// that are not UTF-8 are where the index stops, as for any document.
fn index_code(bytes: &[u8], lang: Lang) -> Result<Index, InvalidUtf8> {
    let mut indexer = if bytes.len() as u64 <= CODE_MAX_BYTES {
        Indexer::for_code(lang, &String::from_utf8_lossy(bytes))
    } else {
        Indexer::new(Kind::Text)
    };
    indexer.feed(bytes)?;
    indexer.finish()
}

/// Files up to this size `index_file` indexes whole, on one thread: starting a second thread and handing
/// chunks between the two costs about as much as it saves.
const ONE_THREAD_UP_TO: u64 = 2 << 20;
// A file just past the bound is still eight chunks or more, for the two threads to share.
const _: () = assert!(ONE_THREAD_UP_TO / MAP_CHUNK >= 8);

/// Indexes a document read from `reader` in one pass; `progress` is told the bytes read so far after
/// some of the chunks. Memory holds a few chunks and the parts found (about 115 bytes a part), not the
/// text.
///
/// Two threads take turns: one finds the parts of a chunk and hands on what it found, then checks and
/// measures that chunk while the other finds the parts of the next. The figures are those of `Indexer`.
///
/// # Errors
///
/// Returns the reader's error, or where the document stops being UTF-8.
pub fn index_reader(reader: impl Read + Send, kind: Kind, progress: impl FnMut(u64)) -> Result<Index, ReadError> {
    index_reader_in_chunks(reader, kind, READ_CHUNK, progress)
}

/// `index_reader`, reading `chunk` bytes at a time; public for tests of the chunking.
#[doc(hidden)]
pub fn index_reader_in_chunks(
    reader: impl Read + Send,
    kind: Kind,
    chunk: usize,
    mut progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    let Some(lang) = kind.lang() else { return index_chunks(chunks::Buffers::new(reader, chunk), kind, progress) };
    // Code is read whole, for its grammar; past `CODE_MAX_BYTES` it is read on as plain text.
    let mut head = Vec::new();
    let mut reader = reader;
    (&mut reader).take(CODE_MAX_BYTES + 1).read_to_end(&mut head)?;
    if head.len() as u64 <= CODE_MAX_BYTES {
        progress(head.len() as u64);
        return Ok(index_code(&head, lang)?);
    }
    let whole = std::io::Cursor::new(head).chain(reader);
    index_chunks(chunks::Buffers::new(whole, chunk), Kind::Text, progress)
}

/// `index_reader` of a file: a regular file is read from its start, whatever its cursor, up to the
/// length it has now, through a memory map when `mmap` allows (`MmapChoice::auto`), which saves copying
/// it; any other file (a pipe, say) is read from its cursor. A file of up to 2 MiB is indexed whole on
/// this thread.
///
/// # Errors
///
/// Returns the error of reading the file, or where it stops being UTF-8.
pub fn index_file(
    file: &std::fs::File,
    kind: Kind,
    mmap: MmapChoice,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    index_file_with(file, kind, mmap, chunk_size_of, progress)
}

/// Returns the size of the chunks `index_file` reads a file of `len` bytes in, or nothing when it reads
/// the file whole.
fn chunk_size_of(len: u64) -> Option<u64> {
    (len > ONE_THREAD_UP_TO).then_some(MAP_CHUNK)
}

/// `index_file`, reading `chunk` bytes at a time; public for tests of the chunking.
#[doc(hidden)]
pub fn index_file_in_chunks(
    file: &std::fs::File,
    kind: Kind,
    mmap: MmapChoice,
    chunk: usize,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    index_file_with(file, kind, mmap, |_| Some(chunk as u64), progress)
}

/// `index_file`, in chunks of the size `chunk_of` gives for the file's length, or whole on one thread
/// when it gives none.
fn index_file_with(
    file: &std::fs::File,
    kind: Kind,
    mmap: MmapChoice,
    chunk_of: impl FnOnce(u64) -> Option<u64>,
    mut progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    use chunks::Chunks as _;

    let meta = file.metadata()?;
    let len = meta.len();
    let kind = match kind {
        Kind::Code(lang) if len <= CODE_MAX_BYTES && meta.is_file() => {
            let bytes = Source::read(file, 0..len)?;
            progress(len);
            return Ok(index_code(&bytes, lang)?);
        }
        Kind::Code(_) if meta.is_file() => Kind::Text,
        kind => kind,
    };
    let chunk = chunk_of(len).map(|size| usize::try_from(size).unwrap_or(usize::MAX));
    if !meta.is_file() || len == 0 {
        return index_reader_in_chunks(file, kind, chunk.unwrap_or(READ_CHUNK), progress);
    }
    let Some(chunk) = chunk else {
        let whole = usize::try_from(len).unwrap_or(usize::MAX);
        let mut indexer = Indexer::new(kind);
        match mmap.maps(file, &meta, whole, 1) {
            Some(maps) => {
                if let Some(bytes) = maps.chunk(0, None)? {
                    indexer.feed(bytes.as_ref())?;
                }
            }
            None => indexer.feed(&Source::read(file, 0..len)?)?,
        }
        progress(len);
        return Ok(indexer.finish()?);
    };
    match mmap.maps(file, &meta, chunk, CHUNKS_PER_MAP) {
        Some(maps) => index_chunks(maps, kind, progress),
        None => index_reader_in_chunks(chunks::FileFrom::new(file, len), kind, chunk, progress),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_files_are_read_whole_and_larger_ones_in_chunks() {
        assert_eq!(chunk_size_of(0), None);
        assert_eq!(chunk_size_of(ONE_THREAD_UP_TO), None);
        assert_eq!(chunk_size_of(ONE_THREAD_UP_TO + 1), Some(MAP_CHUNK));
        assert_eq!(chunk_size_of(1 << 30), Some(MAP_CHUNK));
    }
}
