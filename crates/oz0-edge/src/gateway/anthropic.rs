//! The Anthropic messages API.

use serde_json::{Map, Value, json};

use super::types::{ChatMessage, ChatRequest, Reply, ToolCall};

/// The version of the API whose shapes this module writes and reads.
const VERSION: &str = "2023-06-01";

/// Returns the endpoint under a base URL such as `https://api.anthropic.com`.
pub(super) fn url(base_url: &str) -> String {
    format!("{}/v1/messages", base_url.trim_end_matches('/'))
}

/// Returns the headers that carry the key, when there is one, and the API version.
pub(super) fn headers(key: Option<&str>) -> Vec<(&'static str, String)> {
    let mut headers = vec![("anthropic-version", VERSION.to_owned())];
    headers.extend(key.map(|key| ("x-api-key", key.to_owned())));
    headers
}

/// Returns the JSON body of a request for `model`.
pub(super) fn body(model: &str, request: &ChatRequest) -> Value {
    // The API wants turns that alternate, so blocks of consecutive turns of one role, such as the
    // results of several tools, go into one message.
    let mut messages: Vec<(&str, Vec<Value>)> = Vec::new();
    for message in &request.messages {
        let (role, blocks) = blocks(message);
        match messages.last_mut() {
            Some((last, last_blocks)) if *last == role => last_blocks.extend(blocks),
            // A turn with no blocks is left out, since the API refuses empty content.
            _ if blocks.is_empty() => {}
            _ => messages.push((role, blocks)),
        }
    }
    let messages: Vec<Value> =
        messages.into_iter().map(|(role, content)| json!({"role": role, "content": content})).collect();
    let mut body = json!({"model": model, "messages": messages, "max_tokens": request.max_tokens});
    if let Some(temperature) = request.temperature {
        body["temperature"] = json!(temperature);
    }
    if !request.system.is_empty() {
        body["system"] = Value::String(request.system.clone());
    }
    if !request.tools.is_empty() {
        let tools: Vec<Value> = request
            .tools
            .iter()
            .map(|tool| json!({"name": tool.name, "description": tool.description, "input_schema": tool.parameters}))
            .collect();
        body["tools"] = Value::Array(tools);
    }
    body
}

/// Returns the role and the content blocks of one turn.
fn blocks(message: &ChatMessage) -> (&'static str, Vec<Value>) {
    // The API refuses empty text blocks, so empty text is left out rather than sent.
    let text = |text: &str| (!text.is_empty()).then(|| json!({"type": "text", "text": text}));
    match message {
        ChatMessage::User { text: said } => ("user", text(said).into_iter().collect()),
        ChatMessage::Assistant { text: said, tool_calls } => {
            let mut blocks: Vec<Value> = said.as_deref().and_then(text).into_iter().collect();
            blocks.extend(
                tool_calls
                    .iter()
                    .map(|call| json!({"type": "tool_use", "id": call.id, "name": call.name, "input": call.arguments})),
            );
            ("assistant", blocks)
        }
        ChatMessage::Tool { call_id, text } => {
            ("user", vec![json!({"type": "tool_result", "tool_use_id": call_id, "content": text})])
        }
    }
}

/// Reads an answer; the error says what is not as the API documents.
pub(super) fn reply(answer: &Value) -> Result<Reply, String> {
    let content = answer.get("content").and_then(Value::as_array).ok_or("it has no content array")?;
    let mut text = String::new();
    let mut tool_calls = Vec::new();
    for (index, block) in content.iter().enumerate() {
        match block.get("type").and_then(Value::as_str) {
            // Text split around citations or tool calls reads as one when joined as it came.
            Some("text") => text.push_str(block.get("text").and_then(Value::as_str).unwrap_or_default()),
            Some("tool_use") => tool_calls.push(tool_use(index, block)?),
            // Thinking and other blocks are not part of the answer.
            _ => {}
        }
    }
    let count = |key: &str| answer.pointer(&format!("/usage/{key}")).and_then(Value::as_u64);
    let (Some(tokens_in), Some(tokens_out)) = (count("input_tokens"), count("output_tokens")) else {
        return Err("it has no usage.input_tokens and usage.output_tokens".to_owned());
    };
    Ok(Reply { text: (!text.is_empty()).then_some(text), tool_calls, tokens_in, tokens_out })
}

