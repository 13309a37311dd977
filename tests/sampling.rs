//! Tools that call models: a server's MCP sampling requests answered by the platform on both protocols,
//! within the spec's rules, reserved against the tenant's limits, and seen in the call, the trace, the
//! job's cost and the audit trail. Real MCP servers (the spec's own example in examples/notes, a fixture
//! that breaks each rule, and the public `server-everything`), with a scripted OpenAI-compatible provider
//! on loopback standing in for the model provider. Through the embedded edge and `oz0 edge serve`.

use crate::common;
use crate::plugin_support;
use crate::run_support;

use common::{Transport, served_transports, transports};
use plugin_support::{PluginSite as Site, root};
use run_support::{Answer, ScriptedProvider, say};
use serde_json::{Value, json};

/// A provider that answers every request with `text`, having read 120 tokens and written 8.
fn provider(site: &Site, text: &'static str, requests: usize) -> ScriptedProvider {
    let script: Vec<Answer> = (0..requests).map(|_| Box::new(move |_: &Value| say(text, 120, 8)) as Answer).collect();
    let provider = ScriptedProvider::start(script);
    provider.configure(&site.edge_dir());
    provider
}

fn install(site: &Site, dir: &std::path::Path) {
    site.ok(&["plugin", "install", dir.to_str().unwrap(), "--accept-model"]);
}

/// 120 tokens in at $1 and 8 out at $2 a million.
const COST: f64 = 0.000_136;

