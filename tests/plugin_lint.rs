//! `oz0 plugin lint` end to end without servers: bad input, formats, exit codes, the rules' pages.

use crate::common;
use crate::plugin_support;

use common::{TestEnv, text};
use plugin_support::{copy_plugin, root};

fn plugin(env: &TestEnv, name: &str, manifest: impl AsRef<[u8]>) -> String {
    std::fs::create_dir_all(env.work().join(name)).expect("a folder");
    env.write(&format!("{name}/oz0-plugin.yaml"), manifest);
    name.to_owned()
}

/// Lints `dir` and returns the exit status, stdout and stderr.
fn lint(env: &TestEnv, args: &[&str]) -> (i32, String, String) {
    let out = env.oz0().args(["plugin", "lint"]).args(args).output().expect("oz0 runs");
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

fn refused(env: &TestEnv, manifest: impl AsRef<[u8]>, says: &str) {
    let dir = plugin(env, "bad", manifest);
    let (status, stdout, stderr) = lint(env, &[&dir]);
    assert_eq!(status, 2, "could not lint: {stderr}");
    assert!(stdout.is_empty());
    assert!(stderr.starts_with("error: cannot lint 'bad/oz0-plugin.yaml'"), "{stderr}");
    assert!(stderr.contains(says), "expected `{says}` in:\n{stderr}");
}

#[test]
fn refuses_an_alias_bomb() {
    let env = TestEnv::new();
    let mut bomb = String::from("a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]\n");
    for (prev, name) in ["a", "b", "c", "d", "e", "f", "g", "h"].iter().zip(["b", "c", "d", "e", "f", "g", "h", "i"]) {
        bomb.push_str(&format!("{name}: &{name} [{}]\n", vec![format!("*{prev}"); 9].join(", ")));
    }
    refused(&env, bomb, "aliases expand to more than 100000 values, refused as an alias bomb");
}

#[test]
fn refuses_deep_nesting() {
    let env = TestEnv::new();
    refused(&env, format!("name: {}x{}\n", "[".repeat(5000), "]".repeat(5000)), "values nest more than 64 deep");
    let block: String = (0..80).map(|d| format!("{}a:\n", "  ".repeat(d))).collect();
    refused(&env, block, "line 65, column 129: values nest more than 64 deep");
}

#[test]
fn refuses_a_file_over_a_mebibyte() {
    let env = TestEnv::new();
    let big = format!("name: acme\ndescription: {}\n", "x".repeat(1 << 20));
    refused(&env, big, "more than the 1048576 bytes a manifest may have");
}

#[test]
fn refuses_binary_and_non_utf8_content() {
    let env = TestEnv::new();
    refused(&env, b"name: acme\0\x01\x02".as_slice(), "the manifest is binary: byte 10 is NUL");
    refused(&env, b"name: caf\xe9\n".as_slice(), "the manifest is not UTF-8: byte 9");
}

#[test]
fn refuses_an_empty_manifest() {
    let env = TestEnv::new();
    refused(&env, "", "the manifest is empty");
    refused(&env, "\n  \n# nothing but a comment\n", "the manifest is empty");
}

#[test]
fn reports_yaml_syntax_errors_with_their_position() {
    let env = TestEnv::new();
    refused(&env, "name: acme\ntools: [a, b\n", "line 3, column 1:");
}

#[test]
fn a_missing_manifest_is_a_usage_error() {
    let env = TestEnv::new();
    let (status, _, stderr) = lint(&env, &["nowhere"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("cannot read 'nowhere/oz0-plugin.yaml'"), "{stderr}");
    assert!(stderr.contains("hint: a plugin's folder holds its manifest, oz0-plugin.yaml"), "{stderr}");
}

#[test]
fn a_manifest_with_wrong_types_is_linted_not_refused() {
    let env = TestEnv::new();
    let dir = plugin(&env, "odd", "- just\n- a list\n");
    let (status, stdout, _) = lint(&env, &[&dir]);
    assert_eq!(status, 1);
    assert!(stdout.contains("OZ-P002"), "{stdout}");
}

#[test]
fn the_good_example_is_clean_without_a_listing() {
    let env = TestEnv::new();
    let dir = copy_plugin(&env, &root().join("examples/acme-docs"), "acme-docs");
    assert!(!dir.join("oz0-listing.json").exists());
    let (status, stdout, stderr) = lint(&env, &["acme-docs"]);
    assert_eq!(status, 0, "{stdout}");
    assert_eq!(stdout, "acme-docs/oz0-plugin.yaml: no findings\n");
    assert!(stderr.contains("no oz0-listing.json"), "{stderr}");
}

#[test]
fn lints_the_current_folder_or_a_manifest_path() {
    let env = TestEnv::new();
    plugin(&env, ".", "name: acme\nversion: 1.0.0\n");
    let (status, stdout, _) = lint(&env, &[]);
    assert_eq!((status, stdout.as_str()), (0, "oz0-plugin.yaml: no findings\n"));
    let (status, stdout, _) = lint(&env, &["oz0-plugin.yaml"]);
    assert_eq!((status, stdout.as_str()), (0, "oz0-plugin.yaml: no findings\n"));
}

const WARNS: &str = "name: acme\nversion: 1.0.0\ntools:\n  - id: docs\n    mcp: [python, server.py]\n";

#[test]
fn warnings_pass_unless_denied() {
    let env = TestEnv::new();
    let dir = copy_plugin(&env, &root().join("tests/fixtures/plugins/rules/oz-l002/fail"), "warns");
    let (status, stdout, _) = lint(&env, &["warns"]);
    assert_eq!(status, 0, "{stdout}");
    assert!(stdout.ends_with("warns/oz0-plugin.yaml: 0 errors, 1 warning\n"), "{stdout}");
    let (status, _, stderr) = lint(&env, &["warns", "--deny", "warnings"]);
    assert_eq!(status, 1);
    assert!(stderr.contains("has 1 warning (denied)"), "{stderr}");
    let _ = (dir, WARNS);
}

fn broken(env: &TestEnv) {
    plugin(
        env,
        "broken",
        "name: acme\nversion: 1.0.0\ntools:\n  - id: docs\n    mcp: [python, server.py]\n    results: {fit: yes}\n    timout: 3\n",
    );
}

#[test]
fn json_output_is_the_documented_object() {
    let env = TestEnv::new();
    broken(&env);
    let (status, stdout, stderr) = lint(&env, &["broken", "--format", "json"]);
    assert_eq!(status, 1);
    assert!(stderr.ends_with("error: broken/oz0-plugin.yaml has 2 errors\n"), "{stderr}");
    let json: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    insta::assert_snapshot!(serde_json::to_string_pretty(&json).expect("JSON"));
}

#[test]
fn sarif_output_is_sarif_2_1_0() {
    let env = TestEnv::new();
    broken(&env);
    let (status, stdout, _) = lint(&env, &["broken", "--format", "sarif"]);
    assert_eq!(status, 1);
    let sarif: serde_json::Value = serde_json::from_str(&stdout).expect("JSON");
    assert_eq!(sarif["version"], "2.1.0");
    let run = &sarif["runs"][0];
    let rules = run["tool"]["driver"]["rules"].as_array().expect("rules");
    let results = run["results"].as_array().expect("results");
    assert_eq!(results.len(), 2);
    for result in results {
        let index = result["ruleIndex"].as_u64().expect("an index") as usize;
        assert_eq!(rules[index]["id"], result["ruleId"]);
        assert_eq!(result["level"], "error");
        let region = &result["locations"][0]["physicalLocation"]["region"];
        assert!(region["startLine"].as_u64().expect("a line") >= 6);
        assert_eq!(result["locations"][0]["physicalLocation"]["artifactLocation"]["uri"], "broken/oz0-plugin.yaml");
    }
    assert_eq!(results[0]["ruleId"], "OZ-F001");
    assert_eq!(results[0]["locations"][0]["physicalLocation"]["region"]["startColumn"], 20);
}

#[test]
fn lists_and_explains_the_rules() {
    let env = TestEnv::new();
    let out = env.oz0().args(["plugin", "lint", "--list-rules"]).output().expect("oz0 runs");
    assert!(out.status.success());
    insta::assert_snapshot!("list_rules", text(&out.stdout));
    let out = env.oz0().args(["plugin", "lint", "--explain", "oz-s017"]).output().expect("oz0 runs");
    assert!(out.status.success());
    insta::assert_snapshot!("explain_s017", text(&out.stdout));
    let (status, _, stderr) = lint(&env, &["--explain", "OZ-S071"]);
    assert_eq!(status, 2);
    assert!(
        stderr.contains("no rule has the code `OZ-S071`") && stderr.contains("did you mean `OZ-S017`?"),
        "{stderr}"
    );
}

#[test]
fn a_listing_that_cannot_be_read_is_an_error() {
    let env = TestEnv::new();
    plugin(&env, "p", WARNS);
    env.write("p/oz0-listing.json", "{\"format\": 9, \"measured_at\": \"\", \"tools\": []}");
    let (status, _, stderr) = lint(&env, &["p"]);
    assert_eq!(status, 2);
    assert!(stderr.contains("'p/oz0-listing.json' is not a listing oz0 can read"), "{stderr}");
    assert!(stderr.contains("its format is 9"), "{stderr}");
}
