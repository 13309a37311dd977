//! The console of `oz0 edge serve`: signing in with a token keeps only a session in a strict cookie;
//! every page is the person's own tenant's, and another tenant's job answers as a missing one; a form
//! without the session's CSRF token, or from another site, changes nothing; no page shows a fitted
//! result's omitted sentence or an offloaded result's outline. In headless Chromium, a run's page
//! shows the numbers `oz0 job trace --format json` has, and the Approve button lets a waiting call go
//! on.

use crate::common;
use crate::console_support;
use crate::plugin_support;
use crate::run_support;

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use common::{PATIENCE, Transport};
use console_support::{Browser, Session, chromium, dump_dom, request, row};
use plugin_support::PluginSite as Site;
use run_support::{ScriptedProvider, call, last_tool_text, say};
use serde_json::{Value, json};

fn served() -> Site {
    Site::new(Transport::Served)
}

fn base(site: &Site) -> String {
    site.served.as_ref().unwrap().url.clone()
}

fn token(site: &Site) -> String {
    site.served.as_ref().unwrap().token.clone()
}

/// Runs the reader agent over the acme docs, as `tests/run.rs` does: a page offloaded, a section of
/// it read back fitted to a budget, three model calls. Returns the job's ID and what the model read
/// of the two results: the offloaded stub and the fitted section.
fn reader_job(site: &Site) -> (String, Value, Value) {
    site.install_acme_docs();
    let dir = site.env.work().join("agents");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        dir.join("reader.yaml"),
        "id: reader\ninstructions: Answer from the docs.\ntools: [acme_docs]\noffload: 2000\n",
    )
    .unwrap();
    let provider = ScriptedProvider::start(vec![
        Box::new(|_: &Value| call("acme_docs__get_page", json!({"path": "release-notes.md"}), 100_000, 40)),
        Box::new(|request: &Value| {
            let stub: Value = serde_json::from_str(&last_tool_text(request)).unwrap();
            let file = stub["offloaded"]["ref"].as_str().unwrap().to_owned();
            call("oz__read_result", json!({"ref": file, "section": "Release 3.17.0", "budget": 400}), 2_000, 30)
        }),
        Box::new(|_: &Value| say("Release 3.17.0 reworks the configuration file.", 3_000, 20)),
    ]);
    provider.configure(&site.edge_dir());
    let out = site.ok(&["run", "reader", "--input", "What changed in 3.17.0?", "--format", "jsonl"]);
    let done: Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    let job = done["job"]["id"].as_str().unwrap().to_owned();
    let requests = provider.received();
    let stub = serde_json::from_str(&last_tool_text(&requests[1])).unwrap();
    let section = serde_json::from_str(&last_tool_text(&requests[2])).unwrap();
    (job, stub, section)
}

