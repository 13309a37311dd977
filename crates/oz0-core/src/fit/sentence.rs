//! The first sentence of a text, cut from it, never written.

/// The most characters of a first sentence the outline shows.
const MAX_CHARS: usize = 160;

/// Returns whether `text` holds the end of a sentence.
pub(crate) fn ends_sentence(text: &str) -> bool {
    sentence_end(text).is_some()
}

/// Returns the byte offset just after the first sentence's closing punctuation.
fn sentence_end(text: &str) -> Option<usize> {
    let mut chars = text.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        match c {
            '。' | '！' | '？' => return Some(i + c.len_utf8()),
            '.' | '!' | '?' => {
                let next = chars.peek().map(|&(_, n)| n);
                if next.is_none_or(char::is_whitespace) && !abbreviation(&text[..i]) {
                    return Some(i + 1);
                }
            }
            _ => {}
        }
    }
    None
}

/// Returns whether the word before a period is an abbreviation that does not end a sentence.
fn abbreviation(before: &str) -> bool {
    let word = before.rsplit(char::is_whitespace).next().unwrap_or(before);
    matches!(word.to_ascii_lowercase().as_str(), "e.g" | "i.e" | "etc" | "vs" | "cf" | "mr" | "dr" | "no")
        || (word.len() == 1 && word.chars().all(|c| c.is_ascii_alphabetic()))
}

/// Returns the first sentence of `text`, at most 160 characters (cut at a word, with `…`); `None` when
/// the text is blank.
pub(crate) fn first(text: &str) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    let sentence = match sentence_end(text) {
        Some(end) => &text[..end],
        None => text,
    };
    first_words(sentence, MAX_CHARS)
}

/// Returns `text` trimmed, cut to at most `max` characters at a word (with `…`); `None` when it is blank.
pub(crate) fn first_words(text: &str, max: usize) -> Option<String> {
    let text = text.trim();
    if text.is_empty() {
        return None;
    }
    if text.chars().count() <= max {
        return Some(text.to_owned());
    }
    let cut = text.char_indices().nth(max - 1).map_or(text.len(), |(i, _)| i);
    let head = &text[..cut];
    let at_word = head.rfind(' ').filter(|&i| i > cut / 2).unwrap_or(cut);
    Some(format!("{}…", head[..at_word].trim_end()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cuts_at_the_first_sentence() {
        assert_eq!(first("Install it. Then run.").as_deref(), Some("Install it."));
        assert_eq!(first("Use e.g. cargo. Or not.").as_deref(), Some("Use e.g. cargo."));
        assert_eq!(first("Version 1.2 is out! Yes.").as_deref(), Some("Version 1.2 is out!"));
        assert_eq!(first("安装很简单。然后运行。").as_deref(), Some("安装很简单。"));
        assert_eq!(first("no period at all").as_deref(), Some("no period at all"));
        assert_eq!(first("   "), None);
    }

    #[test]
    fn cuts_long_sentences_at_a_word() {
        let long = "word ".repeat(100);
        let cut = first(&long).unwrap();
        assert!(cut.ends_with("word…"), "{cut}");
        assert!(cut.chars().count() <= MAX_CHARS);
    }
}
