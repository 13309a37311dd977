//! Remote tools: a manifest's `url:` reached over MCP's streamable HTTP with its `headers:`, the secrets
//! given at install filled in. Real servers on loopback: a Python server of the official `mcp` SDK
//! behind a bearer key (tests/fixtures/remote), and the public `server-everything` in its
//! `streamableHttp` mode. A scripted OpenAI-compatible provider on loopback stands in for the model
//! provider. Through the embedded edge and `oz0 edge serve`.

use crate::common;
use crate::plugin_support;
use crate::remote_support;
use crate::run_support;

use std::path::{Path, PathBuf};

use common::{Transport, transports};
use plugin_support::PluginSite as Site;
use remote_support::Remote;
use run_support::{Answer, ScriptedProvider, say};
use serde_json::{Value, json};

/// Writes a plugin whose one tool `notes` is the server at `url`, its key the secret `key`.
fn plugin(site: &Site, name: &str, url: &str) -> PathBuf {
    let dir = site.env.work().join(name);
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = format!(
        "name: {name}\nversion: 1.0.0\ndescription: A remote server.\ntools:\n  - id: notes\n    description: \
         Remote notes.\n    url: {url}\n    headers:\n      Authorization: Bearer ${{secrets.key}}\n    timeout: 30\n\
         secrets:\n  key:\n    description: The server's key.\nrequires:\n  models:\n    sampling: default\n"
    );
    std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
    dir
}

/// Returns a site whose served edge lets remote tools be on loopback, as the servers of these tests are.
fn site(transport: Transport) -> Site {
    Site::with_edge_flags(transport, |_| vec!["--remote-tools-may-reach-private".into()])
}

fn provider(site: &Site, text: &'static str, requests: usize) -> ScriptedProvider {
    let script: Vec<Answer> = (0..requests).map(|_| Box::new(move |_: &Value| say(text, 120, 8)) as Answer).collect();
    let provider = ScriptedProvider::start(script);
    provider.configure(&site.edge_dir());
    provider
}

fn path(dir: &Path) -> &str {
    dir.to_str().unwrap()
}

