"""The `sourcefinder` command: every subcommand documented, mistakes as one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from sourcefinder.cli import COMMANDS, build_parser, main

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str, env_home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {"PATH": "/usr/bin:/bin", "HOME": str(ROOT),
           "SOURCEFINDER_EMBEDDER": os.environ.get("SOURCEFINDER_EMBEDDER", "none")}
    if env_home is not None:
        env["SOURCEFINDER_HOME"] = str(env_home)
    return subprocess.run([sys.executable, "-m", "sourcefinder", *args], cwd=ROOT,
                          capture_output=True, text=True, env=env, timeout=120)


def test_every_subcommand_is_in_the_readme_and_has_help() -> None:
    build_parser()
    readme = (ROOT / "README.md").read_text()
    for name in COMMANDS:
        assert f"sourcefinder {name}" in readme, f"{name} is not documented in README.md"
        with pytest.raises(SystemExit) as exit_:
            main([name, "--help"])
        assert exit_.value.code == 0


def test_lint_reports_and_exits_nonzero_on_errors(example_index: Path) -> None:
    md = example_index / "INDEX.md"
    md.write_text(md.read_text().replace("- scope: internal", "- scope: intranet", 1)
                  .replace("· scope: internal", "· scope: intranet", 1))
    proc = run("lint", "--index", str(example_index))
    assert proc.returncode == 1
    assert " error E113: scope of " in proc.stdout
    assert proc.stdout.split(":")[0].endswith("INDEX.md")


def test_lint_is_clean_on_the_example_organization() -> None:
    proc = run("lint", "--index", str(ROOT / "index"))
    assert proc.returncode == 0, proc.stdout
    assert "0 error(s)" in proc.stderr


def test_build_show_condensed(example_index: Path, home: Path) -> None:
    built = run("build", "--index", str(example_index), env_home=home)
    assert built.returncode == 0 and built.stdout.startswith("published ")
    from sourcefinder.index import load_index

    index = load_index(example_index)
    child = next(c for c in index.cards.values() if c.extends and c.read_first)
    shown = run("show", child.id, "--index", str(example_index))
    assert shown.returncode == 0
    assert f"## {child.id}" in shown.stdout and "(from cluster)" in shown.stdout
    assert "read if you're new:" in shown.stdout
    condensed = run("condensed", "--index", str(example_index), "--budget", "1000")
    assert condensed.returncode == 0 and len(condensed.stdout.rstrip("\n")) <= 1000


def test_import_jsonl(tmp_path: Path) -> None:
    src = tmp_path / "s.jsonl"
    src.write_text(json.dumps({"id": "a", "name": "A", "description": "does a"}) + "\n")
    proc = run("import-jsonl", str(src), "--out", str(tmp_path / "out"))
    assert proc.returncode == 0 and json.loads(proc.stdout)["cards"] == 1


@pytest.mark.parametrize("args", [
    ("lint", "--index", "/nonexistent/index"),
    ("show", "no-such-card"),
    ("import-jsonl", "/nonexistent.jsonl", "--out", "/tmp/x"),
    ("eval", "--questions", "/nonexistent.jsonl"),
])
def test_user_mistakes_are_one_line_errors(args: tuple[str, ...], home: Path) -> None:
    proc = run(*args, env_home=home)
    assert proc.returncode == 2
    assert proc.stderr.startswith("sourcefinder: error: ")
    assert "Traceback" not in proc.stderr


def test_unknown_card_error_names_valid_ids() -> None:
    proc = run("show", "no-such-card")
    assert "valid cards:" in proc.stderr


def test_route_prints_the_whole_answer(example_index: Path, home: Path) -> None:
    proc = run("route", "who do I ask about a customs hold on an import", "--index",
               str(example_index), env_home=home)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout
    assert out.startswith("session ") and "verdict: " in out
    assert "Candidates:" in out or "No candidates." in out
    assert "report_outcome(session_id=" in out
    as_json = run("route", "who do I ask about a customs hold on an import", "--index",
                  str(example_index), "--json", env_home=home)
    answer = json.loads(as_json.stdout)
    assert {"session_id", "index_version", "verdict", "read_if_new", "candidates",
            "ask_back"} <= set(answer)
    assert all(c["provenance"]["file"] and c["provenance"]["line"] > 0
               for c in answer["candidates"])


def test_eval_json_has_every_figure(example_index: Path, home: Path) -> None:
    proc = run("eval", "--index", str(example_index), "--questions",
               str(ROOT / "evals" / "questions.jsonl"), "--json", env_home=home)
    assert proc.returncode == 0, proc.stderr
    report = json.loads(proc.stdout)
    for key in ("n", "k", "hit_at_1", "hit_at_k", "mrr_at_10", "abstain_precision",
                "abstain_recall", "false_abstain_rate", "by_class", "failures", "levers"):
        assert key in report
    assert report["n"] >= 150 and report["k"] == 5


def test_simulate_writes_real_episodes_and_eval_never_writes(example_index: Path,
                                                             home: Path,
                                                             tmp_path: Path) -> None:
    lines = (ROOT / "evals" / "questions.jsonl").read_text().splitlines()[:12]
    questions = tmp_path / "q.jsonl"
    questions.write_text("\n".join(lines) + "\n")
    sim = run("simulate", "--questions", str(questions), "--index", str(example_index),
              env_home=home)
    assert sim.returncode == 0, sim.stderr
    assert json.loads(sim.stdout)["asked"] == 12
    from sourcefinder.episodes import EpisodeLog

    log = EpisodeLog(home / "episodes.sqlite", readonly=True)
    assert log.count("question") == 12 and log.count("outcome") == 12
    before = log.max_seq()
    run("eval", "--index", str(example_index), "--questions", str(questions), env_home=home)
    assert EpisodeLog(home / "episodes.sqlite", readonly=True).max_seq() == before


def test_calibrate_keeps_thresholds_that_later_routers_apply(example_index: Path, home: Path,
                                                             tmp_path: Path) -> None:
    from sourcefinder.config import Settings
    from sourcefinder.publish import load_published
    from sourcefinder.routers import make_router
    from sourcefinder.routing import WordLlamaEmbedder

    dry = run("calibrate", "--index", str(example_index), "--dry-run", env_home=home)
    assert dry.returncode == 0, dry.stderr
    assert not (home / "thresholds.json").exists()
    proc = run("calibrate", "--index", str(example_index), env_home=home)
    assert proc.returncode == 0, proc.stderr
    printed = json.loads(proc.stdout)
    kept = json.loads((home / "thresholds.json").read_text())
    # keyed by both embedders: the static word vectors (on by default) and the model (off)
    assert printed["embedder"] == kept["embedder"] == f"{WordLlamaEmbedder.name}+none"
    assert kept["questions"] >= 150 and 0 < kept["nowhere_recall"] <= 1
    router = make_router(load_published(home), Settings(home=home, embedder="none"))
    assert (router.config.confident_at, router.config.nowhere_below) \
        == (kept["confident_at"], min(kept["nowhere_below"], kept["confident_at"]))
    bad = run("calibrate", "--index", str(example_index), "--precision", "2", env_home=home)
    assert bad.returncode == 2 and bad.stderr.startswith("sourcefinder: error:")
