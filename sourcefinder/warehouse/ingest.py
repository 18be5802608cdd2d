"""Ingest the episodic log into the warehouse: incremental, idempotent, crash-safe.

Each batch of events (``seq`` above the high-water mark) is parsed into the typed tables
and the high-water mark moves **in the same DuckDB transaction**: a process killed midway
leaves either the whole batch with its mark or neither, so the next run resumes exactly
where the last commit ended, and re-running adds nothing twice.

The log is read through a read-only SQLite connection (WAL: the MCP server keeps
appending meanwhile). SQLite serializes writers and every append is its own
transaction, so a reader never sees a seq while a smaller one is still uncommitted.

A working file DuckDB cannot open (its WAL failed to replay after a crash) is moved aside
and rebuilt from the log: the warehouse is a copy, the log is the record.
"""

from __future__ import annotations

import fcntl
import os
import sqlite3
import tempfile
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import duckdb
import pyarrow as pa

from sourcefinder.warehouse._schema import create_all

SOURCE = "episodes"
_CONFIG: dict[str, str | bool | int | float | list[str]] = {
    "autoinstall_known_extensions": False}
_COLUMNS = ("seq", "event_id", "session_id", "kind", "client", "occurred_at", "index_version",
            "payload")
_KEY = "lower(trim(regexp_replace(payload->>'question', '\\s+', ' ', 'g')))"
_TYPED = {
    "questions": f"""
        SELECT seq, event_id, session_id, client, occurred_at::TIMESTAMPTZ, index_version,
               payload->>'question', {_KEY}, payload->>'context', payload->>'verdict',
               CAST(payload->'candidates' AS VARCHAR[]), CAST(payload->'ranked' AS VARCHAR[]),
               CAST(payload->'pinned' AS VARCHAR[]),
               CAST(payload->'words_not_in_index' AS VARCHAR[])
        FROM batch WHERE kind = 'question'""",
    "outcome_events": """
        SELECT seq, event_id, session_id, client, occurred_at::TIMESTAMPTZ, index_version,
               CAST(payload->'found' AS BOOLEAN), CAST(payload->'sources_tried' AS VARCHAR[]),
               CAST(payload->'what_worked' AS VARCHAR[]),
               CAST(payload->'what_failed' AS VARCHAR[]), payload->>'better_source',
               payload->>'notes'
        FROM batch WHERE kind = 'outcome'""",
    "follow_ups": """
        SELECT seq, event_id, session_id, client, occurred_at::TIMESTAMPTZ, index_version,
               payload->>'what_happened', CAST(payload->'unrecognized_terms' AS VARCHAR[]),
               CAST(payload->'gaps' AS VARCHAR[]), CAST(payload->'untried' AS VARCHAR[]),
               payload->>'next_modality'
        FROM batch WHERE kind = 'follow_up'""",
    "other_events": """
        SELECT seq, event_id, session_id, kind, client, occurred_at::TIMESTAMPTZ,
               index_version, payload
        FROM batch WHERE kind NOT IN ('question', 'outcome', 'follow_up')""",
}


@dataclass(frozen=True)
class IngestReport:
    rows: int  # events added by this run
    batches: int
    high_water: int  # the last seq now in the warehouse
    total: dict[str, int]  # rows per typed table after the run
    seconds: float
    rebuilt: str = ""  # why the working file was rebuilt from the log, when it was


