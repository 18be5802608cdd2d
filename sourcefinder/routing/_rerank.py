"""The first candidates put in order again, by a model learned across organizations.

The router fuses its signals by rank with fixed weights, then applies declarations and
confidences by rule. Which signal to believe differs from question to question in ways no
fixed weight holds: a person the question's phrasing wants is worth more the surer that
phrasing is, and less than that past a point; a card far ahead in word vectors but behind
on words is right more often when it covers more of the question. A conditional logit
(a softmax over the first ``DEPTH`` candidates, linear in the ``FEATURES`` that
``describe`` gives each) learns how much each thing the router already knows counts when
choosing among its own leaders, and ``Reranker.order`` puts them (``REORDER``) in that
order.

The router keeps its rules around the model (``OfflineRouter._rerank``): what the
question set aside is never put first, a card never passes its successor, and once past
questions vote, what worked decides. Each place keeps its confidence, or its card's own
held under the place above when that is higher, so how sure the answer is hardly moves.

One model per configuration (``default`` with e5 and static word vectors, ``static``,
``lexical``), since each has its own signals; a configuration with no model file ranks
by the rules alone. They are fit (``train``) on the router's candidates for every
labeled question in ``evals/``, by ``make phrasing-models`` (``bench/train_rerank.py``),
with the phrasing models held out, so the weights see the askers and nowhere
probabilities as they are on questions never fit.
"""

from __future__ import annotations

import json
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Protocol

import numpy as np

CONFIGS = ("default", "static", "lexical")
DEPTH = 10  # candidates described
# places put in order again: all ten. Held out (five folds, 694 organizations, static),
# ordering only the first five left the right card where it was whenever it was sixth to
# tenth; ordering all ten put 376 more of 72,942 in the top five (70,028 -> 70,404) for
# 3 fewer right first, nowhere-questions caught and "nowhere" answers unchanged
REORDER = DEPTH
L2 = 1.0
# signals whose reciprocal rank each candidate carries (``_fuse.Signal.name``)
SIGNALS = ("lexical", "rules_out", "primer", "owner", "human", "sent", "code", "key",
           "static", "semantic")  # fmt: skip
FEATURES = (
    *(f"place_{k}" for k in range(1, DEPTH)),  # place 0 is the baseline
    "own", "own_gap", "held", "evidence", "score_log", "score_share", "fused_log",
    "fused_share", "coverage", "lexical_share", "lexical_lead", "static_cos", "static_gap",
    "semantic_cos", "semantic_gap",
    *(f"rank_{s}" for s in SIGNALS),
    "askable", "askable_asker", "askable_asker2", "askable_seldom", "excluded", "not_only",
    "rules_out", "out_of_period", "dismissed", "pinned", "reasons", "superseded", "successor",
    "cluster_child",
)  # fmt: skip
_AT = {name: k for k, name in enumerate(FEATURES)}


@dataclass(frozen=True)
class Candidate:
    """What the router knows of one leading candidate when it has ranked it."""

    own: float  # its confidence before it is held under the one above
    held: float  # after
    evidence: float
    score: float  # fused, after the declarations
    fused: float  # fused, before them
    coverage: float  # idf share of the question its text has
    lexical: float  # BM25F
    lead: float  # how far it leads the best other card lexically
    static_cos: float | None
    semantic_cos: float | None
    ranks: dict[str, int]  # signal name -> its rank there
    askable: bool
    excluded: float  # idf share of what the asker ruled out that it names
    not_only: float  # idf share of the question its NOT part names
    rules_out: float
    out_of_period: bool
    dismissed: bool
    pinned: bool
    reasons: int
    superseded: bool  # it has a successor
    successor: bool  # it succeeds another of the candidates
    cluster_child: bool


@dataclass(frozen=True)
class Context:
    """What holds for the question as a whole."""

    asker: float  # askers probability (``_phrasing``)
    seldom: float  # nowhere probability
    best_lexical: float
    best_static: float | None
    best_semantic: float | None


def _log_share(x: float, top: float) -> float:
    return math.log(x / top) if x > 0 and top > 0 else -10.0


