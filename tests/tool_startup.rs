//! A tool's server has the tool's own `timeout` to start, not a fixed wait of the MCP client's: a real
//! Python server that takes 12 s to start (tests/fixtures/plugins/slow-start) is called through the
//! embedded edge and `oz0 edge serve`, and one given less time fails when that time is up.

use crate::common;
use crate::plugin_support;

use std::path::PathBuf;
use std::time::{Duration, Instant};

use common::{TestEnv, Transport, text, transports};
use plugin_support::{PluginSite as Site, copy_plugin, oz0_with_python, root};

/// How long the fixture's server sleeps before it reads its first message.
const START: Duration = Duration::from_secs(12);

fn plugin() -> PathBuf {
    root().join("tests/fixtures/plugins/slow-start")
}

/// Returns the fixture copied into the site's work folder, its tool given `seconds` to answer.
fn with_timeout(env: &TestEnv, seconds: u32) -> PathBuf {
    let dir = copy_plugin(env, &plugin(), "slow-start");
    let manifest = std::fs::read_to_string(dir.join("oz0-plugin.yaml")).unwrap();
    assert!(manifest.contains("timeout: 30\n"), "{manifest}");
    std::fs::write(dir.join("oz0-plugin.yaml"), manifest.replace("timeout: 30\n", &format!("timeout: {seconds}\n")))
        .unwrap();
    dir
}

#[test]
fn a_server_that_takes_12_s_to_start_is_called_within_its_tools_timeout_of_30_s() {
    // The transports at once: each waits on its own server, which sleeps rather than works.
    let calls: Vec<_> = transports()
        .into_iter()
        .map(|transport| {
            std::thread::spawn(move || {
                let site = Site::new(transport);
                // The edge lists the server's functions at install, with the same start.
                site.ok(&["plugin", "install", plugin().to_str().unwrap()]);
                let started = Instant::now();
                let (code, answer, stderr) = site.call(&["slow_start.echo", "--arg", "text=awake at last"]);
                let took = started.elapsed();
                assert_eq!(code, 0, "{transport:?}: {stderr}");
                assert!(took >= START, "{transport:?}: the server started in {took:?}, less than it sleeps");
                assert_eq!(answer["protocol"], "2026-07-28", "{transport:?}: {answer}");
                assert_eq!(answer["result"]["content"][0]["text"], "awake at last", "{transport:?}: {answer}");
            })
        })
        .collect();
    for call in calls {
        call.join().unwrap();
    }
}

#[test]
fn a_server_slower_to_start_than_its_tools_timeout_fails_when_that_time_is_up() {
    let site = Site::new(Transport::Embedded);
    let dir = with_timeout(&site.env, 5);
    site.ok(&["plugin", "install", dir.to_str().unwrap()]);
    let started = Instant::now();
    let (code, answer, stderr) = site.call(&["slow_start.echo", "--arg", "text=too late"]);
    let took = started.elapsed();
    assert_eq!(code, 1, "{stderr}");
    assert_eq!(answer["outcome"], "timeout", "{answer}");
    assert!(answer["error"].as_str().unwrap().contains("timeout of 5 s"), "{answer}");
    // Not before the timeout; and the server, which would have answered after 12 s, was cut off: the
    // outcome is the timeout's.
    assert!(took >= Duration::from_secs(5), "the call gave up before its timeout, in {took:?}");
}

#[test]
fn measure_gives_a_server_the_time_it_is_told_and_no_more() {
    let env = TestEnv::new();
    let dir = copy_plugin(&env, &plugin(), "slow-start");
    let started = Instant::now();
    let out =
        oz0_with_python(&env).args(["plugin", "measure", dir.to_str().unwrap(), "--timeout", "5"]).output().unwrap();
    let took = started.elapsed();
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(stderr.contains("caused by: the server did not list its tools within 5 s"), "{stderr}");
    // Not before the timeout; and not at the server's listing, which would have come after 12 s.
    assert!(took >= Duration::from_secs(5), "measuring gave up before its timeout, in {took:?}");
    assert!(!dir.join("oz0-listing.json").exists(), "no listing is written for a server that did not list");
}
