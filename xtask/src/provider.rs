//! `scripted-provider`: a stand-in model provider for trying `oz0 run` without a real one.
//!
//! It serves an OpenAI chat-completions compatible API on loopback and plays the example agent
//! `reader` (`examples/agents/reader.yaml`): it asks `acme_docs.get_page` for the release notes (too
//! long for the agent's offload, so the runtime keeps them as a file and shows the model a stub), then
//! reads one release back with `oz.read_result`, then answers with what it read. A request that does not
//! offer `acme_docs.get_page` (a tool's own model call, such as `examples/notes` makes through MCP
//! sampling) it answers with its last message's text, marked as the stand-in's. It decides from the request alone (how many
//! tool results it holds), so any number of runs can use it. It stands in for the outside provider,
//! never for oz0.

use std::net::TcpListener;

use anyhow::Context as _;
use serde_json::{Value, json};

#[path = "../../tests/run_support/loopback.rs"]
mod loopback;

/// Serves on `127.0.0.1:port` (a free port when `port` is 0) until interrupted, after writing the gateway
/// configuration that points the alias `default` at it to `gateway` (or printing it): the file is there
/// once the provider listens.
pub fn run(port: u16, gateway: Option<&std::path::Path>) -> anyhow::Result<()> {
    let listener =
        TcpListener::bind(("127.0.0.1", port)).with_context(|| format!("could not listen on 127.0.0.1:{port}"))?;
    let address = listener.local_addr()?;
    let config = format!(
        "[aliases.default]\nprovider = \"openai\"\nbase_url = \"http://{address}/v1\"\nmodel = \"scripted\"\n\
         input_usd_per_mtok = 0.15\noutput_usd_per_mtok = 0.60\n"
    );
    match gateway {
        Some(path) => {
            // Whole or not at all, for whoever waits for the file to appear.
            let partial = path.with_extension("toml.partial");
            std::fs::write(&partial, &config).with_context(|| format!("could not write {}", partial.display()))?;
            std::fs::rename(&partial, path).with_context(|| format!("could not write {}", path.display()))?;
            eprintln!("a scripted provider listens on http://{address}/v1; {} points `default` at it", path.display());
        }
        None => print!("# a scripted provider listens on http://{address}/v1; the edge's gateway.toml:\n{config}"),
    }
    loopback::serve(listener, std::sync::Arc::new(|request: &Value| ("200 OK", answer(request))));
    Ok(())
}

/// Returns the next move of the script, from the tool results the request holds.
fn answer(request: &Value) -> Value {
    let prompt = (request.to_string().len() / 4) as u64;
    let mut offered = request["tools"].as_array().into_iter().flatten();
    if !offered.any(|tool| tool["function"]["name"] == "acme_docs__get_page") {
        let last = request["messages"].as_array().and_then(|m| m.last()).map_or(&Value::Null, |m| &m["content"]);
        let text = match last {
            Value::String(text) => text.clone(),
            parts => parts.as_array().into_iter().flatten().filter_map(|p| p["text"].as_str()).collect(),
        };
        return say(&format!("(the stand-in model's summary) {}", text.trim()), prompt);
    }
    let results: Vec<&str> = request["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|m| m["role"] == "tool")
        .filter_map(|m| m["content"].as_str())
        .collect();
    match results.as_slice() {
        [] => call("acme_docs__get_page", json!({"path": "release-notes.md"}), prompt),
        [stub] => match serde_json::from_str::<Value>(stub)
            .ok()
            .and_then(|s| s["offloaded"]["ref"].as_str().map(str::to_owned))
        {
            Some(file) => call("oz__read_result", json!({"ref": file, "section": "Release 3.17.0"}), prompt),
            None => say("The page came back whole, so there was nothing to read back.", prompt),
        },
        [.., read] => {
            let content =
                serde_json::from_str::<Value>(read).ok().and_then(|r| r["content"].as_str().map(str::to_owned));
            let first = content
                .as_deref()
                .and_then(|c| c.lines().find(|l| l.starts_with("Release")))
                .unwrap_or("I could not read it.");
            say(&format!("From the release notes: {first}"), prompt)
        }
    }
}

fn call(name: &str, arguments: Value, prompt: u64) -> Value {
    json!({
        "id": "scripted", "object": "chat.completion", "model": "scripted",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null,
            "tool_calls": [{"id": format!("call-{prompt}"), "type": "function",
                            "function": {"name": name, "arguments": arguments.to_string()}}]}}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": 20}
    })
}

fn say(text: &str, prompt: u64) -> Value {
    json!({
        "id": "scripted", "object": "chat.completion", "model": "scripted",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
        "usage": {"prompt_tokens": prompt, "completion_tokens": 30}
    })
}
