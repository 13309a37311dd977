//! `oz0 run`, `oz0 agent` and the trace of agents and flows, end to end: real MCP servers, and a
//! scripted OpenAI-compatible provider on loopback standing in for the model provider. Each scenario
//! runs through the embedded edge and through `oz0 edge serve`.

use crate::common;
use crate::plugin_support;
use crate::run_support;

use common::{
    PATIENCE, Transport, psql, served_transports, text, transports, wait_for_server_with_child, wait_server_gone,
};
use plugin_support::{PluginSite as Site, root};
use run_support::{Answer, ScriptedProvider, call, last_tool_text, say};
use serde_json::{Value, json};

fn answer(f: impl Fn(&Value) -> Value + Send + Sync + 'static) -> Answer {
    Box::new(f)
}

fn fixed(value: Value) -> Answer {
    Box::new(move |_| value.clone())
}

/// Writes an agent's definition into the work folder's `agents/`.
fn agent(site: &Site, name: &str, yaml: &str) {
    let dir = site.env.work().join("agents");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join(format!("{name}.yaml")), yaml).unwrap();
}

/// Runs `oz0 run NAME --format jsonl` and returns the exit code, the events and stderr.
fn run(site: &Site, args: &[&str]) -> (i32, Vec<Value>, String) {
    let mut all = vec!["run"];
    all.extend(args);
    all.extend(["--format", "jsonl"]);
    let (code, stdout, stderr) = site.run(&all);
    let events = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    (code, events, stderr)
}

fn steps(events: &[Value]) -> Vec<&Value> {
    events.iter().filter(|e| e["event"] == "step").map(|e| &e["step"]).collect()
}

fn done(events: &[Value]) -> &Value {
    events.last().filter(|e| e["event"] == "done").expect("the last event is the end")
}

fn reader_site(transport: Transport) -> Site {
    let site = Site::new(transport);
    site.install_acme_docs();
    site
}

