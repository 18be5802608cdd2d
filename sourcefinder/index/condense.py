"""The condensed index (the index of the index): one line per source and per cluster top.

    <id> — <what> (NOT <what-not>) [<kind>]                   a source
    <id> — <what> (NOT <what-not>) [<kind>; cluster of N]      a cluster top (children hidden)

Lines carry the discriminator only, sanitized for a tool description.

The budgeted rendering fits a character budget (MCP clients truncate tool descriptions
around 1–2 KB). Which lines stay is decided by one rule, in this order of priority:

1. cluster top cards (a client must be able to notice a whole source area exists);
2. active sources, by traffic (sessions naming them) when known, then by health
   (helpful − harmful), then in authored order;
3. draft sources; 4. demoted sources.

The kept lines are then printed in authored order, and a last line says how many were left
out and how to get them.
"""

from __future__ import annotations

from collections.abc import Mapping

from sourcefinder.index.model import Card, Index
from sourcefinder.text import sanitize

DEFAULT_BUDGET = 2000
DEFAULT_POINTER = "read resource sourcefinder://index/condensed or call describe_source(id)"


def condensed_line(card: Card) -> str:
    text = f"{card.id} — {sanitize(card.what, 200)}"
    if card.what_not:
        text += f" (NOT {sanitize(card.what_not, 120)})"
    tags = [sanitize(card.kind, 40) or "source"]
    if card.is_cluster:
        tags.append(f"cluster of {len(card.children)}")
    if card.status != "active":
        tags.append(card.status)
    return f"{text} [{'; '.join(tags)}]"


def top_cards(index: Index) -> list[Card]:
    """Sources and cluster tops; cluster children stay hidden."""
    return [c for c in index.cards.values() if not c.extends]


def render_full(index: Index) -> str:
    return "\n".join(condensed_line(c) for c in top_cards(index))


def _priority(card: Card, order: int, traffic: Mapping[str, int]) -> tuple[int, int, int, int]:
    tier = 0 if card.is_cluster else {"active": 1, "draft": 2}.get(card.status, 3)
    health = (card.health.helpful - card.health.harmful) if card.health else 0
    return (tier, -traffic.get(card.id, 0), -health, order)


def render_budget(
    index: Index,
    budget: int = DEFAULT_BUDGET,
    traffic: Mapping[str, int] | None = None,
    pointer: str = DEFAULT_POINTER,
) -> str:
    cards = top_cards(index)
    lines = {c.id: condensed_line(c) for c in cards}
    if sum(len(v) + 1 for v in lines.values()) <= budget:
        return "\n".join(lines.values())
    ranked = sorted(range(len(cards)), key=lambda i: _priority(cards[i], i, traffic or {}))
    kept: set[int] = set()
    used = 0
    for i in ranked:
        footer = len(_footer(len(cards) - len(kept) - 1, pointer)) + 1
        cost = len(lines[cards[i].id]) + 1
        if used + cost + footer > budget:
            continue
        kept.add(i)
        used += cost
    body = [lines[cards[i].id] for i in sorted(kept)]
    left = len(cards) - len(kept)
    if left:
        body.append(_footer(left, pointer))
    return "\n".join(body)


def _footer(left: int, pointer: str) -> str:
    return f"... {left} more source(s) not shown: {pointer}"
