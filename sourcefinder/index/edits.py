"""Delta edits: the small, field-level changes through which the night shift edits the index.

An edit is a frozen record of what to change, checked when it is made (a known key, a
one-line value, a well-formed example or health) and serializable for the ``card_deltas``
asset with ``to_dict()`` / ``edit_from_dict()``::

    SetField(card_id, key, value)           set a single-valued field, in place or appended
    ClearField(card_id, key)                drop a single-valued field
    AddExample(card_id, text)               add an example after the card's last one
    RemoveExample(card_id, query)           drop the example with that query
    SetProbeMark(card_id, query, mark, on)  set the [probe ✓ 2026-09-01] mark of an example
    UpdateHealth(card_id, helpful, harmful, last_verified)
    SetStatus(card_id, status)              active, draft or demoted
    AddDraftCard(card_id, group, fields)    a new card with status draft, in INDEX.md
    SetNodeField(node_id, key, value)       set a field of a foundation node

``apply_to_text`` applies edits to one file's text; ``apply_edits`` applies a batch to an
index folder, all or nothing. Only the lines an edit must change are changed: every other
line is written back byte for byte. Any edit that does not apply raises ``EditError``.
"""

from __future__ import annotations

import dataclasses
import difflib
import os
import tempfile
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from pathlib import Path
from typing import Any, ClassVar

from sourcefinder.errors import EditError
from sourcefinder.index import _values as values
from sourcefinder.index._edit_text import FileEdit
from sourcefinder.index._lint import ENUMS, lint_files
from sourcefinder.index._load import FRAGMENT_DIR, INDEX_FILE
from sourcefinder.index._parse import (
    _KEY_RE,
    ALL_KEYS,
    CARD_KEYS,
    MULTI_KEYS,
    NODE_KEYS,
    SEP,
    RawRecord,
)
from sourcefinder.index.model import Example, Field, Health

_CARD_KINDS = ("card", "child")


class _EditRecord:
    """What every edit shares: its name in JSON and its JSON form."""

    op: ClassVar[str]

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"op": self.op}
        for f in dataclasses.fields(self):  # type: ignore[arg-type]
            v = getattr(self, f.name)
            if isinstance(v, date):
                v = v.isoformat()
            elif isinstance(v, tuple):
                v = [list(pair) for pair in v]
            out[f.name] = v
        return out


@dataclass(frozen=True)
class SetField(_EditRecord):
    card_id: str
    key: str
    value: str
    op: ClassVar[str] = "set_field"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        _check_single_key(self.key, CARD_KEYS)
        object.__setattr__(self, "value", _check_value(self.key, self.value))


@dataclass(frozen=True)
class ClearField(_EditRecord):
    card_id: str
    key: str
    op: ClassVar[str] = "clear_field"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        _check_single_key(self.key, CARD_KEYS)


@dataclass(frozen=True)
class AddExample(_EditRecord):
    card_id: str
    text: str
    op: ClassVar[str] = "add_example"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        object.__setattr__(self, "text", _check_value("example", self.text))


@dataclass(frozen=True)
class RemoveExample(_EditRecord):
    card_id: str
    query: str
    op: ClassVar[str] = "remove_example"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        _check_line(self.query, "query")


@dataclass(frozen=True)
class SetProbeMark(_EditRecord):
    card_id: str
    query: str
    mark: str  # "✓" passed, "✗" failed, "?" not yet run
    on: date | None = None  # required for ✓ and ✗
    op: ClassVar[str] = "set_probe_mark"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        _check_line(self.query, "query")
        if self.mark not in values.MARKS:
            raise EditError(f"probe mark {self.mark!r} is not one of {', '.join(values.MARKS)}")
        if self.on is not None and not isinstance(self.on, date):
            raise EditError(f"probe date must be a date, not {self.on!r}")
        if self.on is None and self.mark != "?":
            raise EditError(f"probe mark {self.mark} needs a date")


@dataclass(frozen=True)
class UpdateHealth(_EditRecord):
    card_id: str
    helpful: int
    harmful: int
    last_verified: date | None
    op: ClassVar[str] = "update_health"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        for name in ("helpful", "harmful"):
            n = getattr(self, name)
            if isinstance(n, bool) or not isinstance(n, int) or n < 0:
                raise EditError(f"health {name} must be a whole number ≥ 0, not {n!r}")
        if self.last_verified is not None and not isinstance(self.last_verified, date):
            raise EditError(f"last_verified must be a date, not {self.last_verified!r}")

    @property
    def value(self) -> str:
        return values.format_health(Health(self.helpful, self.harmful, self.last_verified))


