//! The views of each kind, fitted from the fixtures; each snapshot holds the text and the fit note.

#![cfg(feature = "fit")]

use oz0_core::fit::{self, Bound, CAP_CHARS, Fitted, Kind, Request, View, chars_of, fit_document, weigh};

fn fixture(name: &str) -> String {
    let path = format!("{}/tests/fixtures/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|err| panic!("{path}: {err}"))
}

fn fitted(name: &str, request: Request<'_>) -> Fitted {
    fit_document(&fixture(name), &Request { name: Some(name), ..request })
}

/// Renders an answer for a snapshot: the text, then the note.
fn show(fitted: &Fitted) -> String {
    let note = serde_json::to_string_pretty(&fitted.note).expect("a fit note as JSON");
    format!("{}\n---- fit\n{note}", fitted.text)
}

/// Snapshots a shown answer with its token counts masked: they follow the estimate's trained table,
/// while what the snapshots guard is which parts, lines, sentences and notes an answer holds.
macro_rules! assert_shown {
    ($shown:expr) => {
        insta::with_settings!({ filters => vec![
            (r"\b\d+ tokens", "[N] tokens"),
            (r#""(size|tokens)": \d+"#, r#""$1": [N]"#),
        ]}, {
            insta::assert_snapshot!($shown);
        })
    };
}

fn request<'a>(view: Option<View>, budget: Option<u64>, query: Option<&'a str>) -> Request<'a> {
    Request { view, budget, query, ..Request::default() }
}

#[test]
fn markdown_full_when_it_fits() {
    let f = fitted("guide.md", request(None, Some(5000), None));
    assert_eq!(f.note.view, View::Full);
    assert_eq!(f.text, fixture("guide.md"));
    assert_eq!(f.note.omitted, None);
    assert_eq!(f.note.bound, None);
    assert!(!f.note.truncated);
}

#[test]
fn markdown_summary() {
    assert_shown!(show(&fitted("guide.md", request(Some(View::Summary), None, None))));
}

#[test]
fn markdown_falls_to_the_stub_under_a_small_budget() {
    let f = fitted("guide.md", request(None, Some(120), None));
    assert_eq!(f.note.view, View::Stub);
    assert_eq!(f.note.bound, Some(Bound::Budget));
    assert!(f.note.truncated);
    assert_shown!(show(&f));
}

#[test]
fn markdown_section_by_heading_and_heading_path() {
    let by_heading = fitted("guide.md", request(None, None, Some("Install")));
    assert_eq!(by_heading.note.view, View::Section);
    assert!(by_heading.text.starts_with("## Install\n"));
    // Whole parts: the section holds its sub-sections and stops before the next heading of its level.
    assert!(by_heading.text.contains("### macOS"));
    assert!(!by_heading.text.contains("Usage\n-----"));
    assert!(by_heading.text.contains("# this is a comment, not a heading"));

    let by_path = fitted("guide.md", request(None, None, Some("Guide > Linux")));
    assert!(by_path.text.starts_with("### Linux\n"), "{}", by_path.text);
    let nested = fitted("guide.md", request(None, None, Some("Install > Linux")));
    assert!(nested.text.starts_with("### Linux\n"));
    assert_shown!(show(&fitted("guide.md", request(None, None, Some("linux")))));
}

#[test]
fn markdown_setext_headings_are_parts() {
    let f = fitted("guide.md", request(Some(View::Section), None, Some("Usage")));
    assert!(f.text.starts_with("Usage\n-----\n"), "{}", f.text);
}

#[test]
fn a_query_that_names_nothing_falls_and_names_the_nearest() {
    let f = fitted("guide.md", request(None, None, Some("Instal")));
    assert_eq!(f.note.view, View::Summary);
    assert_eq!(f.note.bound, None);
    assert!(!f.note.truncated);
    let omitted = f.note.omitted.unwrap();
    assert!(omitted.starts_with("No part matches 'Instal' (nearest: 'Install'"), "{omitted}");
}

#[test]
fn a_section_that_does_not_fit_falls_to_the_summary() {
    let f = fitted("guide.md", request(None, Some(70), Some("Guide")));
    assert!(f.note.view < View::Section);
    assert_eq!(f.note.bound, Some(Bound::Budget));
    assert!(f.note.omitted.unwrap().starts_with("The section 'Guide' (lines 9-38"));
}

