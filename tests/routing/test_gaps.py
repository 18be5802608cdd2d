"""Years the preamble says a thing did not happen: its cards hold nothing for them."""

from __future__ import annotations

from datetime import date

import pytest

from sourcefinder.routing import OfflineRouter
from sourcefinder.routing._gaps import declared_gaps, gap_years
from sourcefinder.routing._period import Span
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


@pytest.mark.parametrize(("preamble", "subjects", "spans"), [
    ("We were closed 23 March – 8 July 2020 (lockdown): no records of any kind.",
     [{"we"}], ((date(2020, 3, 23), date(2020, 7, 8)),)),
    ("- The café was shut 2020-03-23 to 2020-07-04 and 2021-01-05 to 2021-04-12.",
     [{"caf"}], ((date(2020, 3, 23), date(2020, 7, 4)), (date(2021, 1, 5), date(2021, 4, 12)))),
    ("- No sessions and no tool library loans from March 2020 to August 2021 (COVID)",
     [{"session"}, {"tool", "librari", "loan"}], ((date(2020, 3, 1), date(2021, 8, 31)),)),
    ("- No events between 2020-03-14 and 2021-07-24 (COVID pause)",
     [{"event"}], ((date(2020, 3, 14), date(2021, 7, 24)),)),
    ("We were closed 23 Mar – 8 Jul 2020.", [{"we"}], ((date(2020, 3, 23), date(2020, 7, 8)),)),
])  # fmt: skip
def test_the_preamble_says_a_span_a_thing_did_not_happen_in(
        preamble: str, subjects: list[set[str]], spans: tuple[Span, ...]) -> None:  # fmt: skip
    gaps = declared_gaps(preamble)
    assert [g.subject for g in gaps] == subjects and all(g.spans == spans for g in gaps)


@pytest.mark.parametrize("preamble", [
    "No new members between 1 and 5 May.",  # no year: no span
    "The shop was closed on Mondays from 2019 to 2021.",  # a day of the week, not a span
    "There were no exhibitions from the 1990s onwards.",
])  # fmt: skip
def test_no_span_is_read_where_none_is_said(preamble: str) -> None:
    assert not any(g.spans for g in declared_gaps(preamble))


def test_a_closure_of_everything_empties_every_card_for_most_of_a_time_inside_it() -> None:
    """"We were closed ..." says every card holds nothing then: a question about a time
    mostly inside it, none of it after, has nowhere to look. One about a time reaching
    past its end (the month it came back) or before it keeps its cards, as do people."""
    cards = [
        card("fridge-temp-sheets", "paper fridge temperature sheets, twice daily",
             contains="one sheet a week since May 2019"),
        card("square-till", "the Square till: every sale, item by item"),
        card("gareth", "Gareth, the partner who runs the kitchen", kind="person"),
    ]
    preamble = "We were closed 23 March – 8 July 2020 (lockdown): no records of any kind."
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    closed = router.rank("Where are the fridge temperature sheets for April 2020?")
    why = dict(closed.out_of_period)["fridge-temp-sheets"]
    assert why == "nothing happened 2020-03-23 to 2020-07-08"
    assert closed.verdict == "nowhere"
    assert "gareth" not in dict(closed.out_of_period)
    for open_then in ("Where are the fridge temperature sheets for July 2020?",
                      "Where are the fridge temperature sheets for February 2020?"):
        held = router.rank(open_then)
        assert held.out_of_period == () and held.candidates[0].card_id == "fridge-temp-sheets"
