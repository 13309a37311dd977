//! The AG-UI stream: `POST /v1/agents/{agent}/agui` runs an installed agent for a `RunAgentInput`, its
//! `threadId` the conversation, and answers AG-UI's events; `GET /v1/jobs/{job}/agui` follows a job
//! the same way. The clients are AG-UI's own: a client on the official Python models
//! (`ag-ui-protocol`), which validates every event and their order (tests/fixtures/agui/validate.py),
//! and `@ag-ui/client`'s HttpAgent run headless in Node. A plugin of the standard library
//! (tests/fixtures/plugins/hooked) and a scripted provider on loopback stand in for the tools and the
//! model provider, on `oz0 edge serve` with SQLite and with PostgreSQL.

use std::path::PathBuf;
use std::process::Command;

use crate::common;
use crate::plugin_support;
use crate::run_support;

use common::served_transports;
use plugin_support::{PluginSite as Site, python, root};
use run_support::{ScriptedProvider, call, file_in, last_tool_text, say};
use serde_json::{Value, json};

const SECRET: &str = "launch-code-4711";

/// Returns `@ag-ui/client`, which `scripts/test` installs; fails the test with what to do when there
/// is none.
fn agui_client() -> PathBuf {
    let client = std::env::var_os("OZ0_TEST_AGUI_CLIENT").map(PathBuf::from);
    client.filter(|c| c.exists()).unwrap_or_else(|| {
        panic!(
            "the AG-UI stream's tests run AG-UI's client `@ag-ui/client`, and OZ0_TEST_AGUI_CLIENT does not name \
             it: run scripts/test, which installs it in .test-servers"
        )
    })
}

/// Runs the Python client, which validates every event; returns them.
fn validated(args: &[&str]) -> Vec<Value> {
    let script = root().join("tests/fixtures/agui/validate.py");
    let out = Command::new(python()).arg(script).args(args).output().expect("python runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{args:?}: {stderr}");
    serde_json::from_slice(&out.stdout).expect("the events as JSON")
}

fn types(events: &[Value]) -> Vec<&str> {
    events.iter().map(|e| e["type"].as_str().unwrap()).collect()
}

