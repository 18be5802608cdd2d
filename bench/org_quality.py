"""Routing quality on every organization in the repository, cold, through `sourcefinder eval`.

Harborline (``index/`` with ``evals/questions.jsonl``) is the example organization;
``evals/orgs/*`` are organizations written in the same format without the router in
view. Each is scored in the same run with the default configuration, with static word
vectors only (no e5), and, as the baseline, with the lexical router alone. One JSON line
per figure:

    .venv/bin/python -m bench.org_quality

Targets (#3, judged on held-out organizations): hit@1 >= 0.85, hit@5 >= 0.97, at least
75% of nowhere-questions answered "nowhere", under 5% of answerable ones.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CONFIGS = {
    "default": {},
    "static": {"SOURCEFINDER_EMBEDDER": "none"},
    "lexical": {"SOURCEFINDER_EMBEDDER": "none", "SOURCEFINDER_STATIC_EMBEDDER": "none"},
}


def organizations() -> list[tuple[str, Path, Path]]:
    orgs = [("harborline", ROOT / "index", ROOT / "evals" / "questions.jsonl")]
    for folder in sorted((ROOT / "evals" / "orgs").iterdir()):
        if (folder / "questions.jsonl").is_file():
            orgs.append((folder.name, folder / "index", folder / "questions.jsonl"))
    return orgs


def evaluate(index: Path, questions: Path, env: dict[str, str]) -> dict:
    with tempfile.TemporaryDirectory() as home:
        out = subprocess.run(
            [sys.executable, "-m", "sourcefinder", "eval", "--index", str(index),
             "--questions", str(questions), "--json"],
            env={**os.environ, **env, "SOURCEFINDER_HOME": home},
            check=True, capture_output=True, text=True,
        )  # fmt: skip
    return json.loads(out.stdout)


def main() -> None:
    for org, index, questions in organizations():
        for config, env in CONFIGS.items():
            report = evaluate(index, questions, env)
            print(json.dumps({
                "figure": "org quality", "org": org, "config": config,
                "questions": report["n"], "answerable": report["answerable"],
                "hit@1": report["hit_at_1"], "hit@5": report["hit_at_k"],
                "mrr@10": report["mrr_at_10"],
                "nowhere_caught": report["abstain_recall"],
                "false_nowhere": report["false_abstain_rate"],
            }), flush=True)  # fmt: skip


if __name__ == "__main__":
    main()
