"""The episodic log: every question and every piece of feedback, raw and append-only.

SQLite in WAL mode with ``synchronous=FULL`` (an acknowledged append survives a killed
process), safe for several processes appending at once: each append is one short
transaction, and ``event_id`` is unique so a retried append is recorded once.

Schema (version 1; ``meta.schema_version``)::

    events(
      seq            INTEGER PRIMARY KEY AUTOINCREMENT  -- global order, the night shift's cursor
      event_id       TEXT UNIQUE NOT NULL               -- idempotency key
      session_id     TEXT NOT NULL                      -- one where_can_i_find call opens a session
      kind           TEXT NOT NULL                      -- question | outcome | follow_up | describe
                                                        -- | suggestion
      client         TEXT NOT NULL                      -- who asked (transport or argument)
      at             TEXT NOT NULL                      -- ISO-8601 UTC
      index_version  TEXT                               -- the published version that answered
      payload        TEXT NOT NULL                      -- JSON, shape by kind (see README)
    )

Rows are never updated or deleted.
"""

from __future__ import annotations

import json
import sqlite3
import threading
import uuid
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sourcefinder.errors import LogError

SCHEMA_VERSION = 1
KINDS = ("question", "outcome", "follow_up", "describe", "suggestion")
_SCHEMA = """
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS events (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  event_id TEXT NOT NULL UNIQUE,
  session_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('question','outcome','follow_up','describe','suggestion')),
  client TEXT NOT NULL,
  at TEXT NOT NULL,
  index_version TEXT,
  payload TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS events_session ON events (session_id, seq);
CREATE INDEX IF NOT EXISTS events_kind ON events (kind, seq);
"""


@dataclass(frozen=True)
class Event:
    seq: int
    event_id: str
    session_id: str
    kind: str
    client: str
    at: str
    index_version: str | None
    payload: dict[str, Any]


def new_id() -> str:
    return uuid.uuid4().hex


def now_iso() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


