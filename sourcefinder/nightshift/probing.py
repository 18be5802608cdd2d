"""Probes as the night shift consumes them: any ``sourcefinder.probes.Prober``.

Verification only reads ``card_id``, ``query``, ``ok`` (True, False, or None when the probe
could not run) and ``detail`` from each result, so this protocol is the structural subset
of ``sourcefinder.probes.ProbeResult``. Which prober runs is configuration
(``make_prober``): ``disabled`` (default), ``recorded`` (replays the index's own marks:
offline and deterministic) or ``local`` (the real runners under the org root).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date
from pathlib import Path
from typing import Protocol

from sourcefinder.errors import ConfigError
from sourcefinder.index.model import Card, Index
from sourcefinder.probes import DisabledProber, LocalProber, RecordedProber


class ProbeOutcome(Protocol):
    @property
    def card_id(self) -> str: ...
    @property
    def query(self) -> str: ...
    @property
    def ok(self) -> bool | None: ...
    @property
    def detail(self) -> str: ...


class Prober(Protocol):
    def run(self, card: Card, on: date) -> Sequence[ProbeOutcome]: ...


def make_prober(kind: str, index: Index, org_root: Path) -> Prober:
    if kind in ("", "disabled", "none"):
        return DisabledProber()
    if kind == "recorded":
        return RecordedProber.from_marks(index)
    if kind == "local":
        return LocalProber(org_root)
    raise ConfigError(f"unknown prober {kind!r} (disabled, recorded or local)")
