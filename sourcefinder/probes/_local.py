"""``LocalProber``: runs a card's examples against the real sources it names.

The card's ``probe`` line is ``<runner> <target>``; ``file``, ``git`` and ``sql`` targets
are paths under the org root, ``http`` targets are URLs checked by ``urlsafety``. Nothing
a target does can fail the run: a refused, missing, slow or broken target turns every
example of that card into an unrun result carrying the reason.
"""

from __future__ import annotations

import http.client
import sqlite3
import subprocess
from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Protocol

from sourcefinder.errors import SourcefinderError
from sourcefinder.index.model import Card
from sourcefinder.probes._documents import Limits
from sourcefinder.probes._file import FileRunner
from sourcefinder.probes._git import GitRunner
from sourcefinder.probes._http import FetchPolicy
from sourcefinder.probes._model import Outcome, ProbeResult, parse_probe
from sourcefinder.probes._sql import SqlRunner
from sourcefinder.probes._web import HttpRunner
from sourcefinder.urlsafety import Resolver

TOLERATED = (
    SourcefinderError, OSError, sqlite3.Error, subprocess.SubprocessError,
    http.client.HTTPException, ValueError,
)  # fmt: skip
"""What a target may raise without failing the run (``TimeoutError`` is an ``OSError``)."""


class Runner(Protocol):
    def check(self, target: str, queries: Sequence[str]) -> list[Outcome]: ...


class LocalProber:
    def __init__(
        self,
        org_root: str | Path,
        allow_loopback: bool = False,
        allow_private: bool = False,
        *,
        limits: Limits | None = None,
        resolver: Resolver | None = None,
    ) -> None:
        root = Path(org_root).resolve()
        self.limits = limits or Limits()
        policy = FetchPolicy(
            allow_loopback=allow_loopback, allow_private=allow_private,
            timeout=self.limits.http_timeout, max_bytes=self.limits.max_http_bytes,
            resolver=resolver,
        )  # fmt: skip
        self.runners: dict[str, Runner] = {
            "file": FileRunner(root, self.limits),
            "git": GitRunner(root, self.limits),
            "sql": SqlRunner(root, self.limits),
            "http": HttpRunner(policy),
        }

    def run(self, card: Card, on: date) -> list[ProbeResult]:
        queries = [ex.query for ex in card.examples]
        if not queries:
            return []
        outcomes = self._outcomes(card.probe, queries)
        pairs = zip(queries, outcomes, strict=True)
        return [ProbeResult(card.id, q, o.ok, o.detail, on) for q, o in pairs]

    def _outcomes(self, probe: str, queries: list[str]) -> list[Outcome]:
        name, target = parse_probe(probe)
        if not name:
            return [Outcome(None, "no probe line")] * len(queries)
        runner = self.runners.get(name)
        if runner is None:
            known = ", ".join(sorted(self.runners))
            return [Outcome(None, f"unknown probe runner {name!r} (known: {known})")] * len(queries)
        if not target:
            return [Outcome(None, f"{name} probe has no target")] * len(queries)
        try:
            outcomes = runner.check(target, queries)
        except TOLERATED as exc:
            reason = f"{name} target {target!r} could not run: {type(exc).__name__}: {exc}"
            return [Outcome(None, reason[:500])] * len(queries)
        return outcomes
