//! Source code, read by its definitions: functions, methods, types, impls and classes, modules, nested
//! as the language nests them. The definitions are found by a tree-sitter grammar of the language before
//! the document is indexed; the indexer then marks a part where each begins (`CodeSplitter`).

pub(crate) mod definition;
pub(crate) mod lang;
mod languages;

use definition::Definition;
use lang::Lang;

/// About how many bytes of source a grammar parses at a time: its tree takes some 30 times the text's
/// memory, so a large file is parsed a piece at a time, each piece cut where a top-level item begins.
const PIECE_BYTES: usize = 1 << 20;

/// Returns the definitions of `source`, in document order, each after the one it nests in. A source the
/// grammar cannot parse whole still gives the definitions it could read.
pub(crate) fn definitions(lang: Lang, source: &str) -> Vec<Definition> {
    // Each piece with the lines before it.
    let mut lines_before = 0;
    let pieces: Vec<(&str, u64)> = pieces(source, PIECE_BYTES)
        .map(|piece| {
            let at = lines_before;
            lines_before += memchr::memchr_iter(b'\n', piece.as_bytes()).count() as u64;
            (piece, at)
        })
        .collect();
    let parse = |&(piece, before): &(&str, u64)| {
        let mut found = languages::definitions(lang, piece);
        for definition in &mut found {
            definition.first_line += before;
            definition.last_line += before;
        }
        found
    };
    // Pieces are parsed on two threads at most, each taking every other piece: the grammar's parse is
    // most of the time code takes.
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get()).min(2);
    if pieces.len() < 2 || threads < 2 {
        return pieces.iter().flat_map(parse).collect();
    }
    let (mut even, odd): (Vec<_>, Vec<_>) = std::thread::scope(|scope| {
        let odd = scope.spawn(|| pieces.iter().skip(1).step_by(2).map(parse).collect::<Vec<_>>());
        let even: Vec<_> = pieces.iter().step_by(2).map(parse).collect();
        (even, odd.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)))
    });
    let mut found = Vec::new();
    let mut odd = odd.into_iter();
    for piece in even.drain(..) {
        found.extend(piece);
        found.extend(odd.next().unwrap_or_default());
    }
    found
}

/// Cuts `source` into pieces of about `size` bytes, each ending before a line that begins a top-level
/// item: one that starts in its first column, after a blank line. Past four times `size` without one, a
/// piece ends at a line's end.
fn pieces(source: &str, size: usize) -> impl Iterator<Item = &str> {
    let mut rest = source;
    std::iter::from_fn(move || {
        if rest.is_empty() {
            return None;
        }
        if rest.len() <= size * 2 {
            return Some(std::mem::take(&mut rest));
        }
        let bytes = rest.as_bytes();
        let boundary = memchr::memmem::find_iter(&bytes[size..], b"\n\n")
            .map(|at| size + at + 2)
            .take_while(|&at| at <= size * 4)
            .find(|&at| bytes.get(at).is_some_and(|b| !b.is_ascii_whitespace() && !matches!(b, b'}' | b')' | b']')));
        let end = boundary
            .or_else(|| memchr::memchr(b'\n', &bytes[size * 4..]).map(|at| size * 4 + at + 1))
            .unwrap_or(rest.len());
        let (piece, after) = rest.split_at(end);
        rest = after;
        Some(piece)
    })
}

