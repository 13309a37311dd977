use super::super::finding::Finding;
use super::super::model::GATEWAY_FORMATS;
use super::super::yaml::Node;
use super::context::{Context, did_you_mean};
use super::rule::rule;
use super::unknown_key::list;

rule! {
    /// ## What it does
    /// Checks that each format of `requires.models.gateway` is one the gateway serves:
    /// `openai-embeddings`, `openai-chat`, `openai-responses`, `anthropic-messages` or
    /// `google-generate-content`.
    ///
    /// ## Why is this bad?
    /// A call's gateway token may call only the formats the plugin lists, and the edge refuses a call
    /// in a format the plugin does not declare. A misspelt format is a format no call may use.
    ///
    /// ## Example
    /// ```yaml
    /// requires:
    ///   models:
    ///     gateway: [openai-embedding]
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// requires:
    ///   models:
    ///     gateway: [openai-embeddings]
    /// ```
    pub(crate) struct GatewayFormat {
        code: "OZ-M002",
        name: "gateway-format",
        severity: Error,
        listing: false,
        summary: "each gateway format is one the gateway serves",
    }
}

impl GatewayFormat {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let items = cx.doc.root.pointer("/requires/models/gateway").and_then(Node::items).unwrap_or_default();
        for item in items {
            let Some(format) = item.as_str() else {
                continue;
            };
            if GATEWAY_FORMATS.contains(&format) {
                continue;
            }
            let finding = Finding::new(
                &Self::RULE,
                item.span,
                format!("`{format}` is not a gateway format"),
                "not a format the gateway serves",
            );
            out.push(match did_you_mean(format, GATEWAY_FORMATS) {
                Some(near) => finding.help(format!("did you mean `{near}`?")),
                None => finding.help(format!("the formats are {}", list(&GATEWAY_FORMATS))),
            });
        }
    }
}
