//! `oz0 fit` end to end: files and stdin, views, the note on stderr, JSON, counts and bad input.

use crate::common;

use common::{TestEnv, fixture, text};

fn guide() -> String {
    std::fs::read_to_string(fixture("guide.md")).expect("the guide fixture")
}

#[test]
fn prints_the_input_unchanged_without_view_budget_or_query() {
    let env = TestEnv::new();
    let out = env.oz0().args(["fit"]).arg(fixture("guide.md")).output().unwrap();
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), guide());
    assert!(out.stderr.is_empty());
    let out = env.oz0().args(["fit", "-"]).write_stdin(b"\xff raw bytes pass".as_slice()).output().unwrap();
    assert_eq!(out.stdout, b"\xff raw bytes pass");
}

#[test]
fn fits_a_file_with_the_note_on_stderr() {
    let env = TestEnv::new();
    // Sections long enough that their outline is the lighter.
    let body = "It says one thing. Then it says a good deal more, over sentences a summary leaves out.\n\n".repeat(4);
    let path = env.write("guide.md", format!("# Guide\n\n{body}## Install\n\n{body}## Usage\n\n{body}"));
    let out = env.oz0().args(["fit", "--view", "summary", "--budget", "2000"]).arg(&path).output().unwrap();
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert!(stdout.starts_with(&format!("{}: markdown,", path.display())), "{stdout}");
    assert!(stdout.contains("## Install (lines 11-20, "), "{stdout}");
    assert_eq!(stderr.lines().count(), 1, "one human line: {stderr}");
    assert!(stderr.starts_with("fit: summary, "), "{stderr}");
    assert!(stderr.contains(", budget 2000."));
}

#[test]
fn reads_stdin_and_names_it() {
    let env = TestEnv::new();
    let out = env
        .oz0()
        .args(["fit", "--query", "Install > Linux", "--name", "guide.md"])
        .write_stdin(guide())
        .output()
        .unwrap();
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "### Linux\n\nUse the distribution's package. Debian and Fedora are covered.\n\n");
    assert!(text(&out.stderr).contains("This is the section 'Linux' (lines 22-25); the rest of 'guide.md'"));
}

/// A named pipe, as a shell's `<(command)` gives, is read whole, its first bytes included.
#[cfg(unix)]
#[test]
fn reads_a_named_pipe_whole() {
    let env = TestEnv::new();
    let fifo = env.work().join("guide.md");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status().unwrap();
    assert!(made.success());
    let writer = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::write(fifo, guide().repeat(200)).unwrap())
    };
    let out = env.oz0().args(["fit", "--query", "Install > Linux"]).arg(&fifo).output().unwrap();
    writer.join().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "### Linux\n\nUse the distribution's package. Debian and Fedora are covered.\n\n");
}

#[test]
fn json_format_answers_as_a_tool_following_the_convention() {
    let env = TestEnv::new();
    let out = env.oz0().args(["fit", "--budget", "60", "--format", "json"]).arg(fixture("guide.md")).output().unwrap();
    assert!(out.status.success());
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let keys: Vec<&str> = answer.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["content", "fit"]);
    let fit = &answer["fit"];
    let keys: Vec<&str> = fit.as_object().unwrap().keys().map(String::as_str).collect();
    assert_eq!(keys, ["view", "budget", "size", "tokens", "omitted", "bound", "truncated"]);
    assert_eq!(fit["view"], "stub");
    assert_eq!(fit["bound"], "budget");
    assert_eq!(fit["truncated"], true);
    assert!(fit["tokens"].as_u64().unwrap() <= 60);
    assert!(out.stderr.is_empty(), "the note is in the JSON, not on stderr");
}

#[test]
fn several_files_each_get_a_header_and_a_note() {
    let env = TestEnv::new();
    let out = env
        .oz0()
        .args(["fit", "--view", "stub"])
        .arg(fixture("guide.md"))
        .arg(fixture("change.diff"))
        .output()
        .unwrap();
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("==> "));
    assert_eq!(stdout.matches("==> ").count(), 2);
    assert_eq!(text(&out.stderr).lines().count(), 2);
    let out = env
        .oz0()
        .args(["fit", "--view", "stub", "--format", "json"])
        .arg(fixture("guide.md"))
        .arg(fixture("change.diff"))
        .output()
        .unwrap();
    let all: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(all.as_array().unwrap().len(), 2);
    assert!(all[1]["name"].as_str().unwrap().ends_with("change.diff"));
}

