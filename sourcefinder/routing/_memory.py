"""Memory of finished sessions: which sources worked (and failed) for which questions.

Three readings of the same outcomes, each cheap to update one outcome at a time:

- **neighbours**: the past questions most like this one, by tf-idf cosine over terms
  (idf from the remembered questions themselves) and, when question vectors exist, by
  cosine of embeddings and of static word vectors. Neighbours vote for what worked and
  against what failed (``vote``); a near-duplicate whose answer is known is what lets
  the router pin.
- **learned field**: every question that a card answered is appended to a per-card
  "learned" document, which the router scores as one more BM25F field of the card: a
  term -> source association that generalizes beyond the nearest neighbour (document
  expansion from the query log).
- **centroids**: the mean question vector per card, when vectors exist.

Card ids are kept as strings, so a memory outlives index versions; ids the current index
does not know are ignored by the router.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np

from sourcefinder.routing._question import analyse
from sourcefinder.routing._text import terms

if TYPE_CHECKING:
    from sourcefinder.routing._embed import Embedder


@dataclass(frozen=True)
class PastOutcome:
    """One finished session from the episodic log."""

    question: str
    worked: tuple[str, ...]  # card ids that had the answer (incl. a better_source)
    failed: tuple[str, ...]  # card ids tried that did not
    client: str = ""


class _Rows:
    """An append-only float32 matrix with amortized growth."""

    def __init__(self, dim: int) -> None:
        self._data = np.zeros((64, dim), dtype=np.float32)
        self.n = 0

    def append(self, row: np.ndarray) -> None:
        if self.n == len(self._data):
            self._data = np.concatenate([self._data, np.zeros_like(self._data)])
        self._data[self.n] = row
        self.n += 1

    @property
    def view(self) -> np.ndarray:
        return self._data[: self.n]


class _Ints:
    """An append-only int32 vector with amortized growth."""

    def __init__(self) -> None:
        self._data = np.zeros(16, dtype=np.int32)
        self.n = 0

    def append(self, value: int) -> None:
        if self.n == len(self._data):
            self._data = np.concatenate([self._data, np.zeros_like(self._data)])
        self._data[self.n] = value
        self.n += 1

    @property
    def view(self) -> np.ndarray:
        return self._data[: self.n]


class Memory:
    """Past outcomes, indexed for similar-question lookup. Append-only."""

    def __init__(
        self, outcomes: Iterable[PastOutcome] = (), *, embedder: Embedder | None = None
    ) -> None:
        self.embedder = embedder
        self.outcomes: list[PastOutcome] = []
        self._term_ids: dict[str, int] = {}
        self._df = _Rows(1)  # document frequency per term id (a column vector)
        self._postings: dict[int, _Ints] = {}
        self._flat = _Ints()  # all documents' term ids, concatenated
        self._starts = _Ints()
        self._vectors: _Rows | None = None
        self._static: _Rows | None = None
        self._learned: dict[str, dict[str, int]] = {}  # term -> card id -> tf
        self._learned_len: Counter[str] = Counter()
        self._centroid_sum: dict[str, np.ndarray] = {}
        self._centroids: tuple[list[str], np.ndarray] | None = None
        items = list(outcomes)
        vectors: list[np.ndarray | None] = [None] * len(items)
        if embedder is not None and items:
            vectors = list(embedder.embed_queries([o.question for o in items]))
        for outcome, vector in zip(items, vectors, strict=True):
            self.add(outcome, vector)

    def __len__(self) -> int:
        return len(self.outcomes)

    @property
    def has_vectors(self) -> bool:
        return self._vectors is not None and self._vectors.n > 0

    def add(self, outcome: PastOutcome, vector: np.ndarray | None = None,
            static: np.ndarray | None = None) -> None:  # fmt: skip
        """Remember one outcome (its question vector is computed when an embedder is set;
        ``static`` is its static word vector, when the router has those)."""
        if vector is None and self.embedder is not None:
            vector = self.embedder.embed_queries([outcome.question])[0]
        doc = len(self.outcomes)
        self.outcomes.append(outcome)
        asked = terms(analyse(outcome.question).positive)  # what it ruled out is not asked
        ids = sorted({self._term_id(t) for t in asked})
        self._starts.append(self._flat.n)
        for tid in ids:
            self._flat.append(tid)
            self._df.view[tid, 0] += 1.0
            self._postings.setdefault(tid, _Ints()).append(doc)
        self._vectors = _aligned(self._vectors, vector, doc)
        self._static = _aligned(self._static, static, doc)
        for card_id in outcome.worked:
            for t, tf in Counter(asked).items():
                per_card = self._learned.setdefault(t, {})
                per_card[card_id] = per_card.get(card_id, 0) + tf
                self._learned_len[card_id] += tf
            if vector is not None:
                prev = self._centroid_sum.get(card_id)
                self._centroid_sum[card_id] = vector.copy() if prev is None else prev + vector
                self._centroids = None

    def _term_id(self, term: str) -> int:
        tid = self._term_ids.get(term)
        if tid is None:
            tid = self._term_ids[term] = len(self._term_ids)
            self._df.append(np.zeros(1, dtype=np.float32))
        return tid

    # --- neighbours -----------------------------------------------------------------

    def lexical_neighbours(self, query: dict[str, float], k: int) -> list[tuple[int, float]]:
        """The ``k`` most similar past questions by tf-idf cosine over binary terms."""
        n = len(self.outcomes)
        qids = [self._term_ids[t] for t in query if t in self._term_ids]
        if not n or not qids:
            return []
        idf = np.log((n + 1.0) / (self._df.view[:, 0] + 0.5)).astype(np.float32)
        sq = idf * idf
        dot = np.zeros(n, dtype=np.float32)
        for tid in qids:
            dot[self._postings[tid].view] += sq[tid]
        cand = np.flatnonzero(dot)
        flat, starts = self._flat.view, self._starts.view
        # The trailing 0 keeps reduceat in range when the last documents have no terms;
        # a document without terms gets a neighbour's norm, but its dot is 0, so it is
        # never a candidate.
        doc_norm2 = np.add.reduceat(np.append(sq[flat], np.float32(0)), starts)
        q_norm = math.sqrt(float(sum(sq[tid] for tid in qids)))
        sims = dot[cand] / (np.sqrt(doc_norm2[cand]) * q_norm + 1e-9)
        return _top(cand, sims, k)

    def semantic_neighbours(self, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """The ``k`` most similar past questions by embedding cosine."""
        if not self.has_vectors or self._vectors is None:
            return []
        sims = self._vectors.view @ vector
        return _top(np.arange(len(sims)), sims, k)

    def static_neighbours(self, vector: np.ndarray, k: int) -> list[tuple[int, float]]:
        """The ``k`` most similar past questions by static word-vector cosine."""
        if self._static is None or not self._static.n:
            return []
        sims = self._static.view @ vector
        return _top(np.arange(len(sims)), sims, k)

    # --- per-card aggregates ----------------------------------------------------------

    def knows(self, term: str) -> bool:
        """Whether a question that found its answer used ``term``."""
        return term in self._learned

    def learned_field(self, query: dict[str, float], b: float = 0.75
                      ) -> dict[str, dict[str, float]]:  # fmt: skip
        """Term -> card id -> tf of the term in the card's answered questions, length-normalized."""
        n_cards = len(self._learned_len)
        if not n_cards:
            return {}
        avg = sum(self._learned_len.values()) / n_cards
        out: dict[str, dict[str, float]] = {}
        for t in query:
            per_card = self._learned.get(t)
            if per_card:
                out[t] = {
                    c: tf / (1.0 - b + b * self._learned_len[c] / avg) for c, tf in per_card.items()
                }
        return out

    def centroid_scores(self, vector: np.ndarray) -> dict[str, float]:
        """Cosine between ``vector`` and each card's mean answered-question vector."""
        if not self._centroid_sum:
            return {}
        if self._centroids is None:
            ids = list(self._centroid_sum)
            mat = np.stack([self._centroid_sum[c] for c in ids])
            mat /= np.linalg.norm(mat, axis=1, keepdims=True) + 1e-9
            self._centroids = (ids, mat)
        ids, mat = self._centroids
        sims = mat @ vector
        return {c: float(s) for c, s in zip(ids, sims, strict=True)}


