"""The parsed index: frozen records that remember where each piece of text came from.

Every record carries its ``path`` (relative to the index root) and ``line`` (1-based), so
an answer can cite the text it transcribed and the linter can point at what is wrong.

``Card`` is a *resolved* card: inheritance from its cluster applied, ``children`` counted.
``Field`` keeps the authored text of one field with its position; the writer edits
the markdown through those positions.

The records are slotted: a published index of 2,000 cards holds 8.3 MB instead of 10.8
(``publish.PICKLE_LAYOUT`` follows their fields, so a stored pickle never outlives them).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from functools import cached_property

INHERITED_KEYS = ("kind", "scope", "trust", "how", "read-first", "contact", "owner", "at")


@dataclass(frozen=True, slots=True)
class Field:
    """One authored field: ``- key: value`` (possibly one segment of a `` · `` line)."""

    key: str
    value: str
    path: str
    line: int
    end_line: int  # last line of the field's text (continuation lines included)
    segment: int = 0  # position among the `` · `` segments of ``line``


@dataclass(frozen=True, slots=True)
class Example:
    """``"query" → expected result shape [probe ✓ 2026-09-01]``."""

    query: str
    expect: str
    mark: str | None = None  # "✓", "✗", "?" or None when no probe mark
    mark_date: date | None = None
    line: int = 0


@dataclass(frozen=True, slots=True)
class Ref:
    """A reference to another card: ``other-id (why / when)``."""

    id: str
    note: str = ""


@dataclass(frozen=True, slots=True)
class Health:
    helpful: int = 0
    harmful: int = 0
    last_verified: date | None = None


@dataclass(frozen=True, slots=True)
class Card:
    """A source card (or cluster child) with inheritance resolved."""

    id: str
    group: str  # the class group heading it sits under (a child: its cluster's group)
    path: str
    line: int
    what: str
    what_not: str
    kind: str
    scope: str
    trust: str
    contains: str = ""
    how: str = ""
    read_first: tuple[str, ...] = ()
    examples: tuple[Example, ...] = ()
    gotchas: tuple[str, ...] = ()
    combines: tuple[Ref, ...] = ()
    supersedes: tuple[str, ...] = ()
    see_also: tuple[Ref, ...] = ()
    at: str = ""
    probe: str = ""
    contact: str = ""
    owner: str = ""
    status: str = "active"
    background: str = ""
    health: Health | None = None
    child_index: str = ""
    extends: str = ""
    children: tuple[str, ...] = ()  # derived: ids of the entries that extend this card
    fields: tuple[Field, ...] = ()  # the authored fields, in order, for provenance and edits
    inherited: tuple[str, ...] = ()  # keys whose value came from the cluster

    @property
    def is_cluster(self) -> bool:
        return bool(self.child_index)

    @property
    def is_child(self) -> bool:
        return bool(self.extends)

    @property
    def discriminator(self) -> str:
        return f"{self.what} — NOT {self.what_not}" if self.what_not else self.what

    def field_line(self, key: str) -> tuple[str, int]:
        """Where the text of ``key`` came from: the card's own field, else its heading."""
        for f in self.fields:
            if f.key == key:
                return f.path, f.line
        return self.path, self.line


@dataclass(frozen=True, slots=True)
class FoundationNode:
    id: str
    what: str
    parent: str | None  # None for a root
    pointer: str
    path: str
    line: int
    source: str = ""


@dataclass(frozen=True)
class Index:
    """A whole index: resolved cards and the foundation tree, in authored order."""

    root: str
    title: str
    cards: dict[str, Card] = field(default_factory=dict)
    foundation: dict[str, FoundationNode] = field(default_factory=dict)
    groups: tuple[str, ...] = ()
    preamble: str = ""  # the free text before the first record: what the organization is

    def card(self, card_id: str) -> Card:
        return self.cards[card_id]

    @cached_property
    def successors(self) -> dict[str, tuple[str, ...]]:
        """For each superseded card, the cards that declare they supersede it."""
        out: dict[str, list[str]] = {}
        for card in self.cards.values():
            for old in card.supersedes:
                out.setdefault(old, []).append(card.id)
        return {old: tuple(new) for old, new in out.items()}

    def chain(self, node_id: str) -> list[FoundationNode]:
        """The node and its ancestors, root first."""
        chain: list[FoundationNode] = []
        seen: set[str] = set()
        current: str | None = node_id
        while current is not None and current in self.foundation and current not in seen:
            seen.add(current)
            node = self.foundation[current]
            chain.append(node)
            current = node.parent
        chain.reverse()
        return chain

    def reading_path(self, card_id: str) -> list[FoundationNode]:
        """'Read if you're new' for one card: its chains merged root-first, each node once."""
        return self.reading_path_for([card_id])

    def reading_path_for(self, card_ids: list[str]) -> list[FoundationNode]:
        seen: set[str] = set()
        path: list[FoundationNode] = []
        for cid in card_ids:
            card = self.cards.get(cid)
            if card is None:
                continue
            for node_id in card.read_first:
                for node in self.chain(node_id):
                    if node.id not in seen:
                        seen.add(node.id)
                        path.append(node)
        return path