@dataclass(frozen=True)
class SetStatus(_EditRecord):
    card_id: str
    status: str
    op: ClassVar[str] = "set_status"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        _check_value("status", self.status)


@dataclass(frozen=True)
class AddDraftCard(_EditRecord):
    card_id: str
    group: str  # the class group heading, e.g. "Analytics"
    fields: tuple[tuple[str, str], ...]  # ("key", "value") in the order to write them
    op: ClassVar[str] = "add_draft_card"

    def __post_init__(self) -> None:
        _check_id(self.card_id, "card")
        group = _check_line(self.group, "group")
        if group.lower() == "foundation":
            raise EditError("a card cannot go in the Foundation block")
        object.__setattr__(self, "group", group)
        pairs: list[tuple[str, str]] = []
        for pair in self.fields:
            if not isinstance(pair, tuple | list) or len(pair) != 2:
                raise EditError(f"a draft card field is a (key, value) pair, not {pair!r}")
            key, value = pair
            _check_key(key, CARD_KEYS)
            if key == "status":
                raise EditError("a draft card's status is always 'draft'; do not give it")
            if key not in MULTI_KEYS and any(k == key for k, _ in pairs):
                raise EditError(f"draft card {self.card_id}: {key!r} given twice")
            pairs.append((key, _check_value(key, value)))
        object.__setattr__(self, "fields", tuple(pairs))


@dataclass(frozen=True)
class SetNodeField(_EditRecord):
    node_id: str
    key: str
    value: str
    op: ClassVar[str] = "set_node_field"

    def __post_init__(self) -> None:
        _check_id(self.node_id, "node")
        _check_key(self.key, NODE_KEYS)
        object.__setattr__(self, "value", _check_value(self.key, self.value))


Edit = (SetField | ClearField | AddExample | RemoveExample | SetProbeMark | UpdateHealth
        | SetStatus | AddDraftCard | SetNodeField)
_OPS: dict[str, type[Edit]] = {
    cls.op: cls for cls in (SetField, ClearField, AddExample, RemoveExample, SetProbeMark,
                            UpdateHealth, SetStatus, AddDraftCard, SetNodeField)
}
_DATES = ("on", "last_verified")


def edit_from_dict(d: Mapping[str, Any]) -> Edit:
    """The edit that ``to_dict()`` wrote; ``EditError`` for anything else."""
    if not isinstance(d, Mapping):
        raise EditError(f"an edit is a JSON object, not {type(d).__name__}")
    cls = _OPS.get(d.get("op"))  # type: ignore[arg-type]
    if cls is None:
        raise EditError(f"unknown edit op {d.get('op')!r}; known: {', '.join(_OPS)}")
    fields = {f.name: f for f in dataclasses.fields(cls)}
    unknown = sorted(set(d) - set(fields) - {"op"})
    missing = [n for n, f in fields.items()
               if n not in d and f.default is dataclasses.MISSING]
    if unknown or missing:
        raise EditError(f"{cls.op}: unknown {unknown} / missing {missing} fields")
    kwargs: dict[str, Any] = {}
    for name in fields.keys() & d.keys():
        v = d[name]
        if name in _DATES and v is not None:
            try:
                v = date.fromisoformat(v)
            except (TypeError, ValueError):
                raise EditError(f"{cls.op}: {name} {v!r} is not a YYYY-MM-DD date") from None
        elif name == "fields":
            if not isinstance(v, list | tuple):
                raise EditError(f"{cls.op}: fields must be a list of [key, value] pairs")
            v = tuple(tuple(p) if isinstance(p, list | tuple) else p for p in v)
        kwargs[name] = v
    return cls(**kwargs)


# -- applying --------------------------------------------------------------------------------


def apply_to_text(text: str, path: str, fragment: bool, edits: Sequence[Edit]) -> str:
    """The text of one index file (``path`` relative to the index root) with ``edits`` applied.

    Edits apply in order, each to the result of the one before. Raises ``EditError`` for an
    edit that does not apply to this file (unknown card or node, missing field or example,
    a draft card in a fragment, a value that would not read back as written).
    """
    fe = FileEdit(text, path, fragment=fragment)
    for edit in edits:
        _apply(fe, edit)
    return fe.text()


