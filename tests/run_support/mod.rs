//! A scripted model provider for the tests of `oz0 run`: an OpenAI chat-completions compatible server
//! on loopback that answers each request with the next answer of its script and keeps what it was
//! sent. It stands in for the outside provider (OpenAI, vLLM, Ollama), never for oz0 itself.

mod loopback;

use std::net::TcpListener;
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
        let seen = Arc::clone(&received);
        let respond = move |request: &Value| {
            let n = {
                let mut seen = seen.lock().expect("the requests");
                seen.push(request.clone());
                seen.len() - 1
            };
            match script.get(n) {
                Some(answer) => ("200 OK", answer(request)),
                None => ("500 Internal Server Error", json!({"error": {"message": "the script ran out"}})),
            }
        };
        std::thread::spawn(move || loopback::serve(listener, Arc::new(respond)));
        Self { url, received }
    }

    /// Starts a provider that answers every request with `answer`, deciding from the request alone, as a
    /// stand-in for any number of runs in any order.
    pub fn answering(answer: Answer) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        let url = format!("http://{}/v1", listener.local_addr().expect("its address"));
        let received = Arc::new(Mutex::new(Vec::new()));
        let seen = Arc::clone(&received);
        let respond = move |request: &Value| {
            seen.lock().expect("the requests").push(request.clone());
            ("200 OK", answer(request))
        };
        std::thread::spawn(move || loopback::serve(listener, Arc::new(respond)));
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

/// Returns the tokens a provider that charges by size bills for `request`: a token for each four bytes
/// of its body, as a provider's tokenizer roughly does.
pub fn tokens_of(request: &Value) -> u64 {
    (request.to_string().len() / 4) as u64
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

/// Returns the first file reference (`oz0-file:sha256:<hex>`) in `text`, such as a stub's ref.
pub fn file_in(text: &str) -> String {
    let at = text.find("oz0-file:sha256:").unwrap_or_else(|| panic!("a file's reference in {text}"));
    text[at..at + "oz0-file:sha256:".len() + 64].to_owned()
}
