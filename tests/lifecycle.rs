//! `oz0 tenant retention`, `oz0 hold` and `oz0 erase` end to end, through the embedded edge and `oz0 edge
//! serve`: retention shown, set and audited, bad lengths of time refused naming them; a held job's
//! erasure refused naming the hold, then erased once it is released, its numbers kept, its payloads and
//! files gone; a running job's erasure refused; a content token refused everything; and the console's
//! data page, which sets retention and makes and releases holds, and its mark of an erased job.

use crate::common;
use crate::console_support;
use crate::plugin_support;

use std::process::Stdio;

use common::{PATIENCE, Site, Transport, poll, text, transports};
use console_support::{Session, row};
use plugin_support::PluginSite;
use serde_json::{Value, json};

fn run(site: &Site, args: &[&str]) -> (i32, String, String) {
    let out = site.oz0().args(args).output().expect("oz0 runs");
    (out.status.code().unwrap_or(-1), text(&out.stdout), text(&out.stderr))
}

fn retention(site: &Site) -> Value {
    let (code, stdout, stderr) = run(site, &["tenant", "retention", "--format", "json"]);
    assert_eq!(code, 0, "{stderr}");
    serde_json::from_str(&stdout).expect("JSON")
}

/// Returns the audit log's entries of `action`, newest first.
fn audited(entries: &Value, action: &str) -> Vec<Value> {
    entries["entries"].as_array().expect("entries").iter().filter(|e| e["action"] == action).cloned().collect()
}