def describe(cands: Sequence[Candidate], ctx: Context) -> np.ndarray:
    """One row of ``FEATURES`` per candidate."""
    x = np.zeros((len(cands), len(FEATURES)))
    top_own = max((c.own for c in cands), default=0.0)
    top_score = max((c.score for c in cands), default=0.0)
    top_fused = max((c.fused for c in cands), default=0.0)
    for k, c in enumerate(cands):
        row = x[k]
        if 0 < k < DEPTH:
            row[_AT[f"place_{k}"]] = 1.0
        row[_AT["own"]], row[_AT["own_gap"]] = c.own, c.own - top_own
        row[_AT["held"]], row[_AT["evidence"]] = c.held, c.evidence
        row[_AT["score_log"]] = max(-10.0, _log_share(c.score, top_score))
        row[_AT["score_share"]] = c.score / top_score if top_score > 0 else 0.0
        row[_AT["fused_log"]] = max(-10.0, _log_share(c.fused, top_fused))
        row[_AT["fused_share"]] = c.fused / top_fused if top_fused > 0 else 0.0
        row[_AT["coverage"]], row[_AT["lexical_lead"]] = c.coverage, c.lead
        row[_AT["lexical_share"]] = c.lexical / ctx.best_lexical if ctx.best_lexical > 0 \
            else 0.0  # fmt: skip
        if c.static_cos is not None and ctx.best_static is not None:
            row[_AT["static_cos"]] = c.static_cos
            row[_AT["static_gap"]] = c.static_cos - ctx.best_static
        if c.semantic_cos is not None and ctx.best_semantic is not None:
            row[_AT["semantic_cos"]] = c.semantic_cos
            row[_AT["semantic_gap"]] = c.semantic_cos - ctx.best_semantic
        for name, rank in c.ranks.items():
            if name in SIGNALS:
                row[_AT[f"rank_{name}"]] = 1.0 / rank
        if c.askable:
            row[_AT["askable"]] = 1.0
            row[_AT["askable_asker"]] = ctx.asker
            row[_AT["askable_asker2"]] = ctx.asker * ctx.asker
            row[_AT["askable_seldom"]] = ctx.seldom
        row[_AT["excluded"]], row[_AT["not_only"]] = c.excluded, c.not_only
        row[_AT["rules_out"]] = math.log1p(max(0.0, c.rules_out))
        row[_AT["reasons"]] = min(c.reasons, 10) / 10
        for name in ("out_of_period", "dismissed", "pinned", "superseded", "successor",
                     "cluster_child"):  # fmt: skip
            row[_AT[name]] = float(getattr(c, name))
    return x


class Reorders(Protocol):
    def order(self, features: np.ndarray, ids: Sequence[str]) -> list[int]:
        """A new order of the candidates whose ``features`` are given (``ids``: their
        cards), as their places in the old."""
        ...


@dataclass(frozen=True)
class Reranker:
    """Linear scores over ``FEATURES``; the first ``REORDER`` candidates by score."""

    weights: np.ndarray

    def scores(self, features: np.ndarray) -> np.ndarray:
        return features @ self.weights

    def order(self, features: np.ndarray, ids: Sequence[str] = ()) -> list[int]:
        """The first ``REORDER`` by score (ties keep their order), the rest where they
        were."""
        head = min(REORDER, len(features))
        s = self.scores(features[:head])
        return sorted(range(head), key=lambda k: (-s[k], k)) + list(range(head, len(features)))

    def to_json(self) -> str:
        named = {f: round(float(w), 5) for f, w in zip(FEATURES, self.weights, strict=True)}
        return json.dumps({"features": named}, indent=0) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Reranker:
        """Weights by feature name: a feature the file lacks weighs nothing."""
        named = json.loads(text)["features"]
        unknown = set(named) - set(FEATURES)
        if unknown:
            raise ValueError(f"re-ranking model has unknown features: {sorted(unknown)}")
        return cls(np.array([float(named.get(f, 0.0)) for f in FEATURES]))


def model_path(config: str) -> Path:
    return Path(__file__).with_name(f"rerank_{config}.json")


@cache
def shipped(config: str) -> Reranker | None:
    """The model for ``config`` (one of ``CONFIGS``) fit on ``evals/``, if there is one."""
    path = model_path(config)
    return Reranker.from_json(path.read_text(encoding="utf-8")) if path.is_file() else None


def train(groups: Iterable[tuple[np.ndarray, int]], *, l2: float = L2,
          steps: int = 50) -> Reranker:  # fmt: skip
    """Fit on ``(features, right)`` groups, ``right`` being the place of the right
    candidate among the group's rows (groups with none right are no sample). Newton's
    method on the penalized log-likelihood, from zeros: the same groups give the same
    model."""
    kept = [(x[:DEPTH], r) for x, r in groups if 0 <= r < min(len(x), DEPTH)]
    if not kept:
        return Reranker(np.zeros(len(FEATURES)))
    sizes = np.array([len(x) for x, _ in kept])
    x = np.concatenate([x for x, _ in kept])
    starts = np.concatenate([[0], np.cumsum(sizes)[:-1]])
    group = np.repeat(np.arange(len(kept)), sizes)
    right = starts + np.array([r for _, r in kept])
    n = len(kept)

    def loss(w: np.ndarray) -> tuple[float, np.ndarray]:
        z = x @ w
        z = z - np.maximum.reduceat(z, starts)[group]
        e = np.exp(z)
        total = np.add.reduceat(e, starts)
        nll = float(np.log(total).sum() - z[right].sum()) + l2 * float(w @ w) / 2
        return nll / n, e / total[group]

    w = np.zeros(x.shape[1])
    current, p = loss(w)
    for _ in range(steps):
        mean = np.add.reduceat(p[:, None] * x, starts)  # per group: expected features
        grad = (mean.sum(axis=0) - x[right].sum(axis=0) + l2 * w) / n
        hess = ((x * p[:, None]).T @ x - mean.T @ mean + l2 * np.eye(len(w))) / n
        step = np.linalg.solve(hess + 1e-9 * np.eye(len(w)), grad)
        for _ in range(30):  # halved until the loss falls (Newton overshoots on flat ground)
            tried, p_tried = loss(w - step)
            if tried <= current:
                break
            step = step / 2
        else:
            break
        w, current, p = w - step, tried, p_tried
        if np.abs(step).max() < 1e-7:
            break
    return Reranker(w)
