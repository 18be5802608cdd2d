"""Advice assembly: modalities, term checks, the ask-back's target."""

from __future__ import annotations

from dataclasses import replace
from datetime import date
from pathlib import Path

from sourcefinder.advice import ask_back, check_term, modality
from sourcefinder.index import Example, Health, load_index


def test_modalities_follow_the_kind(example_index: Path) -> None:
    index = load_index(example_index)
    kinds = {modality(c) for c in index.cards.values()}
    assert kinds == {"text", "database", "ask a human", "history"}
    person = next(c for c in index.cards.values() if c.kind == "person")
    assert modality(person) == "ask a human"
    demoted = next(c for c in index.cards.values() if c.status == "demoted")
    assert modality(demoted) == "history"


def test_terms_are_found_on_cards_and_nodes_or_reported_as_nothing(example_index: Path) -> None:
    index = load_index(example_index)
    node = next(iter(index.foundation.values()))
    assert check_term(index, node.id.upper()).known_as == "foundation"
    card = next(iter(index.cards.values()))
    assert check_term(index, card.id).id == card.id
    word = card.what.split()[-1].strip(",.()")
    found = check_term(index, word)
    assert found.known_as in ("card", "foundation")
    assert check_term(index, "qqzzyx").known_as == "nothing"


def test_the_ask_back_aims_at_the_weakest_claim(example_index: Path) -> None:
    index = load_index(example_index)
    a, b = [c for c in index.cards.values() if c.examples][:2]
    verified = Health(helpful=9, harmful=0, last_verified=date(2026, 10, 1))
    sure = replace(a, health=verified,
                   examples=tuple(replace(e, mark="✓", mark_date=date(2026, 10, 1))
                                  for e in a.examples))
    broken = replace(b, health=verified, examples=(
        Example(query="old query", expect="a page", mark="✗", mark_date=date(2026, 9, 1)),))
    index.cards[a.id], index.cards[b.id] = sure, broken
    text = ask_back(index, [a.id, b.id], "s-1")
    assert 's-1' in text and b.id in text and "failed on 2026-09-01" in text
    assert ask_back(index, [], "s-2").startswith("If you find it anywhere")
