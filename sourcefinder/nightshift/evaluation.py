"""The standing suite on a published index, live hit rates, and the lever ranking."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from sourcefinder.evals.harness import Question, evaluate
from sourcefinder.evals.levers import LEVERS, decompose_live
from sourcefinder.index.model import Index
from sourcefinder.nightshift.model import Session
from sourcefinder.routing import OfflineRouter, Router


def evaluate_index(index: Index, questions: Sequence[Question], k: int = 5,
                   router: Router | None = None) -> dict[str, Any]:
    """hit@1/@k, MRR, abstention, per class, failures with levers: the index on its own
    (no memory of sessions), ranked by ``router`` (default: the lexical offline router)."""
    return evaluate(router or OfflineRouter(index), index, list(questions), k=k).as_dict()


def live_rates(sessions: Sequence[Session]) -> dict[str, Any]:
    """First-suggestion hit rate and found rate over sessions with an outcome."""
    reported = [s for s in sessions if s.reported_by is not None]
    n = len(reported)
    return {"sessions": len(sessions), "reported": n,
            "found_rate": round(sum(bool(s.found) for s in reported) / n, 4) if n else None,
            "first_suggestion_hit_rate":
                round(sum(s.first_hit for s in reported) / n, 4) if n else None}


def lever_ranking(eval_report: dict[str, Any], sessions: Sequence[Session], index: Index,
                  examples: int = 3) -> list[dict[str, Any]]:
    """Failures from the eval and from live sessions, one lever each, ranked by count."""
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    shown: dict[str, list[str]] = defaultdict(list)
    for f in eval_report.get("failures", []):
        counts[f["lever"]]["eval"] += 1
        if len(shown[f["lever"]]) < examples:
            shown[f["lever"]].append(f"eval {f['qid']}: {f['question']}")
    for s in sessions:
        if s.reported_by is None:
            continue
        lever = decompose_live(index, bool(s.found), s.tried, s.worked, s.better,
                               s.candidates, s.question)
        if lever is None:
            continue
        counts[lever]["live"] += 1
        if len(shown[lever]) < examples:
            shown[lever].append(f"live {s.session_id[:8]}: {s.question}")
    rows = [{"lever": lever, "eval": counts[lever]["eval"], "live": counts[lever]["live"],
             "total": counts[lever]["eval"] + counts[lever]["live"], "examples": shown[lever]}
            for lever in LEVERS]
    return sorted(rows, key=lambda r: (-r["total"], r["lever"]))