def apply_edits(index_root: Path, edits: Sequence[Edit]) -> list[Path]:
    """Apply a batch of edits to the index folder; return the files changed.

    All or nothing: the whole batch is applied in memory first, and nothing is written when
    any edit fails or when the result has lint errors the index did not have. Each changed
    file is replaced atomically (a temporary file in the same folder, then ``os.replace``).
    """
    root = Path(index_root)
    if not (root / INDEX_FILE).is_file():
        raise EditError(f"no {INDEX_FILE} in {root}")
    rels = [INDEX_FILE, *(f"{FRAGMENT_DIR}/{p.name}"
                          for p in sorted((root / FRAGMENT_DIR).glob("*.md")))]
    original = {rel: _read(root / rel, rel) for rel in rels}
    files = {rel: FileEdit(text, rel, fragment=rel != INDEX_FILE)
             for rel, text in original.items()}
    for n, edit in enumerate(edits, start=1):
        try:
            _apply(files[_route(files, edit)], edit)
        except EditError as exc:
            raise EditError(f"edit {n} of {len(edits)} ({edit.op}): {exc}") from None
    texts = {rel: fe.text() for rel, fe in files.items()}
    _check_lint(original, texts)
    changed = [rel for rel in rels if texts[rel] != original[rel]]
    _write_all(root, {rel: texts[rel] for rel in changed})
    return [root / rel for rel in changed]


def _read(path: Path, rel: str) -> str:
    try:
        return path.read_bytes().decode("utf-8")  # bytes: keep the line endings as they are
    except (OSError, UnicodeDecodeError) as exc:
        raise EditError(f"cannot read {rel}: {exc}") from None


def _route(files: dict[str, FileEdit], edit: Edit) -> str:
    """The file an edit applies to: the one holding its card, INDEX.md for the rest."""
    if isinstance(edit, SetNodeField):
        return INDEX_FILE
    holders = [rel for rel, fe in files.items()
               if any(r.id == edit.card_id and r.kind in _CARD_KINDS for r in fe.parsed.records)]
    if isinstance(edit, AddDraftCard):
        if holders:
            raise EditError(f"card id {edit.card_id!r} already exists (in {holders[0]})")
        return INDEX_FILE
    if not holders:
        known = [r.id for fe in files.values() for r in fe.parsed.records
                 if r.kind in _CARD_KINDS]
        near = difflib.get_close_matches(edit.card_id, known, n=1, cutoff=0.6)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise EditError(f"unknown card {edit.card_id!r}{hint}")
    if len(holders) > 1:
        raise EditError(f"card id {edit.card_id!r} is in {' and '.join(holders)}")
    return holders[0]


def _apply(fe: FileEdit, edit: Edit) -> None:
    if isinstance(edit, SetNodeField):
        fe.set_single(fe.record(edit.node_id, ("node",), "foundation node"), edit.key, edit.value)
        return
    if isinstance(edit, AddDraftCard):
        if fe.fragment:
            raise EditError(f"{fe.path}: draft cards go in {INDEX_FILE}, not in a fragment")
        if any(r.id == edit.card_id and r.kind in _CARD_KINDS for r in fe.parsed.records):
            raise EditError(f"{fe.path}: card id {edit.card_id!r} already exists")
        fe.add_card(edit.card_id, edit.group, [*edit.fields, ("status", "draft")])
        return
    rec = fe.record(edit.card_id, _CARD_KINDS, "card")
    if isinstance(edit, SetField):
        fe.set_single(rec, edit.key, edit.value)
    elif isinstance(edit, SetStatus):
        fe.set_single(rec, "status", edit.status)
    elif isinstance(edit, UpdateHealth):
        fe.set_single(rec, "health", edit.value)
    elif isinstance(edit, ClearField):
        field = fe.single(rec, edit.key)
        if field is None:
            raise EditError(f"{fe.path}: card {rec.id} has no {edit.key!r} field to clear")
        fe.remove(rec, field)
    elif isinstance(edit, AddExample):
        examples = rec.all("example")
        fe.insert(rec, examples[-1] if examples else None, "example", edit.text)
    elif isinstance(edit, RemoveExample):
        field, _ = _example(fe, rec, edit.query)
        fe.remove(rec, field)
    else:
        field, ex = _example(fe, rec, edit.query)
        fe.replace(rec, field, _with_mark(field.value, ex, edit.mark, edit.on))


def _example(fe: FileEdit, rec: RawRecord, query: str) -> tuple[Field, Example]:
    found: list[tuple[Field, Example]] = []
    for f in rec.all("example"):
        try:
            ex = values.parse_example(f.value, f.line)
        except ValueError:
            continue  # a malformed example has no query to match; the linter reports it
        if ex.query == query:
            found.append((f, ex))
    if not found:
        have = ", ".join(repr(values.parse_example(f.value).query) for f in rec.all("example")
                         if _parses(f.value)) or "none"
        raise EditError(f"{fe.path}: card {rec.id} has no example {query!r} (it has: {have})")
    if len(found) > 1:
        raise EditError(f"{fe.path}: card {rec.id} has {len(found)} examples {query!r}")
    return found[0]


