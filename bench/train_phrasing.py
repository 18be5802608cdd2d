"""Fit the router's models of how questions are put (``sourcefinder.routing._phrasing``) on
every labeled question in the repository, and write them where the router reads them:

    .venv/bin/python -m bench.train_phrasing                  # both models
    .venv/bin/python -m bench.train_phrasing --model nowhere --folds 5 --oof held.jsonl

With ``--folds``, organizations are split into folds; each fold's questions are scored by a
model fit on the others, and AUC, log-loss, and precision and recall at 0.5 are printed
(for askers, beside the rule it stands with, ``asks_for_person``). ``--oof FILE`` writes
those held-out probabilities, one JSON line per question.
"""

from __future__ import annotations

import argparse
import json
import math
import zlib
from pathlib import Path

from bench.org_quality import organizations
from sourcefinder.evals.harness import read_questions
from sourcefinder.index import load_index
from sourcefinder.routing._intent import asks_for_person
from sourcefinder.routing._phrasing import L2, MIN_GROUPS, MODELS, model_path, train
from sourcefinder.routing._router import askable

# (organization, qid, question, label); label None: not a sample of that model
Row = tuple[str, str, str, bool | None]


def labeled(model: str) -> list[Row]:
    """askers: answerable questions, whether a person or channel answers them; nowhere:
    every question, whether it has nowhere to look."""
    out: list[Row] = []
    for name, index_dir, questions in organizations():
        cards = load_index(index_dir).cards
        for q in read_questions(questions):
            label: bool | None
            if model == "nowhere":
                label = not q.gold
            else:
                label = any(askable(cards[g].kind) for g in q.gold if g in cards) \
                    if q.gold else None  # fmt: skip
            out.append((name, q.qid, q.question, label))
    return out


def fold_of(org: str, folds: int) -> int:
    """The fold an organization is held out in (the same for every model fit here)."""
    return zlib.crc32(org.encode()) % folds


def held_out(rows: list[Row], folds: int, l2: float, min_groups: int) -> list[float]:
    fold = [fold_of(org, folds) for org, *_ in rows]
    probs = [0.0] * len(rows)
    for k in range(folds):
        model = train([(q, org, bool(y)) for (org, _, q, y), f in zip(rows, fold, strict=True)
                       if f != k and y is not None], l2=l2, min_groups=min_groups)  # fmt: skip
        for n, ((_, _, q, _), f) in enumerate(zip(rows, fold, strict=True)):
            if f == k:
                probs[n] = model.probability(q)
    return probs


def scores(name: str, probs: list[float], truth: list[bool]) -> dict[str, object]:
    said = [p > 0.5 for p in probs]
    tp = sum(s and t for s, t in zip(said, truth, strict=True))
    fp = sum(s and not t for s, t in zip(said, truth, strict=True))
    fn = sum(t and not s for s, t in zip(said, truth, strict=True))
    out: dict[str, object] = {"model": name, "precision": round(tp / max(tp + fp, 1), 3),
                              "recall": round(tp / max(tp + fn, 1), 3)}  # fmt: skip
    if len(set(probs)) > 2:
        order = sorted(range(len(probs)), key=lambda n: probs[n])
        rank_sum = sum(r for r, n in enumerate(order) if truth[n])
        pos = sum(truth)
        out["auc"] = round((rank_sum - pos * (pos - 1) / 2) / max(pos * (len(truth) - pos), 1), 4)
        out["log_loss"] = round(-sum(math.log(max(p if t else 1 - p, 1e-9))
                                     for p, t in zip(probs, truth, strict=True)) / len(truth),
                                4)  # fmt: skip
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--model", choices=MODELS, action="append")
    parser.add_argument("--folds", type=int, default=0)
    parser.add_argument("--oof", type=Path)
    parser.add_argument("--l2", type=float, default=L2)
    parser.add_argument("--min-groups", type=int, default=MIN_GROUPS)
    args = parser.parse_args()
    for model in args.model or MODELS:
        rows = labeled(model)
        samples = [(org, q, bool(y)) for org, _, q, y in rows if y is not None]
        if not args.folds:
            fit = train([(q, org, y) for org, q, y in samples], l2=args.l2,
                        min_groups=args.min_groups)  # fmt: skip
            model_path(model).write_text(fit.to_json(), encoding="utf-8")
            print(f"{model_path(model)}: {len(fit.weights)} features, from {len(samples)} "
                  "questions")
            continue
        probs = held_out(rows, args.folds, args.l2, args.min_groups)
        kept = [n for n, row in enumerate(rows) if row[3] is not None]
        truth = [bool(rows[n][3]) for n in kept]
        if model == "askers":
            rule = [1.0 if asks_for_person(rows[n][2]) else 0.0 for n in kept]
            print(json.dumps(scores("asks_for_person", rule, truth)))
        print(json.dumps(scores(f"{model}, {args.folds} folds", [probs[n] for n in kept],
                                truth)))  # fmt: skip
        if args.oof:
            with open(args.oof, "w", encoding="utf-8") as fh:
                for (org, qid, q, _), p in zip(rows, probs, strict=True):
                    fh.write(json.dumps({"org": org, "qid": qid, "q": q, "p": p}) + "\n")


if __name__ == "__main__":
    main()
