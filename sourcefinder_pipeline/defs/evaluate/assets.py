"""Evaluate: the standing suite on the published index, and the lever ranking."""

from __future__ import annotations

from dagster import MaterializeResult, MetadataValue, asset

from sourcefinder_pipeline.resources import NightShiftResource


@asset(group_name="evaluate", deps=["published_index"], kinds={"python"})
def eval_results(night: NightShiftResource) -> MaterializeResult:
    """The standing labeled suite replayed on the published index: hit@1/@k, MRR,
    abstention, per class; plus the live first-suggestion hit rate from the log."""
    shift = night.night()
    r = shift.evaluate()
    worst = sorted(((c, t["hit_at_1"]) for c, t in r["by_class"].items()
                    if t["hit_at_1"] is not None), key=lambda x: x[1])[:5]
    return MaterializeResult(metadata={
        "index_version": r["index_version"], "questions": r["n"],
        "hit_at_1": r["hit_at_1"], "hit_at_k": r["hit_at_k"], "mrr_at_10": r["mrr_at_10"],
        "abstain_recall": r["abstain_recall"] or 0.0,
        "live_first_suggestion_hit_rate": r["live"]["first_suggestion_hit_rate"] or 0.0,
        "weakest_classes": MetadataValue.md("\n".join(f"- {c}: {h}" for c, h in worst))})


@asset(group_name="evaluate", deps=["eval_results"], kinds={"python"})
def lever_ranking(night: NightShiftResource) -> MaterializeResult:
    """Failures from the eval and from live sessions, each decomposed into the one lever it
    indicts, ranked by count: the night shift's work queue."""
    shift = night.night()
    rows = shift.levers()
    return MaterializeResult(metadata={
        **{f"lever_{r['lever'].replace(' ', '_')}": r["total"] for r in rows},
        "top_levers": MetadataValue.md("\n".join(
            f"{i}. {r['lever']}: {r['total']} (eval {r['eval']}, live {r['live']})"
            for i, r in enumerate(rows, 1))),
        "path": MetadataValue.path(str(shift.paths.levers))})
