"""Shared by the runners that read text: bounds, and matching a query over documents."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from sourcefinder.probes._model import Outcome
from sourcefinder.probes._words import holds, matches, significant_words


@dataclass(frozen=True)
class Limits:
    """How much one probe target may cost."""

    timeout: float = 10.0  # seconds per target (an HTTP request: ``http_timeout``)
    http_timeout: float = 3.0
    max_files: int = 2000
    max_file_bytes: int = 256_000
    max_total_bytes: int = 32_000_000
    max_http_bytes: int = 1_000_000
    max_commits: int = 500
    max_tables: int = 200
    sample_rows: int = 20


@dataclass
class Corpus:
    """Documents gathered for one target, and what was skipped on the way."""

    label: str  # "files", "blobs and commits", "tables"
    docs: list[tuple[str, str]] = field(default_factory=list)
    skipped: list[str] = field(default_factory=list)
    truncated: bool = False
    started: float = field(default_factory=time.monotonic)
    size: int = 0

    def add(self, name: str, text: str) -> None:
        self.docs.append((name, text))
        self.size += len(text)

    def full(self, limits: Limits) -> bool:
        over = (
            len(self.docs) >= limits.max_files
            or self.size >= limits.max_total_bytes
            or time.monotonic() - self.started > limits.timeout
        )
        self.truncated = self.truncated or over
        return over

    def outcomes(self, queries: Sequence[str]) -> list[Outcome]:
        return [self.match(q) for q in queries]

    def match(self, query: str) -> Outcome:
        words = significant_words(query)
        if not words:
            return Outcome(None, "the query has no searchable words")
        note = self._note()
        hits = [name for name, text in self.docs if matches(f"{name}\n{text}", words)]
        shown = " ".join(words)
        if hits:
            hits.sort(key=lambda name: (-sum(holds(name, w) for w in words), name))
            more = f" (+{len(hits) - 3} more)" if len(hits) > 3 else ""
            return Outcome(
                True, f"{len(hits)} of {len(self.docs)} {self.label} hold [{shown}]: "
                f"{', '.join(hits[:3])}{more}{note}",
            )  # fmt: skip
        if not self.docs:
            return Outcome(False, f"no {self.label} to search{note}")
        scored = [(sum(holds(f"{n}\n{t}", w) for w in words), n) for n, t in self.docs]
        best, name = min(scored, key=lambda s: (-s[0], s[1]))
        return Outcome(
            False, f"none of {len(self.docs)} {self.label} hold all of [{shown}]; "
            f"closest: {name} ({best}/{len(words)} words){note}",
        )  # fmt: skip

    def _note(self) -> str:
        parts = []
        if self.truncated:
            parts.append("search truncated at its bounds")
        if self.skipped:
            parts.append(f"skipped {len(self.skipped)}: {'; '.join(self.skipped[:3])}")
        return f" [{'; '.join(parts)}]" if parts else ""


def decode(data: bytes) -> str | None:
    """Text, or ``None`` for what looks binary."""
    if b"\x00" in data[:2048]:
        return None
    return data.decode("utf-8", errors="replace")
