"""Checks on the collected episodes (Great Expectations, ephemeral context)."""

from __future__ import annotations

from dagster import AssetCheckResult, asset_check

from sourcefinder.nightshift.expectations import EVENTS_SQL, validate_episodes
from sourcefinder.warehouse.ingest import connect_snapshot
from sourcefinder_pipeline.defs.collect.assets import episodes
from sourcefinder_pipeline.resources import NightShiftResource

MAX_ROWS = 500_000  # the newest events; enough to catch a writer gone wrong


@asset_check(asset=episodes, blocking=True)
def episodes_match_expectations(night: NightShiftResource) -> AssetCheckResult:
    """Episodes have the schema, non-null unique ids and known kinds and verdicts."""
    con = connect_snapshot(night.night().paths.snapshot)
    try:
        frame = con.sql(EVENTS_SQL, params=[MAX_ROWS]).pl()
    finally:
        con.close()
    result = validate_episodes(frame.to_pandas())
    return AssetCheckResult(passed=result.success, metadata={
        "rows": result.rows, "expectations": result.evaluated,
        "failed": ", ".join(result.failed) or "none"})
