//! The README's walk-through on a fresh clone: every `$ ` command of its console blocks, copied as
//! written, in order, in one shell, each section from the clone's root, with a home of its own, each
//! printing what the README shows under it.
//!
//! Only what a reader cannot run as written is left out, each for the reason below. `oz0` is the
//! binary under test, first on `PATH` (the README's `cargo install`), and the venv of `scripts/test`
//! is on `PATH` (the README's `export PATH`). `cargo run -p xtask -- ...` runs the xtask binary that
//! `scripts/test` builds, so the clone is not built again.

use crate::common;
use crate::plugin_support;

use std::path::Path;
use std::process::Command;
use std::sync::LazyLock;

use common::text;
use regex::Regex;

/// Commands left out, by a part of their text, and why.
const LEFT_OUT: &[(&str, &str)] = &[
    ("01M8", "a job ID of the README's own run: the reader's differs"),
    ("sk-...", "a real provider's key"),
    ("oz0 edge serve", "serves until stopped; the served edge has tests of its own"),
    ("OZ0_TOKEN=oz0_5f0c...", "the token a served edge printed"),
];

/// Commands that end with another status than 0, as the README says.
const STATUS: &[(&str, i32)] = &[("examples/broken-notes --measure", 1)];

/// A command of the README and the lines it shows the command printing, if any.
struct Step {
    command: String,
    shown: Vec<String>,
}

/// Returns the README's commands: each section's `$ ` lines, in order, each with the lines under it.
fn walk_through(readme: &str) -> Vec<(String, Vec<Step>)> {
    let mut sections: Vec<(String, Vec<Step>)> = vec![("(top)".to_owned(), Vec::new())];
    let mut console = false;
    let mut in_block = 0;
    for line in readme.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            sections.push((heading.to_owned(), Vec::new()));
        } else if line.starts_with("```") {
            console = !console && line.trim() == "```console";
            in_block = 0;
        } else if console {
            let steps = &mut sections.last_mut().unwrap().1;
            if let Some(command) = line.strip_prefix("$ ") {
                steps.push(Step { command: command.to_owned(), shown: Vec::new() });
                in_block += 1;
            } else if in_block > 0 {
                steps.last_mut().unwrap().shown.push(line.to_owned());
            }
        }
    }
    sections
}

/// Returns the script that runs the walk-through: each command checked, what it prints kept in the
/// folder `out` under its number (and shown on stderr), the background ones stopped at the end. The
/// README starts the scripted provider in the background only, where `exec` replaces the job's own
/// shell, so that stopping the job stops the provider.
fn script(root: &Path, sections: &[(String, Vec<Step>)], xtask: &Path, out: &Path) -> String {
    let mut script = format!(
        "set -u\ntrap 'kill $(jobs -p) 2>/dev/null' EXIT\n\
         cargo() {{ if [ \"$1 $2 $3 $4\" = 'run -p xtask --' ]; then shift 4; exec '{}' \"$@\"; else command cargo \"$@\"; fi; }}\n",
        xtask.display()
    );
    let mut number = 0;
    for (section, steps) in sections {
        script.push_str(&format!("cd '{}'\n", root.display()));
        for Step { command, .. } in steps {
            number += 1;
            if let Some((_, why)) = LEFT_OUT.iter().find(|(part, _)| command.contains(part)) {
                let said = format!("left out ({why}): {command}").replace('\'', "'\\''");
                script.push_str(&format!("echo '{said}' >&2\n"));
                continue;
            }
            let status = STATUS.iter().find(|(part, _)| command.contains(part)).map_or(0, |(_, s)| *s);
            let shown = command.replace('\'', "'\\''");
            // In braces, not a subshell, so that `cd` and `export` last; the command on a line of its
            // own, so that its comment ends there.
            let printed = out.join(number.to_string());
            script.push_str(&format!(
                "echo '[{}] $ {shown}' >&2\n{{\n{command}\n}} >'{printed}' 2>&1\nstatus=$?\ncat '{printed}' >&2\n\
                 if [ \"$status\" != {status} ]; then echo 'WALK-THROUGH FAILED, not {status}: {shown}' >&2; exit 1; fi\n",
                section.replace('\'', "'\\''"),
                printed = printed.display(),
            ));
        }
    }
    script
}

