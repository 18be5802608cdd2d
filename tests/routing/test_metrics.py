"""sourcefinder.evals.metrics (kept beside the routing tests that use it)."""

from __future__ import annotations

from sourcefinder.evals.metrics import (
    hit_at,
    nowhere_accuracy,
    percentile,
    reciprocal_rank,
    score_rankings,
)


def test_hit_at_k_counts_any_gold_id() -> None:
    assert hit_at(["a", "b", "c"], ["c", "z"], 3)
    assert not hit_at(["a", "b", "c"], ["c"], 2)


def test_reciprocal_rank_stops_at_k() -> None:
    assert reciprocal_rank(["a", "b"], ["b"]) == 0.5
    assert reciprocal_rank(["x"] * 10 + ["b"], ["b"], k=10) == 0.0


def test_scores_skip_nowhere_questions() -> None:
    scores = score_rankings([(["a", "b"], ["a"]), (["a", "b"], ["b"]), (["a"], [])])
    assert scores.questions == 2
    assert scores.hit_at_1 == 0.5
    assert scores.hit_at_5 == 1.0
    assert scores.mrr_at_10 == 0.75


def test_nowhere_accuracy_and_percentile() -> None:
    assert nowhere_accuracy([("nowhere", []), ("confident", []), ("nowhere", ["a"])]) == 0.5
    assert percentile([5.0, 1.0, 3.0], 0.5) == 3.0
    assert percentile([], 0.5) == 0.0
