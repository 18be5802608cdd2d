"""The whole loop, materialized in process on a temporary state folder: the published index
changes exactly as the verified evidence says, and not as the hostile client wanted."""

from __future__ import annotations

import json
import random
from collections import defaultdict
from pathlib import Path

from sourcefinder.config import Settings
from sourcefinder.demo import HOSTILE, HOSTILE_PICK, play_night
from sourcefinder.desk import Desk
from sourcefinder.evals.harness import read_questions
from sourcefinder.index import load_index
from sourcefinder.index.model import Health
from sourcefinder.publish import current_version, load_published
from sourcefinder_pipeline.resources import NightShiftResource
from sourcefinder_pipeline.run import materialize_loop

REPO = Path(__file__).resolve().parents[2]


def test_the_loop_publishes_what_the_evidence_says(settings: Settings,
                                                   night: NightShiftResource) -> None:
    before_version = current_version(settings.home)
    desk = Desk(settings)
    play_night(desk, read_questions(REPO / "evals" / "questions.jsonl"), random.Random(3), 60)
    desk.log.close()

    result = materialize_loop(night, log_level="WARNING")

    assert result.success
    assert all(c.passed for c in result.get_asset_check_evaluations())
    home = Path(settings.home)
    verified = json.loads((home / "nightshift" / "verified_claims.json").read_text())
    expected: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for v in verified["claims"]:
        if v["verdict"] == "verified" and v["kind"] in ("worked", "overpromise"):
            expected[v["subject"]][v["kind"] == "overpromise"] += len(v["supporters"])
    authored = load_index(REPO / "index")
    published = load_published(home)
    assert published.version != before_version
    for cid, card in published.index.cards.items():
        old = authored.cards[cid].health or Health()
        new = card.health or Health()
        helpful, harmful = expected.get(cid, [0, 0])
        assert (new.helpful, new.harmful) == (old.helpful + helpful, old.harmful + harmful), cid
    # nothing but health lines changed
    changed = _changed_lines(REPO / "index", home / "nightshift" / "worktree")
    assert changed and all(line.startswith("- health:") for line in changed)
    # the hostile client moved nothing
    claims = (home / "nightshift" / "claims.jsonl").read_text().splitlines()
    assert any(json.loads(line)["client"] == HOSTILE for line in claims)
    confirmed = [v for v in verified["claims"] if v["verdict"] == "verified"]
    assert all(HOSTILE not in v["supporters"] for v in confirmed)
    assert not [v for v in confirmed if v["subject"] == HOSTILE_PICK
                and v["kind"] in ("worked", "discovery")]
    pick = published.index.cards[HOSTILE_PICK].health or Health()
    assert pick.helpful == (authored.cards[HOSTILE_PICK].health or Health()).helpful
    assert (home / "reports" / "gap-report.md").read_text().startswith("# Gap report")


def _changed_lines(a: Path, b: Path) -> list[str]:
    out = []
    for f in sorted(a.rglob("*.md")):
        old = f.read_text().splitlines()
        new = (b / f.relative_to(a)).read_text().splitlines()
        out += [line for line in new if line not in old]
    return out
