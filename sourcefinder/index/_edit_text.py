"""Line surgery on one index file, driven by the parser's positions.

A file is held as its lines with their terminators (``str.splitlines(keepends=True)``, the
split the parser numbers lines by), so every line an edit does not touch is written back
byte for byte. A field line is ``prefix body trailing``: the bullet and the whitespace after
it, the fields joined by `` · `` (grouped exactly as the parser groups segments), then any
trailing whitespace and the terminator.

Every operation re-parses its result and checks that the file now holds exactly the records
and fields it meant to write, and no new parse error. A value that would read back
differently (a `` · key:`` inside it, a heading that loses a trailing ``#``, a line that
swallows a stray indented line below it) is refused, never written.
"""

from __future__ import annotations

import difflib
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass

from sourcefinder.errors import EditError
from sourcefinder.index._parse import (
    _HEADING_RE,
    _ITEM_RE,
    _KEY_RE,
    ALL_KEYS,
    SEP,
    ParsedFile,
    RawRecord,
    parse_file,
)
from sourcefinder.index.model import Field

Pairs = list[tuple[str, str]]


@dataclass
class _Shape:
    """What a file means, without positions: compared before and after each edit."""

    title: str
    groups: list[str]
    records: list[tuple[str, str, str, Pairs]]  # kind, id, group, (key, value) pairs


def _shape(parsed: ParsedFile) -> _Shape:
    return _Shape(parsed.title, list(parsed.groups),
                  [(r.kind, r.id, r.group, [(f.key, f.value) for f in r.fields])
                   for r in parsed.records])


def _content(line: str) -> str:
    """The line without its terminator."""
    parts = line.splitlines()
    return parts[0] if parts else ""


def _has_terminator(line: str) -> bool:
    return _content(line) != line


@dataclass
class _FieldLine:
    prefix: str  # "- " (the bullet and its whitespace)
    fields: list[str]  # the text of each field, in the parser's segment order
    trailing: str  # trailing whitespace and the terminator

    def join(self) -> str:
        return self.prefix + SEP.join(self.fields) + self.trailing


def _split_line(line: str) -> _FieldLine:
    stripped = _content(line).rstrip()
    item = _ITEM_RE.match(stripped)
    if item is None:  # the parser put a field here, so this cannot happen
        raise AssertionError(f"not a field line: {line!r}")
    fields: list[str] = []
    for seg in item.group(1).split(SEP):  # the grouping rule of _parse._split_fields
        km = _KEY_RE.match(seg)
        if km is not None and (km.group(1) in ALL_KEYS or not fields):
            fields.append(seg)
        else:
            fields[-1] += SEP + seg
    return _FieldLine(stripped[: item.start(1)], fields, line[len(stripped):])


def _rekey(field_text: str, value: str) -> str:
    """``key:   old`` → ``key:   value``, keeping the authored spelling up to the value."""
    km = _KEY_RE.match(field_text)
    assert km is not None
    head = field_text[: km.start(2)]
    return head + value if head[-1:].isspace() else f"{head} {value}"


