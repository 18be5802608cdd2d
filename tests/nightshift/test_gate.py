"""The eval gate blocks a harmful delta set and names the delta responsible."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sourcefinder.evals.harness import Question
from sourcefinder.index import load_index
from sourcefinder.index.edits import SetField, UpdateHealth
from sourcefinder.nightshift.gate import check
from sourcefinder.nightshift.model import DeltaGroup
from sourcefinder.nightshift.state import copy_index

REPO = Path(__file__).resolve().parents[2]
# A wrong supersession claim: the call recordings would replace the certified dashboards,
# so every metrics question is handed to them.
HARMFUL = SetField("gong", "supersedes", "metrics-hub")


def test_a_harmful_delta_is_blocked_and_named(tmp_path: Path,
                                              questions: list[Question]) -> None:
    copy_index(REPO / "index", tmp_path / "worktree")
    cards = load_index(REPO / "index").cards
    # benign: a probe verifies two cards again, their counts as they were (routing never
    # reads the date, so these move no question whatever the model)
    benign = [DeltaGroup(f"auto:{cid}", cid, (UpdateHealth(
        cid, h.helpful, h.harmful, date(2026, 10, 5)).to_dict(),))
        for cid in ("notion-wiki", "salesforce") if (h := cards[cid].health) is not None]
    assert len(benign) == 2
    harmful = DeltaGroup("approved:gong:x", "gong", (HARMFUL.to_dict(),))
    result = check(tmp_path / "worktree", [benign[0], harmful, benign[1]], questions,
                   tolerance=0.0, candidate=tmp_path / "candidate")
    assert not result.passed
    assert (result.candidate_hit_at_1 < result.baseline_hit_at_1
            or result.candidate_mrr < result.baseline_mrr)
    assert result.culprits == ("approved:gong:x",)


def test_benign_deltas_pass(tmp_path: Path, questions: list[Question]) -> None:
    copy_index(REPO / "index", tmp_path / "worktree")
    benign = DeltaGroup("auto:figma", "figma",
                        (UpdateHealth("figma", 3, 0, date(2026, 10, 5)).to_dict(),))
    result = check(tmp_path / "worktree", [benign], questions, tolerance=0.02,
                   candidate=tmp_path / "candidate")
    assert result.passed and result.accepted == ("auto:figma",)
    assert "helpful 3" in (tmp_path / "candidate" / "INDEX.md").read_text()
