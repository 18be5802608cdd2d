"""A newly published index → evals (cursor: the last version evaluated)."""

from __future__ import annotations

import json

from dagster import (
    DefaultSensorStatus,
    RunRequest,
    SensorEvaluationContext,
    SensorResult,
    SkipReason,
    sensor,
)

from sourcefinder.publish import current_version
from sourcefinder_pipeline.defs.loop.jobs import evaluate_index
from sourcefinder_pipeline.resources import NightShiftResource


@sensor(job=evaluate_index, minimum_interval_seconds=60,
        default_status=DefaultSensorStatus.RUNNING)
def published_index_sensor(context: SensorEvaluationContext,
                           night: NightShiftResource) -> SensorResult | SkipReason:
    """Requests an evaluation run for each index version published after the cursor."""
    seen = json.loads(context.cursor)["version"] if context.cursor else None
    version = current_version(night.settings().home)
    if version is None or version == seen:
        return SkipReason(f"no new published version (current: {version})")
    return SensorResult(run_requests=[RunRequest(run_key=f"published-{version}",
                                                 tags={"index_version": version})],
                        cursor=json.dumps({"version": version}))