def _parses(text: str) -> bool:
    try:
        values.parse_example(text)
    except ValueError:
        return False
    return True


def _with_mark(text: str, ex: Example, mark: str, on: date | None) -> str:
    """The example's authored text with its probe mark set (the rest kept as written)."""
    base = text[: values._MARK_RE.search(text).start()] if ex.mark else text  # type: ignore[union-attr]
    plain = dataclasses.replace(ex, mark=None, mark_date=None)
    marked = dataclasses.replace(ex, mark=mark, mark_date=on)
    # the mark exactly as format_example writes it
    return base.rstrip() + values.format_example(marked)[len(values.format_example(plain)):]


def _check_lint(before: dict[str, str], after: dict[str, str]) -> None:
    """Refuse a batch that leaves lint errors the index did not have."""

    def errors(texts: dict[str, str]) -> list[Any]:
        files = [FileEdit(t, rel, fragment=rel != INDEX_FILE).parsed for rel, t in texts.items()]
        return [d for d in lint_files(files[0], files[1:]) if d.level == "error"]

    old = Counter(d.code for d in errors(before))
    new = errors(after)
    counts = Counter(d.code for d in new)
    fresh = [str(d) for d in new if counts[d.code] > old[d.code]]
    if fresh:
        raise EditError("the edits would leave lint errors; nothing written:\n"
                        + "\n".join(fresh[:10]))


def _write_all(root: Path, texts: dict[str, str]) -> None:
    """Stage every file beside its target first, then swap them in, so a failed write
    leaves the index as it was."""
    staged: list[tuple[str, Path]] = []
    try:
        for rel, text in texts.items():
            target = root / rel
            fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
            staged.append((tmp, target))
            with os.fdopen(fd, "wb") as fh:
                fh.write(text.encode("utf-8"))
                fh.flush()
                os.fsync(fh.fileno())
            os.chmod(tmp, target.stat().st_mode & 0o7777)
    except BaseException:
        for tmp, _ in staged:
            Path(tmp).unlink(missing_ok=True)
        raise
    for tmp, target in staged:
        os.replace(tmp, target)


# -- checks made when an edit is created -----------------------------------------------------


def _check_id(value: object, what: str) -> None:
    if not isinstance(value, str) or not values.ID_RE.match(value):
        raise EditError(f"malformed {what} id {value!r} (expected [a-z0-9][a-z0-9-]{{0,63}})")


def _check_key(key: object, allowed: tuple[str, ...]) -> None:
    if not isinstance(key, str) or key not in allowed:
        near = difflib.get_close_matches(str(key), allowed, n=1, cutoff=0.5)
        hint = f" (did you mean {near[0]!r}?)" if near else ""
        raise EditError(f"unknown key {key!r}{hint}")
    if key == "children":
        raise EditError("'children' is derived at build time and never authored")


def _check_single_key(key: object, allowed: tuple[str, ...]) -> None:
    _check_key(key, allowed)
    if key in MULTI_KEYS:
        raise EditError(f"{key!r} may be given many times; edit it item by item "
                        "(AddExample, RemoveExample, SetProbeMark)")


def _check_line(text: object, what: str) -> str:
    if not isinstance(text, str):
        raise EditError(f"{what} must be text, not {text!r}")
    if text.splitlines() not in ([text], []):
        raise EditError(f"{what} {text!r} contains a line break; values are one line")
    if not text.strip():
        raise EditError(f"{what} is empty")
    return text.strip()


def _check_value(key: str, value: object) -> str:
    """The value, stripped, if it can be written as one field ``key: value``."""
    text = _check_line(value, f"value of {key!r}")
    for seg in text.split(SEP)[1:]:
        km = _KEY_RE.match(seg)
        if km and km.group(1) in ALL_KEYS:
            raise EditError(f"value {text!r} holds ' · {km.group(1)}:', "
                            "which would start another field")
    if key in ENUMS and text not in ENUMS[key]:
        raise EditError(f"{key} {text!r} is not one of {', '.join(ENUMS[key])}")
    try:
        if key == "example":
            values.parse_example(text)
        elif key == "health":
            values.parse_health(text)
    except ValueError as exc:
        raise EditError(str(exc)) from None
    return text