#[test]
fn a_plugins_own_alias_is_mapped_at_install_and_fast_answers_as_default() {
    for transport in transports() {
        let site = Site::new(transport);
        let _provider = provider(&site, "Short.", 1);
        let dir = plugin_support::copy_plugin(&site.env, &root().join("examples/notes"), "notes");
        let manifest = std::fs::read_to_string(dir.join("oz0-plugin.yaml")).unwrap();
        std::fs::write(dir.join("oz0-plugin.yaml"), manifest.replace("sampling: default", "sampling: summarizer"))
            .unwrap();
        let path = dir.to_str().unwrap();
        for (extra, says) in [
            (
                &[][..],
                "has its tools' model requests answered with the alias `summarizer`, which the edge has not: map it \
                 to one the edge has with --map-model summarizer=ALIAS; the edge has default, fast, smart",
            ),
            (&["--map-model", "other=fast"][..], "names no model alias `other`"),
            (
                &["--map-model", "summarizer=huge"][..],
                "the edge has no model alias `huge`; it has default, fast, smart",
            ),
        ] {
            let mut args = vec!["plugin", "install", path, "--accept-model"];
            args.extend(extra);
            let (code, _, stderr) = site.run(&args);
            assert_eq!(code, 2, "{transport:?} {extra:?}: {stderr}");
            assert!(stderr.contains(says), "{transport:?} {extra:?}: {stderr}");
        }
        site.ok(&["plugin", "install", path, "--accept-model", "--map-model", "summarizer=fast"]);
        assert_eq!(site.json(&["plugin", "list"])[0]["models"], json!({"summarizer": "fast"}));

        // `fast`, which the operator maps to nothing, answers as `default`, and says so.
        let (code, answer, stderr) = site.call(&["notes.summarize", "--arg", "text=We agreed to ship on Friday."]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        let sampled = &answer["sampling"][0];
        assert_eq!(
            (sampled["alias"].as_str(), sampled["model"].as_str()),
            (Some("fast"), Some("scripted")),
            "{answer}"
        );
        let status = site.json(&["edge", "status"]);
        assert_eq!(
            status["models"],
            json!([
                {"alias": "default", "answered_by": "default", "model": "scripted"},
                {"alias": "fast", "answered_by": "default", "model": "scripted"},
                {"alias": "smart", "answered_by": "default", "model": "scripted"},
            ]),
            "{status}"
        );
        assert!(
            site.ok(&["edge", "status"]).contains("models   default (scripted), fast (as default), smart (as default)")
        );
    }
}

#[test]
fn the_specs_example_summarizes_through_the_platform() {
    for transport in transports() {
        let site = Site::new(transport);
        let provider = provider(&site, "Ship on Friday.", 1);
        install(&site, &root().join("examples/notes"));
        let (code, answer, stderr) = site.call(&["notes.summarize", "--arg", "text=We agreed to ship on Friday."]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "Ship on Friday.", "{answer}");
        let sampled = &answer["sampling"][0];
        assert_eq!((sampled["plugin"].as_str(), sampled["alias"].as_str()), (Some("notes"), Some("default")));
        assert_eq!((sampled["tokens_in"].as_u64(), sampled["tokens_out"].as_u64()), (Some(120), Some(8)));
        assert!((sampled["cost_usd"].as_f64().unwrap() - COST).abs() < 1e-12, "{sampled}");
        assert_eq!(sampled["outcome"], "ok");

        let sent = &provider.received()[0];
        assert_eq!(sent["messages"][0], json!({"role": "system", "content": "Summarize."}), "{sent}");
        assert_eq!(sent["messages"][1]["content"], "We agreed to ship on Friday.");
        assert_eq!(sent["max_tokens"], 500);
        assert!(sent.get("tools").is_none());

        let job = answer["job"]["id"].as_str().unwrap();
        let trace = site.ok(&["job", "trace", job]);
        assert!(trace.contains("model call by notes: default (scripted), 120 tokens in, 8 out"), "{trace}");
        assert!(!trace.contains("We agreed"), "{transport:?}: the trace keeps numbers, never messages");
        let detail = site.json(&["job", "get", job]);
        assert!((detail["job"]["cost_usd"].as_f64().unwrap() - COST).abs() < 1e-12, "{detail}");
        let audit = site.ok(&["tenant", "audit", "--format", "json"]);
        let page: Value = serde_json::from_str(&audit).unwrap();
        let call = page["entries"].as_array().unwrap().iter().find(|e| e["action"] == "run.model_call").expect(&audit);
        assert_eq!(call["new"]["plugin"], "notes", "{call}");
        assert_eq!(call["new"]["tokens_in"], 120, "{call}");

        // A person's call shows the model call on stderr.
        let out = site.oz0_process().args(["tool", "call", "notes.summarize", "--arg", "text=again"]).output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert!(stderr.contains("model call by notes: default"), "{transport:?}: {stderr}");
    }
}

#[test]
fn the_reference_servers_request_on_the_older_protocol_is_answered() {
    for transport in transports() {
        let site = Site::new(transport);
        provider(&site, "Hello from the platform.", 1);
        let dir = site.env.work().join("everything");
        std::fs::create_dir_all(&dir).unwrap();
        let manifest = format!(
            "name: everything\nversion: 1.0.0\ndescription: The reference server, granted models.\ntools:\n  - id: \
             everything\n    description: Every kind of request.\n    mcp: [node, {}, stdio]\n    timeout: 30\n\
             requires:\n  models:\n    sampling: default\n",
            serde_json::to_string(&plugin_support::everything().to_string_lossy()).unwrap()
        );
        std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
        install(&site, &dir);
        let (code, answer, stderr) = site.call(&["everything.trigger-sampling-request", "--arg", "prompt=Say hello"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert!(answer["result"].to_string().contains("Hello from the platform."), "{answer}");
        assert_eq!(answer["protocol"], "2025-11-25");
        assert_eq!(answer["sampling"][0]["outcome"], "ok", "{answer}");
    }
}

#[test]
fn each_rule_of_what_the_runtime_answers_is_kept() {
    let site = Site::new(Transport::Embedded);
    let provider = provider(&site, "hi", 40);
    install(&site, &root().join("tests/fixtures/plugins/sampler"));
    let refused = |args: &[&str]| {
        let mut all = vec!["sampler.ask"];
        all.extend(args);
        let (code, answer, _) = site.call(&all);
        assert_eq!(code, 1, "{args:?}: {answer}");
        assert_eq!(answer["result"]["isError"], true, "{answer}");
        answer["result"]["structuredContent"]["error"]["message"].as_str().unwrap().to_owned()
    };
    assert!(refused(&["--arg", "tools=true"]).contains("may not offer tools"));
    assert!(refused(&["--arg", "messages=101"]).contains("101 messages, more than the 100"));
    assert!(refused(&["--arg", "temperature=2.5"]).contains("is not from 0 to 2"));
    assert!(refused(&["--arg", "times=26"]).contains("at most 25 requests"));
    assert_eq!(provider.received().len(), 25, "the 25 requests before the 26th were answered");

    let (code, answer, stderr) = site.call(&["sampler.ask", "--arg", "max_tokens=90000", "--arg", "temperature=2"]);
    assert_eq!(code, 0, "{stderr} {answer}");
    let sent = provider.received().pop().unwrap();
    assert_eq!(sent["max_tokens"], 16_384, "more is cut");
    assert_eq!(sent["temperature"], 2.0);
}

#[test]
fn a_spending_limit_refuses_with_its_numbers_and_an_ungranted_plugin_gets_no_model() {
    for transport in transports() {
        let site = Site::new(transport);
        let provider = provider(&site, "never", 1);
        install(&site, &root().join("examples/notes"));
        assert_eq!(site.ok(&["tenant", "limits"]), "a day: none\na month: none\n");
        site.ok(&["tenant", "limits", "--usd-per-day", "0.0001"]);
        assert_eq!(site.json(&["tenant", "limits"]), json!({"usd_per_day": 0.0001, "usd_per_month": null}));
        let (code, answer, _) = site.call(&["notes.summarize", "--arg", "text=x"]);
        assert_eq!(code, 1, "{answer}");
        let error = &answer["result"]["structuredContent"]["error"];
        assert_eq!(error["type"], "spend_refused", "{answer}");
        assert_eq!(error["oz0"]["scope"], "tenant", "{answer}");
        assert_eq!(error["oz0"]["limit_usd"], 0.0001, "{answer}");
        assert!(error["message"].as_str().unwrap().contains("limit of $0.0001 a day would be exceeded"), "{error}");
        assert_eq!(answer["sampling"][0]["outcome"], "refused");
        assert!(provider.received().is_empty(), "nothing was sent");
        assert!(site.ok(&["tenant", "audit"]).contains("tenant.limits"));

        // A plugin not granted models: its request is refused, and nothing is sent.
        site.ok(&["tenant", "limits", "--usd-per-day", "none"]);
        let dir = site.env.work().join("ungranted");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(root().join("examples/notes/server.py"), dir.join("server.py")).unwrap();
        let manifest = std::fs::read_to_string(root().join("examples/notes/oz0-plugin.yaml")).unwrap();
        let manifest = manifest.replace("name: notes", "name: ungranted").replace("id: notes", "id: ungranted");
        let manifest = manifest.split("requires:").next().unwrap().to_owned();
        std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        let (code, answer, _) = site.call(&["ungranted.summarize", "--arg", "text=x"]);
        assert_eq!(code, 1, "{answer}");
        assert!(answer.to_string().contains("not granted models"), "{answer}");
        assert!(provider.received().is_empty());
    }
}

#[test]
fn two_calls_at_once_on_one_shared_server_are_each_answered_for_their_own_job() {
    for transport in served_transports() {
        let site = Site::new(transport);
        let echo = |request: &Value| {
            let text = request["messages"][1]["content"].as_str().unwrap_or_default().to_owned();
            say(&format!("summary of {text}"), 10, 2)
        };
        let provider = ScriptedProvider::start(vec![Box::new(echo), Box::new(echo)]);
        provider.configure(&site.edge_dir());
        install(&site, &root().join("examples/notes"));
        let calls: Vec<_> = ["alpha", "beta"]
            .iter()
            .map(|text| {
                site.oz0_process()
                    .args(["tool", "call", "notes.summarize", "--arg", &format!("text={text}"), "--format", "json"])
                    .stdout(std::process::Stdio::piped())
                    .stderr(std::process::Stdio::piped())
                    .spawn()
                    .unwrap()
            })
            .collect();
        for (call, text) in calls.into_iter().zip(["alpha", "beta"]) {
            let out = call.wait_with_output().unwrap();
            assert!(out.status.success(), "{transport:?}: {}", String::from_utf8_lossy(&out.stderr));
            let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
            assert_eq!(answer["result"]["content"][0]["text"], format!("summary of {text}"), "{transport:?}: {answer}");
            let trace = site.json(&["job", "trace", answer["job"]["id"].as_str().unwrap()]);
            assert_eq!(trace["steps"][0]["sampling"].as_array().unwrap().len(), 1, "{transport:?}: {trace}");
        }
    }
}

#[test]
fn a_tools_request_counts_against_the_job_trees_budget() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site, &root().join("examples/notes"));
        let dir = site.env.work().join("agents");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("brief.yaml"),
            "id: brief\ninstructions: Summarize.\nmodel: default\ntools: [notes]\nmax_tokens: 100\nbudget: {tokens: 470}\n",
        )
        .unwrap();
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| run_support::call("notes__summarize", json!({"text": "x"}), 10, 5)),
            Box::new(|_: &Value| say("done", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (_, stdout, stderr) = site.run(&["run", "brief", "--input", "notes", "--format", "jsonl"]);
        let events: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let tool_step = events.iter().find(|e| e["step"]["kind"] == "tool_call").expect(&stderr);
        let sampled = &tool_step["step"]["sampling"][0];
        assert_eq!(sampled["outcome"], "refused", "{transport:?}: {tool_step}");
        assert!(
            sampled["error"].as_str().unwrap().contains("budget of 470 tokens would be exceeded: 15 spent"),
            "{sampled}"
        );
        let told = run_support::last_tool_text(&provider.received()[1]);
        assert!(
            told.contains("a request for a model was refused: the job's budget of 470 tokens"),
            "{transport:?}: {told}"
        );
    }
}

