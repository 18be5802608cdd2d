"""The first candidates put in order again, by a model learned across organizations.

The router fuses its signals by rank with fixed weights, then applies declarations and
confidences by rule. Which signal to believe differs from question to question in ways no
fixed weight holds: a person the question's phrasing wants is worth more the surer that
phrasing is, and less than that past a point; a card far ahead in word vectors but behind
on words is right more often when it covers more of the question. A conditional logit
(a softmax over the first ``DEPTH`` candidates, linear in the ``FEATURES`` that
``describe`` gives each) learns how much each thing the router already knows counts when
choosing among its own leaders, and ``Reranker.order`` puts them (``REORDER``) in that
order. Besides what ranked it, a candidate is described by where the question's words
are in its card (the idf share of the question each lexical field has: a word in the
discriminator is the card's subject, one in a gotcha may be a warning) and, in static word
vectors, how near the question is to its discriminator, its contents and its nearest
example query (the card's vector is their mean, which blurs a question put like one
example). Each feature comes twice: as the candidate has it (``OWN``), and less the best
the other candidates have (``against_others``), since a card's worth is how it stands
against its rivals. A layer of ``HIDDEN`` rectified units over the same features
(``Hidden``) adds what no single weight can say: how one signal counts depends on another
(word vectors count for more where the words alone are thin, a person for less where a
document covers the question well).

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
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, Protocol

import numpy as np

from sourcefinder.routing._lexical import FIELDS as LEXICAL_FIELDS

CONFIGS = ("default", "static", "lexical")
DEPTH = 10  # candidates described
# places put in order again: all ten. Held out (five folds, 694 organizations, static),
# ordering only the first five left the right card where it was whenever it was sixth to
# tenth; ordering all ten put 376 more of 72,942 in the top five (70,028 -> 70,404) for
# 3 fewer right first, nowhere-questions caught and "nowhere" answers unchanged
REORDER = DEPTH
L2 = 1.0
# the hidden layer. Held out (five folds by organization, 694 organizations, each routed
# with the models fit without it; ``bench/train_rerank.py --folds 5``), the linear model
# alone -> with the layer, of 72,942 answerable questions: default 60,444 -> 60,684 right
# first, 70,769 -> 70,874 in the top five, "nowhere" answers 2,321 -> 2,282, nowhere-
# questions caught 11,303 -> 11,288 of 13,886; static 59,664 -> 59,860 right first;
# lexical 58,177 -> 58,331. Three seeds averaged were worth 30 more right first (of the
# recorded candidates, default), not three times the file
HIDDEN = 32
EPOCHS = 30
DECAY = 1e-3  # weight decay in the hidden layer's fit
# signals whose reciprocal rank each candidate carries (``_fuse.Signal.name``)
SIGNALS = ("lexical", "rules_out", "primer", "owner", "human", "sent", "code", "key",
           "static", "semantic")  # fmt: skip
OWN = (
    *(f"place_{k}" for k in range(1, DEPTH)),  # place 0 is the baseline
    "own", "own_gap", "held", "evidence", "score_log", "score_share", "fused_log",
    "fused_share", "coverage", "lexical_share", "lexical_lead", "static_cos", "static_gap",
    "semantic_cos", "semantic_gap",
    *(f"rank_{s}" for s in SIGNALS),
    "askable", "askable_asker", "askable_asker2", "askable_seldom", "excluded", "not_only",
    "rules_out", "out_of_period", "dismissed", "pinned", "reasons", "superseded", "successor",
    "cluster_child", "secondary", "archive", "external", "best_coverage", "coverage_gap",
    # where the question's words are in the card, and how near it is to the card's parts.
    # Recorded static candidates, five folds, weights and layer: right first 59,856 ->
    # 60,063 with the fields, 60,168 with the nearest example, 60,376 with both, 60,414
    # with the discriminator and contents too (top five 70,485 -> 70,546); 64 hidden units
    # instead of 32 no better. The same three in e5 as well (the default, on the 17,267 of
    # 72,876 questions e5 is asked; each example query embedded at build): recorded, right
    # first 61,205 -> 61,268, top five 71,000 -> 70,987; held out 61,488 -> 61,527 right
    # first, 71,063 -> 71,067 top five, organizations meeting every target 257 -> 257, more
    # right first in 262 and fewer in 235; MetaTool cold hit@1 0.546 -> 0.540. Not kept;
    # nor the static cosine of the question with the card's NOT part and with the items of
    # other cards' NOT parts that name it (from any card, or from one of the ten): recorded
    # static candidates, five folds, right first 60,398 -> 60,393, top five 70,559 -> 70,548
    *(f"in_{f}" for f in LEXICAL_FIELDS), "example_cos", "what_cos", "contains_cos",
)  # fmt: skip
# each of those against the best of the other candidates: how far a card leads or trails on
# every signal, which no weight on its own value can say. Recorded static candidates, five
# folds (694 organizations), weights and layer: right first 59,732 -> 59,849, top five
# 70,432 -> 70,483; against the best of all ten (the leader's own lead then lost) 59,841,
# with the mean of the ten as well 59,842: the same within the seeds' spread
FEATURES = (*OWN, *(f"{name}_vs_others" for name in OWN))
_AT = {name: k for k, name in enumerate(OWN)}
# the columns ``_own`` fills by name, looked up once
_PLACE_AT = {k: _AT[f"place_{k}"] for k in range(1, DEPTH)}
_RANK_AT = {name: _AT[f"rank_{name}"] for name in SIGNALS}
_FLAG_AT = tuple((name, _AT[name]) for name in (
    "out_of_period", "dismissed", "pinned", "superseded", "successor", "cluster_child",
    "secondary", "archive", "external"))  # fmt: skip
_FIELD_AT = tuple(_AT[f"in_{f}"] for f in LEXICAL_FIELDS)
_PART_AT = tuple((name, _AT[name]) for name in ("example_cos", "what_cos", "contains_cos"))


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
    secondary: bool  # its trust
    archive: bool
    external: bool  # its scope
    fields: Sequence[float] = ()  # idf share of the question it matches in each lexical field
    example_cos: float | None = None  # static cosine of the question with its nearest example
    what_cos: float | None = None  # ... with its discriminator
    contains_cos: float | None = None  # ... with its contents


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
    """One row of ``FEATURES`` per candidate: its own (``OWN``), then each less the best
    of the other candidates' (``against_others``)."""
    return against_others(_own(cands, ctx))


