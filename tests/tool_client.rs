//! What oz0 is to a tool's server as an MCP client: it tells it of the roots its manifest declares and
//! of none otherwise, puts a server's questions to the person at `oz0 tool call` (and declines them anywhere else, saying why in
//! the trace), calls a function that must run as a task, shows progress live, and keeps the server's
//! log messages in the trace. Against the public reference server `@modelcontextprotocol/server-everything`,
//! through the embedded edge and `oz0 edge serve`.

use crate::common;
use crate::plugin_support;

use std::io::Write as _;

use common::{text, transports};
use plugin_support::PluginSite as Site;
use serde_json::Value;

fn site(transport: common::Transport) -> Site {
    let site = Site::new(transport);
    site.install_everything();
    site
}

#[test]
fn the_functions_that_need_a_clients_features_are_listed_and_the_roots_are_the_manifests() {
    for transport in transports() {
        let site = site(transport);
        let listed = site.ok(&["plugin", "list"]);
        for function in ["trigger-elicitation-request", "trigger-url-elicitation", "simulate-research-query"] {
            assert!(listed.contains(function), "{transport:?}: {function} is listed: {listed}");
        }
        // Sampling is declared only for a plugin granted models, and roots only where there are some.
        assert!(!listed.contains("trigger-sampling-request"), "{transport:?}: {listed}");
        assert!(!listed.contains("get-roots-list"), "{transport:?}: no root is made up: {listed}");

        // A plugin whose manifest declares a root, in its own folder.
        let dir = plugin_support::everything_plugin(&site.env);
        std::fs::create_dir_all(dir.join("docs")).unwrap();
        std::fs::write(dir.join("docs/read-me.md"), "# Docs\n").unwrap();
        let manifest = std::fs::read_to_string(dir.join("oz0-plugin.yaml")).unwrap();
        let manifest = manifest.replace("name: everything", "name: rooted").replace("id: everything", "id: rooted");
        std::fs::write(dir.join("oz0-plugin.yaml"), format!("{manifest}    roots: [docs]\n")).unwrap();
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        let roots = site.ok(&["tool", "call", "rooted.get-roots-list"]);
        let plugins = site.edge_dir().canonicalize().unwrap().join("plugins");
        assert!(roots.contains("Current MCP Roots (1 total)"), "{transport:?}: {roots}");
        assert!(roots.contains(&format!("file://{}", plugins.display())), "{transport:?}: {roots}");
        assert!(roots.contains("/docs"), "{transport:?}: {roots}");
    }
}

