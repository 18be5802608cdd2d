"""Report: the coverage matrix and the gap report, the one artifact filed for people."""

from __future__ import annotations

from dagster import MaterializeResult, MetadataValue, asset

from sourcefinder_pipeline.resources import NightShiftResource


@asset(group_name="report", deps=["eval_results"], kinds={"python"})
def coverage_matrix(night: NightShiftResource) -> MaterializeResult:
    """Question classes × best internal source × best external source × gap."""
    shift = night.night()
    rows = shift.coverage()
    gaps = [r for r in rows if r["gap"] != "covered"]
    return MaterializeResult(metadata={
        "classes": len(rows), "uncovered": sum(r["gap"] == "uncovered" for r in rows),
        "weak": sum(r["gap"] == "weak" for r in rows),
        "top_gaps": MetadataValue.md("\n".join(
            f"- {r['cls']}: {r['gap']} (gap score {r['gap_score']})" for r in gaps[:5])
            or "none"),
        "path": MetadataValue.path(str(shift.paths.coverage))})


@asset(group_name="report",
       deps=["coverage_matrix", "verified_claims", "probe_results", "watched_sources"],
       kinds={"python"})
def gap_report(night: NightShiftResource) -> MaterializeResult:
    """Ranked unmet information needs with the evidence attached (markdown): unmet needs,
    unknown terms, onboarding debt, rising question classes, watched sources no card
    covers, coverage gaps, and failing example probes (stale how-tos first)."""
    shift = night.night()
    text, ranked = shift.gap_report()
    return MaterializeResult(metadata={
        "entries": len(ranked),
        "top_gaps": MetadataValue.md("\n".join(
            f"{i}. {e['kind']}: {e['subject']} ({e['clients']} clients)"
            for i, e in enumerate(ranked[:5], 1)) or "none"),
        "report": MetadataValue.md(text[:4000]),
        "path": MetadataValue.path(str(shift.paths.gap_report))})
