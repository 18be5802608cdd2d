"""Plain-text renderings of cards for people at a terminal."""

from __future__ import annotations

from sourcefinder.index._values import format_example
from sourcefinder.index.model import Index


def render_card(index: Index, card_id: str) -> str:
    card = index.cards[card_id]
    out = [f"## {card.id}    ({card.path}:{card.line}, group: {card.group})"]
    out.append(f"what: {card.what}")
    if card.what_not:
        out.append(f"NOT: {card.what_not}")
    out.append(f"kind: {card.kind} · scope: {card.scope} · trust: {card.trust}"
               f" · status: {card.status}")
    for label, value in (("contains", card.contains), ("how", card.how), ("at", card.at),
                         ("probe", card.probe), ("contact", card.contact),
                         ("owner", card.owner), ("background", card.background)):
        if value:
            origin = " (from cluster)" if label in card.inherited else ""
            out.append(f"{label}: {value}{origin}")
    for ex in card.examples:
        out.append(f"example: {format_example(ex)}")
    out.extend(f"gotcha: {g}" for g in card.gotchas)
    out.extend(f"combines: {r.id} ({r.note})" for r in card.combines)
    out.extend(f"see-also: {r.id} ({r.note})" for r in card.see_also)
    if card.supersedes:
        out.append(f"supersedes: {', '.join(card.supersedes)}")
    if card.extends:
        out.append(f"extends: {card.extends}")
    if card.children:
        out.append(f"children ({len(card.children)}): {', '.join(card.children)}")
    if card.health:
        h = card.health
        out.append(f"health: helpful {h.helpful} · harmful {h.harmful}"
                   f" · last_verified {h.last_verified or 'never'}")
    path = index.reading_path(card_id)
    if path:
        out.append("read if you're new:")
        out.extend(f"  {i}. {n.id}: {n.pointer} — {n.what}" for i, n in enumerate(path, 1))
    return "\n".join(out)
