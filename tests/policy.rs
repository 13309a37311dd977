//! The tenant's tool policy and a person's approvals: rules deny a call or make it wait for a person,
//! who sees exactly what it will run with and answers from another terminal or at the call itself; a
//! plugin's `requires_approval` asks too; a tool's model requests are `tool.sampling`. Real Python
//! servers, through the embedded edge and `oz0 edge serve`.

use crate::common;
use crate::plugin_support;
use crate::run_support;

use std::io::Write as _;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use common::{PATIENCE, Transport, text, transports};
use plugin_support::{PluginSite as Site, root};
use run_support::{Answer, ScriptedProvider, call, say};
use serde_json::Value;

/// Starts `oz0 tool call` with `args` and `--format json`, in the background.
fn start_call(site: &Site, args: &[&str]) -> Child {
    site.oz0_process()
        .args(["tool", "call"])
        .args(args)
        .args(["--format", "json"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Waits for the call's approval to be asked, and returns it.
fn pending(site: &Site) -> Value {
    let start = Instant::now();
    loop {
        let pending = site.json(&["approval", "list"]);
        if let Some(approval) = pending.as_array().and_then(|a| a.first()) {
            return approval.clone();
        }
        assert!(start.elapsed() < PATIENCE, "no approval was asked");
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// Waits for a call and returns its exit code, answer and stderr.
fn finish(call: Child) -> (i32, Value, String) {
    let out = call.wait_with_output().unwrap();
    (out.status.code().unwrap_or(-1), serde_json::from_slice(&out.stdout).unwrap_or(Value::Null), text(&out.stderr))
}

#[test]
fn a_rule_denies_or_makes_a_call_wait_for_a_person_who_sees_what_it_will_run_with() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        assert_eq!(site.ok(&["policy", "deny", "workbench.*", "--reason", "not today"]), "deny workbench.*\n");
        let (code, answer, stderr) = site.call(&["workbench.pack", "--arg", "text=x"]);
        assert_eq!(code, 1, "{transport:?}: {answer}");
        assert_eq!(answer["outcome"], "refused");
        assert!(
            stderr.contains("`workbench.pack` is denied by the tenant's rule `deny workbench.*` (not today)"),
            "{stderr}"
        );

        // The most specific rule wins: this function waits for a person, who approves it.
        site.ok(&["policy", "ask", "workbench.pack"]);
        let call = start_call(&site, &["workbench.pack", "--arg", "text=hello", "--arg", "copies=2"]);
        let approval = pending(&site);
        assert_eq!(approval["target"], "workbench.pack");
        assert_eq!(approval["view"]["arguments"], serde_json::json!({"text": "hello", "copies": 2}), "{approval}");
        let id = approval["id"].to_string();
        let shown = site.ok(&["approval", "show", &id]);
        assert!(
            shown.contains("the tenant's rule `ask workbench.pack`") && shown.contains("\"text\": \"hello\""),
            "{shown}"
        );
        site.ok(&["approval", "approve", &id, "--reason", "fine"]);
        let (code, answer, stderr) = finish(call);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["files"][0]["size"], 10, "run with the arguments shown: {answer}");
        let approved = site.json(&["approval", "show", &id]);
        assert_eq!((approved["state"].as_str(), approved["reason"].as_str()), (Some("approved"), Some("fine")));
        assert!(site.ok(&["tenant", "audit"]).contains("approval.approve"), "{transport:?}");

        // Denied, the call is refused, naming who.
        let call = start_call(&site, &["workbench.pack", "--arg", "text=again"]);
        let id = pending(&site)["id"].to_string();
        site.ok(&["approval", "deny", &id, "--reason", "enough"]);
        let (code, answer, stderr) = finish(call);
        assert_eq!(code, 1, "{answer}");
        assert!(stderr.contains("was denied by") && stderr.contains(": enough"), "{stderr}");
        let (code, _, stderr) = site.run(&["approval", "approve", &id]);
        assert_eq!(code, 2);
        assert!(stderr.contains(&format!("approval {id} is denied already")), "{stderr}");

        site.ok(&["policy", "remove", "workbench.pack"]);
        site.ok(&["policy", "remove", "workbench.*"]);
        assert_eq!(site.ok(&["policy", "list"]), "no rules: every call is allowed\n");
    }
}

#[test]
fn no_answer_by_the_end_of_the_calls_time_refuses_it_and_a_person_may_answer_at_the_call() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        site.ok(&["policy", "ask", "hourglass.*"]);
        let start = Instant::now();
        let (code, answer, stderr) = site.call(&["hourglass.wait", "--arg", "seconds=0"]);
        assert_eq!(code, 1, "{transport:?}: {answer}");
        // Unanswered, the call would wait for ever: its 6 s timeout ended the wait.
        assert!(start.elapsed() < PATIENCE, "the 6 s timeout ended the wait");
        assert!(stderr.contains("no one approved `hourglass.wait`"), "{stderr}");
        // Though no terminal shows it, the wait was said, and how to end it.
        assert!(stderr.contains("`hourglass.wait` waits for a person's approval, asked by"), "{stderr}");
        assert!(stderr.contains("`oz0 approval approve "), "{stderr}");
        assert_eq!(site.json(&["approval", "list", "--all"])[0]["state"], "expired");

        // The person at the call answers its approval there: for a tool whose timeout leaves its server
        // time to start after the answer.
        site.ok(&["policy", "ask", "workbench.*"]);
        let mut call = site
            .oz0_process()
            .args(["tool", "call", "workbench.classify", "--arg", "text=x", "--ask"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        call.stdin.take().unwrap().write_all(b"a\ny\n").unwrap();
        let out = call.wait_with_output().unwrap();
        assert!(out.status.success(), "{transport:?}: {}", text(&out.stderr));
        assert!(
            text(&out.stderr).contains("asks a person before `workbench.classify` runs with"),
            "{}",
            text(&out.stderr)
        );
    }
}

#[test]
fn a_manifest_asks_and_a_tools_model_requests_are_tool_sampling() {
    for transport in transports() {
        let site = Site::new(transport);
        let script: Vec<Answer> = (0..2).map(|_| Box::new(|_: &Value| say("Summary.", 10, 2)) as Answer).collect();
        let provider = ScriptedProvider::start(script);
        provider.configure(&site.edge_dir());
        // The notes example, its manifest asking before its model requests.
        let dir = site.env.work().join("notes");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::copy(root().join("examples/notes/server.py"), dir.join("server.py")).unwrap();
        let manifest = std::fs::read_to_string(root().join("examples/notes/oz0-plugin.yaml")).unwrap();
        let manifest =
            manifest.replace("    timeout: 60\n", "    timeout: 60\n    requires_approval: [notes.sampling]\n");
        std::fs::write(dir.join("oz0-plugin.yaml"), manifest).unwrap();
        site.ok(&["plugin", "install", dir.to_str().unwrap(), "--accept-model"]);

        let call = start_call(&site, &["notes.summarize", "--arg", "text=Ship on Friday."]);
        let approval = pending(&site);
        assert_eq!(approval["target"], "notes.sampling");
        assert_eq!(approval["rule"], "the plugin's manifest (`requires_approval`)");
        assert_eq!(approval["view"]["system"], "Summarize.", "{approval}");
        assert_eq!(approval["view"]["messages"][0]["content"]["text"], "Ship on Friday.", "{approval}");
        site.ok(&["approval", "approve", &approval["id"].to_string()]);
        let (code, answer, stderr) = finish(call);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["result"]["content"][0]["text"], "Summary.");

        // A tenant's rule denies the tool's model requests: the tool hears a refusal (code -1).
        site.ok(&["policy", "deny", "notes.sampling"]);
        let (code, answer, _) = site.call(&["notes.summarize", "--arg", "text=x"]);
        assert_eq!(code, 1, "{answer}");
        assert!(answer.to_string().contains("`notes.sampling` is denied by the tenant's rule"), "{answer}");
        assert_eq!(answer["sampling"][0]["outcome"], "refused");
        assert_eq!(provider.received().len(), 1, "{transport:?}: the refused request was not sent");
    }
}

#[test]
fn a_person_asked_about_an_agents_call_sees_the_budget_the_runtime_filled_in() {
    let site = Site::new(Transport::Embedded);
    site.install_acme_docs();
    site.ok(&["policy", "ask", "acme_docs.get_page"]);
    let dir = site.env.work().join("agents");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("reader.yaml"), "id: reader\ntools: [acme_docs.get_page]\noffload: off\n").unwrap();
    let script: Vec<Answer> = vec![
        Box::new(|_: &Value| call("acme_docs__get_page", serde_json::json!({"path": "install.md"}), 500, 10)),
        Box::new(|_: &Value| say("done", 600, 5)),
    ];
    let provider = ScriptedProvider::start(script);
    provider.configure(&site.edge_dir());
    let run = site
        .oz0_process()
        .args(["run", "reader", "--input", "How do I install it?"])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // What the person decides on is the call as it will run: with the budget the model left out.
    let approval = pending(&site);
    let filled = oz0_core::agent::fill_budget(128_000, 510, false);
    assert_eq!(
        approval["view"]["arguments"],
        serde_json::json!({"path": "install.md", "budget": filled}),
        "{approval}"
    );
    site.ok(&["approval", "approve", &approval["id"].to_string()]);
    let out = run.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", text(&out.stderr));
}

#[test]
fn a_flow_step_is_checked_too() {
    let site = Site::new(Transport::Embedded);
    site.install_workbench();
    site.ok(&["policy", "deny", "workbench.inspect"]);
    let flow = root().join("examples/flows/hand-on.yaml");
    site.ok(&["agent", "apply", flow.to_str().unwrap()]);
    let (code, _, stderr) = site.run(&["run", "hand-on", "--input", "x"]);
    assert_eq!(code, 1, "{stderr}");
    assert!(stderr.contains("`workbench.inspect` is denied by the tenant's rule"), "{stderr}");
}
