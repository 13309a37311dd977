//! `oz0 mcp serve`, the platform's tool server, driven by the official Python `mcp` client as a harness
//! would drive it (tests/fixtures/mcp_client), and by the MCP Inspector's CLI: the tenant's functions
//! listed, a long result offloaded to a stub with its ref and read back a section at a time, the
//! tenant's policy applied (an `ask` put to the client's person by elicitation), and a session reading
//! its own files only. The tool called is a real server of the `mcp` SDK over streamable HTTP.

use crate::common;
use crate::plugin_support;
use crate::remote_support;

use std::process::Command;

use common::{PATIENCE, Transport, poll, transports};
use plugin_support::{PluginSite as Site, inspector, python, root};
use remote_support::Remote;
use serde_json::{Value, json};

/// Returns a site whose served edge lets remote tools be on loopback, as the server of this test is.
fn site(transport: Transport) -> Site {
    Site::with_edge_flags(transport, |_| vec!["--remote-tools-may-reach-private".into()])
}

/// Installs the remote fixture as the plugin `remote`, its tool `notes`.
fn install(site: &Site, server: &Remote) {
    let dir = site.env.work().join("remote");
    std::fs::create_dir_all(&dir).unwrap();
    let manifest = format!(
        "name: remote\nversion: 1.0.0\ndescription: A remote server.\ntools:\n  - id: notes\n    description: \
         Remote notes.\n    url: {}\n    headers:\n      Authorization: Bearer ${{secrets.key}}\n    timeout: 30\n\
         secrets:\n  key:\n    description: The server's key.\n",
        server.url()
    );
    std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
    site.ok(&["plugin", "install", dir.to_str().unwrap(), "--secret", "key=k"]);
}

/// Returns the served edge's tool server and the site's token, or `None` for the embedded edge.
fn served_mcp(site: &Site) -> Option<(String, String)> {
    let oz0 = site.oz0_process();
    let env = |name: &str| {
        let value = oz0.get_envs().find(|(k, _)| *k == name).and_then(|(_, v)| v)?;
        Some(value.to_string_lossy().into_owned())
    };
    Some((format!("{}/mcp", env("OZ0_EDGE")?.trim_end_matches('/')), env("OZ0_TOKEN")?))
}

