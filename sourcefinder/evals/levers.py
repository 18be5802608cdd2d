"""Decompose a failure into the one lever of the map it indicts.

The five levers (the seed's "what getting smarter means"):

    breadth             no card answers the question class: a labeled gold id is not in the
                        index, or (live) the client found nothing and named no better source
    description         the right card was in reach but another card out-discriminated it
                        (gold ranked 2..k), or a nowhere-question got a source (a card
                        overpromised: its NOT part should have excluded it)
    searchable picture  the right card was not even in the top k, or was abstained on: its
                        contains / kind / scope do not show what it holds
    how-to              (live) the right card was suggested and tried, yet the client failed
                        to find the answer in it; or its example probes fail
    background          the right card assumes knowledge newcomers lack: it is flagged
                        `background: missing`, or the question's vocabulary lives only in the
                        foundation tree, not on the card

Rules are applied in this order: breadth, background, how-to, then rank-based
description / searchable picture. Exactly one lever per failure.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from sourcefinder.index.model import Card, Index

LEVERS = ("breadth", "description", "searchable picture", "how-to", "background")
_WORD = re.compile(r"[a-z0-9]{3,}")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def _card_words(card: Card) -> set[str]:
    return _words(" ".join([card.id, card.what, card.what_not, card.contains, card.how,
                            *(e.query + " " + e.expect for e in card.examples), *card.gotchas]))


def _needs_background(index: Index, question: str, card: Card) -> bool:
    if card.background.startswith("missing"):
        return True
    asked = _words(question) - _card_words(card)
    if not asked:
        return False
    foundation = set()
    for node in index.reading_path(card.id):
        foundation |= _words(f"{node.id} {node.what}")
    return len(asked & foundation) >= 2


def decompose(index: Index, question: str, gold: Sequence[str], ranked: Sequence[str],
              verdict: str, k: int = 5) -> str:
    """The lever an eval failure indicts (see module docstring)."""
    if not gold:
        return "description"
    present = [g for g in gold if g in index.cards]
    if not present:
        return "breadth"
    card = index.cards[present[0]]
    if _needs_background(index, question, card):
        return "background"
    if verdict == "nowhere":
        return "searchable picture"
    top = [r for r in ranked[:k]]
    if any(g in top for g in present):
        return "description"
    return "searchable picture"


def decompose_live(index: Index, found: bool, tried: Sequence[str], worked: Sequence[str],
                   better: str | None, suggested: Sequence[str], question: str = "") -> str | None:
    """The lever a finished live session indicts, or None when it went well.

    A session went well when it found the answer in the first suggested source.
    """
    first = suggested[0] if suggested else None
    if found and first is not None and first in worked:
        return None
    if not found and not better:
        return "breadth"
    right = better or (worked[0] if worked else None)
    if right is None or right not in index.cards:
        return "breadth"
    card = index.cards[right]
    if _needs_background(index, question, card):
        return "background"
    if right in suggested and right in tried and not found:
        return "how-to"
    if any(e.mark == "✗" for e in card.examples):
        return "how-to"
    if right in suggested:
        return "description"
    return "searchable picture"
