//! What the gateway is asked and what it answers, the same whichever provider serves the alias.

use serde::{Deserialize, Serialize};
use serde_json::Value;

pub use oz0_core::api::{ChatMessage, ToolCall};

use super::provider::Provider;

/// One chat request: the instructions, the conversation so far, and the tools the model may call.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct ChatRequest {
    /// The system prompt; left out of the request when empty.
    pub system: String,
    /// The conversation, oldest first.
    pub messages: Vec<ChatMessage>,
    /// The tools the model may call; none means it can only answer in text.
    pub tools: Vec<ToolDef>,
    /// The most tokens the model may write in its answer.
    pub max_tokens: u32,
    /// The sampling temperature, when the caller sets one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
}

/// A tool the model may call.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolDef {
    /// The name the model calls it by.
    pub name: String,
    /// What it does, for the model to decide when to call it.
    pub description: String,
    /// The JSON schema of its arguments, an object.
    pub parameters: Value,
}

/// A model's answer to a [`ChatRequest`], with what it cost.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChatAnswer {
    /// The text of the answer; none when the model only called tools.
    pub text: Option<String>,
    /// The tools the model called, in order.
    pub tool_calls: Vec<ToolCall>,
    /// The tokens the model read, as the provider counted them.
    pub tokens_in: u64,
    /// The tokens the model wrote.
    pub tokens_out: u64,
    /// What the call cost in US dollars, at the alias's prices.
    pub cost_usd: f64,
    /// The provider that answered.
    pub provider: Provider,
    /// The model, as the alias's configuration names it.
    pub model: String,
}

/// What a provider answered, before the gateway prices it.
#[derive(Debug)]
pub(super) struct Reply {
    /// What the model wrote, when it wrote text.
    pub text: Option<String>,
    /// The tools it called.
    pub tool_calls: Vec<ToolCall>,
    /// The tokens it read.
    pub tokens_in: u64,
    /// The tokens it wrote.
    pub tokens_out: u64,
}
