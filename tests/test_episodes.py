from __future__ import annotations

import multiprocessing as mp
import os
import signal
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from sourcefinder.episodes import SCHEMA_VERSION, EpisodeLog
from sourcefinder.errors import LogError


def test_append_and_read_back(tmp_path: Path) -> None:
    log = EpisodeLog(tmp_path / "log.sqlite")
    q = log.append("question", "s1", "client-a", {"question": "where?"}, index_version="v1")
    o = log.append("outcome", "s1", "client-a", {"found": True, "what_worked": ["x"]})
    assert q.seq < o.seq
    assert [e.kind for e in log.session("s1")] == ["question", "outcome"]
    assert log.question("s1") is not None and log.question("s1").payload["question"] == "where?"
    pairs = list(log.finished_sessions())
    assert len(pairs) == 1 and pairs[0][1].payload["what_worked"] == ["x"]
    assert all(e.client == "client-a" for e in log.events())


def test_wal_mode_and_schema_version(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    EpisodeLog(path).append("question", "s", "c", {})
    con = sqlite3.connect(path)
    assert con.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert con.execute("SELECT value FROM meta").fetchone()[0] == str(SCHEMA_VERSION)


def test_a_retried_append_is_recorded_once(tmp_path: Path) -> None:
    log = EpisodeLog(tmp_path / "log.sqlite")
    first = log.append("question", "s", "c", {"q": 1}, event_id="fixed")
    again = log.append("question", "s", "c", {"q": 1}, event_id="fixed")
    assert first.seq == again.seq and log.count() == 1


def test_unknown_kind_and_foreign_schema_are_refused(tmp_path: Path) -> None:
    log = EpisodeLog(tmp_path / "log.sqlite")
    with pytest.raises(LogError, match="unknown event kind"):
        log.append("gossip", "s", "c", {})
    con = sqlite3.connect(tmp_path / "log.sqlite")
    con.execute("UPDATE meta SET value='99'")
    con.commit()
    with pytest.raises(LogError, match="schema version"):
        EpisodeLog(tmp_path / "log.sqlite")


def test_readonly_log_must_exist(tmp_path: Path) -> None:
    with pytest.raises(LogError, match="no episodic log"):
        EpisodeLog(tmp_path / "missing.sqlite", readonly=True)


def _writer(path: str, worker: int, n: int) -> None:
    log = EpisodeLog(path)
    for i in range(n):
        log.append("question", f"w{worker}-{i}", f"client-{worker}", {"i": i})


def test_several_processes_append_at_once_none_lost_none_duplicated(tmp_path: Path) -> None:
    path = str(tmp_path / "log.sqlite")
    EpisodeLog(path)
    ctx = mp.get_context("spawn")
    procs = [ctx.Process(target=_writer, args=(path, w, 100)) for w in range(4)]
    for p in procs:
        p.start()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    log = EpisodeLog(path)
    sessions = [e.session_id for e in log.events()]
    assert len(sessions) == 400 and len(set(sessions)) == 400


def test_an_acknowledged_append_survives_a_killed_process(tmp_path: Path) -> None:
    path = tmp_path / "log.sqlite"
    code = (
        "import sys; from sourcefinder.episodes import EpisodeLog\n"
        f"log = EpisodeLog({str(path)!r})\n"
        "for i in range(50):\n"
        "    log.append('question', f's{i}', 'c', {'i': i}); print(i, flush=True)\n"
        "sys.stdin.read()\n"
    )
    proc = subprocess.Popen([sys.executable, "-c", code], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    acknowledged = [proc.stdout.readline() for _ in range(50)]
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    proc.stdin.close()  # type: ignore[union-attr]
    proc.stdout.close()
    assert acknowledged[-1].strip() == "49"
    assert EpisodeLog(path).count() == 50
