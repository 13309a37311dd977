//! What a section query names: a heading or heading path, a path, a hunk, a key, an item, a JSON pointer
//! or a line range.

use crate::fit::index::Index;
use crate::fit::io::source::{Source, whole_chars};
use crate::fit::json;
use crate::fit::kind::Kind;
use crate::fit::split::marks::Part;

/// The lines a query names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Selection {
    /// First and last line, 1-based and inclusive.
    pub lines: (u64, u64),
    /// The byte range.
    pub start: u64,
    /// The end of the byte range, exclusive; `None` when the range runs past what may be read.
    pub end: Option<u64>,
    /// What it is, for the fit note: "the section 'Install'".
    pub what: String,
    /// The weight the index measured, when the selection is a part.
    pub weight: Option<u64>,
    /// The other parts the query matched too.
    pub others: Vec<usize>,
}

/// What a query named.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Resolved {
    Found(Selection),
    /// Nothing: the nearest parts' labels.
    Missing(Vec<String>),
}

/// Resolves `query` against a document; reads no more than `max_bytes` to find a line range.
pub(crate) fn resolve<S: Source + ?Sized>(
    index: &Index,
    source: &S,
    query: &str,
    max_bytes: u64,
) -> Result<Resolved, S::Error> {
    let query = query.trim();
    let kind = index.kind();
    if kind == Kind::Json && query.starts_with('/') {
        let text = source.read(0..index.bytes)?;
        let text = whole_chars(&text);
        return match json::pointer_lines(&text, query) {
            Some(lines) => {
                let what = format!("the value at {query}");
                line_range(index, source, lines, what, max_bytes).map(Resolved::Found)
            }
            None => Ok(Resolved::Missing(nearest(index, query))),
        };
    }
    let (mut matches, begun) = match match_parts(index, query) {
        found if !found.is_empty() => (found, false),
        _ => (begun_part(index, &normalize(query)).into_iter().collect(), true),
    };
    // A C or C++ function declared and defined in one file answers with its definition, its body; the
    // declaration stays among the others.
    if kind.lang().is_some() {
        matches.sort_by_key(|&id| index.detail(&index.parts[id]) == crate::fit::code::definition::DECLARATION);
    }
    if let Some((&first, rest)) = matches.split_first() {
        let part = &index.parts[first];
        let mut what = describe(index, first);
        if begun {
            what.push_str(&format!(", the one part whose name '{query}' begins"));
        }
        return Ok(Resolved::Found(Selection {
            lines: part.lines,
            start: part.start,
            end: Some(part.end),
            what,
            weight: Some(index.part_weight(part)),
            others: rest.to_vec(),
        }));
    }
    if let Some(lines) = parse_range(query) {
        if lines.0 == 0 || lines.0 > lines.1 || lines.0 > index.lines {
            return Ok(Resolved::Missing(nearest(index, query)));
        }
        let lines = (lines.0, lines.1.min(index.lines));
        let what = String::new();
        return line_range(index, source, lines, what, max_bytes).map(Resolved::Found);
    }
    Ok(Resolved::Missing(nearest(index, query)))
}

/// Returns a line range `120-180` (or one line, `120`).
fn parse_range(query: &str) -> Option<(u64, u64)> {
    match query.split_once('-') {
        Some((a, b)) => Some((a.trim().parse().ok()?, b.trim().parse().ok()?)),
        None => {
            let n = query.parse().ok()?;
            Some((n, n))
        }
    }
}

/// Returns the parts a query names, in document order.
fn match_parts(index: &Index, query: &str) -> Vec<usize> {
    let kind = index.kind();
    let wanted = normalize(query);
    // Code's names are told apart by case first: `format` is not `Format` when both are there.
    if kind.lang().is_some() {
        let cased = code_named(index, query, false);
        if !cased.is_empty() {
            return cased;
        }
    }
    let exact = labelled(index, &wanted);
    if !exact.is_empty() {
        return exact;
    }
    named_by_kind(index, query, &wanted)
}

