"""Cheap questions the sensors ask between runs: is there new feedback, a new version?"""

from __future__ import annotations

import sqlite3
from pathlib import Path

FEEDBACK_KINDS = ("outcome", "follow_up")


def new_feedback(log_path: str | Path, since_seq: int) -> tuple[int, int]:
    """(how many feedback events arrived after ``since_seq``, the last one's seq)."""
    path = Path(log_path)
    if not path.is_file():
        return 0, since_seq
    con = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=30)
    try:
        n, last = con.execute(
            "SELECT count(*), COALESCE(max(seq), ?) FROM events WHERE seq > ? "
            "AND kind IN ('outcome', 'follow_up')", (since_seq, since_seq)).fetchone()
    finally:
        con.close()
    return int(n), int(last)
