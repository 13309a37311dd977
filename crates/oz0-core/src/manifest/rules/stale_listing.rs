use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks that the measured listing, `oz0-listing.json`, is as new as the manifest and holds every
    /// local tool the manifest declares.
    ///
    /// ## Why is this bad?
    /// The rules that read the listing judge the servers as they were when they were measured. A
    /// listing older than the manifest, or one without a tool, may hide mistakes made since or report
    /// ones already fixed.
    ///
    /// ## Example
    /// ```console
    /// $ edit oz0-plugin.yaml
    /// $ oz0 plugin lint
    /// ```
    ///
    /// ## Use instead
    /// ```console
    /// $ oz0 plugin measure && oz0 plugin lint
    /// ```
    /// or measure on every run with `oz0 plugin lint --measure`.
    pub(crate) struct StaleListing {
        code: "OZ-L003",
        name: "stale-listing",
        severity: Warning,
        listing: true,
        summary: "the measured listing is as new as the manifest and holds every local tool",
    }
}

impl StaleListing {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let Some(listing) = cx.lint.listing else {
            return;
        };
        if cx.lint.listing_older {
            let span = cx.doc.root.entries().and_then(|e| e.first()).map_or(cx.doc.root.span, |(k, _)| k.span);
            out.push(
                Finding::new(
                    &Self::RULE,
                    span,
                    format!("the listing was measured at {}, before the manifest last changed", listing.measured_at),
                    "changed since the listing was measured",
                )
                .help("run `oz0 plugin measure`, or lint with `--measure`"),
            );
        }
        for (pointer, tool) in cx.doc.tools() {
            if tool.mcp.is_some() && listing.tool(&tool.id).is_none() {
                out.push(
                    Finding::new(
                        &Self::RULE,
                        cx.tool_span(&pointer),
                        format!("the tool `{}` is not in the measured listing", tool.id),
                        "not measured",
                    )
                    .help("run `oz0 plugin measure`, or lint with `--measure`"),
                );
            }
        }
    }
}
