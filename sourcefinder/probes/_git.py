"""``git <repo path>``: the query's words in the files at HEAD and in commit messages.

Only plumbing commands run (``ls-tree``, ``cat-file``, ``log``), against an explicit
``--git-dir`` inside the org root, so git never walks up into an enclosing repository.
Global and system configuration are ignored, and the settings a hostile repository could
use to run commands are pinned off.
"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Sequence
from pathlib import Path

from sourcefinder.errors import UnsafeTargetError
from sourcefinder.probes._documents import Corpus, Limits, decode
from sourcefinder.probes._model import Outcome
from sourcefinder.probes._paths import confined, inside

_PINNED = (
    "-c", "core.fsmonitor=false", "-c", "core.hooksPath=/dev/null", "-c", "core.pager=cat",
    "-c", "diff.external=", "-c", "log.showSignature=false", "-c", "protocol.allow=never",
)  # fmt: skip


def git_env() -> dict[str, str]:
    return {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": os.devnull,
        "LC_ALL": "C",
        "GIT_CONFIG_NOSYSTEM": "1",
        "GIT_CONFIG_GLOBAL": os.devnull,
        "GIT_TERMINAL_PROMPT": "0",
        "GIT_OPTIONAL_LOCKS": "0",
    }


def git_dir(root: Path, target: str) -> Path:
    """The ``.git`` folder of the repository at ``target``, checked to be inside ``root``."""
    repo = confined(root, target)
    if not repo.is_dir():
        raise FileNotFoundError(f"{target} does not exist under the org root")
    dot_git = repo / ".git"
    if not dot_git.is_dir():
        raise FileNotFoundError(f"{target} is not a git repository (no .git folder)")
    if not inside(root, dot_git):
        raise UnsafeTargetError(f"{target}/.git resolves outside the org root")
    return dot_git


def run_git(
    dot_git: Path, args: Sequence[str], timeout: float, stdin: bytes | None = None
) -> bytes:
    proc = subprocess.run(
        ["git", f"--git-dir={dot_git}", *_PINNED, *args],
        input=stdin, capture_output=True, timeout=timeout, env=git_env(), check=False,
    )  # fmt: skip
    if proc.returncode != 0:
        err = proc.stderr.decode("utf-8", "replace").strip().splitlines()
        raise OSError(f"git {args[0]} failed: {err[-1] if err else proc.returncode}")
    return proc.stdout


class GitRunner:
    def __init__(self, root: Path, limits: Limits) -> None:
        self._root = root
        self._limits = limits

    def check(self, target: str, queries: Sequence[str]) -> list[Outcome]:
        return self.corpus(target).outcomes(queries)

    def corpus(self, target: str) -> Corpus:
        dot_git = git_dir(self._root, target)
        corpus = Corpus("files and commits")
        self._blobs(dot_git, corpus)
        self._commits(dot_git, corpus)
        return corpus

    def _blobs(self, dot_git: Path, corpus: Corpus) -> None:
        listing = run_git(dot_git, ["ls-tree", "-r", "-l", "-z", "HEAD"], self._limits.timeout)
        wanted: list[tuple[str, str]] = []
        budget = self._limits.max_total_bytes
        for entry in listing.split(b"\x00"):
            if not entry:
                continue
            meta, _, raw_path = entry.partition(b"\t")
            fields = meta.split()
            path = raw_path.decode("utf-8", "replace")
            if len(fields) != 4 or fields[1] != b"blob":
                continue
            size = int(fields[3]) if fields[3].isdigit() else 0
            if size > self._limits.max_file_bytes:
                corpus.skipped.append(f"{path}: {size} bytes")
                continue
            budget -= size
            if len(wanted) >= self._limits.max_files or budget < 0:
                corpus.truncated = True
                break
            wanted.append((path, fields[2].decode("ascii")))
        if not wanted:
            return
        stdin = b"".join(f"{sha}\n".encode() for _, sha in wanted)
        out = run_git(dot_git, ["cat-file", "--batch"], self._limits.timeout, stdin=stdin)
        pos = 0
        for path, _sha in wanted:
            header_end = out.index(b"\n", pos)
            header = out[pos:header_end].split()
            size = int(header[2]) if len(header) == 3 else 0
            data = out[header_end + 1 : header_end + 1 + size]
            pos = header_end + 1 + size + 1
            text = decode(data)
            if text is None:
                corpus.skipped.append(f"{path}: binary")
                continue
            if corpus.full(self._limits):
                return
            corpus.add(path, text)

    def _commits(self, dot_git: Path, corpus: Corpus) -> None:
        fmt = "--format=%H%x1f%s%x1f%b%x1e"
        out = run_git(
            dot_git, ["log", f"-n{self._limits.max_commits}", "--no-color", fmt, "HEAD"],
            self._limits.timeout,
        )  # fmt: skip
        for record in out.decode("utf-8", "replace").split("\x1e"):
            sha, _, rest = record.strip().partition("\x1f")
            if not sha:
                continue
            subject, _, body = rest.partition("\x1f")
            corpus.add(f"commit {sha[:10]} {subject.strip()!r}", body)
