"""Simulated clients: ask labeled questions through the desk and report the truth.

Each question is asked with ``where_can_i_find`` (the same code path as the MCP server),
then the client reports what the labels say:

* gold not empty: it tries the candidates in order until the first gold id; ``found`` is
  true, ``what_worked`` names that id and ``what_failed`` the ones tried before it. When no
  candidate was gold it tried them all and names the gold as ``better_source``.
* gold empty (nowhere to look): ``found`` is false; it tried the first candidates.

The episodes are real and land in the episodic log, so later questions learn from them.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from sourcefinder.desk import Desk
from sourcefinder.evals.harness import Question


@dataclass
class SimulationReport:
    asked: int = 0
    first_hit: int = 0  # the first candidate was a gold id
    found_in_answer: int = 0  # some candidate was a gold id
    nowhere_right: int = 0
    nowhere_questions: int = 0

    def as_dict(self) -> dict[str, float | int]:
        answerable = self.asked - self.nowhere_questions
        return {
            "asked": self.asked,
            "first_suggestion_hit_rate": round(self.first_hit / answerable, 4)
            if answerable else 0.0,
            "found_in_answer_rate": round(self.found_in_answer / answerable, 4)
            if answerable else 0.0,
            "nowhere_recall": round(self.nowhere_right / self.nowhere_questions, 4)
            if self.nowhere_questions else 0.0,
        }


def play(desk: Desk, questions: Iterable[Question], client: str = "simulated",
         report: SimulationReport | None = None) -> SimulationReport:
    report = report or SimulationReport()
    for q in questions:
        answer = desk.where_can_i_find(q.question, client=client)
        ids = [c.id for c in answer.candidates]
        report.asked += 1
        if not q.gold:
            report.nowhere_questions += 1
            report.nowhere_right += answer.verdict == "nowhere"
            tried = ids[:2]
            desk.report_outcome(answer.session_id, found=False, sources_tried=tried,
                                what_failed=tried, client=client)
            continue
        gold = set(q.gold)
        hit = next((i for i, cid in enumerate(ids) if cid in gold), None)
        if hit is None:
            desk.report_outcome(answer.session_id, found=True, sources_tried=ids,
                                what_failed=ids, better_source=q.gold[0], client=client)
            continue
        report.found_in_answer += 1
        report.first_hit += hit == 0
        desk.report_outcome(answer.session_id, found=True, sources_tried=ids[: hit + 1],
                            what_worked=[ids[hit]], what_failed=ids[:hit], client=client)
    return report
