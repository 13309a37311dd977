//! The token estimate against exact cl100k counts over the held-out documents of the corpus, as they are
//! (LF line ends) and with CRLF line ends.
//!
//! Run with `--nocapture` to see the table of errors per category.

// A test that measures prints its figures.
#![allow(clippy::print_stdout, clippy::print_stderr)]

use oz0_core::fit::count;

#[path = "support/corpus.rs"]
mod corpus;

/// Returns `(category, path, text)` of every held-out document, sorted by path.
fn held_out_documents() -> Vec<(String, String, String)> {
    let root = corpus::root(env!("CARGO_MANIFEST_DIR"), 2);
    let docs = corpus::load(&root).expect("the corpus is readable UTF-8 text");
    docs.into_iter().filter(corpus::Doc::held_out).map(|d| (d.category, d.path, d.text)).collect()
}

#[test]
fn count_is_within_3_percent_of_cl100k_overall_and_5_percent_in_every_category() {
    let docs = held_out_documents();
    assert!(docs.len() > 100, "too few held-out documents: {}", docs.len());
    assert_within_goals(&docs, "LF");
}

#[test]
fn count_holds_as_well_on_the_same_documents_with_crlf_line_ends() {
    // The corpus's text has LF line ends; Windows text has CRLF, where cl100k starts no token at the `\n`.
    let docs: Vec<_> = held_out_documents()
        .into_iter()
        .filter(|(_, _, text)| text.contains('\n'))
        .map(|(category, path, text)| (category, path, text.replace('\n', "\r\n")))
        .collect();
    assert!(docs.len() > 100, "too few held-out documents with line ends: {}", docs.len());
    assert_within_goals(&docs, "CRLF");
}

/// Prints the estimate's error on `docs` (`(category, path, text)`) by category, and asserts the goals:
/// 3% overall, 5% in every category.
fn assert_within_goals(docs: &[(String, String, String)], line_ends: &str) {
    let exact = bpe_openai::cl100k_base();

    // category -> (documents, sum of absolute errors, sum of signed errors)
    let mut rows: Vec<(String, usize, f64, f64)> = Vec::new();
    for (category, path, text) in docs {
        let want = exact.count(text.as_str()) as f64;
        assert!(want > 0.0, "{path} is empty");
        let error = (count(text) as f64 - want) / want;
        match rows.iter_mut().find(|r| &r.0 == category) {
            Some(row) => {
                row.1 += 1;
                row.2 += error.abs();
                row.3 += error;
            }
            None => rows.push((category.clone(), 1, error.abs(), error)),
        }
    }

    println!("{line_ends} line ends:\n{:<10} {:>5} {:>8} {:>8}", "category", "docs", "mae %", "bias %");
    for (category, n, abs, bias) in &rows {
        let n = *n as f64;
        println!("{category:<10} {n:>5} {:>8.2} {:>8.2}", abs / n * 100.0, bias / n * 100.0);
    }
    let n = docs.len() as f64;
    let overall = rows.iter().map(|r| r.2).sum::<f64>() / n;
    let bias = rows.iter().map(|r| r.3).sum::<f64>() / n;
    println!("{:<10} {n:>5} {:>8.2} {:>8.2}", "overall", overall * 100.0, bias * 100.0);

    assert!(overall <= 0.03, "{line_ends}: mean absolute error {:.2}% > 3%", overall * 100.0);
    for (category, n, abs, _) in &rows {
        let mae = abs / *n as f64;
        assert!(mae <= 0.05, "{line_ends}, {category}: mean absolute error {:.2}% > 5%", mae * 100.0);
    }
}

#[test]
fn every_category_has_held_out_documents() {
    let docs = held_out_documents();
    // The categories the estimate answers for: prose in scripts and languages of every kind, and the
    // formats tools return.
    let required = [
        "code", "diff", "json", "logs", "markdown", "csv", "tsv", "yaml", "toml", "ini", "xml", "html", "sql",
        "min-js", "min-json", "base64", "hex", "prose-en", "prose-de", "prose-nl", "prose-it", "prose-pl", "prose-sl",
        "prose-id", "prose-vi", "prose-tr", "prose-ru", "prose-uk", "prose-el", "prose-ar", "prose-fa", "prose-he",
        "prose-hi", "prose-ne", "prose-bn", "prose-ta", "prose-ml", "prose-th", "prose-lo", "prose-zh", "prose-ja",
        "prose-ko",
    ];
    for category in required {
        let n = docs.iter().filter(|d| d.0 == category).count();
        assert!(n >= 2, "{category} has {n} held-out documents");
    }
    let languages: std::collections::BTreeSet<&str> = docs.iter().filter_map(|d| d.0.strip_prefix("prose-")).collect();
    assert!(languages.len() >= 40, "prose in {} languages", languages.len());
}