@dataclass(frozen=True)
class Votes:
    """What a set of neighbours says about each card."""

    score: dict[str, float]  # sum of similarity^power: + worked, - failed
    best: dict[str, tuple[float, int]]  # card -> (highest similarity that voted for it, who)
    support: dict[str, int]  # card -> number of neighbours for whom it worked
    against: dict[str, int]  # card -> number of neighbours for whom it failed


def vote(
    memory: Memory, neighbours: list[tuple[int, float]], power: float, min_sim: float
) -> Votes:
    """Let each neighbour (similarity >= ``min_sim``) vote for what worked, against what failed."""
    score: dict[str, float] = {}
    best: dict[str, tuple[float, int]] = {}
    support: Counter[str] = Counter()
    against: Counter[str] = Counter()
    for doc, sim in neighbours:
        if sim < min_sim:
            continue
        outcome = memory.outcomes[doc]
        w = sim**power
        for card_id in outcome.worked:
            score[card_id] = score.get(card_id, 0.0) + w
            support[card_id] += 1
            if card_id not in best or sim > best[card_id][0]:
                best[card_id] = (sim, doc)
        for card_id in outcome.failed:
            if card_id not in outcome.worked:
                score[card_id] = score.get(card_id, 0.0) - w
                against[card_id] += 1
    return Votes(score, best, dict(support), dict(against))


def _aligned(rows: _Rows | None, vector: np.ndarray | None, doc: int) -> _Rows | None:
    """``rows`` with ``vector`` appended as row ``doc``. Rows stay aligned with outcomes: an
    outcome without a vector gets a zero row, which is never anyone's neighbour."""
    if vector is None:
        if rows is not None:
            rows.append(np.zeros(rows.view.shape[1], dtype=np.float32))
        return rows
    if rows is None:
        rows = _Rows(len(vector))
        for _ in range(doc):
            rows.append(np.zeros(len(vector), dtype=np.float32))
    rows.append(vector)
    return rows


def _top(ids: np.ndarray, sims: np.ndarray, k: int) -> list[tuple[int, float]]:
    """The ``k`` best (id, similarity), ties broken by the older (smaller) id."""
    if len(sims) > k:
        part = np.argpartition(-sims, k)[:k]
        ids, sims = ids[part], sims[part]
    order = np.lexsort((ids, -sims))
    return [(int(ids[i]), float(sims[i])) for i in order]