/// Runs one session of the tool server through the Python client, and returns what each step printed:
/// `oz0 mcp serve` over stdio for the embedded edge, `/mcp` of a served edge with the site's token.
fn session(site: &Site, steps: &Value) -> Vec<Value> {
    let mut command = Command::new(python());
    command.arg(root().join("tests/fixtures/mcp_client/client.py")).arg(steps.to_string());
    let oz0 = site.oz0_process();
    match served_mcp(site) {
        Some((url, token)) => {
            command.args(["--url", &url, "--token", &token]);
        }
        None => {
            command.arg("--").arg(oz0.get_program()).args(["mcp", "serve"]);
            command.envs(oz0.get_envs().filter_map(|(k, v)| Some((k, v?))));
        }
    }
    let out = command.output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn a_client_reads_a_long_result_as_a_stub_and_one_section_back() {
    let server = Remote::python("k");
    for transport in transports() {
        let site = site(transport);
        install(&site, &server);
        site.ok(&["policy", "deny", "notes.echo", "--reason", "not from a harness"]);

        let steps = json!([
            ["list"],
            ["call", "notes.report", {"sections": 30}],
            ["call", "oz.read_result", {"ref": "$ref", "section": "Section 3"}],
            ["call", "notes.echo", {"text": "hi"}],
            ["call", "notes.nothing", {}],
        ]);
        let printed = session(&site, &steps);
        let names: Vec<&str> = printed[0].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        assert_eq!(names, ["notes.echo", "notes.report", "notes.summarize", "oz.read_resource", "oz.read_result"]);

        let stub: Value = serde_json::from_str(printed[1]["text"].as_str().unwrap()).unwrap();
        assert_eq!(printed[1]["error"], false);
        assert!(stub["offloaded"]["tokens"].as_u64().unwrap() > 20_000, "{stub}");
        assert!(stub["offloaded"]["ref"].as_str().unwrap().starts_with("oz0-file:sha256:"), "{stub}");
        assert!(stub["outline"].as_str().unwrap().contains("## Section 30"), "{stub}");
        assert!(stub["note"].as_str().unwrap().contains("oz.read_result"), "{stub}");

        let section = printed[2]["text"].as_str().unwrap();
        assert_eq!(printed[2]["error"], false, "{section}");
        assert!(section.contains("## Section 3\\n") && !section.contains("## Section 4"), "{section}");

        assert_eq!(printed[3]["error"], true);
        assert!(printed[3]["text"].as_str().unwrap().contains("not from a harness"), "{}", printed[3]);
        assert_eq!(printed[4]["error"], true);

        // The session was a job of its own, ended with the session (over HTTP, when the client closes it),
        // whose trace holds its calls.
        let job = poll("the session's job to end", PATIENCE, || {
            let jobs = site.json(&["job", "list"]);
            let job = jobs["jobs"].as_array()?.iter().find(|j| j["kind"] == "session")?.clone();
            (job["state"] == "succeeded").then_some(job)
        });
        let trace = site.ok(&["job", "trace", job["id"].as_str().unwrap()]);
        assert!(trace.contains("notes.report") && trace.contains("read_result"), "{trace}");

        // Another session may not read the first one's file, though it knows its ref.
        let read = json!([["call", "oz.read_result", {"ref": stub["offloaded"]["ref"], "section": "Section 3"}]]);
        let printed = session(&site, &read);
        assert!(printed[0]["text"].as_str().unwrap().contains("is not a file this job may read"), "{}", printed[0]);
    }
}

#[test]
fn a_policy_that_asks_is_put_to_the_clients_person_by_elicitation() {
    let server = Remote::python("k");
    for transport in transports() {
        let site = site(transport);
        install(&site, &server);
        site.ok(&["policy", "ask", "notes.echo"]);
        let steps = json!([
            ["answer", {"approve": true}],
            ["call", "notes.echo", {"text": "approved"}],
            ["answer", {"approve": false}],
            ["call", "notes.echo", {"text": "refused"}],
            ["answer", null],
            ["call", "notes.echo", {"text": "declined"}],
            ["answer", null],
        ]);
        let printed = session(&site, &steps);
        assert_eq!(printed[1], json!({"error": false, "text": "approved"}), "{transport:?}");
        let asked = printed[2].as_array().unwrap();
        assert_eq!(asked.len(), 1, "{asked:?}");
        let asked = asked[0].as_str().unwrap();
        assert!(asked.contains("asks a person before `notes.echo` runs with") && asked.contains("approved"), "{asked}");
        for (at, why) in [(3, "refused"), (5, "declined")] {
            assert_eq!(printed[at]["error"], true, "{}", printed[at]);
            let text = printed[at]["text"].as_str().unwrap();
            assert!(text.contains("was denied by") && text.contains("denied at the call"), "{why}: {text}");
        }
        // Each answer is kept as the person's decision.
        let approvals = site.json(&["approval", "list", "--all"]);
        let states: Vec<&str> = approvals.as_array().unwrap().iter().filter_map(|a| a["state"].as_str()).collect();
        assert_eq!(states.iter().filter(|s| **s == "approved").count(), 1, "{approvals}");
        assert_eq!(states.iter().filter(|s| **s == "denied").count(), 2, "{approvals}");
    }
}

/// Runs one command of the MCP Inspector's CLI against the site's tool server (over stdio for the
/// embedded edge, at `/mcp` with the site's token for a served one), and returns its JSON result (which
/// holds `isError` when a call failed, for which the Inspector exits with an error too).
fn inspect(site: &Site, method: &[&str]) -> Value {
    let mut command = Command::new("node");
    command.arg(inspector()).args(["--cli", "--format", "json", "--quiet"]);
    let oz0 = site.oz0_process();
    match served_mcp(site) {
        Some((url, token)) => {
            command.arg(url).args(["--transport", "http", "--header", &format!("Authorization: Bearer {token}")]);
        }
        None => {
            // The Inspector gives a server it starts the variables it is told, and few others.
            for (name, value) in oz0.get_envs().filter_map(|(k, v)| Some((k, v?))) {
                command.arg("-e").arg(format!("{}={}", name.to_string_lossy(), value.to_string_lossy()));
            }
            command.arg(oz0.get_program()).args(["mcp", "serve"]);
        }
    }
    let out = command.args(method).output().unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    serde_json::from_str(&stdout)
        .unwrap_or_else(|err| panic!("{method:?}: {err}: {stdout}\n{}", String::from_utf8_lossy(&out.stderr)))
}

#[test]
fn the_mcp_inspector_lists_reads_a_stub_and_is_refused_what_policy_denies() {
    let server = Remote::python("k");
    for transport in transports() {
        let site = site(transport);
        install(&site, &server);
        site.ok(&["policy", "deny", "notes.echo", "--reason", "not from a harness"]);
        let call = |name: &str, arguments: Value| {
            let arguments = arguments.to_string();
            inspect(&site, &["--method", "tools/call", "--tool-name", name, "--tool-args-json", &arguments])
        };
        let text = |answer: &Value| answer["result"]["content"][0]["text"].as_str().unwrap_or_default().to_owned();

        let listed = inspect(&site, &["--method", "tools/list"]);
        let mut names: Vec<&str> =
            listed["result"]["tools"].as_array().unwrap().iter().filter_map(|t| t["name"].as_str()).collect();
        names.sort_unstable();
        assert_eq!(names, ["notes.echo", "notes.report", "notes.summarize", "oz.read_resource", "oz.read_result"]);

        let answer = call("notes.report", json!({"sections": 30}));
        let stub: Value = serde_json::from_str(&text(&answer)).unwrap_or_else(|_| panic!("a stub: {answer}"));
        assert!(stub["offloaded"]["tokens"].as_u64().unwrap() > 20_000, "{stub}");
        assert!(stub["outline"].as_str().unwrap().contains("## Section 30"), "{stub}");

        // Each command of the Inspector is a session of its own, and so a job of its own: the next one
        // may not read the first one's file (read back within one session by the Python client above).
        let answer = call("oz.read_result", json!({"ref": stub["offloaded"]["ref"], "section": "Section 3"}));
        assert_eq!(answer["result"]["isError"], true, "{answer}");
        assert!(text(&answer).contains("is not a file this job may read"), "{answer}");

        let answer = call("notes.echo", json!({"text": "hi"}));
        assert_eq!(answer["result"]["isError"], true, "{answer}");
        assert!(text(&answer).contains("not from a harness"), "{answer}");
    }
}

/// Speaks MCP's streamable HTTP by hand: opens a session at `/mcp` with the first token, then sends each
/// step's request (a token's index, a method and its params, or the HTTP method `GET` of the session's
/// stream or `DELETE` of its end) under that session's ID. Prints one JSON line a request: `{"status",
/// "body"}`, the body of a stream left unread.
const BY_HAND: &str = r#"
import json, sys, urllib.error, urllib.request
url, tokens, steps = sys.argv[1], json.loads(sys.argv[2]), json.loads(sys.argv[3])
def post(token, body, session=None, method="POST"):
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json",
               "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25"}
    if session:
        headers["Mcp-Session-Id"] = session
    data = json.dumps(body).encode() if method == "POST" else None
    request = urllib.request.Request(url, data, headers, method=method)
    try:
        with urllib.request.urlopen(request, timeout=60) as answer:
            return answer.status, answer.headers, answer.read().decode() if method == "POST" else ""
    except urllib.error.HTTPError as refused:
        return refused.code, refused.headers, refused.read().decode()
