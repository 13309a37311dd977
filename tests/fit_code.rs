//! Source code read by its definitions: a query names a function, a method or a type, and the answer is
//! that definition whole, from its doc comment to its last line; the outline nests them.

use crate::common;
use crate::plugin_support;

use std::path::Path;

use common::{TestEnv, text};

fn fixture(name: &str) -> std::path::PathBuf {
    plugin_support::root().join("tests/fixtures/code").join(name)
}

/// Returns the section a query names, and the fit note.
fn section(env: &TestEnv, file: &Path, query: &str) -> (String, String) {
    let out = env.oz0().args(["fit", "--view", "section", "--query", query]).arg(file).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    (text(&out.stdout), text(&out.stderr))
}

/// Returns lines `a` to `b` of a file, 1-based and inclusive, each with its newline.
fn lines(file: &Path, a: usize, b: usize) -> String {
    let text = std::fs::read_to_string(file).unwrap();
    text.lines().skip(a - 1).take(b + 1 - a).map(|l| format!("{l}\n")).collect()
}

#[test]
fn a_query_answers_a_definition_whole_in_each_language() {
    let env = TestEnv::new();
    // (file, query, first line, last line): doc comments and attributes above a definition are its own.
    let cases = [
        ("shapes.rs", "parse_args", 29, 33),
        ("shapes.rs", "Rect::area", 13, 16),
        ("shapes.rs", "square", 18, 20),
        ("shapes.py", "Circle.area", 12, 15),
        ("shapes.py", "parse_args", 18, 22),
        ("shapes.js", "Circle.area", 10, 12),
        ("shapes.js", "parseArgs", 15, 17),
        ("shapes.ts", "Square.area", 16, 18),
        ("shapes.ts", "Shapes.unit", 22, 24),
        ("server.go", "Server.Start", 11, 15),
        ("server.go", "Start", 11, 15),
        ("list.c", "node_new", 10, 17),
        // A header's functions are its declarations, with the comments above them.
        ("bignum.h", "BN_new", 10, 13),
        ("bignum.h", "BN_print", 15, 17),
        ("shapes.cpp", "Circle::name", 18, 21),
        ("shapes.cpp", "twice", 23, 26),
        ("Shapes.java", "Shapes.toString", 11, 15),
        ("Shapes.java", "area", 17, 19),
        ("shop.rb", "Basket.add", 9, 12),
        ("shop.rb", "empty", 14, 16),
        ("build.sh", "clean", 5, 8),
        ("build.sh", "build", 10, 13),
    ];
    for (file, query, a, b) in cases {
        let path = fixture(file);
        let (answer, note) = section(&env, &path, query);
        assert_eq!(answer, lines(&path, a, b), "{file} {query}: {note}");
        assert!(note.contains(&format!("(lines {a}-{b})")), "{file} {query}: {note}");
    }
}

#[test]
fn the_outline_nests_definitions_with_their_signatures() {
    let env = TestEnv::new();
    // Bodies long enough that the outline is the lighter.
    let body: String = (0..30).map(|n| format!("        let x{n} = {n} * 2;\n")).collect();
    let source = format!(
        "use std::fmt;\n\npub struct Rect {{\n    w: f64,\n}}\n\nimpl Rect {{\n    /// Returns the area. Then more.\n    \
         pub fn area(&self) -> f64 {{\n{body}        self.w\n    }}\n}}\n\nimpl fmt::Display for Rect {{\n    \
         fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {{\n{body}        Ok(())\n    }}\n}}\n"
    );
    let file = env.write("rect.rs", source);
    let out = env.oz0().args(["fit", "--view", "summary"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let summary = text(&out.stdout);
    assert!(summary.contains(": rust, "), "{summary}");
    assert!(summary.contains("\nRect (impl, lines 7-42, "), "{summary}");
    assert!(summary.contains("\n  area (fn, lines 8-41, "), "{summary}");
    assert!(summary.contains("pub fn area(&self) -> f64 — Returns the area."), "{summary}");
    assert!(summary.contains("\nRect (impl fmt::Display for, lines 44-"), "{summary}");
}

#[test]
fn code_of_the_world_is_read_by_its_definitions() {
    let env = TestEnv::new();
    // This project's own source, and a Python package from the registry the tests install.
    let (answer, note) = section(&env, &plugin_support::root().join("src/output.rs"), "format");
    assert!(answer.starts_with("/// Returns the format the command line asks for"), "{note}\n{answer}");
    assert!(answer.trim_end().ends_with('}'), "{answer}");
    let venv = plugin_support::python().parent().unwrap().parent().unwrap().to_path_buf();
    let server = std::fs::read_dir(venv.join("lib"))
        .unwrap()
        .map(|e| e.unwrap().path().join("site-packages/mcp/server/lowlevel/server.py"))
        .find(|p| p.exists())
        .expect("the mcp package in the tests' venv");
    let out = env.oz0().args(["fit", "--view", "summary", "--budget", "4000"]).arg(&server).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let outline = text(&out.stdout);
    assert!(outline.contains(": python, ") && outline.contains("Server (class, lines "), "{outline}");
    let (answer, note) = section(&env, &server, "Server.get_capabilities");
    assert!(answer.trim_start().starts_with("def get_capabilities"), "{note}\n{answer}");
    // JavaScript from npm: the reference MCP server the tests install, found by its `#!` line too.
    let everything = plugin_support::everything();
    let (answer, note) = section(&env, &everything, "run");
    assert!(answer.starts_with("async function run() {") && answer.trim_end().ends_with('}'), "{note}\n{answer}");
    let out = env
        .oz0()
        .args(["fit", "--view", "stub", "-"])
        .write_stdin(std::fs::read(&everything).unwrap())
        .output()
        .unwrap();
    assert!(text(&out.stdout).starts_with("document: javascript, "), "{}", text(&out.stdout));
}
