//! AG-UI, the Agent-User Interaction protocol: `POST /v1/agents/{agent}/agui` runs an agent installed
//! on the edge for a `RunAgentInput` and answers its run as AG-UI's server-sent events;
//! `GET /v1/jobs/{job}/agui` follows a job the same way.
//!
//! The input's `threadId` is the conversation: a thread the edge knows goes on as its next turn, and
//! an unknown one starts a conversation under that ID; the last user message is what the turn is
//! asked (the earlier messages are the conversation's own history, which the edge keeps). The events
//! are the job's ([`crate::runner::events`]) in AG-UI's words: each step a `STEP_STARTED` and
//! `STEP_FINISHED`, each of the model's messages its text and tool calls, each tool's result as the
//! model read it (for one kept as a file, the stub and its ref) in `TOOL_CALL_RESULT`, and the end.

use axum::response::sse::{Event, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use oz0_core::api::{
    ChatMessage, Edge, EdgeError, EventStream, JobState, NEW_CONVERSATION, RunEvent, RunRequest, TreeId,
};
use schemars::JsonSchema;
use serde::Deserialize;
use serde_json::{Value, json};

use super::extract::{Caller, JsonBody, PathOf, tree};
use super::problem::ApiError;

/// What an AG-UI client sends to run an agent: the fields the edge reads of AG-UI's `RunAgentInput`.
/// The others (`state`, `tools`, `context`, `forwardedProps`) are accepted and not used: the agent's
/// tools are those its definition lists.
#[derive(Debug, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct RunAgentInput {
    /// The conversation: one the edge knows, or the ID a new one starts under.
    pub thread_id: String,
    /// The client's ID of the run, which the run's first and last events repeat.
    pub run_id: String,
    /// The thread's messages; the last user message is what the run is asked.
    #[serde(default)]
    pub messages: Vec<Value>,
}

impl RunAgentInput {
    /// Returns the text of the last user message: its `content`, a string or a list of parts whose
    /// text parts are joined.
    fn asked(&self) -> Option<String> {
        let message = self.messages.iter().rev().find(|m| m["role"] == "user")?;
        match &message["content"] {
            Value::String(text) => Some(text.clone()),
            Value::Array(parts) => {
                let texts: Vec<&str> =
                    parts.iter().filter(|p| p["type"] == "text").filter_map(|p| p["text"].as_str()).collect();
                (!texts.is_empty()).then(|| texts.join("\n"))
            }
            _ => None,
        }
    }
}

/// `POST /v1/agents/{agent}/agui`.
pub async fn run(
    Caller(edge): Caller,
    PathOf(agent): PathOf<String>,
    JsonBody(input): JsonBody<RunAgentInput>,
) -> Result<Response, ApiError> {
    let asked = input.asked().ok_or_else(|| {
        ApiError(EdgeError::invalid("the RunAgentInput's messages hold no user message with text to answer"))
    })?;
    let thread = TreeId::new(&input.thread_id).map_err(|err| {
        ApiError(EdgeError::invalid(format!("the threadId `{}` cannot name a conversation: {err}", input.thread_id)))
    })?;
    let known = match edge.conversation(&thread).await {
        Ok(_) => true,
        Err(EdgeError::NotFound { .. }) => false,
        Err(err) => return Err(err.into()),
    };
    let request = RunRequest {
        name: agent,
        definition: None,
        input: asked,
        files: Vec::new(),
        job: (!known).then(|| thread.clone()),
        reached: Vec::new(),
        conversation: Some(if known { thread.to_string() } else { NEW_CONVERSATION.to_owned() }),
        offload: None,
    };
    let job = edge.start_run(&request).await?;
    let events = edge.events(&job.id, 0).await?;
    Ok(respond(Translator::new(thread, input.run_id, job.id), events))
}

/// `GET /v1/jobs/{job}/agui`: the job's run from its start, its thread the conversation it is a turn
/// of (else the job), its run the job.
pub async fn follow(Caller(edge): Caller, PathOf(id): PathOf<String>) -> Result<Response, ApiError> {
    let id = tree(&id)?;
    let job = edge.job(&id).await?.job;
    let thread = job.turn_of.map_or_else(|| id.clone(), |turn| turn.conversation);
    let events = edge.events(&id, 0).await?;
    Ok(respond(Translator::new(thread, id.to_string(), id), events))
}

fn respond(mut translator: Translator, events: EventStream) -> Response {
    let first = futures_util::stream::iter([translator.started()]);
    let rest = events.flat_map(move |event| futures_util::stream::iter(translator.translate(event)));
    let stream =
        first.chain(rest).map(|event| Ok::<_, std::convert::Infallible>(Event::default().data(event.to_string())));
    Sse::new(stream).keep_alive(KeepAlive::default()).into_response()
}

/// Turns a job's events into AG-UI's, in order.
struct Translator {
    thread: TreeId,
    run: String,
    job: TreeId,
    ended: bool,
}

impl Translator {
    fn new(thread: TreeId, run: String, job: TreeId) -> Self {
        Self { thread, run, job, ended: false }
    }

    fn started(&self) -> Value {
        json!({"type": "RUN_STARTED", "threadId": self.thread, "runId": self.run})
    }

