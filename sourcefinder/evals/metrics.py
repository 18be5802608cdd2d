"""Routing metrics over ranked card ids: hit@k, reciprocal rank, and their means.

A question is a hit at ``k`` when any of its gold ids is among the first ``k`` ranked
ids. Questions with no gold ids (nowhere-questions) have no right source; they are
left out of hit@k and MRR and scored by the verdict instead (``nowhere_accuracy``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass


def hit_at(ranked: Sequence[str], gold: Iterable[str], k: int) -> bool:
    """Whether any gold id is among the first ``k`` ranked ids."""
    wanted = set(gold)
    return any(r in wanted for r in ranked[:k])


def reciprocal_rank(ranked: Sequence[str], gold: Iterable[str], k: int = 10) -> float:
    """1/rank of the first gold id within the first ``k``, else 0."""
    wanted = set(gold)
    for rank, r in enumerate(ranked[:k], start=1):
        if r in wanted:
            return 1.0 / rank
    return 0.0


@dataclass(frozen=True)
class RoutingScores:
    questions: int
    hit_at_1: float
    hit_at_5: float
    mrr_at_10: float

    def as_dict(self) -> dict[str, float | int]:
        return {
            "questions": self.questions,
            "hit@1": round(self.hit_at_1, 4),
            "hit@5": round(self.hit_at_5, 4),
            "mrr@10": round(self.mrr_at_10, 4),
        }


def score_rankings(pairs: Iterable[tuple[Sequence[str], Sequence[str]]]) -> RoutingScores:
    """Mean hit@1, hit@5 and MRR@10 over ``(ranked ids, gold ids)`` pairs with gold."""
    n = h1 = h5 = 0
    rr = 0.0
    for ranked, gold in pairs:
        if not gold:
            continue
        n += 1
        h1 += hit_at(ranked, gold, 1)
        h5 += hit_at(ranked, gold, 5)
        rr += reciprocal_rank(ranked, gold, 10)
    if n == 0:
        return RoutingScores(0, 0.0, 0.0, 0.0)
    return RoutingScores(n, h1 / n, h5 / n, rr / n)


def nowhere_accuracy(verdicts: Iterable[tuple[str, Sequence[str]]]) -> float:
    """Share of nowhere-questions (gold ``[]``) whose verdict was "nowhere"."""
    total = right = 0
    for verdict, gold in verdicts:
        if not gold:
            total += 1
            right += verdict == "nowhere"
    return right / total if total else 0.0


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of ``values`` by nearest rank."""
    if not values:
        return 0.0
    ordered = sorted(values)
    idx = min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))
    return ordered[idx]
