"""``sql <db file>``: an SQLite database opened read-only.

An example that is itself a ``SELECT`` (or ``WITH``) runs as written and passes when it
returns a row. Any other example is matched like a text search against each table: its
name, its column names and a sample of its rows. The connection is read-only twice over
(``mode=ro`` and ``query_only``), an authorizer allows reads only (no ``ATTACH``, no
writes, no pragmas beyond ``table_info``), and a progress handler stops long queries.
"""

from __future__ import annotations

import re
import sqlite3
import time
from collections.abc import Sequence
from pathlib import Path

from sourcefinder.probes._documents import Corpus, Limits
from sourcefinder.probes._model import Outcome
from sourcefinder.probes._paths import confined

_SQL = re.compile(r"^\s*(select|with)\b", re.IGNORECASE)
_ALLOWED = frozenset({sqlite3.SQLITE_SELECT, sqlite3.SQLITE_READ, sqlite3.SQLITE_FUNCTION, 33})
_MAX_CELL = 200


def _authorizer(action: int, arg1: str | None, arg2: str | None, db: str | None,
                trigger: str | None) -> int:
    if action in _ALLOWED:
        return sqlite3.SQLITE_OK
    if action == sqlite3.SQLITE_PRAGMA and arg1 in ("table_info", "table_xinfo"):
        return sqlite3.SQLITE_OK
    return sqlite3.SQLITE_DENY


class SqlRunner:
    def __init__(self, root: Path, limits: Limits) -> None:
        self._root = root
        self._limits = limits

    def check(self, target: str, queries: Sequence[str]) -> list[Outcome]:
        path = confined(self._root, target)
        if not path.is_file():
            raise FileNotFoundError(f"{target} does not exist under the org root")
        conn = self._open(path)
        try:
            corpus: Corpus | None = None
            outcomes = []
            for query in queries:
                if _SQL.match(query):
                    outcomes.append(self._run_sql(conn, query))
                    continue
                if corpus is None:
                    corpus = self._tables(conn)
                outcomes.append(corpus.match(query))
            return outcomes
        finally:
            conn.close()

    def _open(self, path: Path) -> sqlite3.Connection:
        conn = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=1.0)
        try:
            conn.execute("PRAGMA query_only = 1")
            deadline = time.monotonic() + self._limits.timeout
            conn.set_progress_handler(lambda: int(time.monotonic() > deadline), 10_000)
            conn.set_authorizer(_authorizer)
        except sqlite3.Error:
            conn.close()
            raise
        return conn

    def _run_sql(self, conn: sqlite3.Connection, query: str) -> Outcome:
        try:
            cursor = conn.execute(query)
            rows = cursor.fetchmany(self._limits.sample_rows)
            cursor.close()
        except sqlite3.Error as exc:  # a bad or refused statement is a failed example
            return Outcome(False, f"query failed: {exc}")
        if not rows:
            return Outcome(False, "query returned no rows")
        shown = ", ".join(str(v)[:40] for v in rows[0])
        return Outcome(True, f"{len(rows)} row(s); first: ({shown})")

    def _tables(self, conn: sqlite3.Connection) -> Corpus:
        corpus = Corpus("tables")
        names = [r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type IN ('table', 'view') "
            "AND name NOT LIKE 'sqlite_%' ORDER BY name LIMIT ?", (self._limits.max_tables,),
        )]  # fmt: skip
        for name in names:
            quoted = '"' + name.replace('"', '""') + '"'
            columns = [r[1] for r in conn.execute(f"PRAGMA table_info({quoted})")]
            try:
                rows = conn.execute(
                    f"SELECT * FROM {quoted} LIMIT {int(self._limits.sample_rows)}"
                ).fetchall()
            except sqlite3.Error as exc:
                corpus.skipped.append(f"{name}: {exc}")
                rows = []
            lines = [" ".join(columns)]
            lines += [" ".join(str(v)[:_MAX_CELL] for v in row) for row in rows]
            corpus.add(name, "\n".join(lines))
        return corpus
