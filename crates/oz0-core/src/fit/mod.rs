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

mod chunks;
mod cpu;
mod estimate;
mod index;
mod indexer;
mod json;
mod kind;
mod lines;
mod note;
mod outline;
mod query;
mod room;
mod sentence;
mod source;
mod split;
mod utf8;
mod view;
mod weigher;

use std::borrow::Cow;
use std::io::Read;

pub use estimate::{Meter, count, weigh};
pub use index::Index;
pub use indexer::Indexer;
pub use json::{JsonError, MAX_DEPTH as JSON_MAX_DEPTH, pretty as json_lines};
pub use kind::{Kind, UnknownKind};
pub use note::{Bound, FitNote};
pub use source::Source;
pub use split::Part;
pub use utf8::InvalidUtf8;
pub use view::{UnknownView, View};

use query::{Resolved, Selection};
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

/// The bounds an answer must keep: tokens by `weigh`, and characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Limits {
    pub tokens: u64,
    pub token_bound: Bound,
    pub chars: u64,
    pub char_bound: Bound,
    budget: Option<u64>,
}

impl Limits {
    fn new(request: &Request<'_>) -> Self {
        let (tokens, token_bound) = match request.budget {
            Some(budget) if budget < CAP => (budget, Bound::Budget),
            _ => (CAP, Bound::Cap),
        };
        let mut chars = (CAP_CHARS, Bound::CapChars);
        if let Some(own) = request.chars.filter(|&c| c < chars.0) {
            chars = (own, Bound::Chars);
        }
        if let Some(budget) = request.budget.map(chars_of).filter(|&c| c < chars.0) {
            chars = (budget, Bound::Budget);
        }
        Self { tokens, token_bound, chars: chars.0, char_bound: chars.1, budget: request.budget }
    }

    /// Returns the bound a text of these measures breaks, if any: tokens first.
    fn check(&self, tokens: u64, chars: u64) -> Result<(), Broken> {
        if tokens > self.tokens {
            Err(Broken { bound: self.token_bound, chars: false })
        } else if chars > self.chars {
            Err(Broken { bound: self.char_bound, chars: true })
        } else {
            Ok(())
        }
    }

    /// Returns whether `text` keeps both bounds.
    pub(crate) fn admits(&self, text: &str) -> bool {
        self.check(weigh(text), text.chars().count() as u64).is_ok()
    }

    /// Returns the longest prefix of `text`, whole characters only, that keeps both bounds.
    pub(crate) fn cut(&self, text: &str) -> String {
        let ends: Vec<usize> = text.char_indices().map(|(i, _)| i).skip(1).chain([text.len()]).collect();
        let fits = |n: usize| n == 0 || self.admits(&text[..ends[n - 1]]);
        // The weight of a prefix grows with its length, so the longest that fits is found by halving.
        let (mut lo, mut hi) = (0, ends.len().min(self.chars as usize));
        while lo < hi {
            let mid = (lo + hi).div_ceil(2);
            if fits(mid) { lo = mid } else { hi = mid - 1 }
        }
        if lo == 0 { String::new() } else { text[..ends[lo - 1]].to_owned() }
    }

    /// Returns the words for a bound broken: "the budget of 2000 tokens".
    fn phrase(&self, broken: Broken) -> String {
        match (broken.bound, broken.chars) {
            (Bound::Budget, false) => format!("the budget of {} tokens", self.tokens),
            (Bound::Budget, true) => {
                format!("the {} characters a budget of {} tokens allows", self.chars, self.budget.unwrap_or(0))
            }
            (Bound::Cap, _) => format!("the cap of {CAP} tokens"),
            (Bound::Chars, _) => format!("the tool's bound of {} characters", self.chars),
            (Bound::CapChars, _) => format!("the cap of {CAP_CHARS} characters"),
        }
    }
}

/// A bound that a view broke, and whether by its characters.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Broken {
    bound: Bound,
    chars: bool,
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
                        tale.fell(broken, format!("the whole of {} ({} tokens)", tale.doc, index.weight));
                        continue;
                    }
                };
                match limits.check(weigh(&text), text.chars().count() as u64) {
                    Ok(()) => return Ok(tale.finish(View::Full, text, None)),
                    Err(broken) => tale.fell(broken, format!("the whole of {} ({} tokens)", tale.doc, weigh(&text))),
                }
            }
            View::Section => {
                let Some(query) = query else {
                    tale.missing =
                        Some("The section view needs a query: a heading, a path, a key or a line range.".into());
                    continue;
                };
                match query::resolve(index, source, query, limits.chars.saturating_mul(4))? {
                    Resolved::Found(selection) => match section(source, &selection, &limits)? {
                        Ok(text) => return Ok(tale.finish(View::Section, text, Some(&selection))),
                        Err((broken, tokens)) => {
                            let size = tokens.map(|t| format!(", {t} tokens")).unwrap_or_default();
                            tale.fell(broken, format!("{} ({}{size})", selection.what, lines_phrase(selection.lines)));
                        }
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
            View::Stub => {
                let stub = outline::stub(index, request.name, &limits);
                tale.cut = stub.cut;
                return Ok(tale.finish(View::Stub, stub.text, None));
            }
        }
    }
    // `views_to_try` always ends with the stub.
    let stub = outline::stub(index, request.name, &limits);
    tale.cut = stub.cut;
    Ok(tale.finish(View::Stub, stub.text, None))
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

/// What happened on the way to an answer, told in its fit note.
struct Tale<'a> {
    index: &'a Index,
    request: &'a Request<'a>,
    limits: &'a Limits,
    doc: String,
    /// The first view that did not fit, and why.
    fall: Option<(Broken, Option<String>)>,
    missing: Option<String>,
    cut: Option<outline::Cut>,
}

