//! `oz0 plugin install`, `oz0 tool call`, `oz0 job` and `oz0 file get` end to end against the example
//! plugins (real Python MCP servers over stdio), each scenario through the embedded edge and through
//! `oz0 edge serve`.

use crate::common;
use crate::plugin_support;

use std::time::{Duration, Instant};

use common::{PATIENCE, RunningServer, text, transports, wait_for_server_with_child, wait_server_gone};
use plugin_support::{PluginSite as Site, python_env, root};
use serde_json::{Value, json};

#[test]
fn a_fitted_call_shows_its_note_and_the_trace_its_numbers_never_its_sentence() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install("acme-docs");
        let (code, stdout, stderr) =
            site.run(&["tool", "call", "acme_docs.get_page", "--arg", "path=install.md", "--budget", "100"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let answer: Value = serde_json::from_str(&stdout).expect("the text a model reads is the fitted JSON");
        assert_eq!(answer["fit"]["view"], "stub");
        assert!(stdout.contains("## Linux"), "{stdout}");
        // The note `oz0 fit` prints: one line, its numbers, then the omitted sentence.
        let note = stderr.lines().find(|line| line.starts_with("fit: ")).expect(&stderr);
        assert!(note.starts_with("fit: stub, ") && note.contains(" tokens, budget 100, cut by the budget. "), "{note}");
        let omitted = answer["fit"]["omitted"].as_str().unwrap().to_owned();
        assert!(note.ends_with(&omitted), "the person reads the omitted sentence: {stderr}");
        let job = stderr.split("job ").nth(1).unwrap().split_whitespace().next().unwrap().to_owned();

        let trace = site.ok(&["job", "trace", &job]);
        let fitted = trace.split("Results fitted to a budget\n").nth(1).unwrap().lines().nth(1).unwrap();
        let cells: Vec<&str> = fitted.split_whitespace().collect();
        let note = &answer["fit"];
        assert_eq!(
            cells,
            [
                "1",
                "acme_docs.get_page",
                "stub",
                "100",
                &note["size"].to_string(),
                &note["tokens"].to_string(),
                "budget",
                "yes"
            ],
            "{trace}"
        );
        assert!(trace.contains("tool_call  acme_docs.get_page"), "{trace}");
        let json = site.ok(&["job", "trace", &job, "--format", "json"]);
        for shown in [&trace, &json] {
            assert!(!shown.contains(&omitted), "a trace never shows the omitted sentence:\n{shown}");
            for content in ["Linux", "macOS", "deeper parts", "To read a part"] {
                assert!(!shown.contains(content), "a trace never shows the outline ({content}):\n{shown}");
            }
        }
        let json: Value = serde_json::from_str(&json).unwrap();
        assert_eq!(json["steps"][0]["fitted"]["view"], "stub");
        assert_eq!(json["steps"][0]["fitted"]["budget"], 100);
        assert_eq!(json["steps"][0]["budget_filled"], Value::Null);

        // A person's call without a budget gets none filled in: the page comes whole, with no note, as
        // the guide's `get_page` answers it (`{"content": text}`).
        let (code, answer, stderr) = site.call(&["acme_docs.get_page", "--arg", "path=install.md"]);
        assert_eq!(code, 0, "{stderr}");
        assert_eq!(answer["fit"], Value::Null);
        let page: Value = serde_json::from_str(answer["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
        assert!(page["content"].as_str().unwrap().starts_with("# Install Acme"), "{page}");
        let jobs = site.json(&["job", "list"]);
        assert_eq!(jobs["jobs"].as_array().unwrap().len(), 2);
    }
}

#[test]
fn a_result_over_31_mib_fails_the_call_and_keeps_nothing() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        // A string result is both text and structured content: 16 MiB comes to 32 MiB.
        let (code, answer, stderr) = site.call(&["workbench.flood", "--arg", "mib=16"]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        assert_eq!(answer["outcome"], "too_large");
        assert_eq!(answer["result"], Value::Null);
        assert!(answer["error"].as_str().unwrap().contains("more than the 31 MiB a result may hold"));
        assert!(answer["error"].as_str().unwrap().contains("ask for less"));
        let job = answer["job"]["id"].as_str().unwrap();
        let detail = site.json(&["job", "get", job]);
        assert_eq!(detail["job"]["state"], "failed");
        assert_eq!(detail["files"], Value::Array(Vec::new()));

        let (code, answer, _) = site.call(&["workbench.flood", "--arg", "mib=1"]);
        assert_eq!((code, answer["outcome"].as_str()), (0, Some("ok")));
    }
}

#[test]
fn a_file_stored_by_one_call_is_handed_to_another_and_refused_elsewhere() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        let (code, packed, stderr) =
            site.call(&["workbench.pack", "--arg", "text=line one\n", "--arg", "copies=3", "--id", "pack-1"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let file = packed["files"][0]["ref"].as_str().unwrap().to_owned();
        assert_eq!(packed["files"][0]["size"], 27);
        assert_eq!(packed["result"]["structuredContent"]["ref"], file.as_str());

        let (code, inspected, stderr) = site.call(&["workbench.inspect", "--arg", &format!("archive={file}")]);
        assert_eq!(code, 0, "{stderr}");
        let read: Value = serde_json::from_str(inspected["result"]["content"][0]["text"].as_str().unwrap()).unwrap();
        assert_eq!(read["ref"], file.as_str(), "the tool read the same bytes");
        assert_eq!(read["first_line"], "line one");
        assert_eq!(inspected["handed"][0], file.as_str());
        let second = inspected["job"]["id"].as_str().unwrap();
        assert_eq!(site.json(&["job", "get", second])["files"][0]["ref"], file.as_str(), "the file joins its tree");
        let audit = site.json(&["tenant", "audit", "--limit", "5"]);
        assert!(audit["entries"].as_array().unwrap().iter().any(|e| e["action"] == "job.files_handed"), "{audit}");

        let saved = site.env.work().join("saved.txt");
        site.ok(&["file", "get", &file, "--job", "pack-1", "-o", saved.to_str().unwrap()]);
        assert_eq!(std::fs::read_to_string(&saved).unwrap(), "line one\n".repeat(3));

        // A job that did not store the file is told it is not there, as for a file never stored.
        site.ok(&["tool", "call", "workbench.classify", "--arg", "text=x", "--id", "other-1"]);
        let (code, _, stderr) = site.run(&["file", "get", &file, "--job", "other-1", "-o", "-"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("no such file in this job tree"), "{stderr}");
        let never = format!("oz0-file:sha256:{}", "0".repeat(64));
        let (code, _, stderr) = site.run(&["tool", "call", "workbench.inspect", "--arg", &format!("archive={never}")]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("the argument `archive`: no such file in this job tree"), "{stderr}");

        // A file whose bytes do not have the digest its reference names is refused.
        let (code, forged, _) = site.call(&["workbench.forge", "--arg", "text=x"]);
        assert_eq!(code, 1);
        assert!(forged["error"].as_str().unwrap().contains("its bytes have the digest of"), "{forged}");

        // An ended job whose tree holds files is not started again under its ID.
        let (code, _, stderr) = site.run(&["tool", "call", "workbench.classify", "--arg", "text=x", "--id", "pack-1"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("its tree still holds files"), "{stderr}");

        if let Some(edge) = &site.served {
            // Another tenant's person gets "not found" for the same reference.
            let other = site.json(&["edge", "token", "create", "--tenant", "other", "--role", "content"]);
            let token = other["token"].as_str().unwrap();
            let mut cmd = site.env.oz0_at(edge, token);
            let out =
                cmd.envs(python_env()).args(["file", "get", &file, "--job", "pack-1", "-o", "-"]).output().unwrap();
            assert_eq!(out.status.code(), Some(2));
            assert!(text(&out.stderr).contains("no job `pack-1`"), "{}", text(&out.stderr));
        }
    }
}

#[test]
fn usage_reports_are_charged_and_bad_ones_refused() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        let (code, answer, stderr) = site.call(&["workbench.classify", "--arg", "text=why?", "--arg", "cost_usd=0.25"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["usage"][0]["service"], "jev");
        let job = answer["job"]["id"].as_str().unwrap().to_owned();
        let detail = site.json(&["job", "get", &job]);
        assert_eq!(detail["totals"]["usage_cost_usd"], 0.25);
        assert_eq!(detail["job"]["cost_usd"], 0.25);
        let trace = site.ok(&["job", "trace", &job]);
        let service = trace.lines().find(|line| line.trim_start().starts_with("jev ")).expect(&trace);
        assert_eq!(service.split_whitespace().collect::<Vec<_>>(), ["jev", "1", "1", "decision", "$0.25"], "{trace}");
        assert!(trace.contains("total $0.25"), "{trace}");

        // The report stays with the plugin that charged it, as it was: after a new version replaces
        // it, and after it is removed.
        let newer = plugin_support::copy_plugin(&site.env, &plugin_support::workbench(), "workbench");
        let manifest = std::fs::read_to_string(newer.join("oz0-plugin.yaml")).unwrap();
        std::fs::write(newer.join("oz0-plugin.yaml"), manifest.replace("version: 1.0.0", "version: 2.0.0")).unwrap();
        site.ok(&["plugin", "install", newer.to_str().unwrap()]);
        let charged = |site: &Site| {
            let export = site.ok(&["usage", "export", "--format", "jsonl"]);
            let record: Value = serde_json::from_str(export.lines().next().unwrap()).unwrap();
            (record["plugin"].clone(), record["plugin_version"].clone(), record["cost_usd"].clone())
        };
        assert_eq!(charged(&site), (json!("workbench"), json!("1.0.0"), json!(0.25)), "{transport:?}");
        site.ok(&["plugin", "remove", "workbench"]);
        assert_eq!(charged(&site), (json!("workbench"), json!("1.0.0"), json!(0.25)), "{transport:?}");
        site.install_workbench();

        for (args, says) in [
            (vec!["--arg", "bad=true"], "is not 1 to 64 letters"),
            (vec!["--arg", "job=someone-else"], "names the job \"someone-else\""),
            (vec!["--arg", "cost_usd=150"], "from 0 to 100"),
        ] {
            let mut all = vec!["workbench.classify", "--arg", "text=x"];
            all.extend(args);
            let (code, answer, stderr) = site.call(&all);
            assert_eq!(code, 0, "the result stands: {stderr}");
            assert_eq!(answer["usage"], Value::Array(Vec::new()));
            assert!(answer["usage_refused"].as_str().unwrap().contains(says), "{answer}");
            let job = answer["job"]["id"].as_str().unwrap();
            assert_eq!(site.json(&["job", "get", job])["job"]["cost_usd"], 0.0);
            let trace = site.json(&["job", "trace", job]);
            assert_eq!(trace["steps"][1]["kind"], "usage");
            assert_eq!(trace["steps"][1]["outcome"], "refused");
        }
    }
}

/// Starts `oz0 tool call hourglass.wait` with `args`, asking its server to start a child, and returns
/// the call's process and the server once its child runs.
fn wait_with_child(site: &Site, args: &[&str]) -> (std::process::Child, RunningServer) {
    let mut call = site
        .oz0_process()
        .args(["tool", "call", "hourglass.wait", "--arg", "child=true"])
        .args(args)
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let home = site.edge_dir().join("run/1/hourglass/home");
    let server = wait_for_server_with_child(&home, &mut call, PATIENCE);
    (call, server)
}

#[test]
fn a_timeout_ends_the_server_and_what_it_started() {
    for transport in transports() {
        let site = Site::new(transport);
        // A timeout of 8 s, which a server's start takes part of: the call has started its child by then,
        // however loaded the machine.
        site.install_workbench_with_timeout(8);
        let start = Instant::now();
        let (call, server) = wait_with_child(&site, &["--arg", "seconds=300", "--format", "json"]);
        let out = call.wait_with_output().unwrap();
        // Long before the wait of 300 s: the timeout ended the call.
        assert!(start.elapsed() < Duration::from_secs(120), "the 8 s timeout ended the call");
        let stderr = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{transport:?}: {stderr}");
        let answer: Value = serde_json::from_slice(&out.stdout).unwrap();
        assert_eq!(answer["outcome"], "timeout");
        assert!(answer["error"].as_str().unwrap().contains("timeout of 8 s"), "{answer}");
        let left = wait_server_gone(server.mark(), PATIENCE);
        assert!(left.is_empty(), "no orphan outlives the call: {left:?}");
        let trace = site.ok(&["job", "trace", answer["job"]["id"].as_str().unwrap()]);
        assert!(trace.contains("hourglass.wait"), "{trace}");
        assert!(trace.contains("timeout"), "{trace}");
    }
}

#[test]
fn a_crash_shows_the_end_of_the_servers_stderr() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        let (code, stdout, stderr) = site.run(&["tool", "call", "workbench.crash"]);
        assert_eq!(code, 1, "{transport:?}: {stdout}");
        assert!(stderr.contains("the server exited (exit status: 3) during the call"), "{stderr}");
        assert!(
            stderr.contains("hint: the server's stderr ended with:\n    the workbench broke on purpose"),
            "{stderr}"
        );
        let jobs = &site.json(&["job", "list"])["jobs"];
        assert_eq!(jobs[0]["state"], "failed");
        let trace = site.json(&["job", "trace", jobs[0]["id"].as_str().unwrap()]);
        assert_eq!(trace["steps"][0]["outcome"], "crashed");
    }
}

