"""Where the night shift keeps its work in the state folder, and the small state it carries.

    <home>/nightshift/worktree/     the working copy of the index the night shift edits and
                                    publishes from (seeded once from the authored index;
                                    the authored index/ is never written)
    <home>/nightshift/candidate/    tonight's worktree with tonight's deltas, for the gate
    <home>/nightshift/*.json(l)     claims, verified claims, card deltas
    <home>/nightshift/ledger.json   evidence already counted into health (so a re-run, or
                                    the next night, never counts a client twice)
    <home>/nightshift/quarantine.json  delta groups the eval gate named; held for review
    <home>/nightshift/approved.jsonl   reviewed edits (``Edit.to_dict()`` a line) to apply
    <home>/nightshift/probe_results.json  the last probe sweep: every example's result, what
                                    flipped, and the examples failing (since when)
    <home>/watch/                   the watcher: state.json (its last scan), report.json,
                                    topics.json (watched sources no card covers)
    <home>/reports/                 proposed-deltas.md, gap-report.md, evals, levers, coverage
    <home>/analytics.duckdb         the analysts' warehouse snapshot
"""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from sourcefinder.publish import authored_files


@dataclass(frozen=True)
class NightPaths:
    home: Path

    @property
    def root(self) -> Path:
        return self.home / "nightshift"

    @property
    def worktree(self) -> Path:
        return self.root / "worktree"

    @property
    def candidate(self) -> Path:
        return self.root / "candidate"

    @property
    def claims(self) -> Path:
        return self.root / "claims.jsonl"

    @property
    def verified(self) -> Path:
        return self.root / "verified_claims.json"

    @property
    def deltas(self) -> Path:
        return self.root / "card_deltas.json"

    @property
    def ledger(self) -> Path:
        return self.root / "ledger.json"

    @property
    def quarantine(self) -> Path:
        return self.root / "quarantine.json"

    @property
    def approved(self) -> Path:
        return self.root / "approved.jsonl"

    @property
    def probe_results(self) -> Path:
        return self.root / "probe_results.json"

    @property
    def watch(self) -> Path:
        return self.home / "watch"

    @property
    def watch_state(self) -> Path:
        return self.watch / "state.json"

    @property
    def watch_report(self) -> Path:
        return self.watch / "report.json"

    @property
    def watch_topics(self) -> Path:
        return self.watch / "topics.json"

    @property
    def reports(self) -> Path:
        return self.home / "reports"

    @property
    def proposals(self) -> Path:
        return self.reports / "proposed-deltas.md"

    @property
    def evals(self) -> Path:
        return self.reports / "evals"

    @property
    def levers(self) -> Path:
        return self.reports / "lever_ranking.json"

    @property
    def coverage(self) -> Path:
        return self.reports / "coverage_matrix.csv"

    @property
    def gap_report(self) -> Path:
        return self.reports / "gap-report.md"

    @property
    def snapshot(self) -> Path:
        return self.home / "analytics.duckdb"


def copy_index(src: Path, dst: Path) -> None:
    """Replace ``dst`` with a copy of the index files in ``src`` (INDEX.md, clusters/)."""
    dst.parent.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix=f".{dst.name}-", dir=dst.parent))
    for f in authored_files(src):
        target = tmp / f.relative_to(src)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(f, target)
    old = dst.with_name(f".{dst.name}-old")
    if dst.exists():
        shutil.rmtree(old, ignore_errors=True)
        os.replace(dst, old)
    os.replace(tmp, dst)
    shutil.rmtree(old, ignore_errors=True)


def ensure_worktree(paths: NightPaths, authored: Path) -> Path:
    if not (paths.worktree / "INDEX.md").is_file():
        copy_index(authored, paths.worktree)
    return paths.worktree


def read_json(path: Path, default: Any) -> Any:
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return default


def write_json(path: Path, value: Any) -> None:
    """Write atomically: readers see the old file or the new one, never half of one."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        json.dump(value, fh, ensure_ascii=False, indent=1, default=str)
    os.replace(tmp, path)


def write_text(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}-", dir=path.parent)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(tmp, path)


def discredited_clients(home: Path) -> frozenset[str]:
    """Clients the last verification set aside (most of their claims were rejected)."""
    data = read_json(NightPaths(Path(home)).verified, {})
    found = data.get("discredited", {}) if isinstance(data, dict) else {}
    return frozenset(c for c in found if isinstance(c, str)) if isinstance(found, dict) \
        else frozenset()