/// Returns `line` with what differs from one run to the next in its place: a job's ID, a time taken.
fn steady(line: &str) -> String {
    static ID: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b[0-9A-HJKMNP-TV-Z]{26}\b").unwrap());
    static SECONDS: LazyLock<Regex> = LazyLock::new(|| Regex::new(r"\b\d+\.\d+ s\b").unwrap());
    SECONDS.replace_all(&ID.replace_all(line, "<ID>"), "<T> s").into_owned()
}

/// Checks what a command printed against the lines the README shows under it: as many lines, each
/// alike but for job IDs and times taken, `...` in the README standing for any text.
fn compare(shown: &[String], printed: &str) -> Result<(), String> {
    let printed: Vec<&str> = printed.lines().collect();
    let differs = || format!("the README shows:\n{}\nit printed:\n{}", shown.join("\n"), printed.join("\n"));
    if printed.len() != shown.len() {
        return Err(format!("{} lines, not {}: {}", printed.len(), shown.len(), differs()));
    }
    for (shown, printed) in shown.iter().zip(&printed) {
        let pattern = regex::escape(&steady(shown)).replace(r"\.\.\.", ".*");
        if !Regex::new(&format!("^{pattern}$")).unwrap().is_match(&steady(printed)) {
            return Err(format!("{printed:?} is not {shown:?}: {}", differs()));
        }
    }
    Ok(())
}

#[test]
fn the_readme_walk_through_runs_as_written_on_a_fresh_clone_and_prints_what_it_shows() {
    let root = plugin_support::root();
    let bin = assert_cmd::cargo::cargo_bin("oz0");
    // Beside the binary under test, wherever CARGO_TARGET_DIR puts the build.
    let xtask = bin.with_file_name("xtask");
    assert!(xtask.exists(), "the walk-through runs the scripted provider: build it first (`cargo build -p xtask`)");
    let work = tempfile::tempdir().unwrap();
    let clone = work.path().join("oz0");
    let cloned = Command::new("git").args(["clone", "--quiet", "--local"]).arg(&root).arg(&clone).output().unwrap();
    assert!(cloned.status.success(), "{}", text(&cloned.stderr));
    // The working tree's edits, so that the README under test is the one beside this test.
    let tracked = Command::new("git").args(["ls-files", "-z"]).current_dir(&root).output().unwrap();
    for path in tracked.stdout.split(|b| *b == 0).filter(|p| !p.is_empty()) {
        let path = Path::new(std::str::from_utf8(path).unwrap());
        if root.join(path).is_file() {
            // A file added but not yet committed may be in a folder the clone lacks.
            std::fs::create_dir_all(clone.join(path).parent().unwrap()).unwrap();
            std::fs::copy(root.join(path), clone.join(path)).unwrap();
        }
    }
    let readme = std::fs::read_to_string(clone.join("README.md")).unwrap();
    let sections = walk_through(&readme);
    let steps: Vec<&Step> = sections.iter().flat_map(|(_, steps)| steps).collect();
    assert!(steps.len() > 30, "the README's commands are found: {}", steps.len());
    assert!(steps.iter().filter(|s| !s.shown.is_empty()).count() >= 8, "the README's outputs are found");
    let home = work.path().join("home");
    let out = work.path().join("out");
    std::fs::create_dir_all(&home).unwrap();
    std::fs::create_dir_all(&out).unwrap();
    let path = std::env::join_paths(
        [bin.parent().unwrap().to_path_buf(), plugin_support::python().parent().unwrap().to_path_buf()]
            .into_iter()
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let ran = Command::new("bash")
        .arg("-c")
        .arg(script(&clone, &sections, &xtask, &out))
        .env_clear()
        .env("PATH", path)
        .env("HOME", &home)
        .env("LANG", "C.UTF-8")
        .env("TERM", "dumb")
        .current_dir(&clone)
        .output()
        .unwrap();
    assert!(ran.status.success(), "{}\n{}", text(&ran.stderr), text(&ran.stdout));

    // Each command prints what the README shows under it.
    let mut wrong = Vec::new();
    for (number, step) in steps.iter().enumerate() {
        if step.shown.is_empty() || LEFT_OUT.iter().any(|(part, _)| step.command.contains(part)) {
            continue;
        }
        let printed = std::fs::read_to_string(out.join((number + 1).to_string())).unwrap();
        if let Err(why) = compare(&step.shown, &printed) {
            wrong.push(format!("$ {}\n{why}", step.command));
        }
    }
    assert!(wrong.is_empty(), "{} commands print other than the README shows:\n\n{}", wrong.len(), wrong.join("\n\n"));
}
