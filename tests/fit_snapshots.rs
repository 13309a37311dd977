//! What `oz0 fit` shows a person, as snapshots: the help, a summary, a stub and the note.

mod common;

use common::{TestEnv, fixture, text};

fn run(env: &TestEnv, args: &[&str]) -> String {
    let out = env.oz0().args(args).output().expect("oz0 runs");
    let code = out.status.code().unwrap_or(-1);
    let shown = format!("exit: {code}\n--- stdout\n{}--- stderr\n{}", text(&out.stdout), text(&out.stderr));
    shown.replace(&fixture("").display().to_string(), "[FIXTURES]/")
}

#[test]
fn help() {
    let env = TestEnv::new();
    insta::assert_snapshot!(run(&env, &["fit", "--help"]));
}

#[test]
fn summary_of_a_markdown_file() {
    let env = TestEnv::new();
    let path = fixture("guide.md").display().to_string();
    insta::assert_snapshot!(run(&env, &["fit", "--view", "summary", "--budget", "2000", &path]));
}

#[test]
fn a_diff_falls_to_its_stub() {
    let env = TestEnv::new();
    let path = fixture("change.diff").display().to_string();
    insta::assert_snapshot!(run(&env, &["fit", "--budget", "60", &path]));
}

#[test]
fn a_section_of_json() {
    let env = TestEnv::new();
    let path = fixture("package.json").display().to_string();
    insta::assert_snapshot!(run(&env, &["fit", "--query", "deps", "--format", "json", &path]));
}

#[test]
fn a_query_that_names_nothing() {
    let env = TestEnv::new();
    let path = fixture("guide.md").display().to_string();
    insta::assert_snapshot!(run(&env, &["fit", "--query", "Instal", "--budget", "400", &path]));
}