impl<'a> Tale<'a> {
    fn new(index: &'a Index, request: &'a Request<'a>, limits: &'a Limits) -> Self {
        let doc = request.name.map_or_else(|| "the document".to_owned(), |n| format!("'{n}'"));
        Self { index, request, limits, doc, fall: None, missing: None, cut: None }
    }

    fn fell(&mut self, broken: Broken, what: String) {
        self.fall.get_or_insert((broken, Some(what)));
    }

    fn fell_quietly(&mut self, broken: Broken) {
        self.fall.get_or_insert((broken, None));
    }

    fn no_match(&mut self, query: &str, nearest: &[String]) {
        let names = nearest.iter().map(|n| format!("'{n}'")).collect::<Vec<_>>().join(", ");
        let nearest = if names.is_empty() { String::new() } else { format!(" (nearest: {names})") };
        self.missing = Some(format!("No part matches '{query}'{nearest}."));
    }

    /// Returns a query that would name a part, and a line range, for the note's "ask for" clause.
    fn examples(&self) -> String {
        let parts = &self.index.parts;
        // A part smaller than the whole makes the better example: a top heading often spans everything.
        let labelled = |p: &&Part| {
            let label = self.index.label(p);
            !label.is_empty() && !label.starts_with('(') && self.index.kind() != Kind::Text
        };
        let named = parts
            .iter()
            .filter(labelled)
            .find(|p| p.lines != (1, self.index.lines))
            .or_else(|| parts.iter().find(labelled));
        let range = named
            .or_else(|| parts.iter().find(|p| p.lines.1 > p.lines.0))
            .map_or_else(|| format!("1-{}", self.index.lines.clamp(1, 40)), |p| format!("{}-{}", p.lines.0, p.lines.1));
        match named {
            Some(part) => {
                let label = self.index.label(part);
                let label = if self.index.kind() == Kind::Json { json::unquote(label) } else { label.to_owned() };
                format!("a query such as '{label}' or a line range such as '{range}'")
            }
            None => format!("a line range such as '{range}'"),
        }
    }

    fn finish(self, view: View, text: String, selection: Option<&Selection>) -> Fitted {
        let tokens = weigh(&text);
        let size = self.index.weight;
        let mut said = Vec::new();
        if let Some((broken, Some(what))) = &self.fall {
            let what = capitalize(what);
            said.push(format!("{what} is over {}.", self.limits.phrase(*broken)));
        }
        if let Some(missing) = &self.missing {
            said.push(missing.clone());
        }
        let parts = self.index.parts.len();
        let doc = &self.doc;
        match view {
            View::Full => {}
            View::Section => {
                if let Some(selection) = selection {
                    let rest = size.saturating_sub(tokens);
                    let lines = lines_phrase(selection.lines);
                    let what = if selection.what.is_empty() { lines } else { format!("{} ({lines})", selection.what) };
                    said.push(format!("This is {what}; the rest of {doc} ({rest} tokens) was left out."));
                    if let Some(&other) = selection.others.first() {
                        let part = &self.index.parts[other];
                        let name = if self.index.kind() == Kind::Markdown {
                            query::heading_path(self.index, other)
                        } else {
                            self.index.label(part).to_owned()
                        };
                        let more = match selection.others.len() {
                            1 => "Another part matches too".to_owned(),
                            n => format!("{n} more parts match too, such as"),
                        };
                        said.push(format!(
                            "{more}: '{name}' ({}); ask for it by its heading path or its line range.",
                            lines_phrase(part.lines)
                        ));
                    }
                }
            }
            View::Summary => said.push(format!(
                "This is the summary of {doc}: {parts} parts, each with its lines, tokens and first sentence; its text ({size} tokens) was left out. To read a part, ask for the section view with {}.",
                self.examples()
            )),
            View::Stub => {
                let outline = match self.cut {
                    None => format!("its outline ({parts} parts, each with its lines and tokens)"),
                    Some(cut) => match cut.depth {
                        Some(depth) => format!(
                            "its outline to depth {} ({} of {parts} parts; deeper parts were cut)",
                            depth + 1,
                            parts - cut.hidden
                        ),
                        None => format!("the first {} of the {parts} parts of its outline", parts - cut.hidden),
                    },
                };
                said.push(format!(
                    "This is the stub of {doc}: {outline}; its text ({size} tokens) was left out. To read a part, ask for the section view with {}, or for the summary with a bigger budget.",
                    self.examples()
                ));
            }
        }
        let cut_bound = self.cut.map(|_| {
            if (text.chars().count() as u64) + 80 >= self.limits.chars && tokens + 24 < self.limits.tokens {
                self.limits.char_bound
            } else {
                self.limits.token_bound
            }
        });
        let bound = self.fall.as_ref().map(|(broken, _)| broken.bound).or(cut_bound);
        let omitted = (!said.is_empty()).then(|| said.join(" "));
        Fitted {
            text,
            note: FitNote {
                view,
                budget: self.request.budget,
                size,
                tokens,
                omitted,
                bound,
                truncated: bound.is_some(),
            },
        }
    }
}