@contextmanager
def writer_lock(warehouse: Path) -> Iterator[None]:
    """One writer at a time across processes (DuckDB allows one read-write process)."""
    warehouse.parent.mkdir(parents=True, exist_ok=True)
    with open(warehouse.with_name(warehouse.name + ".lock"), "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def open_working(warehouse: Path) -> tuple[duckdb.DuckDBPyConnection, str]:
    """The working file, created, or rebuilt when DuckDB cannot open it; (connection, why)."""
    rebuilt = ""
    try:
        con = duckdb.connect(str(warehouse), config=_CONFIG)
    except duckdb.Error as exc:
        aside = warehouse.with_name(f"{warehouse.name}.broken-{int(time.time())}")
        os.replace(warehouse, aside)
        wal = warehouse.with_name(warehouse.name + ".wal")
        if wal.exists():
            os.replace(wal, aside.with_name(aside.name + ".wal"))
        rebuilt = f"{type(exc).__name__}: {exc} (old file kept as {aside.name})"
        con = duckdb.connect(str(warehouse), config=_CONFIG)
    create_all(con)
    return con, rebuilt


def high_water(con: duckdb.DuckDBPyConnection) -> int:
    row = con.execute("SELECT high_water FROM ingest_state WHERE source = ?",
                      [SOURCE]).fetchall()
    return int(row[0][0]) if row else 0


def ingest(log_path: str | Path, warehouse: str | Path, *, snapshot: str | Path | None = None,
           batch_rows: int = 200_000,
           reference: Callable[[duckdb.DuckDBPyConnection], None] | None = None,
           before_commit: Callable[[int], None] | None = None) -> IngestReport:
    """Add the log's new events to the warehouse; then refresh the snapshot, if given.

    ``reference`` (e.g. ``refresh_reference`` bound to an index) rewrites the cards and
    labels tables in the last transaction. ``before_commit(seq)`` is called inside each
    batch's transaction before it commits: the seam a crash-safety test kills the process in.
    """
    start = time.perf_counter()
    log_path, warehouse = Path(log_path), Path(warehouse)
    with writer_lock(warehouse):
        con, rebuilt = open_working(warehouse)
        try:
            rows = batches = 0
            mark = high_water(con)
            for table in _read_batches(log_path, mark, batch_rows):
                mark = int(table.column("seq")[-1].as_py())
                _load_batch(con, table, mark, before_commit)
                rows += table.num_rows
                batches += 1
            if reference is not None:
                con.execute("BEGIN")
                reference(con)
                con.execute("COMMIT")
            total = {t: int(con.execute(f"SELECT count(*) FROM {t}").fetchall()[0][0])
                     for t in _TYPED}
            if snapshot is not None and (rows or reference or not Path(snapshot).exists()):
                publish_snapshot(con, Path(snapshot))
        finally:
            con.close()
    return IngestReport(rows, batches, mark, total, round(time.perf_counter() - start, 3),
                        rebuilt)


def _read_batches(log_path: Path, since: int, batch_rows: int) -> Iterator[pa.Table]:
    if not log_path.is_file():
        return
    src = sqlite3.connect(f"file:{log_path}?mode=ro", uri=True, timeout=30)
    try:
        src.execute("PRAGMA busy_timeout=30000")
        cur = src.execute(
            "SELECT seq, event_id, session_id, kind, client, at, index_version, payload "
            "FROM events WHERE seq > ? ORDER BY seq", (since,))
        while rows := cur.fetchmany(batch_rows):
            cols = list(zip(*rows, strict=True))
            yield pa.table({name: pa.array(col, type=pa.int64() if name == "seq" else pa.string())
                            for name, col in zip(_COLUMNS, cols, strict=True)})
    finally:
        src.close()


def _load_batch(con: duckdb.DuckDBPyConnection, table: pa.Table, mark: int,
                before_commit: Callable[[int], None] | None) -> None:
    con.register("batch_raw", table)
    try:
        con.execute("BEGIN")
        con.execute("CREATE OR REPLACE TEMP TABLE batch AS SELECT seq, event_id, session_id, "
                    "kind, client, occurred_at, index_version, CAST(payload AS JSON) AS payload "
                    "FROM batch_raw")
        for target, select in _TYPED.items():
            con.execute(f"INSERT INTO {target} {select}")
        con.execute("INSERT OR REPLACE INTO ingest_state VALUES (?, ?, now())", [SOURCE, mark])
        if before_commit is not None:
            before_commit(mark)
        con.execute("COMMIT")
    except BaseException:
        con.execute("ROLLBACK")
        raise
    finally:
        con.unregister("batch_raw")
        con.execute("DROP TABLE IF EXISTS batch")


def publish_snapshot(con: duckdb.DuckDBPyConnection, snapshot: Path) -> None:
    """Copy the working database into a fresh file and swap it in as the analysts' snapshot."""
    snapshot.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{snapshot.stem}-", suffix=".duckdb",
                               dir=snapshot.parent)
    os.close(fd)
    os.unlink(tmp)  # DuckDB creates the file itself
    source = con.execute("SELECT current_database()").fetchall()[0][0]
    try:
        con.execute("ATTACH '" + tmp.replace("'", "''") + "' AS snapshot_out")
        con.execute(f'COPY FROM DATABASE "{source}" TO snapshot_out')
        con.execute("DETACH snapshot_out")
        os.replace(tmp, snapshot)
    finally:
        for leftover in (Path(tmp), Path(tmp + ".wal")):
            leftover.unlink(missing_ok=True)


def connect_snapshot(snapshot: str | Path) -> duckdb.DuckDBPyConnection:
    """A read-only connection to the analysts' snapshot."""
    return duckdb.connect(str(snapshot), read_only=True)
