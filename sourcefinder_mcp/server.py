"""The desk as an MCP server: five tools and two resources, each a thin call into the desk.

    where_can_i_find(question, context?, client?)          ask: where to look, and how
    report_outcome(session_id, found, sources_tried, ...)   tell: what worked, what did not
    follow_up(session_id, what_happened, unrecognized_terms) stuck: new ideas, terms checked
    describe_source(id)                                     one full card (clusters drill down)
    suggest_source(name, where, what_it_holds, ...)         the tip line (goes to admission)

    sourcefinder://index/condensed                          the full condensed index
    sourcefinder://cards/{card_id}                          one card, as describe_source gives it

where_can_i_find's description carries the budgeted condensed index of the version being
served, re-rendered when a newer version is published (``_describe.IndexDescription``).
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from importlib.metadata import PackageNotFoundError, version
from typing import Annotated, Any

import anyio.to_thread
from fastmcp import Context, FastMCP
from fastmcp.server.lifespan import lifespan
from mcp.types import ToolAnnotations
from pydantic import Field

from sourcefinder.answers import Answer, FollowUp, OutcomeRecorded, SourceDetail, SuggestionReceipt
from sourcefinder.config import Settings
from sourcefinder.desk import MAX_LIST, MAX_QUESTION, MAX_TERM, MAX_TEXT, Desk
from sourcefinder_mcp._describe import (
    CARD_URI,
    CONDENSED_URI,
    INSTRUCTIONS,
    WHERE_CAN_I_FIND,
    IndexDescription,
    condensed_resource,
)
from sourcefinder_mcp._errors import ArgumentErrors
from sourcefinder_mcp._service import MAX_CLIENT, DeskService, client_of

MAX_ID = 200

Client = Annotated[str | None, Field(
    max_length=MAX_CLIENT,
    description="optional: who is asking (agent or person); default: the MCP client's name")]
SessionId = Annotated[str, Field(
    min_length=1, max_length=MAX_ID, description="the session_id where_can_i_find returned")]
SourceId = Annotated[str, Field(min_length=1, max_length=MAX_ID)]
SourceIds = Annotated[list[SourceId], Field(
    max_length=MAX_LIST,
    description=f"source ids (as in the answer's candidates), at most {MAX_LIST}; [] if none")]

READ_ONLY = ToolAnnotations(read_only_hint=True, open_world_hint=False)
FEEDBACK = ToolAnnotations(read_only_hint=False, destructive_hint=False,
                           idempotent_hint=False, open_world_hint=False)


def make_server(settings: Settings | None = None, *, desk: Desk | None = None) -> FastMCP:
    """The desk's MCP server, serving the latest index published under ``settings.home``."""
    service = DeskService(settings or Settings(), desk)

    @lifespan
    async def warm(server: FastMCP) -> AsyncIterator[dict[str, Any]]:
        await anyio.to_thread.run_sync(service.published)  # load index and router up front
        yield {"service": service}

    mcp = FastMCP("sourcefinder", instructions=INSTRUCTIONS, version=_version(), lifespan=warm,
                  mask_error_details=True, middleware=[ArgumentErrors()],
                  transforms=[IndexDescription("where_can_i_find", service.description)])

    @mcp.tool(description=WHERE_CAN_I_FIND, annotations=READ_ONLY)
    def where_can_i_find(
        question: Annotated[str, Field(
            min_length=1, max_length=MAX_QUESTION,
            description=f"what you are looking for, in your own words (1-{MAX_QUESTION} "
                        "characters)")],
        context: Annotated[str | None, Field(
            max_length=MAX_TEXT,
            description=f"optional: your task, team, or what you already tried (up to "
                        f"{MAX_TEXT} characters)")] = None,
        client: Client = None,
        ctx: Context | None = None,
    ) -> Answer:
        answer = service.run(lambda d: d.where_can_i_find(question, context,
                                                          client=client_of(client, ctx)))
        service.announce(ctx, answer.index_version)
        return answer

    @mcp.tool(annotations=FEEDBACK)
    def report_outcome(
        session_id: SessionId,
        found: Annotated[bool, Field(description="whether you found what you were looking for")],
        sources_tried: SourceIds,
        what_worked: SourceIds,
        what_failed: SourceIds,
        better_source: Annotated[str | None, Field(
            max_length=MAX_ID, description="optional: a source id that would have been better")
        ] = None,
        notes: Annotated[str | None, Field(
            max_length=MAX_TEXT,
            description=f"optional: what happened, in a few sentences (up to {MAX_TEXT} "
                        "characters)")] = None,
        client: Client = None,
        ctx: Context | None = None,
    ) -> OutcomeRecorded:
        """Report what you found after searching: which sources you tried, which worked.

        Call it once you are done with a where_can_i_find session, found or not. Unknown
        session or source ids are refused with the list of valid ones. Feedback is verified
        before anything in the index changes.
        """
        return service.run(lambda d: d.report_outcome(
            session_id, found, sources_tried, what_worked, what_failed,
            better_source=better_source, notes=notes or "", client=client_of(client, ctx)))

    @mcp.tool(annotations=READ_ONLY)
    def follow_up(
        session_id: SessionId,
        what_happened: Annotated[str, Field(
            max_length=MAX_TEXT,
            description=f"what you tried and what went wrong (up to {MAX_TEXT} characters)")],
        unrecognized_terms: Annotated[list[Annotated[str, Field(
            min_length=1, max_length=MAX_TERM)]], Field(
            max_length=MAX_LIST,
            description="REQUIRED: terms you met and do not know (jargon, acronyms, service "
                        f"names, document ids), at most {MAX_LIST}; [] if none")],
        client: Client = None,
        ctx: Context | None = None,
    ) -> FollowUp:
        """Get new ideas when you are stuck: untried sources, other queries, the next modality.

        Always list the terms you did not recognize (an empty list is fine): each is checked
        against the index, and what it does not know is recorded as a gap.
        """
        ideas = service.run(lambda d: d.follow_up(session_id, what_happened, unrecognized_terms,
                                                  client=client_of(client, ctx)))
        service.announce(ctx, ideas.index_version)
        return ideas

    @mcp.tool(annotations=READ_ONLY)
    def describe_source(
        id: Annotated[str, Field(
            min_length=1, max_length=MAX_ID,
            description="a source or cluster id, from the condensed index or an answer")],
        ctx: Context | None = None,
    ) -> SourceDetail:
        """Describe one source in full: how to search it, examples, gotchas, provenance.

        A cluster lists its children; each child is a source id of its own.
        """
        detail = service.run(lambda d: d.describe_source(id))
        service.announce(ctx, detail.index_version)
        return detail

    @mcp.tool(annotations=FEEDBACK)
    def suggest_source(
        name: Annotated[str, Field(min_length=1, max_length=200,
                                   description="the source's name (up to 200 characters)")],
        where: Annotated[str, Field(
            min_length=1, max_length=1000,
            description="where it lives: a URL, a repository, a channel (up to 1000 characters)")],
        what_it_holds: Annotated[str, Field(
            min_length=1, max_length=MAX_TEXT,
            description=f"what can be found there (up to {MAX_TEXT} characters)")],
        sample_titles: Annotated[list[Annotated[str, Field(max_length=300)]] | None, Field(
            max_length=20, description="optional: up to 20 titles of things it holds")] = None,
        client: Client = None,
        ctx: Context | None = None,
    ) -> SuggestionReceipt:
        """Suggest a source the index does not know yet.

        The suggestion goes to admission (probes and a background check), never straight
        into the index.
        """
        return service.run(lambda d: d.suggest_source(name, where, what_it_holds, sample_titles,
                                                      client=client_of(client, ctx)))

    @mcp.resource(CONDENSED_URI, name="condensed_index", mime_type="text/plain",
                  description="The full condensed index: one line per source and cluster top.")
    def condensed_index() -> str:
        return service.read(lambda d: condensed_resource(d.served().published))

    @mcp.resource(CARD_URI, name="card", mime_type="application/json",
                  description="One card in full, as describe_source returns it.")
    def card(card_id: str) -> str:
        return service.read(lambda d: d.describe_source(card_id).model_dump_json(indent=1))

    return mcp


def _version() -> str:
    try:
        return version("sourcefinder")
    except PackageNotFoundError:  # running from a source tree that was never installed
        return "0+unknown"
