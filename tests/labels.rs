//! Labels: a result's labels join into its job, a function of the open world that declares none reads
//! `outside`, an offloaded file keeps its labels and joins them again when read back, and an agent's
//! clearance withholds a result carrying another label; the labels a tool's model request says it
//! carries join its step and job. Real Python servers (tests/fixtures/plugins/labelled, and briefer,
//! which asks the model by MCP sampling) and a scripted provider on loopback standing in for the model
//! provider, through the embedded edge and `oz0 edge serve`.

use crate::common;
use crate::plugin_support;
use crate::run_support;

use common::transports;
use plugin_support::{PluginSite as Site, root};
use run_support::{Answer, ScriptedProvider, call, last_tool_text, say};
use serde_json::{Value, json};

fn install(site: &Site) {
    let dir = root().join("tests/fixtures/plugins/labelled");
    site.ok(&["plugin", "install", dir.to_str().unwrap()]);
}

fn agent(site: &Site, yaml: &str) {
    let dir = site.env.work().join("agents");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("reader.yaml"), yaml).unwrap();
}

fn run(site: &Site) -> Vec<Value> {
    let (code, stdout, stderr) = site.run(&["run", "reader", "--input", "payroll?", "--format", "jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect()
}

#[test]
fn a_results_labels_join_its_job_and_the_open_world_reads_outside() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site);
        let (code, answer, stderr) = site.call(&["labelled.payroll"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["job"]["labels"], json!(["confidential"]), "{answer}");
        let job = answer["job"]["id"].as_str().unwrap();
        assert!(site.ok(&["job", "get", job]).contains("labels    confidential"));
        assert!(site.ok(&["job", "trace", job]).contains("step 1: labels confidential"));
        let (_, answer, _) = site.call(&["labelled.web", "--arg", "query=tides"]);
        assert_eq!(answer["job"]["labels"], json!(["outside"]), "{transport:?}: {answer}");
    }
}

#[test]
fn the_labels_of_a_tools_model_request_join_its_step_and_job() {
    for transport in transports() {
        let site = Site::new(transport);
        let dir = root().join("tests/fixtures/plugins/briefer");
        site.ok(&["plugin", "install", dir.to_str().unwrap(), "--accept-model"]);
        let provider = ScriptedProvider::start(vec![Box::new(|_: &Value| say("A short brief.", 30, 5))]);
        provider.configure(&site.edge_dir());
        let (code, answer, stderr) = site.call(&["briefer.brief", "--arg", "record=Ada, born 1815"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "A short brief.", "{answer}");
        // Its result declares none: the label is the request's, which said what it carried.
        assert_eq!(answer["job"]["labels"], json!(["pii"]), "{transport:?}: {answer}");
        let job = answer["job"]["id"].as_str().unwrap();
        assert_eq!(site.json(&["job", "trace", job])["steps"][0]["labels"], json!(["pii"]));
        assert_eq!(provider.received().len(), 1);
    }
}

#[test]
fn a_data_rule_keeps_what_carries_its_label_from_other_model_aliases() {
    for transport in transports() {
        let site = Site::new(transport);
        assert_eq!(site.ok(&["tenant", "rules"]), "no data rules: what a job read may go to any model alias\n");
        assert_eq!(
            site.ok(&["tenant", "rules", "--allow", "pii=local", "--allow", "confidential=local"]),
            "confidential -> local\npii -> local\n"
        );
        assert!(site.ok(&["tenant", "audit", "--limit", "1"]).contains("tenant.rules"), "{transport:?}");
        let dir = root().join("tests/fixtures/plugins/briefer");
        site.ok(&["plugin", "install", dir.to_str().unwrap(), "--accept-model"]);
        install(&site);
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("labelled__payroll", json!({"lines": 2}), 50, 10)),
            Box::new(|_: &Value| say("A short brief.", 30, 5)),
        ]);
        provider.configure(&site.edge_dir());

        // A tool's request that carries `pii` to `default` is refused, the rule named in its refusal.
        let (code, answer, stderr) = site.call(&["briefer.brief", "--arg", "record=Ada, born 1815"]);
        assert_eq!(code, 1, "{transport:?}: {stderr} {answer}");
        let sampled = &answer["sampling"][0];
        assert_eq!(sampled["outcome"], "refused", "{answer}");
        let text = answer["result"]["content"][0]["text"].as_str().unwrap();
        let (message, data) = text.split_once('\n').unwrap();
        assert!(
            message.contains(
                "the tenant's data rule `pii` lets what carries it go to the model alias local only, not to `default`"
            ),
            "{message}"
        );
        let refusal: Value = serde_json::from_str(data).unwrap();
        assert_eq!(refusal["ai.oz0/refusal"]["type"], "data_rule", "{refusal}");
        assert_eq!(refusal["ai.oz0/refusal"]["oz0"]["rule"], "pii", "{refusal}");

        // An agent whose job read what is `confidential` makes no model call to `default` after it.
        agent(&site, "id: reader\ninstructions: Answer.\ntools: [labelled]\noffload: off\n");
        let (code, stdout, stderr) = site.run(&["run", "reader", "--input", "payroll?", "--format", "jsonl"]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        let events: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let done = &events.last().unwrap()["job"];
        assert_eq!(done["labels"], json!(["confidential"]), "{done}");
        assert!(done["error"].as_str().unwrap().contains("data rule `confidential`"), "{done}");
        assert_eq!(provider.received().len(), 1, "{transport:?}: only the request before the payroll was read");

        // With `default` allowed, the tool's request goes.
        site.ok(&["tenant", "rules", "--allow", "pii=local,default"]);
        let (code, answer, stderr) = site.call(&["briefer.brief", "--arg", "record=Ada"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "A short brief.");
    }
}

