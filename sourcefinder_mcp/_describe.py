"""The words the desk says about itself: server instructions and tool descriptions.

Everything here depends only on a published index version and the settings, never on
client feedback: the condensed index is rendered without traffic counts, every line is
sanitized again before it reaches a description, and the block is bounded by the budget.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence

from fastmcp.server.transforms import Transform
from fastmcp.tools.base import Tool

from sourcefinder.index.condense import render_budget
from sourcefinder.publish import Published
from sourcefinder.text import sanitize

INSTRUCTIONS = (
    "Ask where_can_i_find(question) first: it names where to look, how to query each source "
    "and what to read if you are new; then search those sources yourself (this desk never "
    "searches).\n"
    "Finish with report_outcome(session_id, ...); when stuck, call follow_up(session_id, "
    "what_happened, unrecognized_terms), always listing the terms you did not recognize "
    "(an empty list is fine)."
)

WHERE_CAN_I_FIND = (
    "Find where in the organization to look for something, and how to search there.\n\n"
    "Returns a session id, what to read first if you are new, candidate sources ordered by "
    "confidence (each with how to query it, example queries, gotchas and provenance) and an "
    "ask-back. The desk never searches: search the candidates yourself with your own tools, "
    "then call report_outcome with the session id."
)

SOURCES_MARKER = "Sources in index version {version}:"
POINTER = "full list: resource sourcefinder://index/condensed; one card: describe_source(id)"
CONDENSED_URI = "sourcefinder://index/condensed"
CARD_URI = "sourcefinder://cards/{card_id}"
NOTHING_PUBLISHED = "(no index is published yet: run `sourcefinder build`)"


def condensed_block(published: Published, budget: int) -> str:
    """The budgeted condensed index, at most ``budget`` characters, ending with a pointer."""
    tail = f"... {POINTER}"
    body = render_budget(published.index, max(0, budget - len(tail) - 1),
                         pointer=POINTER)
    lines = [sanitize(line, 400) for line in body.splitlines() if line.strip()]
    if not lines or not lines[-1].startswith("... "):
        lines.append(tail)
    return "\n".join(lines)


def where_can_i_find_description(published: Published | None, budget: int) -> str:
    if published is None:
        return f"{WHERE_CAN_I_FIND}\n\n{NOTHING_PUBLISHED}"
    marker = SOURCES_MARKER.format(version=published.version)
    return f"{WHERE_CAN_I_FIND}\n\n{marker}\n{condensed_block(published, budget)}"


def condensed_resource(published: Published) -> str:
    header = (f"Sourcefinder condensed index, version {published.version}: one line per source "
              "and per cluster top; describe_source(id) or sourcefinder://cards/{id} gives a "
              "full card.")
    lines = [sanitize(line, 400) for line in published.condensed.splitlines() if line.strip()]
    return "\n".join([header, *lines])


class IndexDescription(Transform):
    """Rewrites where_can_i_find's description from the published version being served.

    ``describe`` returns the current description (cached per version by its owner), so a
    newly published version reaches ``tools/list`` without a restart.
    """

    def __init__(self, tool_name: str, describe: Callable[[], Awaitable[str]]) -> None:
        self.tool_name = tool_name
        self.describe = describe

    async def list_tools(self, tools: Sequence[Tool]) -> Sequence[Tool]:
        if not any(t.name == self.tool_name for t in tools):
            return tools
        description = await self.describe()
        return [t.model_copy(update={"description": description}) if t.name == self.tool_name
                else t for t in tools]

