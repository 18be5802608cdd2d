"""What a probe reports, and the interface every prober implements."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Protocol

from sourcefinder.index.model import Card


@dataclass(frozen=True)
class ProbeResult:
    """One example query run against its source.

    ``ok`` is ``True`` (✓ found), ``False`` (✗ not found) or ``None`` when the probe could
    not run; ``detail`` then says why (no probe line, unsafe target, timeout, ...).
    """

    card_id: str
    query: str
    ok: bool | None
    detail: str
    ran_at: date

    @property
    def mark(self) -> str:
        """The index's probe mark for this result: ``✓``, ``✗`` or ``?``."""
        return {True: "✓", False: "✗", None: "?"}[self.ok]


@dataclass(frozen=True)
class Outcome:
    """What a runner found for one query."""

    ok: bool | None
    detail: str


class Prober(Protocol):
    def run(self, card: Card, on: date) -> list[ProbeResult]:
        """One result per example of ``card``, in the card's order."""
        ...


def parse_probe(line: str) -> tuple[str, str]:
    """``"file org/x/**/*.md"`` → ``("file", "org/x/**/*.md")``; empty parts when absent."""
    runner, _, target = line.strip().partition(" ")
    return runner.strip().lower(), target.strip()
