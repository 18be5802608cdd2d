"""Argument errors as one clear line: which argument, what bound, never the input echoed.

FastMCP reports a schema violation as pydantic's multi-line text, with the offending
input repeated (a 4,001-character question comes straight back) and a documentation link.
This middleware turns it into ``invalid arguments for <tool>: <arg>: <problem>``.
"""

from __future__ import annotations

from typing import Any

from fastmcp.exceptions import ToolError, ValidationError
from fastmcp.server.middleware import CallNext, Middleware, MiddlewareContext
from pydantic import ValidationError as PydanticValidationError

MAX_SHOWN = 5


class ArgumentErrors(Middleware):
    async def on_call_tool(self, context: MiddlewareContext[Any],
                           call_next: CallNext[Any, Any]) -> Any:
        try:
            return await call_next(context)
        except ValidationError as exc:
            cause = exc.__cause__
            if not isinstance(cause, PydanticValidationError):
                raise
            name = getattr(context.message, "name", "tool")
            raise ToolError(f"invalid arguments for {name}: {summarize(cause)}") from None


def summarize(error: PydanticValidationError) -> str:
    parts = []
    for detail in error.errors(include_url=False, include_input=False, include_context=False):
        where = ".".join(str(p) for p in detail["loc"]) or "arguments"
        parts.append(f"{where}: {detail['msg']}")
    more = len(parts) - MAX_SHOWN
    shown = "; ".join(parts[:MAX_SHOWN])
    return shown + (f" (and {more} more)" if more > 0 else "")
