"""Text that may reach a tool description or a client: made inert and bounded.

Strips control characters, Unicode tag characters (U+E0000–U+E007F), zero-width
characters and bidi controls; folds whitespace; neutralizes markdown that could break out
of a description (headings, fences, HTML-ish tags); bounds the length.
"""

from __future__ import annotations

import re
import unicodedata

_INVISIBLE = re.compile(
    "["
    "\u0000-\u0008\u000b-\u001f\u007f-\u009f"  # control characters (tab and newline folded below)
    "\u200b-\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff"  # zero-width, bidi, separators
    "\U000e0000-\U000e007f"  # tag characters
    "]"
)
_MARKUP = re.compile(r"```+|<\s*/?\s*[a-zA-Z!][^>]{0,200}>|^\s*#{1,6}\s+", re.M)


def sanitize(text: str, limit: int = 500) -> str:
    text = unicodedata.normalize("NFC", text)
    text = _INVISIBLE.sub("", text)
    text = _MARKUP.sub(" ", text)
    text = " ".join(text.split())
    if len(text) > limit:
        text = text[: max(0, limit - 1)].rstrip() + "…"
    return text
