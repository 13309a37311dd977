//! Markdown: parts are headings (ATX and setext); fenced code is not a heading.

use super::line::{Line, Split};
use super::marks::{At, Body, Marks};

/// Returns the level and text of an ATX heading (`## Install`).
pub(crate) fn atx_heading(line: &[u8]) -> Option<(u8, &[u8])> {
    let rest = strip_indent(line)?;
    let hashes = rest.iter().take_while(|&&b| b == b'#').count();
    if !(1..=6).contains(&hashes) {
        return None;
    }
    let after = &rest[hashes..];
    if !after.is_empty() && after[0] != b' ' && after[0] != b'\t' {
        return None;
    }
    let mut text = after.trim_ascii();
    // A closing sequence of `#` is not part of the heading when white space stands before it.
    let closing = text.iter().rev().take_while(|&&b| b == b'#').count();
    if closing == text.len() {
        text = &[];
    } else if closing > 0 && matches!(text[text.len() - closing - 1], b' ' | b'\t') {
        text = text[..text.len() - closing].trim_ascii_end();
    }
    Some((hashes as u8, text))
}

/// Returns the character and length of a code fence (```` ``` ```` or `~~~`).
pub(crate) fn fence(line: &[u8]) -> Option<(u8, usize)> {
    let rest = strip_indent(line)?;
    let ch = *rest.first()?;
    if ch != b'`' && ch != b'~' {
        return None;
    }
    let len = rest.iter().take_while(|&&b| b == ch).count();
    if len < 3 || (ch == b'`' && rest[len..].contains(&b'`')) {
        return None;
    }
    Some((ch, len))
}

/// Returns the line without up to three spaces of indent, or `None` when it is indented as code.
fn strip_indent(line: &[u8]) -> Option<&[u8]> {
    let spaces = line.iter().take(4).take_while(|&&b| b == b' ').count();
    (spaces < 4).then(|| &line[spaces..])
}

/// Returns the level of a setext underline (`===` is 1, `---` is 2).
fn setext_underline(line: &[u8]) -> Option<u8> {
    let rest = strip_indent(line)?.trim_ascii_end();
    let ch = *rest.first()?;
    if (ch == b'=' || ch == b'-') && rest.iter().all(|&b| b == ch) {
        Some(if ch == b'=' { 1 } else { 2 })
    } else {
        None
    }
}

