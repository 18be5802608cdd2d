"""Ingest is incremental, idempotent, and safe against a process killed midway."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import duckdb

from sourcefinder.episodes import EpisodeLog
from sourcefinder.warehouse.ingest import connect_snapshot, ingest


def _log(path: Path, sessions: int, start: int = 0) -> None:
    log = EpisodeLog(path)
    for i in range(start, start + sessions):
        sid = f"s{i}"
        log.append("question", sid, f"c{i % 3}", {"question": f"where is thing {i}",
                                                  "context": "", "verdict": "confident",
                                                  "candidates": ["a", "b"], "ranked": ["a", "b"],
                                                  "pinned": []})
        log.append("outcome", sid, f"c{i % 3}", {"found": True, "sources_tried": ["a"],
                                                 "what_worked": ["a"], "what_failed": [],
                                                 "better_source": None, "notes": "",
                                                 "question_seq": 0})
    log.close()


def test_reingesting_adds_nothing_and_new_events_are_added_once(tmp_path: Path) -> None:
    log, wh = tmp_path / "log.sqlite", tmp_path / "wh.duckdb"
    _log(log, 10)
    first = ingest(log, wh)
    again = ingest(log, wh)
    _log(log, 5, start=10)
    third = ingest(log, wh)
    assert (first.rows, again.rows, third.rows) == (20, 0, 10)
    assert third.total["questions"] == 15 and third.high_water == 30


def test_a_process_killed_inside_a_batch_leaves_rows_and_mark_consistent(tmp_path: Path
                                                                         ) -> None:
    log, wh = tmp_path / "log.sqlite", tmp_path / "wh.duckdb"
    _log(log, 30)  # 60 events: three batches of 20
    script = (
        "import os, signal, sys\n"
        "from sourcefinder.warehouse.ingest import ingest\n"
        "def die(seq):\n"
        "    if seq > 20: os.kill(os.getpid(), signal.SIGKILL)\n"
        "ingest(sys.argv[1], sys.argv[2], batch_rows=20, before_commit=die)\n")
    proc = subprocess.run([sys.executable, "-c", script, str(log), str(wh)], check=False)
    assert proc.returncode == -9  # killed inside the second batch's transaction
    con = duckdb.connect(str(wh))
    mark = con.execute("SELECT high_water FROM ingest_state").fetchall()[0][0]
    rows = con.execute("SELECT count(*) FROM questions").fetchall()[0][0]
    con.close()
    assert (mark, rows) == (20, 10)  # the first batch with its mark; nothing of the second
    report = ingest(log, wh)
    assert report.total["questions"] == 30 and report.high_water == 60


def test_analysts_keep_reading_the_snapshot_while_ingest_replaces_it(tmp_path: Path
                                                                     ) -> None:
    log, wh, snap = tmp_path / "log.sqlite", tmp_path / "wh.duckdb", tmp_path / "a.duckdb"
    _log(log, 4)
    ingest(log, wh, snapshot=snap)
    analyst = connect_snapshot(snap)
    _log(log, 4, start=4)
    ingest(log, wh, snapshot=snap)  # the working file is written while analyst reads
    assert analyst.execute("SELECT count(*) FROM sessions").fetchall()[0][0] == 4
    analyst.close()
    fresh = connect_snapshot(snap)
    assert fresh.execute("SELECT count(*) FROM sessions").fetchall()[0][0] == 8
    fresh.close()
