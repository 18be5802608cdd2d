"""The gap report's section on words clients ask with that no card uses."""

from __future__ import annotations

from pathlib import Path

from sourcefinder.index import load_index
from sourcefinder.nightshift.gaps import missing_words, render
from sourcefinder.nightshift.model import Session
from sourcefinder.nightshift.verify import Verification


def _asked(sid: str, client: str, question: str, *words: str) -> Session:
    return Session(sid, int(sid[1:]), client, "2026-11-30", question, question.lower(),
                   "unclassed", "uncertain", (), missing_words=words)


SESSIONS = [
    _asked("s1", "c1", "gantry crane logs?", "gantry", "crane"),
    _asked("s2", "c2", "gantry schedule?", "gantry"),
    _asked("s3", "c2", "gantry again?", "gantry"),
    _asked("s4", "c3", "where is the runbook?", "runbook"),  # the index uses it by now
    _asked("s5", "c4", "runbook for the edi gateway?", "runbook"),
]


def test_words_several_clients_miss_are_ranked_by_clients(example_index: Path) -> None:
    rows = missing_words(SESSIONS, load_index(example_index), min_clients=2)
    assert [(r["word"], len(r["clients"]), len(r["questions"])) for r in rows] \
        == [("gantry", 2, 3)]  # crane: one client; runbook: a card uses it now
    assert missing_words(SESSIONS, load_index(example_index), min_clients=1)[1]["word"] \
        == "crane"


def test_the_gap_report_lists_them_and_ranks_them(example_index: Path) -> None:
    text, ranked = render(SESSIONS, Verification([]), load_index(example_index), [],
                          min_clients=2, watched=None, version="v1")
    assert '- **gantry**: 2 clients, 3 questions, e.g. "gantry again?"' in text
    assert {"kind": "missing_word", "subject": "gantry", "clients": 2} in ranked


def test_a_word_the_map_uses_only_in_a_see_also_note_is_not_missing(example_index: Path) -> None:
    # "deviate" is only in a see-also note ("for how each carrier deviates from the
    # standard"); the router matches it, so the gap report must not call it missing
    sessions = [_asked("s1", "c1", "how do carriers deviate?", "deviate"),
                _asked("s2", "c2", "deviate from x12?", "deviate")]
    assert missing_words(sessions, load_index(example_index), min_clients=2) == []
