"""Verify: feedback becomes claims, and claims are checked before anything changes."""

from __future__ import annotations

from collections import Counter

from dagster import MaterializeResult, MetadataValue, asset

from sourcefinder_pipeline.resources import NightShiftResource


@asset(group_name="verify", deps=["episodes"], kinds={"python"})
def claims(night: NightShiftResource) -> MaterializeResult:
    """What each piece of feedback claims about which card: overpromise (suggested, tried,
    failed), discovery (better source or found elsewhere), unknown term, missing foundation
    edge, and the worked claims behind health counters."""
    shift = night.night()
    found = shift.claims()
    kinds = Counter(c.kind for c in found)
    return MaterializeResult(metadata={
        "claims": len(found), "clients": len({c.client for c in found}),
        **{f"kind_{k}": n for k, n in sorted(kinds.items())},
        "path": MetadataValue.path(str(shift.paths.claims))})


@asset(group_name="verify", deps=["claims", "probe_results"], kinds={"python"})
def verified_claims(night: NightShiftResource) -> MaterializeResult:
    """Claims after verification: probes re-run where cards have them (tonight's sweep
    results reused when it covered the card), other episodes
    cross-examined, independent clients required (distinct ids; a client repeating itself
    counts once; discredited clients set aside), with the evidence kept."""
    shift = night.night()
    result = shift.verify()
    verdicts = result.by_verdict()
    top = [f"{v.kind} {v.subject} ({len(v.supporters)} clients)"
           for v in result.claims if v.verdict == "verified"][:5]
    return MaterializeResult(metadata={
        "verified": verdicts.get("verified", 0), "pending": verdicts.get("pending", 0),
        "rejected": verdicts.get("rejected", 0),
        "cards_probed": len(result.probes),
        "discredited_clients": ", ".join(sorted(result.discredited)) or "none",
        "top_verified": MetadataValue.md("\n".join(f"- {t}" for t in top) or "none"),
        "path": MetadataValue.path(str(shift.paths.verified))})
