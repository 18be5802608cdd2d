"""Probers that touch nothing: disabled (the default) and recorded (tests and the demo)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date

from sourcefinder.index.model import Card, Index
from sourcefinder.probes._model import ProbeResult

RecordedKey = str | tuple[str, str]


class DisabledProber:
    """Probes switched off: every example comes back unrun."""

    def run(self, card: Card, on: date) -> list[ProbeResult]:
        return [ProbeResult(card.id, ex.query, None, "probes disabled", on) for ex in card.examples]


class RecordedProber:
    """Deterministic results from a table.

    ``outcomes`` maps ``(card_id, query)`` or a bare ``card_id`` to ``True``, ``False`` or
    ``None``; the pair wins over the card id, and ``default`` answers the rest.
    """

    def __init__(
        self,
        outcomes: Mapping[RecordedKey, bool | None],
        default: bool | None = None,
        detail: str = "recorded",
    ) -> None:
        self._outcomes = dict(outcomes)
        self._default = default
        self._detail = detail

    @classmethod
    def from_marks(cls, index: Index) -> RecordedProber:
        """Replay the index's own marks: ✓ passes, ✗ fails, ``?`` or no mark is unrun."""
        table: dict[RecordedKey, bool | None] = {}
        for card in index.cards.values():
            for ex in card.examples:
                table[(card.id, ex.query)] = {"✓": True, "✗": False}.get(ex.mark or "")
        return cls(table, detail="recorded from the index's marks")

    def run(self, card: Card, on: date) -> list[ProbeResult]:
        results = []
        for ex in card.examples:
            if (card.id, ex.query) in self._outcomes:
                ok = self._outcomes[(card.id, ex.query)]
            else:
                ok = self._outcomes.get(card.id, self._default)
            results.append(ProbeResult(card.id, ex.query, ok, self._detail, on))
        return results
