//! Conversations: `oz0 run AGENT --conversation new|ID` runs each turn as a job that reads what the
//! turns before it said and the files they stored; `oz0 conversation fork ID --turn N` begins a
//! conversation whose turns read the files up to turn N, never a later turn's; no job starts under a
//! turn's ID. A plugin of the standard library (tests/fixtures/plugins/hooked, whose long report is
//! offloaded) and a scripted provider on loopback standing in for the model provider, through the
//! embedded edge and `oz0 edge serve` on PostgreSQL.

use std::sync::{Arc, Mutex};

use crate::common;
use crate::console_support::{Session, request, row};
use crate::plugin_support;
use crate::run_support;

use common::transports;
use plugin_support::{PluginSite as Site, root};
use run_support::{Answer, ScriptedProvider, call, file_in, last_tool_text, say};
use serde_json::{Value, json};

const SECRET: &str = "launch-code-4711";
const NOT_READABLE: &str = "is not a file this job may read";

/// Returns the texts of the user messages of a request.
fn asked(request: &Value) -> Vec<String> {
    let messages = request["messages"].as_array().unwrap();
    messages.iter().filter(|m| m["role"] == "user").map(|m| m["content"].as_str().unwrap().to_owned()).collect()
}

fn read_back(file: &str) -> Value {
    call("oz__read_result", json!({"ref": file, "range": "200-202"}), 10, 5)
}

