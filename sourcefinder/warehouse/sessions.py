"""Read the night shift's view of the log (``nightshift.model.Session``) from a warehouse."""

from __future__ import annotations

from pathlib import Path

from sourcefinder.nightshift.model import Session
from sourcefinder.warehouse.ingest import connect_snapshot

_SQL = """
WITH terms AS (
  SELECT session_id, flatten(list(terms)) AS terms, flatten(list(gaps)) AS gaps
  FROM follow_ups GROUP BY session_id
)
SELECT s.session_id, s.question_seq, s.client, CAST(s.asked_at AS VARCHAR), s.question,
       s.question_key, s.cls, s.verdict, s.candidates, s.reported_by, s.found, s.tried,
       s.worked, s.failed, s.better, t.terms, t.gaps, s.missing_words
FROM sessions s LEFT JOIN terms t USING (session_id)
WHERE s.question_seq > ?
ORDER BY s.question_seq
"""


def read_sessions(snapshot: str | Path, since_seq: int = 0) -> list[Session]:
    """Every session asked after ``since_seq``, oldest first, from the analysts' snapshot."""
    if not Path(snapshot).is_file():
        return []
    con = connect_snapshot(snapshot)
    try:
        rows = con.execute(_SQL, [since_seq]).fetchall()
    finally:
        con.close()
    return [Session(r[0], int(r[1]), r[2], r[3], r[4] or "", r[5] or "", r[6], r[7] or "",
                    tuple(r[8] or ()), r[9], r[10], tuple(r[11] or ()), tuple(r[12] or ()),
                    tuple(r[13] or ()), r[14], tuple(r[15] or ()), tuple(r[16] or ()),
                    tuple(r[17] or ()))
            for r in rows]
