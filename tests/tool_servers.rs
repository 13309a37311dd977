//! The servers an edge keeps: a shared server is started once and reused by every call, many calls
//! run on it at once, one that crashed is started again; a job's server lives as long as its job; a
//! call's own server, as long as the call. A real Python server (tests/fixtures/plugins/lifetimes),
//! through the embedded edge and `oz0 edge serve`.

use crate::common;
use crate::plugin_support;

use common::{PATIENCE, marked_processes, running_servers, served_transports, transports, wait_server_gone};
use plugin_support::{PluginSite as Site, root};

fn install(site: &Site) {
    let dir = root().join("tests/fixtures/plugins/lifetimes");
    site.ok(&["plugin", "install", dir.to_str().unwrap()]);
}

/// Writes a flow of `steps` calls of `function` into the work folder's `flows/`, as `name`.
fn flow(site: &Site, name: &str, function: &str, steps: usize) {
    let dir = site.env.work().join("flows");
    std::fs::create_dir_all(&dir).unwrap();
    let mut yaml = format!("id: {name}\nsteps:\n");
    for n in 1..=steps {
        yaml.push_str(&format!("  - id: s{n}\n    call: {function}\n    args: {{}}\n"));
    }
    std::fs::write(dir.join(format!("{name}.yaml")), yaml).unwrap();
}

/// Returns `(server's mark, calls the server answered)` of a `whoami` answer. The mark names one server
/// (its process ID would not: it is 1 in the PID namespace of each).
fn whoami(answer: &str) -> (String, u32) {
    let (mark, answered) = answer.trim().split_once(' ').unwrap();
    (mark.to_owned(), answered.parse().unwrap())
}

/// Calls `tool.whoami` by itself.
fn call_whoami(site: &Site, tool: &str) -> (String, u32) {
    whoami(&site.ok(&["tool", "call", &format!("{tool}.whoami")]))
}

/// Runs a flow and returns what its last step answered.
fn run_whoami(site: &Site, name: &str) -> (String, u32) {
    whoami(&site.ok(&["run", name]))
}

#[test]
fn a_shared_server_is_started_once_and_kept_for_the_calls_that_follow() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site);
        flow(&site, "three", "shared.whoami", 3);
        let (mark, answered) = run_whoami(&site, "three");
        assert_eq!(answered, 3, "{transport:?}: one server answered the three steps");
        if transport.served() {
            assert_eq!(run_whoami(&site, "three"), (mark.clone(), 6), "the next run's steps go to the same server");
            assert_eq!(call_whoami(&site, "shared"), (mark, 7), "and so does a call of its own");
            // The edge's log says what it did, not the MCP library's description of each server.
            let log = site.env.serve_log();
            assert!(!log.contains("rmcp"), "{log}");
        }
    }
}

#[test]
fn a_jobs_server_lives_as_long_as_its_job_and_a_calls_own_as_long_as_the_call() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site);
        flow(&site, "perjob", "perjob.whoami", 2);
        flow(&site, "own", "own.whoami", 2);
        let (first, answered) = run_whoami(&site, "perjob");
        assert_eq!(answered, 2, "{transport:?}: the job's two steps went to one server");
        let (second, answered) = run_whoami(&site, "perjob");
        assert_eq!(answered, 2, "{transport:?}: the next job has a server of its own");
        assert_ne!(first, second, "{transport:?}");
        assert_eq!(run_whoami(&site, "own").1, 1, "{transport:?}: each call had a server of its own");
    }
}

#[test]
fn sixteen_calls_at_once_run_on_one_server() {
    for transport in served_transports() {
        let site = Site::new(transport);
        install(&site);
        let calls: Vec<_> = (0..16)
            .map(|_| {
                site.oz0_process()
                    .args(["tool", "call", "shared.pause", "--arg", "seconds=1"])
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        let mut marks = Vec::new();
        for call in calls {
            let out = call.wait_with_output().unwrap();
            let stderr = String::from_utf8_lossy(&out.stderr);
            assert!(out.status.success(), "{transport:?}: every call succeeds: {stderr}");
            marks.push(String::from_utf8_lossy(&out.stdout).trim().to_owned());
        }
        marks.dedup();
        assert_eq!(marks.len(), 1, "{transport:?}: one server answered them all: {marks:?}");
        let (mark, _) = call_whoami(&site, "shared");
        assert_eq!(mark, marks[0], "{transport:?}");
        let running = running_servers(&marked_processes(&mark));
        assert_eq!(running.len(), 1, "{transport:?}: one process runs the server: {running:?}");
    }
}

#[test]
fn a_server_that_crashed_is_started_again_for_the_next_call() {
    for transport in served_transports() {
        let site = Site::new(transport);
        install(&site);
        let (before, _) = call_whoami(&site, "shared");
        let (code, answer, _) = site.call(&["shared.exit"]);
        assert_eq!(code, 1, "{transport:?}: {answer}");
        assert_eq!(answer["outcome"], "crashed", "{transport:?}: {answer}");
        let (after, answered) = call_whoami(&site, "shared");
        assert_ne!(before, after, "{transport:?}: a new server answers");
        assert_eq!(answered, 1, "{transport:?}");
        let left = wait_server_gone(&before, PATIENCE);
        assert!(left.is_empty(), "{transport:?}: nothing of the crashed server lives on: {left:?}");
    }
}

#[test]
fn a_replaced_or_removed_plugins_server_is_stopped() {
    for transport in served_transports() {
        let site = Site::new(transport);
        install(&site);
        let (old, _) = call_whoami(&site, "shared");
        assert!(!marked_processes(&old).is_empty(), "{transport:?}: the server {old} is kept between calls");
        install(&site);
        let (new, answered) = call_whoami(&site, "shared");
        assert_ne!(old, new, "{transport:?}: the new version's server answers");
        assert_eq!(answered, 1, "{transport:?}");
        assert!(!marked_processes(&new).is_empty(), "{transport:?}: the server {new} is kept between calls");
        site.ok(&["plugin", "remove", "lifetimes"]);
        for mark in [old, new] {
            let left = wait_server_gone(&mark, PATIENCE);
            assert!(left.is_empty(), "{transport:?}: the server {mark} was stopped: {left:?}");
        }
    }
}

#[test]
fn a_trace_is_read_a_page_at_a_time() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site);
        flow(&site, "five", "shared.whoami", 5);
        site.ok(&["run", "five"]);
        let jobs = &site.json(&["job", "list"])["jobs"];
        let job = jobs[0]["id"].as_str().unwrap();
        let page = site.json(&["job", "trace", job, "--after", "1", "--limit", "2"]);
        let seqs: Vec<u64> = page["steps"].as_array().unwrap().iter().map(|s| s["seq"].as_u64().unwrap()).collect();
        assert_eq!(seqs, [2, 3], "{transport:?}: {page}");
        assert_eq!(page["next"], 4);
        assert_eq!(page["totals"]["steps"], 5, "the totals are the whole job's");
        let whole = site.json(&["job", "trace", job]);
        assert_eq!(whole["steps"].as_array().unwrap().len(), 5);
        assert!(whole.get("next").is_none(), "{whole}");
    }
}