#[test]
fn an_argument_of_the_wrong_type_is_refused_before_the_call() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_workbench();
        let (code, _, stderr) =
            site.run(&["tool", "call", "workbench.pack", "--arg", "text=x", "--arg", "copies=many"]);
        assert_eq!(code, 2);
        assert!(
            stderr.contains("the argument `copies` of workbench.pack is an integer, and `many` is not"),
            "{stderr}"
        );
        let (code, _, stderr) =
            site.run(&["tool", "call", "workbench.pack", "--args", r#"{"text": "x", "copies": "3"}"#]);
        assert_eq!(code, 2);
        assert!(stderr.contains("the argument `copies` of workbench.pack"), "{stderr}");
        let (code, _, stderr) = site.run(&["tool", "call", "workbench.pack", "--arg", "copies=2"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("\"text\" is a required property"), "{stderr}");
        let (code, _, stderr) = site.run(&["tool", "call", "workbench.pack", "--arg", "text=x", "--budget", "5"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("workbench.pack takes no `budget`"), "{stderr}");
        let (code, _, stderr) = site.run(&["tool", "call", "workbench.nothing"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("the tool `workbench` has no function `nothing`"), "{stderr}");
        assert!(site.json(&["job", "list"])["jobs"].as_array().unwrap().is_empty(), "no job was started");
    }
}

#[test]
fn plugins_are_installed_refused_listed_and_removed() {
    for transport in transports() {
        let site = Site::new(transport);
        let broken = root().join("examples/broken-notes");
        let (code, _, stderr) = site.run(&["plugin", "install", broken.to_str().unwrap()]);
        assert_eq!(code, 1, "{transport:?}: {stderr}");
        assert!(stderr.contains("has 12 errors, so it was not installed"), "{stderr}");

        let models = site.env.work().join("models");
        std::fs::create_dir_all(&models).unwrap();
        for file in ["oz0-plugin.yaml", "server.py", "tools.json"] {
            std::fs::copy(plugin_support::workbench().join(file), models.join(file)).unwrap();
        }
        let manifest = std::fs::read_to_string(models.join("oz0-plugin.yaml")).unwrap();
        let manifest =
            manifest.replace("name: workbench", "name: thinker") + "requires:\n  models:\n    sampling: fast\n";
        std::fs::write(models.join("oz0-plugin.yaml"), manifest).unwrap();
        let (code, _, stderr) = site.run(&["plugin", "install", models.to_str().unwrap()]);
        assert_eq!(code, 2, "{stderr}");
        assert!(stderr.contains("declares requires.models (sampling with `fast`)"), "{stderr}");
        assert!(stderr.contains("--accept-model"), "{stderr}");
        let installed = site.json(&["plugin", "install", models.to_str().unwrap(), "--accept-model"]);
        assert_eq!(installed["plugin"]["models_accepted"], true);

        // Its tools are taken: another plugin may not bring a tool of the same ID.
        let (code, _, stderr) = site.run(&["plugin", "install", plugin_support::workbench().to_str().unwrap()]);
        assert_eq!(code, 2);
        assert!(stderr.contains("the tool `workbench` is already brought by the plugin `thinker`"), "{stderr}");

        site.install("acme-docs");
        let list = site.json(&["plugin", "list"]);
        let names: Vec<&str> = list.as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
        assert_eq!(names, ["acme-docs", "thinker"]);
        let listed = site.ok(&["plugin", "list"]);
        let rows: Vec<Vec<&str>> = listed.lines().map(|line| line.split_whitespace().collect()).collect();
        assert_eq!(rows[0], ["PLUGIN", "VERSION", "INSTALLED", "MODELS", "TOOL", "TIMEOUT", "FITS", "FUNCTIONS"]);
        let acme = rows.iter().find(|row| row[0] == "acme-docs").expect(&listed);
        assert_eq!(acme[4..], ["acme_docs", "30", "s", "yes", "list_pages,", "get_page,", "search"], "{listed}");
        let thinker = rows.iter().find(|row| row[0] == "thinker").expect(&listed);
        assert_eq!(thinker[3], "granted", "{listed}");
        assert_eq!(site.ok(&["plugin", "remove", "thinker"]), "removed thinker 1.0.0\n");
        let (code, _, stderr) = site.run(&["tool", "call", "workbench.pack", "--arg", "text=x"]);
        assert_eq!(code, 2);
        assert!(stderr.contains("no tool `workbench` is installed"), "{stderr}");
        let (code, _, _) = site.run(&["plugin", "remove", "thinker"]);
        assert_eq!(code, 2);
    }
}

#[cfg(unix)]
#[test]
fn ctrl_c_cancels_the_call_and_ends_its_server() {
    for transport in transports() {
        let site = Site::new(transport);
        // A wait that outlasts the test, given time to start on a loaded machine: only Ctrl-C ends it.
        site.install_workbench_with_timeout(300);
        let (child, server) = wait_with_child(&site, &["--arg", "seconds=240", "--id", "interrupted"]);
        let sent = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status().unwrap();
        assert!(sent.success());
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(130), "{transport:?}: {}", text(&out.stderr));
        assert!(text(&out.stderr).contains("the call was cancelled (job interrupted)"), "{}", text(&out.stderr));
        let left = wait_server_gone(server.mark(), PATIENCE);
        assert!(left.is_empty(), "the server and its child end: {left:?}");
        let detail = site.json(&["job", "get", "interrupted"]);
        assert_eq!(detail["job"]["state"], "cancelled", "{detail}");
    }
}

#[test]
fn a_server_of_the_older_protocol_is_called_too() {
    for transport in transports() {
        let site = Site::new(transport);
        let legacy = root().join("tests/fixtures/plugins/legacy");
        site.ok(&["plugin", "install", legacy.to_str().unwrap()]);
        let (code, answer, stderr) = site.call(&["legacy.echo", "--arg", "text=hello from 2025"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        assert_eq!(answer["protocol"], "2025-11-25");
        assert_eq!(answer["result"]["content"][0]["text"], "hello from 2025");
    }
}

/// Returns the line of `text` that starts with `start`, for a message whose size may change.
fn line_starting<'a>(text: &'a str, start: &str) -> &'a str {
    text.lines().find(|l| l.starts_with(start)).unwrap_or_else(|| panic!("no line starts with {start:?} in:\n{text}"))
}

#[test]
fn a_call_prints_every_content_block_as_a_model_reads_it_and_says_what_it_left_out() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_everything();

        let (code, stdout, stderr) = site.run(&["tool", "call", "everything.get-tiny-image"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let image = line_starting(&stdout, "[image: image/png, ");
        assert_eq!(stdout, format!("Here's the image you requested:\n{image}\nThe image above is the MCP logo.\n"));
        let size = image.trim_start_matches("[image: image/png, ").trim_end_matches(']');
        assert!(
            stderr.contains(&format!("image: image/png, {size}, shown as a placeholder; --format json has it whole")),
            "{stderr}"
        );
        assert!(!stderr.contains("other content block"), "{stderr}");
        let (_, answer, _) = site.call(&["everything.get-tiny-image"]);
        assert!(answer["result"]["content"][1]["data"].as_str().unwrap().len() > 100, "the JSON answer is whole");

        let (code, stdout, stderr) = site.run(&["tool", "call", "everything.get-resource-links", "--arg", "count=2"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stdout.contains(
                "\n[resource link: demo://resource/dynamic/blob/1 (Blob Resource 1, text/plain): Resource 1: \
                 plaintext resource]\n[resource link: demo://resource/dynamic/text/2 (Text Resource 2, text/plain): \
                 Resource 2: plaintext resource]\n"
            ),
            "{stdout}"
        );
        assert!(!stderr.contains("image"), "a link is not an image: {stderr}");

        let (code, stdout, stderr) = site.run(&["tool", "call", "everything.get-resource-reference"]);
        assert_eq!(code, 0, "{stderr}");
        assert!(
            stdout.contains(
                "[resource: demo://resource/dynamic/text/1, text/plain]\nResource 1: This is a plaintext resource"
            ),
            "an embedded text resource is shown: {stdout}"
        );
        let (code, stdout, stderr) = site.run(&[
            "tool",
            "call",
            "everything.get-resource-reference",
            "--arg",
            "resourceType=Blob",
            "--arg",
            "resourceId=2",
        ]);
        assert_eq!(code, 0, "{stderr}");
        // A blob whose type is text is read as its text.
        line_starting(&stdout, "[resource: demo://resource/dynamic/blob/2, text/plain]");
        line_starting(&stdout, "Resource 2: This is a base64 blob");
        assert!(!stderr.contains("resource demo://resource/dynamic/blob/2"), "nothing left out: {stderr}");

        let data = "data:text/plain;base64,aGVsbG8gZnJvbSBvejAK";
        let (code, stdout, stderr) = site.run(&[
            "tool",
            "call",
            "everything.gzip-file-as-resource",
            "--arg",
            "name=hello.txt.gz",
            "--arg",
            &format!("data={data}"),
            "--arg",
            "outputType=resource",
        ]);
        assert_eq!(code, 0, "{stderr}");
        assert!(stdout.starts_with("[resource: ") && stdout.contains("hello.txt.gz, application/gzip, "), "{stdout}");
        assert!(stdout.trim_end().ends_with(" bytes of binary]"), "the gzip bytes are summarized: {stdout}");
        assert!(line_starting(&stderr, "resource ").ends_with("shown as a placeholder; --format json has it whole"));
    }
}

#[test]
fn structured_content_beside_text_is_a_note_and_alone_is_what_a_model_reads() {
    let site = Site::new(common::Transport::Embedded);
    site.install_everything();
    let (code, stdout, stderr) =
        site.run(&["tool", "call", "everything.get-structured-content", "--arg", "location=Chicago"]);
    assert_eq!(code, 0, "{stderr}");
    let text: Value = serde_json::from_str(&stdout).expect("the text is the weather as JSON");
    assert_eq!(text["conditions"], "Light rain / drizzle");
    assert_eq!(stdout.matches("drizzle").count(), 1, "the structured content is not printed again: {stdout}");
    let (_, answer, _) = site.call(&["everything.get-structured-content", "--arg", "location=Chicago"]);
    let bytes = serde_json::to_string(&answer["result"]["structuredContent"]).unwrap().len();
    assert!(stderr.contains(&format!("structured content: {bytes} bytes, the same as the text")), "{stderr}");

    // Structured content that differs from the text is not read by a model, so it is not printed.
    site.install_workbench();
    let (code, stdout, stderr) = site.run(&["tool", "call", "workbench.classify", "--arg", "text=x"]);
    assert_eq!((code, stdout.as_str()), (0, "statement\n"), "{stderr}");
    assert!(
        stderr.contains("structured content: 21 bytes, not shown (a model reads the text); --format json has it whole"),
        "{stderr}"
    );

    // A file the edge keeps is read as its reference, never its bytes.
    let (code, stdout, stderr) =
        site.run(&["tool", "call", "workbench.pack", "--arg", "text=hidden", "--arg", "copies=2"]);
    assert_eq!(code, 0, "{stderr}");
    let (first, file) = stdout.split_once('\n').unwrap();
    let packed: Value = serde_json::from_str(first).unwrap();
    let reference = packed["ref"].as_str().unwrap();
    assert_eq!(file, format!("[file: {reference}, text/plain, 12 bytes, kept in the job's tree]\n"));
    assert!(stderr.contains(&format!("file: {reference} (12 bytes), kept in the job's tree")), "{stderr}");
    assert!(stderr.contains("the same as the text"), "{stderr}");
    assert!(!stderr.contains("placeholder"), "the file is named once, as a file: {stderr}");
}

/// The public reference server `mcp-server-time`, installed and called as a plugin author would.
#[test]
fn a_public_python_server_is_listed_and_called() {
    for transport in transports() {
        let site = Site::new(transport);
        site.install_time();
        let listed = site.ok(&["plugin", "list"]);
        assert!(listed.contains("get_current_time, convert_time"), "{transport:?}: {listed}");
        let (code, answer, stderr) = site.call(&["time.get_current_time", "--arg", "timezone=Europe/Warsaw"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let text = answer["result"]["content"][0]["text"].as_str().unwrap();
        let now: Value = serde_json::from_str(text).unwrap();
        assert_eq!(now["timezone"], "Europe/Warsaw", "{now}");
        assert!(now["datetime"].as_str().unwrap().starts_with("20"), "{now}");

        let (code, stdout, stderr) = site.run(&[
            "tool",
            "call",
            "time.convert_time",
            "--arg",
            "source_timezone=UTC",
            "--arg",
            "time=12:00",
            "--arg",
            "target_timezone=Asia/Tokyo",
        ]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let converted: Value = serde_json::from_str(&stdout).unwrap();
        assert!(converted["target"]["datetime"].as_str().unwrap().contains("T21:00:00"), "{converted}");

        // A refusal of the server's own is the call's error, with what it said.
        let (code, answer, _) = site.call(&["time.get_current_time", "--arg", "timezone=Mars/Olympus_Mons"]);
        assert_eq!(code, 1, "{transport:?}");
        assert!(answer["error"].as_str().unwrap().contains("Mars/Olympus_Mons"), "{answer}");
    }
}

/// Returns a result of MCP 2026-07-28, which the examples' SDK speaks, as 2025-11-25, which their
/// twins speak, says it: without `resultType` and without the server in its `_meta`.
fn of_2025(mut result: Value) -> Value {
    if let Some(result) = result.as_object_mut() {
        result.remove("resultType");
        if let Some(meta) = result.get_mut("_meta").and_then(Value::as_object_mut) {
            meta.remove("io.modelcontextprotocol/serverInfo");
            if meta.is_empty() {
                result.remove("_meta");
            }
        }
    }
    result
}

/// Returns what an installed plugin's listing and `calls` answered, as a test compares them: each
/// answer's outcome, result, usage and files.
fn answers_of(site: &Site, calls: &[&[&str]]) -> Vec<Value> {
    let mut answers = vec![site.json(&["plugin", "list"])[0]["tools"].clone()];
    for call in calls {
        let (_, answer, _) = site.call(call);
        answers.push(json!([answer["outcome"], of_2025(answer["result"].clone()), answer["usage"], answer["files"]]));
    }
    answers
}

fn assert_alike(example: &[Value], twin: &[Value]) {
    assert_eq!(example.len(), twin.len());
    for (n, (example, twin)) in example.iter().zip(twin).enumerate() {
        assert_eq!(example, twin, "answer {n}: the example, then the twin");
    }
}

/// The twin of the example `workbench` that the tool host's tests run (tests/fixtures/plugins/workbench,
/// on the standard library) lists and answers as the example on the MCP SDK does: its functions and
/// their schemas, a file returned and handed on, a usage report, an error and a crash.
#[test]
fn the_workbench_twin_answers_as_the_example_does() {
    let answers = |dir: &std::path::Path| {
        let site = Site::new(common::Transport::Embedded);
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        let (_, packed, _) = site.call(&["workbench.pack", "--arg", "text=line one\n", "--arg", "copies=2"]);
        let file = packed["result"]["structuredContent"]["ref"].as_str().unwrap().to_owned();
        let archive = format!("archive={file}");
        let mut answers = answers_of(
            &site,
            &[
                &["workbench.pack", "--arg", "text=line one\n", "--arg", "copies=2"],
                &["workbench.inspect", "--arg", &archive],
                &["workbench.inspect", "--arg", "archive=nope"],
                &["workbench.classify", "--arg", "text=Why?"],
                &["hourglass.wait", "--arg", "seconds=0.1"],
            ],
        );
        let (code, _, stderr) = site.run(&["tool", "call", "workbench.crash"]);
        answers.push(json!([code, stderr.lines().filter(|l| l.contains("the workbench broke")).collect::<Vec<_>>()]));
        answers
    };
    assert_alike(&answers(&root().join("examples/workbench")), &answers(&plugin_support::workbench()));
}

/// The twin of the example `acme-docs` that the runs' tests run (tests/fixtures/plugins/acme-docs,
/// without the MCP SDK) lists and answers as the example does: pages whole and fitted, a search, an
/// error.
#[test]
fn the_acme_docs_twin_answers_as_the_example_does() {
    let answers = |dir: &std::path::Path| {
        let site = Site::new(common::Transport::Embedded);
        site.ok(&["plugin", "install", dir.to_str().unwrap()]);
        answers_of(
            &site,
            &[
                &["acme_docs.list_pages"],
                &["acme_docs.get_page", "--arg", "path=install.md"],
                &["acme_docs.get_page", "--arg", "path=install.md", "--budget", "100"],
                &["acme_docs.get_page", "--arg", "path=release-notes.md", "--query", "Release 3.17.0"],
                &["acme_docs.search", "--arg", "words=install", "--budget", "50"],
                &["acme_docs.get_page", "--arg", "path=../oz0-plugin.yaml"],
            ],
        )
    };
    let twin = Site::new(common::Transport::Embedded);
    let example = answers(&root().join("examples/acme-docs"));
    assert_alike(&example, &answers(&plugin_support::acme_docs(&twin.env)));
}

#[test]
fn a_tools_file_past_its_tenants_room_fails_the_call_saying_why() {
    // A served edge whose operator keeps 64 KiB of files a tenant (the edge's own bound is 10 GiB).
    let site = Site::with_edge_flags(common::Transport::Served, |_| vec!["--files-per-tenant".into(), "64K".into()]);
    site.install_workbench();
    let pack = |text: &str| site.call(&["workbench.pack", "--arg", &format!("text={text}"), "--arg", "copies=10000"]);
    let (code, first, stderr) = pack("abcd");
    assert_eq!(code, 0, "{first} {stderr}");
    let (code, refused, _) = pack("efgh");
    assert_eq!(code, 1, "{refused}");
    let error = refused["error"].as_str().unwrap();
    assert!(
        error.contains(
            "could not be kept: the tenant keeps 39.1 KiB of files, the most this edge keeps for a tenant is 64.0 KiB"
        ),
        "{error}"
    );
    let (code, again, stderr) = pack("abcd");
    assert_eq!(code, 0, "the bytes the tenant keeps cost no more room: {again} {stderr}");
}