/// Returns the part whose label a query begins at a word's end, when one part only is so named: `Day 3`
/// for `Day 3 (lines 93-137)`, never for `Day 30`.
fn begun_part(index: &Index, wanted: &str) -> Option<usize> {
    let kind = index.kind();
    let mut begun = (0..index.parts.len()).filter(|&id| {
        let part = &index.parts[id];
        !(kind == Kind::Diff && part.level > 1) && begins_at_a_word(index.label(part), wanted)
    });
    let first = begun.next()?;
    begun.next().is_none().then_some(first)
}

/// Returns whether `label`, compared as a query is, begins with `wanted` followed by the end or by
/// anything but a letter or digit.
fn begins_at_a_word(label: &str, wanted: &str) -> bool {
    if wanted.is_empty() || label.starts_with('(') {
        return false;
    }
    normalize(label)
        .strip_prefix(wanted)
        .is_some_and(|rest| !rest.starts_with(|c: char| c.is_alphanumeric() || c == '_'))
}

/// Returns the parts a query names in the ways of its document's kind: a heading path, a diff's file
/// or hunk.
fn named_by_kind(index: &Index, query: &str, wanted: &str) -> Vec<usize> {
    let kind = index.kind();
    let parts = &index.parts;
    match kind {
        Kind::Markdown if query.contains('>') => {
            let path: Vec<String> = query.split('>').map(normalize).collect();
            let Some((last, ancestors)) = path.split_last() else { return Vec::new() };
            labelled(index, last)
                .into_iter()
                .filter(|&i| {
                    // The ancestors must appear, in order, among the part's enclosing parts.
                    let mut chain = Vec::new();
                    let mut at = parts[i].parent();
                    while let Some(p) = at {
                        chain.push(p);
                        at = parts[p].parent();
                    }
                    let mut want = ancestors.iter().rev().peekable();
                    for p in chain {
                        if want.peek().is_some_and(|w| label_matches(index, &parts[p], w)) {
                            want.next();
                        }
                    }
                    want.peek().is_none()
                })
                .collect()
        }
        Kind::Diff => {
            if let Some((path, n)) = query.rsplit_once('#')
                && let Ok(n) = n.trim().parse::<usize>()
            {
                let path = normalize(path);
                let Some(file) = parts.iter().position(|p| p.level == 1 && path_matches(index.label(p), &path)) else {
                    return Vec::new();
                };
                return parts
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.parent() == Some(file))
                    .nth(n.wrapping_sub(1))
                    .map(|(i, _)| vec![i])
                    .unwrap_or_default();
            }
            parts
                .iter()
                .enumerate()
                .filter(|(_, p)| p.level == 1 && path_matches(index.label(p), wanted))
                .map(|(i, _)| i)
                .collect()
        }
        Kind::Code(_) => code_named(index, query, true),
        _ => Vec::new(),
    }
}

/// Returns the parts whose label is `wanted`, compared as a query is.
fn labelled(index: &Index, wanted: &str) -> Vec<usize> {
    (0..index.parts.len()).filter(|&id| label_matches(index, &index.parts[id], wanted)).collect()
}

/// Returns the definitions a query names by their name, or by the names they nest in (`Config::load`,
/// `Server.Start`), in any case when `folded`.
fn code_named(index: &Index, query: &str, folded: bool) -> Vec<usize> {
    let want = components(query, folded);
    let Some(last) = want.last() else { return Vec::new() };
    (0..index.parts.len())
        .filter(|&id| components(index.label(&index.parts[id]), folded).last() == Some(last))
        .filter(|&id| code_path(index, id, folded).ends_with(&want))
        .collect()
}

/// Returns a name's components as compared: `Config::load`, `Config.load` and `Config#load` alike, in
/// any case when `folded`.
fn components(name: &str, folded: bool) -> Vec<String> {
    name.split("::")
        .flat_map(|piece| piece.split(['.', '#']))
        .map(|c| if folded { normalize(c) } else { c.trim().to_owned() })
        .filter(|c| !c.is_empty())
        .collect()
}