#[test]
fn a_long_answer_is_offloaded_and_read_back_with_the_budget_filled_in() {
    for transport in transports() {
        let site = reader_site(transport);
        agent(&site, "reader", "id: reader\ninstructions: Answer from the docs.\ntools: [acme_docs]\noffload: 2000\n");
        let provider = ScriptedProvider::start(vec![
            fixed(call("acme_docs__get_page", json!({"path": "release-notes.md"}), 100_000, 40)),
            answer(|request| {
                let stub: Value = serde_json::from_str(&last_tool_text(request)).unwrap();
                let file = stub["offloaded"]["ref"].as_str().unwrap().to_owned();
                call("oz__read_result", json!({"ref": file, "section": "Release 3.17.0"}), 2_000, 30)
            }),
            fixed(say("Release 3.17.0 reworks the configuration file.", 3_000, 20)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, events, stderr) = run(&site, &["reader", "--input", "What changed in 3.17.0?"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let steps = steps(&events);
        let kinds: Vec<&str> = steps.iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["model_call", "tool_call", "model_call", "read_result", "model_call"], "{events:?}");
        assert_eq!(done(&events)["output"], "Release 3.17.0 reworks the configuration file.");

        // The budget filled in is a quarter of what the newest request and its answer left of 128,000.
        let expected = oz0_core::agent::fill_budget(128_000, 100_040, false);
        assert_eq!(steps[1]["budget_filled"], expected);
        assert_eq!(steps[1]["fitted"]["budget"], expected, "the tool was called with it");
        assert!(steps[1]["offloaded"]["tokens"].as_u64().unwrap() > 2000);

        // What the model read: a stub with an outline, not the page.
        let requests = provider.received();
        assert_eq!(requests.len(), 3);
        let stub: Value = serde_json::from_str(&last_tool_text(&requests[1])).unwrap();
        assert_eq!(stub["offloaded"]["kind"], "markdown");
        assert!(stub["outline"].as_str().unwrap().contains("Release 3.19.0"), "{stub}");
        assert!(stub["note"].as_str().unwrap().contains("acme_docs.get_page"));
        assert!(!last_tool_text(&requests[1]).contains("without a restart"), "the page's text stays out");
        let offered: Vec<&str> =
            requests[0]["tools"].as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap()).collect();
        assert!(offered.contains(&"oz__read_result") && offered.contains(&"acme_docs__get_page"), "{offered:?}");

        // The read back is the section, with its fit note, and a budget filled in.
        let read: Value = serde_json::from_str(&last_tool_text(&requests[2])).unwrap();
        assert!(read["content"].as_str().unwrap().starts_with("## Release 3.17.0"), "{read}");
        assert_eq!(read["fit"]["view"], "section");
        assert_eq!(steps[3]["fitted"]["view"], "section");
        assert_eq!(steps[3]["budget_filled"], oz0_core::agent::fill_budget(128_000, 2_030, false));

        // Model calls carry their tokens and cost ($1 and $2 a million tokens in the script's prices).
        assert_eq!((steps[0]["tokens_in"].as_u64(), steps[0]["tokens_out"].as_u64()), (Some(100_000), Some(40)));
        assert!((steps[0]["cost_usd"].as_f64().unwrap() - 0.10008).abs() < 1e-9);

        // The trace shows every number, and never the outline.
        let job = done(&events)["job"]["id"].as_str().unwrap().to_owned();
        // The call's result is kept whole, the page the model read only a stub of.
        let whole = site.json(&["job", "get", &job, "--result", "2"]);
        assert!(whole["content"][0]["text"].as_str().unwrap().contains("without a restart"), "{transport:?}");
        let trace = site.ok(&["job", "trace", &job]);
        assert!(trace.contains("Results offloaded\n  STEP  DIGEST"), "{trace}");
        assert!(trace.contains(&format!("a budget of {expected} was filled in")), "{trace}");
        assert!(trace.contains("read_result"), "{trace}");
        assert!(trace.contains("tokens in 105000, tokens out 90"), "{trace}");
        assert!(!trace.contains("Release 3.19.0"), "a trace never shows an outline:\n{trace}");
    }
}

#[test]
fn a_function_whose_tool_declares_no_fit_gets_no_budget_filled_in() {
    for transport in transports() {
        let site = Site::new(transport);
        // acme-docs whose manifest leaves out `results: {fit: true}`: its functions still take the
        // convention's arguments, and lint warns of it, but the runtime fills in nothing.
        let dir = plugin_support::acme_docs(&site.env);
        let manifest = std::fs::read_to_string(dir.join("oz0-plugin.yaml")).unwrap();
        std::fs::write(dir.join("oz0-plugin.yaml"), manifest.replace("    results: {fit: true}\n", "")).unwrap();
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        agent(&site, "reader", "id: reader\ntools: [acme_docs.get_page]\noffload: off\n");
        let page = || fixed(call("acme_docs__get_page", json!({"path": "install.md"}), 500, 10));
        let provider = ScriptedProvider::start(vec![page(), fixed(say("done", 600, 5))]);
        provider.configure(&site.edge_dir());
        let (code, events, stderr) = run(&site, &["reader", "--input", "How do I install it?"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let steps = steps(&events);
        assert_eq!(steps[1]["budget_filled"], Value::Null, "{transport:?}: {:?}", steps[1]);
        assert_eq!(steps[1]["fitted"], Value::Null, "{transport:?}: {:?}", steps[1]);
        // The server was asked as the model asked, with no budget: it answers the page whole, unfitted.
        let read: Value = serde_json::from_str(&last_tool_text(&provider.received()[1])).unwrap();
        assert!(read["content"].as_str().unwrap().starts_with("# Install Acme"), "{read}");
        assert_eq!(read["fit"], Value::Null, "{read}");
    }
}

#[test]
fn what_a_tool_reports_it_spent_counts_toward_the_agents_budget() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        agent(&site, "judge", "id: judge\ntools: [workbench.classify]\nbudget: {usd: 0.295}\n");
        // The model's calls cost next to nothing; the tool reports $0.29 of its own service, which leaves
        // less than the next call's worst case of the $0.295.
        let provider = ScriptedProvider::start(vec![
            fixed(call("workbench__classify", json!({"text": "why?", "cost_usd": 0.29}), 100, 10)),
            fixed(say("done", 200, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, events, stderr) = run(&site, &["judge", "--input", "Classify this."]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        let steps = steps(&events);
        assert_eq!(steps[1]["usage"][0]["cost_usd"], 0.29, "{transport:?}: {:?}", steps[1]);
        assert_eq!((&steps[2]["kind"], &steps[2]["outcome"]), (&json!("model_call"), &json!("refused")), "{steps:?}");
        assert_eq!(provider.received().len(), 1, "{transport:?}: the call past the budget was never made");
        let job = &done(&events)["job"];
        assert!(
            job["error"].as_str().unwrap().contains("budget of $0.295 would be exceeded: $0.290"),
            "{transport:?}: {job}"
        );
    }
}

#[test]
fn past_its_warning_share_a_job_has_its_filled_in_budgets_halved() {
    for transport in transports() {
        let site = reader_site(transport);
        agent(
            &site,
            "reader",
            "id: reader\ntools: [acme_docs.get_page]\noffload: off\nbudget: {tokens: 100000, warning_share: 0.05}\n",
        );
        // The first request and its answer spend 6,010 tokens, past 5% of 100,000.
        let provider = ScriptedProvider::start(vec![
            fixed(call("acme_docs__get_page", json!({"path": "install.md"}), 6_000, 10)),
            fixed(say("done", 500, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, events, stderr) = run(&site, &["reader", "--input", "How do I install it?"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let halved = oz0_core::agent::fill_budget(128_000, 6_010, true);
        assert_eq!(halved * 2, oz0_core::agent::fill_budget(128_000, 6_010, false));
        let steps = steps(&events);
        assert_eq!(steps[1]["budget_filled"], halved, "{transport:?}: {:?}", steps[1]);
        assert_eq!(steps[1]["fitted"]["budget"], halved, "the tool was called with it");
    }
}

#[test]
fn an_agent_of_smart_is_answered_by_default_and_one_without_tools_is_offered_none() {
    let site = Site::new(Transport::Embedded);
    agent(&site, "thinker", "id: thinker\nmodel: smart\n");
    let provider = ScriptedProvider::start(vec![fixed(say("Thought.", 50, 5))]);
    provider.configure(&site.edge_dir());
    let (code, events, stderr) = run(&site, &["thinker", "--input", "Think."]);
    assert_eq!(code, 0, "{stderr}");
    let steps = steps(&events);
    assert_eq!((steps[0]["tool"].as_str(), steps[0]["model"].as_str()), (Some("smart"), Some("scripted")));
    assert_eq!(done(&events)["output"], "Thought.");
    // An agent that lists no tool is offered none, `oz.read_result` neither: it has nothing to read back.
    assert_eq!(provider.received()[0].get("tools"), None, "{:?}", provider.received()[0]);
    agent(&site, "dreamer", "id: dreamer\nmodel: dreamy\n");
    let (code, _, stderr) = run(&site, &["dreamer", "--input", "Dream."]);
    assert_eq!(code, 2, "{stderr}");
    assert!(
        stderr.contains(
            "the model alias `dreamy`, which the edge's gateway does not configure; it has default, fast, smart"
        ),
        "{stderr}"
    );
}

#[test]
fn a_tenant_ceiling_caps_the_agents_offload_and_a_runs_own() {
    for transport in transports() {
        let site = reader_site(transport);
        site.ok(&["tenant", "offload", "--ceiling", "300"]);
        agent(&site, "reader", "id: reader\ntools: [acme_docs.get_page]\noffload: 50000\n");
        let page = || fixed(call("acme_docs__get_page", json!({"path": "release-notes.md"}), 500, 10));
        let provider = ScriptedProvider::start(vec![
            page(),
            fixed(say("done", 600, 5)),
            page(),
            fixed(say("done", 600, 5)),
            page(),
            fixed(say("done", 600, 5)),
        ]);
        provider.configure(&site.edge_dir());
        // The agent's 50000, a run's `off` and a run's 200: the ceiling caps the first two.
        for (args, note) in
            [(&[][..], "300 tokens"), (&["--offload", "off"], "300 tokens"), (&["--offload", "200"], "200 tokens")]
        {
            let (code, events, stderr) = run(&site, &[&["reader"][..], args].concat());
            assert_eq!(code, 0, "{transport:?} {args:?}: {stderr}");
            let steps = steps(&events);
            assert!(steps[1]["offloaded"].is_object(), "{args:?}: the page is over the threshold: {:?}", steps[1]);
            let asked = provider.received().len();
            let stub: Value = serde_json::from_str(&last_tool_text(&provider.received()[asked - 1])).unwrap();
            assert!(stub["note"].as_str().unwrap().contains(note), "{args:?}: {stub}");
        }
        let (code, stdout, stderr) = site.run(&["run", "reader", "--offload", "lots"]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{transport:?}");
        assert!(stderr.contains("`lots` is not a whole number of tokens from 1 to 1,000,000, nor `off`"), "{stderr}");
    }
}

#[test]
fn a_job_keeps_the_threshold_it_started_with() {
    for transport in transports() {
        let site = reader_site(transport);
        site.ok(&["tenant", "offload", "--default", "100000"]);
        agent(&site, "reader", "id: reader\ntools: [acme_docs]\n");
        let changer = site.detached_runner();
        let provider = ScriptedProvider::start(vec![
            answer(move |_| {
                // The tenant lowers its default while the job runs: the job keeps 100000.
                changer(&["tenant", "offload", "--default", "300"]);
                call("acme_docs__get_page", json!({"path": "release-notes.md"}), 1_000, 10)
            }),
            fixed(say("done", 1_000, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, events, stderr) = run(&site, &["reader"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let steps = steps(&events);
        assert_eq!(steps[1]["offloaded"], Value::Null, "{:?}", steps[1]);
        assert!(last_tool_text(&provider.received()[1]).contains("without a restart"), "read inline");
        assert_eq!(site.json(&["tenant", "offload"])["settings"]["default"], 300);
    }
}

#[test]
fn a_flow_run_with_an_offload_threshold_is_refused_naming_it() {
    let site = Site::new(Transport::Embedded);
    let dir = site.env.work().join("flows");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::copy(root().join("examples/flows/hand-on.yaml"), dir.join("hand-on.yaml")).unwrap();
    let (code, stdout, stderr) = site.run(&["run", "hand-on", "--input", "x", "--offload", "500"]);
    assert_eq!((code, stdout.as_str()), (2, ""));
    assert!(
        stderr
            .contains("`hand-on` is a flow, which offloads nothing: an offload threshold (500) is for an agent's runs"),
        "{stderr}"
    );
}

#[test]
fn a_ref_of_another_tree_is_not_read_and_a_spent_budget_refuses_the_next_call() {
    for transport in transports() {
        let site = reader_site(transport);
        site.install_workbench();
        let (_, packed, _) = site.call(&["workbench.pack", "--arg", "text=secret"]);
        let other = packed["files"][0]["ref"].as_str().unwrap().to_owned();
        agent(&site, "reader", "id: reader\ntools: [acme_docs]\nmax_tokens: 1000\nbudget: {tokens: 5000}\n");
        let provider = ScriptedProvider::start(vec![
            fixed(call("oz__read_result", json!({"ref": other}), 3_000, 500)),
            fixed(say("never sent", 10, 10)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, events, stderr) = run(&site, &["reader"]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        let steps = steps(&events);
        assert_eq!(steps[1]["kind"], "read_result");
        assert_eq!(steps[1]["outcome"], "refused");
        assert!(steps[1]["error"].as_str().unwrap().contains("is not a file this job may read"));
        assert_eq!(steps[2]["kind"], "model_call");
        assert_eq!(steps[2]["outcome"], "refused");
        assert_eq!(provider.received().len(), 1, "the refused call was never made");
        let job = &done(&events)["job"];
        assert_eq!(job["state"], "failed");
        assert!(job["error"].as_str().unwrap().contains("budget of 5000 tokens would be exceeded"), "{job}");
        assert!(stderr.contains("budget of 5000 tokens"), "{stderr}");
    }
}

#[test]
fn a_two_step_flow_hands_a_file_on_and_runs_installed() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        let flow = root().join("examples/flows/hand-on.yaml");
        assert_eq!(site.ok(&["agent", "apply", flow.to_str().unwrap()]), "installed the flow `hand-on`\n");
        let (code, stdout, stderr) = site.run(&["run", "hand-on", "--input", "line one\n"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let inspected: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!(inspected["size"], 18);
        assert_eq!(inspected["first_line"], "line one");
        assert!(stderr.contains("1 tool_call workbench.pack: ok"), "{stderr}");
        assert!(stderr.contains("2 tool_call workbench.inspect: ok"), "{stderr}");
        let jobs = &site.json(&["job", "list"])["jobs"];
        assert_eq!((jobs[0]["kind"].as_str(), jobs[0]["state"].as_str()), (Some("flow"), Some("succeeded")));
        let detail = site.json(&["job", "get", jobs[0]["id"].as_str().unwrap()]);
        assert_eq!(detail["files"][0]["ref"], inspected["ref"]);
        assert_eq!(detail["input"], "line one\n");
        let listed = site.ok(&["agent", "list"]);
        let flow = listed.lines().find(|line| line.starts_with("flow ")).expect(&listed);
        assert_eq!(
            flow.split_whitespace().collect::<Vec<_>>(),
            ["flow", "hand-on", "workbench.pack", "->", "workbench.inspect"],
            "{listed}"
        );

        // A new job under an ended job's ID whose tree holds files is refused: it would inherit them.
        let ended = jobs[0]["id"].as_str().unwrap();
        let (code, _, stderr) = site.run(&["run", "hand-on", "--id", ended, "--input", "again\n"]);
        assert_eq!(code, 2, "{transport:?}: {stderr}");
        assert!(
            stderr.contains(&format!("the job `{ended}` has ended (succeeded) and its tree still holds files")),
            "{transport:?}: {stderr}"
        );

        // `--file` hands a file of that job to a new one, whose flow reads it as `${files.0}`.
        let dir = site.env.work().join("flows");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("look.yaml"),
            "id: look\nsteps:\n  - id: inspect\n    call: workbench.inspect\n    args: {archive: \"${files.0}\"}\n",
        )
        .unwrap();
        let file = inspected["ref"].as_str().unwrap();
        let (code, stdout, stderr) = site.run(&["run", "look", "--file", file]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let looked: Value = serde_json::from_str(&stdout).unwrap();
        assert_eq!((&looked["ref"], &looked["first_line"]), (&inspected["ref"], &json!("line one")), "{looked}");
    }
}

/// Makes the edge's store refuse to record the steps of `kind` (every step when `None`), as a full disk or
/// a broken database would: a trigger in its SQLite file, or in its PostgreSQL database.
fn refuse_steps(site: &Site, kind: Option<&str>) {
    match site.env.store() {
        None => {
            let when = kind.map_or("1".to_owned(), |kind| format!("json_extract(NEW.step, '$.kind') = '{kind}'"));
            let db = rusqlite::Connection::open(site.edge_dir().join("oz0.sqlite")).unwrap();
            db.execute_batch(&format!(
                "CREATE TRIGGER refuse_steps BEFORE INSERT ON steps WHEN {when} \
                 BEGIN SELECT RAISE(ABORT, 'database or disk is full'); END;"
            ))
            .unwrap();
        }
        Some(url) => {
            let when = kind.map_or("true".to_owned(), |kind| format!("NEW.step::jsonb ->> 'kind' = '{kind}'"));
            let made = psql(
                url,
                &format!(
                    "CREATE FUNCTION refuse_steps() RETURNS trigger LANGUAGE plpgsql AS \
                     $$ BEGIN RAISE EXCEPTION 'database or disk is full'; END $$; \
                     CREATE TRIGGER refuse_steps BEFORE INSERT ON steps FOR EACH ROW WHEN ({when}) \
                     EXECUTE FUNCTION refuse_steps();"
                ),
            );
            assert!(made.status.success(), "the trigger: {}", text(&made.stderr));
        }
    }
}

#[test]
fn a_step_the_store_refuses_fails_the_run() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        let flow = root().join("examples/flows/hand-on.yaml");
        site.ok(&["agent", "apply", flow.to_str().unwrap()]);
        refuse_steps(&site, None);
        let (code, events, stderr) = run(&site, &["hand-on", "--input", "line one\n"]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        assert!(steps(&events).is_empty(), "{events:?}");
        let job = &done(&events)["job"];
        assert_eq!(job["state"], "failed");
        let error = job["error"].as_str().unwrap();
        assert!(error.contains("could not be recorded in its trace"), "{job}");
        // The cause is the edge's to log, with the job's ID: on the person's terminal when it is embedded.
        let log = if transport.served() { site.env.serve_log() } else { stderr };
        assert!(log.contains("a step could not be recorded") && log.contains("disk is full"), "{log}");
        assert!(log.contains(job["id"].as_str().unwrap()), "{log}");

        // An agent stops at the tool call it could not record, and asks the model nothing more.
        let site = reader_site(transport);
        agent(&site, "reader", "id: reader\ntools: [acme_docs]\n");
        let provider = ScriptedProvider::start(vec![
            fixed(call("acme_docs__get_page", json!({"path": "install.md"}), 100, 10)),
            fixed(say("never asked", 10, 10)),
        ]);
        provider.configure(&site.edge_dir());
        refuse_steps(&site, Some("tool_call"));
        let (code, events, stderr) = run(&site, &["reader"]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        let kinds: Vec<&str> = steps(&events).iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["model_call"], "{events:?}");
        assert_eq!(provider.received().len(), 1, "the model was not asked again");
        let job = &done(&events)["job"];
        assert_eq!(job["state"], "failed");
        assert!(job["error"].as_str().unwrap().contains("could not be recorded in its trace"), "{job}");
    }
}

#[test]
fn definitions_and_gateways_that_are_wrong_are_refused_clearly() {
    for transport in transports() {
        let site = Site::new(transport);
        agent(&site, "typo", "id: typo\ntols: [acme_docs]\n");
        let (code, _, stderr) = site.run(&["run", "typo"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("agents/typo.yaml: as an agent: unknown field `tols`"), "{stderr}");
        agent(&site, "lonely", "id: lonely\n");
        let (code, _, stderr) = site.run(&["run", "lonely"]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("the edge has no model gateway"), "{stderr}");
        let (code, _, stderr) = site.run(&["run", "nobody"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("no agent or flow `nobody`"), "{stderr}");
        if transport == Transport::Embedded {
            let (code, _, stderr) = site.run(&["run", "lonely", "--detach"]);
            assert_eq!(code, 2);
            assert!(stderr.contains("--detach needs a served edge"), "{stderr}");
        }
    }
}

#[test]
fn a_detached_run_prints_its_job_and_goes_on() {
    for transport in served_transports() {
        let site = Site::new(transport);
        // The slow flow below waits longer than the test: cancelled, never timed out.
        site.install_workbench_with_timeout(300);
        let flow = root().join("examples/flows/hand-on.yaml");
        site.ok(&["agent", "apply", flow.to_str().unwrap()]);
        let (code, stdout, stderr) = site.run(&["run", "hand-on", "--input", "x", "--detach", "--id", "detached-1"]);
        assert_eq!((code, stdout.as_str()), (0, "detached-1\n"), "{transport:?}: {stderr}");
        let start = std::time::Instant::now();
        loop {
            let detail = site.json(&["job", "get", "detached-1"]);
            if detail["job"]["state"] == "succeeded" {
                assert_eq!(detail["totals"]["tool_calls"], 2, "{transport:?}: {detail}");
                break;
            }
            assert!(start.elapsed() < PATIENCE, "{transport:?}: {detail}");
            std::thread::sleep(std::time::Duration::from_millis(200));
        }
        let (code, _, stderr) = site.run(&["job", "cancel", "detached-1"]);
        assert_eq!(code, 2, "{transport:?}: {stderr}");
        assert!(stderr.contains("has ended (succeeded); there is nothing to cancel"), "{transport:?}: {stderr}");

        // A detached job that runs is cancelled by `oz0 job cancel`: its step stops and it ends so.
        let dir = site.env.work().join("flows");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("slow.yaml"),
            "id: slow\nsteps:\n  - id: wait\n    call: hourglass.wait\n    args: {seconds: 240}\n",
        )
        .unwrap();
        site.ok(&["run", "slow", "--detach", "--id", "slow-2"]);
        site.ok(&["job", "cancel", "slow-2"]);
        let start = std::time::Instant::now();
        loop {
            let detail = site.json(&["job", "get", "slow-2"]);
            if detail["job"]["state"] != "running" {
                assert_eq!(detail["job"]["state"], "cancelled", "{transport:?}: {detail}");
                break;
            }
            assert!(start.elapsed() < PATIENCE, "{transport:?}: {detail}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_cancels_a_run() {
    for transport in transports() {
        let site = Site::new(transport);
        // A wait that outlasts the test, given time to start on a loaded machine.
        site.install_workbench_with_timeout(300);
        let dir = site.env.work().join("flows");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(
            dir.join("slow.yaml"),
            "id: slow\nsteps:\n  - id: wait\n    call: hourglass.wait\n    args: {seconds: 240, child: true}\n  - id: \
             never\n    call: workbench.classify\n    args: {text: x}\n",
        )
        .unwrap();
        let mut child = site
            .oz0_process()
            .args(["run", "slow", "--id", "slow-1"])
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        // The step has started once its server's child runs.
        let home = site.edge_dir().join("run/1/hourglass/home");
        let server = wait_for_server_with_child(&home, &mut child, PATIENCE);
        let sent = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        assert!(sent.success());
        let out = child.wait_with_output().unwrap();
        let stderr = String::from_utf8_lossy(&out.stderr).into_owned();
        assert_eq!(out.status.code(), Some(130), "{transport:?}: {stderr}");
        assert!(stderr.contains("the job slow-1 was cancelled"), "{stderr}");
        let detail = site.json(&["job", "get", "slow-1"]);
        assert_eq!(detail["job"]["state"], "cancelled", "{detail}");
        assert_eq!(detail["totals"]["steps"], 1, "the second step never ran: {detail}");
        let left = wait_server_gone(server.mark(), PATIENCE);
        assert!(left.is_empty(), "{transport:?}: the cancelled step's server and its child end: {left:?}");
    }
}

#[test]
fn a_result_that_links_to_resources_offers_the_model_to_read_them() {
    let site = Site::new(Transport::Embedded);
    site.install_everything();
    let dir = site.env.work().join("agents");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("linker.yaml"), "id: linker\ninstructions: Read.\nmodel: default\ntools: [everything]\n")
        .unwrap();
    let provider = ScriptedProvider::start(vec![
        Box::new(|_: &Value| call("everything__get-resource-links", json!({"count": 1}), 10, 5)),
        Box::new(|_: &Value| {
            call("oz__read_resource", json!({"tool": "everything", "uri": "demo://resource/dynamic/text/1"}), 10, 5)
        }),
        Box::new(|_: &Value| say("read", 10, 5)),
    ]);
    provider.configure(&site.edge_dir());
    let (code, _, stderr) = site.run(&["run", "linker", "--input", "links"]);
    assert_eq!(code, 0, "{stderr}");
    let requests = provider.received();
    let offered = |n: usize| -> Vec<String> {
        requests[n]["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["function"]["name"].as_str().unwrap().to_owned())
            .collect()
    };
    assert!(!offered(0).contains(&"oz__read_resource".to_owned()), "no link read yet: {:?}", offered(0));
    assert!(offered(1).contains(&"oz__read_resource".to_owned()), "{:?}", offered(1));
    let read = last_tool_text(&requests[2]);
    assert!(read.contains("[resource: demo://resource/dynamic/text/1, text/plain]"), "{read}");
}
