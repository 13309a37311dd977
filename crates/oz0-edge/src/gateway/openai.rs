//! The OpenAI chat-completions API, which OpenAI, vLLM, the llama.cpp server and Ollama all speak.

use serde_json::{Map, Value, json};

use super::types::{ChatMessage, ChatRequest, Reply, ToolCall};

/// Returns the endpoint under a base URL such as `https://api.openai.com/v1`.
pub(super) fn url(base_url: &str) -> String {
    format!("{}/chat/completions", base_url.trim_end_matches('/'))
}

/// Returns the headers that carry the key; local servers take none.
pub(super) fn headers(key: Option<&str>) -> Vec<(&'static str, String)> {
    key.map(|key| ("authorization", format!("Bearer {key}"))).into_iter().collect()
}

/// Returns the JSON body of a request for `model`.
pub(super) fn body(model: &str, request: &ChatRequest) -> Value {
    let mut messages = Vec::with_capacity(request.messages.len() + 1);
    if !request.system.is_empty() {
        messages.push(json!({"role": "system", "content": request.system}));
    }
    messages.extend(request.messages.iter().map(message));
    // `max_tokens` rather than `max_completion_tokens`: vLLM, llama.cpp and Ollama know only the former.
    let mut body = json!({"model": model, "messages": messages, "max_tokens": request.max_tokens});
    if let Some(temperature) = request.temperature {
        body["temperature"] = json!(temperature);
    }
    if !request.tools.is_empty() {
        // An empty `tools` array is refused by OpenAI, so it is left out rather than sent empty.
        let tools: Vec<Value> = request
            .tools
            .iter()
            .map(|tool| {
                json!({"type": "function", "function": {
                    "name": tool.name, "description": tool.description, "parameters": tool.parameters,
                }})
            })
            .collect();
        body["tools"] = Value::Array(tools);
    }
    body
}

fn message(message: &ChatMessage) -> Value {
    match message {
        ChatMessage::User { text } => json!({"role": "user", "content": text}),
        ChatMessage::Assistant { text, tool_calls } => {
            let mut message = json!({"role": "assistant", "content": text});
            if !tool_calls.is_empty() {
                // Like `tools`, an empty `tool_calls` array is refused, so it is left out.
                let calls: Vec<Value> = tool_calls
                    .iter()
                    .map(|call| {
                        json!({"id": call.id, "type": "function", "function": {
                            "name": call.name,
                            "arguments": Value::Object(call.arguments.clone()).to_string(),
                        }})
                    })
                    .collect();
                message["tool_calls"] = Value::Array(calls);
            }
            message
        }
        ChatMessage::Tool { call_id, text } => json!({"role": "tool", "tool_call_id": call_id, "content": text}),
    }
}

/// Reads an answer; the error says what is not as the API documents.
pub(super) fn reply(answer: &Value) -> Result<Reply, String> {
    let message = answer
        .pointer("/choices/0/message")
        .filter(|message| message.is_object())
        .ok_or("it has no choices[0].message")?;
    let text = match message.get("content") {
        None | Some(Value::Null) => None,
        Some(Value::String(text)) => Some(text.clone()),
        // Some servers answer content parts, as OpenAI takes them in requests.
        Some(Value::Array(parts)) => {
            Some(parts.iter().filter_map(|part| part.get("text").and_then(Value::as_str)).collect::<String>())
        }
        Some(_) => return Err("choices[0].message.content is neither text nor null".to_owned()),
    };
    let tool_calls = match message.get("tool_calls") {
        None | Some(Value::Null) => vec![],
        Some(Value::Array(calls)) => {
            calls.iter().enumerate().map(|(index, call)| tool_call(index, call)).collect::<Result<_, _>>()?
        }
        Some(_) => return Err("choices[0].message.tool_calls is not an array".to_owned()),
    };
    // Local servers that leave out `usage` charge nothing, so a missing count is taken as zero.
    let count = |key: &str| answer.pointer(&format!("/usage/{key}")).and_then(Value::as_u64).unwrap_or(0);
    Ok(Reply {
        // Servers send "" beside tool calls where OpenAI sends null; both mean no text.
        text: text.filter(|text| !text.is_empty()),
        tool_calls,
        tokens_in: count("prompt_tokens"),
        tokens_out: count("completion_tokens"),
    })
}