    /// Returns the AG-UI events of one of the job's events; none after the run's end.
    fn translate(&mut self, event: Result<RunEvent, EdgeError>) -> Vec<Value> {
        if self.ended {
            return Vec::new();
        }
        match event {
            Ok(RunEvent::Step { step }) => {
                let name = format!("{} {}", step.kind.as_str(), step.target());
                vec![
                    json!({"type": "STEP_STARTED", "stepName": name}),
                    json!({"type": "STEP_FINISHED", "stepName": name}),
                ]
            }
            Ok(RunEvent::Said { n, message, .. }) => self.said(n, message),
            Ok(RunEvent::Progress { .. } | RunEvent::Question { .. }) => Vec::new(),
            Ok(RunEvent::Done { job, output }) => {
                self.ended = true;
                if job.state == JobState::Succeeded {
                    let result = json!({"job": job.id, "output": output});
                    vec![json!({"type": "RUN_FINISHED", "threadId": self.thread, "runId": self.run, "result": result})]
                } else {
                    let message = job.error.unwrap_or_else(|| format!("the job {}", job.state.as_str()));
                    vec![json!({"type": "RUN_ERROR", "message": message, "code": job.state.as_str()})]
                }
            }
            Err(err) => {
                self.ended = true;
                vec![json!({"type": "RUN_ERROR", "message": err.to_string(), "code": "edge"})]
            }
        }
    }

    /// Returns the events of a message of the run: the model's text and tool calls, or a tool's result.
    /// What the run was asked is the client's own message, already on its side.
    fn said(&self, n: u32, message: ChatMessage) -> Vec<Value> {
        let id = format!("{}-{n}", self.job);
        let mut out = Vec::new();
        match message {
            ChatMessage::User { .. } => {}
            ChatMessage::Assistant { text, tool_calls } => {
                if let Some(text) = text.filter(|t| !t.is_empty()) {
                    out.push(json!({"type": "TEXT_MESSAGE_START", "messageId": id, "role": "assistant"}));
                    out.push(json!({"type": "TEXT_MESSAGE_CONTENT", "messageId": id, "delta": text}));
                    out.push(json!({"type": "TEXT_MESSAGE_END", "messageId": id}));
                }
                for call in tool_calls {
                    out.push(json!({"type": "TOOL_CALL_START", "toolCallId": call.id, "toolCallName": call.name,
                                    "parentMessageId": id}));
                    out.push(json!({"type": "TOOL_CALL_ARGS", "toolCallId": call.id,
                                    "delta": Value::Object(call.arguments).to_string()}));
                    out.push(json!({"type": "TOOL_CALL_END", "toolCallId": call.id}));
                }
            }
            ChatMessage::Tool { call_id, text } => {
                out.push(json!({"type": "TOOL_CALL_RESULT", "messageId": id, "toolCallId": call_id, "content": text,
                                "role": "tool"}));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use oz0_core::api::ToolCall;

    use super::*;

    fn translator() -> Translator {
        Translator::new(TreeId::new("T1").unwrap(), "r1".to_owned(), TreeId::new("J1").unwrap())
    }

    fn types(events: &[Value]) -> Vec<&str> {
        events.iter().map(|e| e["type"].as_str().unwrap()).collect()
    }

    #[test]
    fn a_message_with_text_and_a_call_is_a_text_message_then_the_call() {
        let call = ToolCall { id: "c1".to_owned(), name: "papers__report".to_owned(), arguments: Default::default() };
        let message = ChatMessage::Assistant { text: Some("Looking.".to_owned()), tool_calls: vec![call] };
        let events = translator().translate(Ok(RunEvent::Said { n: 2, after: 1, message }));
        assert_eq!(
            types(&events),
            [
                "TEXT_MESSAGE_START",
                "TEXT_MESSAGE_CONTENT",
                "TEXT_MESSAGE_END",
                "TOOL_CALL_START",
                "TOOL_CALL_ARGS",
                "TOOL_CALL_END"
            ]
        );
        assert_eq!(events[3]["parentMessageId"], "J1-2");
        assert_eq!(events[4]["delta"], "{}");
    }

    #[test]
    fn nothing_follows_the_end() {
        let mut translator = translator();
        let ended = translator.translate(Err(EdgeError::invalid("gone")));
        assert_eq!(types(&ended), ["RUN_ERROR"]);
        let message = ChatMessage::Tool { call_id: "c1".to_owned(), text: "x".to_owned() };
        assert!(translator.translate(Ok(RunEvent::Said { n: 3, after: 2, message })).is_empty());
    }

    #[test]
    fn the_last_user_message_is_asked_in_either_form() {
        let input: RunAgentInput = serde_json::from_value(json!({
            "threadId": "t", "runId": "r", "state": {}, "tools": [], "context": [], "forwardedProps": {},
            "messages": [{"id": "1", "role": "user", "content": "first"}, {"id": "2", "role": "assistant", "content": "ok"},
                         {"id": "3", "role": "user", "content": [{"type": "text", "text": "second"}]}]
        }))
        .unwrap();
        assert_eq!(input.asked().as_deref(), Some("second"));
    }
}
