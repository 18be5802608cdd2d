"""``file <glob>``: the query's words in the files a glob picks under the org root."""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path

from sourcefinder.probes._documents import Corpus, Limits, decode
from sourcefinder.probes._model import Outcome
from sourcefinder.probes._paths import confined, glob_regex, inside, split_glob

SKIP_DIRS = frozenset({".git", ".hg", ".svn", "node_modules", "__pycache__"})


class FileRunner:
    def __init__(self, root: Path, limits: Limits) -> None:
        self._root = root
        self._limits = limits

    def check(self, target: str, queries: Sequence[str]) -> list[Outcome]:
        return self.corpus(target).outcomes(queries)

    def corpus(self, target: str) -> Corpus:
        base_text, pattern = split_glob(target)
        base = confined(self._root, base_text) if base_text else self._root
        corpus = Corpus("files")
        if base.is_file() and not pattern:
            self._read(base, base.name, corpus)
            return corpus
        if not base.is_dir():
            raise FileNotFoundError(f"{base_text or '.'} does not exist under the org root")
        regex = glob_regex(pattern or "**")
        for folder, dirs, files in os.walk(base, followlinks=False):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS)
            for name in sorted(files):
                path = Path(folder, name)
                rel = path.relative_to(base).as_posix()
                if not regex.match(rel):
                    continue
                if corpus.full(self._limits):
                    return corpus
                self._read(path, rel, corpus)
        return corpus

    def _read(self, path: Path, rel: str, corpus: Corpus) -> None:
        if path.is_symlink() and not inside(self._root, path):
            corpus.skipped.append(f"{rel}: symlink out of the org root")
            return
        try:
            with path.open("rb") as fh:
                data = fh.read(self._limits.max_file_bytes)
        except OSError as exc:
            corpus.skipped.append(f"{rel}: {exc.strerror or exc}")
            return
        text = decode(data)
        if text is None:
            corpus.skipped.append(f"{rel}: binary")
            return
        corpus.add(rel, text)
