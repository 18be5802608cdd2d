"""Keys a system issues ("AB#2210", "HS-38117", "INC-4471"), and which cards hold them.

A question that quotes a key ("an old commit says 'fixes AB#2210'") is asking for the
system that issued it. Cards say which keys their records carry ("work-item references
like AB#1234 in old commit messages point here"): the shape, a short upper-case prefix
and its separator, is what connects the two.
"""

from __future__ import annotations

import re

from sourcefinder.index.model import Card

# A short upper-case prefix, "-" or "#", three or more digits (more groups may follow).
# Two digits ("RDG-04") name a thing, not a record.
_KEY = re.compile(r"(?<![\w#-])([A-Z][A-Z0-9]{1,7})([-#])\d{3,}(?:-\d+)*\b")


def key_shapes(text: str) -> dict[str, str]:
    """Shape ("AB#", "HS-") -> the first key of that shape in ``text``."""
    out: dict[str, str] = {}
    for m in _KEY.finditer(text):
        out.setdefault(m.group(1) + m.group(2), m.group(0))
    return out


class Keys:
    """The key shapes each card's own text names, read once per router."""

    def __init__(self, cards: list[Card]) -> None:
        self._holders: dict[str, list[tuple[int, str]]] = {}
        for i, c in enumerate(cards):
            text = " ".join((c.what, c.contains, c.how, *c.gotchas,
                             *(f"{e.query} {e.expect}" for e in c.examples)))  # fmt: skip
            for shape, key in key_shapes(text).items():
                self._holders.setdefault(shape, []).append((i, key))

    def asked(self, question: str) -> dict[int, str]:
        """Card position -> "AB#1234 (the question has AB#2210)" for each key shape the
        question quotes that the card names."""
        return {i: f"{key} (the question has {asked})"
                for shape, asked in key_shapes(question).items()
                for i, key in self._holders.get(shape, ())}  # fmt: skip
