"""The eval gate: tonight's deltas publish only if the standing suite does not get worse.

``stage`` copies the worktree and applies the delta groups one by one (a group whose
edits do not apply, or would leave new lint errors, is refused alone with its reason).
``check`` replays the labeled questions on the worktree (baseline) and on the staged
candidate: when hit@1 or MRR@10 drops by more than ``tolerance`` the set is blocked, and
bisection over the groups names the ones responsible (falling back to leave-one-out when
only a combination hurts). MRR guards what net hit@1 can hide: a delta that breaks one
question while it happens to fix another leaves hit@1 unchanged but lowers MRR.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from sourcefinder.errors import EditError
from sourcefinder.evals.harness import Question, evaluate
from sourcefinder.index import load_index
from sourcefinder.index.edits import apply_edits, edit_from_dict
from sourcefinder.nightshift.model import DeltaGroup
from sourcefinder.nightshift.state import copy_index
from sourcefinder.routing import OfflineRouter


@dataclass(frozen=True)
class GateResult:
    passed: bool
    baseline_hit_at_1: float
    candidate_hit_at_1: float
    tolerance: float
    baseline_mrr: float = 0.0
    candidate_mrr: float = 0.0
    culprits: tuple[str, ...] = ()  # group keys named responsible when blocked
    accepted: tuple[str, ...] = ()  # group keys staged in the candidate
    refused: dict[str, str] = field(default_factory=dict)  # group key -> why it did not apply
    evaluations: int = 0

    def as_dict(self) -> dict[str, Any]:
        d = asdict(self)
        d["culprits"], d["accepted"] = list(self.culprits), list(self.accepted)
        return d


def scores(index_root: Path, questions: Sequence[Question]) -> tuple[float, float]:
    """(hit@1, MRR@10) of the offline router on the index alone (no memory of sessions)."""
    index = load_index(index_root)
    report = evaluate(OfflineRouter(index), index, list(questions))
    t = report.overall
    if not t.answerable:
        return 0.0, 0.0
    return round(t.h1 / t.answerable, 4), round(t.rr / t.answerable, 4)


def hit_at_1(index_root: Path, questions: Sequence[Question]) -> float:
    return scores(index_root, questions)[0]


def _worse(score: tuple[float, float], baseline: tuple[float, float], tolerance: float) -> bool:
    return any(s < b - tolerance for s, b in zip(score, baseline, strict=True))


def stage(worktree: Path, groups: Sequence[DeltaGroup], target: Path
          ) -> tuple[list[DeltaGroup], dict[str, str]]:
    """``target`` = worktree + every group that applies; (applied groups, refused ones)."""
    copy_index(worktree, target)
    applied, refused = [], {}
    for g in groups:
        try:
            apply_edits(target, [edit_from_dict(e) for e in g.edits])
            applied.append(g)
        except EditError as exc:
            refused[g.key] = str(exc)
    return applied, refused


def check(worktree: Path, groups: Sequence[DeltaGroup], questions: Sequence[Question], *,
          tolerance: float, candidate: Path) -> GateResult:
    applied, refused = stage(worktree, groups, candidate)
    baseline = scores(worktree, questions)
    score = scores(candidate, questions)
    evaluations = 2
    culprits: list[str] = []
    if _worse(score, baseline, tolerance):
        with tempfile.TemporaryDirectory(prefix="gate-") as scratch:
            counter = [0]

            def harmful(subset: Sequence[DeltaGroup]) -> bool:
                counter[0] += 1
                root = Path(scratch) / f"s{counter[0]}"
                stage(worktree, subset, root)
                hurt = _worse(scores(root, questions), baseline, tolerance)
                shutil.rmtree(root, ignore_errors=True)
                return hurt

            culprits = [g.key for g in _bisect(applied, harmful)]
            evaluations += counter[0]
    return GateResult(passed=not culprits and not _worse(score, baseline, tolerance),
                      baseline_hit_at_1=baseline[0], candidate_hit_at_1=score[0],
                      baseline_mrr=baseline[1], candidate_mrr=score[1],
                      tolerance=tolerance, culprits=tuple(culprits),
                      accepted=tuple(g.key for g in applied), refused=refused,
                      evaluations=evaluations)


def _bisect(groups: Sequence[DeltaGroup],
            harmful: Callable[[Sequence[DeltaGroup]], bool]) -> list[DeltaGroup]:
    """The groups responsible for ``harmful(groups)`` being true."""
    if len(groups) <= 1:
        return list(groups)
    half = len(groups) // 2
    found: list[DeltaGroup] = []
    for part in (groups[:half], groups[half:]):
        if harmful(part):
            found.extend(_bisect(part, harmful))
    if found:
        return found
    # only a combination hurts: name each group whose removal restores the score
    out = [g for g in groups if not harmful([x for x in groups if x is not g])]
    return out or list(groups)