/// Returns whether a line can be the text of a setext heading: plain paragraph text.
fn paragraph_text(line: &[u8]) -> bool {
    let Some(rest) = strip_indent(line) else { return false };
    let Some(&first) = rest.first() else { return false };
    if rest.trim_ascii().is_empty() || matches!(first, b'#' | b'>' | b'|' | b'<') {
        return false;
    }
    let list = matches!(first, b'-' | b'*' | b'+') && matches!(rest.get(1), Some(b' ' | b'\t') | None);
    let digits = rest.iter().take_while(|b| b.is_ascii_digit()).count();
    let ordered = digits > 0 && matches!(rest.get(digits), Some(b'.' | b')'));
    !list && !ordered && fence(line).is_none() && setext_underline(line).is_none()
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
enum FrontMatter {
    #[default]
    Maybe,
    Inside,
    Done,
}

/// Finds the headings of a Markdown document.
#[derive(Debug, Default)]
pub(crate) struct MarkdownSplitter {
    fence: Option<(u8, usize)>,
    front_matter: FrontMatter,
    /// Whether the previous line could be a setext heading's text.
    prev_text: bool,
    /// Whether any part has begun: text before the first heading is a part of its own.
    begun: bool,
    /// The line at which the text before the first heading began, while it is the last part.
    preamble_line: Option<u64>,
}

impl Split for MarkdownSplitter {
    fn line(&mut self, line: Line<'_>, marks: &mut Marks) {
        let text = line.text;
        let prev_text = std::mem::take(&mut self.prev_text);
        if self.front_matter == FrontMatter::Maybe {
            self.front_matter = FrontMatter::Done;
            if text.trim_ascii_end() == b"---" {
                self.front_matter = FrontMatter::Inside;
                marks.push_leaf(At::Here, b"(front matter)", Body::NextLine);
                self.begun = true;
                return;
            }
        }
        if self.front_matter == FrontMatter::Inside {
            if matches!(text.trim_ascii_end(), b"---" | b"...") {
                self.front_matter = FrontMatter::Done;
                self.begun = false;
            }
            return;
        }
        if let Some((ch, len)) = self.fence {
            if let Some((close_ch, close_len)) = fence(text) {
                let bare = strip_indent(text).unwrap_or(text)[close_len..].trim_ascii().is_empty();
                if close_ch == ch && close_len >= len && bare {
                    self.fence = None;
                }
            }
            return;
        }
        // Most lines are blank or begin a paragraph with a letter; they skip the tests below, which
        // would find no fence, heading or underline, and for a letter, paragraph text.
        match text.first() {
            None => return,
            Some(b) if b.is_ascii_alphabetic() => {
                self.prev_text = true;
                self.preamble(line, marks);
                return;
            }
            Some(_) => {}
        }
        if let Some(open) = fence(text) {
            self.fence = Some(open);
            self.preamble(line, marks);
            return;
        }
        if let Some((level, heading)) = atx_heading(text) {
            self.begun = true;
            self.preamble_line = None;
            marks.push(At::Here, level, heading, Body::NextLine);
            return;
        }
        if let (Some(level), true) = (setext_underline(text), prev_text) {
            let heading = line.prev.trim_ascii();
            if self.preamble_line == Some(line.no - 1) {
                // The preamble's only line turned out to be this heading's text.
                marks.pop_last();
            }
            self.preamble_line = None;
            self.begun = true;
            marks.push(At::Prev, level, heading, Body::NextLine);
            return;
        }
        if paragraph_text(text) {
            self.prev_text = true;
        }
        self.preamble(line, marks);
    }

    fn quiet(&self) -> bool {
        // Outside front matter and after the first part, an empty line or one that begins with a letter
        // is no heading, fence or underline; it is setext text outside fences.
        self.front_matter == FrontMatter::Done && self.begun
    }

    fn plain(&mut self, blank: bool) {
        self.prev_text = !blank && self.fence.is_none();
    }
}

impl MarkdownSplitter {
    /// Begins the part that holds the text before the first heading, at its first line that is not blank.
    fn preamble(&mut self, line: Line<'_>, marks: &mut Marks) {
        if !self.begun && !line.text.trim_ascii().is_empty() {
            self.begun = true;
            self.preamble_line = Some(line.no);
            marks.push_leaf(At::Here, b"(preamble)", Body::ThisLine);
        }
    }
}

/// Returns the first sentence of a part's own text, cut from the text; `None` when the text is blank or
/// only code.
pub(crate) fn first_sentence(text: &str) -> Option<String> {
    let mut fence_open: Option<(u8, usize)> = None;
    let mut paragraph = String::new();
    for line in text.lines() {
        let bytes = line.as_bytes();
        if let Some((ch, len)) = fence_open {
            if fence(bytes).is_some_and(|(c, l)| c == ch && l >= len) {
                fence_open = None;
            }
            continue;
        }
        if let Some(open) = fence(bytes) {
            if !paragraph.is_empty() {
                break;
            }
            fence_open = Some(open);
            continue;
        }
        let trimmed = line.trim();
        if trimmed.is_empty() {
            if paragraph.is_empty() {
                continue;
            }
            break;
        }
        if atx_heading(bytes).is_some() || (!paragraph.is_empty() && setext_underline(bytes).is_some()) {
            break;
        }
        if paragraph.is_empty() && skip_line(trimmed) {
            continue;
        }
        let stripped = strip_markers(trimmed);
        let item = stripped.len() != trimmed.trim_start_matches('>').trim_start().len();
        if item && !paragraph.is_empty() {
            // A list's first item stands for the list.
            break;
        }
        if !paragraph.is_empty() {
            paragraph.push(' ');
        }
        paragraph.push_str(stripped);
        if paragraph.len() > 600 || crate::fit::sentence::ends_sentence(&paragraph) {
            break;
        }
    }
    crate::fit::sentence::first(&paragraph)
}

/// Lines that open a part without saying what it is about: badges, images, rules, tables, HTML.
fn skip_line(line: &str) -> bool {
    line.starts_with("[![")
        || line.starts_with("![")
        || line.starts_with('<')
        || line.starts_with('|')
        || setext_underline(line.as_bytes()).is_some()
        || line.chars().all(|c| matches!(c, '*' | '_' | '-' | ' '))
}

fn strip_markers(line: &str) -> &str {
    let line = line.trim_start_matches('>').trim_start();
    for marker in ["- ", "* ", "+ "] {
        if let Some(rest) = line.strip_prefix(marker) {
            return rest.trim_start();
        }
    }
    let digits = line.bytes().take_while(u8::is_ascii_digit).count();
    if digits > 0
        && let Some(rest) = line[digits..].strip_prefix(". ").or_else(|| line[digits..].strip_prefix(") "))
    {
        return rest.trim_start();
    }
    line
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn atx_headings() {
        assert_eq!(atx_heading(b"## Install"), Some((2, &b"Install"[..])));
        assert_eq!(atx_heading(b"   # Title #"), Some((1, &b"Title"[..])));
        assert_eq!(atx_heading(b"# C#"), Some((1, &b"C#"[..])));
        assert_eq!(atx_heading(b"#"), Some((1, &b""[..])));
        assert_eq!(atx_heading(b"#hashtag"), None);
        assert_eq!(atx_heading(b"    # code"), None);
        assert_eq!(atx_heading(b"####### seven"), None);
    }

    #[test]
    fn fences() {
        assert_eq!(fence(b"```rust"), Some((b'`', 3)));
        assert_eq!(fence(b"~~~~"), Some((b'~', 4)));
        assert_eq!(fence(b"``inline``"), None);
        assert_eq!(fence(b"``` a ` b"), None);
    }

    #[test]
    fn first_sentences_skip_badges_and_code() {
        let text = "\n[![ci](x)](y)\n\n```sh\ncargo install\n```\n\nInstall it with cargo. Then run it.\n";
        assert_eq!(first_sentence(text).as_deref(), Some("Install it with cargo."));
        assert_eq!(first_sentence("- first item\n- second").as_deref(), Some("first item"));
        assert_eq!(first_sentence("title: x\n---\n").as_deref(), Some("title: x"));
        assert_eq!(first_sentence("\n\n### Sub\ntext"), None);
    }
}
