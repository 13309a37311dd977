//! `oz0 plugin measure` and `oz0 plugin lint --measure` against real Python MCP servers over stdio: the
//! two example plugins, and servers that fail to start, crash or hang.

use crate::common;
use crate::plugin_support;

use std::path::Path;
use std::time::{Duration, Instant};

use common::{PATIENCE, TestEnv, text, wait_for_server_with_child, wait_server_gone};
use plugin_support::{codes_at_lines, copy_plugin, oz0_with_python, python, root};

/// Every mistake planted in examples/broken-notes, with the line it is reported at.
const PLANTED: [(&str, u64); 19] = [
    ("OZ-F003", 7),
    ("OZ-F004", 7),
    ("OZ-F005", 7),
    ("OZ-L002", 7),
    ("OZ-F002", 9),
    ("OZ-M003", 10),
    ("OZ-P001", 11),
    ("OZ-D001", 12),
    ("OZ-F006", 12),
    ("OZ-S017", 15),
    ("OZ-F001", 18),
    ("OZ-P005", 19),
    ("OZ-P002", 21),
    ("OZ-P004", 22),
    ("OZ-M001", 26),
    ("OZ-M002", 27),
    ("OZ-S017", 29),
    ("OZ-P003", 30),
    ("OZ-S017", 30),
];

fn planted() -> Vec<(String, u64)> {
    let mut all: Vec<(String, u64)> = PLANTED.iter().map(|(c, l)| ((*c).to_owned(), *l)).collect();
    all.sort();
    all
}

fn sorted(mut found: Vec<(String, u64)>) -> Vec<(String, u64)> {
    found.sort();
    found
}

