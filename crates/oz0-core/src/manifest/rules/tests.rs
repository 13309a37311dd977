use super::*;
use crate::manifest::Document;

#[test]
fn codes_and_names_are_unique_and_well_formed() {
    for (i, rule) in ALL.iter().enumerate() {
        let (prefix, number) = rule.code.split_at(4);
        assert!(prefix.starts_with("OZ-") && "PFMSDL".contains(&prefix[3..]), "{}", rule.code);
        assert!(number.len() == 3 && number.bytes().all(|b| b.is_ascii_digit()), "{}", rule.code);
        assert!(rule.name.bytes().all(|b| b.is_ascii_lowercase() || b == b'-'), "{}", rule.name);
        assert!(!ALL[..i].iter().any(|r| r.code == rule.code || r.name == rule.name), "{} is twice", rule.code);
    }
}

#[test]
fn each_explanation_has_the_four_sections_in_order() {
    for rule in ALL {
        let page = rule.explanation();
        let at: Vec<Option<usize>> = ["## What it does", "## Why is this bad?", "## Example", "## Use instead"]
            .iter()
            .map(|s| page.find(s))
            .collect();
        assert!(at.iter().all(Option::is_some), "{}:\n{page}", rule.code);
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{}: sections out of order", rule.code);
    }
}

#[test]
fn finds_rules_by_code_or_name_and_suggests_the_nearest() {
    assert_eq!(Rule::find("oz-s017").map(|r| r.name), Some("provider-key"));
    assert_eq!(Rule::find("results-block").map(|r| r.code), Some("OZ-F001"));
    assert_eq!(Rule::closest("OZ-S071").map(|r| r.code), Some("OZ-S017"));
    assert!(Rule::find("OZ-X999").is_none());
}

#[test]
fn listing_rules_wait_for_a_listing() {
    let doc = Document::parse("name: a\nversion: '1'\ntools:\n  - id: t\n    mcp: [x]\n    results: {fit: true}\n")
        .expect("a manifest");
    assert_eq!(lint(&doc, &Lint::default()), Vec::new());
    let listing = crate::manifest::Listing { format: 1, measured_at: String::new(), tools: Vec::new() };
    let findings = lint(&doc, &Lint { listing: Some(&listing), listing_older: true });
    let codes: Vec<&str> = findings.iter().map(|f| f.rule.code).collect();
    assert_eq!(codes, ["OZ-L003", "OZ-L003"]);
}
