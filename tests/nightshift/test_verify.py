"""Verification: independent agreement, cross-examination, discrediting, probes."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from sourcefinder.index import load_index
from sourcefinder.nightshift.claims import extract
from sourcefinder.nightshift.model import Session
from sourcefinder.nightshift.verify import verify
from sourcefinder.probes import RecordedProber

INDEX = load_index(Path(__file__).resolve().parents[2] / "index")
ON = date(2026, 10, 5)
Q = "Where are the on-call rules?"


def s(sid: str, client: str, question: str = Q, **kw: object) -> Session:
    base: dict[str, object] = {"session_id": sid, "seq": int(sid[1:]), "client": client,
                               "asked_at": "", "question": question,
                               "question_key": question.lower(), "cls": "engineering",
                               "verdict": "confident",
                               "candidates": ("runbooks", "eng-handbook"),
                               "reported_by": client, "found": True}
    base.update(kw)
    return Session(**base)  # type: ignore[arg-type]


def verdicts(sessions: list[Session], **kw: object) -> dict[str, str]:
    result = verify(extract(sessions, INDEX), INDEX, on=ON, **kw)  # type: ignore[arg-type]
    return {v.key.split("#")[0]: v.verdict for v in result.claims}


def test_one_client_repeating_itself_counts_once() -> None:
    same = [s(f"s{i}", "c1", worked=("eng-handbook",)) for i in range(5)]
    assert verdicts(same)["worked:eng-handbook"] == "pending"


def test_three_independent_clients_verify_a_claim() -> None:
    three = [s(f"s{i}", f"c{i}", worked=("eng-handbook",)) for i in range(3)]
    assert verdicts(three)["worked:eng-handbook"] == "verified"


def test_a_lone_hostile_claim_is_contradicted_by_the_others() -> None:
    honest = [s(f"s{i}", f"c{i}", worked=("eng-handbook",)) for i in range(3)]
    hostile = [s(f"s{10 + i}", "mallory", better="tableau-legacy", worked=("tableau-legacy",),
                 failed=("runbooks",)) for i in range(5)]
    v = verdicts(honest + hostile)
    assert v["discovery:tableau-legacy>runbooks"] == "rejected"
    assert v["worked:tableau-legacy"] == "pending"  # one client: never enough alone
    assert v["worked:eng-handbook"] == "verified"


def test_a_client_whose_claims_are_mostly_rejected_is_set_aside() -> None:
    sessions = []
    for t in range(6):
        q = f"question number {t} about on-call"
        sessions += [s(f"s{t}{i}", f"c{i}", question=q, worked=("eng-handbook",))
                     for i in range(1, 3)]
        sessions.append(s(f"s{t}9", "mallory", question=q, better="tableau-legacy",
                          worked=("tableau-legacy",)))
    result = verify(extract(sessions, INDEX), INDEX, on=ON)
    assert "mallory" in result.discredited
    assert all("mallory" not in v.supporters for v in result.claims)


def test_a_failing_probe_on_a_card_clients_use_is_a_stale_howto() -> None:
    three = [s(f"s{i}", f"c{i}", worked=("eng-handbook",)) for i in range(3)]
    query = INDEX.cards["eng-handbook"].examples[0].query
    prober = RecordedProber({("eng-handbook", query): False}, default=True)
    result = verify(extract(three, INDEX), INDEX, on=ON, prober=prober)
    stale = [v for v in result.claims if v.kind == "stale_howto"]
    assert [v.subject for v in stale] == ["eng-handbook"]
    assert any(p["query"] == query and p["ok"] is False for p in stale[0].probes)
