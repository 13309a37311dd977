"""The example of "Call a model from a tool": a tool that summarizes meeting notes with a model the
platform answers for it (MCP sampling), holding no provider key. It works on both protocols: on
2026-07-28 the request rides in the call's result, on 2025-11-25 it is sent while the call runs."""

from mcp import types
from mcp.server import MCPServer
from mcp.server.mcpserver import Context

server = MCPServer("notes")


@server.tool()
async def summarize(text: str, ctx: Context) -> str | types.InputRequiredResult:
    """Summarize meeting notes."""
    message = types.SamplingMessage(role="user", content=types.TextContent(type="text", text=text))
    params = types.CreateMessageRequestParams(messages=[message], max_tokens=500, system_prompt="Summarize.")
    if (ctx.protocol_version or "") >= "2026-07-28":
        # The newer protocol: the request rides in the call's result, and the call comes again with the answer.
        answer = (ctx.input_responses or {}).get("summary")
        if answer is None:
            return types.InputRequiredResult(input_requests={"summary": types.CreateMessageRequest(params=params)})
    else:
        answer = await ctx.session.send_request(types.CreateMessageRequest(params=params), types.CreateMessageResult)
    return answer.content.text


if __name__ == "__main__":
    server.run()
