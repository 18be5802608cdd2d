"""The watcher's coverage check: every watched source has a card (a warning, not a gate)."""

from __future__ import annotations

from dagster import AssetCheckResult, AssetCheckSeverity, asset_check

from sourcefinder.nightshift.state import read_json
from sourcefinder_pipeline.defs.watch.assets import watched_sources
from sourcefinder_pipeline.resources import NightShiftResource


@asset_check(asset=watched_sources, blocking=False)
def every_watched_source_has_a_card(night: NightShiftResource) -> AssetCheckResult:
    """A watched source no card covers fails this check (severity WARN: it is filed in the
    gap report for people; nothing downstream is held back)."""
    paths = night.night().paths
    report = read_json(paths.watch_report, None)
    if report is None:
        return AssetCheckResult(passed=True, severity=AssetCheckSeverity.WARN,
                                metadata={"skipped": "no watcher report (no org/ folder)"})
    uncovered = list(report.get("uncovered", []))
    return AssetCheckResult(passed=not uncovered, severity=AssetCheckSeverity.WARN, metadata={
        "sources": len(report.get("sources", {})), "uncovered": len(uncovered),
        "uncovered_sources": ", ".join(uncovered[:20]) or "none"})
