//! Fits arbitrary documents to arbitrary requests and checks what fitting promises: the answer keeps
//! its bounds in tokens and characters, is never a bigger view than the one asked for, and nothing
//! panics. The same bytes fed to an `Indexer` in arbitrary chunks must index as they do in one piece.

use arbitrary::{Arbitrary, Unstructured};
use oz0_core::fit::{self, CAP, CAP_CHARS, Indexer, Kind, Request, View, chars_of, weigh};

#[derive(Debug, Arbitrary)]
enum Budget {
    /// Budgets a caller gives: small enough that most documents do not fit whole.
    Small(u16),
    /// Any number, up to `u64::MAX`.
    Any(u64),
}

#[derive(Debug, Arbitrary)]
enum Query<'a> {
    /// Any text at all.
    Text(&'a str),
    /// The n-th line of the document, as a heading, a key or a path would be written there.
    Line(u16),
    /// The n-th line's text after `#`, quotes and `diff --git a/`, with a hunk number.
    Hunk(u16, u8),
    /// A line range.
    Range(u16, u16),
    /// An item of a JSON array.
    Item(u8),
}

#[derive(Debug, Arbitrary)]
enum Name<'a> {
    Known(u8),
    Any(&'a str),
}

#[derive(Debug, Arbitrary)]
struct Case<'a> {
    view: Option<u8>,
    budget: Option<Budget>,
    query: Option<Query<'a>>,
    chars: Option<u32>,
    kind: Option<u8>,
    name: Option<Name<'a>>,
    /// Where the bytes are cut for the indexer, as chunk lengths taken in turn.
    chunks: Vec<u8>,
    bytes: &'a [u8],
}

const VIEWS: [View; 4] = [View::Full, View::Section, View::Summary, View::Stub];
const NAMES: [&str; 6] = ["guide.md", "data.json", "change.diff", "server.log", "notes.txt", "README"];

/// Checks fitting and indexing on the case that `bytes` make, as libFuzzer's `fuzz_target!` would
/// make it: each field of a `Case` from the bytes in turn, the document from the rest.
///
/// # Panics
///
/// Panics when an answer breaks its bounds or asks, fitting is not deterministic, or chunked and whole
/// indexing disagree.
pub fn fit_document(bytes: &[u8]) {
    if let Ok(case) = Case::arbitrary_take_rest(Unstructured::new(bytes)) {
        check(case);
    }
}

/// Checks what fitting and indexing promise of one case.
fn check(case: Case<'_>) {
    let text = String::from_utf8_lossy(case.bytes);
    let view = case.view.map(|v| VIEWS[v as usize % VIEWS.len()]);
    let budget = case.budget.map(|b| match b {
        Budget::Small(n) => u64::from(n),
        Budget::Any(n) => n,
    });
    let query = case.query.map(|q| match q {
        Query::Text(q) => q.to_owned(),
        Query::Line(n) => line_label(&text, n),
        Query::Hunk(n, k) => format!("{}#{k}", line_label(&text, n)),
        Query::Range(a, b) => format!("{a}-{b}"),
        Query::Item(i) => format!("[{i}]"),
    });
    let kind = case.kind.map(|k| Kind::ALL[k as usize % Kind::ALL.len()]);
    let name = case.name.map(|n| match n {
        Name::Known(i) => NAMES[i as usize % NAMES.len()],
        Name::Any(name) => name,
    });
    let chars = case.chars.map(u64::from);
    let request = Request { view, budget, query: query.as_deref(), chars, kind, name };

    let fitted = fit::fit_document(&text, &request);

    let tokens = weigh(&fitted.text);
    let max_tokens = budget.map_or(CAP, |b| b.min(CAP));
    assert!(tokens <= max_tokens, "{tokens} tokens over the bound of {max_tokens}: {request:?}");
    assert_eq!(fitted.note.tokens, tokens, "the note's tokens are not the answer's weight");
    let n_chars = fitted.text.chars().count() as u64;
    let max_chars = [budget.map(chars_of), Some(CAP_CHARS), chars].into_iter().flatten().min().unwrap_or(CAP_CHARS);
    assert!(n_chars <= max_chars, "{n_chars} characters over the bound of {max_chars}: {request:?}");
    if let Some(asked) = view {
        assert!(fitted.note.view <= asked, "asked for {asked}, answered with {}", fitted.note.view);
    }
    if fitted.note.view == View::Section {
        assert!(request.query.is_some_and(|q| !q.trim().is_empty()), "a section without a query");
    }
    // Same input, same answer.
    assert_eq!(fit::fit_document(&text, &request), fitted, "fitting is not deterministic");

    // Chunks of any size index like one piece, and bytes that are not UTF-8 are found where they are.
    let kind = kind.unwrap_or(Kind::Text);
    let whole = index_in_chunks(case.bytes, kind, &[]);
    let chunked = index_in_chunks(case.bytes, kind, &case.chunks);
    assert_eq!(chunked, whole, "chunks {:?} index differently", case.chunks);
    match std::str::from_utf8(case.bytes) {
        Ok(_) => assert!(whole.is_ok(), "valid UTF-8 refused at {whole:?}"),
        Err(err) => assert_eq!(
            whole.as_ref().err(),
            Some(&(err.valid_up_to() as u64)),
            "invalid UTF-8 found at the wrong offset"
        ),
    }
    if let (Ok(index), Kind::Markdown | Kind::Diff | Kind::Text) = (&whole, kind) {
        assert_eq!(index, &fit::index_text(&text, kind).1, "the indexer and index_text disagree");
    }
}

/// Returns a line of `text` with what marks it as a heading, a key or a path stripped off.
fn line_label(text: &str, n: u16) -> String {
    let lines: Vec<&str> = text.lines().collect();
    if lines.is_empty() {
        return String::new();
    }
    let line = lines[n as usize % lines.len()].trim();
    let line = line.trim_start_matches('#').trim();
    let line = line.strip_prefix("diff --git a/").map_or(line, |rest| rest.split(' ').next().unwrap_or(rest));
    let line = line.split_once("\":").map_or(line, |(key, _)| key.trim_start_matches('"'));
    line.to_owned()
}

/// Indexes `bytes` fed in chunks of the given lengths, or says where they stop being UTF-8. A length of
/// 0 feeds an empty chunk, then one byte, so that every turn moves on.
fn index_in_chunks(bytes: &[u8], kind: Kind, chunks: &[u8]) -> Result<fit::Index, u64> {
    let mut indexer = Indexer::new(kind);
    let mut rest = bytes;
    let mut lengths = chunks.iter().map(|&n| usize::from(n)).cycle();
    while !rest.is_empty() {
        let n = match lengths.next() {
            None => rest.len(),
            Some(0) => {
                indexer.feed(&[]).map_err(|e| e.offset)?;
                1
            }
            Some(n) => n.min(rest.len()),
        };
        let (chunk, tail) = rest.split_at(n);
        indexer.feed(chunk).map_err(|e| e.offset)?;
        rest = tail;
    }
    indexer.finish().map_err(|e| e.offset)
}