class EpisodeLog:
    """Append and read episodes. One connection per thread; any number of processes."""

    def __init__(self, path: str | Path, *, readonly: bool = False, durable: bool = True) -> None:
        """``durable=False`` (``synchronous=NORMAL``) still survives a killed process, but
        not a power loss; for batch replays such as ``simulate`` that can be run again."""
        self.path = Path(path)
        self.readonly = readonly
        self._sync = "FULL" if durable else "NORMAL"
        self._local = threading.local()
        if not readonly:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            with self._conn() as con:
                con.executescript(_SCHEMA)
                con.execute("INSERT OR IGNORE INTO meta VALUES ('schema_version', ?)",
                            (str(SCHEMA_VERSION),))
        elif not self.path.exists():
            raise LogError(f"no episodic log at {self.path}")
        version = self._conn().execute(
            "SELECT value FROM meta WHERE key='schema_version'").fetchone()
        if version is None or int(version[0]) != SCHEMA_VERSION:
            raise LogError(f"{self.path}: schema version {version and version[0]}, "
                           f"expected {SCHEMA_VERSION}")

    def _conn(self) -> sqlite3.Connection:
        con = getattr(self._local, "con", None)
        if con is None:
            try:
                if self.readonly:
                    con = sqlite3.connect(f"file:{self.path}?mode=ro", uri=True, timeout=30)
                else:
                    con = sqlite3.connect(self.path, timeout=30, isolation_level=None)
                    con.execute("PRAGMA journal_mode=WAL")
                    con.execute(f"PRAGMA synchronous={self._sync}")
                con.execute("PRAGMA busy_timeout=30000")
            except sqlite3.Error as exc:
                raise LogError(f"cannot open episodic log {self.path}: {exc}") from exc
            self._local.con = con
        return con

    def close(self) -> None:
        con = getattr(self._local, "con", None)
        if con is not None:
            con.close()
            self._local.con = None

    def append(self, kind: str, session_id: str, client: str, payload: dict[str, Any], *,
               index_version: str | None = None, event_id: str | None = None) -> Event:
        if kind not in KINDS:
            raise LogError(f"unknown event kind {kind!r}")
        event_id = event_id or new_id()
        at = now_iso()
        body = json.dumps(payload, ensure_ascii=False, sort_keys=True)
        try:
            cur = self._conn().execute(
                "INSERT OR IGNORE INTO events (event_id, session_id, kind, client, at, "
                "index_version, payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (event_id, session_id, kind, client or "anonymous", at, index_version, body))
        except sqlite3.Error as exc:
            raise LogError(f"cannot append to {self.path}: {exc}") from exc
        seq = cur.lastrowid if cur.rowcount else self._seq_of(event_id)
        return Event(int(seq or 0), event_id, session_id, kind, client or "anonymous", at,
                     index_version, payload)

    def _seq_of(self, event_id: str) -> int:
        row = self._conn().execute("SELECT seq FROM events WHERE event_id=?",
                                   (event_id,)).fetchone()
        return int(row[0]) if row else 0

    def _rows(self, sql: str, args: Iterable[Any] = ()) -> Iterator[Event]:
        for row in self._conn().execute(sql, tuple(args)).fetchall():
            yield Event(row[0], row[1], row[2], row[3], row[4], row[5], row[6], json.loads(row[7]))

    _COLS = "seq, event_id, session_id, kind, client, at, index_version, payload"

    def session(self, session_id: str) -> list[Event]:
        return list(self._rows(f"SELECT {self._COLS} FROM events WHERE session_id=? ORDER BY seq",
                               (session_id,)))

    def question(self, session_id: str) -> Event | None:
        rows = list(self._rows(f"SELECT {self._COLS} FROM events WHERE session_id=? AND "
                               "kind='question' ORDER BY seq LIMIT 1", (session_id,)))
        return rows[0] if rows else None

    def events(self, since_seq: int = 0, kinds: Iterable[str] | None = None,
               limit: int | None = None) -> list[Event]:
        sql = f"SELECT {self._COLS} FROM events WHERE seq > ?"
        args: list[Any] = [since_seq]
        if kinds:
            kinds = list(kinds)
            sql += f" AND kind IN ({','.join('?' * len(kinds))})"
            args += kinds
        sql += " ORDER BY seq"
        if limit:
            sql += " LIMIT ?"
            args.append(limit)
        return list(self._rows(sql, args))

    def max_seq(self) -> int:
        row = self._conn().execute("SELECT COALESCE(MAX(seq), 0) FROM events").fetchone()
        return int(row[0])

    def count(self, kind: str | None = None) -> int:
        if kind:
            row = self._conn().execute("SELECT COUNT(*) FROM events WHERE kind=?",
                                       (kind,)).fetchone()
        else:
            row = self._conn().execute("SELECT COUNT(*) FROM events").fetchone()
        return int(row[0])

    def finished_sessions(self, since_seq: int = 0) -> Iterator[tuple[Event, Event]]:
        """(question, outcome) pairs, for sessions whose outcome arrived after ``since_seq``."""
        sql = (
            "SELECT q.seq, q.event_id, q.session_id, q.kind, q.client, q.at, q.index_version, "
            "q.payload, o.seq, o.event_id, o.session_id, o.kind, o.client, o.at, "
            "o.index_version, o.payload FROM events o JOIN events q "
            "ON q.session_id = o.session_id AND q.kind = 'question' "
            "WHERE o.kind = 'outcome' AND o.seq > ? ORDER BY o.seq")
        for r in self._conn().execute(sql, (since_seq,)).fetchall():
            yield (Event(r[0], r[1], r[2], r[3], r[4], r[5], r[6], json.loads(r[7])),
                   Event(r[8], r[9], r[10], r[11], r[12], r[13], r[14], json.loads(r[15])))