def against_others(x: np.ndarray) -> np.ndarray:
    """``x`` (a row a candidate) with each column less the best of the other rows' beside
    it; a lone row is its own other."""
    if len(x) < 2:
        return np.concatenate([x, np.zeros_like(x)], axis=1)
    top2 = np.sort(x, axis=0)[-2:]
    others = np.where(x >= top2[1], top2[0], top2[1])
    return np.concatenate([x, x - others], axis=1)


def _own(cands: Sequence[Candidate], ctx: Context) -> np.ndarray:
    rows = [[0.0] * len(OWN) for _ in cands]  # (lists: a numpy item is slow to set)
    top_own = max((c.own for c in cands), default=0.0)
    top_score = max((c.score for c in cands), default=0.0)
    top_fused = max((c.fused for c in cands), default=0.0)
    best_cov = max((c.coverage for c in cands), default=0.0)
    for k, c in enumerate(cands):
        row = rows[k]
        if 0 < k < DEPTH:
            row[_PLACE_AT[k]] = 1.0
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
            if name in _RANK_AT:
                row[_RANK_AT[name]] = 1.0 / rank
        if c.askable:
            row[_AT["askable"]] = 1.0
            row[_AT["askable_asker"]] = ctx.asker
            row[_AT["askable_asker2"]] = ctx.asker * ctx.asker
            row[_AT["askable_seldom"]] = ctx.seldom
        row[_AT["excluded"]], row[_AT["not_only"]] = c.excluded, c.not_only
        row[_AT["rules_out"]] = math.log1p(max(0.0, c.rules_out))
        row[_AT["reasons"]] = min(c.reasons, 10) / 10
        row[_AT["best_coverage"]], row[_AT["coverage_gap"]] = best_cov, c.coverage - best_cov
        for name, at in _FLAG_AT:
            row[at] = float(getattr(c, name))
        for at, share in zip(_FIELD_AT, c.fields, strict=False):
            row[at] = share
        for name, at in _PART_AT:
            if (value := getattr(c, name)) is not None:
                row[at] = value
    return np.array(rows, dtype=float).reshape(len(cands), len(OWN))


class Reorders(Protocol):
    def order(self, features: np.ndarray, ids: Sequence[str]) -> list[int]:
        """A new order of the candidates whose ``features`` are given (``ids``: their
        cards), as their places in the old."""
        ...


