"""The coverage matrix: question classes × best internal source × best external source × gap.

A class's best source is the card that most often held the answer in live sessions of the
class (the eval suite's gold labels stand in where the log is silent). The gap is judged
from the live found rate and the eval's hit@k for the class:

    covered    found_rate ≥ 0.8 and a best source exists
    weak       something answers, but found_rate or hit@k is below 0.8
    uncovered  no card held an answer (or nothing was found in most sessions)
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from sourcefinder.evals.harness import Question
from sourcefinder.index.model import Index
from sourcefinder.nightshift.model import Session

COLUMNS = ("cls", "sessions", "clients", "found_rate", "first_hit_rate", "eval_hit_at_k",
           "best_internal", "best_external", "gap", "gap_score")


def coverage_matrix(sessions: Sequence[Session], index: Index, questions: Sequence[Question],
                    eval_report: dict[str, Any]) -> list[dict[str, Any]]:
    worked: dict[str, Counter[str]] = defaultdict(Counter)
    by_cls: dict[str, list[Session]] = defaultdict(list)
    for s in sessions:
        by_cls[s.cls].append(s)
        for w in (*s.worked, *([s.better] if s.better else [])):
            worked[s.cls][w] += 1
    for q in questions:
        by_cls.setdefault(q.cls or "unclassed", [])
    gold: dict[str, Counter[str]] = defaultdict(Counter)
    for q in questions:
        for g in q.gold:
            gold[q.cls or "unclassed"][g] += 1
    per_class = eval_report.get("by_class", {})
    rows = []
    for cls, mine in sorted(by_cls.items()):
        reported = [s for s in mine if s.reported_by is not None]
        n = len(reported)
        found = sum(bool(s.found) for s in reported) / n if n else None
        first = sum(s.first_hit for s in reported) / n if n else None
        evidence = worked[cls] or gold[cls]
        best = {scope: _best(evidence, index, scope) for scope in ("internal", "external")}
        hk = (per_class.get(cls) or {}).get("hit_at_k")
        gap = _gap(found, hk, best["internal"] or best["external"])
        score = 1 - max(x for x in (found, hk, 0.0) if x is not None)
        rows.append({"cls": cls, "sessions": len(mine),
                     "clients": len({s.client for s in mine}),
                     "found_rate": _r(found), "first_hit_rate": _r(first), "eval_hit_at_k": hk,
                     "best_internal": best["internal"], "best_external": best["external"],
                     "gap": gap, "gap_score": round(score, 4)})
    return sorted(rows, key=lambda r: (-r["gap_score"], r["cls"]))


def _best(evidence: Counter[str], index: Index, scope: str) -> str:
    for cid, _ in evidence.most_common():
        card = index.cards.get(cid)
        if card is not None and card.scope == scope:
            return cid
    return ""


def _gap(found: float | None, hit_k: float | None, best: str) -> str:
    if not best or (found is not None and found < 0.5):
        return "uncovered"
    if (found is not None and found < 0.8) or (hit_k is not None and hit_k < 0.8):
        return "weak"
    return "covered"


def _r(x: float | None) -> float | None:
    return None if x is None else round(x, 4)
