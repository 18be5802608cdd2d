"""The watcher: notice new, changed and removed sources, and sources no card covers.

It looks at names, modification times, sizes and git refs only; it never reads a
document's content. Watched sources under the org root::

    org/repos/<name>          repo          fingerprint: the HEAD commit id (from .git refs)
    org/wiki/<tool>/<space>   wiki-space    fingerprint: digest of (path, mtime, size) below
    org/drive/<folder>        drive-folder  same
    org/<file>.sqlite|.db     database      mtime and size

A card *covers* a source when one of its own local targets (``at`` or the path of a
``file``/``git``/``sql`` probe) is the source, lies inside it, or contains it. Targets are
normalized and de-duplicated (the first occurrence is kept); URLs, cluster cards'
umbrella targets, targets inherited from a cluster, targets that escape the root and
targets as broad as a whole watch root are ignored, each with its reason. A watched
source with no card is a failing check (``WatchReport.ok``), not a silent blind spot.

State is one JSON file, written atomically; the first scan records a baseline.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath

from sourcefinder.index.model import Card, Index
from sourcefinder.probes import parse_probe
from sourcefinder.probes._paths import inside, split_glob

STATE_VERSION = 1
WATCH_ROOTS = ("org", "org/repos", "org/wiki", "org/drive")
DATABASE_SUFFIXES = (".sqlite", ".sqlite3", ".db", ".duckdb")
MAX_TREE_ENTRIES = 50_000
_SHA = re.compile(r"^[0-9a-f]{40}([0-9a-f]{24})?$")


@dataclass(frozen=True)
class WatchedSource:
    path: str  # relative to the org root, e.g. "org/repos/tracker"
    kind: str  # repo, wiki-space, drive-folder, database
    fingerprint: str


@dataclass(frozen=True)
class Ignored:
    """Something the watcher set aside, and why."""

    what: str  # a card target ("card-id: target") or a path under the org root
    reason: str


@dataclass(frozen=True)
class WatchReport:
    scanned_at: str
    baseline: bool  # True when there was no earlier state to compare with
    sources: tuple[WatchedSource, ...]
    new: tuple[str, ...] = ()
    changed: tuple[str, ...] = ()
    removed: tuple[str, ...] = ()
    uncovered: tuple[str, ...] = ()
    coverage: dict[str, tuple[str, ...]] = field(default_factory=dict)
    ignored: tuple[Ignored, ...] = ()

    @property
    def ok(self) -> bool:
        """The coverage check: every watched source has a card."""
        return not self.uncovered


def scan(
    org_root: str | Path, index: Index, state_file: str | Path, now: datetime | None = None
) -> WatchReport:
    """Compare the sources under ``org_root`` with the last scan and with the index."""
    root = Path(org_root).resolve()
    state_path = Path(state_file)
    ignored: list[Ignored] = []
    sources = sorted(_discover(root, ignored), key=lambda s: s.path)
    targets = card_targets(index, ignored)
    coverage = {s.path: _covering(s.path, targets) for s in sources}
    previous = _read_state(state_path, ignored)
    current = {s.path: s for s in sources}
    stamp = (now or datetime.now(UTC)).isoformat(timespec="seconds")
    report = WatchReport(
        scanned_at=stamp,
        baseline=previous is None,
        sources=tuple(sources),
        uncovered=tuple(p for p, cards in coverage.items() if not cards),
        coverage=coverage,
        ignored=tuple(ignored),
    )
    if previous is not None:
        report = replace(
            report,
            new=tuple(p for p in current if p not in previous),
            changed=tuple(
                p for p, s in current.items() if p in previous and previous[p] != s.fingerprint
            ),
            removed=tuple(sorted(p for p in previous if p not in current)),
        )
    _write_state(state_path, stamp, sources)
    return report


def card_targets(index: Index, ignored: list[Ignored]) -> list[tuple[str, str]]:
    """``(normalized local target, card id)`` in index order, first occurrence kept."""
    seen: dict[str, str] = {}
    out: list[tuple[str, str]] = []
    for card in index.cards.values():
        for raw in _raw_targets(card, ignored):
            label = f"{card.id}: {raw}"
            target = _normalize_target(raw)
            if target is None:
                ignored.append(Ignored(label, "not a relative path inside the org root"))
            elif any(target == w or w.startswith(target + "/") for w in WATCH_ROOTS):
                ignored.append(Ignored(label, "as broad as a whole watch root"))
            elif target in seen:
                ignored.append(Ignored(label, f"duplicate of {seen[target]}'s target {target}"))
            else:
                seen[target] = card.id
                out.append((target, card.id))
    return out


def _raw_targets(card: Card, ignored: list[Ignored]) -> Iterator[str]:
    if card.is_cluster:
        for value in (card.at, card.probe):
            if value:
                ignored.append(Ignored(f"{card.id}: {value}", "cluster card: its children cover"))
        return
    if card.at:
        if "at" in card.inherited:
            ignored.append(Ignored(f"{card.id}: {card.at}", f"inherited from {card.extends}"))
        elif "://" in card.at:
            ignored.append(Ignored(f"{card.id}: {card.at}", "a URL, not a local source"))
        else:
            yield card.at
    if card.probe:
        runner, target = parse_probe(card.probe)
        if runner in ("file", "git", "sql") and target:
            yield split_glob(target)[0] if runner == "file" else target
        else:
            ignored.append(Ignored(f"{card.id}: {card.probe}", f"{runner or 'empty'} probe, "
                                   "not a local source"))


def _normalize_target(raw: str) -> str | None:
    text = raw.strip()
    if not text or text.startswith(("/", "~")) or "\\" in text:
        return None
    parts = [p for p in PurePosixPath(text).parts if p != "."]
    if not parts or ".." in parts:
        return None
    return "/".join(parts)


def _covering(source: str, targets: list[tuple[str, str]]) -> tuple[str, ...]:
    cards: list[str] = []
    for target, card_id in targets:
        related = (
            target == source or target.startswith(source + "/") or source.startswith(target + "/")
        )
        if related and card_id not in cards:
            cards.append(card_id)
    return tuple(cards)


def _discover(root: Path, ignored: list[Ignored]) -> Iterator[WatchedSource]:
    org = root / "org"
    for repo in _subdirs(root, org / "repos", ignored):
        dot_git = repo / ".git"
        rel = repo.relative_to(root).as_posix()
        head = _head(dot_git) if dot_git.is_dir() and inside(root, dot_git) else None
        if head is None:
            ignored.append(Ignored(rel, "not a git repository with a readable HEAD"))
            continue
        yield WatchedSource(rel, "repo", head)
    for tool in _subdirs(root, org / "wiki", ignored):
        for space in _subdirs(root, tool, ignored):
            yield WatchedSource(space.relative_to(root).as_posix(), "wiki-space", _tree(space))
    for folder in _subdirs(root, org / "drive", ignored):
        yield WatchedSource(folder.relative_to(root).as_posix(), "drive-folder", _tree(folder))
    if org.is_dir():
        for entry in sorted(org.iterdir()):
            if entry.suffix in DATABASE_SUFFIXES and entry.is_file() and inside(root, entry):
                st = entry.stat()
                yield WatchedSource(
                    entry.relative_to(root).as_posix(), "database", f"{st.st_mtime_ns}:{st.st_size}"
                )


def _subdirs(root: Path, folder: Path, ignored: list[Ignored]) -> list[Path]:
    if not folder.is_dir():
        return []
    out = []
    for entry in sorted(folder.iterdir()):
        rel = entry.relative_to(root).as_posix()
        if entry.name.startswith("."):
            continue
        if entry.is_symlink() and not inside(root, entry):
            ignored.append(Ignored(rel, "symlink out of the org root"))
        elif entry.is_dir():
            out.append(entry)
    return out


def _tree(folder: Path) -> str:
    """A digest of every name, mtime and size below ``folder`` (contents are never read)."""
    digest = hashlib.sha256()
    count = 0
    for current, dirs, files in os.walk(folder, followlinks=False):
        dirs.sort()
        for name in sorted(dirs) + sorted(files):
            path = Path(current, name)
            try:
                st = path.lstat()
            except OSError:
                continue
            rel = path.relative_to(folder).as_posix()
            digest.update(f"{rel}\0{st.st_mtime_ns}\0{st.st_size}\n".encode())
            count += 1
            if count >= MAX_TREE_ENTRIES:
                return f"{count}+:{digest.hexdigest()[:16]}"
    return f"{count}:{digest.hexdigest()[:16]}"


def _head(dot_git: Path) -> str | None:
    """HEAD's commit id from the refs files (loose or packed); ``None`` when unreadable."""
    try:
        head = (dot_git / "HEAD").read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    if _SHA.match(head):
        return head
    if not head.startswith("ref: "):
        return None
    ref = head[5:].strip()
    if not ref.startswith("refs/") or ".." in ref.split("/"):
        return None
    try:
        value = (dot_git / ref).read_text(encoding="ascii").strip()
        return value if _SHA.match(value) else None
    except (OSError, UnicodeDecodeError):
        pass
    try:
        packed = (dot_git / "packed-refs").read_text(encoding="ascii")
    except (OSError, UnicodeDecodeError):
        return None
    for line in packed.splitlines():
        sha, _, name = line.partition(" ")
        if name.strip() == ref and _SHA.match(sha):
            return sha
    return None


def _read_state(path: Path, ignored: list[Ignored]) -> dict[str, str] | None:
    if not path.is_file():
        return None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        sources = data["sources"]
        if data.get("version") != STATE_VERSION or not isinstance(sources, dict):
            raise ValueError(f"unexpected state version {data.get('version')!r}")
        return {str(k): str(v["fingerprint"]) for k, v in sources.items()}
    except (OSError, ValueError, KeyError, TypeError) as exc:
        reason = f"unreadable watch state, starting a new baseline: {exc}"
        ignored.append(Ignored(str(path), reason))
        return None


def _write_state(path: Path, stamp: str, sources: list[WatchedSource]) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    payload = {
        "version": STATE_VERSION,
        "scanned_at": stamp,
        "sources": {s.path: {"kind": s.kind, "fingerprint": s.fingerprint} for s in sources},
    }
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with tmp.open("w", encoding="utf-8") as fh:
        json.dump(payload, fh, indent=2, sort_keys=True)
        fh.write("\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