#[test]
fn an_agent_that_keeps_its_data_on_the_node_has_none_of_its_tools_requests_answered() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site, &root().join("examples/notes"));
        let dir = site.env.work().join("agents");
        std::fs::create_dir_all(&dir).unwrap();
        let agent = "id: private\ninstructions: Summarize.\nmodel: default\ntools: [notes]\ndata: local\n";
        std::fs::write(dir.join("private.yaml"), agent).unwrap();
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| run_support::call("notes__summarize", json!({"text": "the plan"}), 10, 5)),
            Box::new(|_: &Value| say("done", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, stdout, stderr) = site.run(&["run", "private", "--input", "notes", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let rule = "the agent `private` keeps its data on the node (`data: local`): none of its tools' requests \
                    for a model is answered";
        let events: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let tool_step = events.iter().find(|e| e["step"]["kind"] == "tool_call").expect(&stderr);
        let sampled = &tool_step["step"]["sampling"][0];
        assert_eq!(
            (sampled["outcome"].as_str(), sampled["error"].as_str()),
            (Some("refused"), Some(rule)),
            "{sampled}"
        );
        // The provider heard the agent's two model calls, never the tool's request.
        let received = provider.received();
        assert_eq!(received.len(), 2, "{transport:?}: {received:?}");
        let told = run_support::last_tool_text(&received[1]);
        assert!(told.contains(rule), "{transport:?}: the model hears why: {told}");
        let job = site.json(&["job", "list"])["jobs"][0]["id"].as_str().unwrap().to_owned();
        let trace = site.ok(&["job", "trace", &job]);
        assert!(trace.contains("model call by notes: default, 0 tokens in, 0 out"), "{trace}");
        assert!(trace.contains(rule), "{transport:?}: the trace names the rule: {trace}");
    }
}

#[test]
fn an_agents_model_calls_and_its_tools_requests_are_one_model_in_usage() {
    let site = Site::new(Transport::Embedded);
    install(&site, &root().join("examples/notes"));
    let dir = site.env.work().join("agents");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("brief.yaml"), "id: brief\ninstructions: Summarize.\nmodel: default\ntools: [notes]\n")
        .unwrap();
    let provider = ScriptedProvider::start(vec![
        Box::new(|_: &Value| run_support::call("notes__summarize", json!({"text": "x"}), 10, 5)),
        Box::new(|_: &Value| say("Summary.", 20, 4)),
        Box::new(|_: &Value| say("done", 10, 5)),
    ]);
    provider.configure(&site.edge_dir());
    site.ok(&["run", "brief", "--input", "notes"]);
    let sums = site.json(&["usage", "--by", "model"]);
    // The agent's two calls by its alias and the tool's request by the same alias: one model.
    assert_eq!(sums.as_array().unwrap().len(), 1, "{sums}");
    assert_eq!((sums[0]["key"].as_str(), sums[0]["model_calls"].as_u64()), (Some("scripted"), Some(3)), "{sums}");
    let export = site.ok(&["usage", "export", "--format", "csv"]);
    assert_eq!(export.matches(",default,scripted,").count(), 3, "{export}");
}
