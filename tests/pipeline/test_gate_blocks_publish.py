"""A harmful reviewed delta fails the blocking eval gate: nothing is published, the run
names the delta, and the next night holds it back for review."""

from __future__ import annotations

import json

from sourcefinder.config import Settings
from sourcefinder.index.edits import SetField
from sourcefinder.publish import current_version
from sourcefinder_pipeline.resources import NightShiftResource
from sourcefinder_pipeline.run import materialize_loop

# A wrong supersession claim: the call recordings would replace the certified dashboards,
# so every metrics question is handed to them.
HARMFUL = SetField("gong", "supersedes", "metrics-hub")


def test_the_eval_gate_blocks_a_harmful_delta(settings: Settings,
                                              night: NightShiftResource) -> None:
    strict = NightShiftResource(home=night.home, index=night.index,
                                questions=night.questions, today=night.today, tolerance=0.0)
    approved = settings.home / "nightshift" / "approved.jsonl"
    approved.write_text(json.dumps(HARMFUL.to_dict()) + "\n")
    before = current_version(settings.home)

    result = materialize_loop(strict, log_level="CRITICAL")

    gate = [c for c in result.get_asset_check_evaluations() if c.check_name == "eval_gate"]
    assert [c.passed for c in gate] == [False]
    responsible = gate[0].metadata["responsible"].value
    assert str(responsible).startswith("approved:gong:")
    assert current_version(settings.home) == before
    materialized = {e.asset_key.to_user_string()
                    for e in result.get_asset_materialization_events() if e.asset_key}
    assert "card_deltas" in materialized and "published_index" not in materialized
    quarantine = json.loads((settings.home / "nightshift" / "quarantine.json").read_text())
    assert list(quarantine) == [responsible]
    again = materialize_loop(strict, log_level="CRITICAL")
    plan = json.loads((settings.home / "nightshift" / "card_deltas.json").read_text())
    assert plan["held"] == [responsible] and again.success
