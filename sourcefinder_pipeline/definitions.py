"""The only place that assembles the night shift's Definitions."""

from __future__ import annotations

from typing import Any

from dagster import Definitions, load_asset_checks_from_modules, load_assets_from_modules

from sourcefinder_pipeline.defs.collect import assets as collect_assets
from sourcefinder_pipeline.defs.collect import checks as collect_checks
from sourcefinder_pipeline.defs.collect.sensors import new_feedback_sensor
from sourcefinder_pipeline.defs.correct import assets as correct_assets
from sourcefinder_pipeline.defs.correct import checks as correct_checks
from sourcefinder_pipeline.defs.evaluate import assets as evaluate_assets
from sourcefinder_pipeline.defs.evaluate.sensors import published_index_sensor
from sourcefinder_pipeline.defs.loop.jobs import (
    evaluate_index,
    night_shift,
    nightly,
    verify_and_correct,
)
from sourcefinder_pipeline.defs.report import assets as report_assets
from sourcefinder_pipeline.defs.report.sensors import watched_sources_sensor
from sourcefinder_pipeline.defs.verify import assets as verify_assets
from sourcefinder_pipeline.defs.watch import assets as watch_assets
from sourcefinder_pipeline.defs.watch import checks as watch_checks
from sourcefinder_pipeline.resources import NightShiftResource

ASSET_MODULES = (collect_assets, watch_assets, verify_assets, correct_assets,
                 evaluate_assets, report_assets)
CHECK_MODULES = (collect_checks, watch_checks, correct_checks)


def loop_assets() -> list[Any]:
    """Every asset and asset check of the loop (for an in-process ``materialize``)."""
    return [*load_assets_from_modules(list(ASSET_MODULES)),
            *load_asset_checks_from_modules(list(CHECK_MODULES))]


def build_definitions(night: NightShiftResource | None = None) -> Definitions:
    return Definitions(
        assets=load_assets_from_modules(list(ASSET_MODULES)),
        asset_checks=load_asset_checks_from_modules(list(CHECK_MODULES)),
        jobs=[verify_and_correct, evaluate_index, night_shift],
        schedules=[nightly],
        sensors=[new_feedback_sensor, published_index_sensor, watched_sources_sensor],
        resources={"night": night or NightShiftResource()},
    )


defs = build_definitions()