fn tool_call(index: usize, call: &Value) -> Result<ToolCall, String> {
    let name = call
        .pointer("/function/name")
        .and_then(Value::as_str)
        .ok_or_else(|| format!("tool call {index} has no function.name"))?
        .to_owned();
    // Some local servers leave out the id; the tool's result must quote one, so one is made up.
    let id = call.get("id").and_then(Value::as_str).map_or_else(|| format!("call_{index}"), str::to_owned);
    let arguments = match call.pointer("/function/arguments") {
        None | Some(Value::Null) => Map::new(),
        Some(Value::String(text)) if text.trim().is_empty() => Map::new(),
        Some(Value::String(text)) => match serde_json::from_str(text) {
            Ok(Value::Object(arguments)) => arguments,
            _ => {
                return Err(format!(
                    "the arguments of tool `{name}` are not a JSON object: {}",
                    super::retry::excerpt(text)
                ));
            }
        },
        // Ollama's own routes send an object rather than a string.
        Some(Value::Object(arguments)) => arguments.clone(),
        Some(_) => return Err(format!("the arguments of tool `{name}` are neither a string nor an object")),
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

    fn config(url: &str, key_env: &str) -> String {
        format!(
            r#"
[aliases.smart]
provider = "openai"
base_url = "{url}/v1/"
model = "gpt-test"
{key_env}
input_usd_per_mtok = 2.5
output_usd_per_mtok = 10.0
max_retries = 2
"#
        )
    }

    fn weather_request() -> ChatRequest {
        let mut arguments = serde_json::Map::new();
        arguments.insert("city".into(), json!("Oslo"));
        ChatRequest {
            system: "You are terse.".into(),
            messages: vec![
                ChatMessage::User { text: "Weather in Oslo?".into() },
                ChatMessage::Assistant {
                    text: None,
                    tool_calls: vec![ToolCall { id: "call_1".into(), name: "weather".into(), arguments }],
                },
                ChatMessage::Tool { call_id: "call_1".into(), text: "4 °C, rain".into() },
            ],
            tools: vec![ToolDef {
                name: "weather".into(),
                description: "Returns the weather in a city.".into(),
                parameters: json!({"type": "object", "properties": {"city": {"type": "string"}}}),
            }],
            max_tokens: 256,
            temperature: None,
        }
    }

    fn answer_with_tool_call(arguments: &str) -> serde_json::Value {
        json!({
            "id": "chatcmpl-1",
            "object": "chat.completion",
            "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {
                "role": "assistant",
                "content": "Looking it up.",
                "tool_calls": [{"id": "call_2", "type": "function", "function": {
                    "name": "forecast", "arguments": arguments,
                }}],
            }}],
            "usage": {"prompt_tokens": 1200, "completion_tokens": 300, "total_tokens": 1500},
        })
    }

    // A loopback server stands in for the provider, so that the test sees the body the gateway sent.
    #[tokio::test]
    async fn sends_the_request_and_reads_tool_calls_usage_and_cost() {
        let stub = Stub::start(vec![Canned::json(200, &answer_with_tool_call(r#"{"city":"Oslo","days":3}"#))]).await;
        let gateway = gateway(&config(&stub.url, r#"api_key_env = "TEST_OPENAI_KEY""#));

        let answer = gateway.complete("smart", &weather_request()).await.unwrap();

        let received = stub.received();
        assert_eq!(received.len(), 1);
        assert_eq!(received[0].path, "/v1/chat/completions");
        assert_eq!(received[0].headers["authorization"], "Bearer sk-test-openai");
        assert_eq!(
            received[0].body,
            json!({
                "model": "gpt-test",
                "max_tokens": 256,
                "messages": [
                    {"role": "system", "content": "You are terse."},
                    {"role": "user", "content": "Weather in Oslo?"},
                    {"role": "assistant", "content": null, "tool_calls": [
                        {"id": "call_1", "type": "function",
                         "function": {"name": "weather", "arguments": "{\"city\":\"Oslo\"}"}},
                    ]},
                    {"role": "tool", "tool_call_id": "call_1", "content": "4 °C, rain"},
                ],
                "tools": [{"type": "function", "function": {
                    "name": "weather",
                    "description": "Returns the weather in a city.",
                    "parameters": {"type": "object", "properties": {"city": {"type": "string"}}},
                }}],
            })
        );

        assert_eq!(answer.text.as_deref(), Some("Looking it up."));
        assert_eq!(answer.tool_calls.len(), 1);
        assert_eq!(answer.tool_calls[0].id, "call_2");
        assert_eq!(answer.tool_calls[0].name, "forecast");
        assert_eq!(
            serde_json::Value::Object(answer.tool_calls[0].arguments.clone()),
            json!({"city": "Oslo", "days": 3})
        );
        assert_eq!((answer.tokens_in, answer.tokens_out), (1200, 300));
        assert!((answer.cost_usd - (1200.0 * 2.5 + 300.0 * 10.0) / 1e6).abs() < 1e-12, "{}", answer.cost_usd);
        assert_eq!(answer.provider, Provider::Openai);
        assert_eq!(answer.model, "gpt-test");
    }

    #[tokio::test]
    async fn leaves_out_the_key_system_and_tools_when_there_are_none() {
        let plain = json!({"choices": [{"message": {"role": "assistant", "content": "Hi."}}]});
        let stub = Stub::start(vec![Canned::json(200, &plain)]).await;
        let gateway = gateway(&config(&stub.url, ""));
        let request = ChatRequest {
            messages: vec![ChatMessage::User { text: "Hello".into() }],
            max_tokens: 16,
            ..ChatRequest::default()
        };

        let answer = gateway.complete("smart", &request).await.unwrap();

        let received = stub.received();
        assert!(!received[0].headers.contains_key("authorization"));
        assert_eq!(
            received[0].body,
            json!({"model": "gpt-test", "max_tokens": 16, "messages": [{"role": "user", "content": "Hello"}]})
        );
        assert_eq!(answer.text.as_deref(), Some("Hi."));
        assert!(answer.tool_calls.is_empty());
        assert_eq!((answer.tokens_in, answer.tokens_out, answer.cost_usd), (0, 0, 0.0));
    }

    #[tokio::test]
    async fn arguments_that_are_not_an_object_are_malformed_naming_the_tool() {
        let stub = Stub::start(vec![Canned::json(200, &answer_with_tool_call("[1, 2]"))]).await;
        let gateway = gateway(&config(&stub.url, ""));

        let error = gateway.complete("smart", &weather_request()).await.unwrap_err();

        assert!(matches!(error, GatewayError::Malformed { .. }), "{error:?}");
        let message = error.to_string();
        assert!(message.contains("model alias `smart`"), "{message}");
        assert!(message.contains("the arguments of tool `forecast` are not a JSON object: [1, 2]"), "{message}");
    }

    #[tokio::test]
    async fn retries_a_429_then_succeeds() {
        let busy = json!({"error": {"message": "Rate limit reached", "type": "requests"}});
        let fine = json!({"choices": [{"message": {"content": "Done."}}], "usage": {"prompt_tokens": 3, "completion_tokens": 1}});
        let stub = Stub::start(vec![Canned::json(429, &busy), Canned::json(200, &fine)]).await;
        let gateway = gateway(&config(&stub.url, ""));

        let answer = gateway.complete("smart", &weather_request()).await.unwrap();

        assert_eq!(stub.received().len(), 2);
        assert_eq!(answer.text.as_deref(), Some("Done."));
    }

    #[tokio::test]
    async fn gives_up_after_max_retries_of_5xx() {
        let stub = Stub::start(vec![]).await;
        let gateway = gateway(&config(&stub.url, ""));

        let error = gateway.complete("smart", &weather_request()).await.unwrap_err();

        // One attempt and the two retries the alias allows.
        assert_eq!(stub.received().len(), 3);
        assert!(matches!(error, GatewayError::Status { status: 500, .. }), "{error:?}");
    }

    #[tokio::test]
    async fn does_not_retry_a_400_and_quotes_the_providers_message() {
        let refused = json!({"error": {"message": "Invalid 'max_tokens': too large", "type": "invalid_request_error"}});
        let stub = Stub::start(vec![Canned::json(400, &refused)]).await;
        let gateway = gateway(&config(&stub.url, ""));

        let error = gateway.complete("smart", &weather_request()).await.unwrap_err();

        assert_eq!(stub.received().len(), 1);
        let GatewayError::Status { ref alias, provider, status, ref detail } = error else {
            panic!("expected a status error, got {error:?}");
        };
        assert_eq!((alias.as_str(), provider, status), ("smart", Provider::Openai, 400));
        assert_eq!(detail, "Invalid 'max_tokens': too large");
        assert!(
            error.to_string().starts_with(
                "the openai provider answered HTTP 400 for model alias `smart`: Invalid 'max_tokens': too large; "
            ),
            "{error}"
        );
    }

    #[tokio::test]
    async fn a_missing_key_fails_before_any_request() {
        let stub = Stub::start(vec![]).await;
        for env in ["UNSET_KEY", "TEST_EMPTY_KEY"] {
            let gateway = gateway(&config(&stub.url, &format!("api_key_env = \"{env}\"")));
            let error = gateway.complete("smart", &weather_request()).await.unwrap_err();
            assert_eq!(
                error.to_string(),
                format!("model alias `smart` needs an api key: set {env} in the edge's environment")
            );
        }
        assert!(stub.received().is_empty());
    }

    #[tokio::test]
    async fn a_refused_connection_is_a_transport_error_after_retries() {
        // Binding then dropping a listener leaves a loopback port that refuses connections.
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let url = format!("http://{}", listener.local_addr().unwrap());
        drop(listener);
        let gateway = gateway(&config(&url, ""));

        let error = gateway.complete("smart", &weather_request()).await.unwrap_err();

        assert!(matches!(error, GatewayError::Transport { provider: Provider::Openai, .. }), "{error:?}");
        assert!(error.to_string().contains("could not reach the openai provider for model alias `smart`"));
    }
}
