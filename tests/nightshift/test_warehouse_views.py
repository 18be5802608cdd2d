"""The analyst views over a small log whose figures are known by hand."""

from __future__ import annotations

from pathlib import Path

from sourcefinder.episodes import EpisodeLog
from sourcefinder.evals.harness import Question
from sourcefinder.index import load_index
from sourcefinder.warehouse._schema import view_files
from sourcefinder.warehouse.ingest import connect_snapshot, ingest
from sourcefinder.warehouse.reference import refresh_reference

REPO = Path(__file__).resolve().parents[2]


def _session(log: EpisodeLog, sid: str, client: str, question: str, candidates: list[str],
             missing: tuple[str, ...] = (), **outcome: object) -> None:
    log.append("question", sid, client, {"question": question, "context": "",
                                         "verdict": "confident", "candidates": candidates,
                                         "ranked": candidates, "pinned": [],
                                         "words_not_in_index": list(missing)})
    body = {"found": True, "sources_tried": [], "what_worked": [], "what_failed": [],
            "better_source": None, "notes": "", "question_seq": 0}
    body.update(outcome)
    log.append("outcome", sid, client, body)


def test_views_compute_hit_rates_bounces_levers_and_terms(tmp_path: Path) -> None:
    log = EpisodeLog(tmp_path / "log.sqlite")
    q = "Where are the on-call rules?"
    _session(log, "s1", "c1", q, ["eng-handbook", "runbooks"], what_worked=["eng-handbook"])
    _session(log, "s2", "c2", q, ["runbooks", "eng-handbook"], what_failed=["runbooks"],
             what_worked=["eng-handbook"], sources_tried=["runbooks", "eng-handbook"])
    _session(log, "s3", "c3", "Who catered the party?", ["runbooks"], found=False,
             what_failed=["runbooks"], sources_tried=["runbooks"])
    log.append("follow_up", "s3", "c3", {"what_happened": "", "unrecognized_terms": ["FOO"],
                                         "tried": [], "untried": [], "gaps": ["FOO"],
                                         "next_modality": "ask a human"})
    log.close()
    snap = tmp_path / "a.duckdb"
    ingest(tmp_path / "log.sqlite", tmp_path / "wh.duckdb", snapshot=snap,
           reference=refresh_reference(load_index(REPO / "index"),
                                       [Question("q1", q, ("eng-handbook",), "onboarding")]))
    con = connect_snapshot(snap)
    by_class = dict(con.execute("SELECT cls, first_suggestion_hit_rate FROM hit_rate_by_class"
                                ).fetchall())
    assert by_class == {"onboarding": 0.5, "operations & incidents": 0.0}
    daily = con.execute("SELECT sessions, reported, found FROM hit_rate_daily").fetchall()
    assert daily == [(3, 3, 2)]
    assert con.execute("SELECT failed_card, worked_card, declared FROM bounces").fetchall() \
        == [("runbooks", "eng-handbook", False)]
    levers = dict(con.execute("SELECT lever, sessions FROM lever_ranking").fetchall())
    assert levers == {"description": 1, "breadth": 1}
    assert con.execute("SELECT term, clients, unknown_to_index FROM unrecognized_terms"
                       ).fetchall() == [("foo", 1, True)]
    con.close()


def test_every_view_file_opens_with_a_comment() -> None:
    files = view_files()
    assert [name for name, _ in files] == ["sessions", "outcomes", "hit_rate_daily",
                                           "hit_rate_by_class", "lever_ranking", "bounces",
                                           "unrecognized_terms", "words_not_in_index"]
    assert all(sql.startswith("-- ") for _, sql in files)


def test_words_no_card_uses_are_counted_per_client(tmp_path: Path) -> None:
    log = EpisodeLog(tmp_path / "log.sqlite")
    _session(log, "s1", "c1", "gantry crane logs?", ["runbooks"], ("gantry", "crane"),
             found=False)
    _session(log, "s2", "c2", "gantry schedule?", ["runbooks"], ("gantry",))
    _session(log, "s3", "c2", "gantry again?", ["runbooks"], ("gantry",))
    log.append("question", "s4", "c3", {"question": "an old event", "verdict": "nowhere",
                                        "candidates": []})  # logged before the field existed
    log.close()
    snap = tmp_path / "a.duckdb"
    ingest(tmp_path / "log.sqlite", tmp_path / "wh.duckdb", snapshot=snap)
    con = connect_snapshot(snap)
    rows = con.execute("SELECT word, questions, clients, not_found, example "
                       "FROM words_not_in_index ORDER BY word").fetchall()
    assert rows == [("crane", 1, 1, 1, "gantry crane logs?"),
                    ("gantry", 3, 2, 1, "gantry again?")]
    con.close()


def test_a_warehouse_from_before_the_column_gains_it(tmp_path: Path) -> None:
    import duckdb

    old = tmp_path / "wh.duckdb"
    con = duckdb.connect(str(old))
    con.execute("CREATE TABLE questions (seq BIGINT NOT NULL, event_id VARCHAR NOT NULL, "
                "session_id VARCHAR NOT NULL, client VARCHAR NOT NULL, occurred_at "
                "TIMESTAMPTZ NOT NULL, index_version VARCHAR, question VARCHAR, question_key "
                "VARCHAR, context VARCHAR, verdict VARCHAR, candidates VARCHAR[], ranked "
                "VARCHAR[], pinned VARCHAR[])")
    con.close()
    log = EpisodeLog(tmp_path / "log.sqlite")
    _session(log, "s1", "c1", "gantry?", ["runbooks"], ("gantry",))
    log.close()
    ingest(tmp_path / "log.sqlite", old, snapshot=tmp_path / "a.duckdb")
    con = connect_snapshot(tmp_path / "a.duckdb")
    assert con.execute("SELECT word, clients FROM words_not_in_index").fetchall() \
        == [("gantry", 1)]
    con.close()
