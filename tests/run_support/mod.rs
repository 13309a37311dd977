//! A scripted model provider for the tests of `oz0 run`: an OpenAI chat-completions compatible server
//! on loopback that answers each request with the next answer of its script and keeps what it was
//! sent. It stands in for the outside provider (OpenAI, vLLM, Ollama), never for oz0 itself.

#![allow(dead_code)]

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};

use serde_json::{Value, json};

/// What answers one request: given the request's body, the answer's body.
pub type Answer = Box<dyn Fn(&Value) -> Value + Send + Sync>;

/// The server, listening until the test ends.
pub struct ScriptedProvider {
    /// Its base URL, `http://127.0.0.1:PORT/v1`.
    pub url: String,
    received: Arc<Mutex<Vec<Value>>>,
}

impl ScriptedProvider {
    /// Starts a provider that answers the n-th request with `script[n]`, and with an error after the
    /// script runs out.
    pub fn start(script: Vec<Answer>) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let url = format!("http://{}/v1", listener.local_addr().expect("its address"));
        let received = Arc::new(Mutex::new(Vec::new()));
        let script = Arc::new(script);
        let seen = Arc::clone(&received);
        std::thread::spawn(move || {
            for stream in listener.incoming().flatten() {
                let (script, seen) = (Arc::clone(&script), Arc::clone(&seen));
                std::thread::spawn(move || serve(stream, &script, &seen));
            }
        });
        Self { url, received }
    }

    /// Returns the bodies of the requests received so far.
    pub fn received(&self) -> Vec<Value> {
        self.received.lock().expect("the requests").clone()
    }

    /// Writes the edge's gateway configuration, with the alias `default` on this provider, into `dir`.
    pub fn configure(&self, dir: &std::path::Path) {
        std::fs::create_dir_all(dir).expect("the edge's folder");
        let toml = format!(
            "[aliases.default]\nprovider = \"openai\"\nbase_url = \"{}\"\nmodel = \"scripted\"\n\
             input_usd_per_mtok = 1.0\noutput_usd_per_mtok = 2.0\nmax_retries = 0\n",
            self.url
        );
        std::fs::write(dir.join("gateway.toml"), toml).expect("gateway.toml");
    }
}

fn serve(stream: TcpStream, script: &[Answer], seen: &Mutex<Vec<Value>>) {
    let mut reader = BufReader::new(stream.try_clone().expect("the connection"));
    let mut writer = stream;
    loop {
        let mut length = 0usize;
        let mut line = String::new();
        let mut first = true;
        loop {
            line.clear();
            if reader.read_line(&mut line).unwrap_or(0) == 0 {
                return;
            }
            if first && line.trim().is_empty() {
                continue;
            }
            first = false;
            let trimmed = line.trim_end();
            if trimmed.is_empty() {
                break;
            }
            if let Some((name, value)) = trimmed.split_once(':')
                && name.eq_ignore_ascii_case("content-length")
            {
                length = value.trim().parse().unwrap_or(0);
            }
        }
        let mut body = vec![0u8; length];
        if reader.read_exact(&mut body).is_err() {
            return;
        }
        let request: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
        let n = {
            let mut seen = seen.lock().expect("the requests");
            seen.push(request.clone());
            seen.len() - 1
        };
        let (status, answer) = match script.get(n) {
            Some(answer) => ("200 OK", answer(&request)),
            None => ("500 Internal Server Error", json!({"error": {"message": "the script ran out"}})),
        };
        let text = answer.to_string();
        let head =
            format!("HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\r\n", text.len());
        if writer.write_all(head.as_bytes()).and_then(|()| writer.write_all(text.as_bytes())).is_err() {
            return;
        }
    }
}

/// An answer that calls one tool.
pub fn call(name: &str, arguments: Value, prompt_tokens: u64, completion_tokens: u64) -> Value {
    json!({
        "id": "chatcmpl-1", "object": "chat.completion", "model": "scripted",
        "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
            "role": "assistant", "content": null,
            "tool_calls": [{"id": format!("call-{name}"), "type": "function",
                            "function": {"name": name, "arguments": arguments.to_string()}}]
        }}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}
    })
}

/// An answer in words, which ends the agent's run.
pub fn say(text: &str, prompt_tokens: u64, completion_tokens: u64) -> Value {
    json!({
        "id": "chatcmpl-2", "object": "chat.completion", "model": "scripted",
        "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": text}}],
        "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": completion_tokens}
    })
}

/// Returns the text of the last tool message of a request.
pub fn last_tool_text(request: &Value) -> String {
    request["messages"]
        .as_array()
        .into_iter()
        .flatten()
        .rfind(|m| m["role"] == "tool")
        .and_then(|m| m["content"].as_str())
        .unwrap_or_default()
        .to_owned()
}
