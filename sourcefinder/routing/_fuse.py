"""Reciprocal-rank fusion: combine rankers by position, never by their raw scores.

BM25 scores, cosines and neighbour votes live on different scales; their ranks do not.
A card's fused score is ``sum_s weight_s / (k + rank_s)`` over the signals ``s`` that
ranked it (rank 1 is best; a signal that did not rank a card adds nothing). ``k``
flattens the head: small ``k`` trusts each signal's first place more.
(Cormack, Clarke & Buettcher, SIGIR 2009.)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class Signal:
    """One ranker's opinion: card positions with positive scores, best first."""

    name: str
    weight: float
    order: tuple[int, ...]


def ranked(name: str, weight: float, scores: np.ndarray, depth: int) -> Signal:
    """A signal from a dense score vector: the ``depth`` best cards with score > 0.

    Ties keep card order (the authored order of the index), so fusion is deterministic.
    """
    positive = np.flatnonzero(scores > 0)
    if len(positive) > depth:
        cut = np.argpartition(-scores[positive], depth - 1)[:depth]
        positive = positive[cut]
    order = positive[np.lexsort((positive, -scores[positive]))]
    return Signal(name, weight, tuple(int(i) for i in order))


def rrf(signals: list[Signal], k: float) -> dict[int, float]:
    """Fused score per card position."""
    fused: dict[int, float] = {}
    for signal in signals:
        if signal.weight <= 0:
            continue
        for rank, i in enumerate(signal.order, start=1):
            fused[i] = fused.get(i, 0.0) + signal.weight / (k + rank)
    return fused


def ranks(signals: list[Signal]) -> dict[str, dict[int, int]]:
    """Signal name -> card position -> its rank there (for reasons and diagnostics)."""
    return {s.name: {i: r for r, i in enumerate(s.order, start=1)} for s in signals}
