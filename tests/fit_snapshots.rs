//! What `oz0 fit` shows a person, as snapshots: the help, a summary, a stub and the note.

use crate::common;

use common::{TestEnv, fixture, text};

fn run(env: &TestEnv, args: &[&str]) -> String {
    let out = env.oz0().args(args).output().expect("oz0 runs");
    let code = out.status.code().unwrap_or(-1);
    let shown = format!("exit: {code}\n--- stdout\n{}--- stderr\n{}", text(&out.stdout), text(&out.stderr));
    shown.replace(&fixture("").display().to_string(), "[FIXTURES]/")
}

/// Snapshots what a command printed with its token counts masked: they follow the estimate's trained
/// table, while what the snapshots guard is what a person sees and in what shape.
macro_rules! assert_shown {
    ($shown:expr) => {
        insta::with_settings!({ filters => vec![
            (r"\b\d+ of \d+ tokens", "[N] of [N] tokens"),
            (r"\b\d+ tokens", "[N] tokens"),
            (r#""(size|tokens)": \d+"#, r#""$1": [N]"#),
        ]}, {
            insta::assert_snapshot!($shown);
        })
    };
}

#[test]
fn help() {
    let env = TestEnv::new();
    insta::assert_snapshot!(run(&env, &["fit", "--help"]));
    // The rest mask token counts.
}

#[test]
fn summary_of_a_markdown_file() {
    let env = TestEnv::new();
    let path = fixture("guide.md").display().to_string();
    assert_shown!(run(&env, &["fit", "--view", "summary", "--budget", "2000", &path]));
}

#[test]
fn a_diff_falls_to_its_stub() {
    let env = TestEnv::new();
    let path = fixture("change.diff").display().to_string();
    assert_shown!(run(&env, &["fit", "--budget", "60", &path]));
}

#[test]
fn a_section_of_json() {
    let env = TestEnv::new();
    let path = fixture("package.json").display().to_string();
    assert_shown!(run(&env, &["fit", "--query", "deps", "--format", "json", &path]));
}

#[test]
fn a_query_that_names_nothing() {
    let env = TestEnv::new();
    let path = fixture("guide.md").display().to_string();
    assert_shown!(run(&env, &["fit", "--query", "Instal", "--budget", "400", &path]));
}
