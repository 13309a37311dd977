//! `oz0 compare-savings` end to end: an agent run on the same inputs under two offload thresholds, in
//! pairs, against the real acme-docs server and a scripted OpenAI-compatible provider on loopback that
//! stands in for the model provider and charges by the size of each request, so that what an arm saves
//! is a real number. Each scenario runs through the embedded edge and through `oz0 edge serve`.

use crate::common;
use crate::console_support;
use crate::plugin_support;
use crate::run_support;

use std::time::{Duration, Instant};

use common::{PATIENCE, Transport, transports};
use console_support::{Session, chromium, dump_dom, row};
use plugin_support::PluginSite as Site;
use run_support::{ScriptedProvider, call, last_tool_text, say, tokens_of};
use serde_json::{Value, json};

/// The stand-in model: it asks for the release notes (some 5,500 tokens), then answers with what it
/// read, a stub or the page; each request is billed a token for each four bytes of it.
fn charging_by_size() -> ScriptedProvider {
    ScriptedProvider::answering(Box::new(|request: &Value| {
        let tokens = tokens_of(request);
        match last_tool_text(request) {
            read if read.is_empty() => call("acme_docs__get_page", json!({"path": "release-notes.md"}), tokens, 10),
            read if read.contains("\"offloaded\"") => say("From the outline: the release notes.", tokens, 20),
            _ => say("From the page: Release 3.17.0 reworks the configuration file.", tokens, 20),
        }
    }))
}

/// A site with acme-docs and the agent `reader` (no threshold of its own), defined by `yaml`.
fn reader_site(transport: Transport, yaml: &str) -> Site {
    let site = Site::new(transport);
    site.install_acme_docs();
    let dir = site.env.work().join("agents");
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("reader.yaml"), yaml).unwrap();
    site
}

/// A reader's site with the tenant's default at 1,000 tokens, and the stand-in model.
fn site(transport: Transport) -> (Site, ScriptedProvider) {
    let site = reader_site(transport, "id: reader\ninstructions: Answer from the docs.\ntools: [acme_docs.get_page]\n");
    site.ok(&["tenant", "offload", "--default", "1000"]);
    let provider = charging_by_size();
    provider.configure(&site.edge_dir());
    (site, provider)
}

fn inputs(site: &Site, lines: &[&str]) -> String {
    let path = site.env.write("questions.txt", lines.join("\n") + "\n\n");
    path.to_str().unwrap().to_owned()
}