#[test]
fn measures_the_good_example_and_lints_it_clean() {
    let env = TestEnv::new();
    let dir = copy_plugin(&env, &root().join("examples/acme-docs"), "acme-docs");
    let out = oz0_with_python(&env).args(["plugin", "measure", "acme-docs"]).output().expect("oz0 runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("acme_docs: acme-docs 1.0.0, protocol 2026-07-28, 3 functions ("), "{stdout}");
    let listing: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("oz0-listing.json")).expect("the listing"))
            .expect("JSON");
    assert_eq!(listing["format"], 1);
    let measured_at = listing["measured_at"].as_str().expect("a time");
    assert!(measured_at.len() == 20 && measured_at.ends_with('Z'), "{measured_at}");
    let tool = &listing["tools"][0];
    assert_eq!(tool["id"], "acme_docs");
    assert_eq!(tool["server"], serde_json::json!({"name": "acme-docs", "version": "1.0.0"}));
    assert_eq!(tool["protocol"], "2026-07-28");
    let functions = tool["functions"].as_array().expect("functions");
    let names: Vec<&str> = functions.iter().map(|f| f["name"].as_str().expect("a name")).collect();
    assert_eq!(names, ["list_pages", "get_page", "search"]);
    for f in functions {
        assert!(f["weight"].as_u64().expect("a weight") > 20, "{f}");
        assert_eq!(f["input_schema"]["type"], "object");
    }
    assert!(functions[0]["output_schema"].is_object(), "list_pages declares its result");
    let entries: Vec<_> =
        std::fs::read_dir(&dir).expect("the folder").map(|e| e.expect("an entry").file_name()).collect();
    assert!(!entries.iter().any(|n| n.to_string_lossy().contains(".tmp")), "no temporary file is left: {entries:?}");

    let out = oz0_with_python(&env).args(["plugin", "lint", "acme-docs"]).output().expect("oz0 runs");
    assert!(out.status.success());
    assert_eq!(text(&out.stdout), "acme-docs/oz0-plugin.yaml: no findings\n");
    let out = oz0_with_python(&env)
        .args(["plugin", "lint", "acme-docs", "--measure", "--format", "json"])
        .output()
        .expect("oz0 runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(report["findings"], serde_json::json!([]));
    assert_eq!(report["listing"]["source"], "measured");
}

#[test]
fn the_good_examples_functions_answer_with_a_fit_note() {
    let dir = root().join("examples/acme-docs");
    let script = "import json, server\n\
                  r = server.get_page('install.md', budget=60)\n\
                  print(json.dumps({'fit': r.structured_content['fit'], 'meta': r.meta}))\n\
                  print(server.get_page('install.md')['content'].splitlines()[0])";
    let out = std::process::Command::new(python())
        .arg("-c")
        .arg(script)
        .current_dir(&dir)
        .env("PYTHONDONTWRITEBYTECODE", "1")
        .output()
        .expect("python runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    let first: serde_json::Value = serde_json::from_str(lines.next().expect("a line")).expect("JSON");
    assert_eq!(first["fit"]["budget"], 60);
    assert!(first["fit"]["tokens"].as_u64().expect("tokens") <= 60);
    assert_eq!(first["meta"]["oz0/fit"], first["fit"]);
    assert_eq!(lines.next(), Some("# Install Acme"), "without view, budget or query, the page whole");
}

#[test]
fn reports_each_planted_mistake_at_its_line_in_every_format() {
    let env = TestEnv::new();
    copy_plugin(&env, &root().join("examples/broken-notes"), "broken-notes");
    let out = oz0_with_python(&env)
        .args(["plugin", "lint", "broken-notes", "--measure", "--format", "json"])
        .output()
        .expect("oz0 runs");
    assert_eq!(out.status.code(), Some(1), "{}", text(&out.stderr));
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(sorted(codes_at_lines(&report)), planted(), "--format json");

    let out = oz0_with_python(&env).args(["plugin", "measure", "broken-notes"]).output().expect("oz0 runs");
    assert!(out.status.success(), "{}", text(&out.stderr));

    let out =
        oz0_with_python(&env).args(["plugin", "lint", "broken-notes", "--format", "sarif"]).output().expect("oz0 runs");
    assert_eq!(out.status.code(), Some(1));
    let sarif: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let found: Vec<(String, u64)> = sarif["runs"][0]["results"]
        .as_array()
        .expect("results")
        .iter()
        .map(|r| {
            let line = r["locations"][0]["physicalLocation"]["region"]["startLine"].as_u64().expect("a line");
            (r["ruleId"].as_str().expect("a rule").to_owned(), line)
        })
        .collect();
    assert_eq!(sorted(found), planted(), "--format sarif");

    let out = oz0_with_python(&env).args(["plugin", "lint", "broken-notes"]).output().expect("oz0 runs");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let mut found = Vec::new();
    let mut code = None;
    for line in stdout.lines() {
        if let Some((c, _)) = line.split_once(" (https://docs.oz0.ai/") {
            code = Some(c.to_owned());
        } else if let Some(at) = line.split("[broken-notes/oz0-plugin.yaml:").nth(1) {
            let number = at.split(':').next().expect("a line number").parse().expect("a number");
            found.push((code.take().expect("a code before its snippet"), number));
        }
    }
    assert_eq!(sorted(found), planted(), "--format text:\n{stdout}");
    assert!(stdout.ends_with("broken-notes/oz0-plugin.yaml: 14 errors, 5 warnings\n"), "{stdout}");
}

/// Writes a plugin whose one tool runs a Python script.
fn fake_plugin(env: &TestEnv, name: &str, script: &str) {
    std::fs::create_dir_all(env.work().join(name)).expect("a folder");
    env.write(
        &format!("{name}/oz0-plugin.yaml"),
        "name: fake\nversion: 1.0.0\ntools:\n  - id: fake\n    mcp: [python3, server.py]\n",
    );
    env.write(&format!("{name}/server.py"), script);
}

#[test]
fn a_server_that_cannot_start_is_a_clear_error() {
    let env = TestEnv::new();
    std::fs::create_dir_all(env.work().join("p")).expect("a folder");
    env.write(
        "p/oz0-plugin.yaml",
        "name: fake\nversion: 1.0.0\ntools:\n  - id: fake\n    mcp: [oz0-no-such-server, --stdio]\n",
    );
    let out = env.oz0().args(["plugin", "measure", "p"]).output().expect("oz0 runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.starts_with("error: could not measure the tool `fake` (`oz0-no-such-server --stdio`)\n"),
        "{stderr}"
    );
    assert!(stderr.contains("caused by: could not start `oz0-no-such-server`"), "{stderr}");
    assert!(!Path::new(&env.work().join("p/oz0-listing.json")).exists());
}

#[test]
fn a_server_that_crashes_shows_the_end_of_its_stderr() {
    let env = TestEnv::new();
    fake_plugin(
        &env,
        "p",
        "import sys\nsys.stderr.write('starting\\nTraceback: the database is gone\\n')\nsys.exit(3)\n",
    );
    let out = env.oz0().args(["plugin", "lint", "p", "--measure"]).output().expect("oz0 runs");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("caused by: the server exited (exit status: 3) before it listed its tools"), "{stderr}");
    assert!(
        stderr.contains("hint: the server's stderr ended with:\n    starting\n    Traceback: the database is gone"),
        "{stderr}"
    );
}

#[test]
fn a_server_that_hangs_is_stopped_at_the_timeout_with_all_it_started() {
    let env = TestEnv::new();
    let script = "import subprocess, sys, time\n\
                  child = subprocess.Popen(['sleep', '300'])\n\
                  sys.stderr.write('waiting for something that never comes\\n'); sys.stderr.flush()\n\
                  time.sleep(300)\n";
    fake_plugin(&env, "p", script);
    // The servers' folders are made in TMPDIR: there, the test finds the server by its HOME.
    let tmp = env.work().join("tmp");
    std::fs::create_dir_all(&tmp).expect("a folder");
    let started = Instant::now();
    let mut measure = env
        .oz0_process()
        .env("TMPDIR", &tmp)
        // Time enough for the server to start its child on a loaded machine.
        .args(["plugin", "measure", "p", "--timeout", "10"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("oz0 runs");
    let server = wait_for_server_with_child(&tmp, &mut measure, PATIENCE);
    let out = measure.wait_with_output().expect("oz0 runs");
    // Ended by its timeout, long before the server's own end at 300 s, however loaded the machine.
    assert!(started.elapsed() < Duration::from_secs(120), "{:?}", started.elapsed());
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("caused by: the server did not list its tools within 10 s"), "{stderr}");
    assert!(stderr.contains("waiting for something that never comes"), "{stderr}");
    assert!(stderr.contains("hint: give it longer with --timeout SECONDS"), "{stderr}");
    let left = wait_server_gone(server.mark(), PATIENCE);
    assert!(left.is_empty(), "processes outlived oz0: {left:?}");
}

#[test]
fn falls_back_to_2025_11_25_for_a_server_of_that_era() {
    let env = TestEnv::new();
    copy_plugin(&env, &root().join("tests/fixtures/plugins/legacy"), "legacy");
    let out = env.oz0().args(["plugin", "measure", "legacy", "--format", "json"]).output().expect("oz0 runs");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let listing: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    let tool = &listing["tools"][0];
    assert_eq!(tool["protocol"], "2025-11-25");
    assert_eq!(tool["server"], serde_json::json!({"name": "legacy", "version": "0.9.0"}));
    assert_eq!(tool["functions"][0]["name"], "echo");
}
