//! Small things a newcomer tripped on: each says what it should, once.

use crate::common;
use crate::plugin_support;

use common::{TestEnv, text};

#[test]
fn an_agent_offload_of_off_is_shown_once() {
    let env = TestEnv::new();
    let out = env.oz0().args(["tenant", "offload", "--agent-offload", "off"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.lines().filter(|l| l.starts_with("off ")).count(), 1, "{stdout}");
}

#[test]
fn a_budget_of_zero_is_refused_in_words_a_person_reads() {
    let env = TestEnv::new();
    let out = env.oz0().args(["tool", "call", "acme_docs.get_page", "--budget", "0"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("`0` is not 1 or more: give a whole number from 1 up"), "{stderr}");
    assert!(!stderr.contains("18446744073709551615"), "{stderr}");
}

#[test]
fn edge_status_prints_the_data_folder_for_a_script() {
    let env = TestEnv::new();
    let out = env.oz0().args(["edge", "status", "--data"]).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).trim_end(), env.home().display().to_string());
}

#[test]
fn a_line_range_that_names_no_line_says_why() {
    let env = TestEnv::new();
    let file = env.write("eleven.txt", (1..=11).map(|n| format!("line {n}\n")).collect::<String>());
    let note = |query: &str| {
        let out = env.oz0().args(["fit", "--query", query]).arg(&file).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stderr)
    };
    assert!(
        note("999-1200").contains("The lines '999-1200' are past the end: the text has 11 lines"),
        "{}",
        note("999-1200")
    );
    assert!(note("5-2").contains("'5-2' is not a line range: it ends before it starts"), "{}", note("5-2"));
}

#[test]
fn the_edges_options_go_before_the_command_or_after_it() {
    let env = TestEnv::new();
    for args in [&["--edge", "http://127.0.0.1:9", "job", "list"][..], &["job", "list", "--edge", "http://127.0.0.1:9"]]
    {
        let out = env.oz0().args(args).env_remove("OZ0_EDGE").output().unwrap();
        let stderr = text(&out.stderr);
        assert!(stderr.contains("no edge answers at http://127.0.0.1:9"), "{args:?}: {stderr}");
    }
}

#[test]
fn a_gateway_configuration_given_as_an_agent_is_named_for_what_it_is() {
    let env = TestEnv::new();
    let gateway = std::path::PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/gateway.toml");
    let out = env.oz0().args(["agent", "apply"]).arg(&gateway).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("is a model gateway configuration, not an agent or a flow"), "{stderr}");
    assert!(stderr.contains("oz0 edge status --data"), "{stderr}");
}

#[test]
fn fit_says_it_reads_a_terminal_rather_than_wait_in_silence() {
    let env = TestEnv::new();
    // oz0 runs on a pseudo-terminal, as at a person's prompt; the document is typed, then Ctrl-D.
    let script = "import os, pty, sys, time\n\
                  pid, fd = pty.fork()\n\
                  if pid == 0:\n    os.execv(sys.argv[1], [sys.argv[1], 'fit'])\n\
                  time.sleep(1.0)\n\
                  os.write(fd, b'hello\\n')\n\
                  time.sleep(0.2)\n\
                  os.write(fd, b'\\x04')\n\
                  out = b''\n\
                  while True:\n    try:\n        chunk = os.read(fd, 4096)\n    except OSError:\n        break\n    if not chunk:\n        break\n    out += chunk\n\
                  os.waitpid(pid, 0)\n\
                  sys.stdout.write(out.decode(errors='replace'))\n";
    let oz0 = assert_cmd::cargo::cargo_bin("oz0");
    let out = std::process::Command::new(plugin_support::python())
        .args(["-c", script])
        .arg(&oz0)
        .env("OZ0_HOME", env.home())
        .output()
        .unwrap();
    let said = text(&out.stdout);
    assert!(
        said.contains("reading the document from the terminal: paste it, then press Ctrl-D"),
        "{said} {}",
        text(&out.stderr)
    );
}

#[test]
fn the_query_a_diffs_note_suggests_names_a_hunk() {
    let env = TestEnv::new();
    let diff = "diff --git a/f.txt b/f.txt\n--- a/f.txt\n+++ b/f.txt\n@@ -5,4 +5,5 @@ fn main\n e\n f\n g\n+X\n h\n";
    let file = env.write("change.diff", diff);
    let fit = |query: &str| {
        let out = env.oz0().args(["fit", "--view", "section", "--query", query]).arg(&file).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        (text(&out.stdout), text(&out.stderr))
    };
    let (_, note) = fit("nothing like it");
    assert!(note.contains("a query such as 'f.txt#1'"), "{note}");
    // The suggestion, and the hunk's header as the outline shows it, each name the hunk.
    for query in ["f.txt#1", "#1 @@ -5,4 +5,5 @@ fn main", "#1 @@ -5,4 +5,5 @@"] {
        let (hunk, note) = fit(query);
        assert!(note.contains("This is hunk #1 of 'f.txt'"), "{query}: {note}");
        assert!(hunk.starts_with("@@ -5,4 +5,5 @@") && hunk.contains("+X"), "{query}: {hunk}");
    }
}