fn tool_use(index: usize, block: &Value) -> Result<ToolCall, String> {
    let name = block
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("content block {index} is a tool_use with no name"))?
        .to_owned();
    let id = block
        .get("id")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("the tool_use of tool `{name}` has no id"))?
        .to_owned();
    let arguments = match block.get("input") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::Object(input)) => input.clone(),
        Some(_) => return Err(format!("the input of tool `{name}` is not a JSON object")),
    };
    Ok(ToolCall { id, name, arguments })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::super::error::GatewayError;
    use super::super::provider::Provider;
    use super::super::testing::{Canned, Stub, gateway};
    use super::super::types::{ChatMessage, ChatRequest, ToolCall, ToolDef};

    fn config(url: &str) -> String {
        format!(
            r#"
[aliases.default]
provider = "anthropic"
base_url = "{url}"
model = "claude-test"
api_key_env = "TEST_ANTHROPIC_KEY"
input_usd_per_mtok = 3.0
output_usd_per_mtok = 15.0
"#
        )
    }

    fn call(id: &str, city: &str) -> ToolCall {
        let mut arguments = serde_json::Map::new();
        arguments.insert("city".into(), json!(city));
        ToolCall { id: id.into(), name: "weather".into(), arguments }
    }

    // A loopback server stands in for Anthropic, so that the test sees the body the gateway sent.
    #[tokio::test]
    async fn sends_blocks_and_reads_text_tool_use_and_usage() {
        let answer = json!({
            "id": "msg_1",
            "type": "message",
            "role": "assistant",
            "model": "claude-test",
            "stop_reason": "tool_use",
            "content": [
                {"type": "thinking", "thinking": "…", "signature": "x"},
                {"type": "text", "text": "Oslo is wetter."},
                {"type": "tool_use", "id": "toolu_3", "name": "umbrella", "input": {"size": "large"}},
            ],
            "usage": {"input_tokens": 2000, "output_tokens": 100},
        });
        let stub = Stub::start(vec![Canned::json(200, &answer)]).await;
        let gateway = gateway(&config(&stub.url));
        let request = ChatRequest {
            system: "You are terse.".into(),
            messages: vec![
                ChatMessage::User { text: "Weather in Oslo and Bergen?".into() },
                ChatMessage::Assistant {
                    text: Some("Checking both.".into()),
                    tool_calls: vec![call("toolu_1", "Oslo"), call("toolu_2", "Bergen")],
                },
                ChatMessage::Tool { call_id: "toolu_1".into(), text: "4 °C, rain".into() },
                ChatMessage::Tool { call_id: "toolu_2".into(), text: "6 °C, rain".into() },
            ],
            tools: vec![ToolDef {
                name: "weather".into(),
                description: "Returns the weather in a city.".into(),
                parameters: json!({"type": "object", "properties": {"city": {"type": "string"}}}),
            }],
            max_tokens: 512,
            temperature: None,
        };

        let answer = gateway.complete("default", &request).await.unwrap();

        let received = stub.received();
        assert_eq!(received.len(), 1);
        assert_eq!(received[0].path, "/v1/messages");
        assert_eq!(received[0].headers["x-api-key"], "sk-ant-test");
        assert_eq!(received[0].headers["anthropic-version"], "2023-06-01");
        assert!(!received[0].headers.contains_key("authorization"));
        assert_eq!(
            received[0].body,
            json!({
                "model": "claude-test",
                "max_tokens": 512,
                "system": "You are terse.",
                "messages": [
                    {"role": "user", "content": [{"type": "text", "text": "Weather in Oslo and Bergen?"}]},
                    {"role": "assistant", "content": [
                        {"type": "text", "text": "Checking both."},
                        {"type": "tool_use", "id": "toolu_1", "name": "weather", "input": {"city": "Oslo"}},
                        {"type": "tool_use", "id": "toolu_2", "name": "weather", "input": {"city": "Bergen"}},
                    ]},
                    {"role": "user", "content": [
                        {"type": "tool_result", "tool_use_id": "toolu_1", "content": "4 °C, rain"},
                        {"type": "tool_result", "tool_use_id": "toolu_2", "content": "6 °C, rain"},
                    ]},
                ],
                "tools": [{
                    "name": "weather",
                    "description": "Returns the weather in a city.",
                    "input_schema": {"type": "object", "properties": {"city": {"type": "string"}}},
                }],
            })
        );

        assert_eq!(answer.text.as_deref(), Some("Oslo is wetter."));
        assert_eq!(answer.tool_calls.len(), 1);
        assert_eq!(answer.tool_calls[0].id, "toolu_3");
        assert_eq!(answer.tool_calls[0].name, "umbrella");
        assert_eq!(answer.tool_calls[0].arguments["size"], "large");
        assert_eq!((answer.tokens_in, answer.tokens_out), (2000, 100));
        assert!((answer.cost_usd - 0.0075).abs() < 1e-12, "{}", answer.cost_usd);
        assert_eq!(answer.provider, Provider::Anthropic);
        assert_eq!(answer.model, "claude-test");
    }

    #[tokio::test]
    async fn an_overloaded_529_is_retried_and_a_401_is_not() {
        let overloaded = json!({"type": "error", "error": {"type": "overloaded_error", "message": "Overloaded"}});
        let refused =
            json!({"type": "error", "error": {"type": "authentication_error", "message": "invalid x-api-key"}});
        let stub = Stub::start(vec![
            Canned { status: 529, headers: vec![("retry-after", "0")], body: overloaded.to_string() },
            Canned::json(401, &refused),
        ])
        .await;
        let gateway = gateway(&config(&stub.url));
        let request = ChatRequest {
            messages: vec![ChatMessage::User { text: "Hi".into() }],
            max_tokens: 8,
            ..ChatRequest::default()
        };

        let error = gateway.complete("default", &request).await.unwrap_err();

        assert_eq!(stub.received().len(), 2);
        assert!(matches!(error, GatewayError::Status { status: 401, .. }), "{error:?}");
        assert!(error.to_string().contains(": invalid x-api-key; check the api key"), "{error}");
    }

    #[tokio::test]
    async fn an_answer_without_content_is_malformed() {
        let stub = Stub::start(vec![Canned::json(200, &json!({"type": "message"}))]).await;
        let gateway = gateway(&config(&stub.url));
        let request = ChatRequest { max_tokens: 8, ..ChatRequest::default() };

        let error = gateway.complete("default", &request).await.unwrap_err();

        assert!(matches!(error, GatewayError::Malformed { provider: Provider::Anthropic, .. }), "{error:?}");
        assert!(error.to_string().contains("it has no content array"), "{error}");
    }
}
