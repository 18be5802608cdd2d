"""Read index files into raw records, keeping the line of everything.

The grammar (INDEX-FORMAT.md v1), line by line:

    # Title                 first level-1 heading, when no record follows it before the next one
    # Foundation            starts the foundation block: ``### node-id`` records
    # <Group>               any other level-1 heading starts a class group: ``## card-id`` records
    ### child-id            in a fragment (clusters/*.md): a cluster child
    - key: value · key: v   a field line; a segment starting with a known key and ':' starts a field
      continuation          a line indented by 2+ spaces continues the field above it
    blank line, prose       ignored (a blank line ends a continuation)

Malformed input is reported, never skipped in silence: a list item inside a record that is
not ``key: value``, a heading at the wrong level, a field line outside any record.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

from sourcefinder.index.model import Field

CARD_KEYS = (
    "what/what-not", "kind", "scope", "trust", "contains", "read-first", "how", "example",
    "gotcha", "combines", "supersedes", "see-also", "at", "probe", "contact", "owner",
    "status", "background", "health", "child-index", "children", "extends",
)
NODE_KEYS = ("what", "parent", "pointer", "source")
MULTI_KEYS = frozenset({"example", "gotcha", "combines", "see-also"})
ALL_KEYS = frozenset(CARD_KEYS) | frozenset(NODE_KEYS)

_HEADING_RE = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_ITEM_RE = re.compile(r"^ ?[-*]\s+(.*)$")  # 1 space: still an item (2+: continuation)
_KEY_RE = re.compile(r"^([a-z][a-z/_-]*)\s*:(?:\s+|$)(.*)$", re.S)
SEP = " · "


@dataclass(frozen=True)
class Diagnostic:
    path: str
    line: int
    level: str  # "error" | "warning"
    code: str
    text: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.level} {self.code}: {self.text}"


@dataclass
class RawRecord:
    kind: str  # "card" | "node" | "child"
    id: str
    path: str
    line: int
    group: str
    fields: list[Field] = field(default_factory=list)

    def all(self, key: str) -> list[Field]:
        return [f for f in self.fields if f.key == key]

    def first(self, key: str) -> Field | None:
        for f in self.fields:
            if f.key == key:
                return f
        return None


@dataclass
class ParsedFile:
    path: str
    title: str = ""
    records: list[RawRecord] = field(default_factory=list)
    groups: list[str] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    preamble: list[str] = field(default_factory=list)  # free-text lines before any record


def heading_id(text: str) -> str:
    """The id on a heading line: its first word (anything after it is ignored)."""
    return text.split()[0] if text.split() else ""


def parse_file(text: str, path: str, *, fragment: bool) -> ParsedFile:
    out = ParsedFile(path=path)
    block: str | None = None  # None: preamble; "\0foundation"; else a group name
    record: RawRecord | None = None
    last: list[Field] | None = None  # the fields of the line a continuation would extend
    pending_title: tuple[str, int] | None = None
    records_in_block = 0
    bullet = False  # the last line was a list item of the preamble
    paragraph = False  # a blank line since the preamble's last line

    def err(line: int, code: str, msg: str) -> None:
        out.diagnostics.append(Diagnostic(path, line, "error", code, msg))

    for no, raw in enumerate(text.splitlines(), start=1):
        line = raw.rstrip()
        heading = _HEADING_RE.match(line)
        if heading:
            last = None
            bullet = False
            level, title = len(heading.group(1)), heading.group(2)
            if level == 1:
                if pending_title and records_in_block == 0 and not out.title:
                    out.title = pending_title[0]
                    out.groups.remove(pending_title[0])
                record = None
                records_in_block = 0
                if fragment:
                    out.title = out.title or title
                    continue
                if title.strip().lower() == "foundation":
                    block = "\0foundation"
                    pending_title = None
                else:
                    block = title.strip()
                    out.groups.append(block)
                    pending_title = (block, no) if not out.records and not out.title else None
                continue
            expected = 3 if (fragment or block == "\0foundation") else 2
            if level != expected or (block is None and not fragment):
                where = "a fragment" if fragment else (
                    "the foundation block" if block == "\0foundation" else
                    "a class group" if block else "the preamble"
                )
                want = {2: "## card-id", 3: "### id"}.get(expected)
                hint = f"; records here are {want}" if block or fragment else (
                    "; start a block with a level-1 heading first"
                )
                err(no, "E100", f"unexpected level-{level} heading in {where}{hint}")
                record = None
                continue
            kind = "child" if fragment else ("node" if block == "\0foundation" else "card")
            group = "" if fragment or block == "\0foundation" else str(block)
            record = RawRecord(kind=kind, id=heading_id(title), path=path, line=no, group=group)
            out.records.append(record)
            records_in_block += 1
            continue

        in_preamble = not fragment and record is None and not out.records and (
            block is None or (pending_title is not None and block == pending_title[0])
        )  # free text before any record, in the title's block
        if not line.strip():
            last = None
            bullet = False
            paragraph = True
            continue
        if raw[:2] in ("  ", "\t") or raw[:1] == "\t":
            if bullet and in_preamble:  # a preamble bullet's continuation line
                out.preamble[-1] = f"{out.preamble[-1]} {line.strip()}"
            elif last is not None:
                prev = last[-1]
                last[-1] = Field(prev.key, f"{prev.value} {line.strip()}".strip(), prev.path,
                                 prev.line, no, prev.segment)
                assert record is not None
                record.fields[-1] = last[-1]
            continue
        item = _ITEM_RE.match(line)
        bullet = False
        if not item:
            last = None
            if in_preamble:
                _prose(out.preamble, line.strip(), paragraph)
                paragraph = False
            continue
        body = item.group(1)
        if record is None:
            m = _KEY_RE.match(body)
            if m and m.group(1) in ALL_KEYS:
                err(no, "E100", f"field line '{m.group(1)}:' outside any record")
            elif in_preamble:  # a list in the preamble is prose too, one item a line
                _prose(out.preamble, f"- {body.strip()}", paragraph)
                paragraph, bullet = False, True
            last = None
            continue
        fields = _split_fields(body, path, no, err)
        if fields is None:
            last = None
            continue
        record.fields.extend(fields)
        last = fields
    if pending_title and records_in_block == 0 and not out.title:
        out.title = pending_title[0]
        out.groups.remove(pending_title[0])
    return out


def _prose(preamble: list[str], line: str, paragraph: bool) -> None:
    """Add ``line`` to the preamble; an empty line before it marks a new paragraph."""
    if paragraph and preamble:
        preamble.append("")
    preamble.append(line)


def _split_fields(body: str, path: str, no: int,
                  err: Callable[[int, str, str], None]) -> list[Field] | None:
    m = _KEY_RE.match(body)
    if not m:
        err(no, "E100", f"malformed field line {body[:60]!r} (expected '- key: value')")
        return None
    segments = body.split(SEP)
    fields: list[Field] = []
    for seg in segments:
        km = _KEY_RE.match(seg)
        starts = km is not None and (km.group(1) in ALL_KEYS or not fields)
        if starts and km is not None:
            fields.append(Field(km.group(1), km.group(2).strip(), path, no, no, len(fields)))
        else:
            prev = fields[-1]
            fields[-1] = Field(prev.key, f"{prev.value}{SEP}{seg}".strip(), path, no, no,
                               prev.segment)
    return fields
