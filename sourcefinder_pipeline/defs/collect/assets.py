"""Collect: the episodic log into the warehouse."""

from __future__ import annotations

from dagster import MaterializeResult, MetadataValue, asset

from sourcefinder_pipeline.resources import NightShiftResource


@asset(group_name="collect", kinds={"duckdb"}, pool="warehouse")
def episodes(night: NightShiftResource) -> MaterializeResult:
    """The episodic log ingested into the DuckDB warehouse in the state folder: incremental
    and idempotent (the high-water mark commits with the rows), then copied to the analysts'
    read-only snapshot ``analytics.duckdb``."""
    shift = night.night()
    report = shift.collect()
    return MaterializeResult(metadata={
        "new_events": report.rows,
        "high_water_seq": report.high_water,
        **{f"rows_{table}": n for table, n in report.total.items()},
        "seconds": report.seconds,
        "rebuilt": report.rebuilt or "no",
        "snapshot": MetadataValue.path(str(shift.paths.snapshot)),
    })