@dataclass(frozen=True)
class Hidden:
    """Rectified units over the standardized features; their weighted sum joins the
    linear score."""

    mean: np.ndarray  # (features,)
    scale: np.ndarray  # (features,)
    weights: np.ndarray  # (features, units)
    bias: np.ndarray  # (units,)
    out: np.ndarray  # (units,)

    def scores(self, features: np.ndarray) -> np.ndarray:
        z = (features - self.mean) / self.scale
        return np.asarray(np.maximum(z @ self.weights + self.bias, 0.0) @ self.out)

    def to_dict(self) -> dict[str, object]:
        def r(a: np.ndarray) -> list[float]:
            return [round(float(v), 6) for v in a]

        return {"mean": dict(zip(FEATURES, r(self.mean), strict=True)),
                "scale": dict(zip(FEATURES, r(self.scale), strict=True)),
                "weights": {f: r(row) for f, row in zip(FEATURES, self.weights, strict=True)},
                "bias": r(self.bias), "out": r(self.out)}  # fmt: skip

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Hidden:
        """By feature name: a feature the file lacks has no say in the layer."""
        try:
            mean, scale, weights = d["mean"], d["scale"], d["weights"]
            unknown = (set(mean) | set(scale) | set(weights)) - set(FEATURES)
            if unknown:
                raise ValueError(f"unknown features: {sorted(unknown)}")
            bias, out = np.array(d["bias"], dtype=float), np.array(d["out"], dtype=float)
            layer = cls(np.array([float(mean.get(f, 0.0)) for f in FEATURES]),
                        np.array([float(scale.get(f, 1.0)) for f in FEATURES]),
                        np.array([weights.get(f, [0.0] * len(bias)) for f in FEATURES],
                                 dtype=float),
                        bias, out)  # fmt: skip
        except (KeyError, TypeError, AttributeError, ValueError) as exc:
            raise ValueError(f"hidden layer malformed: {exc}") from exc
        units = len(layer.bias)
        if layer.out.shape != (units,) or layer.weights.shape != (len(FEATURES), units):
            raise ValueError("hidden layer malformed: its units disagree in number")
        if not all(np.isfinite(a).all() for a in (layer.mean, layer.scale, layer.weights,
                                                   layer.bias, layer.out)):  # fmt: skip
            raise ValueError("hidden layer malformed: a value is not a finite number")
        if not np.all(layer.scale > 0):
            raise ValueError("hidden layer malformed: a scale is not positive")
        return layer


@dataclass(frozen=True)
class Reranker:
    """Linear scores over ``FEATURES``, plus a ``Hidden`` layer's if it has one; the first
    ``REORDER`` candidates by score."""

    weights: np.ndarray
    hidden: Hidden | None = None

    def scores(self, features: np.ndarray) -> np.ndarray:
        s = features @ self.weights
        return s + self.hidden.scores(features) if self.hidden is not None else s

    def order(self, features: np.ndarray, ids: Sequence[str] = ()) -> list[int]:
        """The first ``REORDER`` by score (ties keep their order), the rest where they
        were."""
        head = min(REORDER, len(features))
        s = self.scores(features[:head])
        return sorted(range(head), key=lambda k: (-s[k], k)) + list(range(head, len(features)))

    def to_json(self) -> str:
        named = {f: round(float(w), 5) for f, w in zip(FEATURES, self.weights, strict=True)}
        out: dict[str, object] = {"features": named}
        if self.hidden is not None:
            out["hidden"] = self.hidden.to_dict()
        text = json.dumps(out, indent=0)  # a line a weight, a feature's units on one line
        return re.sub(r"\[\n([^\]]*)\n\]", lambda m: f"[{m[1].replace(chr(10), ' ')}]", text) + "\n"

    @classmethod
    def from_json(cls, text: str) -> Reranker:
        """Weights by feature name: a feature the file lacks weighs nothing."""
        data = json.loads(text)
        named = data["features"]
        unknown = set(named) - set(FEATURES)
        if unknown:
            raise ValueError(f"re-ranking model has unknown features: {sorted(unknown)}")
        weights = np.array([float(named.get(f, 0.0)) for f in FEATURES])
        if not np.isfinite(weights).all():
            raise ValueError("re-ranking model has a weight that is not a finite number")
        if "hidden" not in data:
            return cls(weights)
        try:
            return cls(weights, Hidden.from_dict(data["hidden"]))
        except ValueError as exc:
            raise ValueError(f"re-ranking model: {exc}") from exc


def model_path(config: str) -> Path:
    return Path(__file__).with_name(f"rerank_{config}.json")