hello = {"protocolVersion": "2025-11-25", "capabilities": {}, "clientInfo": {"name": "by-hand", "version": "1"}}
_, headers, _ = post(tokens[0], {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello})
session = headers["mcp-session-id"]
post(tokens[0], {"jsonrpc": "2.0", "method": "notifications/initialized"}, session)
for n, (who, method, params) in enumerate(steps, 1):
    body = {"jsonrpc": "2.0", "id": n, "method": method, "params": params}
    status, _, body = post(tokens[who], body, session, method if method in ("GET", "DELETE") else "POST")
    print(json.dumps({"status": status, "body": body}), flush=True)
"#;

#[test]
fn another_persons_request_in_a_session_is_refused_and_the_session_goes_on() {
    let server = Remote::python("k");
    let site = site(Transport::Served);
    install(&site, &server);
    let (url, mine) = served_mcp(&site).unwrap();
    let token = |args: &[&str]| {
        let made = site.json(&[&["edge", "token", "create", "--role", "content"][..], args].concat());
        made["token"].as_str().unwrap().to_owned()
    };
    let (colleague, outsider) = (token(&["--name", "bob"]), token(&["--tenant", "other"]));
    let echo = json!({"name": "notes.echo", "arguments": {"text": "mine"}});
    let steps = json!([
        [1, "tools/call", echo],
        [2, "tools/call", echo],
        [2, "tools/list", {}],
        [1, "GET", {}],
        [1, "DELETE", {}],
        [0, "tools/call", echo],
    ]);
    let out = Command::new(python())
        .args(["-c", BY_HAND, &url, &json!([mine, colleague, outsider]).to_string(), &steps.to_string()])
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}\n{}", String::from_utf8_lossy(&out.stderr));
    let answers: Vec<Value> = stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
    for (at, who) in [(0, "a colleague"), (1, "another tenant's person"), (2, "another tenant's person")] {
        let body = answers[at]["body"].as_str().unwrap();
        assert!(body.contains("no such session") && !body.contains("\"text\":\"mine\""), "{who}: {body}");
        assert!(!body.contains("notes.report"), "{who} sees no function of the tenant's: {body}");
    }
    // Nor may a colleague read the session's stream (where its person is asked, with a call's
    // arguments) or end it.
    assert_eq!((answers[3]["status"].as_u64(), answers[4]["status"].as_u64()), (Some(404), Some(404)), "{answers:?}");
    // The session's own person goes on in it, and the calls refused made no step.
    let body = answers[5]["body"].as_str().unwrap();
    assert!(body.contains("\"text\":\"mine\""), "{body}");
    let jobs = site.json(&["job", "list"]);
    let job = jobs["jobs"].as_array().unwrap().iter().find(|j| j["kind"] == "session").unwrap();
    let trace = site.json(&["job", "trace", job["id"].as_str().unwrap()]);
    assert_eq!(trace["steps"].as_array().unwrap().len(), 1, "{trace}");
}

