"""One exception tree for the whole project.

    SourcefinderError                 anything this project raises on purpose
    ├── IndexLoadError                the index has lint errors or cannot be read (.diagnostics)
    ├── EditError                     a delta edit does not apply (unknown card, field, example)
    ├── PublishError                  nothing was published (lint errors, bad state folder)
    ├── LogError                      the episodic log cannot be opened or written
    ├── UnknownIdError                a session, card or node id that does not exist (.valid)
    ├── InvalidInputError             a request or feedback that breaks a bound (empty, too long)
    ├── UnsafeTargetError             a URL or address that probes and the watcher refuse
    └── ConfigError                   settings that cannot work together

Callers at the edges (the CLI, MCP tools, Dagster assets) turn these into one-line
messages; anything else is a bug and is allowed to surface.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class SourcefinderError(Exception):
    """Base of every error this project raises on purpose."""


class IndexLoadError(SourcefinderError):
    def __init__(self, message: str, diagnostics: Sequence[Any] = ()) -> None:
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class EditError(SourcefinderError):
    pass


class PublishError(SourcefinderError):
    pass


class LogError(SourcefinderError):
    pass


class UnknownIdError(SourcefinderError):
    def __init__(self, what: str, given: str, valid: Sequence[str] = ()) -> None:
        shown = ", ".join(list(valid)[:20])
        more = f" (and {len(valid) - 20} more)" if len(valid) > 20 else ""
        hint = f"; valid {what}s: {shown}{more}" if valid else ""
        super().__init__(f"unknown {what} {given!r}{hint}")
        self.what = what
        self.given = given
        self.valid = list(valid)


class InvalidInputError(SourcefinderError):
    pass


class UnsafeTargetError(SourcefinderError):
    pass


class ConfigError(SourcefinderError):
    pass
