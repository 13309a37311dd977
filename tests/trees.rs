//! Job trees: an agent's `agents` are offered to its model as `ask_<agent>`, and a flow applied with
//! `as_tool: true` is a tool of its name with one function, `run`. Each call runs as a job of the
//! caller's tree, one level below it: it reads the tree's files and the caller reads its, its steps are
//! its own job's, and the trace and the console name the job under its parent. What the tree may not
//! do is refused before a job starts: a file of another tree, a tree that calls itself. A plugin of the
//! standard library (tests/fixtures/plugins/hooked) and a scripted provider on loopback standing in
//! for the model provider, through the embedded edge and `oz0 edge serve` on PostgreSQL.

use crate::common;
use crate::console_support;
use crate::plugin_support;
use crate::run_support;

use common::transports;
use console_support::Session;
use plugin_support::{PluginSite as Site, root};
use run_support::{ScriptedProvider, call, file_in, last_tool_text, say};
use serde_json::{Value, json};

/// The names of the functions a request offered its model.
fn offered(request: &Value) -> Vec<String> {
    request["tools"].as_array().unwrap().iter().map(|t| t["function"]["name"].as_str().unwrap().to_owned()).collect()
}

/// The texts of a request's messages after its instructions: what its model was told and read.
fn said(request: &Value) -> Vec<String> {
    let messages = request["messages"].as_array().unwrap();
    messages[1..].iter().map(|m| m["content"].as_str().unwrap_or_default().to_owned()).collect()
}

