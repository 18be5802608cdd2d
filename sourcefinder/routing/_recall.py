"""What the memory says about one question, as signals over card positions.

- ``neighbours`` / ``neighbours_sem`` / ``neighbours_static``: the nearest past questions
  (by terms, by vectors, by static word vectors)
  vote for what worked and against what failed, similarities rescaled so the voting
  floor maps to 0 (``knn_min_*``) and identity to 1, then raised to ``knn_power``;
- ``centroid``: cosine to each card's mean answered-question vector;
- **pins**: cards that near-duplicates (similarity >= ``pin_*``) agree on, net of
  failures, with the similarity that earned the pin;
- **found nothing**: the clients whose near-duplicate questions found nothing at all, and
  those whose found something (the router says "nowhere" when the first outnumber the
  second and are at least ``nothing_clients``).

The learned field (answered questions as part of each card's text) is not here: it
joins BM25F in the lexical signal (``OfflineRouter._lexical``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from sourcefinder.routing._config import RouterConfig
from sourcefinder.routing._fuse import Signal, ranked
from sourcefinder.routing._memory import Memory, Votes, vote


@dataclass
class Recall:
    """The memory's evidence for one question."""

    signals: list[Signal] = field(default_factory=list)
    votes: list[Votes] = field(default_factory=list)  # lexical first, then semantic
    pins: dict[int, float] = field(default_factory=dict)  # position -> similarity
    found_nothing: set[str] = field(default_factory=set)  # clients, near-duplicates only
    found_something: set[str] = field(default_factory=set)

    def nothing_here(self, min_clients: int) -> int:
        """How many clients found nothing for this question, when they carry the day."""
        n = len(self.found_nothing)
        return n if n >= min_clients and n > len(self.found_something) else 0

    def pinned(self, limit: int) -> tuple[int, ...]:
        return tuple(sorted(self.pins, key=lambda i: (-self.pins[i], i))[:limit])


class Recaller:
    """Reads a ``Memory`` for an index whose card positions are ``positions``."""

    def __init__(self, memory: Memory, positions: dict[str, int], config: RouterConfig) -> None:
        self.memory = memory
        self.positions = positions
        self.config = config

    def lexical(self, qterms: dict[str, float], recall: Recall) -> None:
        cfg = self.config
        if not len(self.memory):
            return
        near = self.memory.lexical_neighbours(qterms, cfg.knn_k)
        votes = self._votes(near, cfg.knn_min_lexical)
        recall.votes.append(votes)
        recall.signals.append(self._signal("neighbours", cfg.w_neighbours, votes.score))
        self._pins(near, cfg.pin_lexical, recall)

    def semantic(self, qvec: np.ndarray, recall: Recall) -> None:
        cfg = self.config
        if not self.memory.has_vectors:
            return
        near = self.memory.semantic_neighbours(qvec, cfg.knn_k)
        votes = self._votes(near, cfg.knn_min_semantic)
        recall.votes.append(votes)
        recall.signals.append(self._signal("neighbours_sem", cfg.w_neighbours_sem, votes.score))
        self._pins(near, cfg.pin_semantic, recall)
        centroid = self.memory.centroid_scores(qvec)
        shifted = {c: s + 1.0 for c, s in centroid.items()}  # ranked() keeps scores > 0
        recall.signals.append(self._signal("centroid", cfg.w_centroid, shifted))

    def static(self, svec: np.ndarray, recall: Recall) -> None:
        """Neighbours by static word vectors: cheap, so asked before any model call."""
        cfg = self.config
        near = self.memory.static_neighbours(svec, cfg.knn_k)
        if not near:
            return
        votes = self._votes(near, cfg.knn_min_static)
        recall.votes.append(votes)
        recall.signals.append(
            self._signal("neighbours_static", cfg.w_neighbours_static, votes.score))

    def _votes(self, near: list[tuple[int, float]], floor: float) -> Votes:
        span = max(1e-6, 1.0 - floor)
        scaled = [(d, (s - floor) / span) for d, s in near if s >= floor]
        return vote(self.memory, scaled, self.config.knn_power, 0.0)

    def _pins(self, near: list[tuple[int, float]], at: float, recall: Recall) -> None:
        dup = [(d, s) for d, s in near if s >= at]
        if not dup:
            return
        for d, _ in dup:
            outcome = self.memory.outcomes[d]
            (recall.found_something if outcome.worked else recall.found_nothing).add(
                outcome.client)
        votes = vote(self.memory, dup, 1.0, at)
        for card_id, net in votes.score.items():
            i = self.positions.get(card_id)
            if i is not None and net > 0:
                recall.pins[i] = max(recall.pins.get(i, 0.0), votes.best[card_id][0])

    def _signal(self, name: str, weight: float, by_id: dict[str, float]) -> Signal:
        dense = np.zeros(len(self.positions), dtype=np.float32)
        for card_id, s in by_id.items():
            i = self.positions.get(card_id)
            if i is not None:
                dense[i] = s
        return ranked(name, weight, dense, self.config.depth)
