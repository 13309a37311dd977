"""The workbench: an MCP server whose functions take each path through oz0's tool host.

- `pack` returns its text as a file between tools: an embedded resource whose URI is
  `oz0-file:sha256:<hex>`, which the edge keeps in the job's tree.
- `inspect` reads a file handed to it: the edge puts the file's path in the request's `_meta` under
  `oz0/files`, keyed by its reference.
- `classify` reports what a paid service of its own cost, in the result's `_meta` under `oz0/usage`.
- `crash` exits mid-call, and `flood` answers with more than a result may hold.
- The tool `hourglass` (`server.py hourglass`) has one function, `wait`, which sleeps: its tool's
  timeout is short, to show what a call that takes too long does.
"""

import base64
import hashlib
import json
import os
import subprocess
import sys
import time

from mcp.server import MCPServer
from mcp.server.mcpserver import Context
from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import BlobResourceContents, CallToolResult, EmbeddedResource, TextContent

server = MCPServer("workbench", version="1.0.0")
hourglass = MCPServer("hourglass", version="1.0.0")


def file_ref(data: bytes) -> str:
    return "oz0-file:sha256:" + hashlib.sha256(data).hexdigest()


def request_meta(ctx: Context) -> dict:
    meta = ctx.request_context.meta
    if meta is None:
        return {}
    if isinstance(meta, dict):
        return meta
    return meta.model_dump(by_alias=True)


@server.tool()
def pack(text: str, copies: int = 1) -> CallToolResult:
    """Pack a text, repeated `copies` times, into a file for another tool; answers with its reference."""
    data = (text * copies).encode()
    ref = file_ref(data)
    resource = BlobResourceContents(uri=ref, mime_type="text/plain", blob=base64.b64encode(data).decode())
    answer = {"ref": ref, "size": len(data)}
    return CallToolResult(
        content=[TextContent(type="text", text=json.dumps(answer)), EmbeddedResource(type="resource", resource=resource)],
        structured_content=answer,
    )


@server.tool()
def forge(text: str) -> CallToolResult:
    """Return a file whose bytes do not have the digest its reference names (for tests)."""
    data = text.encode()
    wrong = "oz0-file:sha256:" + hashlib.sha256(data + b"!").hexdigest()
    resource = BlobResourceContents(uri=wrong, blob=base64.b64encode(data).decode())
    return CallToolResult(content=[TextContent(type="text", text=wrong), EmbeddedResource(type="resource", resource=resource)])


@server.tool()
def inspect(archive: str, ctx: Context) -> dict:
    """Read a file handed on by another tool, named by its `oz0-file:` reference; answers its size and digest."""
    files = request_meta(ctx).get("oz0/files") or {}
    path = files.get(archive)
    if path is None:
        raise ToolError(f"not found: {archive} was not handed to this call")
    with open(path, "rb") as handle:
        data = handle.read()
    return {"ref": file_ref(data), "size": len(data), "first_line": data.decode(errors="replace").splitlines()[0]}


@server.tool()
def classify(text: str, cost_usd: float = 0.0004, job: str | None = None, bad: bool = False) -> CallToolResult:
    """Classify a text with a paid service, and report what it cost."""
    label = "question" if text.rstrip().endswith("?") else "statement"
    usage = {"service": "jev", "unit": "decision", "units": 1, "cost_usd": cost_usd}
    if job is not None:
        usage["job"] = job
    if bad:
        usage = {"service": "not a name", "cost_usd": cost_usd}
    return CallToolResult(
        content=[TextContent(type="text", text=label)],
        structured_content={"label": label},
        _meta={"oz0/usage": usage},
    )


@hourglass.tool()
def wait(seconds: float, child: bool = False) -> str:
    """Sleep for a number of seconds, then answer. With `child`, start a child that sleeps a minute
    longer, to check that nothing the server started outlives the call."""
    if child:
        subprocess.Popen(["sleep", str(seconds + 60)])
    time.sleep(seconds)
    return f"waited {seconds} s"


@server.tool()
def crash(message: str = "the workbench broke on purpose") -> str:
    """Exit in the middle of the call, after saying why on stderr."""
    print(message, file=sys.stderr, flush=True)
    os._exit(3)


@server.tool()
def flood(mib: int) -> str:
    """Answer with `mib` MiB of text."""
    return "x" * (mib << 20)


if __name__ == "__main__":
    {"workbench": server, "hourglass": hourglass}[sys.argv[1] if len(sys.argv) > 1 else "workbench"].run()
