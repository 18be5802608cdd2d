"""New feedback in the log → verify and correct (cursor: the last feedback seq seen)."""

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

from sourcefinder.nightshift.triggers import new_feedback
from sourcefinder_pipeline.defs.loop.jobs import verify_and_correct
from sourcefinder_pipeline.resources import NightShiftResource


@sensor(job=verify_and_correct, minimum_interval_seconds=300,
        default_status=DefaultSensorStatus.RUNNING)
def new_feedback_sensor(context: SensorEvaluationContext,
                        night: NightShiftResource) -> SensorResult | SkipReason:
    """Requests a verify-and-correct run when outcomes or follow-ups arrive after the cursor."""
    since = int(json.loads(context.cursor)["seq"]) if context.cursor else 0
    count, last = new_feedback(night.settings().log_path, since)
    if count == 0:
        return SkipReason(f"no feedback after seq {since}")
    return SensorResult(run_requests=[RunRequest(run_key=f"feedback-{last}",
                                                 tags={"feedback_events": str(count)})],
                        cursor=json.dumps({"seq": last}))