#[test]
fn an_agui_client_runs_an_agent_and_every_event_validates() {
    for transport in served_transports() {
        let site = Site::new(transport);
        let dir = root().join("tests/fixtures/plugins/hooked");
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        let agent = site.env.work().join("reader.yaml");
        let definition =
            "id: reader\ninstructions: Answer from the reports.\nmodel: default\noffload: 500\ntools: [papers]\n";
        std::fs::write(&agent, definition).unwrap();
        site.ok(&["agent", "apply", agent.to_str().unwrap()]);
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("papers__report", json!({}), 10, 5)),
            Box::new(|_: &Value| say("The report is kept.", 10, 5)),
            // The thread's second run reads back the file its first kept, found in its history.
            Box::new(|request: &Value| {
                let file = file_in(&request["messages"].to_string());
                call("oz__read_result", json!({"ref": file, "range": "200-202"}), 10, 5)
            }),
            Box::new(|request: &Value| {
                assert!(last_tool_text(request).contains(SECRET));
                say("Line 201 holds the code.", 10, 5)
            }),
            Box::new(|_: &Value| say("Hello from the third run.", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let edge = site.served.as_ref().unwrap();
        let (url, token) = (edge.url.as_str(), edge.token.as_str());

        let first = validated(&["run", url, token, "reader", "thread-1", "Keep the report."]);
        assert_eq!(
            types(&first),
            [
                "RUN_STARTED",
                "STEP_STARTED",
                "STEP_FINISHED",
                "TOOL_CALL_START",
                "TOOL_CALL_ARGS",
                "TOOL_CALL_END",
                "STEP_STARTED",
                "STEP_FINISHED",
                "TOOL_CALL_RESULT",
                "STEP_STARTED",
                "STEP_FINISHED",
                "TEXT_MESSAGE_START",
                "TEXT_MESSAGE_CONTENT",
                "TEXT_MESSAGE_END",
                "RUN_FINISHED",
            ],
            "{transport:?}: {first:#?}"
        );
        assert_eq!((&first[0]["threadId"], &first[0]["runId"]), (&json!("thread-1"), &json!("run-1")));
        assert_eq!(first[3]["toolCallName"], "papers__report");
        assert_eq!(first[7]["stepName"], "tool_call papers.report");
        // What the model read of the report kept as a file: the stub and its ref.
        let stub = first[8]["content"].as_str().unwrap();
        assert!(stub.contains("oz0-file:sha256:") && !stub.contains(SECRET), "{transport:?}: {stub}");
        assert_eq!(first[12]["delta"], "The report is kept.");
        let job = first[14]["result"]["job"].as_str().unwrap().to_owned();
        assert_eq!(job, "thread-1", "{transport:?}: a new thread starts a conversation under its ID");

        // The same thread goes on: its second run reads the first one's file back.
        let second = validated(&["run", url, token, "reader", "thread-1", "What is on line 201?"]);
        let result = second.iter().find(|e| e["type"] == "TOOL_CALL_RESULT").unwrap();
        assert!(result["content"].as_str().unwrap().contains(SECRET), "{transport:?}");
        assert_eq!(second.last().unwrap()["type"], "RUN_FINISHED", "{transport:?}");
        let shown = site.json(&["conversation", "show", "thread-1"]);
        assert_eq!(shown["turns"].as_array().unwrap().len(), 2, "{transport:?}");

        // A job is followed the same way, from its start, after it ended.
        let replay = validated(&["follow", url, token, &job]);
        assert_eq!(types(&replay), types(&first), "{transport:?}");
        assert_eq!(replay[0]["threadId"], "thread-1");

        // AG-UI's own client runs the agent headless, validating what it receives as it goes.
        let modules = agui_client().parent().unwrap().parent().unwrap().to_owned();
        let out = Command::new("node")
            .arg(root().join("tests/fixtures/agui/client.js"))
            .args([url, token, "reader", "thread-js", "Say hello."])
            .env("NODE_PATH", modules)
            .output()
            .expect("node runs");
        assert!(out.status.success(), "{transport:?}: {}", String::from_utf8_lossy(&out.stderr));
        let ran: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(ran["types"][0], "RUN_STARTED", "{ran}");
        assert_eq!(ran["types"].as_array().unwrap().last().unwrap(), "RUN_FINISHED", "{ran}");
        let said = ran["messages"].as_array().unwrap().last().unwrap();
        assert_eq!(
            (&said["role"], &said["content"]),
            (&json!("assistant"), &json!("Hello from the third run.")),
            "{ran}"
        );
    }
}

#[test]
fn a_run_the_edge_cannot_start_is_a_problem_and_a_failed_run_a_run_error() {
    let site = Site::new(common::Transport::Served);
    let edge = site.served.as_ref().unwrap();
    let (url, token) = (edge.url.as_str(), edge.token.as_str());
    let script = root().join("tests/fixtures/agui/validate.py");
    let out = Command::new(python()).arg(&script).args(["run", url, token, "nobody", "t1", "hi"]).output().unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("404"), "{}", String::from_utf8_lossy(&out.stderr));

    let agent = site.env.work().join("reader.yaml");
    std::fs::write(&agent, "id: reader\ninstructions: Answer.\nmodel: default\n").unwrap();
    site.ok(&["agent", "apply", agent.to_str().unwrap()]);
    let provider = ScriptedProvider::start(Vec::new());
    provider.configure(&site.edge_dir());
    let events = validated(&["run", url, token, "reader", "t2", "hi"]);
    assert_eq!(types(&events), ["RUN_STARTED", "STEP_STARTED", "STEP_FINISHED", "RUN_ERROR"], "{events:#?}");
    assert!(events[3]["message"].as_str().unwrap().contains("the script ran out"), "{events:#?}");
}
