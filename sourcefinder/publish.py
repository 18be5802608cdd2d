"""Build and publish versioned snapshots of the index into the state folder.

    <home>/published/
      CURRENT                     the version readers use; replaced atomically (os.replace)
      history.jsonl               one line per publish, oldest first
      <version>/                  immutable once renamed into place
        manifest.json             version, time, counts, the authored files and their hashes
        source/INDEX.md ...       the authored markdown of this version (provenance)
        cards.json                resolved cards (inheritance applied, children counted)
        foundation.json           nodes and each card's resolved reading path
        condensed.txt             the full condensed index
        condensed-budget.txt      the budgeted one
        index.pickle              the resolved ``Index``, for fast loading (``PICKLE_LAYOUT``)

The version is a content hash of the authored files, so publishing the same text twice
is a no-op. A version directory is assembled under a temporary name and renamed into
place, then CURRENT is switched: a reader that follows CURRENT never sees half a version.
The last ``keep`` versions stay on disk.
"""

from __future__ import annotations

import dataclasses
import gc
import hashlib
import json
import os
import pickle
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from sourcefinder.errors import IndexLoadError, PublishError
from sourcefinder.index import Diagnostic, Index, model
from sourcefinder.index._load import lint_and_load
from sourcefinder.index.condense import DEFAULT_BUDGET, render_budget, render_full
from sourcefinder.index.model import Card

PUBLISHED = "published"
# The layout of the pickled index's classes: their names and fields, in order. The model
# classes are slotted, so a pickle stores values by position; a version pickled under
# another layout is read again from its ``source/`` copy, never unpickled into today's
# classes (its fields would land in the wrong attributes without an error).
PICKLE_LAYOUT = hashlib.sha256(repr([
    (cls.__name__, [f.name for f in dataclasses.fields(cls)])
    for cls in (model.Field, model.Example, model.Ref, model.Health, model.Card,
                model.FoundationNode, model.Index)
]).encode()).hexdigest()[:16]  # fmt: skip


@dataclass(frozen=True)
class Published:
    version: str
    path: Path
    index: Index
    condensed: str
    condensed_budget: str
    built_at: str
    warnings: tuple[Diagnostic, ...] = ()


def authored_files(root: Path) -> list[Path]:
    files = [root / "INDEX.md"] + sorted((root / "clusters").glob("*.md"))
    return [f for f in files if f.is_file()]


def content_version(root: Path) -> str:
    h = hashlib.sha256()
    for f in authored_files(root):
        h.update(f.relative_to(root).as_posix().encode() + b"\0")
        h.update(f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def _jsonable(value: Any) -> Any:
    if isinstance(value, date):
        return value.isoformat()
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: _jsonable(getattr(value, f.name)) for f in dataclasses.fields(value)}
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [_jsonable(v) for v in value]
    return value


_CARD_FIELDS = tuple(f.name for f in dataclasses.fields(Card) if f.name != "fields")
_PLAIN = (str, int, float, bool, type(None))


def card_json(card: Card) -> dict[str, Any]:
    """A resolved card for consumers: every value, and the line of each authored field."""
    out: dict[str, Any] = {}
    for name in _CARD_FIELDS:
        value = getattr(card, name)
        if isinstance(value, _PLAIN):
            out[name] = value
        elif isinstance(value, tuple) and all(isinstance(v, str) for v in value):
            out[name] = list(value)
        else:
            out[name] = _jsonable(value)
    out["field_lines"] = {f.key: f.line for f in card.fields}
    return out


def build(index_root: str | Path, home: str | Path, *, keep: int = 5,
          budget: int = DEFAULT_BUDGET) -> Published:
    """Lint, resolve and publish; raise ``PublishError`` (publishing nothing) on lint errors."""
    with _no_gc():
        return _build(Path(index_root), Path(home), keep, budget)


def _build(root: Path, home: Path, keep: int, budget: int) -> Published:
    pub = home / PUBLISHED
    diags, index = lint_and_load(root)
    errors = [d for d in diags if d.level == "error"]
    if errors or index is None:
        lines = "\n".join(f"{root / d.path}:{d.line}: {d.level} {d.code}: {d.text}"
                          for d in errors[:20])
        raise PublishError(f"not published: {len(errors)} lint error(s)\n{lines}")
    version = content_version(root)
    target = pub / version
    pub.mkdir(parents=True, exist_ok=True)
    built_at = datetime.now(UTC).isoformat(timespec="seconds")
    full, budgeted = render_full(index), render_budget(index, budget)
    if not (target / "manifest.json").is_file():
        _assemble(root, index, version, built_at, target, (full, budgeted))
    _switch_current(pub, version)
    with open(pub / "history.jsonl", "a", encoding="utf-8") as fh:
        fh.write(json.dumps({"version": version, "published_at": built_at}) + "\n")
    _prune(pub, keep)
    return Published(version=version, path=target, index=index, condensed=full,
                     condensed_budget=budgeted, built_at=built_at,
                     warnings=tuple(d for d in diags if d.level != "error"))


