"""One desk per server: created on first use, its errors turned into tool errors.

Expected failures (``SourcefinderError``: unknown ids, broken bounds, nothing published)
become a ``ToolError`` (or ``ResourceError``) carrying the domain's one-line message, which
names what is valid. Anything else propagates and FastMCP masks it.

A session whose tool list shows an older index version than the one that just answered
it is sent ``notifications/tools/list_changed`` once, so it lists again and sees the new
condensed index (clients that never listed, or list on every turn, are left alone).
"""

from __future__ import annotations

import logging
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import TypeVar

import anyio.from_thread
import anyio.to_thread
from fastmcp import Context
from fastmcp.exceptions import ResourceError, ToolError
from fastmcp.server.dependencies import get_context
from mcp.types import ToolListChangedNotification

from sourcefinder.config import Settings
from sourcefinder.desk import Desk
from sourcefinder.errors import SourcefinderError, UnknownIdError
from sourcefinder.publish import Published, current_version
from sourcefinder.text import sanitize
from sourcefinder_mcp._describe import CONDENSED_URI, where_can_i_find_description

T = TypeVar("T")
ANONYMOUS = "anonymous"
MAX_CLIENT = 200
SHOWN_IDS = 20  # UnknownIdError lists this many valid ids
TRACKED_SESSIONS = 1024  # sessions whose listed index version is remembered
log = logging.getLogger("sourcefinder_mcp")


class DeskService:
    """The server's desk and what the server says about the version it serves."""

    def __init__(self, settings: Settings, desk: Desk | None = None) -> None:
        self.settings = settings
        self._desk = desk
        self._lock = threading.Lock()
        self._described: tuple[str | None, str] | None = None  # (version, description)
        self._listed: OrderedDict[str, str | None] = OrderedDict()  # session → version listed

    @property
    def desk(self) -> Desk:
        if self._desk is None:
            with self._lock:
                if self._desk is None:
                    self._desk = Desk(self.settings)
        return self._desk

    def run(self, fn: Callable[[Desk], T]) -> T:
        """Call ``fn`` with the desk; expected failures become a tool error."""
        try:
            return fn(self.desk)
        except SourcefinderError as exc:
            raise ToolError(_message(exc), log_level=logging.DEBUG) from exc

    def read(self, fn: Callable[[Desk], T]) -> T:
        """Call ``fn`` with the desk; expected failures become a resource error."""
        try:
            return fn(self.desk)
        except SourcefinderError as exc:
            raise ResourceError(_message(exc), log_level=logging.DEBUG) from exc

    def published(self) -> Published | None:
        """The version requests are served from now, or None when nothing is published."""
        try:
            return self.desk.served().published
        except SourcefinderError as exc:
            log.warning("sourcefinder: %s", str(exc).splitlines()[0])
            return None

    async def description(self) -> str:
        """where_can_i_find's description for the current version (rendered once per version)."""
        cached = self._described
        if cached is None or cached[0] != current_version(self.settings.home):
            published = await anyio.to_thread.run_sync(self.published)
            text = where_can_i_find_description(published, self.settings.budget)
            cached = self._described = (published.version if published else None, text)
        self._remember_listing(_session_of(None), cached[0])
        return cached[1]

    # -- telling a session its tool list changed ----------------------------------------------
    def _remember_listing(self, session: str | None, version: str | None) -> None:
        if session is None:
            return
        with self._lock:
            self._listed[session] = version
            self._listed.move_to_end(session)
            while len(self._listed) > TRACKED_SESSIONS:
                self._listed.popitem(last=False)

    def announce(self, ctx: Context | None, version: str) -> None:
        """Tell a session whose tool list shows an older version that the list changed.

        Called from a tool running in a worker thread, after the desk answered from
        ``version``: the session lists tools again and sees the new condensed index.
        """
        session = _session_of(ctx) if ctx is not None else None
        with self._lock:
            if ctx is None or session is None or self._listed.get(session, version) == version:
                return
            self._listed[session] = version
        try:
            anyio.from_thread.run(ctx.send_notification, ToolListChangedNotification())
        except Exception as exc:  # best effort: the next tools/list shows the version anyway
            log.info("sourcefinder: list_changed not sent: %s", exc)


def _message(exc: SourcefinderError) -> str:
    """The domain's message; a long list of valid ids points to where all of them are."""
    text = str(exc)
    if isinstance(exc, UnknownIdError) and len(exc.valid) > SHOWN_IDS:
        text += f"; every source: {CONDENSED_URI} (cluster children: describe_source(cluster))"
    return text


def client_of(given: str | None, ctx: Context | None) -> str:
    """Who is asking: the ``client`` argument, else the MCP client's name, else anonymous."""
    if given and given.strip():
        return sanitize(given, MAX_CLIENT) or ANONYMOUS
    return _transport_client(ctx) or ANONYMOUS


def _transport_client(ctx: Context | None) -> str:
    if ctx is None:
        return ""
    try:
        params = ctx.session.client_params
    except RuntimeError:  # no live session (e.g. a background task)
        return ""
    info = params.client_info if params is not None else None
    name = getattr(info, "name", None)
    return sanitize(name, MAX_CLIENT) if isinstance(name, str) else ""


def _session_of(ctx: Context | None) -> str | None:
    try:
        return (ctx or get_context()).session_id
    except RuntimeError:  # outside a request, or no session
        return None
