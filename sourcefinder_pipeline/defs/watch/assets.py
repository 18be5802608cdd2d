"""Watch: every card's probes run against the real sources, and the sources no card covers."""

from __future__ import annotations

from dagster import MaterializeResult, MetadataValue, asset

from sourcefinder.nightshift.sweep import summary_line
from sourcefinder_pipeline.resources import NightShiftResource


@asset(group_name="watch", kinds={"python"})
def probe_results(night: NightShiftResource) -> MaterializeResult:
    """Every card's example probes run with the configured prober (disabled by default;
    ``local`` runs them against the org's files, repos, database and docs site). Results
    that ran become probe marks dated tonight (automatic deltas, published through the eval
    gate); a probe that could not run changes nothing and is recorded with its reason; an
    example that newly fails is filed as a stale how-to. One failing target never fails
    the run."""
    shift = night.night()
    sweep = shift.probe_sweep()
    counts = sweep.counts()
    flipped = sweep.flipped()
    return MaterializeResult(metadata={
        **{f"probes_{k}": n for k, n in counts.items()},
        "prober": sweep.prober, "summary": summary_line(sweep),
        "flipped": len(flipped), "stale_howtos": len(sweep.stale()),
        "flips": MetadataValue.md("\n".join(
            f"- {r.card_id}: {r.before or 'unmarked'} → {r.after} \"{r.query}\""
            for r in flipped[:20]) or "none"),
        "failing": MetadataValue.md("\n".join(
            f"- {f.card_id} \"{f.query}\" since {f.since}{' (stale how-to)' if f.stale else ''}"
            for f in sweep.failing[:20]) or "none"),
        "could_not_run": MetadataValue.md("\n".join(
            f"- {why}: {n}" for why, n in sweep.unrun_reasons().most_common(10)) or "none"),
        "path": MetadataValue.path(str(shift.paths.probe_results))})


@asset(group_name="watch", kinds={"python"})
def watched_sources(night: NightShiftResource) -> MaterializeResult:
    """The sources under the org root (repositories, wiki spaces, drive folders, databases),
    scanned for change by names, times and refs (never content), and which card covers
    each. A watched source with no card is a failing check, not a silent blind spot."""
    shift = night.night()
    report = shift.watch()
    if report is None:
        return MaterializeResult(metadata={
            "skipped": f"no org/ folder under {night.org_root}"})
    return MaterializeResult(metadata={
        "sources": len(report.sources), "uncovered": len(report.uncovered),
        "new": len(report.new), "changed": len(report.changed),
        "removed": len(report.removed), "ignored": len(report.ignored),
        "baseline": report.baseline,
        "uncovered_sources": MetadataValue.md(
            "\n".join(f"- {t}" for t in report.uncovered) or "none"),
        "path": MetadataValue.path(str(shift.paths.watch_report))})
