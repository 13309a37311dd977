//! What a call answers the agent that made it, and what bounds it: the text its model reads (withheld
//! when it carries labels outside the agent's clearance, kept as a file when it is heavier than the
//! job's threshold), what it spent and how it ended.

use oz0_core::agent::Spent;
use oz0_core::api::EdgeError;
use oz0_core::stored_result;
use oz0_core::trace::{Outcome, Step};

use super::run::{Run, blocking};
use crate::calls::{Draft, Target};

/// What a model's call of a tool answered.
pub(crate) struct Answered {
    /// What the model reads.
    pub text: String,
    /// What the tool reported its services cost, and its requests for a model.
    pub cost: Spent,
    /// How the call ended.
    pub outcome: Outcome,
    /// Whether the result linked to resources (`resource_link` blocks), which `oz.read_resource` reads.
    pub linked: bool,
}

impl Answered {
    /// Returns an answer of `text` alone, such as a read back or a refusal before any call.
    pub(crate) fn read(text: String) -> Self {
        Self { text, cost: Spent::default(), outcome: Outcome::Ok, linked: false }
    }

    pub(crate) fn refused(text: String) -> Self {
        Self { outcome: Outcome::Refused, ..Self::read(text) }
    }
}

/// What an agent's definition bounds its tool calls by: the labels its model may read (`clearance`),
/// why none of its tools' requests for a model is answered (`data: local`), and the hooks each result
/// passes through (`hooks.post_tool_call`). The default bounds nothing, for a call made for no agent.
#[derive(Clone, Copy, Default)]
pub(crate) struct Bounds<'a> {
    pub clearance: Option<&'a [String]>,
    pub models_withheld: Option<&'a str>,
    pub hooks: &'a [Target],
}

/// Returns the note the model reads instead of a result whose labels are outside the agent's
/// clearance, or `None` when it may read the result.
pub(crate) fn withheld(clearance: Option<&[String]>, labels: &[String]) -> Option<String> {
    let clearance = clearance?;
    let outside = oz0_core::labels::outside(labels, clearance);
    (!outside.is_empty()).then(|| {
        format!(
            "the result was withheld: it carries the label(s) {}, outside this agent's clearance ({})",
            outside.join(", "),
            if clearance.is_empty() { "none".to_owned() } else { clearance.join(", ") }
        )
    })
}

/// Keeps a result as a file of the job's tree and returns the stub the model reads instead.
pub(crate) async fn offload(
    run: &Run,
    text: &str,
    threshold: u64,
    function: &str,
    labels: &[String],
) -> Result<(String, oz0_core::trace::Offloaded), EdgeError> {
    let (body, tree, function, labels) = (text.to_owned(), run.job.tree.clone(), function.to_owned(), labels.to_vec());
    blocking(run, move |state, principal| {
        let file = state.keep_file(&principal.tenant, &tree, body.as_bytes())?.file;
        // The file keeps the labels of what it holds, to join them again when it is read back.
        if !labels.is_empty() {
            state.store().label_file(&principal.tenant, &tree, &file, &labels)?;
        }
        let (stub, record) = stored_result::stub(&body, file, threshold, &function);
        Ok((serde_json::to_string(&stub).unwrap_or_default(), record))
    })
    .await
}

/// Returns what a call spent: what its tool reported its services cost, and its requests for a model.
pub(crate) fn spent_by(step: &Step, draft: &Draft) -> Spent {
    Spent {
        usd: draft.usage.iter().map(|u| u.cost_usd).sum::<f64>() + step.cost_usd.unwrap_or(0.0),
        tokens: step.sampling.iter().map(|s| s.tokens_in + s.tokens_out).sum(),
    }
}