#[test]
fn the_section_view_without_a_query_falls_and_says_why() {
    let f = fitted("guide.md", request(Some(View::Section), None, None));
    assert_eq!(f.note.view, View::Summary);
    assert!(f.note.omitted.unwrap().starts_with("The section view needs a query"));
}

#[test]
fn never_a_bigger_view_than_asked() {
    let f = fitted("guide.md", request(Some(View::Stub), Some(10_000), Some("Install")));
    assert_eq!(f.note.view, View::Stub);
    assert!(!f.note.truncated);
    let f = fitted("guide.md", request(Some(View::Summary), None, None));
    assert_eq!(f.note.view, View::Summary);
}

#[test]
fn line_ranges_are_inclusive_and_clamped() {
    let f = fitted("guide.md", request(None, None, Some("13-14")));
    assert_eq!(f.text, "## Install\n\n");
    let f = fitted("guide.md", request(None, None, Some("40-4000")));
    assert_eq!(f.text.lines().count(), 3);
    let f = fitted("guide.md", request(None, None, Some("9")));
    assert_eq!(f.text, "# Guide\n");
    let f = fitted("guide.md", request(None, None, Some("999-1000")));
    assert_eq!(f.note.view, View::Summary);
}

#[test]
fn diff_files_and_hunks() {
    assert_shown!(show(&fitted("change.diff", request(Some(View::Summary), None, None))));
    let hunk = fitted("change.diff", request(None, None, Some("src/main.rs#2")));
    assert!(hunk.text.starts_with("@@ -20,4 +21,4 @@ fn run() {\n"));
    assert!(hunk.text.ends_with("     done(x);\n"));
    let by_suffix = fitted("change.diff", request(None, None, Some("main.rs")));
    assert!(by_suffix.text.starts_with("diff --git a/src/main.rs"));
    assert!(!by_suffix.text.contains("README"));
    let new_file = fitted("change.diff", request(None, None, Some("README.md")));
    assert!(new_file.text.starts_with("diff --git a/README.md"));
    let missing = fitted("change.diff", request(None, None, Some("src/main.rs#3")));
    assert_eq!(missing.note.view, View::Summary);
}

#[test]
fn diff_without_git_headers() {
    let diff = "--- a/x.txt\n+++ b/x.txt\n@@ -1,2 +1,2 @@\n a\n-b\n+c\n--- a/y.txt\n+++ b/y.txt\n@@ -1 +1 @@\n-d\n+e\n";
    let f = fit::fit_diff(diff, &request(Some(View::Stub), None, None));
    assert_shown!(show(&f));
    let y = fit::fit_diff(diff, &request(None, None, Some("y.txt")));
    assert_eq!(y.text, "--- a/y.txt\n+++ b/y.txt\n@@ -1 +1 @@\n-d\n+e\n");
}

#[test]
fn json_keys_items_and_pointers() {
    assert_shown!(show(&fitted("package.json", request(Some(View::Summary), None, None))));
    let key = fitted("package.json", request(None, None, Some("deps")));
    assert!(key.text.starts_with("  \"deps\": {\n"));
    let pointer = fitted("package.json", request(None, None, Some("/deps/serde/version")));
    assert_eq!(pointer.text, "      \"version\": \"1\",\n");
    let array = fit_document("[1,{\"a\":2},3]", &request(None, None, Some("[1]")));
    assert_eq!(array.text, "  {\n    \"a\": 2\n  },\n");
}

#[test]
fn one_line_json_is_read_one_line_a_value() {
    let f = fitted("package.json", request(None, Some(5000), None));
    assert_eq!(f.note.view, View::Full);
    assert_eq!(f.text.lines().count(), 19);
    let value: serde_json::Value = serde_json::from_str(&fixture("package.json")).unwrap();
    assert_eq!(f.text, serde_json::to_string_pretty(&value).unwrap());
    let from_value = fit::fit_json(&value, &request(None, Some(5000), None));
    assert_eq!(from_value.text, f.text);
}

#[test]
fn text_runs_of_lines() {
    assert_shown!(show(&fitted("server.log", request(Some(View::Stub), None, None))));
    let run = fitted("server.log", request(None, None, Some("lines 62-142")));
    assert_eq!(run.text.lines().count(), 81);
}

