"""The desk as a subprocess over stdio, driven by the official MCP SDK client."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client
from mcp.types import Implementation

from sourcefinder.config import Settings
from sourcefinder.episodes import EpisodeLog

SOURCEFINDER = str(Path(sys.executable).with_name("sourcefinder"))


def test_stdio_answers_with_structured_content(settings: Settings, example_index: Path) -> None:
    # stdio clients start servers with a minimal environment: configuration goes explicitly
    params = StdioServerParameters(
        command=SOURCEFINDER,
        args=["serve", "--transport", "stdio", "--index", str(example_index)],
        env={"SOURCEFINDER_HOME": str(settings.home), "SOURCEFINDER_BUDGET": "2000"})

    async def go() -> tuple[str, dict[str, object] | None, bool]:
        async with stdio_client(params) as (read, write), ClientSession(
                read, write, client_info=Implementation(name="stdio-test", version="1")) as s:
            init = await s.initialize()
            result = await s.call_tool("where_can_i_find",
                                       {"question": "who owns the booking service?"})
        return init.instructions or "", result.structured_content, result.is_error

    instructions, content, is_error = asyncio.run(go())
    assert "where_can_i_find" in instructions and "unrecognized_terms" in instructions
    assert not is_error and content is not None
    assert content["candidates"] and content["index_version"]
    events = EpisodeLog(settings.log_path).events(kinds=["question"])
    assert [(e.session_id, e.client) for e in events] == [(content["session_id"], "stdio-test")]
