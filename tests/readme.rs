//! The README's walk-through on a fresh clone: every `$ ` command of its console blocks, copied as
//! written, in order, in one shell, each section from the clone's root, with a home of its own.
//!
//! Only what a reader cannot run as written is left out, each for the reason below. `oz0` is the
//! binary under test, first on `PATH` (the README's `cargo install`), and the venv of `scripts/test`
//! is on `PATH` (the README's `export PATH`). `cargo run -p xtask -- ...` runs the xtask binary that
//! `scripts/test` builds, so the clone is not built again.

// A failed unwrap is a failed test.
#![allow(clippy::unwrap_used)]

mod common;
mod plugin_support;

use std::path::Path;
use std::process::Command;

use common::text;

/// Commands left out, by a part of their text, and why.
const LEFT_OUT: &[(&str, &str)] = &[
    ("01M8", "a job ID of the README's own run: the reader's differs"),
    ("sk-...", "a real provider's key"),
    ("oz0 edge serve", "serves until stopped; the served edge has tests of its own"),
    ("OZ0_TOKEN=oz0_5f0c...", "the token a served edge printed"),
];

/// Commands that end with another status than 0, as the README says.
const STATUS: &[(&str, i32)] = &[("examples/broken-notes --measure", 1)];

/// Returns the README's commands: each section's `$ ` lines, in order.
fn walk_through(readme: &str) -> Vec<(String, Vec<String>)> {
    let mut sections: Vec<(String, Vec<String>)> = vec![("(top)".to_owned(), Vec::new())];
    let mut console = false;
    for line in readme.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            sections.push((heading.to_owned(), Vec::new()));
        } else if line.starts_with("```") {
            console = !console && line.trim() == "```console";
        } else if console && let Some(command) = line.strip_prefix("$ ") {
            sections.last_mut().unwrap().1.push(command.to_owned());
        }
    }
    sections
}

/// Returns the script that runs the walk-through: each command checked, the background ones stopped at
/// the end. The README starts the scripted provider in the background only, where `exec` replaces the
/// job's own shell, so that stopping the job stops the provider.
fn script(root: &Path, sections: &[(String, Vec<String>)], xtask: &Path) -> String {
    let mut script = format!(
        "set -u\ntrap 'kill $(jobs -p) 2>/dev/null' EXIT\n\
         cargo() {{ if [ \"$1 $2 $3 $4\" = 'run -p xtask --' ]; then shift 4; exec '{}' \"$@\"; else command cargo \"$@\"; fi; }}\n",
        xtask.display()
    );
    for (section, commands) in sections {
        script.push_str(&format!("cd '{}'\n", root.display()));
        for command in commands {
            if let Some((_, why)) = LEFT_OUT.iter().find(|(part, _)| command.contains(part)) {
                let said = format!("left out ({why}): {command}").replace('\'', "'\\''");
                script.push_str(&format!("echo '{said}' >&2\n"));
                continue;
            }
            let status = STATUS.iter().find(|(part, _)| command.contains(part)).map_or(0, |(_, s)| *s);
            let shown = command.replace('\'', "'\\''");
            script.push_str(&format!(
                "echo '[{}] $ {shown}' >&2\n{command}\nstatus=$?\n\
                 if [ \"$status\" != {status} ]; then echo 'WALK-THROUGH FAILED, not {status}: {shown}' >&2; exit 1; fi\n",
                section.replace('\'', "'\\''")
            ));
        }
    }
    script
}

#[test]
fn the_readme_walk_through_runs_as_written_on_a_fresh_clone() {
    let root = plugin_support::root();
    let xtask = root.join("target/debug/xtask");
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
    assert!(sections.iter().map(|(_, c)| c.len()).sum::<usize>() > 30, "the README's commands are found");
    let home = work.path().join("home");
    std::fs::create_dir_all(&home).unwrap();
    let bin = assert_cmd::cargo::cargo_bin("oz0");
    let path = std::env::join_paths(
        [bin.parent().unwrap().to_path_buf(), plugin_support::python().parent().unwrap().to_path_buf()]
            .into_iter()
            .chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .unwrap();
    let out = Command::new("bash")
        .arg("-c")
        .arg(script(&clone, &sections, &xtask))
        .env_clear()
        .env("PATH", path)
        .env("HOME", &home)
        .env("LANG", "C.UTF-8")
        .env("TERM", "dumb")
        .current_dir(&clone)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}\n{}", text(&out.stderr), text(&out.stdout));
}