#[test]
fn a_question_is_declined_with_why_when_no_person_answers_and_answered_when_one_does() {
    for transport in transports() {
        let site = site(transport);
        let (code, answer, stderr) = site.call(&["everything.trigger-elicitation-request"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["server"][0]["kind"], "question", "{answer}");
        assert_eq!(answer["server"][0]["level"], "decline", "{answer}");
        assert!(answer["server"][0]["text"].as_str().unwrap().contains("no person is at this call"), "{answer}");
        let trace = site.ok(&["job", "trace", answer["job"]["id"].as_str().unwrap()]);
        assert!(trace.contains("the server asked: Please provide inputs"), "{transport:?}: {trace}");
        assert!(trace.contains("(declined: no person is at this call"), "{transport:?}: {trace}");

        // A person answers: the name, the terms agreed, and every default taken.
        let mut call = site
            .oz0_process()
            .args(["tool", "call", "everything.trigger-elicitation-request", "--ask"])
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        call.stdin.take().unwrap().write_all(format!("a\nAda\ny\n{}", "\n".repeat(12)).as_bytes()).unwrap();
        let out = call.wait_with_output().unwrap();
        let (stdout, stderr) = (text(&out.stdout), text(&out.stderr));
        assert!(out.status.success(), "{transport:?}: {stderr}");
        assert!(stdout.contains("- Name: Ada") && stdout.contains("- Agreed to terms: true"), "{stdout}");
        assert!(stderr.contains("the tool's server asks: Please provide inputs"), "{stderr}");
        assert!(
            stderr.contains("the server asked: Please provide inputs for the following fields: (accept)"),
            "{stderr}"
        );
    }
}

#[test]
fn a_function_that_must_run_as_a_task_is_called_as_one() {
    for transport in transports() {
        let site = site(transport);
        let (code, answer, stderr) = site.call(&["everything.simulate-research-query", "--arg", "topic=tides"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        let text = answer["result"]["content"][0]["text"].as_str().unwrap();
        assert!(text.contains("tides"), "{transport:?}: {text}");
    }
}

#[test]
fn progress_is_live_and_log_messages_are_kept_in_the_trace() {
    for transport in transports() {
        let site = site(transport);
        let flows = site.env.work().join("flows");
        std::fs::create_dir_all(&flows).unwrap();
        std::fs::write(
            flows.join("slow.yaml"),
            "id: slow\nsteps:\n  - id: logs\n    call: everything.toggle-simulated-logging\n    args: {}\n  \
             - id: slow\n    call: everything.trigger-long-running-operation\n    args: {duration: 6, steps: 3}\n",
        )
        .unwrap();
        let (code, stdout, stderr) = site.run(&["run", "slow", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let events: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let progress: Vec<&Value> = events.iter().filter(|e| e["event"] == "progress").collect();
        assert!(!progress.is_empty(), "{transport:?}: progress is told live: {stdout}");
        assert_eq!(progress[0]["call"], "everything.trigger-long-running-operation");
        assert_eq!(progress[0]["total"], 3.0, "{transport:?}: {stdout}");
        let job = events.last().unwrap()["job"]["id"].as_str().unwrap().to_owned();
        let trace = site.ok(&["job", "trace", &job]);
        assert!(!trace.contains("step 2: server "), "{transport:?}: logs only with -v: {trace}");
        let verbose = site.ok(&["job", "trace", &job, "-v"]);
        assert!(verbose.contains("step 2: server "), "{transport:?}: the log sent during the call: {verbose}");
        // The server sends its last progress just before its result, and the call waits for it to be told.
        assert!(trace.contains("step 2: progress: 3 of 3"), "{transport:?}: the last progress is kept: {trace}");
        let steps = site.json(&["job", "trace", &job]);
        let notes = steps["steps"][1]["server"].as_array().unwrap();
        assert!(notes.iter().any(|note| note["kind"] == "log"), "{steps}");
        assert_eq!(notes.iter().filter(|note| note["kind"] == "progress").count(), 1, "{steps}");
    }
}

#[test]
fn sampling_is_declared_for_a_plugin_granted_models() {
    for transport in transports() {
        let site = Site::new(transport);
        let dir = site.env.work().join("sampler");
        std::fs::create_dir_all(&dir).unwrap();
        let manifest = format!(
            "name: sampler\nversion: 1.0.0\ndescription: The reference server, granted models.\ntools:\n  - id: sampler\n    \
             description: Every kind of request.\n    mcp: [node, {}, stdio]\n    timeout: 30\n\
             requires:\n  models:\n    sampling: default\n",
            serde_json::to_string(&plugin_support::everything().to_string_lossy()).unwrap()
        );
        std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
        let installed = site.ok(&["plugin", "install", dir.to_str().unwrap(), "--accept-model"]);
        assert!(installed.contains("trigger-sampling-request"), "{transport:?}: {installed}");
        // With no model gateway on the edge, the request is refused, and the refusal is on the step.
        let (code, answer, stderr) = site.call(&["sampler.trigger-sampling-request", "--arg", "prompt=hi"]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        assert!(answer.to_string().contains("the edge has no model gateway"), "{answer}");
        assert_eq!(answer["sampling"][0]["outcome"], "refused", "{answer}");
    }
}