#[test]
fn retention_is_shown_set_and_audited_and_bad_lengths_are_refused_naming_them() {
    for transport in transports() {
        let site = Site::new(transport);
        let (code, stdout, stderr) = run(&site, &["tenant", "retention"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(stdout, "files  90d after the tree last stored them\njobs   forever, until erased\n");
        assert_eq!(retention(&site), json!({"files": "90d", "jobs": null}), "{transport:?}");

        let (code, stdout, stderr) = run(&site, &["tenant", "retention", "--files", "30d", "--jobs", "8760h"]);
        assert_eq!((code, stdout.as_str()), (0, "files: 90d -> 30d\njobs: forever -> 365d\n"), "{stderr}");
        let (code, stdout, _) = run(&site, &["tenant", "retention", "--files", "12h", "--format", "json"]);
        assert_eq!(code, 0);
        let change: Value = serde_json::from_str(&stdout).expect("JSON");
        assert_eq!(
            change,
            json!({"before": {"files": "30d", "jobs": "365d"}, "after": {"files": "12h", "jobs": "365d"}})
        );
        let (code, stdout, _) = run(&site, &["tenant", "retention", "--jobs", "forever"]);
        assert_eq!((code, stdout.as_str()), (0, "jobs: 365d -> forever\n"), "{transport:?}");
        assert_eq!(retention(&site), json!({"files": "12h", "jobs": null}), "{transport:?}");

        for (args, says) in [
            (&["--files", "3x"][..], "invalid value '3x' for '--files <DURATION>': '3x' is not a length of time"),
            (&["--files", "0s"], "'0s' is not a length of time: write a whole number and a unit, such as 90d"),
            (&["--files", "90"], "'90' is not a length of time"),
            (
                &["--jobs", "never"],
                "'never' is not a length of time: write a whole number and a unit, such as 90d, \
                                    12h, 15m or 30s (at most 100 years), or `forever`",
            ),
            (&["--jobs", "40000d"], "'40000d' is not a length of time"),
        ] {
            let (code, stdout, stderr) = run(&site, &[&["tenant", "retention"][..], args].concat());
            assert_eq!(code, 2, "{transport:?} {args:?}: {stderr}");
            assert!(stderr.contains(says), "{transport:?} {args:?}: {stderr}");
            assert!(stdout.is_empty(), "nothing on stdout for {args:?}");
        }
        assert_eq!(retention(&site), json!({"files": "12h", "jobs": null}), "{transport:?}: nothing changed");

        let (code, stdout, _) = run(&site, &["tenant", "audit", "--limit", "100", "--format", "json"]);
        assert_eq!(code, 0);
        let changes = audited(&serde_json::from_str(&stdout).expect("JSON"), "tenant.retention");
        assert_eq!(changes.len(), 3, "{transport:?}: every change is audited");
        assert_eq!(changes[2]["old"], json!({"files": "90d", "jobs": null}));
        assert_eq!(changes[2]["new"], json!({"files": "30d", "jobs": "365d"}));
        assert_eq!(changes[0]["new"], json!({"files": "12h", "jobs": null}));
    }
}

/// Calls `workbench.pack` as the job `id` and returns the reference of the file it stored.
fn pack(site: &PluginSite, id: &str) -> String {
    let (code, answer, stderr) = site.call(&["workbench.pack", "--arg", "text=confidential\n", "--id", id]);
    assert_eq!(code, 0, "{stderr}");
    answer["files"][0]["ref"].as_str().expect("a file's reference").to_owned()
}

#[test]
fn a_held_job_is_erased_only_once_its_hold_is_released_and_then_reads_as_erased() {
    for transport in transports() {
        let site = PluginSite::new(transport);
        site.install_workbench();
        let file = pack(&site, "pack-1");
        // The call's result is kept whole as its step's payload, until the job's payloads go.
        let kept = site.json(&["job", "get", "pack-1", "--result", "1"]);
        assert_eq!(kept["content"][1]["resource"]["blob"], "Y29uZmlkZW50aWFsCg==", "{transport:?}: {kept}");

        assert_eq!(site.run(&["hold", "list"]).2, "no hold is in force\n", "{transport:?}");
        let made = site.ok(&["hold", "create", "--job", "pack-1", "--reason", "case 2026-114"]);
        assert_eq!(made, "made hold 1 on job pack-1: case 2026-114\n", "{transport:?}");
        let tree = site.json(&["hold", "create", "--tree", "pack-1"]);
        assert_eq!(
            (&tree["id"], &tree["scope"], &tree["reason"]),
            (&json!(2), &json!({"tree": "pack-1"}), &Value::Null)
        );
        let listed = site.ok(&["hold", "list"]);
        let lines: Vec<&str> = listed.lines().collect();
        assert!(lines[0].starts_with("HOLD  ON ") && lines[0].ends_with("REASON"), "{listed}");
        assert!(lines[1].starts_with("   2  tree pack-1  "), "{listed}");
        assert!(lines[2].starts_with("   1  job pack-1   ") && lines[2].ends_with("  case 2026-114"), "{listed}");

        // Held by the job's hold, then by its tree's: each refusal names the hold that keeps it.
        let (code, stdout, stderr) = site.run(&["erase", "--job", "pack-1"]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{transport:?}: {stderr}");
        assert_eq!(
            stderr,
            "error: job pack-1 is kept by the legal hold 1 (on job pack-1, \"case 2026-114\"): release the hold \
             first, with `oz0 hold release 1`\n",
            "{transport:?}"
        );
        assert_eq!(site.ok(&["hold", "release", "1"]), "released hold 1 on job pack-1: case 2026-114\n");
        let (code, _, stderr) = site.run(&["erase", "--job", "pack-1"]);
        assert_eq!(code, 2, "{transport:?}");
        assert!(stderr.contains("kept by the legal hold 2 (on tree pack-1)"), "{transport:?}: {stderr}");
        assert!(stderr.contains("`oz0 hold release 2`"), "{transport:?}: {stderr}");
        let kept = site.ok(&["file", "get", &file, "--job", "pack-1", "-o", "-"]);
        assert_eq!(kept, "confidential\n", "{transport:?}: a refused erasure removes nothing");
        assert!(site.json(&["job", "get", "pack-1"])["job"]["erased_at"].is_null());

        let (code, _, stderr) = site.run(&["hold", "release", "1"]);
        assert_eq!(code, 2, "{transport:?}");
        assert!(stderr.contains("no hold 1 is in force"), "{transport:?}: {stderr}");
        site.ok(&["hold", "release", "2"]);
        let all = site.json(&["hold", "list", "--all"]);
        assert_eq!(all.as_array().map(Vec::len), Some(2), "{transport:?}: {all}");
        assert!(all.as_array().unwrap().iter().all(|h| h["released_by"].is_string()), "{all}");
        assert_eq!(site.run(&["hold", "list"]).2, "no hold is in force\n");

        let erased = site.json(&["erase", "--job", "pack-1"]);
        assert_eq!(erased["scope"], json!({"job": "pack-1"}), "{transport:?}");
        assert_eq!((&erased["erased"]["jobs"], &erased["erased"]["files"]), (&json!(1), &json!(1)), "{erased}");
        let (code, _, stderr) = site.run(&["job", "get", "pack-1", "--result", "1"]);
        assert_eq!(code, 2, "{transport:?}");
        assert!(stderr.contains("it was erased with the job's payloads"), "{transport:?}: {stderr}");
        let again = site.ok(&["erase", "--job", "pack-1"]);
        assert_eq!(again, "erased job pack-1: nothing was left to remove\n", "{transport:?}");

        // Its numbers are kept; its payloads and its file are gone, and it says so.
        let detail = site.json(&["job", "get", "pack-1"]);
        assert!(detail["job"]["erased_at"].is_string(), "{transport:?}: {detail}");
        assert_eq!((&detail["job"]["state"], &detail["totals"]["steps"]), (&json!("succeeded"), &json!(1)));
        assert_eq!(detail["files"], json!([]), "{transport:?}");
        let shown = site.ok(&["job", "get", "pack-1"]);
        assert!(shown.contains("\n  erased    20"), "{transport:?}: {shown}");
        assert!(site.ok(&["job", "list"]).contains("pack-1  succeeded (erased)  "), "{transport:?}");
        let trace = site.ok(&["job", "trace", "pack-1"]);
        assert!(trace.lines().next().unwrap().contains(", erased 20"), "{transport:?}: {trace}");
        let (code, stdout, stderr) = site.run(&["file", "get", &file, "--job", "pack-1", "-o", "-"]);
        assert_eq!((code, stdout.as_str()), (2, ""), "{transport:?}");
        assert!(stderr.contains("no such file in this job tree"), "{transport:?}: {stderr}");

        // What names nothing answers as not found.
        for (scope, says) in [
            ("--job", "no job `nosuch`"),
            ("--tree", "no tree `nosuch`"),
            ("--conversation", "no conversation `nosuch`"),
        ] {
            let (code, _, stderr) = site.run(&["erase", scope, "nosuch"]);
            assert_eq!((code, stderr), (2, format!("error: could not erase: {says}\n")), "{transport:?}");
        }
        let (code, _, stderr) = site.run(&["hold", "create", "--conversation", "nosuch"]);
        assert_eq!((code, stderr.as_str()), (2, "error: could not make the hold: no conversation `nosuch`\n"));
        let (code, _, stderr) = site.run(&["erase", "--job", "a", "--tree", "b"]);
        assert_eq!(code, 2, "{transport:?}");
        assert!(stderr.contains("cannot be used with"), "{stderr}");

        let log = site.json(&["tenant", "audit", "--limit", "100"]);
        let erasures = audited(&log, "job.erased");
        assert_eq!(erasures.len(), 2, "{transport:?}: {log}");
        assert_eq!(erasures[1]["new"], json!({"scope": {"job": "pack-1"}, "erased": erased["erased"]}));
        assert_eq!(erasures[0]["new"]["erased"], json!({"jobs": 0, "files": 0, "messages": 0, "steps": 0}));
        assert_eq!(audited(&log, "hold.create").len(), 2, "{transport:?}");
        let released = audited(&log, "hold.release");
        assert_eq!(released.len(), 2, "{transport:?}");
        assert_eq!(released[1]["new"]["reason"], "case 2026-114");
    }
}

#[test]
fn the_console_sets_retention_makes_and_releases_holds_and_marks_an_erased_job_and_content_is_refused() {
    let site = PluginSite::new(Transport::Served);
    let edge = site.served.as_ref().expect("a served edge");
    // The hourglass given 120 s, rather than 6, to be still running when it is erased.
    site.install_workbench_with_timeout(120);
    pack(&site, "pack-1");
    let admin = Session::sign_in(&edge.url, &edge.token);

    let page = admin.get("/console/data");
    assert_eq!(page.status, 200, "{}", page.body);
    assert!(
        page.body.contains(r#"<dd id="retention-files">90d after their tree last stored them</dd>"#),
        "{}",
        page.body
    );
    assert!(page.body.contains(r#"<dd id="retention-jobs">forever, until erased</dd>"#), "{}", page.body);
    let answer = admin.post("/console/data/retention", &[], &format!("csrf={}&files=30d&jobs=365d", admin.csrf));
    assert_eq!(answer.status, 303, "{}", answer.body);
    assert_eq!(site.json(&["tenant", "retention"]), json!({"files": "30d", "jobs": "365d"}));
    let bad = admin.post("/console/data/retention", &[], &format!("csrf={}&files=soon&jobs=forever", admin.csrf));
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(bad.body.contains("files: &#39;soon&#39; is not a length of time"), "{}", bad.body);
    let answer = admin.post("/console/data/retention", &[], &format!("csrf={}&files=30d&jobs=forever", admin.csrf));
    assert_eq!(answer.status, 303, "{}", answer.body);
    assert_eq!(site.json(&["tenant", "retention"]), json!({"files": "30d", "jobs": null}));
    // Without the session's token, nothing is made.
    assert_eq!(admin.post("/console/data/holds", &[], "kind=job&id=pack-1").status, 403);

    let hold = format!("csrf={}&kind=job&id=pack-1&reason=case+7", admin.csrf);
    assert_eq!(admin.post("/console/data/holds", &[], &hold).status, 303);
    let page = admin.get("/console/data");
    assert_eq!(row(&page.body, "hold-1")[..3], ["1", "job pack-1", "case 7"], "{}", page.body);
    assert!(page.body.contains(r#"action="/console/data/holds/1/release""#), "{}", page.body);
    let missing = admin.post("/console/data/holds", &[], &format!("csrf={}&kind=tree&id=nosuch", admin.csrf));
    assert_eq!(missing.status, 404, "{}", missing.body);
    assert!(missing.body.contains("no tree `nosuch`"), "{}", missing.body);
    let (code, _, stderr) = site.run(&["erase", "--job", "pack-1"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("kept by the legal hold 1"), "{stderr}");

    let released = admin.post("/console/data/holds/1/release", &[], &format!("csrf={}", admin.csrf));
    assert_eq!(released.status, 303, "{}", released.body);
    let page = admin.get("/console/data");
    assert!(!page.body.contains(r#"<tr id="hold-1">"#), "{}", page.body);
    assert_eq!(row(&page.body, "released-1")[..4], ["1", "job pack-1", "case 7", "admin@main"]);

    let job = admin.get("/console/jobs/pack-1");
    assert!(!job.body.contains(r#"id="erased""#), "not erased yet");
    site.ok(&["erase", "--job", "pack-1"]);
    let job = admin.get("/console/jobs/pack-1");
    assert_eq!(job.status, 200, "{}", job.body);
    assert!(job.body.contains(r#"<span class="state erased" id="erased">erased</span>"#), "{}", job.body);
    assert!(job.body.contains(r#"<dd id="erased-at">20"#), "{}", job.body);
    assert!(admin.get("/console/jobs").body.contains(r#"<span class="state erased">erased</span>"#));

    // A job that runs is not erased: it would write more.
    let mut slow = site
        .oz0_process()
        .args(["tool", "call", "hourglass.wait", "--arg", "seconds=50", "--id", "slow-1"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("oz0 runs");
    poll("the slow job runs", PATIENCE, || {
        let (code, stdout, _) = site.run(&["job", "get", "slow-1", "--format", "json"]);
        (code == 0 && serde_json::from_str::<Value>(&stdout).ok()?["job"]["state"] == "running").then_some(())
    });
    let (code, _, stderr) = site.run(&["erase", "--tree", "slow-1"]);
    assert_eq!(code, 2, "{stderr}");
    assert_eq!(
        stderr,
        "error: the job `slow-1` of tree slow-1 still runs: cancel it first, with `oz0 job cancel slow-1`, or let it \
         end\n"
    );
    site.ok(&["job", "cancel", "slow-1"]);
    slow.wait().expect("the call ends");

    // A person of the content role reads and changes none of it.
    let content = site.ok(&["edge", "token", "create", "--role", "content", "--name", "cleo"]).trim().to_owned();
    for (args, action) in [
        (&["tenant", "retention"][..], "reading the tenant's retention"),
        (&["tenant", "retention", "--files", "1d"], "reading the tenant's retention"),
        (&["hold", "list"], "reading the legal holds"),
        (&["hold", "create", "--job", "pack-1"], "making a legal hold"),
        (&["hold", "release", "1"], "releasing a legal hold"),
        (&["erase", "--job", "pack-1"], "erasing data"),
    ] {
        let out = site.env.oz0_at(edge, &content).args(args).output().expect("oz0 runs");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let stderr = text(&out.stderr);
        assert!(
            stderr.starts_with(&format!("error: permission denied: {action} needs the admin role\n")),
            "{args:?}: {stderr}"
        );
    }
    let cleo = Session::sign_in(&edge.url, &content);
    let page = cleo.get("/console/data");
    assert_eq!(page.status, 200);
    assert!(page.body.contains("Retention and legal holds need the admin role."), "{}", page.body);
    let refused = cleo.post("/console/data/holds", &[], &format!("csrf={}&kind=job&id=pack-1", cleo.csrf));
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(site.json(&["hold", "list", "--all"]).as_array().map(Vec::len), Some(1), "cleo made none");
}

#[test]
fn an_edge_told_to_seal_keeps_no_payload_plain_and_a_new_payload_key_seals_what_follows() {
    // What the tool is given and stores: its file.
    const MARK: &str = "sealed-mark-5d1e0c";
    let site = PluginSite::with_edge_flags(Transport::Served, |_| vec!["--seal-payloads".into()]);
    site.install_workbench();
    let pack = |id: &str| {
        let (code, answer, stderr) =
            site.call(&["workbench.pack", "--arg", &format!("text={MARK} {id}\n"), "--id", id]);
        assert_eq!(code, 0, "{stderr}");
        answer["files"][0]["ref"].as_str().expect("a file's reference").to_owned()
    };
    let first = pack("before");

    let rotated = site.json(&["tenant", "rotate-key"]);
    assert_eq!(rotated["sealing"], json!(true), "{rotated}");
    let (key, retired) = (rotated["key"].as_str().unwrap(), rotated["retired"].as_str().expect("the first key"));
    assert!(key.len() == 16 && retired.len() == 16 && key != retired, "{rotated}");
    let second = pack("after");
    let again = site.ok(&["tenant", "rotate-key"]);
    assert!(again.starts_with(&format!("payload key: {key} -> ")) && again.lines().count() == 1, "{again}");

    // Everything reads back whole, sealed with whichever key was current.
    for (file, id) in [(&first, "before"), (&second, "after")] {
        assert_eq!(site.ok(&["file", "get", file, "--job", id, "-o", "-"]), format!("{MARK} {id}\n"));
    }
    assert_eq!(common::files_holding(&site.edge_dir(), MARK), Vec::<std::path::PathBuf>::new());
    let log = site.json(&["tenant", "audit", "--limit", "100"]);
    let rotations = audited(&log, "tenant.payload_key");
    assert_eq!(rotations.len(), 2, "{log}");
    assert_eq!((&rotations[1]["old"], &rotations[1]["new"]), (&json!(retired), &json!(key)));

    // An edge that keeps payloads plain makes the key, and says that it seals nothing yet.
    let plain = Site::new(Transport::Embedded);
    let (code, stdout, stderr) = run(&plain, &["tenant", "rotate-key"]);
    assert_eq!(code, 0, "{stderr}");
    assert!(stdout.starts_with("payload key: ") && stdout.contains("\nthis edge keeps payloads plain"), "{stdout}");
}