@cache
def shipped(config: str) -> Reranker | None:
    """The model for ``config`` (one of ``CONFIGS``) fit on ``evals/``, if there is one."""
    path = model_path(config)
    return Reranker.from_json(path.read_text(encoding="utf-8")) if path.is_file() else None


def train(groups: Iterable[tuple[np.ndarray, int]], *, l2: float = L2, steps: int = 50,
          hidden: int = HIDDEN, epochs: int = EPOCHS, seed: int = 0) -> Reranker:  # fmt: skip
    """Fit on ``(features, right)`` groups, ``right`` being the place of the right
    candidate among the group's rows (groups with none right are no sample). The linear
    weights by Newton's method on the penalized log-likelihood, from zeros; then, with
    ``hidden`` units, those and the layer's together by Adam from there (``_fit_hidden``).
    The same groups and ``seed`` give the same model."""
    kept = [(x[:DEPTH], r) for x, r in groups if 0 <= r < min(len(x), DEPTH)]
    if not kept:
        return Reranker(np.zeros(len(FEATURES)))
    w = _fit_linear(kept, l2, steps)
    if hidden <= 0:
        return Reranker(w)
    return _fit_hidden(kept, w, units=hidden, epochs=epochs, seed=seed)


def _fit_linear(kept: list[tuple[np.ndarray, int]], l2: float, steps: int) -> np.ndarray:
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
    return w


def _fit_hidden(kept: list[tuple[np.ndarray, int]], w: np.ndarray, *, units: int,
                epochs: int, seed: int, batch: int = 512,
                rate: float = 3e-3) -> Reranker:  # fmt: skip
    """Softmax over each group of the linear score plus ``units`` rectified units, by
    Adam on minibatches (shuffled by ``seed``), the linear part starting from ``w`` and
    the layer's output from zero, so the fit starts where the linear model ends."""
    n, f = len(kept), len(FEATURES)
    x = np.zeros((n, DEPTH, f), dtype=np.float32)
    mask = np.zeros((n, DEPTH), dtype=bool)
    for i, (g, _) in enumerate(kept):
        x[i, : len(g)], mask[i, : len(g)] = g, True
    right = np.array([r for _, r in kept])
    rows = x[mask]
    mean, sd = rows.mean(axis=0), rows.std(axis=0)
    scale = np.where(sd > 1e-6, sd, 1.0).astype(np.float32)
    z = np.where(mask[..., None], (x - mean) / scale, 0.0).astype(np.float32)
    rng = np.random.default_rng(seed)
    params = {"w": (w * scale).astype(np.float32),
              "W": (rng.standard_normal((f, units)) * 0.1).astype(np.float32),
              "b": np.zeros(units, np.float32), "v": np.zeros(units, np.float32)}  # fmt: skip
    m1 = {k: np.zeros_like(v) for k, v in params.items()}
    m2 = {k: np.zeros_like(v) for k, v in params.items()}
    t = 0
    for _ in range(epochs):
        order = rng.permutation(n)
        for i in range(0, n, batch):
            idx = order[i : i + batch]
            zb, mb, b = z[idx], mask[idx], len(idx)
            a = zb @ params["W"] + params["b"]
            h = np.maximum(a, 0.0)
            s = np.where(mb, zb @ params["w"] + h @ params["v"], -np.inf)
            p = np.exp(s - s.max(axis=1, keepdims=True))
            g = p / p.sum(axis=1, keepdims=True)
            g[np.arange(b), right[idx]] -= 1.0
            g /= b  # d(mean loss)/d(score); zero on padding
            gh = (g[..., None] * params["v"] * (a > 0)).reshape(-1, units)
            flat = zb.reshape(-1, f)
            grads = {"w": flat.T @ g.reshape(-1), "v": h.reshape(-1, units).T @ g.reshape(-1),
                     "W": flat.T @ gh, "b": gh.sum(axis=0)}  # fmt: skip
            t += 1
            for k, value in params.items():
                gk = grads[k] + DECAY * value
                m1[k] = 0.9 * m1[k] + 0.1 * gk
                m2[k] = 0.999 * m2[k] + 0.001 * gk * gk
                step = rate * (m1[k] / (1 - 0.9**t)) / (np.sqrt(m2[k] / (1 - 0.999**t)) + 1e-8)
                value -= step.astype(np.float32)
    layer = Hidden(mean.astype(float), scale.astype(float), params["W"].astype(float),
                   params["b"].astype(float), params["v"].astype(float))  # fmt: skip
    return Reranker(params["w"].astype(float) / layer.scale, layer)
