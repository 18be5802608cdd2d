"""``RouterConfig``: every knob of the offline router, in one frozen record.

Signals fused by reciprocal rank (``_fuse``), each with its weight:

==================  ==========================================================  =======
signal              what ranks the cards                                        weight
==================  ==========================================================  =======
lexical             BM25F over the whole card (``_lexical``)                    1.0
semantic            cosine of question and card passage vectors (optional)      1.0
neighbours          votes of the most similar past questions (tf-idf cosine)    1.5
neighbours_sem      votes of the most similar past questions (embeddings)       1.5
learned             BM25 over the questions each card answered                  1.0
centroid            cosine to each card's mean answered-question vector         1.0
==================  ==========================================================  =======

The memory signals only speak once something was learned, so a cold router is lexical
(plus semantic when on); as outcomes accumulate, the memory signals outvote them.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from sourcefinder.routing._lexical import FieldWeights


@dataclass(frozen=True)
class RouterConfig:
    """Weights and thresholds of ``OfflineRouter`` (defaults chosen by measurement)."""

    # Lexical: field weights, BM25 saturation, and how much ``context`` terms count.
    fields: FieldWeights = field(default_factory=FieldWeights)
    k1: float = 1.2
    context_weight: float = 0.4
    # Weight of one occurrence in the learned field (answered questions appended to the
    # card they found; 0 keeps the lexical signal to the card text alone).
    learned_field: float = 1.0

    # Fusion: RRF constant, how deep each signal is read, and the signal weights.
    rrf_k: float = 20.0
    depth: int = 50
    w_lexical: float = 1.0
    w_semantic: float = 1.0
    w_neighbours: float = 1.5
    w_neighbours_sem: float = 1.5
    w_learned: float = 1.0
    w_centroid: float = 1.0
    # Embed questions when an embedder is given (costs one model call per new question).
    semantic: bool = True

    # Memory: neighbours read, vote sharpness, the least similarity that may vote, and
    # the similarity at which a past answer is pinned first.
    knn_k: int = 10
    knn_power: float = 2.0
    knn_min_lexical: float = 0.2
    knn_min_semantic: float = 0.80
    pin_lexical: float = 0.85
    pin_semantic: float = 0.96
    max_pinned: int = 2

    # Declarations: NOT part, demotion, drafts, trust and health priors (``_priors``).
    not_strength: float = 3.0
    demoted_factor: float = 0.5
    draft_factor: float = 0.85
    trust_factors: tuple[tuple[str, float], ...] = (
        ("primary", 1.0),
        ("secondary", 0.97),
        ("archive", 0.92),
    )
    health_weight: float = 0.1

    # Confidence: where absolute evidence saturates (lexical coverage of the question's
    # idf mass; cosine, e5-small's scale), verdict thresholds, and the candidate cut.
    coverage_full: float = 0.6
    cos_floor: float = 0.80
    cos_full: float = 0.92
    confident_at: float = 0.5
    nowhere_below: float = 0.15
    cut_ratio: float = 0.5
    min_confidence: float = 0.05
    max_candidates: int = 8
    full_depth: int = 20