/// Returns the components of a definition's name and of those it nests in, outermost first.
fn code_path(index: &Index, id: usize, folded: bool) -> Vec<String> {
    let mut path = components(index.label(&index.parts[id]), folded);
    let mut at = index.parts[id].parent();
    while let Some(p) = at {
        let mut outer = components(index.label(&index.parts[p]), folded);
        outer.append(&mut path);
        path = outer;
        at = index.parts[p].parent();
    }
    path
}

fn label_matches(index: &Index, part: &Part, wanted: &str) -> bool {
    let label = index.label(part);
    match index.kind() {
        Kind::Json if label.starts_with('"') => {
            normalize(&json::unquote(label)) == wanted || normalizes_to(label, wanted)
        }
        Kind::Diff if part.level == 1 => normalizes_to(label, wanted),
        // A hunk by its header as the outline shows it, with or without the context after the `@@`.
        Kind::Diff => normalizes_to(label, wanted) || hunk_header(label).is_some_and(|h| normalizes_to(h, wanted)),
        _ => normalizes_to(label, wanted),
    }
}

/// Returns whether `normalize(text)` is `wanted`. A query is matched against every label of a document,
/// millions in a large one, so an ASCII label is compared where it stands rather than normalized first.
fn normalizes_to(text: &str, wanted: &str) -> bool {
    if !text.is_ascii() {
        return normalize(text) == wanted;
    }
    let words = text.trim().trim_start_matches('#').split_whitespace();
    let normal = words.enumerate().flat_map(|(i, word)| {
        let gap = (i > 0).then_some(b' ');
        gap.into_iter().chain(word.bytes().map(|b| b.to_ascii_lowercase()))
    });
    normal.eq(wanted.bytes())
}

/// Returns a hunk's label up to the end of its `@@ ... @@` range, without the context after it.
fn hunk_header(label: &str) -> Option<&str> {
    let open = label.find("@@")?;
    let close = label[open + 2..].find("@@")? + open + 4;
    Some(&label[..close])
}

/// Returns the query that names a part: its label, a JSON key unquoted, or a hunk as `path#n`.
pub(crate) fn query_for(index: &Index, id: usize) -> String {
    let part = &index.parts[id];
    let label = index.label(part);
    match index.kind() {
        Kind::Json => json::unquote(label),
        Kind::Diff if part.level > 1 => {
            let Some(file) = part.parent() else { return label.to_owned() };
            let n = index.parts[..id].iter().filter(|p| p.parent() == Some(file)).count() + 1;
            format!("{}#{n}", index.label(&index.parts[file]))
        }
        _ => label.to_owned(),
    }
}

/// Returns whether a diff's path ends with the path asked for, whole components only.
fn path_matches(label: &str, wanted: &str) -> bool {
    let label = normalize(label);
    label == wanted || label.ends_with(&format!("/{wanted}"))
}

/// Returns a label or query as compared: without `#` marks, case and extra white space.
fn normalize(text: &str) -> String {
    let text = text.trim().trim_start_matches('#').trim();
    text.split_whitespace().collect::<Vec<_>>().join(" ").to_lowercase()
}

fn describe(index: &Index, id: usize) -> String {
    let part = &index.parts[id];
    let label = index.label(part);
    match index.kind() {
        Kind::Markdown => format!("the section '{label}'"),
        Kind::Json if label.starts_with('[') => format!("the item {label}"),
        Kind::Json => format!("the key {label}"),
        Kind::Diff if part.level == 1 => format!("the file '{label}'"),
        Kind::Diff => {
            let file = part.parent().map(|p| index.label(&index.parts[p])).unwrap_or_default();
            let hunk = label.split(' ').next().unwrap_or_default();
            format!("hunk {hunk} of '{file}'")
        }
        Kind::Code(_) => format!("the {} '{label}'", index.detail(part)),
        _ => "a run of lines".to_owned(),
    }
}

