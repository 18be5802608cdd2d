"""Years the preamble says a thing did not happen: its cards hold nothing for them."""

from __future__ import annotations

from datetime import date

import pytest

from sourcefinder.routing import OfflineRouter
from sourcefinder.routing._gaps import declared_gaps, gap_years
from tests.routing.conftest import card, make_index

TODAY = date(2026, 11, 30)


@pytest.mark.parametrize(("preamble", "subject", "years"), [
    ("What was lost: minutes before 2006. There were no exhibitions in 2020 or 2021 (Covid).",
     {"exhibit"}, {2020, 2021}),
    ("No shows were held in 2020.", {"show"}, {2020}),
    ("- The congress is ECF-rated only. It has never been FIDE-rated. It was not held in "
     "2020 or 2021 (Covid).", {"congress"}, {2020, 2021}),
    ("Poultry classes were cancelled in 2022.", {"poultri", "class"}, {2022}),
])  # fmt: skip
def test_the_preamble_says_when_a_thing_did_not_happen(
        preamble: str, subject: set[str], years: set[int]) -> None:  # fmt: skip
    (gap,) = declared_gaps(preamble)
    assert gap.subject == subject and gap.years == years


@pytest.mark.parametrize("preamble", [
    "We have had no later than 2020 deliveries.",  # a comparison
    "No minutes in 2019 or earlier survive.",  # a bound, not a gap
    "Nothing changed. It was not held in 2020.",  # "it" said of nothing named
    "- Committee papers are kept. \n- It was not held in 2020.",  # another item's thing
])  # fmt: skip
def test_no_gap_is_read_where_none_is_said(preamble: str) -> None:
    assert declared_gaps(preamble) == ()


def test_the_cards_of_the_thing_hold_nothing_for_its_years() -> None:
    """A card naming the thing in its id or what is out of period for a question about
    those years only; a card about something else, or not naming every word of it, keeps
    its place."""
    cards = [
        card("drive-exhibition", "the exhibition folder: hanging plans, entry forms, "
             "stewarding rotas", contains="one folder a year"),
        card("charity-log", "the charity quilts log: who made which quilt and where it went"),
        card("classes-sheet", "the classes schedule of the show"),
    ]
    gaps = declared_gaps("There were no exhibitions in 2020 or 2021. "
                         "Poultry classes were cancelled in 2022.")
    assert gap_years(gaps, cards) == {0: frozenset({2020, 2021})}
    preamble = "There were no exhibitions in 2020 or 2021 (Covid)."
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    gone = router.rank("Is the hanging plan from the 2020 exhibition anywhere? I want to see "
                       "where the big quilts went")
    assert dict(gone.out_of_period)["drive-exhibition"] == "holds nothing for 2020"
    assert gone.verdict == "nowhere"
    held = router.rank("Is the hanging plan from the 2019 exhibition anywhere? I want to see "
                       "where the big quilts went")
    assert held.out_of_period == () and held.candidates[0].card_id == "drive-exhibition"
    assert held.verdict != "nowhere"
