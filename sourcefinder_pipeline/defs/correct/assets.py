"""Correct: verified claims become card deltas; gated deltas are published."""

from __future__ import annotations

from dagster import MaterializeResult, MetadataValue, asset

from sourcefinder_pipeline.resources import NightShiftResource


@asset(group_name="correct", deps=["verified_claims", "probe_results"], kinds={"python"})
def card_deltas(night: NightShiftResource) -> MaterializeResult:
    """Field-level edits from verified claims and the probe sweep, staged on a copy of the
    worktree: health counters, probe marks and last_verified (automatic); splits, draft
    cards, rewrite flags, undeclared twins, foundation edges and stale how-tos proposed for
    review in proposed-deltas.md."""
    shift = night.night()
    plan = shift.deltas()
    gate = plan["gate"]
    kinds: dict[str, int] = {}
    for p in plan["proposals"]:
        kinds[p["kind"]] = kinds.get(p["kind"], 0) + 1
    return MaterializeResult(metadata={
        "delta_groups": len(plan["groups"]),
        "edits": sum(len(g["edits"]) for g in plan["groups"]),
        "probe_marks": sum(e["op"] == "set_probe_mark" for g in plan["groups"]
                           for e in g["edits"]),
        "held_for_review": len(plan["held"]),
        "proposals": len(plan["proposals"]),
        **{f"proposed_{k}": n for k, n in sorted(kinds.items())},
        "gate_passed": gate["passed"],
        "baseline_hit_at_1": gate["baseline_hit_at_1"],
        "candidate_hit_at_1": gate["candidate_hit_at_1"],
        "review_file": MetadataValue.path(str(shift.paths.proposals))})


@asset(group_name="correct", deps=["card_deltas"], kinds={"python"})
def published_index(night: NightShiftResource) -> MaterializeResult:
    """The worktree with tonight's gated deltas applied as minimal text edits, linted,
    built and published atomically (the server switches to it on its next request)."""
    shift = night.night()
    outcome = shift.publish()
    return MaterializeResult(metadata={
        "published": outcome["published"], "version": outcome.get("version") or "none",
        "delta_groups": len(outcome.get("groups", [])), "edits": outcome.get("edits", 0),
        "reason": outcome.get("reason", "")})


@asset(group_name="correct", deps=["published_index"], kinds={"python"})
def condensed_index(night: NightShiftResource) -> MaterializeResult:
    """The condensed index of the published version: one line per source and per cluster
    top card, discriminator only; what every tool description carries."""
    pub = night.night().published()
    return MaterializeResult(metadata={
        "version": pub.version, "lines": len(pub.condensed.splitlines()),
        "chars_full": len(pub.condensed), "chars_budgeted": len(pub.condensed_budget),
        "preview": MetadataValue.md("```\n" + pub.condensed_budget[:1500] + "\n```")})
