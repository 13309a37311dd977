use super::super::finding::Finding;
use super::context::Context;
use super::rule::rule;

rule! {
    /// ## What it does
    /// Checks, with a measured listing, that each function that must be called as an MCP task
    /// (`execution.taskSupport: required`) is on a server that speaks MCP 2025-11-25, whose tasks
    /// the runtime calls and follows to their end.
    ///
    /// ## Why is this bad?
    /// The runtime calls such a function as a task of 2025-11-25 (`tools/call` with `task`, then
    /// `tasks/result`). A server that speaks 2026-07-28 makes its tasks as that protocol's tasks
    /// extension says, which the runtime does not declare yet: every call of the function would fail,
    /// though the plugin installs.
    ///
    /// ## Example
    /// ```python
    /// # A server of 2026-07-28 whose function runs only as a task.
    /// @server.tool(execution={"taskSupport": "required"})
    /// async def research(topic: str) -> str: ...
    /// ```
    ///
    /// ## Use instead
    /// ```python
    /// # Let it run as an ordinary call too, reporting progress as it goes.
    /// @server.tool(execution={"taskSupport": "optional"})
    /// async def research(topic: str, ctx: Context) -> str: ...
    /// ```
    pub(crate) struct TaskProtocol {
        code: "OZ-L004",
        name: "task-protocol",
        severity: Error,
        listing: true,
        summary: "a function that must run as a task is on a server whose tasks the runtime follows",
    }
}

impl TaskProtocol {
    pub(crate) fn check(cx: &Context<'_>, out: &mut Vec<Finding>) {
        let Some(listing) = cx.lint.listing else { return };
        for m in cx.measured() {
            let protocol = listing.tool(&m.tool.id).map_or("", |t| t.protocol.as_str());
            if !m.function.task || protocol != "2026-07-28" {
                continue;
            }
            out.push(
                Finding::new(
                    &Self::RULE,
                    cx.tool_span(&m.pointer),
                    format!(
                        "the function `{}` runs only as a task, and its server speaks {protocol}, whose tasks oz0 \
                         does not follow: every call of it would fail",
                        m.function.name
                    ),
                    format!("`{}` of this tool", m.function.name),
                )
                .help("let the function run as an ordinary call too (`taskSupport: optional`)"),
            );
        }
    }
}