#[test]
fn a_quota_refuses_the_request_past_it_naming_its_scope() {
    for transport in transports() {
        let site = Site::new(transport);
        let dir = root().join("tests/fixtures/plugins/briefer");
        site.ok(&["plugin", "install", dir.to_str().unwrap(), "--accept-model"]);
        let provider =
            ScriptedProvider::start((0..4).map(|_| Box::new(|_: &Value| say("Brief.", 30, 5)) as Answer).collect());
        provider.configure(&site.edge_dir());
        site.ok(&["tenant", "quotas", "--plugin", "briefer", "--requests-per-day", "1"]);
        let shown = site.ok(&["tenant", "quotas"]);
        assert!(shown.contains("plugin:briefer") && shown.lines().count() == 3, "{transport:?}: {shown}");
        assert!(site.ok(&["tenant", "audit", "--limit", "1"]).contains("tenant.quotas"), "{transport:?}");

        // The plugin's one request of the day is answered; its second is refused, naming its scope, in
        // the same call as the first, before the call's step records either.
        let (code, answer, _) = site.call(&["briefer.brief", "--arg", "record=one", "--arg", "times=2"]);
        assert_eq!(code, 1, "{transport:?}: {answer}");
        let text = answer["result"]["content"][0]["text"].as_str().unwrap();
        let (message, data) = text.split_once('\n').unwrap();
        assert!(
            message.contains("the plugin `briefer`'s quota of 1 model requests a day would be exceeded: 1 asked today"),
            "{message}"
        );
        let refusal: Value = serde_json::from_str(data).unwrap();
        assert_eq!(refusal["ai.oz0/refusal"]["type"], "quota_exceeded", "{refusal}");
        assert_eq!(refusal["ai.oz0/refusal"]["oz0"]["scope"], "plugin:briefer", "{refusal}");
        assert_eq!(provider.received().len(), 1, "{transport:?}: the refused request was never sent");

        // The tenant's quota counts an agent's calls as well as its tools'.
        site.ok(&["tenant", "quotas", "--plugin", "briefer", "--requests-per-day", "none"]);
        site.ok(&["tenant", "quotas", "--requests-per-day", "1"]);
        agent(&site, "id: reader\ninstructions: Answer.\n");
        let (code, _, stderr) = site.run(&["run", "reader", "--input", "hello"]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        assert!(
            stderr.contains("the tenant's quota of 1 model requests a day would be exceeded: 1 asked today"),
            "{transport:?}: {stderr}"
        );
        assert_eq!(provider.received().len(), 1);
    }
}

#[test]
fn an_offloaded_file_keeps_its_labels_and_clearance_withholds_what_is_outside_it() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site);
        agent(&site, "id: reader\ninstructions: Answer.\ntools: [labelled]\noffload: 200\n");
        let read_back: Answer = Box::new(|request: &Value| {
            let stub: Value = serde_json::from_str(&last_tool_text(request)).unwrap();
            call("oz__read_result", json!({"ref": stub["offloaded"]["ref"], "range": "1-3"}), 50, 10)
        });
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("labelled__payroll", json!({"lines": 300}), 50, 10)),
            read_back,
            Box::new(|_: &Value| say("done", 50, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let events = run(&site);
        let steps: Vec<&Value> = events.iter().filter(|e| e["event"] == "step").map(|e| &e["step"]).collect();
        assert!(steps[1]["offloaded"].is_object(), "{transport:?}: {steps:?}");
        assert_eq!(steps[1]["labels"], json!(["confidential"]));
        assert_eq!(steps[3]["kind"], "read_result");
        assert_eq!(steps[3]["labels"], json!(["confidential"]), "the file's labels join again");
        assert_eq!(events.last().unwrap()["job"]["labels"], json!(["confidential"]));

        // An agent cleared for nothing but `public` reads a note instead of the payroll.
        let site = Site::new(transport);
        install(&site);
        agent(&site, "id: reader\ninstructions: Answer.\ntools: [labelled]\nclearance: [public]\n");
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("labelled__payroll", json!({}), 50, 10)),
            Box::new(|_: &Value| say("I may not read it.", 50, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let events = run(&site);
        let told = last_tool_text(&provider.received()[1]);
        assert!(
            told.contains("withheld: it carries the label(s) confidential, outside this agent's clearance (public)"),
            "{told}"
        );
        assert!(!told.contains("salary"), "{transport:?}: {told}");
        let tool_step = events.iter().find(|e| e["step"]["kind"] == "tool_call").unwrap();
        assert_eq!(tool_step["step"]["withheld"], true);
        let job = events.last().unwrap()["job"]["id"].as_str().unwrap().to_owned();
        assert!(site.ok(&["job", "trace", &job]).contains("withheld from the model"));
    }
}
