"""The loop's jobs and its nightly schedule."""

from __future__ import annotations

from dagster import (
    AssetSelection,
    DefaultScheduleStatus,
    ScheduleDefinition,
    define_asset_job,
)

verify_and_correct = define_asset_job(
    "verify_and_correct", AssetSelection.groups("collect", "verify", "correct"),
    description="New feedback: ingest, verify, correct and publish (gated).")
evaluate_index = define_asset_job(
    "evaluate_index",
    AssetSelection.groups("evaluate", "report") | AssetSelection.assets("watched_sources"),
    description="A newly published index, or the watcher saw the uncovered sources change: "
                "evals, lever ranking, coverage, the watcher's scan and the gap report.")
night_shift = define_asset_job(
    "night_shift", AssetSelection.all(),
    description="The whole nightly loop, the probe sweep and the watcher included.")

nightly = ScheduleDefinition(job=night_shift, cron_schedule="0 2 * * *",
                             execution_timezone="UTC",
                             default_status=DefaultScheduleStatus.RUNNING)