#[test]
fn chars_alone_asks_for_a_fit() {
    let env = TestEnv::new();
    let doc: String = (1..=40).map(|n| format!("# Part {n}\n\nIt says a thing or two.\n\n")).collect();
    let file = env.write("parts.md", doc.as_str());
    let out = env.oz0().args(["fit", "--chars", "100"]).arg(&file).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).chars().count() <= 100, "{}", text(&out.stdout));
    assert!(text(&out.stderr).contains("the tool's bound of 100 characters"), "{}", text(&out.stderr));
}

#[test]
fn a_tiny_budget_keeps_the_stubs_header_to_whole_fields() {
    let env = TestEnv::new();
    let doc: String = (1..=40).map(|n| format!("# Part {n}\n\nIt says a thing or two.\n\n")).collect();
    let file = env.write("parts.md", doc.as_str());
    for budget in 1..=16 {
        let out = env.oz0().args(["fit", "--budget"]).arg(budget.to_string()).arg(&file).output().unwrap();
        assert!(out.status.success(), "{}", text(&out.stderr));
        let (stub, note) = (text(&out.stdout), text(&out.stderr));
        assert!(!stub.trim_end().ends_with(','), "budget {budget}: {stub:?}");
        assert!(!note.contains("the first 0 of"), "budget {budget}: {note}");
        if !stub.contains("\n#") {
            assert!(note.contains("its header alone (the 40 parts of its outline did not fit)"), "{note}");
        }
    }
}

#[test]
fn a_misspelt_command_suggests_the_visible_one_it_nearly_is() {
    let env = TestEnv::new();
    let out = env.oz0().arg("fti").output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("tip: a similar subcommand exists: 'fit'"), "{stderr}");
    assert!(!stderr.contains("'util'") && !stderr.contains("'file'"), "{stderr}");
    let out = env.oz0().args(["plugin", "lnt"]).output().unwrap();
    assert!(text(&out.stderr).contains("'lint'"), "{}", text(&out.stderr));
    let out = env.oz0().arg("zebra").output().unwrap();
    assert!(!text(&out.stderr).contains("tip:"), "{}", text(&out.stderr));
}

