//! The names nearest a misspelt one, for "did you mean" hints.

/// Returns the names of `known` close to `word`, the closest first, at most three.
///
/// A name is close within one edit (two for longer words), where swapping two neighbours is one edit
/// (`fti` is `fit`), or when it shares most of its letters in order with the word (Jaro-Winkler 0.8).
pub fn nearest<'k>(word: &str, known: impl IntoIterator<Item = &'k str>) -> Vec<&'k str> {
    let word = word.to_lowercase();
    let mut close: Vec<(usize, f64, &str)> = known
        .into_iter()
        .filter_map(|name| {
            let lower = name.to_lowercase();
            let edits = strsim::osa_distance(&word, &lower);
            let similar = strsim::jaro_winkler(&word, &lower);
            let allowed = if word.chars().count().min(lower.chars().count()) > 5 { 2 } else { 1 };
            (edits > 0 && (edits <= allowed || similar >= 0.8)).then_some((edits, similar, name))
        })
        .collect();
    close.sort_by(|a, b| a.0.cmp(&b.0).then(b.1.total_cmp(&a.1)));
    let mut names: Vec<&str> = Vec::new();
    for (_, _, name) in close {
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names.truncate(3);
    names
}

#[cfg(test)]
mod tests {
    use super::nearest;

    #[test]
    fn finds_swapped_dropped_and_added_letters() {
        let commands = ["fit", "file", "plugin", "tool", "tenant", "util"];
        assert_eq!(nearest("fti", commands), ["fit"]);
        assert_eq!(nearest("plugn", commands), ["plugin"]);
        assert_eq!(nearest("tools", commands), ["tool"]);
        assert_eq!(nearest("readr", ["reader", "hand-on"]), ["reader"]);
        assert_eq!(nearest("acme_doc", ["acme_docs", "notes"]), ["acme_docs"]);
    }

    #[test]
    fn names_nothing_far_or_the_word_itself() {
        assert!(nearest("zebra", ["fit", "file", "tool"]).is_empty());
        assert!(nearest("fit", ["fit"]).is_empty());
    }
}
