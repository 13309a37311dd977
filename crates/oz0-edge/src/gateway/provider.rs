//! The APIs a provider speaks.

use std::fmt;

use serde::{Deserialize, Serialize};

/// The API a provider speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Provider {
    /// OpenAI chat completions, which vLLM, the llama.cpp server and Ollama also speak.
    Openai,
    /// Anthropic messages.
    Anthropic,
}

impl fmt::Display for Provider {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // The same words as in the configuration, so that a message points at what to edit.
        f.write_str(match self {
            Provider::Openai => "openai",
            Provider::Anthropic => "anthropic",
        })
    }
}
