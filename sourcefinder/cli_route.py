"""The routing subcommands of `sourcefinder`: route, eval, simulate, calibrate.

They read the published index in the state folder, building it from ``--index`` first
when that index is newer than what is published.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from sourcefinder.config import Settings
from sourcefinder.errors import PublishError
from sourcefinder.publish import Published

if TYPE_CHECKING:
    from sourcefinder.routing import PastOutcome

Handler = Callable[[argparse.Namespace, Settings], int]


def add_parsers(sub: Any, index_arg: Callable[[argparse.ArgumentParser], None]
                ) -> dict[str, Handler]:
    """Add route, eval and simulate to the `sourcefinder` parser; return their handlers."""
    p = sub.add_parser("route", help="answer a question as where_can_i_find would")
    p.add_argument("question", help="what you are looking for")
    index_arg(p)
    p.add_argument("--json", action="store_true", help="print the answer as JSON")
    p.add_argument("--client", default="cli", help="client identity recorded in the log")

    p = sub.add_parser("eval", help="replay labeled questions through the router and score it")
    index_arg(p)
    p.add_argument("--questions", type=Path, default=Path("evals/questions.jsonl"),
                   help="labeled questions (JSONL: qid, question, gold, class)")
    p.add_argument("--k", type=int, default=5, help="k of hit@k (default 5)")
    p.add_argument("--json", action="store_true", help="print one JSON object")

    p = sub.add_parser("simulate",
                       help="play clients who ask labeled questions and report the truth")
    p.add_argument("--questions", type=Path, required=True, help="labeled questions (JSONL)")
    index_arg(p)
    p.add_argument("--client", default="simulated", help="client identity recorded in the log")

    p = sub.add_parser("calibrate", help="derive the verdict thresholds from labeled questions "
                                         "and keep them for every later router")
    index_arg(p)
    p.add_argument("--questions", type=Path, default=Path("evals/questions.jsonl"),
                   help="labeled questions (JSONL), nowhere-questions with gold []")
    p.add_argument("--precision", type=float, default=0.9,
                   help="first candidate right this often above confident_at (default 0.9)")
    p.add_argument("--answerable-loss", type=float, default=0.03,
                   help="at most this share of answerable questions under nowhere_below "
                        "(default 0.03)")
    p.add_argument("--dry-run", action="store_true", help="print, do not keep")
    return {"route": _route, "eval": _eval, "simulate": _simulate, "calibrate": _calibrate}


def published_for(index: Path, cfg: Settings) -> Published:
    """The published version of ``index``: built now unless it is already current."""
    from sourcefinder.publish import build, content_version, current_version, load_published
    from sourcefinder.routers import prepare

    if index.is_dir():
        if current_version(cfg.home) != content_version(index):
            pub = build(index, cfg.home, keep=cfg.keep_versions, budget=cfg.budget)
            prepare(pub, cfg)
            return pub
        return load_published(cfg.home)
    if current_version(cfg.home):
        return load_published(cfg.home)
    raise PublishError(f"no index folder at {index} and nothing published in {cfg.home}")


def _route(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.desk import Desk
    from sourcefinder.render_answer import render_answer

    published_for(args.index, cfg)
    desk = Desk(cfg)
    answer = desk.where_can_i_find(args.question, client=args.client)
    if args.json:
        print(answer.model_dump_json(indent=1))
    else:
        print(render_answer(answer))
    return 0


def past_outcomes(cfg: Settings) -> list[PastOutcome]:
    """Every finished session in the log, read only (eval and calibrate never write)."""
    if not cfg.log_path.is_file():
        return []
    from sourcefinder.desk import past_outcome
    from sourcefinder.episodes import EpisodeLog

    log = EpisodeLog(cfg.log_path, readonly=True)
    return [past_outcome(q.payload, o.payload, o.client) for q, o in log.finished_sessions()]


def _eval(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.evals.harness import evaluate, read_questions
    from sourcefinder.routers import make_router

    pub = published_for(args.index, cfg)
    questions = read_questions(args.questions)
    router = make_router(pub, cfg, past_outcomes(cfg))
    report = evaluate(router, pub.index, questions, k=args.k).as_dict()
    report["index_version"] = pub.version
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    print(f"index {pub.version}: {report['n']} questions, k={report['k']}")
    for key in ("hit_at_1", "hit_at_k", "mrr_at_10", "abstain_precision", "abstain_recall",
                "false_abstain_rate"):
        print(f"  {key:20s} {report[key]}")
    print("  levers: " + ", ".join(f"{k} {v}" for k, v in report["levers"].items()))
    for f in report["failures"][:15]:
        print(f"  miss {f['qid']}: gold {f['gold']} got {f['ranked'][:3]} "
              f"({f['verdict']}; {f['lever']})", file=sys.stdout)
    return 0


def _simulate(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.desk import Desk
    from sourcefinder.episodes import EpisodeLog
    from sourcefinder.evals.harness import read_questions
    from sourcefinder.simulate import play

    published_for(args.index, cfg)
    questions = read_questions(args.questions)
    log = EpisodeLog(cfg.log_path, durable=False)  # a replay: can be run again after a crash
    report = play(Desk(cfg, log=log), questions, client=args.client)
    print(json.dumps(report.as_dict()))
    return 0


def _calibrate(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder import thresholds
    from sourcefinder.evals.harness import read_questions
    from sourcefinder.llm_router import LLMRouter
    from sourcefinder.routers import embedder_name, make_router
    from sourcefinder.routing import calibrate

    if not 0.0 < args.precision <= 1.0 or not 0.0 <= args.answerable_loss < 1.0:
        raise ValueError("--precision must be in (0, 1] and --answerable-loss in [0, 1)")
    pub = published_for(args.index, cfg)
    questions = read_questions(args.questions)
    router = make_router(pub, cfg, past_outcomes(cfg))
    offline = router.offline if isinstance(router, LLMRouter) else router
    found = calibrate(offline, [(q.question, q.gold) for q in questions],
                      precision=args.precision, answerable_loss=args.answerable_loss)
    name = embedder_name(offline.embedder, offline.static)
    print(json.dumps({"embedder": name, **vars(found)}))
    if not args.dry_run:
        path = thresholds.save(cfg.home, name, found)
        print(f"kept in {path}: every router with embedder {name} applies them",
              file=sys.stderr)
    return 0
