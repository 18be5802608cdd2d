"""Build the example organization's generated sources, deterministically.

Layout of the committed sources (``org/``)::

    repo-src/<name>/commits.json     {"commits": [{"dir", "date", "author", "message",
                                                   "delete": [paths]?}, ...]}
    repo-src/<name>/<dir>/...        the files each commit adds or changes (an overlay)
    warehouse.sql                    schema and rows of the local warehouse mirror
    wiki/, web/, drive/              plain text, used as committed

Every commit has fixed author and committer dates and identities, and global git
configuration is ignored, so the same sources give the same commit ids on any machine.
Each repository and the database are built beside their destination and swapped in.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import sqlite3
import subprocess
from dataclasses import dataclass
from pathlib import Path

from sourcefinder.errors import ConfigError

PROJECT_ROOT = Path(__file__).resolve().parents[2]
COMMITTED_ORG = PROJECT_ROOT / "org"
_AUTHOR = re.compile(r"^\s*(?P<name>[^<>]+?)\s*<(?P<email>[^<>\s]+)>\s*$")


@dataclass(frozen=True)
class OrgBuild:
    """What ``build_org`` made: the org folder, each repository's HEAD and the database."""

    org_dir: Path
    repos: dict[str, str]
    warehouse: Path


def build_org(root: str | Path, source: str | Path | None = None) -> OrgBuild:
    """Create ``<root>/org`` from the committed sources (copied first when elsewhere)."""
    src = Path(source) if source is not None else COMMITTED_ORG
    if not (src / "repo-src").is_dir():
        raise ConfigError(f"no committed org sources at {src} (expected repo-src/)")
    org_dir = Path(root) / "org"
    if org_dir.resolve() != src.resolve():
        shutil.copytree(
            src, org_dir, dirs_exist_ok=True,
            ignore=shutil.ignore_patterns("repos", "warehouse.sqlite*", ".*"),
        )  # fmt: skip
    repos_dir = org_dir / "repos"
    repos_dir.mkdir(exist_ok=True)
    heads = {
        spec.parent.name: build_repo(spec.parent, repos_dir / spec.parent.name)
        for spec in sorted((org_dir / "repo-src").glob("*/commits.json"))
    }
    warehouse = build_warehouse(org_dir / "warehouse.sql", org_dir / "warehouse.sqlite")
    return OrgBuild(org_dir, heads, warehouse)


def git_env(author: str = "", date: str = "") -> dict[str, str]:
    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.devnull,
        "LC_ALL": "C",
        "TZ": "UTC",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_TERMINAL_PROMPT": "0",
    }
    if author:
        m = _AUTHOR.match(author)
        if m is None:
            raise ConfigError(f"author {author!r} is not 'Name <email>'")
        for role in ("AUTHOR", "COMMITTER"):
            env[f"GIT_{role}_NAME"] = m["name"]
            env[f"GIT_{role}_EMAIL"] = m["email"]
            env[f"GIT_{role}_DATE"] = date
    return env


def git(repo: Path, *args: str, env: dict[str, str] | None = None) -> str:
    proc = subprocess.run(
        ["git", "-c", "commit.gpgsign=false", "-c", "core.autocrlf=false",
         "-c", "core.hooksPath=/dev/null", *args],
        cwd=repo, env=env or git_env(), capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    if proc.returncode != 0:
        raise ConfigError(f"git {' '.join(args)} failed in {repo}: {proc.stderr.strip()}")
    return proc.stdout.strip()


def build_repo(src: Path, dest: Path) -> str:
    """Replay ``src``'s commits into a fresh repository at ``dest``; return HEAD."""
    spec = json.loads((src / "commits.json").read_text(encoding="utf-8"))
    work = dest.with_name(f".{dest.name}.building")
    shutil.rmtree(work, ignore_errors=True)
    work.mkdir(parents=True)
    git(work, "init", "-q", "-b", "main")
    for commit in spec["commits"]:
        for rel in commit.get("delete", []):
            (work / rel).unlink()
        _overlay(src / commit["dir"], work)
        env = git_env(commit["author"], commit["date"])
        git(work, "add", "-A", env=env)
        git(work, "commit", "-q", "--no-verify", "-m", commit["message"], env=env)
    head = git(work, "rev-parse", "HEAD")
    if dest.exists():
        shutil.rmtree(dest)
    work.rename(dest)
    return head


def _overlay(step: Path, work: Path) -> None:
    if not step.is_dir():
        raise ConfigError(f"commit folder {step} does not exist")
    for folder, dirs, files in os.walk(step):
        dirs.sort()
        for name in sorted(files):
            src = Path(folder, name)
            dst = work / src.relative_to(step)
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(src, dst)
            dst.chmod(0o644)


def build_warehouse(sql_file: Path, db_file: Path) -> Path:
    """Create ``db_file`` from ``sql_file`` (built aside, then swapped in)."""
    tmp = db_file.with_name(f"{db_file.name}.building")
    tmp.unlink(missing_ok=True)
    conn = sqlite3.connect(tmp)
    try:
        conn.executescript(sql_file.read_text(encoding="utf-8"))
        conn.commit()
    finally:
        conn.close()
    os.replace(tmp, db_file)
    return db_file