/// Returns "line 5" or "lines 5-20".
pub(crate) fn lines_phrase((a, b): (u64, u64)) -> String {
    if a == b { format!("line {a}") } else { format!("lines {a}-{b}") }
}

fn capitalize(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
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
    let mut indexer = Indexer::new(kind);
    // Text held in a `str` is UTF-8, so neither call can fail.
    let _ = indexer.feed(body.as_bytes());
    let index = indexer.finish().unwrap_or_default();
    (body, index)
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

/// How many chunks `index_file` maps at a time.
const CHUNKS_PER_MAP: u64 = 32;

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
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    index_chunks(chunks::Buffers::new(reader, chunk), kind, progress)
}

/// `index_reader` of a file, read through a memory map, which saves copying it; a file that is not a
/// regular file (a pipe, say) is read. A file of up to 2 MiB is indexed whole on this thread.
///
/// # Errors
///
/// Returns the error of reading the file, or where it stops being UTF-8.
pub fn index_file(file: &std::fs::File, kind: Kind, progress: impl FnMut(u64)) -> Result<Index, ReadError> {
    index_mapped(file, kind, chunk_size_of, progress)
}

/// Returns the size of the chunks `index_file` reads a file of `len` bytes in, or nothing when it reads
/// the file whole.
fn chunk_size_of(len: u64) -> Option<u64> {
    (len > ONE_THREAD_UP_TO).then_some(MAP_CHUNK)
}

/// `index_file`, mapping `chunk` bytes at a time; public for tests of the chunking.
#[doc(hidden)]
pub fn index_file_in_chunks(
    file: &std::fs::File,
    kind: Kind,
    chunk: usize,
    progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    index_mapped(file, kind, |_| Some(chunk as u64), progress)
}

/// `index_file`, in chunks of the size `chunk_of` gives for the file's length, or whole on one thread
/// when it gives none.
fn index_mapped(
    file: &std::fs::File,
    kind: Kind,
    chunk_of: impl FnOnce(u64) -> Option<u64>,
    mut progress: impl FnMut(u64),
) -> Result<Index, ReadError> {
    use chunks::Chunks as _;

    let meta = file.metadata()?;
    let len = meta.len();
    let chunk = chunk_of(len).map(|size| usize::try_from(size).unwrap_or(usize::MAX));
    if !meta.is_file() || len == 0 {
        return index_reader_in_chunks(file, kind, chunk.unwrap_or(READ_CHUNK), progress);
    }
    let Some(chunk) = chunk else {
        let whole = usize::try_from(len).unwrap_or(usize::MAX);
        let mut indexer = Indexer::new(kind);
        if let Some(bytes) = chunks::Maps::new(file, len, whole, 1).chunk(0, None)? {
            indexer.feed(bytes.as_ref())?;
        }
        progress(len);
        return Ok(indexer.finish()?);
    };
    index_chunks(chunks::Maps::new(file, len, chunk, CHUNKS_PER_MAP), kind, progress)
}

/// What finds the parts of the next chunk: the parts found so far. The two threads of `index_chunks`
/// hand it to each other.
struct Baton {
    indexer: Indexer,
    /// The offset of the next chunk, and its number.
    at: u64,
    seq: u64,
    /// The bytes of a character the chunks so far left open.
    open: Vec<u8>,
}

/// Adds up the pieces the two threads measure, in the order of their chunks.
#[derive(Default)]
struct Pieces {
    weigher: weigher::Weigher,
    chars: u64,
    next: u64,
    early: std::collections::BTreeMap<u64, weigher::Piece>,
}

