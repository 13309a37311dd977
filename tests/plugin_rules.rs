//! Every lint rule against a fixture that breaks it and one that keeps it: the failing one's report is
//! snapshot, the passing one is clean.

use crate::common;
use crate::plugin_support;

use std::path::Path;

use common::{TestEnv, text};
use plugin_support::{copy_plugin, root};

fn fixtures() -> std::path::PathBuf {
    root().join("tests/fixtures/plugins/rules")
}

fn lint(env: &TestEnv, dir: &str) -> (i32, String) {
    let out = env.oz0().args(["plugin", "lint", dir]).output().expect("oz0 runs");
    (out.status.code().unwrap_or(-1), text(&out.stdout))
}

/// Returns the codes of the rules `oz0 plugin lint --list-rules` lists, having checked that they are the
/// rules with fixtures here, one folder each, so that a loop over them cannot pass on a short list.
fn rule_codes(env: &TestEnv) -> Vec<String> {
    let out = env.oz0().args(["plugin", "lint", "--list-rules", "--format", "json"]).output().expect("oz0 runs");
    let rules: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let codes: Vec<String> =
        rules.as_array().expect("rules").iter().map(|r| r["code"].as_str().expect("a code").to_owned()).collect();
    let mut listed: Vec<String> = codes.iter().map(|code| code.to_lowercase()).collect();
    listed.sort();
    let mut folders: Vec<String> = std::fs::read_dir(fixtures())
        .expect("the rules' fixtures")
        .map(|entry| entry.expect("an entry").file_name().to_string_lossy().into_owned())
        .collect();
    folders.sort();
    assert!(listed.len() >= 20, "oz0 lists {} rules: {listed:?}", listed.len());
    assert_eq!(listed, folders, "each listed rule has a folder of fixtures, and each folder is a listed rule's");
    codes
}

#[test]
fn every_rule_has_a_failing_and_a_passing_fixture() {
    let env = TestEnv::new();
    for code in rule_codes(&env) {
        let dir = fixtures().join(code.to_lowercase());
        assert!(dir.join("fail").is_dir() && dir.join("pass").is_dir(), "{code} needs fixtures in {}", dir.display());
    }
}

#[test]
fn each_rule_reports_its_failing_fixture_and_passes_the_other() {
    let env = TestEnv::new();
    for code in rule_codes(&env) {
        let dir = fixtures().join(code.to_lowercase());
        let fail = format!("{}-fail", code.to_lowercase());
        copy_plugin(&env, &dir.join("fail"), &fail);
        let (status, report) = lint(&env, &fail);
        assert!(
            report.contains(&format!("{code} (https://docs.oz0.ai/")),
            "{code}: the failing fixture is not reported:\n{report}"
        );
        let severity_exit = if report.contains(" 0 errors,") { 0 } else { 1 };
        assert_eq!(status, severity_exit, "{code}: exit status");
        insta::assert_snapshot!(code.clone(), report);

        let pass = format!("{}-pass", code.to_lowercase());
        copy_plugin(&env, &dir.join("pass"), &pass);
        let (status, report) = lint(&env, &pass);
        assert_eq!(status, 0, "{code}: the passing fixture fails:\n{report}");
        assert!(report.ends_with("no findings\n"), "{code}: the passing fixture has findings:\n{report}");
    }
}

#[test]
fn each_rule_explains_itself_in_four_sections() {
    let env = TestEnv::new();
    for code in rule_codes(&env) {
        let out = env.oz0().args(["plugin", "lint", "--explain", &code]).output().expect("oz0 runs");
        assert!(out.status.success());
        let page = text(&out.stdout);
        for section in ["## What it does", "## Why is this bad?", "## Example", "## Use instead"] {
            assert!(page.contains(section), "{code} --explain lacks {section}:\n{page}");
        }
        assert!(page.starts_with(&format!("# {code} ")), "{page}");
    }
}

#[test]
fn the_listing_older_than_the_manifest_is_a_finding() {
    let env = TestEnv::new();
    let dir = copy_plugin(&env, &fixtures().join("oz-f006/pass"), "stale");
    let manifest = std::fs::File::options().append(true).open(dir.join("oz0-plugin.yaml")).expect("the manifest");
    let later = std::time::SystemTime::now() + std::time::Duration::from_secs(60);
    manifest.set_modified(later).expect("a later time");
    let out = env.oz0().args(["plugin", "lint", "stale"]).output().expect("oz0 runs");
    assert!(out.status.success(), "a warning only");
    assert!(text(&out.stdout).contains("OZ-L003"), "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("before stale/oz0-plugin.yaml last changed"), "{}", text(&out.stderr));
    let _ = Path::new("");
}
