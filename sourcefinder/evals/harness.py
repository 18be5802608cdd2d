"""Replay labeled questions through a router and score it.

Questions are JSONL, one object a line: ``{"qid", "question", "gold": [ids], "class"?}``.
Any gold id counts as a hit; ``"gold": []`` means there is nowhere to look.

Scores (``EvalReport.as_dict``):

    n, k                   questions; the k of hit@k
    hit_at_1, hit_at_k     over answerable questions, on the uncut ranking
    mrr_at_10              mean reciprocal rank of the first gold id within 10
    abstain_precision      of the questions answered `nowhere`, the share that had gold []
    abstain_recall         of the gold [] questions, the share answered `nowhere`
    false_abstain_rate     of the answerable questions, the share answered `nowhere`
    by_class               the same hit and abstention figures per question class
    failures               each miss with what was returned and the lever it indicts

Each failure indicts exactly one lever (rules in ``levers.decompose``).
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sourcefinder.errors import InvalidInputError
from sourcefinder.evals.levers import decompose
from sourcefinder.evals.metrics import hit_at, reciprocal_rank
from sourcefinder.index.model import Index
from sourcefinder.routing import Router


@dataclass(frozen=True)
class Question:
    qid: str
    question: str
    gold: tuple[str, ...]
    cls: str = ""


def read_questions(path: str | Path) -> list[Question]:
    out: list[Question] = []
    with open(path, encoding="utf-8") as fh:
        for no, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
                gold = item["gold"]
                if not isinstance(gold, list) or not all(isinstance(g, str) for g in gold):
                    raise TypeError("gold must be a list of ids")
                out.append(Question(str(item["qid"]), str(item["question"]), tuple(gold),
                                    str(item.get("class") or item.get("subset") or "")))
            except (ValueError, KeyError, TypeError) as exc:
                raise InvalidInputError(f"{path}:{no}: not a labeled question ({exc})") from None
    return out


@dataclass
class _Tally:
    n: int = 0
    answerable: int = 0
    h1: int = 0
    hk: int = 0
    rr: float = 0.0
    nowhere_q: int = 0
    abstained: int = 0
    abstained_right: int = 0
    false_abstain: int = 0

    def as_dict(self, k: int) -> dict[str, Any]:
        a = self.answerable or 1
        return {
            "n": self.n, "answerable": self.answerable,
            "hit_at_1": round(self.h1 / a, 4) if self.answerable else None,
            f"hit_at_{k}": round(self.hk / a, 4) if self.answerable else None,
            "mrr_at_10": round(self.rr / a, 4) if self.answerable else None,
            "abstain_precision": round(self.abstained_right / self.abstained, 4)
            if self.abstained else None,
            "abstain_recall": round(self.abstained_right / self.nowhere_q, 4)
            if self.nowhere_q else None,
            "false_abstain_rate": round(self.false_abstain / a, 4) if self.answerable else None,
        }


@dataclass
class EvalReport:
    k: int
    overall: _Tally = field(default_factory=_Tally)
    by_class: dict[str, _Tally] = field(default_factory=lambda: defaultdict(_Tally))
    failures: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        d = self.overall.as_dict(self.k)
        d["k"] = self.k
        d["hit_at_k"] = d.pop(f"hit_at_{self.k}")
        d["by_class"] = {c: t.as_dict(self.k) for c, t in sorted(self.by_class.items())}
        d["levers"] = _count(f["lever"] for f in self.failures)
        d["failures"] = self.failures
        return d


def _count(items: Iterable[str]) -> dict[str, int]:
    out: dict[str, int] = defaultdict(int)
    for i in items:
        out[i] += 1
    return dict(sorted(out.items(), key=lambda kv: (-kv[1], kv[0])))


def evaluate(router: Router, index: Index, questions: list[Question], k: int = 5) -> EvalReport:
    report = EvalReport(k=k)
    for q in questions:
        ranking = router.rank(q.question)
        ranked = [s.card_id for s in (ranking.full or ranking.candidates)]
        returned = [s.card_id for s in ranking.candidates]
        abstained = ranking.verdict == "nowhere"
        for tally in (report.overall, report.by_class[q.cls or "unclassed"]):
            tally.n += 1
            if q.gold:
                tally.answerable += 1
                tally.h1 += hit_at(ranked, q.gold, 1)
                tally.hk += hit_at(ranked, q.gold, k)
                tally.rr += reciprocal_rank(ranked, q.gold, 10)
                tally.false_abstain += abstained
            else:
                tally.nowhere_q += 1
            if abstained:
                tally.abstained += 1
                tally.abstained_right += not q.gold
        failed = (not hit_at(ranked, q.gold, 1) or abstained) if q.gold else not abstained
        if failed:
            report.failures.append({
                "qid": q.qid, "question": q.question, "gold": list(q.gold),
                "returned": returned[:5], "ranked": ranked[:5], "verdict": ranking.verdict,
                "lever": decompose(index, q.question, q.gold, ranked, ranking.verdict, k),
            })
    return report
