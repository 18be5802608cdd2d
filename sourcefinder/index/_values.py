"""Field values: the small grammars inside a field's text.

    discriminator  := what (" — NOT " | " – NOT " | " -- NOT ") what-not
    example        := '"' query '"' ("→" | "->") expected [ "[probe " mark [date] "]" ]
    mark           := "✓" | "✗" | "?"          (a date is required after ✓ and ✗)
    health         := part (" · " part)*
    part           := ("helpful" | "harmful") N | "last_verified" date
    ref            := id [ "(" note ")" ]       (combines, see-also)
    id list        := id ("," id)*              (read-first, supersedes)

Each parser raises ``ValueError`` with a message fit for a lint line.
"""

from __future__ import annotations

import re
from datetime import date

from sourcefinder.index.model import Example, Health, Ref

ID_RE = re.compile(r"[a-z0-9][a-z0-9-]{0,63}\Z")
DATE_RE = re.compile(r"\d{4}-\d{2}-\d{2}\Z")
_NOT_RE = re.compile(r"\s+(?:—|–|--)\s*NOT\b:?\s*")
_EXAMPLE_RE = re.compile(r'^(?:"(?P<q>[^"]+)"|“(?P<q2>[^”]+)”)\s*(?:→|->)\s*(?P<rest>.*)$')
_MARK_RE = re.compile(r"\[\s*probe\b(?P<body>[^\]]*)\]\s*$")
_MARK_BODY_RE = re.compile(r"^\s*(?P<mark>\S+)(?:\s+(?P<date>\S+))?\s*$")
MARKS = ("✓", "✗", "?")


def parse_date(text: str) -> date:
    if not DATE_RE.match(text):
        raise ValueError(f"malformed date {text!r} (expected YYYY-MM-DD)")
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise ValueError(f"malformed date {text!r} (no such day)") from None


def split_discriminator(text: str) -> tuple[str, str]:
    """``what — NOT what-not`` → (what, what-not); no NOT part → (text, "")."""
    m = _NOT_RE.search(text)
    if not m:
        return text.strip(), ""
    return text[: m.start()].strip(), text[m.end() :].strip()


class MarkError(ValueError):
    """A probe mark that does not follow the grammar."""


def parse_example(text: str, line: int = 0) -> Example:
    m = _EXAMPLE_RE.match(text.strip())
    if not m:
        raise ValueError(f'malformed example {text!r} (expected "query" → expected result)')
    query = (m.group("q") or m.group("q2") or "").strip()
    rest = m.group("rest")
    mark: str | None = None
    mark_date: date | None = None
    mm = _MARK_RE.search(rest)
    if mm:
        rest = rest[: mm.start()]
        body = _MARK_BODY_RE.match(mm.group("body"))
        if not body or body.group("mark") not in MARKS:
            raise MarkError(f"malformed probe mark [probe{mm.group('body')}] (expected ✓, ✗ or ?)")
        mark = body.group("mark")
        if body.group("date"):
            try:
                mark_date = parse_date(body.group("date"))
            except ValueError as exc:
                raise MarkError(f"probe mark: {exc}") from None
        elif mark != "?":
            raise MarkError(f"probe mark {mark} needs a date: [probe {mark} YYYY-MM-DD]")
    expect = rest.strip()
    if not query or not expect:
        raise ValueError(f"malformed example {text!r} (query and expected result both needed)")
    return Example(query=query, expect=expect, mark=mark, mark_date=mark_date, line=line)


def format_example(ex: Example) -> str:
    text = f'"{ex.query}" → {ex.expect}'
    if ex.mark:
        when = f" {ex.mark_date.isoformat()}" if ex.mark_date else ""
        text += f"   [probe {ex.mark}{when}]"
    return text


def parse_health(text: str) -> Health:
    values: dict[str, str] = {}
    for part in (p.strip() for p in text.split("·")):
        bits = part.split()
        if len(bits) != 2 or bits[0] not in ("helpful", "harmful", "last_verified"):
            raise ValueError(
                f"malformed health part {part!r} "
                "(expected helpful N · harmful N · last_verified YYYY-MM-DD)"
            )
        values[bits[0]] = bits[1]
    counts = {}
    for key in ("helpful", "harmful"):
        raw = values.get(key, "0")
        if not raw.isdigit():
            raise ValueError(f"health {key} must be a whole number, not {raw!r}")
        counts[key] = int(raw)
    verified = parse_date(values["last_verified"]) if "last_verified" in values else None
    return Health(helpful=counts["helpful"], harmful=counts["harmful"], last_verified=verified)


def format_health(h: Health) -> str:
    text = f"helpful {h.helpful} · harmful {h.harmful}"
    if h.last_verified:
        text += f" · last_verified {h.last_verified.isoformat()}"
    return text


def parse_ref(text: str) -> Ref:
    text = text.strip()
    m = re.match(r"^(\S+?)\s*(?:\((.*)\))?\s*$", text, re.S)
    if m and m.group(1):
        return Ref(id=m.group(1).rstrip(",;"), note=(m.group(2) or "").strip())
    head, _, tail = text.partition(" ")
    return Ref(id=head.rstrip(",;"), note=tail.strip(" ()"))


def parse_id_list(text: str) -> tuple[str, ...]:
    return tuple(p.strip() for p in text.split(",") if p.strip())