#[test]
fn signing_in_takes_a_token_and_keeps_only_a_session_in_a_strict_cookie() {
    let site = served();
    let base = base(&site);
    let token = token(&site);

    // Signed out, a page sends the person to sign in, and back after.
    let page = request(&base, "GET", "/console/jobs/J1", &[], "");
    assert_eq!(page.status, 303);
    assert_eq!(page.header("location"), Some("/console/sign-in?next=%2Fconsole%2Fjobs%2FJ1"));

    let form = request(&base, "GET", "/console/sign-in", &[], "");
    assert_eq!(form.status, 200);
    assert!(
        form.body.contains(r#"name="token""#) && form.body.contains(r#"action="/console/sign-in""#),
        "{}",
        form.body
    );
    let tie = form.cookie("oz0_console_sign_in").unwrap();
    let csrf = console_support::csrf_of(&form.body);
    let tied = format!("oz0_console_sign_in={tie}");

    // A token the edge does not know is refused, and starts no session.
    let wrong = "oz0_0000000000000000000000000000000000000000000000000000000000000000";
    let refused =
        request(&base, "POST", "/console/sign-in", &[("Cookie", &tied)], &format!("csrf={csrf}&token={wrong}"));
    assert_eq!(refused.status, 401, "{}", refused.body);
    assert!(refused.body.contains("the edge knows no such token"), "{}", refused.body);
    assert_eq!(refused.cookie("oz0_console"), None);

    // A sign-in form another page posted, without this browser's tie, is refused.
    let untied = request(&base, "POST", "/console/sign-in", &[], &format!("csrf={csrf}&token={token}"));
    assert_eq!(untied.status, 403, "{}", untied.body);
    assert_eq!(untied.cookie("oz0_console"), None);

    // The token signs in: the cookie holds a session's ID, never the token, HttpOnly and strict.
    let signed = request(
        &base,
        "POST",
        "/console/sign-in",
        &[("Cookie", &tied)],
        &format!("csrf={csrf}&token={token}&next=%2Fconsole%2Fapprovals"),
    );
    assert_eq!(signed.status, 303, "{}", signed.body);
    assert_eq!(signed.header("location"), Some("/console/approvals"));
    let set = signed.header_all("set-cookie").into_iter().find(|c| c.starts_with("oz0_console=")).unwrap().to_owned();
    for flag in ["HttpOnly", "SameSite=Strict", "Path=/console"] {
        assert!(set.split("; ").any(|f| f == flag), "{flag} in {set}");
    }
    let session = signed.cookie("oz0_console").unwrap();
    assert!(!set.contains(&token) && !session.contains(&token[4..20]), "{set}");
    let cookie = format!("oz0_console={session}");
    let jobs = request(&base, "GET", "/console/jobs", &[("Cookie", &cookie)], "");
    assert_eq!(jobs.status, 200);
    assert!(jobs.body.contains("admin@main"), "{}", jobs.body);
    assert!(!jobs.body.contains(&token), "no page holds the token");
    assert_eq!(jobs.header("content-security-policy").map(|c| c.contains("frame-ancestors 'none'")), Some(true));

    // A bearer token is no way into the console: only its session is.
    let bearer = request(&base, "GET", "/console/jobs", &[("Authorization", &format!("Bearer {token}"))], "");
    assert_eq!(bearer.status, 303);

    // Signed out, the session is over.
    let out = request(
        &base,
        "POST",
        "/console/sign-out",
        &[("Cookie", &cookie)],
        &format!("csrf={}", console_support::csrf_of(&jobs.body)),
    );
    assert_eq!(out.status, 303, "{}", out.body);
    assert_eq!(request(&base, "GET", "/console/jobs", &[("Cookie", &cookie)], "").status, 303);
}

#[test]
fn another_tenants_job_is_not_found_like_a_missing_one() {
    let site = served();
    site.install_workbench();
    let (code, answer, stderr) = site.call(&["workbench.pack", "--arg", "text=x"]);
    assert_eq!(code, 0, "{stderr}");
    let job = answer["job"]["id"].as_str().unwrap().to_owned();
    let main = Session::sign_in(&base(&site), &token(&site));
    let own = main.get(&format!("/console/jobs/{job}"));
    assert_eq!(own.status, 200);
    assert!(own.body.contains("workbench.pack"), "{}", own.body);

    let other = site.json(&["edge", "token", "create", "--tenant", "other", "--role", "admin,content"]);
    let other = Session::sign_in(&base(&site), other["token"].as_str().unwrap());
    let theirs = other.get(&format!("/console/jobs/{job}"));
    let missing_id = "J".to_owned() + &"0".repeat(job.len() - 1);
    let missing = other.get(&format!("/console/jobs/{missing_id}"));
    assert_eq!((theirs.status, missing.status), (404, 404), "{}", theirs.body);
    assert_eq!(theirs.body.replace(&job, "ID"), missing.body.replace(&missing_id, "ID"), "the same answer");
    assert_eq!(other.get(&format!("/console/jobs/{job}/events")).status, 404);
    let listed = other.get("/console/jobs");
    assert!(listed.body.contains("other@other") || listed.body.contains("@other"), "{}", listed.body);
    assert!(!listed.body.contains(&job), "another tenant's job is not listed");
    assert!(main.get("/console/jobs").body.contains(&job));
    // The filters: by tool, state, agent and time.
    for (query, shown) in [
        ("tool=workbench", true),
        ("tool=acme_docs", false),
        ("state=succeeded", true),
        ("state=failed", false),
        ("agent=reader", false),
        ("since=2000-01-01&until=2999-01-01", true),
        ("since=2999-01-01", false),
    ] {
        let page = main.get(&format!("/console/jobs?{query}"));
        assert_eq!(page.status, 200, "{query}");
        assert_eq!(page.body.contains(&format!(r#"<tr id="job-{job}">"#)), shown, "{query}");
    }
    let bad = main.get("/console/jobs?since=yesterday");
    assert_eq!(bad.status, 422, "{}", bad.body);
    assert!(bad.body.contains("is not a day"), "{}", bad.body);
    assert!(!other.get("/console/usage").body.contains("workbench"), "usage is the tenant's own");
}

#[test]
fn a_form_without_the_sessions_csrf_token_or_from_another_site_changes_nothing() {
    let site = served();
    let session = Session::sign_in(&base(&site), &token(&site));
    let rule = "pattern=workbench.pack&effect=deny&reason=no";
    let other = Session::sign_in(&base(&site), &token(&site));
    for (why, headers, body) in [
        ("no token", vec![], rule.to_owned()),
        ("a wrong token", vec![], format!("csrf={}&{rule}", "0".repeat(64))),
        ("another session's token", vec![], format!("csrf={}&{rule}", other.csrf)),
        ("another origin", vec![("Origin", "http://evil.example")], format!("csrf={}&{rule}", session.csrf)),
        ("another site", vec![("Sec-Fetch-Site", "cross-site")], format!("csrf={}&{rule}", session.csrf)),
    ] {
        let answer = session.post("/console/settings/rules", &headers, &body);
        assert_eq!(answer.status, 403, "{why}: {}", answer.body);
        assert_eq!(site.ok(&["policy", "list"]), "no rules: every call is allowed\n", "{why} changed nothing");
    }
    let answer = session.post("/console/settings/offload", &[], "default=500");
    assert_eq!(answer.status, 403);
    assert_eq!(site.json(&["tenant", "offload"])["settings"]["default"], Value::Null);

    // With the session's token, from the console's own page, the change is made.
    let own = base(&site);
    let answer = session.post("/console/settings/rules", &[("Origin", &own)], &format!("csrf={}&{rule}", session.csrf));
    assert_eq!(answer.status, 303, "{}", answer.body);
    assert!(site.ok(&["policy", "list"]).contains("workbench.pack"));
    let answer = session.post("/console/settings/offload", &[], &format!("csrf={}&default=500&ceiling=", session.csrf));
    assert_eq!(answer.status, 303, "{}", answer.body);
    assert_eq!(site.json(&["tenant", "offload"])["settings"]["default"], 500);
    let settings = session.get("/console/settings");
    assert_eq!(row(&settings.body, "rule-workbench.pack"), ["workbench.pack", "deny", "no"]);

    // Nor is an approval answered, nor a session ended, without the token.
    assert_eq!(session.post("/console/approvals/1", &[], "decision=approve").status, 403);
    assert_eq!(session.post("/console/sign-out", &[], "").status, 403);
    assert_eq!(session.get("/console/jobs").status, 200, "still signed in");
}

#[test]
fn no_page_shows_an_omitted_sentence_or_an_outline() {
    let site = served();
    let (job, stub, section) = reader_job(&site);
    let outline = stub["outline"].as_str().unwrap();
    let omitted = section["fit"]["omitted"].as_str().unwrap();
    assert!(!outline.is_empty() && !omitted.is_empty(), "{stub} {section}");
    let session = Session::sign_in(&base(&site), &token(&site));
    for path in
        [format!("/console/jobs/{job}"), "/console/jobs".into(), "/console/usage".into(), "/console/approvals".into()]
    {
        let page = session.get(&path);
        assert_eq!(page.status, 200, "{path}");
        assert!(!page.body.contains(omitted), "{path} shows the omitted sentence");
        for line in outline.lines().map(str::trim).filter(|l| l.len() > 8) {
            assert!(!page.body.contains(line), "{path} shows a line of the outline: {line}");
        }
        assert!(!page.body.contains("Release 3.19.0"), "{path} names a part of the page");
    }
    let page = session.get(&format!("/console/jobs/{job}"));
    assert!(
        page.body.contains(r#"<tr id="offloaded-2">"#) && page.body.contains(r#"<tr id="fitted-4">"#),
        "{}",
        page.body
    );
    assert!(page.body.contains(&format!(r#"href="/console/jobs/{job}/history""#)), "{}", page.body);

    // The job's history, apart, is what its model read: the stub and its outline, the section read back.
    let history = session.get(&format!("/console/jobs/{job}/history"));
    assert_eq!(history.status, 200);
    let api = site.json(&["job", "get", &job, "--history"]);
    let messages = api["messages"].as_array().unwrap();
    assert_eq!(messages.len(), 6, "asked, a call, the stub, a read, the section, the answer: {api}");
    assert_eq!(messages[0]["message"], json!({"role": "user", "text": "What changed in 3.17.0?"}));
    assert_eq!(messages[2]["message"]["role"], "tool");
    assert_eq!(serde_json::from_str::<Value>(messages[2]["message"]["text"].as_str().unwrap()).unwrap(), stub);
    for n in 1..=6 {
        assert!(history.body.contains(&format!(r#"<section class="said" id="said-{n}">"#)), "{}", history.body);
    }
    let first = outline.lines().map(str::trim).find(|l| l.len() > 8).unwrap();
    let escaped = first
        .replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;");
    assert!(history.body.contains(&escaped), "the history shows what the model read: {}", history.body);
    let text = site.ok(&["job", "get", &job, "--history"]);
    assert!(text.contains("    1 asked (after step 0):\n      What changed in 3.17.0?\n"), "{text}");
    assert!(text.contains("acme_docs__get_page answered (after step 2):"), "{text}");
}

/// Returns the texts the row of a trace's step should show.
fn expected_rows(trace: &Value) -> Vec<(String, Vec<String>)> {
    let dollars = |cost: f64| {
        if cost == 0.0 {
            "$0".to_owned()
        } else if cost >= 0.01 {
            format!("${cost:.2}")
        } else {
            format!("${cost:.6}").trim_end_matches('0').to_owned()
        }
    };
    let or_none = |v: &Value| if v.is_null() { "-".to_owned() } else { v.to_string().trim_matches('"').to_owned() };
    let mut rows = Vec::new();
    for s in trace["steps"].as_array().unwrap() {
        let seq = s["seq"].to_string();
        let target = match (s["tool"].as_str(), s["function"].as_str()) {
            (Some(t), Some(f)) => format!("{t}.{f}"),
            (Some(t), None) => t.to_owned(),
            (None, Some(f)) => f.to_owned(),
            (None, None) => s["kind"].as_str().unwrap().to_owned(),
        };
        let duration = format!("{:.2} s", s["duration_ms"].as_f64().unwrap() / 1000.0);
        rows.push((
            format!("step-{seq}"),
            vec![
                seq.clone(),
                s["at"].as_str().unwrap().into(),
                s["kind"].as_str().unwrap().into(),
                target.clone(),
                duration.clone(),
                s["outcome"].as_str().unwrap().into(),
            ],
        ));
        if let (Some(tin), Some(tout)) = (s["tokens_in"].as_u64(), s["tokens_out"].as_u64()) {
            rows.push((
                format!("model-{seq}"),
                vec![
                    seq.clone(),
                    target.clone(),
                    "-".into(),
                    tin.to_string(),
                    tout.to_string(),
                    dollars(s["cost_usd"].as_f64().unwrap_or(0.0)),
                    duration,
                    s["outcome"].as_str().unwrap().into(),
                ],
            ));
        }
        let f = &s["fitted"];
        if f.is_object() {
            rows.push((
                format!("fitted-{seq}"),
                vec![
                    seq.clone(),
                    target.clone(),
                    f["view"].as_str().unwrap().into(),
                    or_none(&f["budget"]),
                    f["size"].to_string(),
                    f["tokens"].to_string(),
                    or_none(&f["bound"]),
                    if f["truncated"] == true { "yes" } else { "no" }.into(),
                ],
            ));
        }
        let o = &s["offloaded"];
        if o.is_object() {
            rows.push((
                format!("offloaded-{seq}"),
                vec![
                    seq,
                    o["ref"].as_str().unwrap().into(),
                    o["size"].to_string(),
                    o["tokens"].to_string(),
                    o["lines"].to_string(),
                ],
            ));
        }
    }
    let t = &trace["totals"];
    rows.push((
        "totals".into(),
        [
            "Tool calls",
            "tool_calls",
            "Model calls",
            "model_calls",
            "Tokens in",
            "tokens_in",
            "Tokens out",
            "tokens_out",
        ]
        .chunks(2)
        .map(|pair| t[pair[1]].to_string())
        .collect(),
    ));
    rows.push((
        "costs".into(),
        vec![
            dollars(t["model_cost_usd"].as_f64().unwrap()),
            dollars(t["usage_cost_usd"].as_f64().unwrap()),
            dollars(t["cost_usd"].as_f64().unwrap()),
            String::new(),
            String::new(),
        ],
    ));
    rows
}

#[test]
fn in_chromium_a_runs_page_shows_the_numbers_of_its_trace() {
    let chromium = chromium();
    let site = served();
    let (job, _, _) = reader_job(&site);
    let trace = site.json(&["job", "trace", &job]);
    let session = Session::sign_in(&base(&site), &token(&site));
    let profile = tempfile::tempdir().unwrap();

    let dom = dump_dom(&chromium, profile.path(), &session.link(&format!("/console/jobs/{job}")));
    let expected = expected_rows(&trace);
    assert!(
        expected.iter().any(|(id, _)| id.starts_with("fitted-"))
            && expected.iter().any(|(id, _)| id.starts_with("offloaded-"))
    );
    for (id, cells) in &expected {
        let shown = row(&dom, id);
        // The step's row ends with its timeline and notes, the fitted row with its bar: past the numbers.
        assert_eq!(&shown[..cells.len()], &cells[..], "row {id} of\n{dom}");
    }
    // The bar of the budget used, from the same numbers.
    let fitted = trace["steps"].as_array().unwrap().iter().find(|s| s["fitted"]["budget"].is_u64()).unwrap();
    let used = fitted["fitted"]["tokens"].as_f64().unwrap() * 100.0 / fitted["fitted"]["budget"].as_f64().unwrap();
    let bar = row(&dom, &format!("fitted-{}", fitted["seq"]));
    assert_eq!(bar.last().unwrap(), &format!("{used:.0}% of budget"));
    let budget = trace["steps"][1]["budget_filled"].as_u64().unwrap();
    assert!(row(&dom, "step-2").last().unwrap().contains(&format!("a budget of {budget} was filled in")));

    // The usage page sums the same costs.
    let dom = dump_dom(&chromium, profile.path(), &session.link("/console/usage"));
    let total = trace["totals"]["cost_usd"].as_f64().unwrap();
    assert!(dom.contains(&format!("${total:.2} in all: 3 model calls, 0 service reports.")), "{dom}");
    assert!(dom.contains(r#"id="by-model""#) && dom.contains("(the agent's own)"), "{dom}");

    // Screenshots for the README, when asked for.
    if let Some(dir) = std::env::var_os("OZ0_TEST_SCREENSHOTS") {
        let dir = std::path::PathBuf::from(dir);
        console_support::screenshot(
            &chromium,
            profile.path(),
            &session.link(&format!("/console/jobs/{job}")),
            &dir.join("console-job.png"),
        );
        console_support::screenshot(
            &chromium,
            profile.path(),
            &session.link("/console/usage"),
            &dir.join("console-usage.png"),
        );
    }
}

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
        if let Some(a) = site.json(&["approval", "list"]).as_array().and_then(|a| a.first().cloned()) {
            return a;
        }
        assert!(start.elapsed() < PATIENCE, "no approval was asked");
        std::thread::sleep(Duration::from_millis(100));
    }
}

#[test]
fn in_chromium_a_running_jobs_page_follows_it_and_the_approve_button_lets_a_waiting_call_go_on() {
    let chromium = chromium();
    let site = served();
    site.install_workbench();
    site.ok(&["policy", "ask", "workbench.pack"]);
    let session = Session::sign_in(&base(&site), &token(&site));
    let profile = tempfile::tempdir().unwrap();
    let mut browser = Browser::start(&chromium, profile.path());

    // A waiting call's job runs: its page follows its events, and shows its end without a reload.
    let call = start_call(&site, &["workbench.pack", "--arg", "text=first"]);
    let approval = pending(&site);
    let job = approval["job"].as_str().unwrap().to_owned();
    browser.open(&session.link(&format!("/console/jobs/{job}")));
    assert_eq!(browser.eval("document.querySelector('h1 .state').textContent"), "running");
    browser.eval("window.kept = true");
    site.ok(&["approval", "approve", &approval["id"].to_string()]);
    assert!(call.wait_with_output().unwrap().status.success());
    browser.wait_for("document.querySelector('h1 .state').textContent === 'succeeded'");
    assert_eq!(browser.eval("window.kept === true"), true, "the page was not loaded again");
    let trace = site.json(&["job", "trace", &job]);
    let step = browser.eval("document.querySelector('#step-1 td:nth-child(4)').textContent");
    assert_eq!(step, "workbench.pack");
    assert_eq!(trace["steps"][0]["outcome"], "ok");

    // The button: the person sees the call's exact arguments, approves, and the call goes on.
    let call = start_call(&site, &["workbench.pack", "--arg", "text=hello", "--arg", "copies=2"]);
    let approval = pending(&site);
    let id = approval["id"].to_string();
    browser.open(&session.link("/console/approvals"));
    browser.wait_for(&format!("document.getElementById('approve-{id}')"));
    // What the person approves: the call's exact arguments.
    let shown = browser.eval(&format!("document.querySelector('#approval-{id} pre.view').textContent"));
    let shown: Value = serde_json::from_str(shown.as_str().unwrap()).unwrap();
    assert_eq!(shown, json!({"arguments": {"text": "hello", "copies": 2}}));
    browser.click(&format!("#approve-{id}"));
    browser.wait_for(&format!("document.getElementById('answered-{id}')"));
    let out = call.wait_with_output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(answer["files"][0]["size"], 10, "it ran with the arguments shown: {answer}");
    let approved = site.json(&["approval", "show", &id]);
    assert_eq!(approved["state"], "approved");
    assert!(approved["decided_by"].as_str().unwrap().starts_with("admin"), "{approved}");
    let state = browser.eval(&format!("document.querySelector('#answered-{id} .state').textContent"));
    assert_eq!(state, "approved");
    drop(browser);
}

#[test]
fn oz0_console_serves_the_embedded_edges_console_with_a_one_time_link_and_stops_on_ctrl_c() {
    use std::io::BufRead as _;
    let env = common::TestEnv::new();
    let mut console = env.oz0_process().arg("console").stdout(Stdio::piped()).stderr(Stdio::null()).spawn().unwrap();
    let mut lines = std::io::BufReader::new(console.stdout.take().unwrap()).lines();
    let first = lines.next().unwrap().unwrap();
    let second = lines.next().unwrap().unwrap();
    let base = first.strip_prefix("console at ").unwrap().trim_end_matches("/console/").to_owned();
    assert!(base.starts_with("http://127.0.0.1:"), "{first}");
    let link = second.split_whitespace().last().unwrap();
    let path = link.strip_prefix(&base).unwrap();
    assert!(path.starts_with("/console/sign-in?code=") && !path.contains("oz0_"), "a code, never a token: {path}");

    let signed = request(&base, "GET", path, &[], "");
    assert_eq!(signed.status, 303);
    let cookie = format!("oz0_console={}", signed.cookie("oz0_console").unwrap());
    let jobs = request(&base, "GET", "/console/jobs", &[("Cookie", &cookie)], "");
    assert_eq!(jobs.status, 200);
    assert!(jobs.body.contains("local@local"), "{}", jobs.body);
    assert_eq!(request(&base, "GET", path, &[], "").status, 401, "the link signs in once");

    let interrupted = Command::new("kill").args(["-INT", &console.id().to_string()]).status().unwrap();
    assert!(interrupted.success());
    let start = Instant::now();
    let status = loop {
        if let Some(status) = console.try_wait().unwrap() {
            break status;
        }
        assert!(start.elapsed() < PATIENCE, "oz0 console did not stop on Ctrl-C");
        std::thread::sleep(Duration::from_millis(50));
    };
    assert!(status.success(), "{status:?}");
}
