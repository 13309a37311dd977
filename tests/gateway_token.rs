//! A gateway token for what sampling cannot express: a plugin granted `requires.models.gateway` calls
//! models with the official `openai` and `anthropic` Python SDKs pointed at the node's gateway path,
//! holding no key; the token works for its call alone, in its plugin's formats, while the call runs.
//! A real Python server (tests/fixtures/plugins/gatewayed), a scripted provider on loopback standing in
//! for the model provider, through the embedded edge and `oz0 edge serve`, and from a server of a
//! network of its own (`--tool-network public` or `none`) through the edge's proxy on its loopback.

use crate::common;
use crate::plugin_support;
use crate::run_support;

use common::{Transport, served_transports, transports};
use plugin_support::{PluginSite as Site, python, root};
use run_support::{Answer, ScriptedProvider};
use serde_json::{Value, json};

fn embedding(_: &Value) -> Value {
    json!({"object": "list", "model": "embedder", "usage": {"prompt_tokens": 7, "total_tokens": 7},
           "data": [{"object": "embedding", "index": 0, "embedding": [0.5, 0.25, 0.125]}]})
}

fn message(_: &Value) -> Value {
    json!({"id": "msg_1", "type": "message", "role": "assistant", "model": "claude-test",
           "content": [{"type": "text", "text": "Hello through the gateway."}],
           "stop_reason": "end_turn", "stop_sequence": null, "usage": {"input_tokens": 12, "output_tokens": 4}})
}

/// Starts the provider with `script`, and maps the embeddings and messages formats to it.
fn provider(site: &Site, script: Vec<Answer>) -> ScriptedProvider {
    let provider = ScriptedProvider::start(script);
    let base = provider.url.trim_end_matches("/v1").to_owned();
    let toml = format!(
        "[aliases.embed]\nprovider = \"openai\"\nbase_url = \"{}\"\nmodel = \"embedder\"\ninput_usd_per_mtok = 1.0\n\
         max_retries = 0\n\n[aliases.claude]\nprovider = \"anthropic\"\nbase_url = \"{base}\"\nmodel = \"claude-test\"\n\
         input_usd_per_mtok = 3.0\noutput_usd_per_mtok = 15.0\nmax_retries = 0\n\n\
         [formats]\nopenai-embeddings = \"embed\"\nanthropic-messages = \"claude\"\n",
        provider.url
    );
    std::fs::create_dir_all(site.edge_dir()).unwrap();
    std::fs::write(site.edge_dir().join("gateway.toml"), toml).unwrap();
    provider
}

fn install(site: &Site) {
    let dir = root().join("tests/fixtures/plugins/gatewayed");
    site.ok(&["plugin", "install", dir.to_str().unwrap(), "--accept-model"]);
}

