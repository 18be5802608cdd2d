"""Verdict thresholds from a labeled suite.

For every labeled question the router's first confidence is recorded with whether the
first candidate was right. Then:

- ``confident_at`` is the lowest confidence above which the first candidate is right at
  least ``precision`` of the time (nowhere-questions, gold ``[]``, count as wrong: any
  source named for them is wrong);
- ``nowhere_below`` best separates nowhere-questions from answerable ones by the
  ranking's *support* (the first confidence less the penalty for words the map never
  uses): the highest threshold with at most ``answerable_loss`` of the answerable
  questions under it, so false abstentions stay that rare and as many nowhere-questions
  as possible fall under it.

Apply the result with ``thresholds.apply(config)`` and build a new router with it.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace

from sourcefinder.routing._config import RouterConfig
from sourcefinder.routing._router import Router


@dataclass(frozen=True)
class Thresholds:
    confident_at: float
    nowhere_below: float
    precision_when_confident: float  # measured on the suite at ``confident_at``
    confident_share: float  # share of answerable questions that got "confident"
    nowhere_recall: float  # share of nowhere-questions that fall under ``nowhere_below``
    questions: int

    def apply(self, config: RouterConfig) -> RouterConfig:
        return replace(config, confident_at=self.confident_at, nowhere_below=self.nowhere_below)


def calibrate(
    router: Router,
    labeled_questions: Iterable[tuple[str, Sequence[str]]],
    *,
    precision: float = 0.9,
    answerable_loss: float = 0.03,
    k: int = 5,
) -> Thresholds:
    """Thresholds for ``router`` from ``(question, gold card ids)`` pairs; see module doc."""
    rows: list[tuple[float, bool, bool, bool]] = []  # confidence, nowhere-q, top1 ok, hit@k
    supports: list[float] = []
    for question, gold in labeled_questions:
        ranking = router.rank(question)
        full = ranking.full
        conf = full[0].confidence if full else 0.0
        ids = [s.card_id for s in full]
        gold_set = set(gold)
        top_ok = bool(ids) and ids[0] in gold_set
        rows.append((conf, not gold_set, top_ok, bool(gold_set.intersection(ids[:k]))))
        supports.append(ranking.support)
    if not rows:
        raise ValueError("calibrate needs at least one labeled question")

    grid = sorted({r[0] for r in rows} | {1.01})
    confident_at = 1.01
    for t in grid:
        above = [r for r in rows if r[0] >= t]
        if above and sum(r[2] for r in above) / len(above) >= precision:
            confident_at = t
            break

    nowhere = [sup for sup, r in zip(supports, rows, strict=True) if r[1]]
    answerable = [sup for sup, r in zip(supports, rows, strict=True) if not r[1]]
    if answerable:
        # the highest threshold that keeps answerable questions under it within the loss
        ordered = sorted(answerable)
        nowhere_below = ordered[int(answerable_loss * len(ordered))]
    else:
        nowhere_below = min(nowhere) if nowhere else 0.0
    nowhere_below = min(nowhere_below, confident_at)

    confident = [r for r in rows if r[0] >= confident_at]
    return Thresholds(
        confident_at=confident_at,
        nowhere_below=nowhere_below,
        precision_when_confident=(
            sum(r[2] for r in confident) / len(confident) if confident else 1.0
        ),
        confident_share=(
            sum(1 for c in answerable if c >= confident_at) / len(answerable) if answerable else 0.0
        ),
        nowhere_recall=sum(c < nowhere_below for c in nowhere) / len(nowhere) if nowhere else 0.0,
        questions=len(rows),
    )
