"""`make demo`: the example organization's index, served to simulated clients for several
nights, with the night shift run after each night.

    python -m sourcefinder.demo [--nights 4] [--per-client 70] [--no-dagster] [--docs-port N]

It works in ``$SOURCEFINDER_HOME/demo`` (wiped at the start) on a working copy of
``index/``; the committed index is never written. The example organization is generated
there too (``demo/org``: git repositories and the SQLite warehouse, from the committed
text under ``org/``), and its docs site is served on 127.0.0.1:8088 while the demo runs
(the example index's http probes point there; ``--docs-port`` serves it elsewhere and
rewrites the probes to match). On night 1 the night shift sweeps every card's probes
against those real sources and marks the examples ✓/✗. Clients: three honest ones
(``sourcefinder.simulate``), two mistaken ones (wrong about a third of the time, at random),
and a hostile one that keeps claiming a wrong source is best for every metrics question.
Each night prints the standing suite's hit@1 on the published index and the live
first-suggestion hit rate of that night's sessions.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import sys
import time
from collections.abc import Sequence
from contextlib import ExitStack
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from sourcefinder.config import Settings
from sourcefinder.desk import Desk
from sourcefinder.errors import SourcefinderError
from sourcefinder.evals.harness import Question, read_questions
from sourcefinder.nightshift.gaps import missing_words
from sourcefinder.nightshift.loop import NightConfig, NightShift
from sourcefinder.nightshift.probing import Prober, make_prober
from sourcefinder.nightshift.state import NightPaths, ensure_worktree
from sourcefinder.nightshift.sweep import Sweep, summary_line
from sourcefinder.orgkit.build import build_org
from sourcefinder.orgkit.site import running
from sourcefinder.probes import DisabledProber
from sourcefinder.publish import build, load_published
from sourcefinder.simulate import play

HONEST = ("agent-ada", "agent-bo", "agent-cy")
MISTAKEN = ("agent-mis-1", "agent-mis-2")
HOSTILE = "agent-mallory"
HOSTILE_PICK = "tableau-legacy"  # demoted: wrong for every metrics question
FIRST_NIGHT = date(2026, 10, 5)
INDEX_DOCS = "http://127.0.0.1:8088"  # where the example index's http probes point


def play_mistaken(desk: Desk, questions: Sequence[Question], client: str,
                  rng: random.Random, error_rate: float = 0.35) -> None:
    """Honest most of the time; otherwise reports a random card as better, or a miss."""
    cards = sorted(desk.served().published.index.cards)
    for q in questions:
        if rng.random() >= error_rate:
            play(desk, [q], client=client)
            continue
        answer = desk.where_can_i_find(q.question, client=client)
        ids = [c.id for c in answer.candidates]
        if rng.random() < 0.5:
            desk.report_outcome(answer.session_id, found=True, sources_tried=ids[:1],
                                what_failed=ids[:1], better_source=rng.choice(cards),
                                client=client)
        else:
            desk.report_outcome(answer.session_id, found=False, sources_tried=ids[:2],
                                what_failed=ids[:2], client=client)


def play_hostile(desk: Desk, questions: Sequence[Question], client: str = HOSTILE,
                 pick: str = HOSTILE_PICK) -> None:
    """Every answer was wrong and ``pick`` is always the better source."""
    for q in questions:
        answer = desk.where_can_i_find(q.question, client=client)
        ids = [c.id for c in answer.candidates if c.id != pick][:2]
        desk.report_outcome(answer.session_id, found=True, sources_tried=[*ids, pick],
                            what_failed=ids, what_worked=[pick], better_source=pick,
                            client=client)


def play_night(desk: Desk, questions: Sequence[Question], rng: random.Random,
               per_client: int) -> None:
    answerable = [q for q in questions]
    for client in HONEST:
        play(desk, rng.sample(answerable, per_client), client=client)
    for client in MISTAKEN:
        play_mistaken(desk, rng.sample(answerable, per_client // 2), client, rng)
    metrics = [q for q in questions if q.cls == "metrics"]
    play_hostile(desk, metrics)


def prepare(home: Path, authored: Path) -> Settings:
    """A fresh demo home with the example index built and published from a working copy."""
    if home.exists():
        shutil.rmtree(home)
    settings = Settings(home=home, index=authored)
    build(ensure_worktree(NightPaths(home), authored), home)
    return settings


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sourcefinder.demo", description=__doc__)
    p.add_argument("--nights", type=int, default=4)
    p.add_argument("--per-client", type=int, default=70)
    p.add_argument("--questions", type=Path, default=Path("evals/questions.jsonl"))
    p.add_argument("--no-dagster", action="store_true",
                   help="run the last night with the domain functions too")
    p.add_argument("--docs-port", type=int, default=8088,
                   help="port for the example docs site (default 8088, where the index's "
                        "http probes point; another port rewrites the probes to it)")
    args = p.parse_args(argv)
    base = Settings()
    home = Path(base.home) / "demo"
    settings = prepare(home, Path(base.index))
    with ExitStack() as stack:
        try:
            org = build_org(home)
            docs = stack.enter_context(running(org.org_dir, port=args.docs_port))
        except OSError as exc:
            print(f"demo: cannot serve the example docs site on 127.0.0.1:{args.docs_port}: "
                  f"{exc.strerror or exc}. The example index's http probes point at "
                  f"{INDEX_DOCS}: stop whatever holds the port, or run with --docs-port N "
                  "(the probes are then rewritten to that port).", file=sys.stderr)
            return 2
        except SourcefinderError as exc:
            print(f"demo: cannot build the example organization: {exc}", file=sys.stderr)
            return 2
        print(f"example organization in {org.org_dir}: {len(org.repos)} git repositories, "
              f"the SQLite warehouse, docs site on {docs}")
        return _run(args, settings, home, {INDEX_DOCS: docs} if docs != INDEX_DOCS else {})


def _run(args: argparse.Namespace, settings: Settings, home: Path,
         rewrites: dict[str, str]) -> int:
    pub = load_published(home)
    print(f"published {pub.version}: {len(pub.index.cards)} cards → {home}\n")
    print("Condensed index (what every tool description carries):")
    print(pub.condensed_budget + "\n")
    for cid in ("eng-handbook", "metrics-hub", "incident-tracker"):
        if cid in pub.index.cards:
            path = " → ".join(n.id for n in pub.index.reading_path(cid)) or "(none)"
            print(f"read if you're new, for {cid}: {path}")
    questions = read_questions(args.questions)
    rng = random.Random(7)
    config = NightConfig(settings, questions=args.questions)
    print("\nnight  sessions  first-suggestion hit  nowhere caught  eval hit@1  verified  "
          "rejected  published  gate")
    swept: Sweep | None = None
    for night in range(1, args.nights + 1):
        start = time.perf_counter()
        desk = Desk(settings)
        before = desk.log.max_seq()
        play_night(desk, questions, rng, args.per_client)
        desk.log.close()
        on = FIRST_NIGHT + timedelta(days=night - 1)
        last = night == args.nights and not args.no_dagster
        # night 1 sweeps every card's probes against the real sources; later nights do not
        probing = night == 1
        prober: Prober = DisabledProber()
        if probing:
            prober = make_prober("local", load_published(home).index, home,
                                 allow_loopback=True, url_rewrites=rewrites)
        shift = NightShift(NightConfig(settings, config.questions, today=on), prober=prober,
                           org_root=home)
        result = _dagster_night(settings, args.questions, on, home,
                                rewrites if probing else None) if last else shift.run_night()
        if night == 1:
            swept = shift.swept()
        live = _live_rate(shift, before)
        print(f"{night:5d}  {live[0]:8d}  {live[1]:20.3f}  {live[2]:14.3f}  "
              f"{result['hit_at_1']:10.4f}  "
              f"{result['verdicts'].get('verified', 0):8d}  "
              f"{result['verdicts'].get('rejected', 0):8d}  "
              f"{str(result['published'].get('published')):>9s}  "
              f"{'pass' if result['gate']['passed'] else 'BLOCKED'}"
              f"{'  (Dagster, in process)' if last else ''}  {time.perf_counter() - start:.1f}s")
    paths = NightPaths(home)
    if swept is not None:
        _print_probes(swept, home)
    health = load_published(home).index.cards[HOSTILE_PICK].health
    print(f"\nhostile client {HOSTILE} claimed {HOSTILE_PICK} is best for every metrics "
          f"question: helpful count now {health.helpful if health else 0} (never verified); "
          f"discredited clients: {', '.join(result.get('discredited', [])) or 'none'}")
    words = missing_words(shift.sessions(), load_published(home).index, min_clients=3)
    if words:
        print("words clients asked with that no card uses: " + ", ".join(
            f"{w['word']} ({len(w['clients'])} clients)" for w in words[:6]))
    print(f"reports: {paths.gap_report}, {paths.proposals}, {paths.coverage}")
    print(f"analysts: {sys.executable} -c \"import duckdb; duckdb.connect('{paths.snapshot}', "
          "read_only=True).sql('SELECT * FROM hit_rate_daily').show()\"")
    return 0


def _print_probes(swept: Sweep, home: Path) -> None:
    """Night 1's probe sweep in a few lines: the counts, what flipped, what fails."""
    print(f"\nprobes, night 1 ({swept.prober}, local sources and docs site): "
          f"{summary_line(swept)}")
    flipped = swept.flipped()
    for r in flipped[:8]:
        print(f"  flipped {r.before or '·'}→{r.after}  {r.card_id}: \"{r.query}\"")
    if len(flipped) > 8:
        print(f"  ... and {len(flipped) - 8} more flipped")
    if not flipped:
        print("  no example flipped")
    if swept.failing:
        print("  failing: " + ", ".join(
            f"{f.card_id}{' (newly: stale how-to)' if f.stale else ' (known ✗)'}"
            for f in swept.failing))
    published = load_published(home).index
    marked = sum(ex.mark_date is not None and ex.mark_date.isoformat() == swept.on
                 for c in published.cards.values() for ex in c.examples)
    print(f"  published marks dated {swept.on}: {marked}")
    report = NightPaths(home).watch_report
    if report.is_file():
        data = json.loads(report.read_text(encoding="utf-8"))
        uncovered = data.get("uncovered", [])
        print(f"watcher: {len(data.get('sources', {}))} sources under org/, "
              + (f"{len(uncovered)} with no card: {', '.join(uncovered)}" if uncovered
                 else "every one has a card"))


def _live_rate(shift: NightShift, since_seq: int) -> tuple[int, float, float]:
    """Tonight's sessions: count, first-suggestion hit rate, share of nowhere-questions
    answered "nowhere" (the log teaches it: askers who found nothing)."""
    tonight = [s for s in shift.sessions() if s.seq > since_seq and s.reported_by]
    hits = sum(s.first_hit for s in tonight)
    nowhere = [s for s in tonight if s.cls == "nowhere"]
    caught = sum(s.verdict == "nowhere" for s in nowhere)
    return (len(tonight), hits / len(tonight) if tonight else 0.0,
            caught / len(nowhere) if nowhere else 0.0)


def _dagster_night(settings: Settings, questions: Path, on: date, org_root: Path,
                   rewrites: dict[str, str] | None) -> dict[str, Any]:
    """One night through Dagster; ``rewrites`` not None: probe with the local prober."""
    from sourcefinder_pipeline.run import materialize_night

    if rewrites is None:
        return materialize_night(settings, questions, on, org_root=org_root)
    return materialize_night(settings, questions, on, org_root=org_root, prober="local",
                             allow_loopback=True, url_rewrites=rewrites)


if __name__ == "__main__":
    sys.exit(main())
