"""Acme's documentation as an MCP server whose functions follow oz0's fitting convention.

A call with `view`, `budget` or `query` is answered with the biggest view of the page that fits, and a
fit note saying what was left out; a call with none of them gets the page whole. The fitting is done by
`oz0 fit --format json`, found through $OZ0_BIN or on PATH.
"""

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Literal

from mcp.server import MCPServer
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import CallToolResult, TextContent

View = Literal["stub", "summary", "section", "full"]

DOCS = Path(__file__).resolve().parent / "docs"
META_KEY = "oz0/fit"

server = MCPServer("acme-docs", version="1.0.0")


def oz0() -> str:
    found = os.environ.get("OZ0_BIN") or shutil.which("oz0")
    if not found:
        raise ToolError("oz0 was not found: set OZ0_BIN or put oz0 on PATH")
    return found


def read_page(path: str) -> str:
    page = (DOCS / path).resolve()
    if DOCS not in page.parents or not page.is_file():
        raise ToolError(f"no page {path!r}; list_pages names them")
    return page.read_text(encoding="utf-8")


def fit(text: str, name: str, view: View | None, budget: int | None, query: str | None) -> dict:
    args = [oz0(), "fit", "--format", "json", "--name", name]
    if view:
        args += ["--view", view]
    if budget is not None:
        args += ["--budget", str(budget)]
    if query:
        args += ["--query", query]
    done = subprocess.run(args, input=text.encode(), capture_output=True, check=False)
    if done.returncode != 0:
        raise ToolError(done.stderr.decode(errors="replace").strip())
    return json.loads(done.stdout)


def answer(text: str, name: str, view: View | None, budget: int | None, query: str | None) -> CallToolResult:
    if view is None and budget is None and not query:
        return CallToolResult(content=[TextContent(type="text", text=text)])
    fitted = fit(text, name, view, budget, query)
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(fitted))],
        structured_content=fitted,
        _meta={META_KEY: fitted["fit"]},
    )


@server.tool()
def list_pages() -> list[str]:
    """List the paths of Acme's documentation pages."""
    return sorted(str(p.relative_to(DOCS)) for p in DOCS.rglob("*.md"))


@server.tool()
def get_page(path: str, view: View | None = None, budget: int | None = None, query: str | None = None) -> CallToolResult:
    """Read a documentation page by its path, such as `install.md`.

    With view, budget or query the answer is the biggest view that fits the budget (full, section,
    summary, stub) with a fit note of what was left out; query names a heading for the section view.
    """
    return answer(read_page(path), path, view, budget, query)


@server.tool()
def search(words: str, view: View | None = None, budget: int | None = None, query: str | None = None) -> CallToolResult:
    """Search the pages for words; answers each matching line with its page and line number."""
    lines = []
    for path in list_pages():
        for number, line in enumerate(read_page(path).splitlines(), start=1):
            if words.lower() in line.lower():
                lines.append(f"{path}:{number}: {line}")
    return answer("\n".join(lines) + "\n", "search.txt", view, budget, query)


if __name__ == "__main__":
    server.run()