@contextmanager
def _no_gc() -> Iterator[None]:
    """A build allocates many small objects and frees few; the cyclic collector would walk
    the growing heap again and again (superlinear cost at 20,000 cards). What a build
    creates forms no reference cycles that need it. Afterwards the survivors (the resolved
    index) are moved straight to the oldest generation (freeze, then unfreeze), so the
    collector's first pass does not walk them all; a later full collection still may."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.freeze()
            gc.unfreeze()
            gc.enable()


def _assemble(root: Path, index: Index, version: str, built_at: str, target: Path,
              condensed: tuple[str, str]) -> None:
    tmp = Path(tempfile.mkdtemp(prefix=f".{version}-", dir=target.parent))
    try:
        files = []
        for f in authored_files(root):
            rel = f.relative_to(root)
            (tmp / "source" / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(f, tmp / "source" / rel)
            files.append({"path": rel.as_posix(),
                          "sha256": hashlib.sha256(f.read_bytes()).hexdigest()})
        cards = {cid: card_json(c) for cid, c in index.cards.items()}
        paths = {cid: [n.id for n in index.reading_path(cid)] for cid in index.cards}
        manifest = {
            "version": version, "built_at": built_at, "index_root": str(root),
            "cards": len(index.cards), "foundation_nodes": len(index.foundation),
            "clusters": sum(1 for c in index.cards.values() if c.is_cluster),
            "groups": list(index.groups), "files": files, "pickle_layout": PICKLE_LAYOUT,
        }
        _write(tmp / "cards.json", json.dumps(cards, ensure_ascii=False))
        _write(tmp / "foundation.json", json.dumps(
            {"nodes": _jsonable(index.foundation), "reading_paths": paths}, ensure_ascii=False))
        _write(tmp / "condensed.txt", condensed[0] + "\n")
        _write(tmp / "condensed-budget.txt", condensed[1] + "\n")
        (tmp / "index.pickle").write_bytes(pickle.dumps(index, protocol=pickle.HIGHEST_PROTOCOL))
        _write(tmp / "manifest.json", json.dumps(manifest, indent=1))
        try:
            os.rename(tmp, target)
        except OSError:  # a concurrent build renamed the same version first: same content
            shutil.rmtree(tmp, ignore_errors=True)
    except BaseException:
        shutil.rmtree(tmp, ignore_errors=True)
        raise


def _write(path: Path, text: str) -> None:
    path.write_text(text, encoding="utf-8")


def _switch_current(pub: Path, version: str) -> None:
    fd, tmp = tempfile.mkstemp(prefix=".CURRENT-", dir=pub)
    with os.fdopen(fd, "w") as fh:
        fh.write(version + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, pub / "CURRENT")


def _prune(pub: Path, keep: int) -> None:
    current = current_version(pub.parent)
    versions = [p for p in pub.iterdir() if p.is_dir() and (p / "manifest.json").is_file()]
    versions.sort(key=lambda p: (p / "manifest.json").stat().st_mtime, reverse=True)
    for old in versions[max(keep, 1):]:
        if old.name != current:
            shutil.rmtree(old, ignore_errors=True)
    for stale in pub.glob(".*-*"):
        if stale.is_dir() and time.time() - stale.stat().st_mtime > 3600:
            shutil.rmtree(stale, ignore_errors=True)


def current_version(home: str | Path) -> str | None:
    try:
        return (Path(home) / PUBLISHED / "CURRENT").read_text().strip() or None
    except FileNotFoundError:
        return None


def _reread(path: Path, manifest: dict[str, Any]) -> Index:
    diags, index = lint_and_load(path / "source")
    if index is None:
        raise ValueError("its source/ no longer loads: "
                         + "; ".join(str(d) for d in diags if d.level == "error")[:500])
    return dataclasses.replace(index, root=manifest.get("index_root", index.root))


def load_published(home: str | Path, version: str | None = None, *,
                   warnings: tuple[Diagnostic, ...] = ()) -> Published:
    """The published version ``version`` (default: CURRENT), fully read into memory."""
    version = version or current_version(home)
    if not version:
        raise PublishError(f"nothing is published in {home}; run `sourcefinder build` first")
    path = Path(home) / PUBLISHED / version
    try:
        manifest = json.loads((path / "manifest.json").read_text())
        if manifest.get("pickle_layout") == PICKLE_LAYOUT:
            index = pickle.loads((path / "index.pickle").read_bytes())
        else:  # published by an older release: its authored text is the truth
            index = _reread(path, manifest)
        condensed = (path / "condensed.txt").read_text(encoding="utf-8").rstrip("\n")
        budgeted = (path / "condensed-budget.txt").read_text(encoding="utf-8").rstrip("\n")
    except (OSError, ValueError, pickle.UnpicklingError, IndexLoadError) as exc:
        raise PublishError(f"published version {version} in {home} is unreadable: {exc}") from exc
    return Published(version=version, path=path, index=index, condensed=condensed,
                     condensed_budget=budgeted, built_at=manifest["built_at"], warnings=warnings)
