"""The offline router: rank the whole index for one question, deterministically.

``rank`` runs in five steps:

1. **Signals.** BM25F over cards, optional embedding cosine, and (once outcomes were
   learned) neighbour votes, learned-term BM25 and answered-question centroids.
2. **Fusion** by reciprocal rank (weights in ``RouterConfig``).
3. **Declarations**: NOT parts, supersession and demotion, drafts, trust and health
   (``_priors``).
4. **Pins**: cards that answered a near-duplicate past question go first.
5. **Confidence and verdict.** Each card's *evidence* (how much of the question its text
   covers, how close its vector is, how similar the past question it answered was) is
   combined by noisy-OR and scaled by its fused score relative to the first card; the
   result is made monotone down the ranking. The first card's confidence decides the
   verdict; candidates are cut where confidence falls below ``cut_ratio`` of the first.
   A "nowhere" answer offers a person or chat channel when one has any evidence.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

import numpy as np

from sourcefinder.index.model import Index
from sourcefinder.routing._config import RouterConfig
from sourcefinder.routing._embed import Embedder, QueryCache, embed_cards
from sourcefinder.routing._fuse import Signal, ranked, rrf
from sourcefinder.routing._lexical import LexicalIndex
from sourcefinder.routing._memory import Memory, PastOutcome, Votes, vote
from sourcefinder.routing._priors import apply_declarations, successors
from sourcefinder.routing._text import surface_forms, terms

HUMAN_KINDS = frozenset({"person", "chat-channel"})


@dataclass(frozen=True)
class Scored:
    """One ranked card."""

    card_id: str
    confidence: float  # 0..1, calibrated-ish, monotone with rank
    reasons: tuple[str, ...]  # short human reasons for the place it got
    pinned: bool = False  # strong memory evidence: the router knows the answer is here
    via_cluster: str = ""  # the cluster id when the card is a cluster child


@dataclass(frozen=True)
class Ranking:
    """Where to look: candidates cut by confidence, a verdict, and the uncut ranking."""

    candidates: tuple[Scored, ...]
    verdict: str  # "confident" | "uncertain" | "nowhere"
    full: tuple[Scored, ...] = ()  # uncut, at least the top 10 (for hit@k and MRR)


class Router(Protocol):
    def rank(self, question: str, context: str = "") -> Ranking: ...


@dataclass
class _Memo:
    """What the memory said about one question (card positions)."""

    lexical: Votes | None = None
    semantic: Votes | None = None
    learned: dict[int, float] | None = None
    pinned: tuple[int, ...] = ()
    pin_sim: float = 0.0


class OfflineRouter:
    """Lexical + memory (+ optional semantic) routing over one index; see module doc."""

    def __init__(
        self,
        index: Index,
        *,
        memory: Memory | None = None,
        embedder: Embedder | None = None,
        config: RouterConfig | None = None,
        card_vectors: np.ndarray | None = None,
    ) -> None:
        self.index = index
        self.config = cfg = config or RouterConfig()
        self.memory = memory if memory is not None else Memory()
        self._cards = list(index.cards.values())
        self._pos = {c.id: i for i, c in enumerate(self._cards)}
        self._lex = LexicalIndex(self._cards, cfg.fields, cfg.k1)
        self._succ = successors(self._cards)
        self._trust = dict(cfg.trust_factors)
        self._cache: QueryCache | None = None
        self._vectors: np.ndarray | None = None
        if cfg.semantic and embedder is not None:
            if card_vectors is None:
                card_vectors = embed_cards(index, embedder)
            if card_vectors.shape[0] != len(self._cards):
                raise ValueError(
                    f"card_vectors has {card_vectors.shape[0]} rows for {len(self._cards)} cards"
                )
            self._vectors = np.asarray(card_vectors, dtype=np.float32)
            self._cache = QueryCache(embedder)

    # --- learning ---------------------------------------------------------------------

    def learn(self, outcome: PastOutcome) -> None:
        """Remember one finished session; the next ``rank`` already uses it."""
        vector = self._cache.get(outcome.question) if self._cache is not None else None
        self.memory.add(outcome, vector)

    def prime(self, questions: list[str]) -> None:
        """Embed many questions in batches ahead of ``rank``/``learn`` (a no-op when off)."""
        if self._cache is not None:
            self._cache.prime(questions)

    # --- ranking ----------------------------------------------------------------------

    def rank(self, question: str, context: str = "") -> Ranking:
        cfg = self.config
        n = len(self._cards)
        if n == 0:
            return Ranking((), "nowhere", ())
        qterms = dict.fromkeys(terms(question), 1.0)
        query = dict(qterms)
        for t in terms(context):
            query.setdefault(t, cfg.context_weight)
        forms = surface_forms(f"{question} {context}")

        lex = self._lexical(query)
        not_hits = self._lex.not_hits(query)
        mass = self._lex.query_mass(query)
        not_shares: dict[int, tuple[float, list[str]]] = {}
        for i, words in not_hits.items():
            hit = sum(query[t] * self._lex.term_idf(t) for t in words)
            not_shares[i] = (hit / mass if mass else 0.0, [forms.get(t, t) for t in words])
        signals = [ranked("lexical", cfg.w_lexical, lex, cfg.depth)]

        cos: np.ndarray | None = None
        qvec: np.ndarray | None = None
        if self._cache is not None and self._vectors is not None:
            qvec = self._cache.get(question)
            cos = self._vectors @ qvec
            signals.append(ranked("semantic", cfg.w_semantic, cos + 1.0, cfg.depth))

        memo = self._recall(qterms, qvec, signals)
        fused = rrf(signals, cfg.rrf_k)
        adj = apply_declarations(
            fused, self._cards, self._succ, question, not_shares,
            not_strength=cfg.not_strength, demoted_factor=cfg.demoted_factor,
            draft_factor=cfg.draft_factor, trust_factors=self._trust,
            health_weight=cfg.health_weight,
        )  # fmt: skip
        score = adj.score
        for i in memo.pinned:
            score.setdefault(i, 0.0)
        pinned = set(memo.pinned)
        order = sorted(score, key=lambda i: (i not in pinned, -score[i], i))
        depth = max(cfg.full_depth, 10)
        order = order[:depth]
        if len(order) < min(n, 10):
            seen = set(order)
            order += [i for i in range(n) if i not in seen][: min(n, 10) - len(order)]

        top = score.get(order[0], 0.0) if order else 0.0
        full: list[Scored] = []
        evidence: list[float] = []
        previous = 1.0
        for i in order:
            ev = self._evidence(i, query, cos, memo)
            rel = score.get(i, 0.0) / top if top > 0 else 0.0
            conf = ev * rel
            if i in pinned:
                conf = max(conf, memo.pin_sim)
            conf = min(conf, previous)
            previous = conf
            evidence.append(ev)
            reasons = self._reasons(i, query, forms, cos, memo, adj.notes.get(i, []))
            card = self._cards[i]
            full.append(Scored(card.id, round(conf, 4), reasons, i in pinned, card.extends))
        return self._verdict(full, evidence)

    def _lexical(self, query: dict[str, float]) -> np.ndarray:
        """BM25F over cards, plus the learned field once the memory holds answers."""
        weight = self.config.learned_field
        if weight <= 0 or not len(self.memory):
            return self._lex.score(query)
        learned: dict[str, tuple[np.ndarray, np.ndarray]] = {}
        for t, per_card in self.memory.learned_field(query).items():
            hits = [(self._pos[c], tf) for c, tf in per_card.items() if c in self._pos]
            if hits:
                pos, tfs = zip(*hits, strict=True)
                learned[t] = (np.asarray(pos, dtype=np.int32),
                              weight * np.asarray(tfs, dtype=np.float32))  # fmt: skip
        return self._lex.score_expanded(query, learned)

    def _recall(self, qterms: dict[str, float], qvec: np.ndarray | None,
                signals: list[Signal]) -> _Memo:  # fmt: skip
        cfg = self.config
        memo = _Memo()
        mem = self.memory
        if not len(mem):
            return memo
        pins: dict[int, float] = {}
        near = mem.lexical_neighbours(qterms, cfg.knn_k)
        memo.lexical = self._votes(mem, near, cfg.knn_min_lexical, 1.0)
        signals.append(self._signal("neighbours", cfg.w_neighbours, memo.lexical.score))
        self._pins(mem, near, cfg.pin_lexical, pins)
        if qvec is not None and mem.has_vectors:
            near_sem = mem.semantic_neighbours(qvec, cfg.knn_k)
            memo.semantic = self._votes(mem, near_sem, cfg.knn_min_semantic, 1.0)
            signals.append(self._signal("neighbours_sem", cfg.w_neighbours_sem,
                                        memo.semantic.score))  # fmt: skip
            self._pins(mem, near_sem, cfg.pin_semantic, pins)
            centroid = mem.centroid_scores(qvec)
            signals.append(self._signal("centroid", cfg.w_centroid,
                                        {c: s + 1.0 for c, s in centroid.items()}))  # fmt: skip
        learned = mem.learned_scores(qterms)
        signals.append(self._signal("learned", cfg.w_learned, learned))
        memo.learned = {self._pos[c]: s for c, s in learned.items() if c in self._pos}
        best = sorted(pins, key=lambda i: (-pins[i], i))[: cfg.max_pinned]
        memo.pinned = tuple(best)
        memo.pin_sim = max(pins.values()) if pins else 0.0
        return memo

    def _votes(self, mem: Memory, near: list[tuple[int, float]], floor: float,
               ceiling: float) -> Votes:  # fmt: skip
        """Votes with similarities rescaled so ``floor`` maps to 0 and ``ceiling`` to 1."""
        span = max(1e-6, ceiling - floor)
        scaled = [(d, (s - floor) / span) for d, s in near if s >= floor]
        return vote(mem, scaled, self.config.knn_power, 0.0)

    def _pins(self, mem: Memory, near: list[tuple[int, float]], at: float,
              pins: dict[int, float]) -> None:  # fmt: skip
        """Cards that near-duplicates (similarity >= ``at``) agree on, net of failures."""
        dup = [(d, s) for d, s in near if s >= at]
        if not dup:
            return
        votes = vote(mem, dup, 1.0, at)
        for card_id, net in votes.score.items():
            i = self._pos.get(card_id)
            if i is not None and net > 0:
                pins[i] = max(pins.get(i, 0.0), votes.best[card_id][0])

    def _signal(self, name: str, weight: float, by_id: dict[str, float]) -> Signal:
        dense = np.zeros(len(self._cards), dtype=np.float32)
        for card_id, s in by_id.items():
            i = self._pos.get(card_id)
            if i is not None:
                dense[i] = s
        return ranked(name, weight, dense, self.config.depth)

    # --- confidence, verdict, reasons -------------------------------------------------

    def _evidence(self, i: int, query: dict[str, float], cos: np.ndarray | None,
                  memo: _Memo) -> float:  # fmt: skip
        """Absolute support for card ``i`` in 0..1, by noisy-OR over the signals."""
        cfg = self.config
        parts = [min(1.0, self._lex.coverage(i, query) / cfg.coverage_full)]
        if cos is not None:
            span = max(1e-6, cfg.cos_full - cfg.cos_floor)
            parts.append(float(np.clip((cos[i] - cfg.cos_floor) / span, 0.0, 1.0)))
        card_id = self._cards[i].id
        for votes in (memo.lexical, memo.semantic):
            if votes is not None and votes.score.get(card_id, 0.0) > 0:
                parts.append(min(1.0, votes.best[card_id][0]))
        miss = 1.0
        for p in parts:
            miss *= 1.0 - p
        return 1.0 - miss

    def _verdict(self, full: list[Scored], evidence: list[float]) -> Ranking:
        cfg = self.config
        if not full:
            return Ranking((), "nowhere", ())
        first = full[0]
        if first.pinned or first.confidence >= cfg.confident_at:
            verdict = "confident"
        elif first.confidence < cfg.nowhere_below:
            verdict = "nowhere"
        else:
            verdict = "uncertain"
        if verdict == "nowhere":
            humans = [s for s, ev in zip(full, evidence, strict=True)
                      if ev > 0 and self.index.cards[s.card_id].kind in HUMAN_KINDS]  # fmt: skip
            return Ranking(tuple(humans[:1]), verdict, tuple(full))
        floor = max(cfg.min_confidence, cfg.cut_ratio * first.confidence)
        cut = [s for s in full if s.pinned or s.confidence >= floor][: cfg.max_candidates]
        return Ranking(tuple(cut), verdict, tuple(full))

    def _reasons(
        self,
        i: int,
        query: dict[str, float],
        forms: dict[str, str],
        cos: np.ndarray | None,
        memo: _Memo,
        notes: list[str],
    ) -> tuple[str, ...]:
        card = self._cards[i]
        out: list[str] = []
        if i in memo.pinned:
            out.append("pinned: a near-identical past question was answered here")
        out.extend(notes)
        for votes in (memo.lexical, memo.semantic):
            if votes is None:
                continue
            won, lost = votes.support.get(card.id, 0), votes.against.get(card.id, 0)
            if won:
                out.append(f"worked for {won} similar past question{'s' * (won > 1)}")
            if lost:
                out.append(f"failed for {lost} similar past question{'s' * (lost > 1)}")
            if won or lost:
                break
        for field, hits in self._lex.matched_fields(i, query).items():
            words = ", ".join(f"'{forms.get(t, t)}'" for t in hits[:3])
            out.append(f"{field} matches {words}")
        if memo.learned and memo.learned.get(i, 0.0) > 0 and not any("worked" in r for r in out):
            out.append("terms of this question were answered here before")
        if cos is not None:
            out.append(f"close in meaning (cosine {float(cos[i]):.2f})")
        if card.extends:
            out.append(f"in cluster {card.extends}")
        return tuple(out[:6])