#[test]
fn a_flow_applied_as_a_tool_is_offered_and_runs_as_a_job_of_the_session() {
    let server = Remote::python("k");
    for transport in transports() {
        let site = site(transport);
        install(&site, &server);
        let flow = site.env.work().join("shout.yaml");
        let yaml = "id: shout\ndescription: Echo it back.\nas_tool: true\nsteps:\n  - id: echo\n    call: notes.echo\n    args: {text: \"${input}\"}\n";
        std::fs::write(&flow, yaml).unwrap();
        site.ok(&["agent", "apply", flow.to_str().unwrap()]);
        let printed = session(&site, &json!([["list"], ["call", "shout.run", {"input": "hello"}]]));
        let names: Vec<&str> = printed[0].as_array().unwrap().iter().filter_map(Value::as_str).collect();
        assert!(names.contains(&"shout.run"), "{transport:?}: {names:?}");
        assert_eq!((&printed[1]["error"], &printed[1]["text"]), (&json!(false), &json!("hello")), "{transport:?}");
        let jobs = poll("the session's job to end", PATIENCE, || {
            let jobs = site.json(&["job", "list"])["jobs"].as_array()?.clone();
            jobs.iter().any(|j| j["kind"] == "session" && j["state"] == "succeeded").then_some(jobs)
        });
        let session = jobs.iter().find(|j| j["kind"] == "session").unwrap();
        let flow = jobs.iter().find(|j| j["name"] == "shout").unwrap();
        assert_eq!(
            (&flow["kind"], &flow["parent"], &flow["state"]),
            (&json!("flow"), &session["id"], &json!("succeeded"))
        );
    }
}