#[test]
fn a_misspelt_agent_or_tool_gets_the_nearest_name() {
    let site = plugin_support::PluginSite::new(common::Transport::Embedded);
    std::fs::create_dir_all(site.env.work().join("agents")).unwrap();
    std::fs::copy(
        plugin_support::root().join("examples/agents/reader.yaml"),
        site.env.work().join("agents/reader.yaml"),
    )
    .unwrap();
    let (code, _, stderr) = site.run(&["run", "readr"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("did you mean `oz0 run reader`?"), "{stderr}");

    site.install("acme-docs");
    let (code, _, stderr) = site.run(&["tool", "call", "acme_doc.get_page"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("did you mean `acme_docs.get_page`?"), "{stderr}");
}

#[test]
fn a_tools_error_is_said_once() {
    let site = plugin_support::PluginSite::new(common::Transport::Embedded);
    site.install("acme-docs");
    let (code, stdout, stderr) = site.run(&["tool", "call", "acme_docs.get_page", "--arg", "path=nope.md"]);
    assert_eq!(code, 1, "{stderr}");
    let said = "no page 'nope.md'";
    assert_eq!(stdout.matches(said).count(), 1, "what a model reads: {stdout}");
    assert_eq!(stderr.matches(said).count(), 1, "{stderr}");
    assert!(!stderr.contains("stderr ended with"), "{stderr}");
}

/// Writes a plugin `name` in the site's work folder whose one tool runs `program server.py`.
fn one_tool_plugin(site: &plugin_support::PluginSite, name: &str, program: &str) -> std::path::PathBuf {
    let dir = site.env.work().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = format!(
        "name: {name}\nversion: 1.0.0\ndescription: A server that cannot start.\n\
         tools:\n  - id: {name}\n    description: Cannot start.\n    mcp: [{program}, server.py]\n"
    );
    std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
    dir
}

#[test]
fn a_python_server_without_its_package_says_which_python_to_run() {
    let site = plugin_support::PluginSite::new(common::Transport::Embedded);
    let dir = one_tool_plugin(&site, "needs", "python");
    std::fs::write(dir.join("server.py"), "import oz0_absent_package\n").unwrap();
    let (code, _, stderr) = site.run(&["plugin", "install", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("hint: the tool's Python has no `oz0_absent_package` package"), "{stderr}");
    assert!(stderr.contains("export PATH=\"$PWD/.venv/bin:$PATH\""), "{stderr}");
}

#[test]
fn a_server_whose_program_is_not_on_path_says_so_and_how_to_make_the_examples_venv() {
    let site = plugin_support::PluginSite::new(common::Transport::Embedded);
    let dir = one_tool_plugin(&site, "elsewhere", "oz0-no-such-program");
    let (code, _, stderr) = site.run(&["plugin", "install", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("could not start `oz0-no-such-program`"), "{stderr}");
    assert!(stderr.contains("hint: `oz0-no-such-program` is not on the PATH oz0"), "{stderr}");
    assert!(stderr.contains("`scripts/setup-examples` makes the venv .venv"), "{stderr}");
}

#[test]
fn output_options_go_before_the_command_or_after_it() {
    let env = TestEnv::new();
    for args in [
        &["--format", "json", "job", "list"][..],
        &["job", "list", "--format", "json"],
        &["-q", "job", "list", "--format=json"],
    ] {
        let out = env.oz0().args(args).output().unwrap();
        assert!(out.status.success(), "{args:?}: {}", text(&out.stderr));
        let page: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
        assert_eq!(page, serde_json::json!({"jobs": [], "next": null}), "{args:?}");
    }
    let out = env.oz0().args(["job", "list", "--format", "sarif"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("it prints `text` or `json`"), "{}", text(&out.stderr));
    // --quiet keeps notes off stderr; --color always colours it even off a terminal.
    let out = env.oz0().args(["--quiet", "job", "list"]).output().unwrap();
    assert_eq!(text(&out.stderr), "");
    let out = env.oz0().args(["--color", "always", "job", "get", "01M8QRET8KWX4XTT7TR7X81DQY"]).output().unwrap();
    assert!(text(&out.stderr).contains("\u{1b}["), "{}", text(&out.stderr));
    let out = env
        .oz0()
        .args(["job", "get", "01M8QRET8KWX4XTT7TR7X81DQY", "--color", "never"])
        .env("CLICOLOR_FORCE", "1")
        .output()
        .unwrap();
    assert!(!text(&out.stderr).contains("\u{1b}["), "{}", text(&out.stderr));
}

#[test]
fn a_lint_report_written_to_a_file_is_whole_or_leaves_the_file_as_it_was() {
    let env = TestEnv::new();
    let report = env.write("lint.sarif", "the last report");
    // The work folder holds no plugin: nothing is linted, and the file stays.
    let out = env.oz0().args(["plugin", "lint", "--format", "sarif", "--output"]).arg(&report).output().unwrap();
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    assert_eq!(std::fs::read_to_string(&report).unwrap(), "the last report");
    let acme = plugin_support::root().join("examples/acme-docs");
    let out = env.oz0().args(["plugin", "lint", "--format", "sarif", "-o"]).arg(&report).arg(&acme).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(out.stdout.is_empty());
    let sarif: serde_json::Value = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    assert_eq!(sarif["version"], "2.1.0");
}

#[test]
fn a_file_written_by_output_has_the_mode_a_shell_gives_it_or_keeps_its_own() {
    use std::os::unix::fs::PermissionsExt;
    let env = TestEnv::new();
    let acme = plugin_support::root().join("examples/acme-docs");
    let mode = |path: &std::path::Path| std::fs::metadata(path).unwrap().permissions().mode() & 0o777;
    let new = env.work().join("new.sarif");
    // The tests' umask is the process's: a shell's `>` gives 0666 less it.
    let umask = {
        let probe = env.work().join("probe");
        std::fs::write(&probe, "").unwrap();
        0o666 & !mode(&probe)
    };
    let out = env.oz0().args(["plugin", "lint", "--format", "sarif", "-o"]).arg(&new).arg(&acme).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(mode(&new), 0o666 & !umask, "not the 0600 of a temporary file");
    let kept = env.write("kept.sarif", "the last report");
    std::fs::set_permissions(&kept, std::fs::Permissions::from_mode(0o640)).unwrap();
    let out = env.oz0().args(["plugin", "lint", "--format", "sarif", "-o"]).arg(&kept).arg(&acme).output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(mode(&kept), 0o640);
}

#[test]
fn help_shows_the_edges_options_only_where_a_command_talks_to_an_edge_and_never_their_values() {
    let env = TestEnv::new();
    for local in [&["fit", "--help"][..], &["plugin", "lint", "--help"], &["plugin", "measure", "--help"]] {
        let out = env.oz0().args(local).output().unwrap();
        let help = text(&out.stdout);
        assert!(out.status.success() && help.contains("Usage: oz0"), "{help}");
        assert!(!help.contains("--edge") && !help.contains("--token") && !help.contains("--profile"), "{help}");
    }
    let out = env.oz0().args(["job", "list", "--help"]).env("OZ0_TOKEN", "oz0_secret").output().unwrap();
    let help = text(&out.stdout);
    assert!(help.contains("--edge <URL>") && help.contains("[env: OZ0_EDGE]"), "{help}");
    assert!(help.contains("[env: OZ0_TOKEN]") && !help.contains("oz0_secret"), "{help}");
    // Hidden from help, the options are still taken there, and the others are as they were.
    let out = env
        .oz0()
        .args(["fit", "--count", "--format", "json", "--color", "never"])
        .arg(env.write("b.md", "# B\n"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = env
        .oz0()
        .args(["--edge", "http://127.0.0.1:9", "fit", "--count"])
        .arg(env.write("a.md", "# A\n"))
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}