#[test]
fn a_turn_reads_the_files_of_the_turns_before_it_and_a_fork_none_of_a_later_turn() {
    for transport in transports() {
        let site = Site::new(transport);
        let dir = root().join("tests/fixtures/plugins/hooked");
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        let agents = site.env.work().join("agents");
        std::fs::create_dir_all(&agents).unwrap();
        let reader =
            "id: reader\ninstructions: Answer from the reports.\nmodel: default\noffload: 500\ntools: [papers]\n";
        std::fs::write(agents.join("reader.yaml"), reader).unwrap();
        let terse = "id: terse\ninstructions: Keep every answer.\nmodel: default\noffload: 1\ntools: [papers]\n";
        std::fs::write(agents.join("terse.yaml"), terse).unwrap();

        let first = Arc::new(Mutex::new(String::new()));
        let third = Arc::new(Mutex::new(String::new()));
        let (kept_first, kept_third) = (Arc::clone(&first), Arc::clone(&third));
        let (first_again, third_again) = (Arc::clone(&first), Arc::clone(&third));
        let script: Vec<Answer> = vec![
            // Turn 1 keeps the long report as a file.
            Box::new(|_: &Value| call("papers__report", json!({}), 10, 5)),
            Box::new(move |request: &Value| {
                *kept_first.lock().unwrap() = file_in(&last_tool_text(request));
                say("The report is kept.", 10, 5)
            }),
            // Turn 2 finds the file in its history and reads it back.
            Box::new(|request: &Value| read_back(&file_in(&request["messages"].to_string()))),
            Box::new(|_: &Value| say("Line 201 holds the code.", 10, 5)),
            // A job of no conversation may not read it.
            Box::new(move |_: &Value| read_back(&first_again.lock().unwrap())),
            Box::new(|_: &Value| say("Nothing to read.", 10, 5)),
            // Turn 3 keeps a file of its own.
            Box::new(|_: &Value| call("papers__brief", json!({}), 10, 5)),
            Box::new(move |request: &Value| {
                *kept_third.lock().unwrap() = file_in(&last_tool_text(request));
                say("The brief is kept.", 10, 5)
            }),
            // The fork from turn 1 reads turn 1's file, and not turn 3's.
            Box::new(move |_: &Value| read_back(&third_again.lock().unwrap())),
            Box::new(move |request: &Value| read_back(&file_in(&request["messages"][3].to_string()))),
            Box::new(|_: &Value| say("Forked.", 10, 5)),
        ];
        let provider = ScriptedProvider::start(script);
        provider.configure(&site.edge_dir());

        let (code, stdout, stderr) =
            site.run(&["run", "reader", "--conversation", "new", "--input", "Keep the report.", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let events: Vec<Value> = stdout.lines().map(|line| serde_json::from_str(line).unwrap()).collect();
        let conversation = events.last().unwrap()["job"]["id"].as_str().unwrap().to_owned();
        // The live stream carries what the model read, each message after the step it follows: of the
        // report kept as a file, the stub and its ref.
        let kinds: Vec<String> = events
            .iter()
            .map(|e| match e["event"].as_str().unwrap() {
                "said" => format!("said {}", e["message"]["role"].as_str().unwrap()),
                "step" => e["step"]["kind"].as_str().unwrap().to_owned(),
                other => other.to_owned(),
            })
            .collect();
        assert_eq!(
            kinds,
            [
                "said user",
                "model_call",
                "said assistant",
                "tool_call",
                "said tool",
                "model_call",
                "said assistant",
                "done"
            ],
            "{transport:?}"
        );
        let stub = events[4]["message"]["text"].as_str().unwrap();
        assert_eq!(file_in(stub), *first.lock().unwrap(), "{transport:?}: {stub}");
        assert!(!stub.contains(SECRET), "{transport:?}: the stub, not the report");
        assert!(
            stderr.contains(&format!(
                "turn 1 of the conversation {conversation}: go on with `oz0 run reader --conversation {conversation}`"
            )),
            "{stderr}"
        );

        let answer = site.ok(&["run", "reader", "--conversation", &conversation, "--input", "What is on line 201?"]);
        assert_eq!(answer.trim(), "Line 201 holds the code.", "{transport:?}");
        let received = provider.received();
        assert_eq!(asked(&received[2]), ["Keep the report.", "What is on line 201?"], "{transport:?}: the history");
        assert!(last_tool_text(&received[3]).contains(SECRET), "{transport:?}: turn 2 read turn 1's file back");

        assert_eq!(site.ok(&["run", "reader", "--input", "Read it."]).trim(), "Nothing to read.");
        assert!(last_tool_text(&provider.received()[5]).contains(NOT_READABLE), "{transport:?}: an unrelated job");

        site.ok(&["run", "terse", "--conversation", &conversation, "--input", "Keep the brief."]);
        let fork = site.ok(&["conversation", "fork", &conversation, "--turn", "1"]).trim().to_owned();
        assert_eq!(site.ok(&["run", "reader", "--conversation", &fork, "--input", "Read both."]).trim(), "Forked.");
        let received = provider.received();
        assert_eq!(asked(&received[8]), ["Keep the report.", "Read both."], "{transport:?}: the fork's history");
        assert!(last_tool_text(&received[9]).contains(NOT_READABLE), "{transport:?}: turn 3's file, from the fork");
        assert!(last_tool_text(&received[10]).contains(SECRET), "{transport:?}: turn 1's file, from the fork");

        let shown = site.json(&["conversation", "show", &conversation]);
        let turns: Vec<(&str, &str)> = shown["turns"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| (t["job"]["name"].as_str().unwrap(), t["job"]["state"].as_str().unwrap()))
            .collect();
        assert_eq!(turns, [("reader", "succeeded"), ("reader", "succeeded"), ("terse", "succeeded")], "{transport:?}");
        let forked = site.json(&["conversation", "show", &fork]);
        assert_eq!(forked["forked_from"], json!({"conversation": conversation, "turn": 1}));
        let jobs: Vec<&str> =
            forked["turns"].as_array().unwrap().iter().map(|t| t["job"]["id"].as_str().unwrap()).collect();
        assert_eq!(jobs, [conversation.as_str(), fork.as_str()], "{transport:?}: the fork's own turn is named by it");
        let listed = site.ok(&["conversation", "list"]);
        assert!(listed.contains(&format!("{conversation} at turn 1")), "{listed}");

        // A turn's ID names no other job; the trace says whose turn a job is.
        let second = shown["turns"][1]["job"]["id"].as_str().unwrap();
        let (code, _, stderr) = site.run(&["tool", "call", "papers.brief", "--id", second]);
        assert_eq!(code, 2, "{transport:?}");
        assert!(
            stderr.contains(&format!("`{second}` is the ID of a turn of the conversation `{conversation}`")),
            "{stderr}"
        );
        let trace = site.ok(&["job", "trace", second]);
        assert!(trace.contains(&format!("turn 2 of the conversation {conversation}")), "{trace}");

        // The console's job page links to its conversation, whose page lists the turns.
        if let Some(edge) = &site.served {
            // A reader that goes on from step 2 gets the messages said from then on.
            let auth = format!("Bearer {}", edge.token);
            let resumed = request(
                &edge.url,
                "GET",
                &format!("/v1/jobs/{conversation}/events?after=2"),
                &[("Authorization", &auth)],
                "",
            );
            let resumed: Vec<String> = resumed
                .body
                .lines()
                .filter_map(|line| line.strip_prefix("data: "))
                .map(|data| {
                    let event: Value = serde_json::from_str(data).unwrap();
                    match event["event"].as_str().unwrap() {
                        "said" => format!("said {}", event["message"]["role"].as_str().unwrap()),
                        "step" => event["step"]["kind"].as_str().unwrap().to_owned(),
                        other => other.to_owned(),
                    }
                })
                .collect();
            assert_eq!(resumed, ["said tool", "model_call", "said assistant", "done"], "{transport:?}");

            let session = Session::sign_in(&edge.url, &edge.token);
            let job = session.get(&format!("/console/jobs/{second}"));
            let link = format!(r#"turn 2 of <a href="/console/conversations/{conversation}">{conversation}</a>"#);
            assert!(job.body.contains(&link), "{}", job.body);
            let page = session.get(&format!("/console/conversations/{fork}"));
            assert_eq!(page.status, 200, "{}", page.body);
            assert_eq!(row(&page.body, "turn-2")[..3], ["2".to_owned(), fork.clone(), "reader".to_owned()]);
            assert!(page.body.contains(&format!("{conversation}</a> at turn 1")), "{}", page.body);

            // A conversation is its person's: another person of the tenant can neither read it, go on
            // with it nor fork it, and so never reads its files.
            let ada = site.json(&["edge", "token", "create", "--role", "content", "--name", "ada"]);
            let ada = ada["token"].as_str().unwrap();
            for args in [
                vec!["conversation", "show", &conversation],
                vec!["conversation", "fork", &conversation, "--turn", "1"],
                vec!["run", "reader", "--conversation", &conversation, "--input", "Read it."],
            ] {
                let out = site.env.oz0_at(edge, ada).args(&args).envs(plugin_support::python_env()).output().unwrap();
                let stderr = String::from_utf8_lossy(&out.stderr);
                assert_eq!(out.status.code(), Some(2), "{transport:?} {args:?}: {stderr}");
                assert!(stderr.contains(&format!("no conversation `{conversation}`")), "{args:?}: {stderr}");
            }
        }
    }
}

#[test]
fn a_conversation_or_a_turn_not_found_is_named() {
    let site = Site::new(common::Transport::Embedded);
    let agents = site.env.work().join("agents");
    std::fs::create_dir_all(&agents).unwrap();
    std::fs::write(agents.join("reader.yaml"), "id: reader\ninstructions: Answer.\nmodel: default\n").unwrap();
    let provider = ScriptedProvider::start(Vec::new());
    provider.configure(&site.edge_dir());
    let (code, _, stderr) = site.run(&["run", "reader", "--conversation", "01NOPE", "--input", "x"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no conversation `01NOPE`: `oz0 conversation list` shows them"), "{stderr}");
    let (code, _, stderr) = site.run(&["run", "reader", "--conversation", "not an id", "--input", "x"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("--conversation takes `new` or a conversation's ID"), "{stderr}");
    let (code, _, stderr) = site.run(&["conversation", "fork", "01NOPE", "--turn", "1"]);
    assert_eq!(code, 2, "{stderr}");
    assert!(stderr.contains("no conversation `01NOPE`"), "{stderr}");
    assert!(site.ok(&["conversation", "list"]).is_empty());
}
