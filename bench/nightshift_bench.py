"""Night-shift bench: one JSON line per figure.

    python bench/nightshift_bench.py [--events 1000000] [--loop-events 20000] [--keep DIR]

1. ingest: ``--events`` synthetic episodes written straight into a SQLite log (one SQL
   statement, not timed), then ingested into the warehouse with the analysts' snapshot
   published (timed; target 60 s for 1,000,000).
2. views: each analyst view read in full from the snapshot (target 2 s each).
3. loop: the whole nightly loop on the demo's cards over ``--loop-events`` episodes, once
   with the domain functions and once materialized through Dagster in process (target
   120 s each).
"""

from __future__ import annotations

import argparse
import json
import random
import sqlite3
import sys
import tempfile
import time
from datetime import date
from pathlib import Path

from sourcefinder.episodes import EpisodeLog
from sourcefinder.evals.harness import read_questions
from sourcefinder.index import load_index
from sourcefinder.warehouse._schema import view_files
from sourcefinder.warehouse.ingest import connect_snapshot, ingest
from sourcefinder.warehouse.reference import refresh_reference

REPO = Path(__file__).resolve().parents[1]
QUESTIONS = REPO / "evals" / "questions.jsonl"


def emit(figure: str, value: float, target: float | None, unit: str = "s", **extra: object) -> None:
    print(
        json.dumps(
            {
                "figure": figure,
                "value": round(value, 3),
                "unit": unit,
                "target": target,
                "ok": target is None or value <= target,
                **extra,
            }
        ),
        flush=True,
    )


def generate_bulk(log_path: Path, events: int) -> None:
    """Sessions of question + outcome (+ a follow-up every tenth), in one INSERT."""
    EpisodeLog(log_path).close()
    cards = sorted(load_index(REPO / "index").cards)
    questions = [q.question for q in read_questions(QUESTIONS)]
    con = sqlite3.connect(log_path, isolation_level=None)
    con.execute("PRAGMA synchronous=OFF")
    con.execute("CREATE TEMP TABLE card(i INTEGER PRIMARY KEY, id TEXT)")
    con.executemany("INSERT INTO card VALUES (?, ?)", list(enumerate(cards)))
    con.execute("CREATE TEMP TABLE q(i INTEGER PRIMARY KEY, text TEXT)")
    con.executemany("INSERT INTO q VALUES (?, ?)", list(enumerate(questions)))
    sessions = events * 10 // 21  # 2 events a session, plus a follow-up every tenth
    nc, nq = len(cards), len(questions)
    con.execute("BEGIN")
    con.execute(f"""
    WITH RECURSIVE n(i) AS (SELECT 0 UNION ALL SELECT i + 1 FROM n WHERE i < {sessions - 1}),
    s AS MATERIALIZED (
      SELECT i, (i * 7919) % {nc} a, (i * 104729 + 13) % {nc} b, (i * 31) % {nq} qi,
             'client-' || (i % 97) cl, abs(random()) % 100 r,
             strftime('%Y-%m-%dT%H:%M:%S+00:00', '2026-06-01', '+' || (i % 120) || ' days',
                      '+' || (i % 86400) || ' seconds') ts
      FROM n),
    x AS (
      SELECT s.*, ca.id ida, cb.id idb, q.text qt FROM s
      JOIN card ca ON ca.i = s.a JOIN card cb ON cb.i = s.b JOIN q ON q.i = s.qi),
    k(kind, o) AS (VALUES ('question', 0), ('outcome', 1), ('follow_up', 2))
    INSERT INTO events(event_id, session_id, kind, client, at, index_version, payload)
    SELECT 'e' || i || '-' || k.o, 's' || i, k.kind, cl, ts, 'bench',
      CASE k.kind
        WHEN 'question' THEN json_object('question', qt, 'context', '',
          'verdict', CASE WHEN r < 70 THEN 'confident' WHEN r < 95 THEN 'uncertain'
                          ELSE 'nowhere' END,
          'candidates', json_array(ida, idb), 'ranked', json_array(ida, idb),
          'pinned', json_array())
        WHEN 'outcome' THEN json_object('found', json(CASE WHEN r < 85 THEN 'true'
                                                           ELSE 'false' END),
          'sources_tried', json_array(ida, idb),
          'what_worked', CASE WHEN r < 50 THEN json_array(ida) WHEN r < 85
                              THEN json_array(idb) ELSE json_array() END,
          'what_failed', CASE WHEN r >= 50 THEN json_array(ida) ELSE json_array() END,
          'better_source', NULL, 'notes', '', 'question_seq', 0)
        ELSE json_object('what_happened', 'stuck', 'unrecognized_terms',
                         json_array('term-' || (i % 50)), 'tried', json_array(ida),
                         'untried', json_array(idb), 'gaps', json_array('term-' || (i % 50)),
                         'next_modality', 'ask a human')
      END
    FROM x, k WHERE k.o < 2 OR i % 10 = 0
    ORDER BY i, k.o""")
    con.execute("COMMIT")
    con.close()