fn site_with(transport: common::Transport, files: &[(&str, &str)]) -> Site {
    let site = Site::new(transport);
    let dir = root().join("tests/fixtures/plugins/hooked");
    site.ok(&["plugin", "install", dir.to_str().unwrap()]);
    for (path, text) in files {
        let path = site.env.work().join(path);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    site
}

/// The last event of a run's `--format jsonl`: how it ended.
fn done(stdout: &str) -> Value {
    let last: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
    assert_eq!(last["event"], "done", "{stdout}");
    last
}

/// The jobs of the site, oldest first.
fn jobs(site: &Site) -> Vec<Value> {
    let mut jobs = site.json(&["job", "list"])["jobs"].as_array().unwrap().clone();
    jobs.reverse();
    jobs
}

#[test]
fn a_delegated_agent_runs_as_a_job_of_the_tree_and_its_parent_reads_its_file() {
    for transport in transports() {
        let site = site_with(
            transport,
            &[
                ("agents/lead.yaml", "id: lead\ninstructions: Lead.\noffload: 500\nagents: [analyst]\n"),
                (
                    "agents/analyst.yaml",
                    "id: analyst\ninstructions: |-\n  Answer from the reports.\n  Terse.\ntools: [papers]\noffload: 500\n",
                ),
            ],
        );
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("ask_analyst", json!({"input": "Where is the vault's code?"}), 10, 5)),
            // The analyst, in a job of its own: its result over its offload is kept as a file of the tree.
            Box::new(|_: &Value| call("papers__report", json!({}), 20, 5)),
            Box::new(|request: &Value| say(&format!("It is in {}.", file_in(&last_tool_text(request))), 30, 5)),
            // The lead reads the file its delegate kept.
            Box::new(|request: &Value| {
                call("oz__read_result", json!({"ref": file_in(&last_tool_text(request)), "range": "200-202"}), 40, 5)
            }),
            Box::new(|_: &Value| say("The vault's code is in line 201.", 50, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, stdout, stderr) = site.run(&["run", "lead", "--input", "the vault", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let answer = done(&stdout);
        assert_eq!(answer["output"], "The vault's code is in line 201.", "{transport:?}: {answer}");
        let received = provider.received();

        assert_eq!(offered(&received[0]), ["oz__read_result", "ask_analyst"], "{transport:?}");
        let ask = &received[0]["tools"][1]["function"];
        assert!(ask["description"].as_str().unwrap().ends_with("Answer from the reports."), "{ask}");
        assert_eq!(ask["parameters"]["required"], json!(["input"]), "{ask}");
        // The delegate sees what it was asked, nothing else of its caller's job.
        assert_eq!(received[1]["messages"][0]["content"], "Answer from the reports.\nTerse.", "{transport:?}");
        assert_eq!(said(&received[1]), ["Where is the vault's code?"], "{transport:?}");
        assert_eq!(offered(&received[1]), ["papers__report", "papers__brief", "oz__read_result"], "{transport:?}");
        // Its answer is the lead's tool result, and the lead reads the file it kept, whole.
        assert!(last_tool_text(&received[3]).starts_with("It is in oz0-file:sha256:"), "{transport:?}");
        let read = last_tool_text(&received[4]);
        assert!(read.contains("launch-code-4711"), "{transport:?}: the part read back: {read}");

        // Two jobs of one tree: the delegate's names its parent, and the parent's step names it.
        let jobs = jobs(&site);
        assert_eq!(jobs.len(), 2, "{transport:?}: {jobs:?}");
        let (lead, analyst) = (&jobs[0], &jobs[1]);
        assert_eq!((lead["name"].as_str(), analyst["name"].as_str()), (Some("lead"), Some("analyst")));
        assert_eq!(analyst["tree"], lead["id"], "{transport:?}");
        assert_eq!(analyst["parent"], lead["id"], "{transport:?}");
        assert!(lead.get("parent").is_none(), "{transport:?}: {lead}");
        let (lead_id, analyst_id) = (lead["id"].as_str().unwrap(), analyst["id"].as_str().unwrap());
        let trace = site.json(&["job", "trace", lead_id]);
        let kinds: Vec<&str> = trace["steps"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["model_call", "delegation", "model_call", "read_result", "model_call"], "{transport:?}");
        let delegation = &trace["steps"][1];
        assert_eq!((&delegation["tool"], &delegation["job"]), (&json!("analyst"), &json!(analyst_id)), "{delegation}");
        assert_eq!(delegation["outcome"], "ok");
        // The delegate's own steps are its job's; the lead's totals are its own.
        let child = site.json(&["job", "trace", analyst_id]);
        let kinds: Vec<&str> = child["steps"].as_array().unwrap().iter().map(|s| s["kind"].as_str().unwrap()).collect();
        assert_eq!(kinds, ["model_call", "tool_call", "model_call"], "{transport:?}");
        assert!(!child["steps"][1]["offloaded"].is_null(), "{transport:?}");
        assert_eq!(trace["totals"]["tokens_in"], 10 + 40 + 50, "{transport:?}");
        assert_eq!(child["totals"]["tokens_in"], 20 + 30, "{transport:?}");
        // As text: the step says where its job is, and the job whose it is.
        let text = site.ok(&["job", "trace", lead_id]);
        assert!(text.contains(&format!("step 2: ran as the job {analyst_id}")), "{text}");
        let text = site.ok(&["job", "trace", analyst_id]);
        assert!(text.contains(&format!("started by the job {lead_id} of the tree {lead_id}")), "{text}");
        let text = site.ok(&["job", "list"]);
        assert!(text.contains(&format!("analyst (started by {lead_id})")), "{text}");
        // The file is the tree's: read through either job.
        let file = file_in(&last_tool_text(&received[3]));
        for job in [lead_id, analyst_id] {
            let whole = site.ok(&["file", "get", &file, "--job", job, "-o", "-"]);
            assert!(whole.contains("launch-code-4711"), "{transport:?}");
        }

        if transport.served() {
            let edge = site.served.as_ref().unwrap();
            let session = Session::sign_in(&edge.url, &edge.token);
            let page = session.get(&format!("/console/jobs/{lead_id}")).body;
            assert!(page.contains(r#"<table class="children">"#), "{page}");
            assert!(page.contains(&format!(r#"href="/console/jobs/{analyst_id}""#)), "{page}");
            let page = session.get(&format!("/console/jobs/{analyst_id}")).body;
            assert!(page.contains(r#"<dd id="parent">"#), "{page}");
            assert!(page.contains(&format!(r#"href="/console/jobs/{lead_id}""#)), "{page}");
        }
    }
}

#[test]
fn a_flow_applied_as_a_tool_runs_as_a_job_of_the_callers_tree() {
    for transport in transports() {
        let digest = "id: digest\ndescription: The short report, in a job of its own.\nas_tool: true\nsteps:\n  - id: brief\n    call: papers.brief\n";
        let site = site_with(
            transport,
            &[
                ("flows/digest.yaml", digest),
                ("agents/reader.yaml", "id: reader\ninstructions: Read.\ntools: [digest]\n"),
            ],
        );
        site.ok(&["agent", "apply", "flows/digest.yaml"]);
        std::fs::remove_file(site.env.work().join("flows/digest.yaml")).unwrap();
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| call("digest__run", json!({"input": "the short one"}), 10, 5)),
            Box::new(|request: &Value| say(&last_tool_text(request), 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, stdout, stderr) = site.run(&["run", "reader", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let received = provider.received();
        assert_eq!(offered(&received[0]), ["digest__run", "oz__read_result"], "{transport:?}");
        assert_eq!(received[0]["tools"][0]["function"]["description"], "The short report, in a job of its own.");
        let answer = done(&stdout);
        assert_eq!(answer["output"], "All figures are in order.", "{transport:?}: the flow's answer is the result");

        let jobs = jobs(&site);
        let (reader, flow) = (&jobs[0], &jobs[1]);
        assert_eq!((flow["kind"].as_str(), flow["name"].as_str()), (Some("flow"), Some("digest")), "{jobs:?}");
        assert_eq!((&flow["parent"], &flow["tree"]), (&reader["id"], &reader["id"]), "{transport:?}");
        let trace = site.json(&["job", "trace", reader["id"].as_str().unwrap()]);
        let step = &trace["steps"][1];
        assert_eq!(
            (&step["kind"], &step["tool"], &step["function"]),
            (&json!("tool_call"), &json!("digest"), &json!("run"))
        );
        assert_eq!(step["job"], flow["id"], "{step}");
        let child = site.json(&["job", "trace", flow["id"].as_str().unwrap()]);
        assert_eq!(child["steps"][0]["tool"], "papers", "{transport:?}: the flow's step is its own job's");
        // By hand it is run, not called.
        let (code, _, stderr) = site.run(&["tool", "call", "digest.run", "--arg", "input=x"]);
        assert_ne!(code, 0, "{transport:?}");
        assert!(stderr.contains("run it by hand with `oz0 run digest --input ...`"), "{transport:?}: {stderr}");

        // A flow's step calls it too, as `digest.run`, and reads its answer as a tool's text.
        let outer = "id: outer\nsteps:\n  - id: inner\n    call: digest.run\n    args: {input: \"${input}\"}\n  - id: again\n    call: papers.brief\n    args: {}\n";
        std::fs::write(site.env.work().join("flows/outer.yaml"), outer).unwrap();
        let (code, stdout, stderr) = site.run(&["run", "outer", "--input", "x", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(done(&stdout)["output"], "All figures are in order.");
        let jobs = self::jobs(&site);
        let (outer, inner) = (&jobs[2], &jobs[3]);
        assert_eq!((outer["name"].as_str(), inner["name"].as_str()), (Some("outer"), Some("digest")));
        assert_eq!((&inner["parent"], &inner["tree"]), (&outer["id"], &outer["id"]), "{transport:?}");
    }
}

#[test]
fn a_flow_tool_takes_a_name_no_installed_tool_has() {
    let site = site_with(
        common::Transport::Embedded,
        &[("flows/papers.yaml", "id: papers\nas_tool: true\nsteps:\n  - id: brief\n    call: papers.brief\n")],
    );
    let (code, _, stderr) = site.run(&["agent", "apply", "flows/papers.yaml"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("the plugin `hooked` has a tool of that name already"), "{stderr}");
}

#[test]
fn a_tree_does_not_call_itself_nor_hand_on_a_file_of_another_tree() {
    let site = site_with(
        common::Transport::Embedded,
        &[
            ("agents/keeper.yaml", "id: keeper\ninstructions: Keep.\ntools: [papers]\noffload: 500\n"),
            ("agents/lead.yaml", "id: lead\ninstructions: Lead.\nagents: [analyst]\n"),
            ("agents/analyst.yaml", "id: analyst\ninstructions: Analyse.\nagents: [lead]\n"),
        ],
    );
    // A file of another tree: a result the keeper's job kept.
    let other = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
    let (kept, handed) = (other.clone(), other);
    let provider = ScriptedProvider::start(vec![
        Box::new(|_: &Value| call("papers__report", json!({}), 10, 5)),
        Box::new(move |request: &Value| {
            *kept.lock().unwrap() = file_in(&last_tool_text(request));
            say("Kept.", 10, 5)
        }),
        Box::new(move |_: &Value| {
            let other = handed.lock().unwrap().clone();
            call("ask_analyst", json!({"input": "this", "files": [other]}), 10, 5)
        }),
        Box::new(|_: &Value| call("ask_analyst", json!({"input": "then this"}), 10, 5)),
        Box::new(|_: &Value| call("ask_lead", json!({"input": "back to you"}), 10, 5)),
        Box::new(|_: &Value| say("I may not.", 10, 5)),
        Box::new(|request: &Value| say(&last_tool_text(request), 10, 5)),
    ]);
    provider.configure(&site.edge_dir());
    site.ok(&["run", "keeper"]);
    let (code, stdout, stderr) = site.run(&["run", "lead", "--format", "jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    let received = provider.received();
    let refused = last_tool_text(&received[3]);
    assert!(refused.starts_with("the call was not made: oz0-file:sha256:"), "{refused}");
    assert!(refused.contains("is not a file of this job"), "{refused}");
    let refused = last_tool_text(&received[5]);
    assert!(refused.contains("`lead` runs above this job in its tree already"), "{refused}");
    let answer = done(&stdout);
    assert_eq!(answer["output"], "I may not.", "{answer}");
    // The first delegation started no job; the second did, and the call back up the tree none.
    let names: Vec<String> = jobs(&site).iter().map(|j| j["name"].as_str().unwrap().to_owned()).collect();
    assert_eq!(names, ["keeper", "lead", "analyst"]);
}

#[test]
fn a_cancel_goes_down_the_tree() {
    for transport in common::served_transports() {
        let site = Site::new(transport);
        // The flow tool below waits longer than the test: cancelled, never timed out.
        site.install_workbench_with_timeout(300);
        let dir = site.env.work().join("flows");
        std::fs::create_dir_all(&dir).unwrap();
        let slow =
            "id: slow\nas_tool: true\nsteps:\n  - id: wait\n    call: hourglass.wait\n    args: {seconds: 240}\n";
        std::fs::write(dir.join("slow.yaml"), slow).unwrap();
        site.ok(&["agent", "apply", "flows/slow.yaml"]);
        std::fs::write(
            dir.join("outer.yaml"),
            "id: outer\nsteps:\n  - id: inner\n    call: slow.run\n    args: {input: x}\n",
        )
        .unwrap();
        site.ok(&["run", "outer", "--detach", "--id", "outer-1"]);
        let start = std::time::Instant::now();
        let inner = loop {
            let jobs = jobs(&site);
            if let Some(inner) = jobs.iter().find(|j| j["parent"] == "outer-1") {
                break inner["id"].as_str().unwrap().to_owned();
            }
            assert!(start.elapsed() < common::PATIENCE, "{transport:?}: {jobs:?}");
            std::thread::sleep(std::time::Duration::from_millis(100));
        };
        site.ok(&["job", "cancel", "outer-1"]);
        for job in ["outer-1", inner.as_str()] {
            loop {
                let detail = site.json(&["job", "get", job]);
                if detail["job"]["state"] != "running" {
                    assert_eq!(detail["job"]["state"], "cancelled", "{transport:?}: {detail}");
                    break;
                }
                assert!(start.elapsed() < common::PATIENCE, "{transport:?}: {detail}");
                std::thread::sleep(std::time::Duration::from_millis(100));
            }
        }
    }
}

#[test]
fn what_a_job_below_read_is_held_to_its_callers_clearance_and_what_its_caller_read_to_the_data_rules() {
    let site = Site::new(common::Transport::Embedded);
    site.ok(&["plugin", "install", root().join("tests/fixtures/plugins/labelled").to_str().unwrap()]);
    let agents = site.env.work().join("agents");
    std::fs::create_dir_all(&agents).unwrap();
    let write = |name: &str, yaml: &str| std::fs::write(agents.join(format!("{name}.yaml")), yaml).unwrap();
    write("lead", "id: lead\ninstructions: Lead.\nclearance: []\nagents: [analyst]\n");
    write("analyst", "id: analyst\ninstructions: Analyse.\ntools: [labelled]\noffload: off\n");
    write("reader", "id: reader\ninstructions: Read.\ntools: [labelled]\nagents: [analyst]\noffload: off\n");
    let provider = ScriptedProvider::start(vec![
        Box::new(|_: &Value| call("ask_analyst", json!({"input": "the payroll"}), 10, 5)),
        Box::new(|_: &Value| call("labelled__payroll", json!({"lines": 2}), 10, 5)),
        Box::new(|_: &Value| say("Ada earns the most.", 10, 5)),
        Box::new(|request: &Value| say(&last_tool_text(request), 10, 5)),
        // The reader reads the payroll, then asks the analyst in the same answer.
        Box::new(|_: &Value| {
            let mut both = call("labelled__payroll", json!({"lines": 2}), 10, 5);
            let ask = json!({"id": "call-ask", "type": "function",
                             "function": {"name": "ask_analyst", "arguments": "{\"input\": \"sum it\"}"}});
            both["choices"][0]["message"]["tool_calls"].as_array_mut().unwrap().push(ask);
            both
        }),
    ]);
    provider.configure(&site.edge_dir());

    // The analyst read what is `confidential`; the lead, cleared for nothing, reads that it was withheld.
    let (code, stdout, stderr) = site.run(&["run", "lead", "--format", "jsonl"]);
    assert_eq!(code, 0, "{stderr}");
    let answer = done(&stdout)["output"].as_str().unwrap().to_owned();
    assert!(answer.starts_with("the result was withheld: it carries the label(s) confidential"), "{answer}");
    let lead = &jobs(&site)[0];
    let step = &site.json(&["job", "trace", lead["id"].as_str().unwrap()])["steps"][1];
    assert_eq!(
        (&step["kind"], &step["withheld"], &step["labels"]),
        (&json!("delegation"), &json!(true), &json!(["confidential"]))
    );

    // A job below starts with what its caller read: the analyst's model call carries `confidential`.
    site.ok(&["tenant", "rules", "--allow", "confidential=local"]);
    let (code, _, stderr) = site.run(&["run", "reader", "--format", "jsonl"]);
    assert_eq!(code, 1, "{stderr}");
    let analyst = &jobs(&site)[3];
    assert_eq!((analyst["name"].as_str(), analyst["state"].as_str()), (Some("analyst"), Some("failed")), "{analyst}");
    assert_eq!(analyst["labels"], json!(["confidential"]), "{analyst}");
    assert!(analyst["error"].as_str().unwrap().contains("data rule `confidential`"), "{analyst}");
    assert_eq!(provider.received().len(), 5, "nothing was sent for the analyst, nor after it");
}