#[test]
fn the_official_sdks_call_models_through_the_calls_token() {
    for transport in transports() {
        let site = Site::new(transport);
        let provider = provider(&site, vec![Box::new(embedding), Box::new(message)]);
        install(&site);

        let (code, answer, stderr) = site.call(&["gatewayed.embed", "--arg", "text=tides"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "3 dimensions, starting 0.5", "{answer}");
        let sent = &provider.received()[0];
        assert_eq!((sent["model"].as_str(), sent["input"].as_str()), (Some("embedder"), Some("tides")), "{sent}");
        let called = &answer["gateway"][0];
        assert_eq!(called["format"], "openai-embeddings", "{answer}");
        assert_eq!((called["alias"].as_str(), called["tokens_in"].as_u64()), (Some("embed"), Some(7)));
        assert!((called["cost_usd"].as_f64().unwrap() - 0.000_007).abs() < 1e-12, "{called}");
        let job = answer["job"]["id"].as_str().unwrap();
        let trace = site.ok(&["job", "trace", job]);
        assert!(
            trace.contains("through its gateway token (openai-embeddings): embed (embedder), 7 tokens in"),
            "{trace}"
        );
        assert!(!trace.contains("oz0gw_"), "{transport:?}: no token in the trace");
        let detail = site.json(&["job", "get", job]);
        assert!((detail["job"]["cost_usd"].as_f64().unwrap() - 0.000_007).abs() < 1e-12, "{detail}");

        let (code, answer, stderr) = site.call(&["gatewayed.ask", "--arg", "text=Hello?"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "Hello through the gateway.", "{answer}");
        assert_eq!(provider.received()[1]["model"], "claude-test");
        assert_eq!(answer["gateway"][0]["tokens_out"], 4);

        // The export lists both calls under the plugin, and the sums by plugin add them up.
        let csv = site.ok(&["usage", "export", "--format", "csv"]);
        let lines: Vec<&str> = csv.lines().collect();
        assert!(lines[0].starts_with("at,day,job,job_kind,agent,step,kind,plugin,plugin_version,"), "{csv}");
        assert_eq!(lines.len(), 3, "{csv}");
        assert!(
            lines[1].contains(",model,gatewayed,1.0.0,gatewayed,,embed,embedder,openai-embeddings,7,0,,,"),
            "{csv}"
        );
        let sums = site.json(&["usage", "--by", "plugin"]);
        assert_eq!(sums[0]["key"], "gatewayed", "{sums}");
        assert_eq!(sums[0]["model_calls"], 2, "{sums}");
        let expected = 0.000_007 + (12.0 * 3.0 + 4.0 * 15.0) / 1e6;
        assert!((sums[0]["total_usd"].as_f64().unwrap() - expected).abs() < 1e-12, "{sums}");
        let later = site.json(&["usage", "--since", "2999-01-01"]);
        assert_eq!(later, json!([]));
    }
}

#[test]
fn a_server_of_a_network_of_its_own_calls_models_through_its_proxy() {
    for network in ["public", "none"] {
        let site = Site::with_edge_flags(Transport::Served, |_| vec!["--tool-network".into(), network.into()]);
        provider(&site, vec![Box::new(embedding), Box::new(message)]);
        install(&site);
        let (code, answer, stderr) = site.call(&["gatewayed.embed", "--arg", "text=tides"]);
        assert_eq!(code, 0, "{network}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "3 dimensions, starting 0.5", "{network}: {answer}");
        let (code, answer, stderr) = site.call(&["gatewayed.ask", "--arg", "text=Hello?"]);
        assert_eq!(code, 0, "{network}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "Hello through the gateway.", "{network}: {answer}");
        assert_eq!(answer["gateway"][0]["tokens_out"], 4, "{network}: metered as on the machine's network");
    }
}

/// Anthropic's messages, streamed: 12 tokens read, 4 written.
fn streamed(_: &Value) -> Value {
    let events = [
        (
            "message_start",
            json!({"type": "message_start", "message": {"id": "msg_1", "type": "message",
            "role": "assistant", "model": "claude-test", "content": [], "stop_reason": null, "stop_sequence": null,
            "usage": {"input_tokens": 12, "output_tokens": 1}}}),
        ),
        (
            "content_block_start",
            json!({"type": "content_block_start", "index": 0, "content_block": {"type": "text", "text": ""}}),
        ),
        (
            "content_block_delta",
            json!({"type": "content_block_delta", "index": 0,
            "delta": {"type": "text_delta", "text": "Streamed through."}}),
        ),
        ("content_block_stop", json!({"type": "content_block_stop", "index": 0})),
        (
            "message_delta",
            json!({"type": "message_delta", "delta": {"stop_reason": "end_turn", "stop_sequence": null},
            "usage": {"output_tokens": 4}}),
        ),
        ("message_stop", json!({"type": "message_stop"})),
    ];
    let text: String = events.iter().map(|(name, data)| format!("event: {name}\ndata: {data}\n\n")).collect();
    json!({"sse": text})
}

#[test]
fn a_streamed_answer_is_passed_through_and_metered() {
    for transport in transports() {
        let site = Site::new(transport);
        provider(&site, vec![Box::new(streamed)]);
        install(&site);
        let (code, answer, stderr) = site.call(&["gatewayed.ask_streamed", "--arg", "text=Hello?"]);
        assert_eq!(code, 0, "{transport:?}: {stderr} {answer}");
        assert_eq!(answer["result"]["content"][0]["text"], "Streamed through.", "{answer}");
        let called = &answer["gateway"][0];
        assert_eq!((called["tokens_in"].as_u64(), called["tokens_out"].as_u64()), (Some(12), Some(4)), "{answer}");
        assert!((called["cost_usd"].as_f64().unwrap() - (12.0 * 3.0 + 4.0 * 15.0) / 1e6).abs() < 1e-12, "{called}");
    }
}

#[test]
fn a_format_the_plugin_does_not_declare_is_refused() {
    let site = Site::new(Transport::Embedded);
    let provider = provider(&site, Vec::new());
    install(&site);
    let (code, answer, stderr) = site.call(&["gatewayed.chat", "--arg", "text=hi"]);
    assert_eq!(code, 0, "{stderr}");
    let text = answer["result"]["content"][0]["text"].as_str().unwrap();
    assert!(text.starts_with("refused: Error code: 403"), "{text}");
    assert!(text.contains("may not call `openai-chat`"), "{text}");
    assert!(provider.received().is_empty());
}

#[test]
fn a_token_dies_with_its_call_and_each_call_has_its_own() {
    for transport in served_transports() {
        let site = Site::new(transport);
        provider(&site, vec![Box::new(embedding)]);
        install(&site);
        let gate = || -> Value {
            let answer = site.call(&["gatewayed.token"]).1;
            serde_json::from_str(answer["result"]["content"][0]["text"].as_str().unwrap()).unwrap()
        };
        let (first, second) = (gate(), gate());
        assert_ne!(first["token"], second["token"], "{transport:?}: each call has a token of its own");
        assert_eq!(first["formats"], json!(["openai-embeddings", "anthropic-messages"]), "{transport:?}: {first}");
        assert!(first["expires_at"].as_str().unwrap().ends_with('Z'), "{transport:?}: {first}");
        let served = site.served.as_ref().unwrap();
        assert_eq!(first["url"], format!("{}/gateway", served.url), "{transport:?}: the served edge's own routes");
        // Used after its call returned, the token is refused.
        let script = "import json, sys, urllib.request, urllib.error\n\
                      gate = json.loads(sys.argv[1])\n\
                      body = json.dumps({'model': 'x', 'input': 'late'}).encode()\n\
                      request = urllib.request.Request(gate['openai_base_url'] + '/embeddings',\n\
                          data=body, method='POST',\n\
                          headers={'Authorization': 'Bearer ' + gate['token'], 'Content-Type': 'application/json'})\n\
                      try:\n    urllib.request.urlopen(request)\n    print('answered')\n\
                      except urllib.error.HTTPError as err:\n    print(err.code, err.read().decode())\n";
        let out = std::process::Command::new(python()).args(["-c", script, &first.to_string()]).output().unwrap();
        let said = String::from_utf8_lossy(&out.stdout);
        assert!(
            said.starts_with("403") && said.contains("oz0_gateway_token"),
            "{transport:?}: {said} {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }
}

#[test]
fn two_calls_of_one_job_at_once_each_use_a_token_of_their_own() {
    for transport in served_transports() {
        let site = Site::new(transport);
        provider(&site, vec![Box::new(embedding), Box::new(embedding)]);
        install(&site);
        // Two people's calls under one job's ID: the second joins the running job, and both are held
        // open at once before each embeds with its token.
        let held = || {
            let answer = site.call(&["gatewayed.token_held", "--arg", "seconds=2", "--id", "both"]);
            assert_eq!(answer.0, 0, "{transport:?}: {}", answer.2);
            let text = answer.1["result"]["content"][0]["text"].as_str().unwrap().to_owned();
            serde_json::from_str::<Value>(&text).unwrap()
        };
        let (first, second) = std::thread::scope(|scope| {
            let first = scope.spawn(held);
            std::thread::sleep(std::time::Duration::from_millis(300));
            let second = held();
            (first.join().unwrap(), second)
        });
        assert_eq!((first["dimensions"].as_u64(), second["dimensions"].as_u64()), (Some(3), Some(3)), "{transport:?}");
        assert_ne!(first["token"], second["token"], "{transport:?}: each call has a token of its own");
        let trace = site.json(&["job", "trace", "both"]);
        let steps = trace["steps"].as_array().unwrap();
        assert_eq!(steps.len(), 2, "{transport:?}: one job, two calls: {trace}");
        // The two were running at once: each started before the other ended.
        let span = |s: &Value| {
            let at = oz0_core::api::parse_instant(s["at"].as_str().unwrap()).unwrap();
            (at, at + s["duration_ms"].as_u64().unwrap())
        };
        let ((a0, a1), (b0, b1)) = (span(&steps[0]), span(&steps[1]));
        assert!(a0 < b1 && b0 < a1, "{transport:?}: {steps:?}");
        for step in steps {
            assert_eq!(step["gateway"][0]["format"], "openai-embeddings", "{transport:?}: {step}");
        }
    }
}

#[test]
fn an_agent_that_keeps_its_data_on_the_node_gets_nothing_through_its_tools_tokens() {
    for transport in transports() {
        let site = Site::new(transport);
        install(&site);
        let dir = site.env.work().join("agents");
        std::fs::create_dir_all(&dir).unwrap();
        let agent = "id: private\ninstructions: Embed.\nmodel: default\ntools: [gatewayed]\ndata: local\n";
        std::fs::write(dir.join("private.yaml"), agent).unwrap();
        // The agent's model speaks OpenAI's chat format, so its alias would answer the token's embeddings.
        let provider = ScriptedProvider::start(vec![
            Box::new(|_: &Value| run_support::call("gatewayed__embed", json!({"text": "tides"}), 10, 5)),
            Box::new(|_: &Value| run_support::say("done", 10, 5)),
        ]);
        provider.configure(&site.edge_dir());
        let (code, stdout, stderr) = site.run(&["run", "private", "--input", "embed", "--format", "jsonl"]);
        assert_eq!(code, 0, "{transport:?}: {stderr}");
        let events: Vec<Value> = stdout.lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        let tool_step = events.iter().find(|e| e["step"]["kind"] == "tool_call").expect(&stderr);
        let called = &tool_step["step"]["gateway"][0];
        assert_eq!(called["format"], "openai-embeddings", "{transport:?}: {tool_step}");
        assert_eq!(called["outcome"], "refused", "{transport:?}: {called}");
        let error = called["error"].as_str().unwrap();
        assert!(error.contains("the agent `private` keeps its data on the node (`data: local`)"), "{error}");
        assert_eq!(provider.received().len(), 2, "{transport:?}: the provider heard the agent alone");
    }
}
