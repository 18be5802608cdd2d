"""Materialize the whole loop in process (demo, tests): one call, the in-process executor."""

from __future__ import annotations

from datetime import date
from pathlib import Path
from typing import Any

from dagster import DagsterInstance, ExecuteInProcessResult, materialize

from sourcefinder.config import Settings
from sourcefinder.nightshift.state import read_json
from sourcefinder.publish import current_version
from sourcefinder_pipeline.definitions import loop_assets
from sourcefinder_pipeline.resources import NightShiftResource


def materialize_loop(night: NightShiftResource, instance: DagsterInstance | None = None,
                     log_level: str = "INFO") -> ExecuteInProcessResult:
    """Every asset and check of the loop, in one in-process run; failures are in the result."""
    return materialize(loop_assets(), resources={"night": night}, instance=instance,
                       raise_on_error=False, run_config={
                           "loggers": {"console": {"config": {"log_level": log_level}}}})


def materialize_night(settings: Settings, questions: Path, on: date, *,
                      min_clients: int = 3, tolerance: float = 0.02,
                      org_root: Path | None = None, prober: str = "disabled",
                      allow_loopback: bool = False,
                      url_rewrites: dict[str, str] | None = None) -> dict[str, Any]:
    """The demo's summary of one night run through Dagster (same keys as ``run_night``)."""
    night = NightShiftResource(home=str(settings.home), index=str(settings.index),
                               questions=str(questions), min_clients=min_clients,
                               tolerance=tolerance, today=on.isoformat(),
                               org_root=str(org_root or "."), prober=prober,
                               allow_loopback=allow_loopback,
                               probe_url_rewrites=dict(url_rewrites or {}))
    before = current_version(settings.home)
    result = materialize_loop(night, log_level="WARNING")
    shift = night.night()
    verification = shift.verification()
    plan = read_json(shift.paths.deltas, {})
    report = read_json(shift.paths.evals / "latest.json", {})
    after = current_version(settings.home)
    return {"success": result.success, "verdicts": verification.by_verdict(),
            "discredited": sorted(verification.discredited), "gate": plan.get("gate", {}),
            "published": {"published": after != before, "version": after},
            "hit_at_1": report.get("hit_at_1"), "live": report.get("live")}