impl Pieces {
    /// Adds a chunk's piece; returns where the document stops being UTF-8, once the pieces before that
    /// point are all in.
    fn add(&mut self, seq: u64, piece: weigher::Piece) -> Result<(), InvalidUtf8> {
        self.early.insert(seq, piece);
        while let Some(piece) = self.early.remove(&self.next) {
            if let Some(invalid) = piece.invalid {
                return Err(invalid);
            }
            self.chars += piece.chars;
            self.weigher.take(piece);
            self.next += 1;
        }
        Ok(())
    }
}

/// Indexes the document `chunks` gives on two threads that take turns with the baton (`relay`).
fn index_chunks<C: chunks::Chunks>(chunks: C, kind: Kind, mut progress: impl FnMut(u64)) -> Result<Index, ReadError> {
    use std::sync::{Mutex, mpsc};

    let baton = Baton { indexer: Indexer::structure_only(kind), at: 0, seq: 0, open: Vec::new() };
    let pieces = Mutex::new(Pieces::default());
    let last = std::thread::scope(|scope| {
        let (to_second, second_gets) = mpsc::channel();
        let (to_first, first_gets) = mpsc::channel();
        let (pieces, chunks) = (&pieces, &chunks);
        let second = scope.spawn(move || relay(None, chunks, &second_gets, &to_first, pieces, &mut |_| {}));
        let first = relay(Some(baton), chunks, &first_gets, &to_second, pieces, &mut progress);
        // Dropped before waiting, so that a second thread waiting for the baton stops.
        drop(to_second);
        let second = second.join().map_err(|_| thread_failed())?;
        // The thread that found the end of the document holds the baton; an error of either comes first.
        match (first, second) {
            (Err(err), _) | (_, Err(err)) => Err(err),
            (Ok(baton), Ok(other)) => {
                baton.or(other).ok_or_else(|| ReadError::Io(std::io::Error::other("the index lost its place")))
            }
        }
    })?;
    let pieces = pieces.into_inner().map_err(|_| thread_failed())?;
    if !last.open.is_empty() {
        // The document ends inside a character.
        return Err(InvalidUtf8 { offset: last.at - last.open.len() as u64 }.into());
    }
    let (weights, totals) = pieces.weigher.finish(pieces.chars);
    Ok(last.indexer.finish_with(weights, totals))
}

/// The error of a thread of `index_chunks` that panicked, found by the other.
fn thread_failed() -> ReadError {
    ReadError::Io(std::io::Error::other("the measuring thread failed"))
}

/// Takes turns with the other thread: waits for the baton (or starts with `first`), finds the parts of
/// the next chunk, hands the baton on, then checks and measures the chunk while the other thread finds
/// the parts of the one after. Returns the baton when this thread finds the end of the document, and
/// nothing when the other does.
fn relay<C: chunks::Chunks>(
    mut first: Option<Baton>,
    chunks: &C,
    gets: &std::sync::mpsc::Receiver<Baton>,
    passes: &std::sync::mpsc::Sender<Baton>,
    pieces: &std::sync::Mutex<Pieces>,
    progress: &mut dyn FnMut(u64),
) -> Result<Option<Baton>, ReadError> {
    let mut spare = None;
    // The chunk this thread takes next, readied while the other thread had the baton.
    let mut ready: Option<(u64, C::Chunk)> = None;
    loop {
        let Some(mut baton) = first.take().or_else(|| gets.recv().ok()) else { return Ok(None) };
        let chunk = match ready.take() {
            Some((seq, chunk)) if seq == baton.seq => Some(chunk),
            _ => chunks.chunk(baton.seq, spare.take())?,
        };
        let Some(chunk) = chunk else { return Ok(Some(baton)) };
        let bytes = chunk.as_ref();
        let (start, seq) = (baton.at, baton.seq);
        let found = baton.indexer.found();
        baton.indexer.feed(bytes)?;
        let points = baton.indexer.take_points(start);
        // Room for the next chunks' parts, whose pages this thread faults in once the baton is handed on.
        let room = baton.indexer.make_room(found);
        let left_open = utf8::open_char(&baton.open, bytes);
        let open = std::mem::replace(&mut baton.open, left_open);
        baton.at += bytes.len() as u64;
        baton.seq += 1;
        progress(baton.at);
        if passes.send(baton).is_err() {
            // The other thread stopped at an error, which it returns.
            return Ok(None);
        }
        room.populate();
        if chunks.random_access() {
            // The threads take turns, so this one takes the chunk after the other's next.
            ready = chunks.chunk(seq + 2, None)?.map(|chunk| (seq + 2, chunk));
        }
        let piece = weigher::Piece::measure(bytes, start, &open, &points);
        pieces.lock().map_err(|_| thread_failed())?.add(seq, piece)?;
        spare = Some(chunk);
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
