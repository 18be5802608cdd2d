"""Turn a JSONL listing of sources into an index of minimal valid cards.

Each input line is ``{"id", "name", "description"}`` (``extra.description_for_model`` is kept
when present). The given ids are kept and no text is invented: the description becomes the
discriminator, the name (and the longer description, if any) the ``contains`` line; fields the
listing does not state say so.
"""

from __future__ import annotations

import json
from pathlib import Path

from sourcefinder.errors import InvalidInputError
from sourcefinder.index._values import ID_RE

UNSTATED = "(not stated in the source listing)"


def _clean(text: object) -> str:
    return " ".join(str(text or "").split()).replace(" · ", " - ")


def import_jsonl(sources: Path, out: Path, group: str = "Sources") -> int:
    cards: list[str] = []
    seen: set[str] = set()
    with open(sources, encoding="utf-8") as fh:
        for no, line in enumerate(fh, start=1):
            if not line.strip():
                continue
            try:
                item = json.loads(line)
            except json.JSONDecodeError as exc:
                raise InvalidInputError(f"{sources}:{no}: not JSON ({exc.msg})") from None
            if not isinstance(item, dict):
                raise InvalidInputError(f"{sources}:{no}: expected a JSON object")
            sid = item.get("id")
            name, desc = _clean(item.get("name")), _clean(item.get("description"))
            if not isinstance(sid, str) or not ID_RE.match(sid):
                raise InvalidInputError(f"{sources}:{no}: id {sid!r} is not a valid card id")
            if sid in seen:
                raise InvalidInputError(f"{sources}:{no}: duplicate id {sid!r}")
            if not desc:
                raise InvalidInputError(f"{sources}:{no}: {sid} has no description")
            seen.add(sid)
            extra = item.get("extra") if isinstance(item.get("extra"), dict) else {}
            longer = _clean(extra.get("description_for_model")) if extra else ""
            contains = f"{name}: {longer}" if name and longer else (name or longer or UNSTATED)
            cards.append(
                f"## {sid}\n"
                f"- what/what-not: {desc}\n"
                f"- kind: imported · scope: external · trust: secondary\n"
                f"- contains: {contains}\n"
                f"- how: {UNSTATED}\n"
            )
    out.mkdir(parents=True, exist_ok=True)
    text = f"# Imported from {sources.name}\n\n# {group}\n\n" + "\n".join(cards)
    (out / "INDEX.md").write_text(text, encoding="utf-8")
    return len(cards)