#[test]
fn counts_like_wc() {
    let env = TestEnv::new();
    let a = env.write("a.md", "# Hello\n\nSome words here.\n");
    let b = env.write("b.txt", format!("x{}y\n", " ".repeat(200)));
    let out = env.oz0().args(["fit", "--count"]).arg(&a).arg(&b).output().unwrap();
    assert!(out.status.success());
    let stdout = text(&out.stdout);
    let rows: Vec<Vec<&str>> = stdout.lines().map(|line| line.split_whitespace().collect()).collect();
    assert_eq!(rows.len(), 4, "{stdout}");
    assert_eq!(rows[0], ["COUNT", "WEIGH", "NAME"]);
    assert!(rows[1][2].ends_with("a.md") && rows[3][2] == "total", "{stdout}");
    // The numbers are right-aligned under their headers.
    assert!(stdout.lines().all(|line| line.chars().nth(4).is_some_and(|c| c != ' ')), "{stdout}");
    let out = env.oz0().args(["fit", "--count", "--format", "json"]).arg(&b).output().unwrap();
    let counted: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let file = &counted["files"][0];
    // A long run of spaces weighs a quarter of its length, whatever the estimate gives it.
    assert!(file["weigh"].as_u64().unwrap() >= 50, "{counted}");
    assert!(counted["total"].is_null());
}

#[test]
fn empty_input_is_an_answer() {
    let env = TestEnv::new();
    let out = env.oz0().args(["fit", "--budget", "10", "--format", "json"]).write_stdin("").output().unwrap();
    assert!(out.status.success());
    let answer: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["content"], "");
    assert_eq!(answer["fit"]["view"], "full");
}

#[test]
fn invalid_utf8_names_the_offset_and_prints_nothing() {
    let env = TestEnv::new();
    let path = env.write("bad.md", b"# Title\n\nok \xff bad\n");
    let out = env.oz0().args(["fit", "--budget", "100"]).arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    assert!(stderr.contains("is not UTF-8: byte offset 12"), "{stderr}");
    assert!(stderr.contains("hint: pass --lossy"));
    let out = env.oz0().args(["fit", "--budget", "100", "--lossy"]).arg(&path).output().unwrap();
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("ok \u{fffd} bad"));
}

#[test]
fn bad_arguments_are_usage_errors() {
    let env = TestEnv::new();
    for args in [
        &["fit", "--budget", "0"][..],
        &["fit", "--budget", "-5"],
        &["fit", "--budget", "many"],
        &["fit", "--view", "outline"],
        &["fit", "--kind", "yaml"],
        &["fit", "--view", "section"],
        &["fit", "--count", "--budget", "5"],
    ] {
        let out = env.oz0().args(args).write_stdin("# x\n").output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}: {}", text(&out.stderr));
        assert!(out.stdout.is_empty(), "{args:?}");
    }
    let out = env.oz0().args(["fit", "--budget", "0"]).output().unwrap();
    assert!(text(&out.stderr).contains("`0` is not 1 or more"));
}

#[test]
fn a_missing_file_is_named() {
    let env = TestEnv::new();
    let out = env.oz0().args(["fit", "--budget", "5", "missing.md"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    let stderr = text(&out.stderr);
    assert!(stderr.starts_with("error: cannot read 'missing.md'\ncaused by: "), "{stderr}");
    assert!(stderr.contains("hint: check the path"));
}

#[test]
fn invalid_json_is_refused_only_when_asked_for_as_json() {
    let env = TestEnv::new();
    let path = env.write("data.json", "{\"a\": tru}");
    let out = env.oz0().args(["fit", "--budget", "50", "--kind", "json"]).arg(&path).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("is not JSON"), "{stderr}");
    assert!(stderr.contains("caused by: expected a value at line 1, column 7"), "{stderr}");
    let out = env.oz0().args(["fit", "--budget", "50"]).arg(&path).output().unwrap();
    assert!(out.status.success());
    assert!(text(&out.stderr).starts_with("warning: "));
}

#[test]
fn a_closed_pipe_ends_quietly() {
    let env = TestEnv::new();
    let big = env.write("big.txt", "line of text\n".repeat(200_000));
    // Text and JSON alike: a reader that goes away (`| head`) ends the command quietly.
    for format in ["text", "json"] {
        let mut child = std::process::Command::new(assert_cmd::cargo::cargo_bin("oz0"))
            .args(["fit", "--format", format])
            .arg(&big)
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{format}: {}", text(&out.stderr));
        assert!(out.stderr.is_empty(), "{format}: {}", text(&out.stderr));
    }
}