/// Returns what a summary says of a definition whose text begins `text`: its signature (its first line
/// of code), then the first sentence of its doc comment (above it, or a Python docstring below it).
pub(crate) fn signature(text: &str) -> Option<String> {
    const MOST: usize = 200;
    let mut doc = String::new();
    let mut lines = text.lines().map(str::trim);
    let mut signature = None;
    for line in lines.by_ref() {
        if line.is_empty() || is_attribute(line) {
            continue;
        }
        match comment_text(line) {
            Some(said) => {
                if !said.is_empty() {
                    if !doc.is_empty() {
                        doc.push(' ');
                    }
                    doc.push_str(said);
                }
            }
            None => {
                signature = Some(line);
                break;
            }
        }
    }
    let signature = signature?;
    // A Python docstring follows its `def` line.
    if doc.is_empty()
        && let Some(next) = lines.find(|l| !l.is_empty())
        && let Some(quote) = ["\"\"\"", "'''"].into_iter().find(|q| next.starts_with(q))
    {
        doc = next.trim_start_matches(quote).trim_end_matches(quote).trim().to_owned();
    }
    let signature = signature.trim_end_matches('{').trim_end();
    let mut said: String = signature.chars().take(MOST).collect();
    if let Some(sentence) = super::sentence::first(&doc) {
        said.push_str(" — ");
        said.push_str(&sentence);
    }
    Some(said)
}

/// Returns whether a line is an attribute, annotation or decorator rather than code or a comment.
fn is_attribute(line: &str) -> bool {
    line.starts_with("#[") || line.starts_with("#![") || (line.starts_with('@') && !line.starts_with("@@"))
}

/// Returns the words of a comment line without its markers, or `None` when the line is not a comment.
fn comment_text(line: &str) -> Option<&str> {
    let said = ["///", "//!", "//", "/**", "/*", "*/", "#", "--"]
        .into_iter()
        .find_map(|marker| line.strip_prefix(marker))
        .or_else(|| line.strip_prefix('*').filter(|_| !line.starts_with("*)")))?;
    Some(said.trim_end_matches("*/").trim())
}

#[cfg(test)]
mod tests {
    use super::{Lang, definitions, pieces, signature};

    #[test]
    fn a_large_source_is_parsed_in_pieces_cut_between_top_level_items() {
        let function = |n: usize| format!("/// Number {n}.\nfn f{n}() {{\n    let x = {n};\n\n    x;\n}}\n\n");
        let source: String = (0..2000).map(function).collect();
        let cut: Vec<&str> = pieces(&source, 4096).collect();
        assert!(cut.len() > 10);
        assert_eq!(cut.concat(), source);
        assert!(cut.iter().skip(1).all(|piece| piece.starts_with("/// Number")), "{:?}", &cut[1][..20]);
        let whole = super::languages::definitions(Lang::Rust, &source);
        let mut pieced = Vec::new();
        let mut before = 0;
        for piece in pieces(&source, 4096) {
            pieced.extend(super::languages::definitions(Lang::Rust, piece).into_iter().map(|mut d| {
                d.first_line += before;
                d.last_line += before;
                d
            }));
            before += piece.matches('\n').count() as u64;
        }
        assert_eq!(pieced, whole);
        assert_eq!(definitions(Lang::Rust, &source).len(), 2000);
        // Past two pieces' worth, the pieces are parsed on two threads, and come back in order.
        let large: String = (0..40_000).map(function).collect();
        assert!(large.len() > 2 * super::PIECE_BYTES);
        let found = definitions(Lang::Rust, &large);
        assert_eq!(found.len(), 40_000);
        assert!(found.iter().enumerate().all(|(n, d)| d.name == format!("f{n}") && d.first_line == 7 * n as u64 + 1));
    }

    #[test]
    fn a_signature_with_the_first_sentence_of_its_doc() {
        let rust =
            "/// Parses the command line. Then checks it.\n#[must_use]\npub fn parse_args(args: &[String]) -> Args {\n";
        assert_eq!(
            signature(rust).as_deref(),
            Some("pub fn parse_args(args: &[String]) -> Args — Parses the command line.")
        );
        let python = "@cache\ndef load(path):\n    \"\"\"Reads the file.\"\"\"\n    return 1\n";
        assert_eq!(signature(python).as_deref(), Some("def load(path): — Reads the file."));
        assert_eq!(signature("func (s *Server) Start() error {\n").as_deref(), Some("func (s *Server) Start() error"));
        assert_eq!(signature("# only a comment\n"), None);
    }
}
