"""Sensors request one run per new input, keyed so it never runs twice."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from dagster import DagsterInstance, RunRequest, SkipReason, build_sensor_context

from sourcefinder.config import Settings
from sourcefinder.episodes import EpisodeLog
from sourcefinder.publish import build
from sourcefinder_pipeline.defs.collect.sensors import new_feedback_sensor
from sourcefinder_pipeline.defs.evaluate.sensors import published_index_sensor
from sourcefinder_pipeline.defs.report.sensors import watched_sources_sensor
from sourcefinder_pipeline.resources import NightShiftResource


def _evaluate(sensor: Any, cursor: str | None, night: NightShiftResource) -> Any:
    with DagsterInstance.ephemeral() as instance:
        ctx = build_sensor_context(instance=instance, cursor=cursor,
                                   resources={"night": night})
        return sensor(ctx)


def test_feedback_sensor_requests_a_run_per_new_feedback(settings: Settings,
                                                         night: NightShiftResource) -> None:
    log = EpisodeLog(settings.log_path)
    log.append("question", "s1", "c1", {"question": "q"})
    assert isinstance(_evaluate(new_feedback_sensor, None, night), SkipReason)
    seq = log.append("outcome", "s1", "c1", {"found": True}).seq
    result = _evaluate(new_feedback_sensor, None, night)
    assert [r.run_key for r in result.run_requests] == [f"feedback-{seq}"]
    assert json.loads(result.cursor) == {"seq": seq}
    again = _evaluate(new_feedback_sensor, result.cursor, night)
    assert isinstance(again, SkipReason)
    log.close()


def test_published_sensor_requests_evals_once_per_version(settings: Settings,
                                                          night: NightShiftResource) -> None:
    first = _evaluate(published_index_sensor, None, night)
    (request,) = first.run_requests
    assert isinstance(request, RunRequest)
    assert str(request.run_key).startswith("published-")
    assert isinstance(_evaluate(published_index_sensor, first.cursor, night), SkipReason)
    worktree = settings.home / "nightshift" / "worktree"
    index_md = worktree / "INDEX.md"
    index_md.write_text(index_md.read_text().replace("helpful 31", "helpful 32"))
    build(worktree, settings.home)
    second = _evaluate(published_index_sensor, first.cursor, night)
    assert second.run_requests[0].run_key != request.run_key


def test_watcher_sensor_reports_uncovered_sources_once(settings: Settings,
                                                       night: NightShiftResource,
                                                       tmp_path: Path) -> None:
    org = tmp_path / "org"
    (org / "drive" / "brand-new-folder").mkdir(parents=True)
    (org / "drive" / "brand-new-folder" / "plan.md").write_text("a new project starts\n")
    watching = NightShiftResource(home=night.home, index=night.index,
                                  questions=night.questions, org_root=str(tmp_path))
    first = _evaluate(watched_sources_sensor, None, watching)
    (request,) = first.run_requests
    topics = json.loads((settings.home / "watch" / "topics.json").read_text())
    assert "org/drive/brand-new-folder" in topics and request.run_key.startswith("watch-")
    assert isinstance(_evaluate(watched_sources_sensor, first.cursor, watching), SkipReason)
