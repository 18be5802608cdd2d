"""Probes as the night shift consumes them: any ``sourcefinder.probes.Prober``.

Verification only reads ``card_id``, ``query``, ``ok`` (True, False, or None when the probe
could not run) and ``detail`` from each result, so this protocol is the structural subset
of ``sourcefinder.probes.ProbeResult``. Which prober runs is configuration
(``make_prober``): ``disabled`` (default), ``recorded`` (replays the index's own marks:
offline and deterministic) or ``local`` (the real runners under the org root).

Two wrappers, both configuration rather than patching:

    RebasedProber  rewrites the URL prefix of a card's ``http`` probe before running it
                   (the example index's probes name http://127.0.0.1:8088; tests serve the
                   docs site on a free port and map one to the other)
    SweptProber    answers from tonight's probe sweep when it covered the card, so
                   verification does not probe the same examples twice
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from datetime import date
from pathlib import Path
from typing import Protocol

from sourcefinder.errors import ConfigError
from sourcefinder.index.model import Card, Index
from sourcefinder.probes import DisabledProber, LocalProber, RecordedProber, parse_probe


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


class RebasedProber:
    """Runs ``inner`` with each ``http`` probe's URL prefix rewritten by ``rewrites``
    (``{"http://127.0.0.1:8088": "http://127.0.0.1:49152"}``); the first matching prefix
    wins, and the results keep the card's own id and queries."""

    def __init__(self, inner: Prober, rewrites: Mapping[str, str]) -> None:
        self.inner = inner
        self.rewrites = dict(rewrites)

    def rebase(self, card: Card) -> Card:
        runner, target = parse_probe(card.probe)
        if runner != "http":
            return card
        for old, new in self.rewrites.items():
            if old and target.startswith(old):
                return dataclasses.replace(card, probe=f"http {new}{target[len(old):]}")
        return card

    def run(self, card: Card, on: date) -> Sequence[ProbeOutcome]:
        return self.inner.run(self.rebase(card), on)


@dataclasses.dataclass(frozen=True)
class _Recorded:
    card_id: str
    query: str
    ok: bool | None
    detail: str


class SweptProber:
    """Tonight's sweep results for the cards it covered (``results``: card id → result
    dicts with ``query``, ``ok``, ``detail``); ``inner`` for the rest."""

    def __init__(self, inner: Prober, results: Mapping[str, Sequence[Mapping[str, object]]]
                 ) -> None:
        self.inner = inner
        self.results = results

    def run(self, card: Card, on: date) -> Sequence[ProbeOutcome]:
        swept = {str(r["query"]): r for r in self.results.get(card.id, ())}
        if not swept or any(ex.query not in swept for ex in card.examples):
            return self.inner.run(card, on)
        return [_Recorded(card.id, ex.query, _ok(swept[ex.query]["ok"]),
                          str(swept[ex.query]["detail"])) for ex in card.examples]


def _ok(value: object) -> bool | None:
    return None if value is None else bool(value)


def make_prober(kind: str, index: Index, org_root: Path, *, allow_loopback: bool = False,
                url_rewrites: Mapping[str, str] | None = None) -> Prober:
    """The configured prober; ``local`` reaches loopback only when ``allow_loopback``."""
    prober = _make(kind, index, org_root, allow_loopback)
    return RebasedProber(prober, url_rewrites) if url_rewrites else prober


def _make(kind: str, index: Index, org_root: Path, allow_loopback: bool) -> Prober:
    if kind in ("", "disabled", "none"):
        return DisabledProber()
    if kind == "recorded":
        return RecordedProber.from_marks(index)
    if kind == "local":
        return LocalProber(org_root, allow_loopback=allow_loopback)
    raise ConfigError(f"unknown prober {kind!r} (disabled, recorded or local)")