#[test]
fn a_remote_tool_behind_a_key_measures_installs_calls_and_samples() {
    let server = Remote::python("s3cret");
    for transport in transports() {
        let site = site(transport);
        let provider = provider(&site, "Ship on Friday.", 1);
        let dir = plugin(&site, "remote", &server.url());

        let listing = site.json(&["plugin", "measure", path(&dir), "--secret", "key=s3cret"]);
        let tool = &listing["tools"][0];
        assert_eq!(
            (tool["server"]["name"].as_str(), tool["protocol"].as_str()),
            (Some("remote-notes"), Some("2026-07-28"))
        );
        let names: Vec<&str> =
            tool["functions"].as_array().unwrap().iter().filter_map(|f| f["name"].as_str()).collect();
        assert_eq!(names, ["echo", "report", "summarize"]);
        let lint = site.json(&["plugin", "lint", path(&dir)]);
        assert_eq!(lint["summary"]["errors"], 0, "{lint}");

        // A wrong key fails the install, naming the server's answer.
        let (code, _, stderr) = site.run(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=wrong"]);
        assert_ne!(code, 0);
        assert!(stderr.contains("answered HTTP 401 Unauthorized") && stderr.contains("check the secret"), "{stderr}");
        assert!(!stderr.contains("wrong"), "the secret is never shown: {stderr}");
        let installed = site.ok(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=s3cret"]);
        assert!(installed.contains("notes: echo, report, summarize (remote)"), "{installed}");

        let (code, answer, stderr) = site.call(&["notes.echo", "--arg", "text=hello"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["result"]["content"][0]["text"], "hello", "{answer}");
        assert_eq!(answer["protocol"], "2026-07-28");

        // The server's request for a model rides in the call's result and is answered for that call.
        let (code, answer, stderr) = site.call(&["notes.summarize", "--arg", "text=We agreed to ship on Friday."]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["result"]["content"][0]["text"], "Ship on Friday.", "{answer}");
        assert_eq!(answer["sampling"][0]["plugin"], "remote", "{answer}");
        assert_eq!(answer["sampling"][0]["outcome"], "ok", "{answer}");
        assert_eq!(provider.received()[0]["messages"][1]["content"], "We agreed to ship on Friday.");
    }
}

#[test]
fn a_server_of_the_older_http_and_sse_transport_is_spoken_to_in_it() {
    let server = Remote::everything_over("sse");
    let site = Site::new(Transport::Embedded);
    let dir = plugin(&site, "older", &format!("http://127.0.0.1:{}/sse", server.port));
    let installed = site.ok(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=unused"]);
    assert!(installed.contains("get-sum"), "{installed}");
    let (code, answer, stderr) = site.call(&["notes.get-sum", "--arg", "a=2", "--arg", "b=3"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(answer["result"]["content"].to_string().contains("The sum of 2 and 3 is 5."), "{answer}");
    let (code, answer, stderr) =
        site.call(&["notes.trigger-long-running-operation", "--arg", "duration=1", "--arg", "steps=2"]);
    assert_eq!(code, 0, "{stderr}");
    assert_eq!(answer["server"][0]["text"], "2 of 2", "{answer}");
}

#[test]
fn a_shared_edge_keeps_tenants_off_private_addresses_unless_its_operator_allows_them() {
    let server = Remote::python("k");
    let site = Site::new(Transport::Served);
    let dir = plugin(&site, "inside", &server.url());
    let (code, _, stderr) = site.run(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=k"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("is at a private address (127.0.0.1)"), "{stderr}");
    assert!(stderr.contains("--remote-tools-may-reach-private"), "{stderr}");
    // A name that leads to a private address is refused as the address is.
    let dir = plugin(&site, "named", &format!("http://localhost:{}/mcp", server.port));
    let (code, _, stderr) = site.run(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=k"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("private address"), "{stderr}");
}

#[test]
fn a_remote_address_off_this_machine_must_be_https() {
    let site = Site::new(Transport::Embedded);
    let dir = plugin(&site, "plain", "http://tools.example.com/mcp");
    let (code, stdout, _) = site.run(&["plugin", "lint", path(&dir), "--format", "json"]);
    assert_ne!(code, 0);
    assert!(stdout.contains("plain HTTP off this machine"), "{stdout}");
    let (code, _, stderr) = site.run(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=k"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("plain HTTP off this machine"), "{stderr}");
}

#[test]
fn the_reference_server_over_http_answers_as_over_stdio() {
    let server = Remote::everything();
    for transport in transports() {
        let site = site(transport);
        provider(&site, "Hello from the platform.", 1);
        let dir = plugin(&site, "everything", &server.url());
        site.ok(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=unused"]);
        let text = |answer: &Value| answer["result"]["content"].to_string();

        let (code, answer, stderr) = site.call(&["notes.get-sum", "--arg", "a=2", "--arg", "b=3"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert!(text(&answer).contains("The sum of 2 and 3 is 5."), "{answer}");
        assert_eq!(answer["protocol"], "2025-11-25");

        let (code, answer, _) = site.call(&["notes.get-structured-content", "--arg", "location=Chicago"]);
        assert_eq!(code, 0);
        assert!(answer["result"]["structuredContent"]["temperature"].is_number(), "{answer}");

        let (code, answer, _) = site.call(&["notes.get-tiny-image"]);
        assert_eq!(code, 0);
        assert!(text(&answer).contains("image/png"), "{answer}");

        let (code, answer, stderr) =
            site.call(&["notes.trigger-long-running-operation", "--arg", "duration=1", "--arg", "steps=2"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(text(&answer).contains("Long running operation completed"), "{answer}");
        assert_eq!(answer["server"][0], json!({"kind": "progress", "level": "progress", "text": "2 of 2"}));

        // A blob whose type is text is read as its text.
        let (code, answer, _) =
            site.call(&["notes.get-resource-reference", "--arg", "resourceType=Blob", "--arg", "resourceId=1"]);
        assert_eq!(code, 0);
        let read = site.ok(&["tool", "call", "notes.get-resource-reference", "--arg", "resourceType=Blob"]);
        assert!(read.contains("This is a base64 blob"), "{read} {answer}");

        // A resource a call linked to is read from the server that linked it.
        let (_, links, _) = site.call(&["notes.get-resource-links", "--arg", "count=2"]);
        let uri = links["result"]["content"][1]["uri"].as_str().unwrap_or_else(|| panic!("a link: {links}"));
        let read = site.ok(&["tool", "call", "notes", "--resource", uri]);
        assert!(read.contains(&format!("[resource: {uri}, text/plain]")) && read.contains("Resource"), "{read}");
        let (code, _, stderr) = site.run(&["tool", "call", "notes", "--resource", "demo://nowhere"]);
        assert_ne!(code, 0);
        assert!(stderr.contains("not found"), "{stderr}");

        // A function that must be called as a task is.
        let (code, answer, stderr) = site.call(&["notes.simulate-research-query", "--arg", "topic=tides"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert!(text(&answer).contains("Research"), "{answer}");

        // The older protocol's request for a model comes in the call's own session, and is answered.
        let (code, answer, stderr) = site.call(&["notes.trigger-sampling-request", "--arg", "prompt=Say hello"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert!(text(&answer).contains("Hello from the platform."), "{answer}");
        assert_eq!(answer["sampling"][0]["outcome"], "ok", "{answer}");
    }
}

#[test]
fn a_server_that_keeps_state_keeps_one_session_for_a_job_and_each_job_its_own() {
    // `toggle-simulated-logging` starts logging in its session, or stops it where it runs, naming the
    // session: a state the server keeps in the session ID it gave.
    let server = Remote::everything();
    for transport in transports() {
        let site = site(transport);
        let dir = plugin(&site, "everything", &server.url());
        site.ok(&["plugin", "install", path(&dir), "--accept-model", "--secret", "key=unused"]);
        let flows = site.env.work().join("flows");
        std::fs::create_dir_all(&flows).unwrap();
        let step = |id: &str| format!("  - id: {id}\n    call: notes.toggle-simulated-logging\n");
        std::fs::write(flows.join("toggle.yaml"), format!("id: toggle\nsteps:\n{}{}", step("on"), step("off")))
            .unwrap();

        // The flow's second step finds the logging its first started: one session for the job.
        let session = |out: &str, said: &str| {
            let at = out.find(said).unwrap_or_else(|| panic!("{transport:?}: `{said}` in {out}"));
            out[at + said.len()..].split_whitespace().next().unwrap().to_owned()
        };
        let first = session(&site.ok(&["run", "toggle"]), "Stopped simulated logging for session ");
        let second = session(&site.ok(&["run", "toggle"]), "Stopped simulated logging for session ");
        assert_ne!(first, second, "each job has a session of its own");
        // A call is a job of its own, with a new session.
        let (code, answer, stderr) = site.call(&["notes.toggle-simulated-logging"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(answer["result"]["content"].to_string().contains("Started simulated"), "{answer}");
    }
}