#[test]
fn the_stub_cuts_deep_levels_first_then_the_tail() {
    let mut doc = String::new();
    for chapter in 0..30 {
        doc.push_str(&format!("# Chapter {chapter}\n\nText.\n\n"));
        for section in 0..10 {
            doc.push_str(&format!("## Section {chapter}.{section}\n\nMore text here.\n\n"));
        }
    }
    let f = fit_document(&doc, &request(Some(View::Stub), Some(600), None));
    assert!(f.text.contains("# Chapter 29 ("), "every chapter shows: {}", f.text);
    assert!(!f.text.contains("## Section"));
    assert!(f.text.ends_with("… 300 deeper parts not shown\n"), "{}", f.text);
    assert!(f.note.truncated);
    assert!(weigh(&f.text) <= 600);

    let f = fit_document(&doc, &request(Some(View::Stub), Some(150), None));
    assert!(f.text.contains("# Chapter 0 ("));
    assert!(!f.text.contains("# Chapter 29 ("));
    assert!(f.text.contains("more parts not shown"));
    assert!(weigh(&f.text) <= 150);
}

#[test]
fn the_stub_always_fits_even_a_tiny_budget() {
    for budget in [1, 2, 5, 10, 30] {
        let f = fitted("guide.md", request(None, Some(budget), None));
        assert_eq!(f.note.view, View::Stub);
        assert!(f.note.tokens <= budget, "{budget}: {}", f.note.tokens);
        assert!(f.text.chars().count() as u64 <= chars_of(budget));
    }
}

#[test]
fn the_tools_own_character_bound() {
    let f = fitted("guide.md", Request { chars: Some(300), ..Request::default() });
    assert!(f.text.chars().count() <= 300);
    assert_eq!(f.note.bound, Some(Bound::Chars));
}

#[test]
fn the_character_cap_holds_without_a_budget() {
    let doc = "word ".repeat(60_000);
    let f = fit_document(&doc, &request(None, None, None));
    assert_eq!(f.note.view, View::Summary);
    assert!(matches!(f.note.bound, Some(Bound::Cap | Bound::CapChars)));
    assert!(f.text.chars().count() as u64 <= CAP_CHARS);
}

#[test]
fn empty_documents_are_answered() {
    let f = fit_document("", &request(None, Some(100), None));
    assert_eq!(f.note.view, View::Full);
    assert_eq!((f.text.as_str(), f.note.size, f.note.tokens), ("", 0, 0));
    let f = fit_document("", &request(Some(View::Stub), None, None));
    assert_eq!(f.text, "document: text, 0 tokens, 0 lines, 0 bytes, 0 parts\n");
}

#[test]
fn the_fit_note_keeps_the_conventions_keys_in_order() {
    let f = fitted("guide.md", request(Some(View::Summary), Some(2000), None));
    let json = serde_json::to_string(&f.answer()).unwrap();
    let fit_at = json.find("\"fit\":").unwrap();
    let keys = ["\"view\"", "\"budget\"", "\"size\"", "\"tokens\"", "\"omitted\"", "\"bound\"", "\"truncated\""];
    let positions: Vec<usize> = keys.iter().map(|k| json[fit_at..].find(k).unwrap()).collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{json}");
}

#[test]
fn wanted_only_with_a_view_budget_or_query() {
    assert!(!fit::wanted(None, None, None));
    assert!(!fit::wanted(None, None, Some("  ")));
    assert!(fit::wanted(Some(View::Full), None, None));
    assert!(fit::wanted(None, Some(10), None));
    assert!(fit::wanted(None, None, Some("Install")));
}

#[test]
fn kinds_can_be_overridden() {
    let f = fitted("guide.md", Request { kind: Some(Kind::Text), view: Some(View::Stub), ..Request::default() });
    assert!(f.text.starts_with("guide.md: text,"));
}

#[test]
fn a_query_that_begins_one_heading_at_a_words_end_names_it() {
    let doc = "# Days\n\n## Day 3 (lines 93-137)\n\nthree\n\n## Day 30\n\nthirty\n\n## Day 31\n\nthirty-one\n";
    let ask =
        |query| fit_document(doc, &Request { view: Some(View::Section), query: Some(query), ..Request::default() });
    let day3 = ask("Day 3");
    assert_eq!(day3.note.view, View::Section);
    assert!(day3.text.starts_with("## Day 3 (lines 93-137)\n") && !day3.text.contains("Day 30"), "{}", day3.text);
    assert!(
        day3.note
            .omitted
            .unwrap()
            .contains("the section 'Day 3 (lines 93-137)', the one part whose name 'Day 3' begins")
    );
    assert_eq!(ask("Day 30").text, "## Day 30\n\nthirty\n\n");
    // `Day` begins three headings, and names none of them.
    assert_ne!(ask("Day").note.view, View::Section);
}