#[test]
fn three_inputs_against_off_find_the_baseline_several_times_cheaper_with_its_interval() {
    for transport in transports() {
        let (site, provider) = site(transport);
        let file = inputs(&site, &["What changed in 3.17.0?", "What is new in 3.18?", "How do I upgrade?"]);
        let (code, stdout, stderr) =
            site.run(&["compare-savings", "start", "--agent", "reader", "--variant-offload", "off", "--inputs", &file]);
        assert_eq!(code, 0, "{transport:?}: {stdout}\n{stderr}");
        // Progress on stderr, a line a pair; the arms side by side and the verdict on stdout.
        assert!(stderr.contains("offloading at 1,000 tokens (baseline) and at off (variant)"), "{stderr}");
        for n in 1..=3 {
            assert!(stderr.contains(&format!("pair {n} of 3: baseline ")), "{stderr}");
        }
        assert!(stdout.contains("oz.read_result calls"), "{stdout}");
        let verdict = stdout.lines().last().unwrap();
        assert!(verdict.starts_with("not offloading cost ") && verdict.contains(" times as much ("), "{stdout}");
        assert!(verdict.ends_with("against 1,000 tokens; answers agreed in 0 of 3"), "{stdout}");
        assert_eq!(provider.received().len(), 12, "two model calls a job, six jobs");

        // The same in JSON, with the fields the API promises.
        let list = site.json(&["compare-savings", "list"]);
        let id = list[0]["id"].as_str().unwrap().to_owned();
        let report = site.json(&["compare-savings", "show", &id]);
        assert_eq!((report["id"].as_str(), report["agent"].as_str()), (Some(id.as_str()), Some("reader")));
        assert_eq!(report["experiment"]["state"], "done");
        let (baseline, variant) = (&report["baseline"], &report["variant"]);
        for (arm, offload) in [(baseline, json!(1000)), (variant, json!("off"))] {
            let keys: Vec<&str> = arm.as_object().unwrap().keys().map(String::as_str).collect();
            assert_eq!(
                keys,
                [
                    "offload",
                    "jobs",
                    "succeeded",
                    "input_tokens",
                    "output_tokens",
                    "cost_usd",
                    "steps",
                    "read_results",
                    "seconds"
                ]
            );
            assert_eq!((&arm["offload"], &arm["jobs"], &arm["succeeded"]), (&offload, &json!(3), &json!(3)));
            assert_eq!(arm["steps"], 9, "a model call, the tool, a model call, three times");
            assert!(arm["seconds"].as_f64().unwrap() > 0.0);
        }
        let (b, v) = (baseline["cost_usd"].as_f64().unwrap(), variant["cost_usd"].as_f64().unwrap());
        assert!(v > 3.0 * b, "{transport:?}: the page inline costs several times the stub: {b} against {v}");
        // The arms' costs are the model's tokens at the script's prices, $1 and $2 a million.
        let priced =
            |arm: &Value| (arm["input_tokens"].as_f64().unwrap() + 2.0 * arm["output_tokens"].as_f64().unwrap()) / 1e6;
        assert!((priced(baseline) - b).abs() < 1e-9 && (priced(variant) - v).abs() < 1e-9, "{report}");

        let savings = &report["savings"];
        assert_eq!(savings["pairs"], 3);
        let cost = &savings["cost"];
        let share = cost["share"].as_f64().unwrap();
        assert!((share - (1.0 - v / b)).abs() < 1e-9, "{cost}");
        assert!(cost["low"].as_f64().unwrap() <= share && share <= cost["high"].as_f64().unwrap(), "{cost}");
        assert!(savings["tokens"]["share"].as_f64().unwrap() < -2.0, "{savings}");
        assert_eq!(savings["agreed"], json!({"exactly": 0, "normalized": 0, "of": 3}));
        assert_eq!(savings["verdict"].as_str(), Some(verdict));
        assert_eq!(site.json(&["compare-savings", "show", &id]), report, "shown twice, the same interval");

        // Each pair's jobs are the agent's jobs, each with its arm's threshold.
        let pairs = report["pairs"].as_array().unwrap();
        assert_eq!(pairs.len(), 3);
        let job = pairs[1]["baseline"]["job"].as_str().unwrap();
        let trace = site.json(&["job", "trace", job]);
        assert_eq!(trace["job"]["name"], "reader");
        assert!(trace["steps"][1]["offloaded"].is_object(), "the baseline offloads the page: {trace}");
        let job = pairs[1]["variant"]["job"].as_str().unwrap();
        assert_eq!(site.json(&["job", "trace", job])["steps"][1]["offloaded"], Value::Null);
        assert_eq!(site.json(&["job", "get", job])["input"], "What is new in 3.18?");

        // The setting it decided is audited with it; an experiment the tenant has not is refused.
        site.ok(&["tenant", "offload", "--default", "1000", "--from", &id]);
        let audit = site.json(&["tenant", "audit", "--limit", "1"]);
        let entry = &audit["entries"][0];
        assert_eq!(entry["action"], "tenant.offload");
        assert_eq!(
            entry["new"]["experiment"],
            json!({"id": id, "agent": "reader", "baseline": 1000, "variant": "off"}),
            "{entry}"
        );
        let (code, _, stderr) =
            site.run(&["tenant", "offload", "--default", "2000", "--from", "01K1N6ZQ4B7V2X9M3P8R5T0W6Y"]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("no experiment `01K1N6ZQ4B7V2X9M3P8R5T0W6Y`"), "{stderr}");
        assert_eq!(site.json(&["tenant", "offload"])["settings"]["default"], 1000, "nothing changed");

        // The console shows it, its chart drawn on the server: a bar down for each pair's dearer variant.
        if transport.served() {
            let edge = site.served.as_ref().unwrap();
            let session = Session::sign_in(&edge.url, &edge.token);
            let listed = session.get("/console/experiments");
            assert!(listed.body.contains(&format!("/console/experiments/{id}")), "{}", listed.body);
            let profile = tempfile::tempdir().unwrap();
            let dom = dump_dom(&chromium(), profile.path(), &session.link(&format!("/console/experiments/{id}")));
            assert!(dom.contains(&format!("<strong>{verdict}</strong>")), "{dom}");
            let money = |arm: &Value| oz0_core::trace::dollars(arm["cost_usd"].as_f64().unwrap());
            assert_eq!(row(&dom, "arm-cost")[1..3], [money(baseline), money(variant)], "{dom}");
            assert_eq!(dom.matches(r#"<rect class="spent""#).count(), 3, "{dom}");
            assert_eq!(dom.matches(r#"<rect class="saved""#).count(), 0, "{dom}");
        }
    }
}

#[test]
fn an_experiment_replays_the_agents_jobs_and_stops_at_its_budget() {
    for transport in transports() {
        let (site, _provider) = site(transport);
        for question in ["What changed in 3.17.0?", "How do I upgrade?", "What is new in 3.18?"] {
            site.ok(&["run", "reader", "--input", question]);
        }
        // A pair costs some $0.008 here: the budget lets one pair run, and not a second.
        let (code, stdout, stderr) = site.run(&[
            "compare-savings",
            "start",
            "--agent",
            "reader",
            "--variant-offload",
            "off",
            "--replay",
            "2",
            "--budget-usd",
            "0.012",
            "--format",
            "json",
        ]);
        assert_eq!(code, 0, "{transport:?}: {stdout}\n{stderr}");
        let printed: Value = serde_json::from_str(&stdout).unwrap();
        let id = printed["id"].as_str().unwrap();
        assert_eq!(printed, json!({"id": id}), "JSON prints the ID alone");
        assert!(stderr.contains("stopped before pair 2 of 2"), "{stderr}");

        let report = site.json(&["compare-savings", "show", id]);
        let experiment = &report["experiment"];
        assert_eq!(
            (&experiment["state"], &experiment["inputs"], &experiment["jobs"]),
            (&json!("stopped"), &json!(2), &json!(2))
        );
        assert!(experiment["spent_usd"].as_f64().unwrap() < 0.012, "{experiment}");
        assert!(experiment["reason"].as_str().unwrap().contains("of its $0.012 budget"), "{experiment}");
        // The replay asks what the agent's two latest jobs were asked, oldest first.
        let job = report["pairs"][0]["baseline"]["job"].as_str().unwrap();
        assert_eq!(site.json(&["job", "get", job])["input"], "How do I upgrade?");

        // A replay of experiments' jobs replays none of them: the agent's own latest is the third run's.
        let again =
            site.json(&["compare-savings", "start", "--agent", "reader", "--variant-offload", "off", "--replay", "1"]);
        let again = site.json(&["compare-savings", "show", again["id"].as_str().unwrap()]);
        assert_eq!(again["experiment"]["state"], "done");
        let job = again["pairs"][0]["variant"]["job"].as_str().unwrap();
        assert_eq!(site.json(&["job", "get", job])["input"], "What is new in 3.18?");
    }
}

#[test]
fn a_detached_experiment_is_cancelled_with_the_job_it_runs() {
    let site = reader_site(Transport::Served, "id: reader\ntools: [acme_docs.get_page]\n");
    // A model that takes its time over the first request of a job.
    let provider = ScriptedProvider::answering(Box::new(|request: &Value| {
        std::thread::sleep(Duration::from_secs(3));
        say("slowly", tokens_of(request), 5)
    }));
    provider.configure(&site.edge_dir());
    let file = inputs(&site, &["one", "two", "three"]);
    let id = site.ok(&[
        "compare-savings",
        "start",
        "--agent",
        "reader",
        "--variant-offload",
        "off",
        "--inputs",
        &file,
        "--detach",
    ]);
    let id = id.trim();
    let deadline = Instant::now() + PATIENCE;
    while site.json(&["compare-savings", "show", id])["experiment"]["jobs"] != 1 {
        assert!(Instant::now() < deadline, "the first job never started");
        std::thread::sleep(Duration::from_millis(100));
    }
    let cancelled = site.json(&["compare-savings", "cancel", id]);
    assert_eq!(cancelled["state"], "cancelled");
    assert!(cancelled["reason"].as_str().unwrap().starts_with("cancelled by "), "{cancelled}");
    let report = site.json(&["compare-savings", "show", id]);
    assert_eq!(report["pairs"][0]["baseline"]["state"], "cancelled", "{report}");
    std::thread::sleep(Duration::from_secs(2));
    let later = site.json(&["compare-savings", "show", id]);
    assert_eq!(later["experiment"]["jobs"], 1, "no pair starts after a cancel: {later}");

    let (code, _, stderr) = site.run(&["compare-savings", "cancel", id]);
    assert_eq!(code, 2);
    assert!(stderr.contains("has ended (cancelled); there is nothing to cancel"), "{stderr}");
    let audit = site.json(&["tenant", "audit", "--limit", "20"]);
    let actions: Vec<&str> =
        audit["entries"].as_array().unwrap().iter().map(|e| e["action"].as_str().unwrap()).collect();
    assert!(actions.contains(&"experiment.start") && actions.contains(&"experiment.cancel"), "{actions:?}");
}

#[test]
fn what_an_experiment_cannot_measure_is_refused_before_anything_runs() {
    let (site, provider) = site(Transport::Embedded);
    let file = inputs(&site, &["one"]);
    let start = |extra: &[&str]| {
        let mut args = vec!["compare-savings", "start", "--agent", "reader"];
        args.extend(extra);
        site.run(&args)
    };
    for (args, says) in [
        (
            &["--variant-offload", "1000", "--inputs", file.as_str()][..],
            "the agent `reader` offloads at 1,000 tokens already: the variant would run as the baseline does",
        ),
        (&["--variant-offload", "off", "--inputs", "missing.txt"][..], "could not read the file of inputs"),
        (&["--variant-offload", "off", "--replay", "3"][..], "the agent `reader` has no job of its own to replay"),
        (&["--variant-offload", "off", "--inputs", file.as_str(), "--detach"][..], "--detach needs a served edge"),
        (&["--variant-offload", "off", "--inputs", file.as_str(), "--budget-usd", "0"][..], "a budget is a number"),
        (&["--variant-offload", "off"][..], "--inputs <FILE>|--replay <N>"),
    ] {
        let (code, _, stderr) = start(args);
        assert_eq!(code, 2, "{args:?}: {stderr}");
        assert!(stderr.contains(says), "{args:?}: {stderr}");
    }
    site.ok(&["tenant", "offload", "--ceiling", "5000"]);
    let (code, _, stderr) = start(&["--variant-offload", "off", "--inputs", &file]);
    assert_eq!(code, 2);
    assert!(stderr.contains("the tenant's ceiling caps a threshold of `off` at 5,000 tokens"), "{stderr}");
    let (code, _, stderr) = site.run(&["compare-savings", "show", "01K1N6ZQ4B7V2X9M3P8R5T0W6Y"]);
    assert_eq!(code, 2);
    assert!(stderr.contains("no experiment `01K1N6ZQ4B7V2X9M3P8R5T0W6Y`"), "{stderr}");
    assert!(provider.received().is_empty(), "nothing ran");
    assert!(site.json(&["compare-savings", "list"]).as_array().unwrap().is_empty());
}
