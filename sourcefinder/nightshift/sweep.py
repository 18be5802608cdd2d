"""The probe sweep: every card's example probes, run on a schedule, as evidence.

    sweep(index, prober, on, previous)  one result per example of every card with examples
        ─► results_by_card  the per-card results ``deltas.automatic`` turns into
                            ``SetProbeMark`` edits dated the day they ran (and
                            ``last_verified`` when every probe of a card that ran passed)
        ─► failing          examples failing now, with the day they started failing and
                            the mark they had before; one that passed (or was unknown)
                            before is a *stale how-to*: the source may be right, its
                            example is not (``proposals`` and ``gaps`` file it)

A probe that could not run (``ok`` is ``None``: no probe line, refused or unreachable
target, probes disabled) changes nothing; it is recorded with its reason. One target
failing never fails the sweep: a prober that raises turns that card's examples into
unrun results carrying the error.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sourcefinder.index.model import Index
from sourcefinder.nightshift.probing import Prober

MARKS = {True: "✓", False: "✗", None: "?"}


@dataclass(frozen=True)
class ProbeRecord:
    """One example probed tonight, with the mark it had in the working copy before."""

    card_id: str
    query: str
    ok: bool | None
    detail: str
    ran_at: str  # ISO date
    before: str  # the mark in the working copy: ✓, ✗, ? or "" (none)
    before_on: str = ""  # that mark's date (ISO), when it has one

    @property
    def after(self) -> str:
        """The mark the example carries once the sweep is applied (unrun: unchanged)."""
        return self.before if self.ok is None else MARKS[self.ok]

    @property
    def flipped(self) -> bool:
        return self.ok is not None and self.after != self.before


@dataclass(frozen=True)
class Failing:
    """An example failing its probe: since when, what it was before, and why."""

    card_id: str
    query: str
    since: str  # ISO date of the first sweep that saw it fail
    was: str  # its mark before it started failing
    detail: str

    @property
    def stale(self) -> bool:
        """It passed (or was never probed) before: a how-to that went stale."""
        return self.was != "✗"


@dataclass
class Sweep:
    on: str  # ISO date
    prober: str
    results: list[ProbeRecord] = field(default_factory=list)
    failing: list[Failing] = field(default_factory=list)

    def counts(self) -> dict[str, int]:
        return {"total": len(self.results),
                "run": sum(r.ok is not None for r in self.results),
                "passed": sum(r.ok is True for r in self.results),
                "failed": sum(r.ok is False for r in self.results),
                "unrun": sum(r.ok is None for r in self.results)}

    def flipped(self) -> list[ProbeRecord]:
        return [r for r in self.results if r.flipped]

    def unrun_reasons(self) -> Counter[str]:
        return Counter(_reason(r.detail) for r in self.results if r.ok is None)

    def results_by_card(self) -> dict[str, list[dict[str, Any]]]:
        out: dict[str, list[dict[str, Any]]] = {}
        for r in self.results:
            out.setdefault(r.card_id, []).append(dataclasses.asdict(r))
        return out

    def stale(self) -> list[Failing]:
        return [f for f in self.failing if f.stale]

    def as_dict(self) -> dict[str, Any]:
        return {"on": self.on, "prober": self.prober, "counts": self.counts(),
                "unrun_reasons": dict(self.unrun_reasons().most_common()),
                "flipped": [dataclasses.asdict(r) | {"after": r.after} for r in self.flipped()],
                "results": [dataclasses.asdict(r) for r in self.results],
                "failing": [dataclasses.asdict(f) for f in self.failing]}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any] | None) -> Sweep | None:
        if not d:
            return None
        return cls(str(d["on"]), str(d.get("prober", "")),
                   [ProbeRecord(**r) for r in d.get("results", [])],
                   [Failing(**f) for f in d.get("failing", [])])


def sweep(index: Index, prober: Prober, on: date, previous: Sweep | None = None) -> Sweep:
    """Run every card's probes; carry the failing examples over from ``previous``."""
    day = on.isoformat()
    results: list[ProbeRecord] = []
    for card in index.cards.values():
        if not card.examples:
            continue
        marks = {ex.query: (ex.mark or "", ex.mark_date.isoformat() if ex.mark_date else "")
                 for ex in card.examples}
        try:
            outcomes = [(o.query, o.ok, o.detail) for o in prober.run(card, on)]
        except Exception as exc:  # noqa: BLE001 - one target never fails the sweep
            reason = f"prober failed: {type(exc).__name__}: {exc}"[:500]
            outcomes = [(ex.query, None, reason) for ex in card.examples]
        for query, ok, detail in outcomes:
            if query in marks:
                results.append(ProbeRecord(card.id, query, ok, detail, day, *marks[query]))
    return Sweep(day, type(_unwrap(prober)).__name__, results,
                 _failing(results, previous.failing if previous else (), day, index))


def _failing(results: Sequence[ProbeRecord], before: Iterable[Failing], day: str,
             index: Index) -> list[Failing]:
    known = {(f.card_id, f.query): f for f in before
             if f.card_id in index.cards
             and any(ex.query == f.query for ex in index.cards[f.card_id].examples)}
    for r in results:
        key = (r.card_id, r.query)
        if r.ok is True:
            known.pop(key, None)
        elif r.ok is False:
            old = known.get(key)
            since = old.since if old else (r.before_on if r.before == "✗" and r.before_on
                                           else day)
            known[key] = Failing(r.card_id, r.query, since, old.was if old else r.before,
                                 r.detail)
    return sorted(known.values(), key=lambda f: (not f.stale, f.card_id, f.query))


def _reason(detail: str) -> str:
    """A short, countable reason for an unrun probe (the target is left out)."""
    head = detail.split(" could not run: ")[-1] if " could not run: " in detail else detail
    return head.split(":")[0].strip()[:60] or "unknown"


def _unwrap(prober: Any) -> Any:
    inner = getattr(prober, "inner", None)
    return _unwrap(inner) if inner is not None else prober


def summary_line(s: Sweep) -> str:
    """``68 run (65 passed, 3 failed), 46 could not run (no probe line 44)``."""
    c = s.counts()
    reasons = ", ".join(f"{why}: {n}" for why, n in s.unrun_reasons().most_common(2))
    return (f"{c['run']} run ({c['passed']} passed, {c['failed']} failed), "
            f"{c['unrun']} could not run" + (f" ({reasons})" if reasons else ""))