def generate_demo(log_path: Path, events: int, seed: int = 11) -> None:
    """Episodes shaped like the demo's clients (labeled questions, mostly honest reports)."""
    log = EpisodeLog(log_path)
    log.close()
    cards = sorted(load_index(REPO / "index").cards)
    questions = read_questions(QUESTIONS)
    rng = random.Random(seed)
    rows = []
    for i in range(events // 2):
        q = rng.choice(questions)
        cands = rng.sample(cards, 3)
        if q.gold and rng.random() < 0.8:
            cands.insert(rng.randrange(3), q.gold[0])
        cands = list(dict.fromkeys(cands))
        client = f"agent-{rng.randrange(12)}"
        hit = next((j for j, c in enumerate(cands) if c in q.gold), None)
        if rng.random() < 0.1:  # a mistaken report
            out = {
                "found": True,
                "sources_tried": cands[:1],
                "what_worked": [],
                "what_failed": cands[:1],
                "better_source": rng.choice(cards),
            }
        elif hit is None:
            out = {
                "found": bool(q.gold),
                "sources_tried": cands,
                "what_worked": [],
                "what_failed": cands,
                "better_source": q.gold[0] if q.gold else None,
            }
        else:
            out = {
                "found": True,
                "sources_tried": cands[: hit + 1],
                "what_worked": [cands[hit]],
                "what_failed": cands[:hit],
                "better_source": None,
            }
        out.update(notes="", question_seq=0)
        sid = f"s{i}"
        at = f"2026-10-{1 + i % 28:02d}T12:00:00+00:00"
        rows.append(
            (
                f"q{i}",
                sid,
                "question",
                client,
                at,
                None,
                json.dumps(
                    {
                        "question": q.question,
                        "context": "",
                        "verdict": "confident",
                        "candidates": cands,
                        "ranked": cands,
                        "pinned": [],
                    }
                ),
            )
        )
        rows.append((f"o{i}", sid, "outcome", client, at, None, json.dumps(out)))
    con = sqlite3.connect(log_path)
    con.executemany(
        "INSERT INTO events(event_id, session_id, kind, client, at, index_version,"
        " payload) VALUES (?, ?, ?, ?, ?, ?, ?)",
        rows,
    )
    con.commit()
    con.close()


def bench_ingest(work: Path, events: int) -> Path:
    log, wh, snap = work / "bulk.sqlite", work / "bulk.duckdb", work / "bulk-analytics.duckdb"
    start = time.perf_counter()
    generate_bulk(log, events)
    emit("generate_events_seconds", time.perf_counter() - start, None, events=events)
    ref = refresh_reference(load_index(REPO / "index"), read_questions(QUESTIONS))
    report = ingest(log, wh, snapshot=snap, reference=ref)
    emit(
        "ingest_seconds",
        report.seconds,
        60.0,
        events=report.rows,
        sessions=report.total["questions"],
    )
    again = ingest(log, wh, snapshot=snap)
    emit("reingest_noop_seconds", again.seconds, 60.0, events=again.rows)
    return snap


def bench_views(snap: Path) -> None:
    con = connect_snapshot(snap)
    for name, _ in view_files():
        start = time.perf_counter()
        rows = con.sql(f"SELECT * FROM {name}").to_arrow_table().num_rows
        emit(f"view_{name}_seconds", time.perf_counter() - start, 2.0, rows=rows)
    con.close()


def bench_loop(work: Path, events: int) -> None:
    from sourcefinder.demo import prepare
    from sourcefinder.nightshift.loop import NightConfig, NightShift
    from sourcefinder_pipeline.resources import NightShiftResource
    from sourcefinder_pipeline.run import materialize_loop

    for runner in ("domain", "dagster"):
        settings = prepare(work / f"loop-{runner}", REPO / "index")
        generate_demo(settings.log_path, events)
        start = time.perf_counter()
        if runner == "domain":
            NightShift(NightConfig(settings, QUESTIONS, today=date(2026, 10, 29))).run_night()
            ok = True
        else:
            night = NightShiftResource(
                home=str(settings.home),
                index=str(REPO / "index"),
                questions=str(QUESTIONS),
                today="2026-10-29",
            )
            ok = materialize_loop(night, log_level="ERROR").success
        emit(
            f"nightly_loop_{runner}_seconds",
            time.perf_counter() - start,
            120.0,
            events=events,
            success=ok,
        )


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("--events", type=int, default=1_000_000)
    p.add_argument("--loop-events", type=int, default=20_000)
    p.add_argument("--keep", type=Path, help="work in this folder and keep it")
    args = p.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="nightshift-bench-") as tmp:
        work = args.keep or Path(tmp)
        work.mkdir(parents=True, exist_ok=True)
        bench_views(bench_ingest(work, args.events))
        bench_loop(work, args.loop_events)
    return 0


if __name__ == "__main__":
    sys.exit(main())
