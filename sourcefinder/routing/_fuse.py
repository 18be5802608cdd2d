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
    """One ranker's opinion: card positions with positive scores, best first.

    ``ranks`` gives each entry's rank; equal scores share the better rank, so a tie
    in one signal never decides the order on its own (authored order breaks it last).
    """

    name: str
    weight: float
    order: tuple[int, ...]
    ranks: tuple[int, ...]


def ranked(name: str, weight: float, scores: np.ndarray, depth: int) -> Signal:
    """A signal from a dense score vector: the ``depth`` best cards with score > 0."""
    positive = np.flatnonzero(scores > 0)
    if len(positive) > depth:
        cut = np.argpartition(-scores[positive], depth - 1)[:depth]
        positive = positive[cut]
    order = positive[np.lexsort((positive, -scores[positive]))]
    values = scores[order].tolist()  # (Python floats: numpy scalars are slow to compare)
    ranks: list[int] = []
    for r, v in enumerate(values, start=1):
        ranks.append(ranks[-1] if r > 1 and v == values[r - 2] else r)
    return Signal(name, weight, tuple(order.tolist()), tuple(ranks))


def rrf(signals: list[Signal], k: float) -> dict[int, float]:
    """Fused score per card position."""
    fused: dict[int, float] = {}
    for signal in signals:
        if signal.weight <= 0:
            continue
        for i, rank in zip(signal.order, signal.ranks, strict=True):
            fused[i] = fused.get(i, 0.0) + signal.weight / (k + rank)
    return fused