/// Returns a part's heading path, `Guide > Install > Linux`.
pub(crate) fn heading_path(index: &Index, id: usize) -> String {
    let mut path = vec![index.label(&index.parts[id])];
    let mut at = index.parts[id].parent();
    while let Some(p) = at {
        path.push(index.label(&index.parts[p]));
        at = index.parts[p].parent();
    }
    path.reverse();
    path.join(" > ")
}

/// Returns the nearest parts' labels to a query that named nothing, at most three.
pub(crate) fn nearest(index: &Index, query: &str) -> Vec<String> {
    let wanted = normalize(query.rsplit('>').next().unwrap_or(query));
    let mut scored: Vec<(f64, usize)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for (id, part) in index.parts.iter().enumerate() {
        let label = index.label(part);
        if label.is_empty() || label.starts_with('(') {
            continue;
        }
        let normal = normalize(label);
        let mut score = strsim::jaro_winkler(&wanted, &normal);
        if !wanted.is_empty() && (normal.contains(&wanted) || wanted.contains(&normal)) {
            score = score.max(0.9);
        }
        if score >= 0.7 && seen.insert(label) {
            scored.push((score, id));
        }
    }
    // Stable: equal scores keep document order.
    scored.sort_by(|a, b| b.0.total_cmp(&a.0));
    let mut ids: Vec<usize> = scored.into_iter().take(3).map(|(_, id)| id).collect();
    if ids.is_empty() {
        ids = (0..index.parts.len())
            .filter(|&id| index.parts[id].depth == 0 && !index.label(&index.parts[id]).is_empty())
            .take(3)
            .collect();
    }
    ids.into_iter().map(|id| query_for(index, id)).collect()
}

/// Finds the bytes of lines `a` to `b`, reading from the nearest part that begins before them.
fn line_range<S: Source + ?Sized>(
    index: &Index,
    source: &S,
    (a, b): (u64, u64),
    what: String,
    max_bytes: u64,
) -> Result<Selection, S::Error> {
    let before = index.parts.partition_point(|p| p.lines.0 <= a);
    let (mut offset, mut line) = match before.checked_sub(1).map(|i| &index.parts[i]) {
        Some(part) => (part.start, part.lines.0),
        None => (0, 1),
    };
    const CHUNK: u64 = 64 * 1024;
    let mut start = (line == a).then_some(offset);
    let mut end = None;
    'read: while offset < index.bytes {
        let chunk = source.read(offset..(offset + CHUNK).min(index.bytes))?;
        if chunk.is_empty() {
            break;
        }
        for nl in memchr::memchr_iter(b'\n', &chunk) {
            let next = offset + nl as u64 + 1;
            if line == b {
                end = Some(next);
                break 'read;
            }
            line += 1;
            if line == a {
                start = Some(next);
            }
        }
        offset += chunk.len() as u64;
        if start.is_some_and(|s| offset - s > max_bytes) {
            break;
        }
    }
    let start = start.unwrap_or(index.bytes);
    if end.is_none() && offset >= index.bytes {
        end = Some(index.bytes);
    }
    Ok(Selection { lines: (a, b), start, end, what, weight: None, others: Vec::new() })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{normalize, normalizes_to};

    proptest! {
        #[test]
        fn matching_in_place_agrees_with_normalizing(
            text in "[ #\t\x0bA-Za-z0-9.é]{0,24}",
            other in "[ #\tA-Za-z0-9.]{0,24}",
        ) {
            let wanted = normalize(&other);
            prop_assert_eq!(normalizes_to(&text, &wanted), normalize(&text) == wanted);
            prop_assert!(normalizes_to(&text, &normalize(&text)));
        }
    }

    #[test]
    fn labels_match_whatever_their_case_and_spacing() {
        assert!(normalizes_to("## Install  the\tTool ", "install the tool"));
        assert!(!normalizes_to("Install the tool", "install the"));
        assert!(!normalizes_to("Install", "install the tool"));
        assert!(normalizes_to("", ""));
    }
}
