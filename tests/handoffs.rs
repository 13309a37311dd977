//! Hand-offs: an agent's `handoffs` offer its model `transfer_to_<agent>`, as the OpenAI Agents SDK
//! does; the agent handed to answers in the same job, with its own instructions and tools and the
//! history so far, and reads back a result its own call offloaded. A router with no tools of its own is
//! offered `oz.read_result` for the agents it hands to. A plugin of the standard library
//! (tests/fixtures/plugins/hooked) and a scripted provider on loopback standing in for the model
//! provider, through the embedded edge and `oz0 edge serve` on PostgreSQL.

use crate::common;
use crate::plugin_support;
use crate::run_support;

use common::transports;
use plugin_support::{PluginSite as Site, root};
use run_support::{ScriptedProvider, call, file_in, last_tool_text, say};
use serde_json::{Value, json};

/// The names of the functions a request offered its model.
fn offered(request: &Value) -> Vec<String> {
    request["tools"].as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap().to_owned()).collect()
}

fn system(request: &Value) -> &str {
    request["messages"][0]["content"].as_str().unwrap()
}

#[test]
fn a_router_hands_the_run_to_an_agent_that_answers_in_the_same_job() {
    for transport in transports() {
        let site = Site::new(transport);
        let dir = root().join("tests/fixtures/plugins/hooked");
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        let agents = site.env.work().join("agents");
        std::fs::create_dir_all(&agents).unwrap();
        let router = "id: router\ninstructions: Route.\nmodel: default\noffload: 500\nhandoffs: [analyst]\n";
        std::fs::write(agents.join("router.yaml"), router).unwrap();
        let analyst = "id: analyst\ninstructions: Answer from the reports.\nmodel: default\ntools: [papers]\n";
        std::fs::write(agents.join("analyst.yaml"), analyst).unwrap();
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("transfer_to_analyst", json!({}), 10, 5)),
            Box::new(|_: &Value| call("papers__report", json!({}), 10, 5)),
            Box::new(|request: &Value| {
                let file = file_in(&last_tool_text(request));
                call("oz__read_result", json!({"ref": file, "range": "200-202"}), 10, 5)
            }),
            Box::new(|_: &Value| say("The vault's code is in line 201.", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, stdout, stderr) = site.run(&["run", "router", "--input", "the reports", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let received = provider.received();

        assert_eq!(system(&received[0]), "Route.", "{transport:?}");
        assert_eq!(offered(&received[0]), ["oz__read_result", "transfer_to_analyst"], "{transport:?}");
        // The analyst answers from then on, with its instructions, its tools and the history so far.
        assert_eq!(system(&received[1]), "Answer from the reports.", "{transport:?}");
        assert_eq!(offered(&received[1]), ["papers__report", "papers__brief", "oz__read_result"], "{transport:?}");
        assert_eq!(last_tool_text(&received[1]), r#"{"assistant": "analyst"}"#, "{transport:?}");
        assert_eq!(received[1]["messages"][1]["content"], "the reports", "{transport:?}: the history goes on");
        // Its result, over the router's offload, was kept as a file of the job, and read back.
        let read = last_tool_text(&received[3]);
        assert!(read.contains("launch-code-4711"), "{transport:?}: the part read back: {read}");

        let events: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let steps: Vec<&Value> = events.iter().filter_map(|e| e.get("step")).collect();
        let kinds: Vec<&str> = steps.iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert_eq!(
            kinds,
            ["model_call", "handoff", "model_call", "tool_call", "model_call", "read_result", "model_call"],
            "{transport:?}: one job, the hand-off a step of it"
        );
        assert_eq!(steps[1]["tool"], "analyst", "{transport:?}");
        assert!(!steps[3]["offloaded"].is_null(), "{transport:?}: {}", steps[3]);
        assert_eq!(site.json(&["job", "list"])["jobs"].as_array().unwrap().len(), 1, "{transport:?}");
    }
}

#[test]
fn a_hand_off_to_an_installed_agent_runs_the_installed_definition() {
    let site = Site::new(common::Transport::Embedded);
    let agents = site.env.work().join("agents");
    std::fs::create_dir_all(&agents).unwrap();
    let helper = site.env.work().join("helper.yaml");
    std::fs::write(&helper, "id: helper\ninstructions: Help as installed.\nmodel: default\n").unwrap();
    site.ok(&["agent", "apply", helper.to_str().unwrap()]);
    std::fs::write(agents.join("router.yaml"), "id: router\ninstructions: Route.\nhandoffs: [helper]\n").unwrap();
    let provider = ScriptedProvider::start(vec![
        Box::new(|_: &Value| call("transfer_to_helper", json!({}), 10, 5)),
        Box::new(|_: &Value| say("helped", 10, 5)),
    ]);
    provider.configure(&site.edge_dir());
    assert_eq!(site.ok(&["run", "router", "--input", "x"]).trim(), "helped");
    assert_eq!(system(&provider.received()[1]), "Help as installed.");
}

#[test]
fn a_hand_off_to_an_agent_that_is_nowhere_is_refused_before_the_run() {
    let site = Site::new(common::Transport::Embedded);
    let agents = site.env.work().join("agents");
    std::fs::create_dir_all(&agents).unwrap();
    std::fs::write(agents.join("router.yaml"), "id: router\ninstructions: Route.\nhandoffs: [nobody]\n").unwrap();
    let provider = ScriptedProvider::start(Vec::new());
    provider.configure(&site.edge_dir());
    let (code, _, stderr) = site.run(&["run", "router", "--input", "x"]);
    assert_ne!(code, 0);
    assert!(
        stderr.contains("the agent `router` hands off to `nobody`: there is no agents/nobody.yaml here"),
        "{stderr}"
    );
    std::fs::write(agents.join("loop.yaml"), "id: loop\ninstructions: Route.\nhandoffs: [loop]\n").unwrap();
    let (code, _, stderr) = site.run(&["run", "loop", "--input", "x"]);
    assert_ne!(code, 0);
    assert!(stderr.contains("`handoffs` names `loop`: name another agent"), "{stderr}");
}
