"""Tables of the working warehouse, and the analyst views defined in ``sql/*.sql``.

Tables (written only by ``ingest`` and ``refresh_reference``)::

    ingest_state(source PK, high_water, ingested_at)   the last log seq ingested
    questions(seq, event_id, session_id, client, occurred_at, index_version, question,
              question_key, context, verdict, candidates[], ranked[], pinned[],
              missing_words[])                    the answer's words_not_in_index
    outcome_events(seq, event_id, session_id, client, occurred_at, index_version, found,
              tried[], worked[], failed[], better, notes)
    follow_ups(seq, event_id, session_id, client, occurred_at, index_version, what_happened,
              terms[], gaps[], untried[], next_modality)
    other_events(seq, event_id, session_id, kind, client, occurred_at, index_version, payload)
    cards(card_id, grp, kind, scope, trust, status, background, chain_depth, read_first[])
    card_links(card_id, other_id, relation)       declared overlaps: supersedes, see-also, ...
    question_labels(question_key, cls)            the labeled classes of the eval suite

``question_key`` is the question lower-cased with runs of white space collapsed: the key
that joins live questions to labeled ones (``question_key`` in Python does the same).
"""

from __future__ import annotations

import re
from importlib import resources

import duckdb

TABLES = """
CREATE TABLE IF NOT EXISTS ingest_state (
  source VARCHAR PRIMARY KEY, high_water BIGINT NOT NULL, ingested_at TIMESTAMPTZ NOT NULL);
CREATE TABLE IF NOT EXISTS questions (
  seq BIGINT NOT NULL, event_id VARCHAR NOT NULL, session_id VARCHAR NOT NULL,
  client VARCHAR NOT NULL, occurred_at TIMESTAMPTZ NOT NULL, index_version VARCHAR,
  question VARCHAR, question_key VARCHAR, context VARCHAR, verdict VARCHAR,
  candidates VARCHAR[], ranked VARCHAR[], pinned VARCHAR[], missing_words VARCHAR[]);
CREATE TABLE IF NOT EXISTS outcome_events (
  seq BIGINT NOT NULL, event_id VARCHAR NOT NULL, session_id VARCHAR NOT NULL,
  client VARCHAR NOT NULL, occurred_at TIMESTAMPTZ NOT NULL, index_version VARCHAR,
  found BOOLEAN, tried VARCHAR[], worked VARCHAR[], failed VARCHAR[], better VARCHAR,
  notes VARCHAR);
CREATE TABLE IF NOT EXISTS follow_ups (
  seq BIGINT NOT NULL, event_id VARCHAR NOT NULL, session_id VARCHAR NOT NULL,
  client VARCHAR NOT NULL, occurred_at TIMESTAMPTZ NOT NULL, index_version VARCHAR,
  what_happened VARCHAR, terms VARCHAR[], gaps VARCHAR[], untried VARCHAR[],
  next_modality VARCHAR);
CREATE TABLE IF NOT EXISTS other_events (
  seq BIGINT NOT NULL, event_id VARCHAR NOT NULL, session_id VARCHAR NOT NULL,
  kind VARCHAR NOT NULL, client VARCHAR NOT NULL, occurred_at TIMESTAMPTZ NOT NULL,
  index_version VARCHAR, payload JSON);
CREATE TABLE IF NOT EXISTS cards (
  card_id VARCHAR PRIMARY KEY, grp VARCHAR, kind VARCHAR, scope VARCHAR, trust VARCHAR,
  status VARCHAR, background VARCHAR, chain_depth INTEGER, read_first VARCHAR[]);
CREATE TABLE IF NOT EXISTS card_links (card_id VARCHAR, other_id VARCHAR, relation VARCHAR);
CREATE TABLE IF NOT EXISTS question_labels (question_key VARCHAR PRIMARY KEY, cls VARCHAR);
"""

_WS = re.compile(r"\s+")


def question_key(question: str) -> str:
    """The join key of a question (the SQL side: ``lower(trim(regexp_replace(...))))``."""
    return _WS.sub(" ", question.strip()).lower()


def view_files() -> list[tuple[str, str]]:
    """(name, SQL) of every analyst view, in file order (later views use earlier ones)."""
    folder = resources.files("sourcefinder.warehouse") / "sql"
    out = []
    for entry in sorted(folder.iterdir(), key=lambda e: e.name):
        if entry.name.endswith(".sql"):
            out.append((entry.name.split("_", 1)[1].removesuffix(".sql"), entry.read_text()))
    return out


def create_all(con: duckdb.DuckDBPyConnection) -> None:
    """Tables (kept) and views (replaced, so an edited .sql file takes effect)."""
    con.execute(TABLES)
    # added after the first release: warehouses made before it gain the column
    con.execute("ALTER TABLE questions ADD COLUMN IF NOT EXISTS missing_words VARCHAR[]")
    for _name, sql in view_files():
        con.execute(sql)
