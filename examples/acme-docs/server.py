"""Acme's documentation as an MCP server whose functions follow oz0's fitting convention.

A call with `view`, `budget` or `query` is answered with the biggest view of the page that fits, and a
fit note saying what was left out; a call with none of them gets the page whole. The fitting is done by
`oz0.fit` (`pip install ./python` from oz0's checkout), as the platform's guide "Return results and
files" shows it.
"""

import json
from pathlib import Path
from typing import Literal

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent, ToolAnnotations
from oz0 import fit

View = Literal["stub", "summary", "section", "full"]

DOCS = Path(__file__).resolve().parent / "docs"
READ = ToolAnnotations(readOnlyHint=True, openWorldHint=False)

server = MCPServer("acme-docs", version="1.0.0")


def read_page(path: str) -> str:
    page = (DOCS / path).resolve()
    if DOCS not in page.parents or not page.is_file():
        raise ToolError(f"no page {path!r}; list_pages names them")
    return page.read_text(encoding="utf-8")


def answer(text: str, name: str, view: View | None, budget: int | None, query: str | None):
    if not fit.wanted(view, budget, query):
        return {"content": text}
    f = fit.fit_document(text, view=view or "", budget=budget or 0, query=query or "", head=name, name=name)
    answer = {"content": f.text, "fit": f.meta()}
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(answer))],
        structured_content=answer,
        _meta={fit.META_KEY: f.meta()},
    )


@server.tool(annotations=READ)
def list_pages() -> list[str]:
    """List the paths of Acme's documentation pages."""
    return sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))


@server.tool(annotations=READ)
def get_page(path: str, view: View | None = None, budget: int | None = None, query: str | None = None):
    """Read a documentation page by its path, such as `install.md`.

    With view, budget or query the answer is the biggest view that fits the budget (full, section,
    summary, stub) with a fit note of what was left out; query names a heading for the section view.
    """
    return answer(read_page(path), path, view, budget, query)


@server.tool(annotations=READ)
def search(words: str, view: View | None = None, budget: int | None = None, query: str | None = None):
    """Search the pages for words; answers each matching line with its page and line number."""
    lines = []
    for path in list_pages():
        for number, line in enumerate(read_page(path).splitlines(), start=1):
            if words.lower() in line.lower():
                lines.append(f"{path}:{number}: {line}")
    return answer("\n".join(lines) + "\n", "search.txt", view, budget, query)


if __name__ == "__main__":
    server.run()
