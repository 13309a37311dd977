//! An agent's `post_tool_call` hooks: tool functions that see each whole result of its model's tool
//! calls before offload. A replacement is read inline, never offloaded; an empty answer keeps the
//! result; a hook that does not answer, or that the tenant's policy refuses, withholds it. A hook's
//! usage report is charged to the job and each hook is a step of its own. A plugin of the standard
//! library (tests/fixtures/plugins/hooked) and a scripted provider on loopback standing in for the model
//! provider, through the embedded edge and `oz0 edge serve` on PostgreSQL.

use crate::common;
use crate::plugin_support;
use crate::run_support;

use common::transports;
use plugin_support::{PluginSite as Site, root};
use run_support::{ScriptedProvider, call, last_tool_text, say};
use serde_json::{Value, json};

const SECRET: &str = "launch-code-4711";

/// Installs the fixture and writes the agent `name`, whose tools are `papers` and whose hooks `hooks`.
fn set_up(site: &Site, name: &str, hooks: &str) {
    let dir = root().join("tests/fixtures/plugins/hooked");
    site.ok(&["plugin", "install", dir.to_str().unwrap()]);
    let agents = site.env.work().join("agents");
    std::fs::create_dir_all(&agents).unwrap();
    let agent = format!(
        "id: {name}\ninstructions: Read the reports.\nmodel: default\ntools: [papers]\noffload: 500\n\
         hooks: {{post_tool_call: [{hooks}]}}\n"
    );
    std::fs::write(agents.join(format!("{name}.yaml")), agent).unwrap();
}

/// Runs the agent `name` as JSON lines, and returns its events.
fn run(site: &Site, name: &str) -> Vec<Value> {
    let (code, stdout, stderr) = site.run(&["run", name, "--input", "the reports", "--format", "jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect()
}

#[test]
fn a_hook_sees_the_whole_result_and_its_replacement_is_read_inline() {
    for transport in transports() {
        let site = Site::new(transport);
        set_up(&site, "guarded", "guard.redact");
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("papers__report", json!({}), 10, 5)),
            Box::new(|_: &Value| call("papers__brief", json!({}), 10, 5)),
            Box::new(|_: &Value| say("done", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let events = run(&site, "guarded");
        let received = provider.received();

        // The report (some 28,000 characters, far over the offload of 500 tokens) reached the hook whole,
        // and its replacement reached the model as it is: no stub, no file, no secret.
        let read = last_tool_text(&received[1]);
        let length: usize = read
            .strip_prefix("[papers.report answered ")
            .and_then(|rest| rest.split_once(' '))
            .map(|(n, _)| n.parse().unwrap())
            .unwrap_or_else(|| panic!("{transport:?}: the model reads the hook's answer: {read}"));
        assert!(length > 25_000, "{transport:?}: the hook saw the whole result, not its stub: {read}");
        assert!(!read.contains(SECRET) && !read.contains("oz0-file:"), "{read}");
        // An empty answer keeps the result.
        assert_eq!(last_tool_text(&received[2]), "All figures are in order.", "{transport:?}");

        let steps: Vec<&Value> = events.iter().filter_map(|e| e.get("step")).collect();
        let kinds: Vec<&str> = steps.iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert_eq!(
            kinds,
            ["model_call", "tool_call", "hook", "model_call", "tool_call", "hook", "model_call"],
            "{transport:?}: each hook is a step of its own, after its call's"
        );
        let (report, hook) = (steps[1], steps[2]);
        assert!(report["offloaded"].is_null(), "{transport:?}: a replaced result is never offloaded: {report}");
        assert_eq!((hook["tool"].as_str(), hook["function"].as_str()), (Some("guard"), Some("redact")), "{hook}");
        assert_eq!(hook["usage"][0]["cost_usd"], 0.0025, "{transport:?}: the hook's usage report: {hook}");
        let job = site.json(&["job", "list"])["jobs"][0]["id"].as_str().unwrap().to_owned();
        let cost = site.json(&["job", "get", &job])["job"]["cost_usd"].as_f64().unwrap();
        assert!(cost >= 0.0025, "{transport:?}: the hook's usage is charged to the job: {cost}");
        let trace = site.ok(&["job", "trace", &job]);
        assert!(!trace.contains(SECRET), "{transport:?}: {trace}");
    }
}

#[test]
fn a_hook_that_fails_or_is_refused_withholds_the_result() {
    for transport in transports() {
        let site = Site::new(transport);
        set_up(&site, "failing", "guard.fail");
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("papers__report", json!({}), 10, 5)),
            Box::new(|_: &Value| say("done", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        run(&site, "failing");
        let read = last_tool_text(&provider.received()[1]);
        assert!(
            read.starts_with(
                "the result of papers.report was withheld: its post_tool_call hook guard.fail did not answer"
            ),
            "{transport:?}: {read}"
        );
        assert!(!read.contains(SECRET), "{read}");

        // The tenant's policy applies to a hook as to any call.
        set_up(&site, "denied", "guard.redact");
        site.ok(&["policy", "deny", "guard.redact"]);
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("papers__brief", json!({}), 10, 5)),
            Box::new(|_: &Value| say("done", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let events = run(&site, "denied");
        let read = last_tool_text(&provider.received()[1]);
        assert!(read.starts_with("the result of papers.brief was withheld"), "{transport:?}: {read}");
        let hook = events.iter().filter_map(|e| e.get("step")).find(|s| s["kind"] == "hook").unwrap();
        assert_eq!(hook["outcome"], "refused", "{transport:?}: {hook}");

        // A hook that names no installed function fails the run before its first model call.
        set_up(&site, "missing", "guard.nothing");
        let (code, _, stderr) = site.run(&["run", "missing", "--input", "x"]);
        assert_ne!(code, 0, "{transport:?}");
        assert!(stderr.contains("the agent's post_tool_call hook"), "{transport:?}: {stderr}");
    }
}
