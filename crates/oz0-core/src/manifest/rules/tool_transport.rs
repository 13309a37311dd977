use super::super::finding::Finding;
use super::super::remote::check_remote_url;
use super::super::yaml::Node;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks that each tool says how to reach its MCP server: either `mcp`, the command that starts a
    /// local server over stdio, or `url`, the address of a remote one, and not both; that a `url` is
    /// `https`, or `http` on the loopback interface; and that only a remote tool has `headers`.
    ///
    /// ## Why is this bad?
    /// A tool with neither cannot be started, and one with both leaves it to chance which server
    /// answers; the platform refuses both. Plain HTTP to another machine shows the headers, and the
    /// secrets in them, to whoever is on the way; a local server is sent no headers.
    ///
    /// ## Example
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     results: {fit: true}
    /// ```
    ///
    /// ## Use instead
    /// ```yaml
    /// tools:
    ///   - id: acme_docs
    ///     mcp: ["python", "-m", "acme_docs.server"]
    ///     results: {fit: true}
    /// ```
    pub(crate) struct ToolTransport {
        code: "OZ-P004",
        name: "tool-transport",
        severity: Error,
        listing: false,
        summary: "each tool has either `mcp` (a local server) or `url` (a remote one)",
    }
}

impl ToolTransport {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        for (i, tool) in cx.doc.root.get("tools").and_then(Node::items).unwrap_or_default().iter().enumerate() {
            if tool.entries().is_none() {
                continue;
            }
            let pointer = format!("/tools/{i}");
            let id_span = cx.doc.root.pointer(&format!("{pointer}/id")).map_or(tool.span, |n| n.span);
            match (tool.entry("mcp"), tool.entry("url")) {
                (None, None) => out.push(
                    Finding::new(
                        &Self::RULE,
                        id_span,
                        "the tool has neither `mcp` nor `url`",
                        "this tool cannot be started",
                    )
                    .help("add `mcp: [command, args...]` for a local server, or `url:` for a remote one"),
                ),
                (Some(_), Some((url, _))) => out.push(
                    Finding::new(
                        &Self::RULE,
                        url.span,
                        "the tool has both `mcp` and `url`",
                        "a second way to reach the server",
                    )
                    .help("keep `mcp` for a local server or `url` for a remote one, not both"),
                ),
                (None, Some((_, url))) => {
                    if let Err(why) = url.as_str().map_or_else(|| Err("`url` is not text".to_owned()), check_remote_url)
                    {
                        out.push(
                            Finding::new(&Self::RULE, url.span, why, "the platform does not reach this address")
                                .help("give an https address, or http on this machine (127.0.0.1, localhost)"),
                        );
                    }
                }
                (Some(_), None) => {
                    if let Some((headers, _)) = tool.entry("headers") {
                        out.push(
                            Finding::new(
                                &Self::RULE,
                                headers.span,
                                "a local tool has `headers`",
                                "only a remote server is sent headers",
                            )
                            .help("give a local server what it needs in `env`"),
                        );
                    }
                }
            }
        }
    }
}
