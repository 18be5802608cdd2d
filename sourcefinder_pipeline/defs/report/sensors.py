"""The watcher: sources no card covers → a fresh gap report (cursor: what was uncovered).

The sensor scans with its own state file (``watch/sensor-state.json``) so that the run it
requests still sees what is new since the last *run* when ``watched_sources`` scans
(``watch/state.json``) and its coverage check warns."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

from dagster import (
    DefaultSensorStatus,
    RunRequest,
    SensorEvaluationContext,
    SensorResult,
    SkipReason,
    sensor,
)

from sourcefinder.nightshift.state import write_json
from sourcefinder.watch import scan
from sourcefinder_pipeline.defs.loop.jobs import evaluate_index
from sourcefinder_pipeline.resources import NightShiftResource


@sensor(job=evaluate_index, minimum_interval_seconds=3600,
        default_status=DefaultSensorStatus.RUNNING)
def watched_sources_sensor(context: SensorEvaluationContext,
                           night: NightShiftResource) -> SensorResult | SkipReason:
    """Scans the org root for change (names, times, refs: never content); when the set of
    sources no card covers changes, records it for the gap report and requests a run of
    ``evaluate_index`` (the watcher's scan and coverage check, then the gap report)."""
    shift = night.night()
    if not (Path(night.org_root) / "org").is_dir():
        return SkipReason(f"no org/ folder under {night.org_root}")
    paths = shift.paths
    report = scan(night.org_root, shift.index(), paths.watch / "sensor-state.json")
    topics = sorted(set(report.uncovered))
    digest = hashlib.sha1(json.dumps(topics).encode()).hexdigest()[:12]
    seen = json.loads(context.cursor)["digest"] if context.cursor else None
    if digest == seen:
        return SkipReason(f"{len(report.sources)} sources watched; nothing newly uncovered")
    write_json(paths.watch_topics, topics)
    return SensorResult(run_requests=[RunRequest(run_key=f"watch-{digest}",
                                                 tags={"uncovered": str(len(topics)),
                                                       "uncovered_sources":
                                                           ", ".join(topics)[:200]})],
                        cursor=json.dumps({"digest": digest}))
