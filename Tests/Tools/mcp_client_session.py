"""Talks to `shipcheck mcp ROOT` with PyPI's `mcp` client (the SDK agents are built on), as an agent would:
initialize, list the tools, call each one. Prints one JSON object with what it saw, for MCPClientTests.

usage: python3 mcp_client_session.py SHIPCHECK_BINARY ROOT PROJECT_SUBFOLDER
"""
import json
import sys

import anyio
from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


def text_of(result):
    return "".join(part.text for part in result.content if getattr(part, "type", "") == "text")


async def main(binary, root, project):
    params = StdioServerParameters(command=binary, args=["mcp", root])
    seen = {}
    async with stdio_client(params) as (read, write):
        async with ClientSession(read, write) as session:
            init = await session.initialize()
            seen["server"] = init.server_info.name
            seen["protocol"] = init.protocol_version
            tools = await session.list_tools()
            seen["tools"] = sorted(tool.name for tool in tools.tools)
            check = await session.call_tool("check", {"path": project, "date": "2026-12-01"})
            report = json.loads(text_of(check))
            seen["check_error"] = check.is_error
            seen["check_rules"] = sorted({finding["rule"] for finding in report["findings"]})
            seen["check_paths"] = sorted({finding["path"] for finding in report["findings"] if finding.get("path")})
            outside = await session.call_tool("facts", {"path": "../.."})
            seen["outside_error"] = outside.is_error
            seen["outside_text"] = text_of(outside)
            count = await session.call_tool("count_text", {"text": "Ünïcödé 🚀", "field": "appstore.subtitle"})
            seen["count"] = json.loads(text_of(count))
            rule = "platform-requirements.play-target-sdk"
            explained = await session.call_tool("explain_rule", {"id": rule})
            seen["explained_error"] = explained.is_error
            seen["explained_text"] = text_of(explained)
            resolved = await session.call_tool("resolve_locale", {"locale": "pt-BR", "supported": ["en-US", "pt-PT"]})
            seen["resolved"] = json.loads(text_of(resolved))["resolved"]
    print(json.dumps(seen))


if __name__ == "__main__":
    anyio.run(main, *sys.argv[1:4])
