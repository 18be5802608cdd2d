"""Gates on tonight's deltas (blocking: nothing is published past them) and a check on
the resolved cards of the published index."""

from __future__ import annotations

import polars as pl
from dagster import AssetCheckResult, AssetCheckSeverity, asset_check

from sourcefinder.index import lint
from sourcefinder.nightshift.expectations import validate_cards
from sourcefinder.nightshift.state import read_json
from sourcefinder_pipeline.defs.correct.assets import card_deltas, published_index
from sourcefinder_pipeline.resources import NightShiftResource


@asset_check(asset=card_deltas, blocking=True)
def candidate_lints_clean(night: NightShiftResource) -> AssetCheckResult:
    """The staged candidate index has no lint errors."""
    errors = [d for d in lint(night.night().paths.candidate) if d.level == "error"]
    return AssetCheckResult(passed=not errors, metadata={
        "errors": len(errors), "first": str(errors[0]) if errors else "none"})


@asset_check(asset=card_deltas, blocking=True)
def eval_gate(night: NightShiftResource) -> AssetCheckResult:
    """Tonight's deltas do not lower hit@1 on the standing suite by more than the tolerance;
    when they do, the delta groups responsible are named."""
    gate = read_json(night.night().paths.deltas, {})["gate"]
    return AssetCheckResult(passed=gate["passed"], metadata={
        "baseline_hit_at_1": gate["baseline_hit_at_1"],
        "candidate_hit_at_1": gate["candidate_hit_at_1"], "tolerance": gate["tolerance"],
        "responsible": ", ".join(gate["culprits"]) or "none",
        "refused": ", ".join(gate["refused"]) or "none", "evaluations": gate["evaluations"]})


@asset_check(asset=published_index)
def resolved_cards_match_expectations(night: NightShiftResource) -> AssetCheckResult:
    """Resolved cards have unique ids, the required fields, and enum values in range."""
    cards = night.night().published().index.cards
    frame = pl.DataFrame([{"id": c.id, "what": c.what, "kind": c.kind, "scope": c.scope,
                           "trust": c.trust, "status": c.status} for c in cards.values()])
    result = validate_cards(frame.to_pandas())
    return AssetCheckResult(passed=result.success, severity=AssetCheckSeverity.ERROR,
                            metadata={"cards": result.rows,
                                      "failed": ", ".join(result.failed) or "none"})