class FileEdit:
    """A working copy of one index file; each method applies one change or raises EditError."""

    def __init__(self, text: str, path: str, *, fragment: bool) -> None:
        self.path = path
        self.fragment = fragment
        self.lines = text.splitlines(keepends=True)
        self._final_newline = not text or _has_terminator(self.lines[-1])
        first = next((ln[len(_content(ln)):] for ln in self.lines if _has_terminator(ln)), "\n")
        self.nl = first if first in ("\n", "\r\n", "\r") else "\n"
        self.parsed = parse_file(text, path, fragment=fragment)

    def text(self) -> str:
        """The edited text, ending in a newline exactly when the original did."""
        lines = list(self.lines)
        if lines and self._final_newline and not _has_terminator(lines[-1]):
            lines[-1] += self.nl
        elif lines and not self._final_newline:
            lines[-1] = _content(lines[-1])
        return "".join(lines)

    # -- finding ----------------------------------------------------------------------------

    def record(self, rid: str, kinds: tuple[str, ...], what: str) -> RawRecord:
        found = [r for r in self.parsed.records if r.id == rid and r.kind in kinds]
        if not found:
            known = [r.id for r in self.parsed.records if r.kind in kinds]
            near = difflib.get_close_matches(rid, known, n=1, cutoff=0.6)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            raise EditError(f"{self.path}: unknown {what} {rid!r}{hint}")
        if len(found) > 1:
            lines = ", ".join(str(r.line) for r in found)
            raise EditError(f"{self.path}: {what} id {rid!r} is given {len(found)} times "
                            f"(lines {lines}); fix the index before editing it")
        return found[0]

    def single(self, rec: RawRecord, key: str) -> Field | None:
        found = rec.all(key)
        if len(found) > 1:
            raise EditError(f"{self.path}:{found[1].line}: {key!r} is given {len(found)} times "
                            f"in {rec.id}; fix the index before editing it")
        return found[0] if found else None

    # -- changing ---------------------------------------------------------------------------

    def set_single(self, rec: RawRecord, key: str, value: str) -> None:
        """Replace the value of ``key`` in place, or add it after the record's last field."""
        existing = self.single(rec, key)
        if existing is None:
            self.insert(rec, None, key, value)
        else:
            self.replace(rec, existing, value)

    def replace(self, rec: RawRecord, f: Field, value: str) -> None:
        """Rewrite one field (its segment; its continuation lines are dropped)."""
        fl = _split_line(self.lines[f.line - 1])
        fl.fields[f.segment] = _rekey(fl.fields[f.segment], value)
        new = [*self.lines[: f.line - 1], fl.join(), *self.lines[f.end_line:]]
        i = rec.fields.index(f)

        def expect(pairs: Pairs) -> None:
            pairs[i] = (f.key, value)

        self._commit(new, rec, expect, f"setting {f.key!r} of {rec.id} to {value!r}")

    def remove(self, rec: RawRecord, f: Field) -> None:
        """Drop one field: its segment, or its whole line(s) when it is alone on the line."""
        fl = _split_line(self.lines[f.line - 1])
        kept = [] if len(fl.fields) == 1 else [
            _FieldLine(fl.prefix, fl.fields[: f.segment] + fl.fields[f.segment + 1:],
                       fl.trailing).join()]
        new = [*self.lines[: f.line - 1], *kept, *self.lines[f.end_line:]]
        i = rec.fields.index(f)

        def expect(pairs: Pairs) -> None:
            del pairs[i]

        self._commit(new, rec, expect, f"removing {f.key!r} from {rec.id}")

    def insert(self, rec: RawRecord, anchor: Field | None, key: str, value: str) -> None:
        """Add ``- key: value`` on a new line after ``anchor``'s line (default: the last field)."""
        if anchor is None and rec.fields:
            anchor = max(rec.fields, key=lambda f: f.end_line)
        if anchor is None:
            after, prefix = rec.line, "- "
        else:
            # a continuation belongs to the line's last field, so go past it whatever the anchor
            after = max(f.end_line for f in rec.fields if f.line == anchor.line)
            prefix = _split_line(self.lines[anchor.line - 1]).prefix
        i = sum(1 for f in rec.fields if f.line <= after)

        def expect(pairs: Pairs) -> None:
            pairs.insert(i, (key, value))

        new = self._inserted(after, [f"{prefix}{key}: {value}"])
        self._commit(new, rec, expect, f"adding {key!r} to {rec.id}")

    def add_card(self, card_id: str, group: str, pairs: Pairs) -> None:
        """Append ``## card_id`` at the end of the block ``# group``, or a new block at the end."""
        body = [f"## {card_id}", *(f"- {k}: {v}" for k, v in pairs)]
        if group in self.parsed.groups:
            heads = [no for no, ln in enumerate(self.lines, 1) if self._level1(ln) is not None]
            start = [no for no in heads if self._level1(self.lines[no - 1]) == group][-1]
            end = next((no for no in heads if no > start), len(self.lines) + 1)
            after = max(no for no in range(start, end) if _content(self.lines[no - 1]).strip())
            block = ["", *body]
            if after < len(self.lines) and _content(self.lines[after]).strip():
                block.append("")
        else:
            after = len(self.lines)
            lead = [""] if self.lines and _content(self.lines[-1]).strip() else []
            block = [*lead, f"# {group}", "", *body]
        position = sum(1 for r in self.parsed.records if r.line <= after)
        expected = _shape(self.parsed)
        expected.records.insert(position, ("card", card_id, group, list(pairs)))
        if group not in expected.groups:
            expected.groups.append(group)
        self._check(self._inserted(after, block), expected, f"adding card {card_id!r}")

    # -- internals --------------------------------------------------------------------------

    @staticmethod
    def _level1(line: str) -> str | None:
        m = _HEADING_RE.match(_content(line).rstrip())
        return m.group(2).strip() if m and len(m.group(1)) == 1 else None

    def _inserted(self, after: int, texts: list[str]) -> list[str]:
        """The lines with ``texts`` inserted after line ``after`` (1-based; 0: at the top)."""
        head = list(self.lines[:after])
        if head and not _has_terminator(head[-1]):
            head[-1] += self.nl
        return [*head, *(t + self.nl for t in texts), *self.lines[after:]]

    def _commit(self, new: list[str], rec: RawRecord, change: Callable[[Pairs], None],
                what: str) -> None:
        expected = _shape(self.parsed)
        change(expected.records[self.parsed.records.index(rec)][3])
        self._check(new, expected, what)

    def _check(self, new: list[str], expected: _Shape, what: str) -> None:
        parsed = parse_file("".join(new), self.path, fragment=self.fragment)
        if _shape(parsed) != expected:
            raise EditError(f"{self.path}: {what} would not read back as written "
                            "(a ' · key:' or a line break in the text?); nothing changed")
        before = Counter(d.code for d in self.parsed.diagnostics)
        after = Counter(d.code for d in parsed.diagnostics)
        fresh = [d for d in parsed.diagnostics if after[d.code] > before[d.code]]
        if fresh:
            raise EditError(f"{what} would make the file malformed: {fresh[0]}")
        self.lines, self.parsed = new, parsed
