"""The time a question asks about, what period a card says it holds, and the router's use
of both: an out-of-period card goes down with its reason, and a question whose best
matches are all out of period is a "nowhere"."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date, timedelta

import pytest

from sourcefinder.index.model import Card, Example, Index
from sourcefinder.routing import OfflineRouter, RouterConfig
from sourcefinder.routing._period import (
    Coverage,
    Period,
    Periods,
    asked_period,
    coverage,
    declared_retention,
    expired,
    out_of_period,
)
from sourcefinder.routing._rarity import specificity
from sourcefinder.routing._text import terms
from tests.routing.conftest import card, make_index

TODAY = date(2026, 11, 30)


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("tracker logs from two months ago", date(2026, 10, 1), date(2026, 10, 1)),
        ("what broke 3 weeks ago", date(2026, 11, 9), date(2026, 11, 9)),
        # counted back with a number; "a day back in June" is a day, back in June
        ("left her purse about three months back", date(2026, 9, 1), date(2026, 9, 1)),
        ("lost hot water for a day back in June", date(2026, 6, 1), date(2026, 6, 30)),
        # a request for what is kept is no booking ahead
        ("I need to request the CCTV from August", date(2026, 8, 1), date(2026, 8, 31)),
        # years from one to another, however joined
        ("service records for the Adler from 2014-2016", date(2014, 1, 1), date(2016, 12, 31)),
        ("its repair history 2019-2020", date(2019, 1, 1), date(2020, 12, 31)),
        ("the minutes 2014 to 2016", date(2014, 1, 1), date(2016, 12, 31)),
        ("the minutes for 2014-16", date(2014, 1, 1), date(2016, 12, 31)),
        # an event's year
        ("What did we take on Valentine's Day 2022?", date(2022, 1, 1), date(2022, 12, 31)),
        ("how many kids came to Easter camp 2022?", date(2022, 1, 1), date(2022, 12, 31)),
        ("what did we order at Toy Fair 2021?", date(2021, 1, 1), date(2021, 12, 31)),
        ("leads from the Great Yorkshire Show 2019", date(2019, 1, 1), date(2019, 12, 31)),
        ("payments logs from last April", date(2026, 4, 1), date(2026, 4, 30)),
        # today, said to count back from, is no time asked about
        ("the CCTV from a Saturday in June? It's November now.", date(2026, 6, 1),
         date(2026, 6, 30)),
        ("It is now November and I need the June footage", date(2026, 6, 1),
         date(2026, 6, 30)),
        # a month in a year counted back is that one month, not "two years ago" to August
        ("raw events from August two years ago", date(2024, 8, 1), date(2024, 8, 31)),
        # "from 2005 on the old press" is a year and a place; "from 2005 on" is a start
        ("deviation from 2005 on the old press", date(2005, 1, 1), date(2005, 12, 31)),
        ("deviations from 2005 on", date(2005, 1, 1), TODAY),
        # a part of a year: its first, middle or last third
        ("the Teams chat from early 2025", date(2025, 1, 1), date(2025, 4, 30)),
        ("mid-2019 numbers", date(2019, 5, 1), date(2019, 8, 31)),
        ("the late 2021 board pack", date(2021, 9, 1), date(2021, 12, 31)),
        ("where van 3 was on 14 Sept 2024", date(2024, 9, 1), date(2024, 9, 30)),
        # a decade said in words or two digits, or a part of it
        ("Grandad reckons it was in the seventies.", date(1970, 1, 1), date(1979, 12, 31)),
        ("Which year did they marry? Late nineties, I think.", date(1996, 1, 1),
         date(1999, 12, 31)),
        ("the team photo from the mid 90s", date(1993, 1, 1), date(1997, 12, 31)),
        ("who was captain back in the early '80s", date(1980, 1, 1), date(1983, 12, 31)),
        # a school or financial year: April of the first to August of the next
        ("register marks for 2019-20", date(2019, 4, 1), date(2020, 8, 31)),
        ("the purchase ledger for 2016/17", date(2016, 4, 1), date(2017, 8, 31)),
        ("the March of last year figures", date(2025, 3, 1), date(2025, 3, 31)),
        ("who was on call last November", date(2025, 11, 1), date(2025, 11, 30)),
        ("on call in January 2022", date(2022, 1, 1), date(2022, 1, 31)),
        ("rates we paid in summer 2022", date(2022, 6, 1), date(2022, 8, 31)),
        ("lab results from the first summer, 2021", date(2021, 6, 1), date(2021, 8, 31)),
        # a season counted back from the last one that has ended; winter is Dec-Feb
        ("heating trend data from two winters ago", date(2024, 12, 1), date(2025, 2, 28)),
        ("max demand over last winter", date(2025, 12, 1), date(2026, 2, 28)),
        ("footfall last summer", date(2026, 6, 1), date(2026, 8, 31)),
        ("the audit the autumn before last", date(2024, 9, 1), date(2024, 11, 30)),
        ("revenue in Q3 2021", date(2021, 7, 1), date(2021, 9, 30)),
        ("admissions per year from 2014 to today", date(2014, 1, 1), TODAY),
        ("the pre-2025 wiki content", date(1900, 1, 1), date(2024, 12, 31)),
        ("incident records from 2016", date(2016, 1, 1), date(2016, 12, 31)),
        # a decade asked about; "a 1960s school" says how old the school is
        ("production logbooks from the 1970s", date(1970, 1, 1), date(1979, 12, 31)),
        # decades joined are one span, a short second one of the first's century
        ("what we made in the 1970s and 80s", date(1970, 1, 1), date(1989, 12, 31)),
        ("minute books from the 1960s to the 1980s", date(1960, 1, 1), date(1989, 12, 31)),
        # a year that says which one of a thing
        ("the orchestra's 1962 season programmes", date(1962, 1, 1), date(1962, 12, 31)),
        ("who played on the 2017 tour of Spain", date(2017, 1, 1), date(2017, 12, 31)),
        ("how prices moved since 2020", date(2020, 1, 1), TODAY),
        ("every deploy from 2021 onwards", date(2021, 1, 1), TODAY),
        ("the fraud return for last year", date(2025, 1, 1), date(2025, 12, 31)),
        ("fraud losses last quarter", date(2026, 7, 1), date(2026, 9, 30)),
        ("ED visits for last month", date(2026, 10, 1), date(2026, 10, 31)),
        ("what it logged yesterday", date(2026, 11, 29), date(2026, 11, 29)),
        # someone's own last week is theirs, not the week gone by
        ("notes from March 2019: the family ask about her last week", date(2019, 3, 1),
         date(2019, 3, 31)),
        ("the gate log for 2026-05-04", date(2026, 5, 4), date(2026, 5, 4)),  # ISO
        ("where the van was parked last Christmas", date(2025, 12, 24), date(2025, 12, 26)),
        ("the voltage trace from the fault back in January", date(2026, 1, 1),
         date(2026, 1, 31)),
        ("the app's error logs from the March storm", date(2026, 3, 1), date(2026, 3, 31)),
        ("every deploy since August", date(2026, 8, 1), TODAY),
        ("what broke in May", date(2026, 5, 1), date(2026, 5, 31)),
        ("the GPS trail on 12 May this year", date(2026, 5, 1), date(2026, 5, 31)),
        ("the 3 May incident", date(2026, 5, 1), date(2026, 5, 31)),
        ("a phone nicked over the May bank holiday weekend", date(2026, 5, 1),
         date(2026, 5, 31)),
        ("the evening checks on Boxing Day 2021", date(2021, 1, 1), date(2021, 12, 31)),
        ("the rota for New Year's Eve 2019", date(2019, 1, 1), date(2019, 12, 31)),
        ("a video someone shared back in the spring", date(2026, 3, 1), date(2026, 5, 31)),
        ("he moved back in the summer of 2019", date(2019, 1, 1), date(2019, 12, 31)),
        ("the cctv recording from back in august", date(2026, 8, 1), date(2026, 8, 31)),
        ("every refund since june", date(2026, 6, 1), TODAY),
        ("drone photos from the 2018 inspection round", date(2018, 1, 1),
         date(2018, 12, 31)),
        # a year that opens what is asked for, after "need" or "want"
        ("I need 2013 rosters for a pension dispute", date(2013, 1, 1), date(2013, 12, 31)),
        ("a gift voucher someone got for christmas 2019", date(2019, 1, 1),
         date(2019, 12, 31)),
        ("What were the shop takings for Christmas week 2018?", date(2018, 1, 1),
         date(2018, 12, 31)),
        ("What did the shop take over Easter weekend 2016?", date(2016, 1, 1),
         date(2016, 12, 31)),
        ("the bank holiday weekend 2019 rota", date(2019, 1, 1), date(2019, 12, 31)),
        ("when did we change the pumps? I think it was 2011-ish", date(2011, 1, 1),
         date(2011, 12, 31)),
        ("the proof we did for their first van, that would've been 2016", date(2016, 1, 1),
         date(2016, 12, 31)),
        ("the lodge roof repair we had done in about 2014", date(2014, 1, 1),
         date(2014, 12, 31)),
        ("the medication reviews going back to 2018", date(2018, 1, 1), TODAY),
        ("every spray record for our Goldings back to 2013", date(2013, 1, 1), TODAY),
        ("how has our stock of heater wicks changed since about 2010", date(2010, 1, 1),
         TODAY),
        # a year hedged, or said in passing at the end
        ("old group posts from about 2008 about moving the night", date(2008, 1, 1),
         date(2008, 12, 31)),
        ("what were the takings back when it was Oxley's, say 2010?", date(2010, 1, 1),
         date(2010, 12, 31)),
        ("When did Alan last swap out the boiler in the gents' block — 2021 I think?",
         date(2021, 1, 1), date(2021, 12, 31)),
        ("till receipts from the shop's first year, 2010", date(2010, 1, 1),
         date(2010, 12, 31)),
        # a year of one thing, after a preposition
        ("Stuart's measure sketch for a 2016 job", date(2016, 1, 1), date(2016, 12, 31)),
        # a year after a record or an occasion
        ("trustee minutes 1997", date(1997, 1, 1), date(1997, 12, 31)),
        ("looking for photos of sports day 2015", date(2015, 1, 1), date(2015, 12, 31)),
        # ... but a season or month said with it is the time asked
        ("a Gazette article on the coalfield, summer 2018 I think", date(2018, 6, 1),
         date(2018, 8, 31)),
        ("How many visitors did we have in our very first summer, 2011?", date(2011, 6, 1),
         date(2011, 8, 31)),
        ("the Teams thread from early last year", date(2025, 1, 1), date(2025, 4, 30)),
        ("the late last year board pack", date(2025, 9, 1), date(2025, 12, 31)),
        # counts spelled past twelve
        ("the Teams chat from about eighteen months ago", date(2025, 6, 8), date(2025, 6, 8)),
        # "not ... since" names the last time, not a start
        ("notes for a dog we haven't seen since 2014", date(2014, 1, 1), date(2014, 12, 31)),
        ("it hasn't worked, since 2019 we use the new one", date(2019, 1, 1), TODAY),
        # a museum's or a newspaper's years go back past 1950
        ("Front page of the Courier from 1912", date(1912, 1, 1), date(1912, 12, 31)),
        ("the minute books from the 1890s", date(1890, 1, 1), date(1899, 12, 31)),
        # what happened "in the spring" happened in the last one
        ("the guide who left in the spring", date(2026, 3, 1), date(2026, 5, 31)),
    ],
)
def test_a_question_names_a_period(question: str, start: date, end: date) -> None:
    assert asked_period(question, TODAY) == Period(start, end)


def test_relative_periods_cross_the_new_year() -> None:
    january = date(2027, 1, 15)
    # the winter under way has not ended: last winter is the one before it
    assert asked_period("gas use last winter", january) == Period(
        date(2025, 12, 1), date(2026, 2, 28))  # fmt: skip
    assert asked_period("board pack from last quarter", january) == Period(
        date(2026, 10, 1), date(2026, 12, 31))  # fmt: skip
    assert asked_period("costs last month", january) == Period(
        date(2026, 12, 1), date(2026, 12, 31))  # fmt: skip
    assert asked_period("the tills last Christmas", january) == Period(
        date(2026, 12, 24), date(2026, 12, 26))  # fmt: skip



def test_easter_said_alone_is_the_last_one_gone_by() -> None:
    """"The CCTV from Easter weekend" is this year's Easter, Good Friday to Easter Monday,
    once it has gone by; one still to come, one of a year said, or one the question looks
    ahead to is not."""
    assert asked_period("Can we pull the CCTV from Easter weekend?", TODAY) == Period(
        date(2026, 4, 3), date(2026, 4, 6))  # fmt: skip
    assert asked_period("a case went missing around Easter", date(2025, 6, 1)) == Period(
        date(2025, 4, 18), date(2025, 4, 21))  # fmt: skip
    assert asked_period("a case went missing around Easter", date(2026, 2, 1)) is None
    assert asked_period("takings over Easter weekend in 2021", TODAY) == Period(
        date(2021, 1, 1), date(2021, 12, 31))  # fmt: skip
    assert asked_period("Who will cover over Easter?", TODAY) is None


@pytest.mark.parametrize(
    "question",
    [
        "Who leads during an outage?",
        "What changed in Incoterms 2020 for FOB?",  # a year inside a name
        "Where's the wording about our SOC 2 controls?",
        "What's our 30-day readmission rate?",  # a measure, not a time
        "Which ticket is INC-2026-0871?",
        "Which claim is CMP-2019-20531?",  # no split year inside an id
        "the 2019-05 export",  # a month, written as an id
        "the export of 2021-02-30",  # no such day
        "How much did Felixstowe take over its last Christmas?",  # its final one
        "The FY2030 budget draft",  # the future is not a period anything holds yet
        "It may take a while to march through the backlog",  # verbs, not months
        "We may 2 weeks from now",
        "the august committee's minutes",  # small, and after no preposition
        "they march in may",
        "May I see the bank holiday rota?",  # (May before no holiday of its own)
        "What's planned for the December release?",  # still to come this year
        "A new viola starts in January: who puts her on the rota?",  # one to come
        "We're surveying a 1960s school: what do we look for in the planks?",
        "Which shifts will I have in March?",
        # a month asked free or to be booked is one to come
        "Is the big hall free on the evening of Sat 20 June? My husband's 60th",
        "Can we book the small room for 14 March?",
        "how do I book a week off in August",
        "I want to book the hall in June for my daughter's party",
        "Where do I put in for time off in August?",
        "Can I take a few days off in August?",
        # a year that says how old a thing is, not which time is asked about
        "where a 2008 refill hogshead is now",
        "I've got a 2015 spreadsheet of outage causes",
        "2013 licence for alterations on the office",  # its year, or the thing's own
        "has the Potting Shed paid invoice 1873 yet?",  # a number, not a year
        "brake fluid due for a 2019 Sportage",  # a model, with its capital
        # how far a source reaches is why the question is asked, not what it asks for
        "Xero only goes back to 2020: where are the older books?",
        "the booking app only goes back to 2022, so where are the rest",
        # an age, a score or a banknote is no decade
        "A plan customer in her late nineties seems confused",
        "a man in his fifties wants a taster session",
        "How many fifties has Ryan got for us this year?",
        "We're going to be short of twenties before Tuesday's van.",
    ],
)
def test_names_measures_and_the_future_are_not_periods(question: str) -> None:
    assert asked_period(question, TODAY) is None



def test_what_is_asked_available_from_a_month_gone_by_is_that_month() -> None:
    """"Is the CCTV from 14 March still available?" asks about March gone by; "Is the
    hall free on 14 March?" about one to come."""
    assert asked_period("Is the CCTV from 14 March still available?", TODAY) == Period(
        date(2026, 3, 1), date(2026, 3, 31))
    assert asked_period("Is the hall free on 14 March?", TODAY) is None

def test_several_mentions_make_the_span_that_covers_them() -> None:
    span = asked_period("compare summer 2022 with January 2024", TODAY)
    assert span == Period(date(2022, 6, 1), date(2024, 1, 31))


@pytest.mark.parametrize(
    ("question", "start", "end"),
    [
        ("the rota in the 2021 season: who did the August weekends?",
         date(2021, 1, 1), date(2021, 12, 31)),
        ("who was on the desk on the August bank holiday Monday in 2021?",
         date(2021, 1, 1), date(2021, 12, 31)),
        ("bookings between January and March 2022", date(2022, 1, 1), date(2022, 3, 31)),
        # a month to come this year is still read of the year named
        ("what we sold in 2019, in December", date(2019, 1, 1), date(2019, 12, 31)),
    ],
)
def test_a_month_said_bare_is_of_the_year_the_question_names(
        question: str, start: date, end: date) -> None:
    """"The 2021 season ... the August weekends" asks about 2021, not this August."""
    assert asked_period(question, TODAY) == Period(start, end)


def _card(what: str, contains: str = "", gotchas: tuple[str, ...] = (), **kw: object) -> Card:
    return card("c", what, contains=contains, gotchas=gotchas, **kw)


def _why_out(cov: Coverage, question: str) -> str:
    """Why a card of coverage ``cov`` does not hold the time ``question`` asks about."""
    return out_of_period(cov, asked_period(question, TODAY), TODAY, set(terms(question)))


def test_coverage_reads_starts_ends_ranges_and_retention() -> None:
    cov = coverage(_card("every deploy to every environment", "every deploy since 2023"))
    assert (cov.start, cov.end) == (date(2023, 1, 1), None)
    cov = coverage(_card("the 2019–2023 Tableau workbooks", "~300 workbooks, read-only"))
    assert (cov.start, cov.end) == (date(2019, 1, 1), date(2023, 12, 31))
    cov = coverage(_card("AML alerts from 2020 to March 2025 in the Jira AML project"))
    assert (cov.start, cov.end) == (date(2020, 1, 1), date(2025, 3, 31))
    # an end that names its day: to the end of its month
    cov = coverage(_card("paper diaries, January 2020 to 4 June 2023: fridge temperatures"))
    assert (cov.start, cov.end) == (date(2020, 1, 1), date(2023, 6, 30))
    cov = coverage(_card("old incidents", "~2,100 INC tickets, read-only since 2025-02-14"))
    assert (cov.start, cov.end) == (None, date(2025, 2, 14))
    cov = coverage(_card("old warehouse", gotchas=("nothing before 2012 was ever loaded",)))
    assert cov.start == date(2012, 1, 1)
    cov = coverage(_card("on-call schedules", "alert history starts May 2023"))
    assert cov.start == date(2023, 5, 1)
    # a range whose ends name their month
    cov = coverage(_card("Freshdesk support tickets 2016 – Jul 2022, read-only"))
    assert (cov.start, cov.end) == (date(2016, 1, 1), date(2022, 7, 31))
    cov = coverage(_card("the old rota tool, Mar 2019 - Feb 2024"))
    assert (cov.start, cov.end) == (date(2019, 3, 1), date(2024, 2, 29))
    # seasons or school years said split end in the second year
    cov = coverage(_card("Artifax, read-only: rotas for seasons 2012–13 to 2019–20"))
    assert (cov.start, cov.end) == (date(2012, 1, 1), date(2020, 12, 31))
    # ... with a slash too ("in force 2016/17 to 2023/24"); a split year alone is no range
    cov = coverage(_card("the Rules & Constitution 2016 edition, in force 2016/17 to 2023/24"))
    assert (cov.start, cov.end) == (date(2016, 1, 1), date(2024, 12, 31))
    assert coverage(_card("the 2016/17 rules, and the fines tariff")) == Coverage()


@pytest.mark.parametrize(
    ("what", "contains", "gotcha", "days"),
    [
        ("application logs from every service, last 14 days", "", "", 14),
        ("application logs", "2 TB a day, 14-day retention", "", 14),
        ("metrics and logs", "dashboards; logs kept 15 days", "", 15),
        ("application logs", "", "logs older than 30 days are deleted", 30),
        ("product events", "~380 events, 12-month retention", "", 360),
        ("supervisors' WhatsApp group", "~60 messages a day; disappearing messages after "
         "90 days", "", 90),
        ("crew chat", "", "messages disappear after 30 days", 30),
        # what deletes what after how long
        ("hosts' WhatsApp group", "", "WhatsApp deletes messages after 90 days", 90),
        ("customer mailbox", "", "Google deletes mail older than 2 years", 730),
        ("crew portal", "", "the portal deletes after 30 days", 30),
        ("mortuary fridge sensors", "readings every 5 minutes; rolling 12 months", "", 360),
        ("lab results portal", "", "results older than 36 months drop off the portal", 1080),
        # a span spelled out
        ("petty cash stubs", "", "kept six years, then shredded each January", 6 * 365),
    ],
)
def test_coverage_reads_retention(what: str, contains: str, gotcha: str, days: int) -> None:
    cov = coverage(_card(what, contains, (gotcha,) if gotcha else ()))
    assert max(d for _, d, _ in cov.retention) == days


@pytest.mark.parametrize(
    ("what", "contains"),
    [
        ("Tomasz, rate-engine tech lead since 2019", ""),  # a person's tenure
        ("public API reference", "v1 endpoints undocumented since 2026-01"),
        ("certified measures: 30-day readmission, LOS", ""),  # a measure
        ("incident timelines", "e.g. INC-2026-0871 with its linked channel"),  # an id
        ("Incoterms 2020 rules overview", ""),  # a name
        ("the old patient system", "patients not seen since October 2019"),  # seen before
    ],
)
def test_coverage_ignores_what_is_not_about_the_cards_period(what: str, contains: str) -> None:
    assert not coverage(_card(what, contains))


def test_what_is_said_to_be_deleted_is_what_a_retention_is_said_of() -> None:
    cov = coverage(_card("customer forms", "Jotform submissions",
                         ("Jotform deletes submissions after 2 years",)))
    assert [(s, d) for s, d, _ in cov.retention] == [(frozenset(terms("submissions")), 730)]
    assert _why_out(cov, "the submissions from 2023") == "keeps only the last 2 years"


def test_what_is_said_to_remain_is_later_than_what_it_began_with() -> None:
    cov = coverage(_card("health questionnaires since 2023-05", "Jotform submissions", (
        "Jotform deletes them after 2 years, so nothing before about 2024-02 remains",)))
    assert cov.start == date(2024, 2, 1)
    assert _why_out(cov, "the questionnaire from June 2023") == \
        "holds nothing before 2024-02-01"
    # what it never had before a day is no loss: the widest reading stands
    cov = coverage(_card("member records since 2015", "",
                         ("nothing before 2018 was ever typed up",)))
    assert cov.start == date(2015, 1, 1)


def test_what_came_before_a_day_said_to_be_gone_is_not_held() -> None:
    cov = coverage(card("medicines-book", "the legal medicines record",
                        contains="a bound book per year; books before 2021 have been destroyed"))
    assert cov.start == date(2021, 1, 1)
    assert _why_out(cov, "what wormer did Barney have back in 2018") == \
        "holds nothing before 2021"
    cov = coverage(_card("dispatch: every booking and job since 2023", "",
                         ("jobs booked before 2023-03-14 were not migrated",)))
    assert cov.start == date(2023, 3, 1)
    # what is gone of something else moves no start earlier
    cov = coverage(_card("the electronic register since June 2023", "",
                         ("the paper records from before 2016 no longer exist",)))
    assert cov.start == date(2023, 6, 1)


def test_what_a_card_says_it_is_not_may_be_a_time() -> None:
    """"NOT anything before May 2023", "NOT anything older than 30 days"."""
    cov = coverage(_card("fridge sensors and alarms", what_not="anything before May 2023"))
    assert cov.start == date(2023, 5, 1)
    cov = coverage(_card("clips from the door camera",
                         what_not="the garden camera, NOT anything older than 30 days"))
    assert [d for _, d, _ in cov.retention] == [30]
    cov = coverage(_card("the old membership spreadsheet", what_not="anyone before 2012"))
    assert cov.start == date(2012, 1, 1)
    # what it is not that is no time is no coverage
    assert not coverage(_card("fridge sensors", what_not="anything in the 2019 audit"))


@pytest.mark.parametrize(
    ("gotcha", "start"),
    [
        ("there was no survey before 2017", date(2017, 1, 1)),
        ("no service history before 2019; the dealer gave none", date(2019, 1, 1)),
    ],
)
def test_no_such_thing_before_a_year_is_a_start(gotcha: str, start: date) -> None:
    assert coverage(_card("building condition surveys", gotchas=(gotcha,))).start == start


def test_who_a_retention_is_said_of_is_no_word_of_it() -> None:
    cov = coverage(_card("member records, results and scores", "", (
        "records of members who left are deleted six years after they leave",)))
    assert [s for s, _, _ in cov.retention] == [frozenset(terms("members left"))]
    assert _why_out(cov, "Who won the 2019 summer foursomes?") == ""


def test_a_span_said_to_be_gone_is_not_held() -> None:
    cov = coverage(_card("archived till transactions", "store transactions 2015–2022; "
                         "2011–2014 data was purged in the migration"))  # fmt: skip
    assert (cov.start, cov.end) == (date(2015, 1, 1), date(2022, 12, 31))
    kept = coverage(_card("archived till transactions", "2011–2014 data, then 2015–2022"))
    assert kept.start == date(2011, 1, 1)
    # a span in brackets, said to be gone after them
    aside = coverage(_card("mobile forms since 2020", "submissions since January 2020",
                           ("the old ODK data (2015–2019) was deleted in June 2021",)))
    assert (aside.start, aside.end) == (date(2020, 1, 1), None)
    # and one said "from ... to ..."
    diaries = coverage(_card("paper food safety diaries, 2021 to February 2023", "",
                             ("diaries from 2013 to 2020 have been destroyed",)))
    assert (diaries.start, diaries.end) == (date(2021, 1, 1), date(2023, 2, 28))
    # or said to be somewhere else
    returns = coverage(_card("NHS activity and claims workbook", "monthly activity since "
                             "April 2023", ("returns under the old contract are not here: "
                                            "September 2021 to March 2023 in the closed "
                                            "folder",)))  # fmt: skip
    assert (returns.start, returns.end) == (date(2023, 4, 1), None)
    archive = coverage(_card("heritage catalogue since 2005", "", (
        "the paper archive from 1946 to 2004 is at the Record Office, not here",)))
    assert (archive.start, archive.end) == (date(2005, 1, 1), None)
    # or said to have gone to another body
    log = coverage(_card("the old callout log with scanned callout books, 1998–2020", "", (
        "callout books from 1972 to 1997 went to the Heritage Centre in 2015",)))
    assert (log.start, log.end) == (date(1998, 1, 1), date(2020, 12, 31))
    deposited = coverage(_card("parish papers since 1990", "", (
        "registers from 1850 to 1989 were deposited with the Record Office",)))
    assert deposited.start == date(1990, 1, 1)
    # or said to have gone in a flood, or to have been shredded
    flooded = coverage(_card("the paper appointment books, January 2016 to March 2023",
                             "eight diaries (2016–2023)", (
        "the 2009–2015 books went in the Storm Desmond flood; they do not exist",)))
    assert (flooded.start, flooded.end) == (date(2016, 1, 1), date(2023, 3, 31))
    shredded = coverage(_card("delivery notes since 2019", "", (
        "notes from 2012 to 2018 were shredded",)))
    assert shredded.start == date(2019, 1, 1)
    # or said to be on paper, in boxes, while this source is scanned
    scans = coverage(_card("scanned cremation forms since 2016", "", (
        "forms from 2011 to 2015 are on paper in the records store",
        "registers from 1990 to 2010 are in archive boxes")))
    assert (scans.start, scans.end, scans.part_ends) == (date(2016, 1, 1), None, ())
    # or said, by its years alone, to be in another named place
    orders = coverage(_card("memorial orders since 2020", "orders since 2020-01-06", (
        "orders before 2020 were not migrated: 1999-2019 are in the Access database",)))
    assert (orders.start, orders.end) == (date(2020, 1, 1), None)
    # or in a place not named by capitals ("the bound books"): not in it, if "in use"
    minutes = coverage(_card("committee and AGM minutes since January 2020", "", (
        "minutes from 1961 to 2019 are in the bound books in the pavilion safe",)))
    assert (minutes.start, minutes.end) == (date(2020, 1, 1), None)
    used = coverage(_card("the mowing log", "", ("sheets from 2015 to 2019 are in use",)))
    assert used.start == date(2015, 1, 1)
    # or said never to have been brought across to it
    for never in ("were never brought across", "were never migrated", "were not carried over"):
        shop = coverage(_card("the web shop", "~6,200 orders since launch in 2020-09",
                              (f"orders from the old Wix site (2015–2020) {never}",)))
        assert (shop.start, shop.end, shop.part_ends) == (date(2020, 9, 1), None, ())


def test_a_range_said_before_what_it_is_of_is_that_parts_span() -> None:
    """"invoices, bills, VAT returns and the Apr 2020–Feb 2021 quotes, from April 2020":
    the quotes end in February 2021, the live card does not."""
    xero = coverage(card("xero", "invoices, bills, VAT returns and the Apr 2020–Feb 2021 "
                         "quotes, from April 2020", status="active"))
    assert (xero.start, xero.end) == (date(2020, 4, 1), None)
    assert _why_out(xero, "has last quarter's VAT return gone in?") == ""
    assert _why_out(xero, "the quotes we sent in 2023") == "holds nothing after 2021-02-28"


def test_a_word_saying_a_thing_it_names_ended_leaves_the_card_growing() -> None:
    """"holds only the frozen 2012-2021 workbook": the drive is not frozen, so the
    workbook's years are the workbook's, not the drive's; "frozen on 2021-04-01" is said of
    the card."""
    drive = _card("board minutes, policies, annual reports", "board minutes since 2019", (
        "the Membership folder holds only the frozen 2012-2021 workbook",))
    assert coverage(drive).end is None
    frozen = _card("the members workbook", "members 2012 to 2021; frozen on 2021-04-01",
                   ("renewals 2012-2021",))  # fmt: skip
    assert coverage(frozen).end == date(2021, 12, 31)


def test_years_said_gone_up_to_one_start_a_cards_span() -> None:
    """"2019 and earlier are gone": the card holds from 2020."""
    gone = coverage(_card("paper pool test sheets in box files", "",
                          ("2019 and earlier are gone",)))
    assert gone.start == date(2020, 1, 1)
    kept = coverage(_card("paper pool test sheets in box files", "",
                          ("2019 and earlier are in the loft",)))
    assert kept.start is None


def test_a_financial_year_said_gone_up_to_starts_a_cards_span_in_its_second_year() -> None:
    """"FY2019/20 and earlier deleted": the books may hold 2020, not 2019."""
    gone = coverage(_card("the treasurer's Excel cash books, read-only", "",
                          ("FY2019/20 and earlier deleted in October 2026",)))
    assert gone.start == date(2020, 1, 1)


def test_a_start_with_the_day_before_its_month_is_read() -> None:
    """"since 1 October 2023": from October 2023, the widest reading."""
    cov = coverage(_card("QuickBooks Online accounts since 1 October 2023"))
    assert cov.start == date(2023, 10, 1)
    cov = coverage(_card("bookings", "bookings from 15th March 2021"))
    assert cov.start == date(2021, 3, 1)
    # "since launch in 2020-09", "since it opened in 2019": the start of the card
    for since in ("since launch in 2020-09", "since its launch in September 2020",
                  "since it opened in September 2020"):
        assert coverage(_card("web shop", f"orders {since}")).start == date(2020, 9, 1)


def test_a_year_onwards_is_a_start() -> None:
    """"files for 2019 onwards remain": the drawers hold nothing from 2014; what went
    elsewhere is no start of this card's."""
    cov = coverage(_card("paper arrangement files", "destroyed seven years after the "
                         "funeral each January (files for 2019 onwards remain)"))
    assert cov.start == date(2019, 1, 1)
    moved = coverage(_card("the old booking sheets", "bookings for 2023 onwards were "
                           "transferred to the new system"))
    assert moved.start is None
    # "(April 2020 on)": the same, said short; not "2020 on the lake"
    short = coverage(_card("the club's Lichess team: online arenas (April 2020 on)", ""))
    assert short.start == date(2020, 4, 1)
    assert coverage(_card("regatta entries for 2020 on the lake", "")).start is None


def test_nothing_older_than_a_year_is_a_start() -> None:
    """"holds nothing older than 1998" says where a card's span begins."""
    cov = coverage(_card("callout log", "callouts and hours", ("the team holds nothing older "
                                                             "than 1998",)))  # fmt: skip
    assert cov.start == date(1998, 1, 1)


@pytest.mark.parametrize(
    "text",
    ["2019-" * 20_000, "2011–2014 data was " * 10_000, "x-" * 50_000 + " since 2020",
     "since 2020 " * 10_000, "logs kept " * 10_000, "last " * 20_000,
     "y" * 100_000 + " kept 5 days", "y " * 50_000 + "(kept 5 days) " * 5_000,
     "(2011–2014) was deleted " * 5_000, "nothing remains for a b c d e f in " * 5_000],
)  # fmt: skip
def test_long_hostile_text_is_read_in_linear_time(text: str) -> None:
    """Each of these took a regex minutes when a pattern scanned back for the word before
    "since"; the word before is now read backwards from the match."""
    asked_period(text, TODAY)
    cov = coverage(_card(text, text, (text,)))
    if "kept 5 days" in text:
        assert cov.retention[0][1] == 5
    if "since 2020" in text:
        assert cov.start == date(2020, 1, 1)


def test_a_live_cards_many_spans_are_read_in_linear_time() -> None:
    """Whether a card is still growing was read again for every span in its contents,
    and each clause scanned again for "not here": minutes for a long card."""
    many = coverage(_card("till transactions", "2011–2014 data was " * 10_000))
    assert (many.start, many.end) == (date(2011, 1, 1), None)  # a live card still grows
    old = coverage(_card("till transactions", "2011–2014 data was " * 10_000, trust="archive"))
    assert (old.start, old.end) == (date(2011, 1, 1), date(2014, 12, 31))
    away = coverage(_card("till transactions", "returns not here: 2011–2014 in a folder; "
                          * 10_000))  # fmt: skip
    assert away == coverage(_card("till transactions", ""))


@pytest.mark.parametrize(
    "preamble",
    ["Retention: " + "records before 2009 " * 10_000 + "were destroyed.",
     "Retention: " + "x is " * 20_000 + "kept 5 days.", "August two years ago " * 10_000,
     "files from before " * 20_000 + "2009 were lost.",
     "Retention: x, " + "cats and dogs " * 20_000 + "kept 6 years.",
     "Retention: " + "cats, dogs and mice are kept 6 years, " * 10_000],
)  # fmt: skip
def test_a_long_hostile_preamble_is_read_for_retention_in_linear_time(preamble: str) -> None:
    kept = declared_retention(preamble, specificity)
    assert all(k.days or k.gone_before for k in kept)
    asked_period(preamble, TODAY)


@pytest.mark.parametrize(
    ("contains", "gotcha", "days"),
    [
        ("artifacts per build", "ordinary artifacts are deleted after 30 days", 30),
        ("~25k tickets", "tickets are deleted 3 years after closing", 1095),
        ("1-second data kept 30 days, then 1-minute averages", "", 30),
        # what a recorder writes over, said roughly
        ("rolling footage overwritten after ~30 days", "", 30),
        ("footage on the NVR", "the recorder overwrites itself after about 30 days", 30),
        # an aside is said of the phrase before it
        ("invoices 2012 to 2023; season tickets issued before the switch (deleted 3 years "
         "after expiry)", "", 1095),
        # a history of so long, said of what has it
        ("scheduled maintenance, incident notices with 90 days of history", "", 90),
    ],
)
def test_coverage_reads_deletion_and_what_it_is_said_of(
    contains: str, gotcha: str, days: int,
) -> None:
    cov = coverage(_card("a store", contains, (gotcha,) if gotcha else ()))
    (subject, kept, _), = cov.retention
    assert kept == days
    assert subject  # "artifacts", "tickets", "1-second data"


@pytest.mark.parametrize(
    ("contains", "gotcha"),
    [("readings every 5 minutes, alarm history; 13 months of history on our plan", ""),
     ("readings every 5 minutes", "only 13 months kept; older readings are gone"),
     ("journeys, mileage, 13 months kept", "")],
)  # fmt: skip
def test_coverage_reads_a_history_kept_so_long_as_the_cards(contains: str, gotcha: str) -> None:
    """"13 months of history", "only 13 months kept": said of the whole card, so a
    question about fifteen months ago is past it."""
    cov = coverage(_card("fridge sensors", contains, (gotcha,) if gotcha else ()))
    (subject, kept, _), = cov.retention
    assert (subject, kept) == (frozenset(), 390)
    fifteen_ago = Period(TODAY - timedelta(days=460), TODAY - timedelta(days=450))
    assert out_of_period(cov, fifteen_ago, TODAY, {"fridg"}) == "keeps only the last 13 months"


def test_a_span_said_to_hold_nothing_is_a_gap_not_the_cards_end() -> None:
    """"there was no newsletter at all from 2016 to March 2019" ends nothing: the
    newsletter from April 2019 onwards holds last month's issue."""
    cov = coverage(_card("the members' e-newsletter, April 2019 onwards",
                         gotchas=("there was no newsletter at all from 2016 to March 2019",
                                  "no issues 2016–2018 either")))
    assert cov.end is None and cov.start == date(2019, 4, 1)
    assert _why_out(cov, "last month's newsletter") == ""


@pytest.mark.parametrize(
    ("what_not", "held", "not_held"),
    [("1976–1979 (burnt in the 1981 hut fire), NOT 2010 on (daily log)",
      "the log for 1975", "the log for October 1977"),
     ("2017 or 2018 (lost)", "the log for 2019", "the log for 2018"),
     ("2012–14 (lost in the flood)", "the log for 2015", "the log for 2013"),
     ("2015 or earlier (lost in the flood)", "the log for 2016", "the log for 2015"),
     ("2022 onwards (the new app)", "the log for 2021", "the log for 2023")],
)  # fmt: skip
def test_years_the_discriminator_denies_are_held_by_nothing_of_the_card(
        what_not: str, held: str, not_held: str) -> None:
    """"the handwritten logbooks — NOT 1976–1979 (burnt in the 1981 hut fire)": a year in
    that span is no year the card holds; one outside it is."""
    cov = coverage(_card("the handwritten daily logbooks", what_not=what_not))
    assert _why_out(cov, not_held) != ""
    assert _why_out(cov, held) == ""


@pytest.mark.parametrize("what_not", ["pre-2024 rules", "payments or pre-2024 history",
                                      "pre-2024 (lost)"])
def test_what_the_discriminator_says_is_pre_a_year_is_not_held(what_not: str) -> None:
    """"Rules & Constitution 2024 edition — NOT pre-2024 rules": the card holds nothing
    before 2024; "prepaid" or "pre-season" say no year."""
    cov = coverage(_card("Rules & Constitution, current edition", what_not=what_not))
    assert _why_out(cov, "the transfer rules back in 2019") != ""
    assert _why_out(cov, "the transfer rules in 2025") == ""
    for other in ("pre-season friendlies", "prepaid 2024 cards", "the 2024 pre-season"):
        assert coverage(_card("Rules & Constitution", what_not=other)).floor is None


def test_a_denied_year_said_with_a_thing_is_no_gap_of_the_card() -> None:
    """"NOT the 2019 accounts", "NOT 2014–15 files": said of a thing, not of the years."""
    for what_not in ("the 2019 accounts (in Xero)", "2014–15 files (in the loft)"):
        cov = coverage(_card("the paper ledgers", what_not=what_not))
        assert not cov.gaps and cov.start is None and cov.end is None


def test_a_start_said_of_one_thing_counts_for_questions_about_it() -> None:
    cov = coverage(_card("inspection records", "~1.9 million inspection records since 2012; "
                                               "drone imagery only since 2021"))
    assert cov.start == date(2012, 1, 1)  # the widest reading for the card as a whole
    in_2018 = Period(date(2018, 1, 1), date(2018, 12, 31))
    assert out_of_period(cov, in_2018, TODAY, {"drone", "photo"}) == "holds nothing before 2021"
    assert out_of_period(cov, in_2018, TODAY, {"inspect", "pole"}) == ""
    assert out_of_period(cov, in_2018, TODAY, {"pole"}) == ""  # unnamed: the widest
    legacy = coverage(_card("old outage system", "outage records from 2008-01 to 2023-06-18; "
                                                 "customer call logs only from 2014"))
    in_2011 = Period(date(2011, 1, 1), date(2011, 12, 31))
    assert out_of_period(legacy, in_2011, TODAY, {"call", "log"}) == "holds nothing before 2014"
    assert out_of_period(legacy, in_2011, TODAY, {"outag"}) == ""
    # named most: the call logs of an outage; a tie keeps the widest reading
    assert out_of_period(legacy, in_2011, TODAY, {"call", "log", "outag"}) != ""
    assert out_of_period(legacy, in_2011, TODAY, {"call", "outag"}) == ""
    rollout = coverage(_card("meter data", "interval data since the 2018 rollout"))
    assert rollout.start == date(2018, 1, 1)


def test_nothing_left_of_a_year_or_earlier_is_a_start_for_what_it_is_said_of() -> None:
    cov = coverage(_card("old patient system 2009–2023", "diaries 2009 to 2023",
                         ("nothing remains for adults last treated in 2014 or earlier",)))
    in_2012 = Period(date(2012, 1, 1), date(2012, 12, 31))
    assert out_of_period(cov, in_2012, TODAY, {"adult", "seen"}) == "holds nothing before 2015"
    assert out_of_period(cov, in_2012, TODAY, {"diari"}) == ""


def test_out_of_period_says_why() -> None:
    since = coverage(_card("incidents", "~620 incidents since 2023"))
    assert out_of_period(since, Period(date(2016, 1, 1), date(2016, 12, 31)), TODAY, set()) == (
        "holds nothing before 2023")  # fmt: skip
    assert out_of_period(since, Period(date(2024, 3, 1), date(2024, 3, 31)), TODAY, set()) == ""
    ended = coverage(_card("old boards", "work items 2017–2023, read-only"))
    assert "after 2023" in out_of_period(ended, Period(date(2026, 10, 1), TODAY), TODAY, set())
    logs = coverage(_card("application logs, last 14 days"))
    two_months = Period(date(2026, 10, 1), date(2026, 10, 1))
    assert out_of_period(logs, two_months, TODAY, set()) == "keeps only the last 14 days"
    yesterday = Period(date(2026, 11, 29), date(2026, 11, 29))
    assert out_of_period(logs, yesterday, TODAY, set()) == ""


def test_a_retention_said_with_a_verb_in_the_present_is_of_the_thing_before_it() -> None:
    """"the foaling camera overwrite after 30 days": the camera is what is kept, and
    "overwrite" names nothing."""
    [kept] = declared_retention("How long records last: the foaling camera overwrite after "
                                "30 days.", specificity)  # fmt: skip
    assert (kept.head, kept.days) == ("camera", 30)
    assert kept.subject == frozenset(terms("foaling camera"))


def test_what_is_anonymised_is_still_counted() -> None:
    """"rider details are anonymised 3 years after the ride": how many riders came in
    2019 can still be counted; who they were cannot be found."""
    kept = declared_retention("How long records last: rider details are anonymised 3 years "
                              "after the ride.", specificity)  # fmt: skip
    august = Period(date(2019, 8, 1), date(2019, 8, 31))
    riders = set(terms("rider details"))
    assert expired(kept, august, TODAY, riders, "How many riders did we have?") == ()
    assert expired(kept, august, TODAY, riders, "Whose rider details were those?") == (
        "rider details are anonymised 3 years after the ride",)


def test_a_retention_that_names_its_subject_counts_for_questions_about_it() -> None:
    cov = coverage(_card("metrics and logs", "logs kept 15 days; traces retained 400 days"))
    april = Period(date(2026, 4, 1), date(2026, 4, 30))
    assert out_of_period(cov, april, TODAY, {"log"}) == "keeps only the last 15 days"
    assert out_of_period(cov, april, TODAY, {"trace"}) == ""
    assert out_of_period(cov, april, TODAY, {"latenc"}) == ""  # unnamed: the longest counts
    # what is denied of its subject does not name it: a question about someone placed
    # asks nothing of the candidates never placed
    placed = coverage(_card("placements 2012–2023", "placement history 2012 to 2023",
                            ("candidates never placed are still deleted after 2 years",)))
    in_2017 = Period(date(2017, 1, 1), date(2017, 12, 31))
    assert out_of_period(placed, in_2017, TODAY, {"place", "histori"}) == ""
    assert out_of_period(placed, in_2017, TODAY, {"candid"}) == "keeps only the last 2 years"



def test_a_gotchas_retention_of_a_thing_the_card_is_not_counts_only_when_named() -> None:
    """"DVLA check codes expire after 21 days" on a volunteer register says nothing of
    how long the register keeps its hours; a question about the codes is told it. Said
    of what the card holds ("hours are kept 2 years") or of its reports or items, it
    counts unnamed."""
    register = _card("the volunteer register: roles, check dates, hours", "",
                     ("DVLA check codes expire after 21 days: we record the date checked",))
    last_year = Period(date(2025, 1, 1), date(2025, 12, 31))
    assert out_of_period(coverage(register), last_year, TODAY, set(terms("hours"))) == ""
    assert out_of_period(coverage(register), last_year, TODAY, set(terms("check codes"))) \
        == "keeps only the last 21 days"
    for gotcha in ("hours are kept 2 months", "reports are kept 2 months"):
        held = _card("the volunteer register: roles, check dates, hours", "", (gotcha,))
        assert out_of_period(coverage(held), last_year, TODAY, set(terms("total"))) \
            == "keeps only the last 2 months"


@pytest.mark.parametrize(("asked", "wanted", "gone"), [
    ("in 2014", "the comments book", "the comments book volume 2 (2013–2015)"),
    ("in 2017", "the comments book", None),
    ("in 2013", "the gas safety certificates", "gas safety certificates 2011–2015"),
    ("in 2012", "the table-booking diaries", "table-booking diaries before 2016"),
    ("in 2005", "the red repairs book", "the red repairs book 2004–2008"),
    # an item with a verb of its own says what became of it
    ("in 2020", "card payments", None),
    # "before then": the day said last before it
    ("in 2021", "the enquiry emails", "enquiry emails from before October 2022 are gone"),
    ("in 2023", "the enquiry emails", None),
])  # fmt: skip
def test_a_list_headed_as_gone_loses_what_it_names_up_to_its_years(
    asked: str, wanted: str, gone: str | None,
) -> None:
    """"Gone: gas safety certificates 2011–2015, the comments book volume 2 (2013–2015)":
    an item of a list a heading says is gone, with its years or a day it came before, is
    lost up to them (a thing whose name ends as a verb would, "the red repairs book", is
    still a thing); "enquiry emails from before then are gone" reads the day said last."""
    kept = declared_retention(
        "Gone: gas safety certificates 2011–2015, the comments book volume 2 (2013–2015), "
        "table-booking diaries before 2016, the red repairs book 2004–2008, card payments "
        "before 2021 went through Worldpay. The old website was closed in October 2022; "
        "enquiry emails from before then are gone.", specificity)  # fmt: skip
    said = expired(kept, asked_period(asked, TODAY), TODAY, set(terms(wanted)))
    assert said == ((gone,) if gone else ())


# --- the router -------------------------------------------------------------------------


def _org() -> list[Card]:
    return [
        card("log-search", "application logs from every service, last 14 days",
             contains="error logs of the tracker, booking and billing services",
             kind="log-store"),
        card("incident-tracker", "declared incidents: timelines, commanders, follow-ups",
             contains="~600 incidents since 2023", kind="incident-tool"),
        card("incidents-legacy", "the old Jira incident project, 2015-2022",
             contains="~2,000 incident tickets, read-only", kind="jira-project",
             status="demoted"),
        card("handbook", "engineering handbook: on-call, code review, releases",
             contains="~90 pages"),
        card("sre-channel", "the SRE team's chat channel for questions about services",
             kind="chat-channel"),
    ]  # fmt: skip


def test_a_card_that_forgets_too_soon_goes_down_and_says_why(
    index_of: Callable[[list[Card]], Index],
) -> None:
    router = OfflineRouter(index_of(_org()), today=TODAY)
    recent = router.rank("error logs from the tracker service yesterday")
    assert recent.candidates[0].card_id == "log-search"
    old = router.rank("error logs from the tracker service two months ago")
    logs = next(s for s in old.full if s.card_id == "log-search")
    assert "out of period: keeps only the last 14 days" in logs.reasons
    assert old.verdict == "nowhere"
    assert all(s.card_id != "log-search" for s in old.candidates)
    assert old.out_of_period == (("log-search", "keeps only the last 14 days"),)
    assert recent.out_of_period == ()


def test_an_old_period_goes_to_the_source_that_holds_it(
    index_of: Callable[[list[Card]], Index],
) -> None:
    router = OfflineRouter(index_of(_org()), today=TODAY)
    ranking = router.rank("Where are the incident timelines from 2019?")
    assert ranking.verdict != "nowhere"
    assert ranking.candidates[0].card_id == "incidents-legacy"
    tracker = next(s for s in ranking.full if s.card_id == "incident-tracker")
    assert "out of period: holds nothing before 2023" in tracker.reasons


def test_a_period_no_source_holds_is_nowhere(index_of: Callable[[list[Card]], Index]) -> None:
    router = OfflineRouter(index_of(_org()), today=TODAY)
    assert router.rank("Where are the incident timelines from 2011?").verdict == "nowhere"
    assert router.rank("Where are the incident timelines from 2024?").verdict != "nowhere"


def test_relative_times_are_read_against_the_routers_day(
    index_of: Callable[[list[Card]], Index],
) -> None:
    question = "error logs from the tracker service in October 2026"
    on_time = OfflineRouter(index_of(_org()), today=date(2026, 10, 20)).rank(question)
    late = OfflineRouter(index_of(_org()), today=TODAY).rank(question)
    assert on_time.candidates[0].card_id == "log-search"
    assert late.verdict == "nowhere"


def test_a_weak_match_left_after_the_period_is_not_an_answer(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """The camera footage asked for is gone; the card left first holds the period but
    matches the question weakly (``period_first_below``): the answer is "nowhere"."""
    cards = [
        card("cctv", "CCTV recordings of the city centre cameras",
             contains="footage kept 31 days", kind="video"),
        card("benefits", "housing benefit claims and payments since 2019",
             contains="rent and council tax support"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    question = "need the city centre cctv recording from back in August for an insurance claim"
    # (without the model of how questions are put, which hears a question seldom held)
    ranking = OfflineRouter(index_of(cards), today=TODAY, nowhere=None).rank(question)
    assert ranking.out_of_period == (("cctv", "keeps only the last 31 days"),)
    assert ranking.verdict == "nowhere"
    lenient = RouterConfig(period_first_below=0)
    assert OfflineRouter(index_of(cards), today=TODAY, config=lenient,
                         nowhere=None).rank(question).verdict == "uncertain"  # fmt: skip


def test_a_weak_match_left_whose_example_asks_that_year_is_an_answer(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """The sale system since 2019 is set aside for the tups of 2016; the old system left
    first has an example asking that year in the question's words, so however weak its
    match (here every match is weak) it is the answer; without such an example the
    answer is "nowhere"."""
    cards = [
        card("sales", "the sale system since 2019: sales, lots, prices and results",
             contains="every sale since 2019-07-01"),
        card("legacy", "the old sale and accounts system, January 2003 to June 2019",
             contains="sales 2003-01 to 2019-06; lot lines with prices",
             examples=(Example("what our tups averaged at the 2016 tup sale",
                               "sale report, October 2016"),)),
        card("reports", "market reports and price averages sent to the press since 2010"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    weak = RouterConfig(period_first_below=1.0)
    router = OfflineRouter(index_of(cards), today=TODAY, config=weak)
    ranking = router.rank("Someone's doing a talk on prices. What did the tups average in 2016?")
    assert ranking.candidates[0].card_id == "legacy" and ranking.verdict == "uncertain"
    assert router.rank("What did the heifers make at a sale in 2016?").verdict == "nowhere"


def test_a_span_of_year_and_month_ends_with_that_month() -> None:
    """"sales 2003-01 to 2019-06" ends in June 2019 (not "2019-06" read as 2019 to 2006);
    "2019-20" is still a year to the next."""
    months = coverage(_card("the old sale system, sales 2003-01 to 2019-06", "lot lines"))
    assert (months.start, months.end) == (date(2003, 1, 1), date(2019, 6, 30))
    years = coverage(_card("the old sale system, sales 2015 to 2019-20", "lot lines"))
    assert years.end == date(2020, 12, 31)


RETENTION = (
    "Retention limits that catch people out: CCTV 31 days at each hotel unless saved; "
    "Guest Care tickets deleted after 3 years; Microlise keeps GPS positions 13 months "
    "and dashcam clips 28 days unless flagged; staff files kept 6 years after leaving; "
    "paper deviations before 2009 were destroyed. "
    "We opened our first hotel in 1998 and run 38 today."
)


def test_the_preamble_says_how_long_things_are_kept() -> None:
    kept = {k.written: (set(k.subject), k.days) for k in declared_retention(RETENTION,
                                                                            specificity)}
    assert kept["CCTV 31 days at each hotel unless saved"] == ({"cctv"}, 31)
    assert kept["Guest Care tickets deleted after 3 years"][1] == 3 * 365
    assert kept["Microlise keeps GPS positions 13 months"] == ({"microlis", "gp", "posit"},
                                                              13 * 30)
    # the list goes on at "and", and what keeps the first item keeps the next
    assert kept["Microlise keeps dashcam clips 28 days unless flagged"] == (
        {"microlis", "dashcam", "clip"}, 28)
    assert kept["paper deviations before 2009 were destroyed"] == ({"paper", "deviat"}, 0)
    assert len(kept) == 6  # a sentence that keeps nothing says no retention
    # an item of its own after "and", said with its verb
    two = {k.written: (set(k.subject), k.days) for k in declared_retention(
        "Callers' names are anonymised after 3 years and SARLOC phone locations are "
        "deleted after 30 days.", specificity)}  # fmt: skip
    assert two["SARLOC phone locations are deleted after 30 days"] == (
        {"sarloc", "phone", "locat"}, 30)
    # a span said with the day before which nothing survives keeps from that day, not
    # for the span counted back from whenever the question is asked
    cut = {k.written: (k.days, k.gone_before) for k in declared_retention(
        "How long records last: paper SFBB diaries three years, so nothing before 2022 "
        "survives; guest booking records 6 years after the stay, purged each April, so "
        "nothing from a stay before 1 April 2020 survives; CCTV 30 days.", specificity)}
    assert cut == {"paper SFBB diaries three years": (0, date(2022, 1, 1)),
                   "guest booking records 6 years after the stay": (0, date(2020, 4, 1)),
                   "CCTV 30 days": (30, None)}  # fmt: skip
    # an age is no span: "sold at about three weeks old"
    assert declared_retention("Bull calves are sold at about three weeks old; nothing is "
                              "kept of them.", specificity) == ()  # fmt: skip
    # how often, not how long: a count of things a year is no span they are kept
    assert declared_retention("We run about 110 incidents a year, from lost walkers to "
                              "winter falls.", specificity) == ()  # fmt: skip
    assert [k.days for k in declared_retention("Lost property is kept a month.",
                                               specificity)] == [30]  # fmt: skip
    # "how long" heads a list of retentions too
    last = declared_retention("How long records last: entry authority forms 6 years; our "
                              "own shop CCTV (Worcester and Hereford) 31 days.", specificity)
    assert [(set(k.subject), k.days) for k in last] == [
        ({"entri", "author", "form"}, 6 * 365), ({"shop", "cctv"}, 31)]
    # a start with what came before it gone: said of what is held, not who holds it
    held = declared_retention("MQS is read-only and holds results only from 2011 (older "
                              "results were purged); the archive's history starts in 2010 "
                              "(older history was not kept).", specificity)
    assert [(set(k.subject), k.gone_before) for k in held] == [
        ({"result"}, date(2011, 1, 1)), ({"archiv", "histori"}, date(2010, 1, 1))]
    # what came before a day and is gone, went missing or is not held
    lost = declared_retention("What was lost: UMT minutes before January 2016 were on a "
                              "former secretary's laptop and are gone. Boat logs before 2017 "
                              "went missing. Our accounts before April 2010 are not held.",
                              specificity)  # fmt: skip
    assert [(set(k.subject), k.gone_before) for k in lost] == [
        ({"umt", "minut"}, date(2016, 1, 1)), ({"boat", "log"}, date(2017, 1, 1)),
        ({"account"}, date(2010, 4, 1))]
    # an "and" inside an item joins what it names, and a single word before it shares
    # the noun after it ("CDN logs"): a question naming either names the retention
    both = declared_retention("Retention: CDN and application logs 30 days. Membership and "
                              "direct debit records are kept 6 years. Booking and journey "
                              "records are kept 8 years.", specificity)  # fmt: skip
    assert [set(k.subject) for k in both] == [
        {"cdn", "applic", "log"}, {"cdn", "log"}, {"applic", "log"},
        {"membership", "direct", "debit", "record"}, {"membership", "record"},
        {"direct", "debit", "record"}, {"book", "journei", "record"}, {"book", "record"},
        {"journei", "record"}]
    asked = asked_period("She cancelled her membership in 2017: what did she pay?", TODAY)
    assert expired(both, asked, TODAY, set(terms("cancelled her membership in 2017"))) == (
        "Membership and direct debit records are kept 6 years",)
    # and a first word before a list of two is each one's ("Parent invoices and payments")
    modified = declared_retention("Retention: parent invoices and payments 6 years.",
                                  specificity)  # fmt: skip
    assert [set(k.subject) for k in modified] == [
        {"parent", "invoic", "payment"}, {"parent", "invoic"}, {"parent", "payment"}]
    invoices = "copies of a family's nursery invoices from 2017"
    assert expired(modified, asked_period(invoices, TODAY), TODAY, set(terms(invoices)))
    journeys = "How many journeys did we do for this patient back in 2016?"
    assert expired(both, asked_period(journeys, TODAY), TODAY, set(terms(journeys))) == (
        "Booking and journey records are kept 8 years",)
    # a verb of being ends the subject, however much is said of it before the span
    told = declared_retention("Retention: CCTV is recorded locally at each site and "
                              "overwritten after 30 days (it is in no system).", specificity)
    assert [(set(k.subject), k.days) for k in told] == [({"cctv"}, 30)]
    # a sentence whose only cue is that the thing "overwrites itself" speaks of keeping
    itself = declared_retention("Phone calls are not recorded. The yard camera overwrites "
                                "itself after 14 days.", specificity)  # fmt: skip
    assert [(set(k.subject), k.days) for k in itself] == [({"yard", "camera"}, 14)]
    # a list in brackets is one item's, and says which, not what
    listed = declared_retention("How long things are kept: care records (care plans, daily "
                                "notes, MAR charts) 8 years; CCTV in communal areas is "
                                "overwritten after 31 days.", specificity)  # fmt: skip
    assert [(set(k.subject), k.days) for k in listed] == [({"care", "record"}, 8 * 365),
                                                          ({"cctv"}, 31)]
    # "subject: span", the span each one's of the subjects listed before it
    colon = declared_retention("How long things are kept. Audition recordings, CVs of "
                               "unsuccessful candidates: 6 months after the seat is filled. "
                               "Google Chat messages: 18 months.", specificity)  # fmt: skip
    assert [(set(k.subject), k.days) for k in colon] == [
        ({"audit", "record"}, 180), ({"cv", "unsuccess", "candid"}, 180),
        ({"googl", "chat", "messag"}, 540)]
    # "subject: what is done to it after a span"; "a year" is a span, "once a year" is not
    done = declared_retention("How long things are kept. Dashcam clips: overwritten after 14 "
                              "days unless flagged. Teams chats are deleted after a year. "
                              "Backups are purged once a year.", specificity)  # fmt: skip
    assert [(set(k.subject), k.days) for k in done] == [
        ({"dashcam", "clip"}, 14), ({"team", "chat"}, 365)]
    # what the question says outweighs what it is read to mean: "dashcam footage" is
    # dashcam clips first, camera footage (CCTV) only second
    both = done + declared_retention("Retention: plant CCTV 30 days.", specificity)
    footage = "Can I still get the dashcam footage from three weeks ago?"
    assert expired(both, asked_period(footage, TODAY), TODAY, set(terms(footage))) == (
        "Dashcam clips overwritten after 14 days unless flagged",)
    # a rare head names its retention alone ("creamery CCTV"), a common one does not
    # ("show reports" are no accident reports)
    alone = declared_retention("Retention: creamery CCTV 30 days; accident reports three "
                               "years.", specificity)  # fmt: skip
    bay = "I need the CCTV from the intake bay from four months ago"
    assert expired(alone, asked_period(bay, TODAY), TODAY, set(terms(bay))) == (
        "creamery CCTV 30 days",)
    shows = "Can I get the show reports from the 2017 tour?"
    assert expired(alone, asked_period(shows, TODAY), TODAY, set(terms(shows))) == ()
    # a message, or what was posted, is a chat ("post-mortem" is no post)
    chats = declared_retention("Retention: WhatsApp groups keep messages 90 days; Teams "
                               "chats 12 months; vet records 30 years.", specificity)
    for said in ("someone posted in the Box Day group last spring",
                 "the Teams message from two years ago"):
        assert expired(chats, asked_period(said, TODAY), TODAY, set(terms(said)), said), said
    mortem = "the post-mortem on the lioness that died two years ago, vet group records"
    assert expired(chats, asked_period(mortem, TODAY), TODAY, set(terms(mortem)), mortem) == ()
    # places listed after "in" go on the same subject; a list of subjects does not
    places = declared_retention("Retention: CCTV in the warehouses, the yard and the shop is "
                                "overwritten after 31 days; invoices 7 years, chats one year.",
                                specificity)  # fmt: skip
    assert [(set(k.subject), k.days) for k in places] == [
        ({"cctv"}, 31), ({"invoic"}, 7 * 365), ({"chat"}, 365)]
    # the span of a list's last item is each short item's before it
    listed = declared_retention("How long things are kept. Job records, estimates and "
                                "invoices are kept six years; customer artwork, proofs and "
                                "imposed files are deleted 3 years after a job last printed. "
                                "CCTV at the works, the yard and the mailing house is "
                                "overwritten after 31 days.", specificity)  # fmt: skip
    assert [(k.written, k.days) for k in listed if len(k.subject) == 2][:3] == [
        ("Job records kept six years", 6 * 365),
        ("estimates and invoices are kept six years", 6 * 365),
        ("customer artwork deleted 3 years after a job last printed", 3 * 365)]
    assert [set(k.subject) for k in listed if "CCTV" in k.written] == [{"cctv"}]
    # an aside between the subject and its verb says which, not what
    aside = declared_retention("How long things are kept. Rotas 6 years, patient care "
                               "records, paper or electronic, are kept 10 years, incident "
                               "reports, including near misses, are kept 6 years.",
                               specificity)  # fmt: skip
    assert [(set(k.subject), k.days) for k in aside] == [
        ({"rota"}, 6 * 365), (set(terms("patient care records")), 3650),
        (set(terms("incident reports")), 6 * 365),
        (set(terms("near misses")), 6 * 365)]  # what is included, kept as long


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("can we pull the CCTV from the car park two months ago", True),
        ("can we pull the CCTV from the car park yesterday", False),  # still kept
        ("the Guest Care ticket from a complaint in 2021", True),
        # one word of the subject is not the subject: a guest's folio is no ticket
        ("a copy of a guest's folio from a stay in 2021", False),
        ("the CCTV at the York hotel", False),  # no time asked
        # two of a subject's words name it ("staff files kept 6 years after leaving")
        ("staff files for someone who left in 2012", True),
        # what came before a day is gone ("paper deviations before 2009 were destroyed")
        ("deviation from 2005 on the old tablet press, where is the paperwork?", True),
        ("deviation from 2012 on the old tablet press", False),
    ],
)
def test_a_question_past_what_the_preamble_keeps_is_told_so(question: str, gone: bool) -> None:
    kept = declared_retention(RETENTION, specificity)
    asked = asked_period(question, TODAY)
    assert bool(expired(kept, asked, TODAY, set(terms(question)))) is gone


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        # a word joined by hyphens that only modifies what is kept does not name it
        ("Deal from May 2021: what did we pay off on the part-exchange?", False),
        ("The part-exchange photos from May 2021", True),
        ("the rest-hour sheets for the crew from 2020", True),  # the compound is the name
        # what is listened to is a recording
        ("The salesman promised it on a call back in 2023. Can I listen to that call?", True),
        ("The salesman promised it on a call back in 2023. Who took that call?", False),
        # a span from an event the question says has not come is no limit
        ("A former berth holder wants his 2021 berth invoices.", True),
        ("What did the berth holder on B07 pay in 2021? He's still here.", False),
        ("She is still a berth holder; what did she pay in 2021?", False),
        # ... nor is a time asked that is when someone began, not when they left
        ("The berth holder record from when she joined in 2021", False),
        ("The berth holder record from 2021, when she left", True),
    ],
)
def test_a_question_names_a_retention_by_what_it_is(question: str, gone: bool) -> None:
    kept = declared_retention("Retention: part-exchange appraisal photos 2 years. "
                              "Hours-of-rest records are kept 3 years. Sales call "
                              "recordings are kept 12 months. A former berth holder's "
                              "record is deleted 2 years after they leave the marina.",
                              specificity)  # fmt: skip
    asked = asked_period(question, TODAY)
    assert bool(expired(kept, asked, TODAY, set(terms(question)), question)) is gone


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        # someone who left is a leaver; their Gmail or inbox is their Google mail
        ("Tom left two months ago and had the supplier emails in his Gmail. Can I get "
         "into his account?", True),
        ("An ecologist who left in June kept the client emails in her inbox. Can I get "
         "into her old mailbox?", True),
        ("The guide who left in the spring kept the emails in her Gmail.", True),
        ("Tom left two weeks ago: can I get into his Gmail?", False),  # still kept
        # what was left somewhere is no leaver's
        ("He left it in the porch two months ago; is it in his Gmail?", False),
    ],
)
def test_a_leavers_mailbox_is_asked_for_by_who_left(question: str, gone: bool) -> None:
    kept = declared_retention("Retention: leavers' Google accounts (mail and their own "
                              "Drive) are deleted 30 days after they leave. Retention: "
                              "leavers' mailboxes 90 days after they go.", specificity)
    asked = asked_period(question, TODAY)
    assert bool(expired(kept, asked, TODAY, set(terms(question)), question)) is gone


def test_the_router_answers_nowhere_past_a_stated_retention() -> None:
    cards = [card("security-desk", "hotel security desk: incidents, CCTV requests, "
                  "car park damage reports", kind="team")]
    index = make_index(cards, RETENTION)
    router = OfflineRouter(index, today=TODAY)
    old = router.rank("guest's car was scratched two months ago, can we pull the CCTV?")
    assert old.verdict == "nowhere"
    assert old.expired == ("CCTV 31 days at each hotel unless saved",)
    recent = router.rank("guest's car was scratched yesterday, can we pull the CCTV?")
    assert recent.verdict != "nowhere" and recent.expired == ()


def test_an_old_source_that_holds_the_time_asked_outweighs_a_retention_of_its_kin() -> None:
    """"taproom CCTV 21 days" is named by "the taproom's takings", but the old till's own
    text says it holds 2019: the takings are there, the footage is not."""
    cards = [card("taproom-epos", "taproom till: sales and takings since April 2023",
                  kind="pos", supersedes=("zettle-archive",)),
             card("zettle-archive", "the old taproom till, read-only: sales and takings "
                  "July 2017 to March 2023", kind="pos", status="demoted"),
             card("security", "site security: alarms, keys, CCTV requests", kind="team")]
    router = OfflineRouter(make_index(cards, "How long things are kept: taproom CCTV 21 "
                                             "days; invoices 6 years."), today=TODAY)
    takings = router.rank("What were the taproom's takings over the summer of 2019?")
    assert takings.verdict != "nowhere" and takings.expired == ()
    assert takings.candidates[0].card_id == "zettle-archive"
    footage = router.rank("Can we pull the taproom CCTV from the summer of 2019?")
    assert footage.verdict == "nowhere"
    assert footage.expired == ("taproom CCTV 21 days",)


@pytest.mark.parametrize(
    ("question", "loose", "strict"),
    [
        ("the taproom CCTV from the summer of 2019", True, True),
        ("What were the taproom's takings over the summer of 2019?", True, False),
        ("What went in the beer club box in December 2022?", True, False),
        ("a beer club member's details from 2020", True, True),
        ("sentry crash reports from 2021", True, True),  # its keeper names it
        ("the patient form from 2012", True, True),  # a record is named by what it is of
    ],
)
def test_strictly_a_question_names_what_is_kept_not_only_what_modifies_it(
    question: str, loose: bool, strict: bool,
) -> None:
    kept = declared_retention("How long things are kept: taproom CCTV 21 days; beer club "
                              "members' details 2 years; Sentry keeps events 90 days; "
                              "patient care records 8 years.", specificity)  # fmt: skip
    asked, wanted = asked_period(question, TODAY), set(terms(question))
    assert bool(expired(kept, asked, TODAY, wanted, question)) is loose
    assert bool(expired(kept, asked, TODAY, wanted, question, strict=True)) is strict


def test_of_two_spans_a_question_names_the_one_it_names_best() -> None:
    """"Backtrace keeps crash dumps 90 days and crash records two years": crash records
    from March are still kept, though the question names the dumps' keeper too."""
    kept = declared_retention("Retention: Backtrace keeps crash dumps 90 days and crash "
                              "records two years; lab results before 2006 were destroyed.",
                              specificity)  # fmt: skip
    march = asked_period("Backtrace crash records from March", TODAY)
    assert expired(kept, march, TODAY, set(terms("Backtrace crash records"))) == ()
    assert expired(kept, march, TODAY, set(terms("Backtrace crash dumps"))) == (
        "Backtrace keeps crash dumps 90 days",)
    lost = asked_period("lab results from 2004", TODAY)
    assert expired(kept, lost, TODAY, set(terms("lab results"))) == (
        "lab results before 2006 were destroyed",)


@pytest.mark.parametrize(("asked", "wanted", "gone"), [
    ("in 1994", "what Ousby & Son did", "Ousby & Son records before 2009 were cleared out "
                                        "when the shop moved"),
    ("from 2014", "job photos", "job photos before September 2016 were on an old phone and "
                                "are gone"),
    ("in 2017", "the email she sent", "emails before June 2018 went with the old BT mail "
                                      "account"),
    ("in 2019", "job photos", None),
    ("in the 2010-11 tax year", "the accounts records", "accounts before April 2012 (paper, "
                                                        "previous accountant, gone)"),
    ("in 2013", "the accounts records", None),
])  # fmt: skip
def test_what_was_cleared_out_is_gone_or_went_with_something_is_lost(
    asked: str, wanted: str, gone: str | None,
) -> None:
    """What came before a time and was cleared out, is gone (an aside's last word too),
    or went with an old account is lost like what was destroyed."""
    kept = declared_retention(
        "What was lost or never kept: Ousby & Son records before 2009 were cleared out "
        "when the shop moved; job photos before September 2016 were on an old phone and "
        "are gone; emails before June 2018 went with the old BT mail account; accounts "
        "before April 2012 (paper, previous accountant, gone).",
        specificity)  # fmt: skip
    said = expired(kept, asked_period(asked, TODAY), TODAY, set(terms(wanted)))
    assert said == ((gone,) if gone else ())


@pytest.mark.parametrize(("asked", "wanted", "gone"), [
    ("in 2007", "the club champs results", "results for 2005–2008 were on the old ISP "
                                           "webspace that closed in 2009 and are gone"),
    ("in 2012", "the club champs results", None),
    # a span lost says nothing of the years before it
    ("in 2003", "the club champs results", None),
    # a year said as "pre-2018", what follows it
    ("in 2016", "the artwork proofs", "the disk failed in May 2018 and took the pre-2018 "
                                      "artwork and proofs with it"),
    ("in 2019", "the artwork proofs", None),
    ("in 2016", "the old galleries", None),  # only most of them
    # the years in brackets
    ("in 2021", "the chats with parents", "its WhatsApp chats with parents (2016–2022) "
                                          "were not backed up"),
    # where they still are, between the years and the loss, keeps them
    ("in 2010", "the field books", None),
    ("in 2003", "the field books", "and books before 2005 were destroyed"),
    # a span kept is still read as kept
    ("in 2014", "the install folders", "install folders 10 years after the install (paper "
                                       "job files from 2009 to 2011 were destroyed)"),
    # months to months, what a book covers: gone to the end of its last month
    ("in March 2017", "the sign-in book", "the sign-in book covering Feb 2017 – Jan 2018 "
                                          "was destroyed in a leak"),
    ("in March 2018", "the sign-in book", None),
    ("in January 2017", "the sign-in book", None),
    # "to early 2017", and what was never handed over
    ("in 2015", "the steering-group papers", "steering-group papers from 2014 to early 2017 "
                                             "were never handed over"),
])  # fmt: skip
def test_what_was_of_years_from_one_to_another_and_is_gone_is_lost(
    asked: str, wanted: str, gone: str | None,
) -> None:
    """"results for 2005–2008 ... are gone", and so are years in brackets ("chats with
    parents (2016–2022) were not backed up"), months ("covering Feb 2017 – Jan 2018") and
    what was never handed over: what was asked within the years is lost, not before them;
    not
    when the text between says where they still are, nor in an item that states a span
    things are kept. "the pre-2018 artwork and proofs" a failed disk took
    "with it" are lost before 2018 (no failed artwork), unless only most of them were."""
    kept = declared_retention(
        "Lost or never kept: results for 2005–2008 were on the old ISP webspace that "
        "closed in 2009 and are gone; books from 2005 to 2014 are boxed in the archive "
        "room, and books before 2005 were destroyed; install folders 10 years after the "
        "install (paper job files from 2009 to 2011 were destroyed); the disk failed in May "
        "2018 and took the pre-2018 artwork and proofs with it; most pre-2023 galleries "
        "were deleted; its WhatsApp chats with parents (2016–2022) were not backed up; "
        "the sign-in book covering Feb 2017 – Jan 2018 was destroyed in a leak; "
        "steering-group papers from 2014 to early 2017 were never handed over.",
        specificity)  # fmt: skip
    said = expired(kept, asked_period(asked, TODAY), TODAY, set(terms(wanted)))
    assert said == ((gone,) if gone else ())


@pytest.mark.parametrize(("asked", "wanted", "gone"), [
    # which volume it was says which, not what
    ("in February 2017", "the batch sheet", "Batch book volume 3 (August 2016 to May 2017) "
                                           "was ruined by a leak in the garage in December "
                                           "2019"),
    ("in February 2018", "the batch sheet", None),
    # "of any kind" says every one, not what
    ("in 2015", "the candle recipe", "there are no candle records of any kind before 2018"),
    ("in 2019", "the candle recipe", None),
    # what "went when" something closed, of "the" years
    ("in 2010", "the race results", "Results of the 2009 to 2012 races went when the old "
                                    "timing firm's website closed in 2013"),
    ("in 2014", "the race results", None),
])  # fmt: skip
def test_which_volume_or_any_kind_says_no_more_of_what_was_lost(
    asked: str, wanted: str, gone: str | None,
) -> None:
    """What was lost is named by what it is, not by which volume it was ("Batch book
    volume 3") nor by "of any kind"; and what "went when" a website closed, of "the 2009
    to 2012 races", is lost within those years."""
    kept = declared_retention(
        "What was lost: Batch book volume 3 (August 2016 to May 2017) was ruined by a leak "
        "in the garage in December 2019. Candles were added in 2018; there are no candle "
        "records of any kind before then. Results of the 2009 to 2012 races went when the "
        "old timing firm's website closed in 2013; no copy survives.",
        specificity)  # fmt: skip
    said = expired(kept, asked_period(asked, TODAY), TODAY, set(terms(wanted)))
    assert said == ((gone,) if gone else ())


def test_what_was_never_collected_or_came_before_a_named_change_is_lost() -> None:
    """"Job photos before March 2023 ... were never collected", and "Paper timesheets
    from before Tradify (March 2023) were shredded": the day in brackets after a name."""
    kept = declared_retention(
        "Job photos before March 2023 lived on people's own phones and were never "
        "collected. Paper timesheets from before Tradify (March 2023) were shredded in the "
        "2025 clear-out.", specificity)  # fmt: skip
    photos = set(terms("photos of the consumer unit"))
    assert expired(kept, asked_period("back in 2021", TODAY), TODAY, photos) == (
        "Job photos before March 2023 lived on people's own phones and were never "
        "collected",)
    assert expired(kept, asked_period("in May 2024", TODAY), TODAY, photos) == ()
    sheets = set(terms("my timesheets"))
    assert expired(kept, asked_period("in 2022", TODAY), TODAY, sheets) == (
        "Paper timesheets from before Tradify (March 2023) were shredded in the 2025 "
        "clear-out",)


def test_what_came_before_a_day_is_lost_whatever_span_it_was_kept() -> None:
    """"Sage 50 data and paper invoices before April 2016 were destroyed after six years":
    no invoice of 2010 is left, though six years is said too, and each thing listed is
    named alone ("our 2010 invoice")."""
    kept = declared_retention("How long records last: Sage 50 data and paper invoices "
                              "before April 2016 were destroyed after six years; accident "
                              "records 6 years.", specificity)  # fmt: skip
    said = "Sage 50 data and paper invoices before April 2016 were destroyed after six years"
    wanted = set(terms("a copy of our invoice for the rehang"))
    assert expired(kept, asked_period("in 2010", TODAY), TODAY, wanted) == (said,)
    assert expired(kept, asked_period("in May 2016", TODAY), TODAY, wanted) == ()
    assert expired(kept, asked_period("in 2010", TODAY), TODAY, set(terms("Sage data"))) == (
        said,)
    # a purge done once, in a year said, with the rule it was done under: only what came
    # before the day is gone
    once = "Sage data before April 2014 was purged in 2021 under the six-year rule"
    kept = declared_retention(f"How long we keep things: {once}.", specificity)
    sage = set(terms("Sage data"))
    assert expired(kept, asked_period("in 2016", TODAY), TODAY, sage) == ()
    assert expired(kept, asked_period("in 2012", TODAY), TODAY, sage) == (once,)


def test_a_file_and_a_record_are_one_but_a_record_of_something_else_is_not() -> None:
    kept = declared_retention("Retention: care records 8 years; staff files kept 6 years.",
                              specificity)  # fmt: skip
    asked = asked_period("from 2014", TODAY)
    assert expired(kept, asked, TODAY, set(terms("care file for a resident"))) == (
        "care records 8 years",)
    # what the record is of must be named too: "records" alone names no staff file
    assert expired(kept, asked, TODAY, set(terms("fridge temperature records"))) == ()
    # a verb the question asks to do is no thing kept
    checks = declared_retention("Retention: hygiene and cleaning checks 3 years.", specificity)
    paid = "A customer paid cash in 2021. Can we check her payments from back then?"
    assert expired(checks, asked_period(paid, TODAY), TODAY, set(terms(paid)), paid) == ()
    fridge = "Can I see the cleaning checks from 2021?"
    assert expired(checks, asked_period(fridge, TODAY), TODAY, set(terms(fridge)), fridge) \
        == ("hygiene and cleaning checks 3 years",)  # fmt: skip
    # an entry in a book is a record too
    book = declared_retention("Retention: accident book entries 3 years.", specificity)
    assert expired(book, asked, TODAY, set(terms("a copy of the accident record"))) == (
        "accident book entries 3 years",)
    assert expired(book, asked, TODAY, set(terms("the fridge temperature record"))) == ()
    # ... and so is a page of one: "accident-book pages" are of an accident record
    pages = declared_retention("Accident-book pages are shredded three years after the "
                               "entry.", specificity)  # fmt: skip
    assert expired(pages, asked, TODAY, set(terms("where's the accident entry?"))) == (
        "Accident-book pages are shredded three years after the entry",)
    assert expired(pages, asked, TODAY, set(terms("the fridge temperature entry"))) == ()
    # a form is a record too: "the patient report form" names "patient care records" as
    # well as "a vehicle's records", so the longer of the two keeps it
    forms = declared_retention("How long things are kept. Patient care records 10 years, "
                               "and a vehicle's records 2 years after it is sold.",
                               specificity)  # fmt: skip
    wanted = set(terms("the patient report form for a fall on one of our vehicles"))
    assert expired(forms, asked_period("in 2018", TODAY), TODAY, wanted) == ()


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("the form for a child we took to outpatients in 2012", False),
        ("the patient form for my daughter from 2012", False),
        ("the form for an adult we took to outpatients in 2012", True),
        ("the form for a patient we took to outpatients in 2012", True),  # of whom unsaid
        ("the form for an adult we took to outpatients in 2022", False),
    ],
)  # fmt: skip
def test_what_is_said_of_adults_is_not_said_of_a_child(question: str, gone: bool) -> None:
    kept = declared_retention("How long things are kept. Adult patient forms from before "
                              "November 2016 have been destroyed. Children's records until "
                              "their 25th birthday.", specificity)  # fmt: skip
    said = expired(kept, asked_period(question, TODAY), TODAY, set(terms(question)), question)
    assert bool(said) == gone, said


def test_camera_footage_is_cctv() -> None:
    kept = declared_retention("How long things are kept. CCTV at our terminals is "
                              "overwritten after 31 days.", specificity)  # fmt: skip
    two_months = asked_period("two months ago", TODAY)
    assert expired(kept, two_months, TODAY, set(terms("the camera footage of the car deck"))) \
        == ("CCTV at our terminals is overwritten after 31 days",)
    assert expired(kept, asked_period("last week", TODAY), TODAY,
                   set(terms("camera footage"))) == ()  # fmt: skip
    assert expired(kept, two_months, TODAY, set(terms("the car deck plan"))) == ()


@pytest.mark.parametrize("question", [
    "CV and interview notes for a candidate we turned down in 2024",
    "the CVs of the candidates we didn't shortlist in 2024",
    "the application from a candidate who wasn't successful in 2024",
])  # fmt: skip
def test_a_candidate_turned_down_is_an_unsuccessful_one(question: str) -> None:
    kept = declared_retention("How long things are kept: unsuccessful candidates 6 months "
                              "after the vacancy closes; unsuccessful bids 3 years.",
                              specificity)  # fmt: skip
    asked = asked_period(question, TODAY)
    assert expired(kept, asked, TODAY, set(terms(question)), question) == (
        "unsuccessful candidates 6 months after the vacancy closes",)
    # the same words without a candidate turned down name no retention
    assert expired(kept, asked, TODAY, set(terms(question))) == ()


def test_what_is_kept_of_failed_ones_says_nothing_of_the_others() -> None:
    kept = declared_retention("How long things are kept: declined foster carer "
                              "applications 6 months; unsuccessful bids 3 years.",
                              specificity)  # fmt: skip
    for question, gone in [
        ("how many foster carers we approved last year", ()),
        ("the foster carer application we declined last year",
         ("declined foster carer applications 6 months",)),
        ("our priced bid for the tender we lost in 2022", ("unsuccessful bids 3 years",)),
    ]:
        asked = asked_period(question, TODAY)
        assert expired(kept, asked, TODAY, set(terms(question)), question) == gone, question
    # nor is it all a source says of time
    volunteers = card("volunteers", "volunteers and foster carers: applications, rotas, "
                      "hours given", gotchas=("declined applications are deleted after 6 "
                                              "months",))  # fmt: skip
    hours = "hours our volunteers gave last year"
    assert _why_out(coverage(volunteers), hours) == ""


def test_a_thread_or_a_conversation_is_a_chat() -> None:
    kept = declared_retention("How long things are kept: Teams chats 12 months.", specificity)
    asked = asked_period("spring 2024", TODAY)
    for question in ("the Teams thread where we agreed it", "the Teams conversation"):
        assert expired(kept, asked, TODAY, set(terms(question))) == ("Teams chats 12 months",)
    assert expired(kept, asked, TODAY, set(terms("the Teams channel list"))) == ()


def test_a_span_spelled_past_twelve_is_read() -> None:
    [kept] = declared_retention("How long things are kept: Teams chats eighteen months.",
                                specificity)  # fmt: skip
    assert kept.days == 540
    asked = asked_period("the Teams chat from twenty months ago", TODAY)
    assert expired((kept,), asked, TODAY, set(terms("Teams chat"))) == (
        "Teams chats eighteen months",)


def test_a_subject_word_in_another_form_is_named() -> None:
    """"a parcel we delivered" names "delivery records"; "applied" names "applicants"."""
    kept = declared_retention("How long things are kept: scan events and delivery records "
                              "are kept 2 years after delivery; unsuccessful job applicants "
                              "6 months.", specificity)  # fmt: skip
    parcel = "Scan history for a parcel we delivered in March 2022"
    assert expired(kept, asked_period(parcel, TODAY), TODAY, set(terms(parcel))) == (
        "scan events and delivery records are kept 2 years after delivery",)
    applied = "notes on someone who applied for a job early in 2025 and didn't get through"
    assert expired(kept, asked_period(applied, TODAY), TODAY, set(terms(applied)),
                   applied) == ("unsuccessful job applicants 6 months",)  # fmt: skip
    # a short stem opens many words: "scan" does not name "scanner logs"
    assert expired(kept, asked_period(parcel, TODAY), TODAY, set(terms("scanner"))) == ()


def test_a_word_said_outweighs_one_read_for_it() -> None:
    """"A candidate we turned down in 2024 ... the CV they sent": the CVs' six months
    decide, not the three years of unsuccessful bids the turning down reads as."""
    kept = declared_retention("How long things are kept: unsuccessful bids 3 years after "
                              "the decision, applicants' CVs 6 months after the vacancy "
                              "closes.", specificity)  # fmt: skip
    question = "A candidate we turned down in 2024 has reapplied. Can I see the CV they sent?"
    assert expired(kept, asked_period(question, TODAY), TODAY, set(terms(question)),
                   question) == ("applicants' CVs 6 months after the vacancy closes",)  # fmt: skip


def test_a_retention_said_of_the_leading_source_by_name_applies_to_it() -> None:
    """"ColdWatch temperature readings are kept two years": a question the router sends
    to ColdWatch asks about what it keeps, whatever it calls it; a retention counted from
    a later event ("7 years after an animal's last visit") says nothing of the time asked."""
    cards = [card("coldwatch", "ColdWatch: live temperatures of every chiller and blast "
                  "chiller, with alarms", contains="chiller probes, alarm history"),
             card("rxworks", "RxWorks archive: consult notes and vaccinations 2012–2020"),
             card("handbook", "staff handbook: leave, expenses, conduct")]  # fmt: skip
    preamble = ("Retention: ColdWatch temperature readings are kept two years; RxWorks "
                "clinical records 7 years after an animal's last visit.")
    index = make_index(cards, preamble)
    router = OfflineRouter(index, today=TODAY)
    old = router.rank("what was blast chiller 3 reading in August 2023?")
    assert old.full[0].card_id == "coldwatch"
    assert old.verdict == "nowhere"
    assert old.expired == ("ColdWatch temperature readings are kept two years",)
    recent = router.rank("what was blast chiller 3 reading in August this year?")
    assert recent.verdict != "nowhere"
    notes = router.rank("consult notes from 2017 for a labrador")
    assert notes.full[0].card_id == "rxworks"
    assert notes.verdict != "nowhere" and notes.expired == ()


def test_a_retention_said_of_a_successor_leaves_its_predecessor_alone() -> None:
    """"Parent app messages 2 years" is said of the app that replaced ParentMail: consent
    forms parents filled in in 2021, before the app came in, are asked of ParentMail's
    archive, which keeps its own. The app's own messages from 2023 are gone."""
    cards = [card("parent-app", "the Weduc parent app since September 2023: messages, consent "
                  "forms, parents' evening booking", supersedes=("parentmail",)),
             card("parentmail", "ParentMail, the old parent app until August 2023: photo "
                  "consent forms parents filled in, letters home",
                  examples=(Example("2021 photo consent forms", "the consent export"),)),
             card("handbook", "staff handbook: leave, expenses, conduct")]  # fmt: skip
    index = make_index(cards, "Retention: parent app messages 2 years; payroll 6 years.")
    router = OfflineRouter(index, today=TODAY)
    old = router.rank("photo consent forms parents filled in back in 2021, before the new "
                      "app came in")  # fmt: skip
    assert old.full[0].card_id == "parentmail"
    assert old.verdict != "nowhere" and old.expired == ()
    gone = router.rank("parent app messages from October 2023")
    assert gone.full[0].card_id == "parent-app"
    assert gone.verdict == "nowhere"
    assert gone.expired == ("parent app messages 2 years",)


def test_a_retention_counted_from_an_event_said_of_a_successor_alone() -> None:
    """"PageProof proofs 2 years after approval" is PageProof's: an approval emailed in
    2020 to the old proofs mailbox PageProof replaced is there; "blue books and Pawprints
    diaries 3 years after the dog leaves" is said of both, so the blue books' 2021 diary
    is gone."""
    cards = [card("proof-portal", "PageProof online proofing since June 2022: proofs, "
                  "mark-ups, approvals", supersedes=("proofs-mailbox",)),
             card("proofs-mailbox", "the old proofs mailbox: PDF proofs and customers' "
                  "approval emails, 2012 to June 2022", trust="archive"),
             card("handbook", "staff handbook: leave, expenses, conduct")]  # fmt: skip
    index = make_index(cards, "How long records last: PageProof proofs 2 years after "
                       "approval; payroll 6 years.")  # fmt: skip
    router = OfflineRouter(index, today=TODAY)
    old = router.rank("Did the customer approve the proof of the 2020 calendar by email?")
    assert old.full[0].card_id == "proofs-mailbox"
    assert old.verdict != "nowhere" and old.expired == ()
    diaries = [card("pawprints", "the Pawprints app since April 2023: walkers' diaries",
                    supersedes=("blue-books",)),
               card("blue-books", "paper puppy record books, the blue books, to April 2023: "
                    "walkers' weekly diaries", trust="archive")]  # fmt: skip
    kept = make_index(diaries, "How long records last: blue books and Pawprints diaries 3 "
                      "years after the dog leaves.")  # fmt: skip
    gone = OfflineRouter(kept, today=TODAY).rank("the weekly diary from Tess's blue book, "
                                                  "she left in 2021")  # fmt: skip
    assert gone.verdict == "nowhere" and gone.expired


def test_a_chat_retention_applies_to_a_question_sent_to_a_channel() -> None:
    """"Teams chat messages are deleted after 12 months": a thread in a Teams channel from
    two years ago is gone, however the question names it; last month's is not."""
    cards = [card("breakdowns", "#engineering-breakdowns in Teams: engineers on shift "
                  "answer line breakdowns", kind="chat-channel"),
             card("cmms", "MPulse: maintenance work orders and PPM schedules")]
    index = make_index(cards, "Retention: Teams chat messages are deleted after 12 months.")
    router = OfflineRouter(index, today=TODAY)
    old = router.rank("there was a thread in the engineering breakdowns channel in early "
                      "2024 about the wrapper, can I find it?")  # fmt: skip
    assert old.full[0].card_id == "breakdowns"
    assert old.verdict == "nowhere"
    assert old.expired == ("Teams chat messages are deleted after 12 months",)
    recent = router.rank("there was a thread in the engineering breakdowns channel last "
                         "month about the wrapper, can I find it?")  # fmt: skip
    assert recent.verdict != "nowhere"


def test_a_retention_said_of_a_part_does_not_drop_an_archive_with_a_span() -> None:
    """"SIMS archive 2011-2022 ... registers were deleted 3 years after each school
    year": a question about 2018's exam results is not about registers, and the card
    says it holds 2018. One that names them, in any form, is."""
    archive = card("sims-legacy", "SIMS archive 2011–2022: leavers' records, old exam "
                   "results", gotchas=("attendance registers were deleted 3 years after "
                                       "each school year",))  # fmt: skip
    cov = coverage(archive)
    results = {"gcse", "result", "2018"}
    assert out_of_period(cov, asked_period("GCSE results for 2018", TODAY), TODAY,
                         results) == ""  # fmt: skip
    registers = set(terms("attendance register marks for 2018"))
    assert out_of_period(cov, asked_period("register marks for 2018", TODAY), TODAY,
                         registers) == "keeps only the last 3 years"  # fmt: skip
    applied = card("ats", "applicant tracking: vacancies and candidates",
                   gotchas=("unsuccessful applicants deleted after 6 months",))
    asked = asked_period("someone who applied in February 2025", TODAY)
    assert out_of_period(coverage(applied), asked, TODAY,
                         set(terms("someone who applied in February 2025"))) \
        == "keeps only the last 6 months"  # fmt: skip


def test_a_range_in_the_contents_is_the_span_of_what_it_is_said_of() -> None:
    """"RxWorks transactions 2019–2023" in a lakehouse's contents ends the RxWorks
    transactions, not the lakehouse; in the discriminator a range is the card's."""
    lake = card("lakehouse", "the lakehouse for your own SQL: ezyVet, Care Plan and rota "
                "data", contains="ezyVet loaded nightly; RxWorks transactions 2019–2023")
    cov = coverage(lake)
    lines = "invoice lines for dental procedures in 2025"
    assert _why_out(cov, lines) == ""
    old = "RxWorks transactions in 2025"
    assert _why_out(cov, old) == "holds nothing after 2023"
    # what a range is said of is named past the small words before it
    winery = card("vintrace", "winery system since 2021-08-01: lots, additions, bottling",
                  gotchas=["lots from the 2016 to 2020 vintages start with an opening "
                           "balance"])  # fmt: skip
    stock = "bottles of the 2022 Blanc de Blancs still on their lees"
    assert _why_out(coverage(winery), stock) == ""
    archive = card("sims", "SIMS archive 2011–2022: leavers' records, old exam results")
    assert _why_out(coverage(archive), lines) == "holds nothing after 2022"
    # and a span said "from ... to ..." of a part of a live card ends that part only
    log = card("conditions-log", "daily beach log: surf, wind, tide and the go/no-go call",
               contains="one entry a day since 2016 (paper until 2019, then a Google Form)",
               gotchas=["entries from 2016 to 2019 were typed up from paper"])
    august = "How many days did we lose to the sea in August 2026?"
    assert _why_out(coverage(log), august) == ""
    typed = "the typed-up entries for August 2021"
    assert _why_out(coverage(log), typed) == "holds nothing after 2019"
    # ... unless the card holds that thing again from later on
    board = card("board-papers", "board and committee papers and minutes since 2015",
                 contains="a folder per meeting; earlier minutes from 1998 to 2014 are in "
                 "bound books in the chief executive's office")
    minutes = "Minutes from the September 2026 Clinical Governance Committee, please."
    assert _why_out(coverage(board), minutes) == ""
    # (the earlier ones "are in bound books" elsewhere: not held here)
    older = "minutes of the board in 2012"
    assert _why_out(coverage(board), older) == "holds nothing before 2015"
    # a part named as the card's first years ends nothing ("early minutes (2015–2017)")
    papers = card("board-papers", "the committee's minutes and papers",
                  contains="minutes of every board meeting since 2015",
                  gotchas=["early minutes (2015–2017) are scans of handwritten pages"])
    assert _why_out(coverage(papers), "the minutes from the 2024 AGM") == ""
    assert _why_out(coverage(papers), "the minutes from 2012") == "holds nothing before 2015"
    # what a range is "per year" of is named before that: the results sheets, not years
    shows = card("drive-show", "past honey shows since 2009: schedules, results, trophies",
                 contains="results sheet per year 2009–2024, judges' comment sheets")
    assert _why_out(coverage(shows), "the judge's comments on last year's entries") == ""
    assert _why_out(coverage(shows), "the results sheet for the 2025 show") \
        == "holds nothing after 2024"  # fmt: skip


def test_a_span_of_no_named_part_does_not_end_a_live_card() -> None:
    """"one record per programme since 2009 ... back-catalogue done for 2009 to 2015, 2016
    to 2020 still in the old log": a live card's contents name spans of its parts; one
    whose part has no name of its own does not end the card. On an archive it does."""
    contains = ("programme records typed from 2021; back-catalogue added by volunteers, "
                "done for 2009 to 2015, 2016 to 2020 still in the old log")
    live = coverage(card("archive-catalogue", "the programme archive since 2021: one "
                         "record per programme since 2009", contains=contains))
    asked = "Which guests have been on The Wall Hour most often since 2021?"
    assert _why_out(live, asked) == ""
    log = coverage(card("archive-log", "the archive log: programmes by date",
                        contains="a sheet per year, 2009 to 2020", trust="archive"))
    assert _why_out(log, asked) == "holds nothing after 2020"


def test_a_year_a_card_says_it_has_nothing_for_is_out_of_its_period() -> None:
    """"one tab per trial 2012-2022; nothing for 2020 (no trials)": the 2020 open is not
    there, though the span holds 2020; a bound ("nothing in 2019 or earlier") is no gap."""
    trials = card("entries-sheet", "trial entries workbook, 2012-2022",
                  contains="one tab per trial 2012–2022; nothing for 2020 (no trials)")
    show = card("show-entries", "one workbook per show 2009–2019 and 2021 (no 2020 show)")
    fest = card("control-logs", "festival control logs 2019-2021",
                gotchas=["no festival in 2020"])
    for kept in (trials, show, fest):
        assert coverage(kept).gaps == {2020}
        asked = "the running order for the 2020 open"
        assert _why_out(coverage(kept), asked) == "holds nothing for 2020"
    other = "the running order for the 2021 open"
    assert _why_out(coverage(trials), other) == ""
    # two years named, each ("no congress in 2020 or 2021")
    congress = card("congress-folder", "congress files 2010-2025",
                    gotchas=["there was no congress in 2020 or 2021, so the files skip"])
    assert coverage(congress).gaps == {2020, 2021}
    assert _why_out(coverage(congress), "who won the Open in 2021") == "holds nothing for 2021"
    for bound in ("entries kept: nothing in 2019 or earlier survives",
                  "no later than 2020", "no longer in 2020 use"):
        assert coverage(card("x", "entries 2012-2022", contains=bound)).gaps == frozenset()
    # "none for 2021" is said as "nothing for 2021"
    fair = card("toy-fair-folder", "our notes from Toy Fair each January",
                contains="one folder per show (2022–2025; none for 2021, the show was "
                         "cancelled)")
    assert coverage(fair).gaps == {2021}


def _gone(preamble: str, question: str) -> bool:
    """Whether the preamble says what ``question`` asks for is gone."""
    kept = declared_retention(preamble, specificity)
    return bool(expired(kept, asked_period(question, TODAY), TODAY, set(terms(question))))


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("I need the rota for spring 2020", True),
        ("I need the rota for spring 2021", False),
        ("how many booked on the tours in 2021?", True),
        ("how many booked on the tours in 2019?", False),
        ("what did we order at Toy Fair 2021?", True),
        ("what did we order at Toy Fair 2022?", False),
        ("who judged the poultry classes in 2023?", True),
        ("who judged the poultry classes in 2021?", False),
        # said of no rota: a question of something else that year
        ("the till takings for 2020", False),
        # a bound, or a span, is no year with nothing in it
        ("the bookings from 2019", False),
        ("per-title sales for 2015", False),
    ],
)
def test_a_year_the_preamble_says_there_was_none_of_a_thing_is_gone(
        question: str, gone: bool) -> None:
    """"No rota for 2020", "There were no tours in 2020 or 2021", "Toy Fair 2021 didn't
    happen": a question about that thing in those years is answered nowhere."""
    preamble = (
        "What we don't keep:\n"
        "- No rota for 2020: during lockdown Maureen ran the garage alone.\n"
        "- There were no tours in 2020 or 2021, and Bookwhen has taken over since.\n"
        "- Toy Fair 2021 didn't happen (cancelled), so there are no notes for it.\n"
        "- Poultry classes were cancelled in 2022 (bird flu) and in 2023.\n"
        "- Bookings are deleted each January, so nothing booked in 2018 or earlier "
        "remains, and there are no per-title sales for 2014 to April 2016.\n")
    assert _gone(preamble, question) is gone


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("the clipboard sheets for 2017", True),
        ("the clipboard sheets for 2018", False),
        ("where's the 2016 planting plan", True),
        ("the planting plan for 2015", False),
        # (what comes after "and" is not read: "most" of them)
        ("the paper receipts from 2017", False),
        ("who was on the shower block cleaning in summer 2011?", True),
        ("who was on the shower block cleaning in summer 2012?", False),
        ("the club rules from 1974", True),
        # a bound is read as one, before the day, not as this year alone
        ("the bookings diary for 2014", True),
        ("the bookings diary for 2016", False),
        # "for" the years, each whole year said; not one said with its months
        ("lunch headcounts from the tally books for 2018", True),
        ("the lunch tally book for 2019", False),
        ("the lunch tally books for 2021", False),
        ("van booking diaries from 2020", True),
        ("van booking diaries from 2021", False),
    ],
)
def test_a_thing_of_a_year_the_preamble_says_is_lost_is_gone_that_year(
        question: str, gone: bool) -> None:
    """"The 2017 clipboard sheets were lost to damp", "The 2016 planting plan and most
    2017 paper receipts were ruined", "Shower block cleaning was not written down at all
    in 2011": that thing of that year is answered nowhere; of another year it is not."""
    preamble = (
        "What we have lost:\n"
        "- Shower block cleaning was not written down at all in 2011. The 2017 clipboard "
        "sheets were lost to damp in the workshop.\n"
        "- The 2016 planting plan and most 2017 paper receipts were ruined when the office "
        "roof leaked.\n"
        "- Our 1974 club rules were thrown away in a clear-out.\n"
        "- The bookings diaries from before 2015 were ruined when the store flooded.\n"
        "- The lunch tally books for 2018 and Jan–Feb 2019 went in the burst pipe of "
        "February 2020. The van booking diaries for 2019 and 2020 were thrown away.\n")
    assert _gone(preamble, question) is gone


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("my daughter's paper registration form from 2021", True),
        ("the registration forms from 2024", False),  # online since: not gone
        ("the card index entry for a tenancy in 2009", True),
        ("the card index from 2017", False),
        # some of them, said before, or of a year: not all up to then
        ("the membership tabs for 2018", False),
        ("the clipboard sheets from 2016", False),
    ],
)
def test_what_the_preamble_says_was_destroyed_on_a_day_is_gone_up_to_it(
        question: str, gone: bool) -> None:
    """"The old paper registration forms were shredded in December 2023", "the card index
    was shredded in 2016": all of that thing up to then is gone."""
    preamble = (
        "Riders re-registered online; the old paper registration forms were shredded in "
        "December 2023. From 1998 to 2009 tenancies were on a card index; the card index "
        "was shredded in 2016. The register keeps 2019 on (earlier tabs were deleted in "
        "2022). The 2017 clipboard sheets were lost in 2018.\n")
    assert _gone(preamble, question) is gone


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("kickboxing grading results from 2005", True),
        ("kickboxing grading results from 2012", False),
        # said of kickboxing gradings: a grading of another kind is not named
        ("when did Sarah grade for her black belt? back in 2006", False),
        ("grades his students got at his old club in the early 90s", True),
        ("what did the cash book say for March 2018?", True),
        ("what did the cash book say for May 2019?", False),
        ("EasyCert records for 2015", True),
        # where one source's records start is no start of another's
        ("attendance on the paper registers in 2019", False),
        ("Spond attendance for 2019", True),
        # a start in the past tense is when something began, not where records do
        ("the bookings from 2019", False),
        # what exists, survives or has been done only since a day
        ("the SumUp statement for March 2018", True),
        ("the SumUp statement for March 2020", False),
        ("the paper job cards from 2001", True),
        ("how much wastage did we log in 2022?", True),
        ("how much wastage did we log in 2024?", False),
        ("the lab test results for the 2018 oils", True),
        # what was done to it since then, not the thing itself
        ("how much oil did the 2017 distillation produce?", False),
        # ... not what has been done since a day without "only"
        ("the minutes from 1995", False),
    ],
)
def test_what_the_preamble_says_starts_in_a_year_holds_nothing_before_it(
        question: str, gone: bool) -> None:
    """"Kickboxing gradings start in 2009", "the cash book now goes back only to April
    2019", "SumUp statements exist only for 2019 to 2022", "Wastage has only been logged
    since January 2023": that thing from before then is answered nowhere, when the
    question names all of it."""
    preamble = (
        "What we do not keep:\n"
        "- Grading records start in 1998. Kickboxing gradings start in 2009.\n"
        "- The bank asked for more, but the cash book now goes back only to April 2019.\n"
        "- EasyCert records start 2017. Spond attendance goes back to September 2021.\n"
        "- Bookwhen started in 2021 for bookings.\n"
        "- SumUp statements exist only for 2019 to 2022. Paper job cards survive from 2004 "
        "to 2019 only.\n"
        "- Wastage has only been logged since January 2023. Oils have been lab-tested "
        "(GC-MS) only since the 2020 harvest. Minutes have been kept since 1998.\n")
    assert _gone(preamble, question) is gone


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("grazing lets from 2008, who had which fields", True),
        ("grazing lets from 2015, who had which fields", False),
        ("the warranty returns for 2017", True),
        ("the warranty returns for 2020", False),
        ("faults on the lift in 2016", True),
        ("the hay sales for 2008", False),
    ],
)
def test_what_was_never_written_down_before_a_day_is_gone_before_it(
        question: str, gone: bool) -> None:
    """"Grazing lets before 2012 were never written down", "warranty returns before 2019
    were never logged", "faults before March 2017 were never recorded anywhere": what is
    asked of before then is answered nowhere, as what was destroyed is."""
    preamble = (
        "What was never kept:\n"
        "- Grazing lets before 2012 were never written down (handshake lets).\n"
        "- Warranty returns before 2019 were done by phone and never logged.\n"
        "- Lift faults before March 2017 were never recorded anywhere.\n")
    assert _gone(preamble, question) is gone
    # what was written down before a day is there still
    assert not _gone(preamble.replace("never written down", "written down in the diary")
                     .replace("never logged", "logged on paper")
                     .replace("never recorded anywhere", "recorded in the lift log"), question)


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("what moulding did we use on her frame in 1998?", True),
        ("what moulding did we use on her frame in 2014?", False),
        ("who did the accounts in 2009?", True),
        # to the end of the month said: March 2012, not the rest of that year
        ("who did the accounts in 2012?", False),
        # a bound, not a span
        ("the till roll from 1987", True),
    ],
)
def test_what_the_preamble_says_nothing_at_all_survives_of_is_gone(
        question: str, gone: bool) -> None:
    """"Nothing from 1991 to 2007 survives apart from a few photos", "nothing survives of
    the sole-trader years (2004 to March 2012)", "Nothing on paper survives from before
    2003": whatever is asked of that time is gone, named or not."""
    preamble = (
        "What was lost:\n"
        "- Nothing from 1991 to 2007 survives apart from a few photos on the wall.\n"
        "- Our accountant kept the books, and nothing survives of the sole-trader years "
        "(2004 to March 2012): no job list.\n"
        "- Nothing on paper survives from before 2003.\n")
    assert _gone(preamble, question) is gone
    # a span says nothing of the years before it
    assert not _gone("Nothing from 1991 to 2007 survives.", "the order book from 1989")


def test_a_first_card_that_holds_the_time_asked_is_not_gone_with_everything_else() -> None:
    """"Nothing on paper survives from before 2012", but the first card holds the Sage
    file of 2004 to 2012: its 2009 figures are asked for; a card that says no time of its
    own does not hold them."""
    preamble = "What was lost: nothing on paper survives from before 2012."
    sage = card("sage-archive", "the old Sage 50 file, 2004 to 2012: invoices and takings")
    drive = card("drive", "the shared drive: letters and price lists")
    router = OfflineRouter(make_index([sage, drive], preamble), today=TODAY)
    held = router.rank("the takings in the Sage file for 2009")
    assert held.full[0].card_id == "sage-archive" and held.verdict != "nowhere"
    assert router.rank("the price list letters on the drive from 2009").verdict == "nowhere"


def test_a_retention_of_what_a_source_keeps_is_said_of_what_it_keeps() -> None:
    """"Circuit keeps 12 months of routes and photos": a question about a delivery photo
    names the retention, as one about Circuit does; "3 years of age or more" is no list."""
    said = "How long we keep things: Circuit keeps 12 months of routes and photos."
    subjects = {frozenset(k.subject): k.days for k in declared_retention(said, specificity)}
    assert subjects == {frozenset({"circuit"}): 360, frozenset({"rout"}): 360,
                        frozenset({"photo"}): 360}  # fmt: skip
    aged = "Retention: records are kept 3 years of age or more."
    assert {frozenset(k.subject) for k in declared_retention(aged, specificity)} \
        == {frozenset({"record"})}  # fmt: skip


def test_a_list_of_retention_limits_is_read_item_by_item() -> None:
    listed = "How long things are kept:\n- estate CCTV 31 days\n- call recordings 18 months"
    kept = {k.written: k.days for k in declared_retention(listed, specificity)}
    assert kept == {"estate CCTV 31 days": 31, "call recordings 18 months": 18 * 30}
    # a list's span, said with no verb, is each short item's before it
    said = "How long records last: train registers, loco exam sheets and patrol sheets 6 years."
    subjects = {frozenset(k.subject): k.days for k in declared_retention(said, specificity)}
    assert subjects[frozenset(terms("train registers"))] == 6 * 365


def test_what_goes_with_a_kept_thing_set_off_by_commas_is_no_thing_of_its_own() -> None:
    """"Customer records, with the ID seen at move-in, are kept six years": said of
    customer records, not of the ID; and "accounts, with their mail, 60 days" likewise."""
    said = ("How long things are kept. Customer and tenancy records, with the ID seen at "
            "move-in, are kept six years after the tenancy ends; leavers' accounts, "
            "including their mail and files, 60 days.")  # fmt: skip
    subjects = {frozenset(k.subject): k.days for k in declared_retention(said, specificity)}
    assert subjects[frozenset(terms("customer records"))] == 6 * 365
    assert subjects[frozenset(terms("leavers accounts"))] == 60
    assert not any(s & set(terms("ID seen mail files")) for s in subjects)
    # a kind of the thing, said to be included, is kept as long as it is
    said = "How long records last: financial records, including gate cash sheets, 6 years."
    subjects = {frozenset(k.subject): k.days for k in declared_retention(said, specificity)}
    assert subjects == {frozenset(terms("financial records")): 6 * 365,
                        frozenset(terms("gate cash sheets")): 6 * 365}


def test_what_lasts_only_so_long_is_said_of_what_lasts_not_of_the_verb() -> None:
    kept = declared_retention("Calls are kept 5 years, and watch-again recordings of chapel "
                              "services last 28 days.", specificity)[1:]
    assert [set(k.subject) for k in kept] == [{"watch", "record", "chapel", "servic"}]
    # "last year's service" asks for a service, not for its recordings
    asked = asked_period("I need the artwork from last year's remembrance service.", TODAY)
    assert expired(kept, asked, TODAY, {"artwork", "last", "year", "servic"}) == ()
    asked = asked_period("the recording of the chapel service in March 2024", TODAY)
    assert expired(kept, asked, TODAY, {"record", "chapel", "servic"}) != ()


def test_a_short_sentence_on_keeping_heads_the_rest_of_its_paragraph() -> None:
    headed = ("How long things are kept. Pulsar incident logs 7 years. Teams chats 2 years.\n"
              "\n"
              "Our fleet is 12 years old on average.")
    kept = {k.written: (set(k.subject), k.days) for k in declared_retention(headed,
                                                                            specificity)}
    assert kept == {"Pulsar incident logs 7 years": ({"pulsar", "incid", "log"}, 7 * 365),
                    "Teams chats 2 years": ({"team", "chat"}, 2 * 365)}
    # a cued sentence with a span of its own heads nothing: what follows is not a list
    said = declared_retention("CCTV is kept 30 days. Our fleet is 12 years old.", specificity)
    assert [k.written for k in said] == ["CCTV is kept 30 days"]


def test_what_came_before_a_successor_holds_the_time_before_it(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """An archive that states no span of its own ("paper batch records from before the
    eBR") holds what its successor is too young for ("batch records since 2021-09")."""
    cards = [
        card("ebr", "electronic batch records: executed batch steps, sign-offs",
             contains="~9,000 batches since 2021-09", supersedes=("paper-batches",)),
        card("paper-batches", "scanned paper batch records from before the eBR",
             contains="scans by batch number", status="demoted"),
        card("quality-site", "quality site: SOPs and batch review guidance"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards), today=TODAY)
    old = router.rank("the batch record for batch K2045 from spring 2020")
    assert old.full[0].card_id == "paper-batches"
    assert "question is about the old period this source documents" in old.full[0].reasons
    assert old.verdict != "nowhere"
    recent = router.rank("the batch record for batch K2045 from last month")
    assert recent.full[0].card_id == "ebr"
    # so it does when the young successor is its second: another took its dispensing
    split = [card("dispensing", "dispensing system: labels and stock", contains="labels",
                  supersedes=("paper-batches",)), *cards]  # fmt: skip
    old = OfflineRouter(index_of(split), today=TODAY).rank(
        "the batch record for batch K2045 from spring 2020")
    assert old.full[0].card_id == "paper-batches" and old.verdict != "nowhere"


def test_what_came_before_a_successor_holds_only_the_span_it_says(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """An archive that says its own span ("April 2012 to March 2020") does not hold what
    came before it, though its successor is too young for that too: a question for 2009
    has nowhere to go."""
    cards = [
        card("xero", "our books since April 2020: invoices, bills, VAT returns",
             contains="VAT returns, bank feed", supersedes=("sage-archive",)),
        card("sage-archive", "the old Sage 50 accounts, April 2012 to March 2020",
             contains="invoices, VAT returns 2012-04 to 2020-03", status="demoted"),
        card("bookkeeper", "our bookkeeper, for VAT questions", kind="person"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards), today=TODAY)
    held = router.rank("invoices from 2015")
    assert held.full[0].card_id == "sage-archive" and held.verdict != "nowhere"
    assert router.rank("invoices from 2009").verdict == "nowhere"


def test_a_retention_said_of_the_successor_stays_out_for_its_predecessor() -> None:
    cards = [card("parent-app", "Parent App: messages and forms to parents since 2023",
                  kind="app", supersedes=("parentmail",)),
             card("parentmail", "the old ParentMail: messages and forms to parents, "
                  "2015 to 2022", kind="app", status="demoted")]  # fmt: skip
    router = OfflineRouter(make_index(cards, "How long things are kept: Parent App messages "
                                             "2 years; school messages 3 years."), today=TODAY)
    ranking = router.rank("the school messages we sent parents in 2019")
    assert ranking.full[0].card_id == "parentmail"
    assert ranking.expired == ("school messages 3 years",)


def test_days_ago_are_held_by_a_current_source_that_states_no_span(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """The old system is set aside for yesterday's batch; the current one, which states
    no span, still holds what happened yesterday. Months ago it would have to say so."""
    cards = [
        card("cygnus", "Cygnus production: wash batches, programmes and hospital linen",
             supersedes=("laundrypoint",)),
        card("laundrypoint", "Laundrypoint, the old production system: wash batches from "
             "2015 to 2022", status="demoted"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards), today=TODAY)
    recent = router.rank("Someone told me to check Laundrypoint for yesterday's wash batch of "
                         "hospital sheets. Is that right?")  # fmt: skip
    assert recent.out_of_period == (("laundrypoint", "holds nothing after 2022"),)
    assert recent.verdict == "uncertain" and recent.candidates[0].card_id == "cygnus"
    assert router.rank("Someone told me to check Laundrypoint for the wash batch of hospital "
                       "sheets from back in August. Is that right?").verdict == "nowhere"
    # a span that only ends now began long ago: the current source must say it holds it
    assert router.rank("Someone told me to check Laundrypoint for every wash batch of hospital "
                       "sheets since 2023. Is that right?").verdict == "nowhere"


def test_a_year_a_cards_own_example_asks_about_is_what_it_talks_about() -> None:
    """Interviews recorded 1978-2025 whose example asks about the 1968 flood hold talk
    of 1968; without that example, 1968 is before anything they hold."""
    def interviews(*examples: Example) -> Index:
        return make_index([
            card("oral-history", "oral history: recorded interviews 1978-2025 with summaries",
                 contains="~340 interviews, 1978-2025", examples=examples),
            card("wiki", "team pages and meeting notes"),
        ])  # fmt: skip

    question = "Is there anyone in the recorded interviews talking about the 1968 flood?"
    told = OfflineRouter(interviews(Example("anyone remembering the 1968 flood", "OH list")),
                         today=TODAY).rank(question)  # fmt: skip
    assert told.candidates[0].card_id == "oral-history"
    assert told.out_of_period == ()
    assert told.verdict != "nowhere"
    untold = OfflineRouter(interviews(Example("interviews about the mill", "OH list")),
                           today=TODAY).rank(question)  # fmt: skip
    assert untold.out_of_period == (("oral-history", "holds nothing before 1978"),)


def test_a_part_with_a_time_of_its_own_is_still_out_for_a_year_an_example_asks_about() -> None:
    index = make_index([
        card("job-book", "the job register 2012-2021: jobs, hire dates, invoice copies",
             contains="one workbook a year 2012-2021; invoice PDFs from April 2020 (older "
                      "ones deleted)",
             examples=(Example("when did we strike the scaffold at the church in 2018",
                               "Job Book 2018, hire end date"),)),
        card("wiki", "team pages and meeting notes"),
    ])  # fmt: skip
    router = OfflineRouter(index, today=TODAY)
    assert router.rank("when was the scaffold struck at the school in 2018").out_of_period == ()
    invoice = router.rank("Can I get a copy of the invoice we sent in 2018?")
    assert invoice.out_of_period == (("job-book", "holds nothing before 2020-04-01"),)


def test_messages_that_disappear_are_kept_so_long() -> None:
    kept = {k.written: (set(k.subject), k.days) for k in declared_retention(
        "Site teams use WhatsApp. WhatsApp groups use disappearing messages set to 90 days.",
        specificity)}  # fmt: skip
    assert kept == {"WhatsApp groups use disappearing messages set to 90 days":
                    (set(terms("WhatsApp groups messages")), 90)}


def test_coverage_reads_years_before_1950() -> None:
    cov = coverage(_card("the Gazette on microfilm 1858–1985", "212 reels"))
    assert (cov.start, cov.end) == (date(1858, 1, 1), date(1985, 12, 31))


def test_what_is_gone_from_its_own_source_is_nowhere_else(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """The card that best fits the question keeps the call recordings 90 days; the booking
    system left first matches the question well, but a recording from last February
    is gone: "nowhere". Not when the retention is of something the question does not
    name."""
    cards = [
        card("call-recordings", "recordings of every booking call to the control room",
             contains="call recordings kept 90 days, then deleted", kind="audio"),
        card("bookings", "the booking system: every booking, customer, fare and discount",
             contains="bookings since 2019; customer accounts and notes", kind="app"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards), today=TODAY)
    old = router.rank("Can I get the recording of a booking call from last February? "
                      "The customer says we promised her a discount.")  # fmt: skip
    assert old.out_of_period == (("call-recordings", "keeps only the last 90 days"),)
    assert old.full[0].card_id == "bookings" and old.full[0].confidence >= 0.3
    assert old.verdict == "nowhere"
    recent = router.rank("Can I get the recording of a booking call from last week?")
    assert recent.candidates[0].card_id == "call-recordings"
    # by a retention of something the question does not name, nothing is lost
    desk = Periods([card("it-desk", "IT service desk: tickets, phones and laptops",
                         contains="leavers' mailboxes deleted 30 days after leaving")],
                   frozenset())  # fmt: skip
    quarter = Period(date(2026, 7, 1), date(2026, 9, 30))
    assert desk.out_of(quarter, TODAY, {"phone"}) == {0: "keeps only the last 30 days"}
    assert not desk.lapsed(0, quarter, TODAY, {"phone"})
    assert desk.lapsed(0, quarter, TODAY, {"leaver", "mailbox"})


def test_what_is_older_than_the_first_of_its_line_is_nowhere(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """The kitchen's diaries best fit the question and start in 2021; nothing they
    supersede holds the years before, so the licensing file left first is no answer for
    2018. When an older card the diaries supersede is in the index, it is."""
    cards = [
        card("food-diaries", "kitchen food safety diaries since 2021: fridge temperatures, "
             "cleaning sign-offs", kind="paper-records"),
        card("licensing-file", "premises licence, plans and inspection records",
             contains="environmental health inspection records and their letters since 2012"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    question = "Environmental health want our fridge temperature records from August 2018."
    ranking = OfflineRouter(index_of(cards), today=TODAY).rank(question)
    assert ranking.out_of_period == (("food-diaries", "holds nothing before 2021"),)
    assert ranking.full[0].card_id == "licensing-file" and ranking.full[0].confidence >= 0.3
    assert ranking.verdict == "nowhere"
    assert OfflineRouter(index_of(cards), today=TODAY).rank(
        "fridge temperature records from August 2022").candidates[0].card_id == "food-diaries"
    older = card("food-diaries-old", "the paper fridge temperature sheets, 2010-2020",
                 kind="paper-records", status="demoted")
    line = [replace(cards[0], supersedes=("food-diaries-old",)), *cards[1:], older]
    held = OfflineRouter(index_of(line), today=TODAY).rank(question)
    assert held.verdict != "nowhere" and held.candidates[0].card_id == "food-diaries-old"


def test_an_old_source_of_another_line_is_no_answer_unless_it_fits_well(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """The kitchen's diaries start in 2021 and are the first of their line; an old
    hotel-system archive, of another line, covers 2019 and is left first. Fitting the
    question weakly, it holds no fridge temperatures of 2019: "nowhere". One that fits
    well (at least ``lapsed_other_below``) may hold what is asked and is the answer."""
    cards = [
        card("food-diaries", "kitchen food safety diaries since 2021: fridge temperatures, "
             "cleaning sign-offs", kind="paper-records"),
        card("pms", "the hotel system since 2021: bookings, guests, rooms"),
        card("pms-archive", "the old hotel system, 2012-2020: bookings, guests, rooms, "
             "kitchen orders", contains="kitchen records of the time", status="demoted"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    line = [replace(cards[1], supersedes=("pms-archive",)), cards[0], *cards[2:]]
    question = "fridge temperature records from 2019 for the kitchen"
    router = OfflineRouter(index_of(line), today=TODAY)
    ranking = router.rank(question)
    assert ranking.full[0].card_id == "pms-archive"
    assert ranking.full[0].confidence < RouterConfig().lapsed_other_below
    assert ranking.verdict == "nowhere"
    trusting = RouterConfig(lapsed_other_below=0.0)  # any old source may hold it
    kept = OfflineRouter(index_of(line), config=trusting, today=TODAY).rank(question)
    assert kept.verdict != "nowhere" and kept.candidates[0].card_id == "pms-archive"


def test_a_card_whose_example_asks_for_the_thing_that_year_holds_it() -> None:
    """The preamble keeps install sheets 6 years; the archive's own example asks for a
    signed install sheet of 2019: asked for one of 2019, the archive is the answer. An
    example of that year about something else says nothing of install sheets."""
    preamble = "Retention: install photos and sign-off sheets 6 years."
    archive = card("install-sheets-archive", "scanned paper install sheets 2016–2022",
                   contains="fitters' notes and customer signatures",
                   kind="drive-folder", trust="archive",
                   examples=(Example("signed install sheet for the Academy signs, 2019",
                                     "2019/07 folder"),))  # fmt: skip
    others = [card("handbook", "staff handbook: leave, expenses, conduct")]
    question = "Is there a signed install sheet for the school signs we put up in summer 2019?"
    held = OfflineRouter(make_index([archive, *others], preamble), today=TODAY).rank(question)
    assert held.verdict != "nowhere" and held.expired == ()
    assert held.candidates[0].card_id == "install-sheets-archive"
    about = replace(archive, examples=(Example("fitters' notes for the Academy job, 2019",
                                               "2019/07 folder"),))  # fmt: skip
    gone = OfflineRouter(make_index([about, *others], preamble), today=TODAY).rank(question)
    assert gone.verdict == "nowhere"
    assert gone.expired == ("install photos and sign-off sheets 6 years",)


CHAT_ORG = [
    card("perforce", "Perforce depots and Swarm code review", contains="review notifications, "
         "changelists, branches", kind="code-host"),
    card("eng-help", "#eng-help, the engineers' help channel in Slack", contains="questions "
         "about builds, tools and code review", kind="chat-channel"),
    card("crew-chat", "the crew's WhatsApp group, live from site", "NOT a record",
         gotchas=("messages are kept 90 days",), kind="chat-channel"),
    card("crew-planner", "crew planner: which crew is where each week", contains="the "
         "crew calendar and the week sheet", kind="calendar"),
]  # fmt: skip


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("There was a brilliant #eng-help thread in early 2025 about fixing Swarm review "
         "notifications. Can I dig it up?", True),
        ("There was a brilliant #eng-help thread last week about fixing Swarm review "
         "notifications. Can I dig it up?", False),
        ("Where are the Swarm review notifications from early 2025?", False),  # no chat
        ("Can I scroll back to last winter's crew messages where Gary agreed the extra "
         "day?", True),
        ("Can I scroll back to the crew messages from last week where Gary agreed the "
         "extra day?", False),
    ],
)  # fmt: skip
def test_what_was_said_in_a_chat_is_gone_with_its_messages(question: str, gone: bool) -> None:
    """A question for what was said in a chat asks a chat channel among its first two
    candidates, whoever leads: past the channel's retention (the preamble's, said of it,
    or its own text's), the messages are gone wherever else it is looked for."""
    index = make_index(CHAT_ORG, "How long things are kept: Slack messages are deleted "
                                 "after 12 months.")  # fmt: skip
    ranking = OfflineRouter(index, today=TODAY).rank(question)
    assert (ranking.verdict == "nowhere") is gone
    assert bool(ranking.expired) is gone
    if gone and "winter" in question:  # the channel's own text says how long
        assert ranking.expired == ("crew-chat keeps only the last 90 days",)


@pytest.mark.parametrize(
    ("question", "gone"),
    [
        ("the accident record of a child who fell in November 2019", False),
        ("the accident record of a skater who fell in November 2019", True),
        ("the accident record of a child who fell in November 2019 at the rink", False),
    ],
)
def test_what_is_kept_longer_for_a_child_is_not_gone_for_one(question: str, gone: bool) -> None:
    """"Accident records 3 years from the date, or until an injured child turns 21": a
    child's record of 2019 is still kept, whether the exception is its own list item or
    said in the same one."""
    for said in ("How long records last: CCTV 31 days; accident and first aid records 3 "
                 "years from the date, or until an injured child turns 21, longer once a "
                 "claim is notified; leavers' files 6 years.",
                 "How long records last: accident records are kept 3 years or until an "
                 "injured child turns 21.",
                 "How long records last: accident records 3 years (children's until they "
                 "turn 21); leavers' files 6 years."):  # fmt: skip
        kept = declared_retention(said, specificity)
        wanted = set(terms(question))
        assert bool(expired(kept, asked_period(question, TODAY), TODAY, wanted, question)) is gone


def test_a_season_kept_is_a_year() -> None:
    """"Signal box train register books 3 seasons (the current season and two before
    it)": the 2019 season's book is gone, last season's is kept."""
    kept = declared_retention("How long records last: signal box train register books 3 "
                              "seasons (the current season and two before it), then "
                              "destroyed; CCTV 31 days.", specificity)  # fmt: skip
    assert [k.days for k in kept if "regist" in k.subject][0] == 3 * 365
    wanted = set(terms("the Staintondale signal box register"))
    assert expired(kept, asked_period("from the 2019 season", TODAY), TODAY, wanted)
    assert not expired(kept, asked_period("in 2025", TODAY), TODAY, wanted)


def test_a_span_of_academic_or_financial_years_is_counted_in_years() -> None:
    kept = declared_retention("How long things are kept: school bookings 3 academic years; "
                              "finance records seven financial years.", specificity)  # fmt: skip
    assert [(k.written, k.days) for k in kept] == [
        ("school bookings 3 academic years", 3 * 365),
        ("finance records seven financial years", 7 * 365)]


@pytest.mark.parametrize(
    ("question", "year"),
    [
        ("What was a pupil's attendance record in Hilary term 2020?", 2020),
        ("A family disputes a charge from Michaelmas 2017.", 2017),
        ("the reports from the spring term 2019", 2019),
    ],
)
def test_a_school_term_with_a_year_asks_about_that_year(question: str, year: int) -> None:
    assert asked_period(question, TODAY) == Period(date(year, 1, 1), date(year, 12, 31))


def test_a_register_is_a_record() -> None:
    """"attendance registers 3 years" is what a question for an attendance record of
    2020 asks about, strictly too (a register is a record of what it registers)."""
    kept = declared_retention("How long records last: attendance registers 3 years from "
                              "the date of entry; CCTV 31 days.", specificity)  # fmt: skip
    question = "What was a pupil's attendance record in 2020?"
    asked, wanted = asked_period(question, TODAY), set(terms(question))
    assert expired(kept, asked, TODAY, wanted, question, strict=True)
    assert not expired(kept, asked, TODAY, set(terms("a pupil's medical record")), question)


def test_a_word_that_only_says_something_is_held_is_no_part_of_what() -> None:
    """"Job applicants' details 6 months after the post is filled" is said of applicants:
    a question for a turned-down picker's application of spring 2025 names it, though it
    says nothing of details or jobs."""
    kept = declared_retention("How long records last: job applicants' details 6 months "
                              "after the post is filled; leavers' staff files 6 years.",
                              specificity)  # fmt: skip
    question = ("A picker we turned down in spring 2025 has applied again. Can I see the "
                "application they sent last time?")  # fmt: skip
    asked, wanted = asked_period(question, TODAY), set(terms(question))
    assert expired(kept, asked, TODAY, wanted, question) == (
        "job applicants' details 6 months after the post is filled",)
    other = "the job sheet for the trestles we moved in spring 2025"
    assert expired(kept, asked, TODAY, set(terms(other)), other) == ()


def test_the_current_year_and_those_before_are_counted() -> None:
    """"Kept for the current year and the three before" is four years, in the preamble
    and on a card; a question for "the original 2019 launch sheet" asks about 2019."""
    kept = declared_retention("How long records last: paper launch sheets are kept for the "
                              "current year and the three before, and shredded each "
                              "January; CCTV 14 days.", specificity)  # fmt: skip
    assert [k.days for k in kept] == [4 * 365, 14]
    sheets = coverage(_card("paper launch sheets", "one sheet per flying day", (
        "kept for the current year and the three before, shredded each January",)))
    assert [days for _, days, _ in sheets.retention] == [4 * 365]
    question = "I need the original 2019 launch sheet with the instructor's signature on it."
    asked = asked_period(question, TODAY)
    assert asked == Period(date(2019, 1, 1), date(2019, 12, 31))
    assert expired(kept, asked, TODAY, set(terms(question)), question)
    assert not expired(kept, asked_period("the 2024 launch sheet", TODAY), TODAY,
                       set(terms("the launch sheet")))  # fmt: skip


@pytest.mark.parametrize(
    ("said", "days"),
    [
        ("Paper door sheets are kept for the current and previous financial year only.",
         2 * 365),
        ("Signed match cards are kept for the current and last season.", 2 * 365),
        ("Barber sheets are kept for the current and the previous month.", 2 * 30),
    ],
)  # fmt: skip
def test_the_current_and_previous_year_are_two(said: str, days: int) -> None:
    """"The current and previous financial year" is two years: a door sheet from four
    years ago is gone; one from this year is not."""
    kept = declared_retention(said, specificity)
    assert [k.days for k in kept] == [days]


def test_the_current_and_previous_year_bound_what_is_asked() -> None:
    kept = declared_retention("Paper door sheets are kept for the current and previous "
                              "financial year only, and shredded each October.", specificity)
    old = "the signed door sheet from the November 2022 guest night"
    assert expired(kept, asked_period(old, TODAY), TODAY, set(terms(old)), old)
    new = f"the signed door sheet from {TODAY.year}"
    assert not expired(kept, asked_period(new, TODAY), TODAY, set(terms(new)), new)


def test_what_there_is_none_of_before_a_day_is_gone_before_it() -> None:
    """"So there are no van temperatures before then" (2020, said before), "there is no
    item-level sales history before March 2014": what is asked of before is nowhere;
    what is asked of since is not, nor is a rule for a time of day."""
    kept = declared_retention("The van had no fridge until 2020 (cool boxes), so there are "
                              "no van temperatures before then. There is no item-level "
                              "sales history before March 2014.", specificity)  # fmt: skip
    assert [(k.subject, k.gone_before) for k in kept] == [
        (frozenset(terms("van temperatures")), date(2020, 1, 1)),
        (frozenset(terms("item-level sales history")), date(2014, 3, 1))]
    old = "what temperature was the van fridge in summer 2018"
    assert expired(kept, asked_period(old, TODAY), TODAY, set(terms(old)), old)
    new = "what temperature was the van fridge in summer 2023"
    assert not expired(kept, asked_period(new, TODAY), TODAY, set(terms(new)), new)
    assert declared_retention("There is no parking before 9am on match days.",
                              specificity) == ()  # fmt: skip


def test_when_the_asker_will_be_somewhere_is_no_period_asked() -> None:
    """"I'm covering for Lisa for a fortnight in August. Where's it written down how a hire
    goes?" asks about the hire, not about August: the old diary that stops in 2022 is not
    the only source that holds it."""
    cards = [card("hiring", "hiring handbook: how a hire goes from first enquiry to invoice, "
                  "and the conditions of hire (reviewed 2025) hirers agree to"),
             card("diary-old", "the old paper bookings diary, 2010 to August 2022: hires, "
                  "enquiries and invoices", status="demoted"),
             card("accounts", "the hall's accounts: payments, bank and grants")]  # fmt: skip
    router = OfflineRouter(make_index(cards), today=date(2026, 12, 4))
    covering = router.rank("I'm covering for Lisa for a fortnight in August. Where's it "
                           "written down how a hire goes from first enquiry to invoice, and "
                           "what hirers agree to?")  # fmt: skip
    assert covering.verdict != "nowhere" and covering.full[0].card_id == "hiring"
    # the same time, asked about, is asked
    asked = router.rank("How did the hires go from enquiry to invoice in August 2021?")
    assert asked.full[0].card_id == "diary-old"


def test_a_person_who_was_there_then_is_an_answer_for_that_time(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """The order system best fits "products and customers in the 1970s and 80s" and
    starts in 2017, the first of its line. The retired managing director left first was
    there from 1979: he remembers, so the question is not "nowhere". Without the years
    he is no answer. (People are held back by the plain cut here, not by the model of
    who asks for someone, which hears no one wanted in this question and holds him
    lower still.)"""
    cards = [
        card("orders", "the order system since 2017: orders, products, customers",
             kind="system"),
        card("person-geoff", "Geoff, former managing director 1979 to 2017: the works' "
             "history, old customers and products", kind="person"),
        card("handbook", "staff handbook: leave, expenses, conduct"),
    ]  # fmt: skip
    question = "Which products and customers did we have in the 1970s and 80s?"
    ranking = OfflineRouter(index_of(cards), today=TODAY, askers=None).rank(question)
    assert ranking.out_of_period == (("orders", "holds nothing before 2017"),)
    assert ranking.full[0].card_id == "person-geoff"
    assert ranking.verdict == "uncertain"
    ageless = [cards[0], replace(cards[1], what="Geoff, former managing director: the "
                                 "works' history, old customers and products"), cards[2]]
    assert OfflineRouter(index_of(ageless), today=TODAY, askers=None).rank(question).verdict \
        == "nowhere"  # fmt: skip


def test_a_year_that_names_a_model_is_no_time_asked() -> None:
    """"a 2020 Transit Custom", "his 2016 Golf is ...": the year says which model, so the
    old job system that held 2006 to 2021 is not the period's source, and the job system
    that starts in April 2021 is not set aside. A year of a record stays a time asked."""
    for question in ("wheel bolt torque for a 2020 Transit Custom?",
                     "Customer thinks five hours on his 2016 Golf is a rip-off. What's the "
                     "standard time for a clutch?"):  # fmt: skip
        assert asked_period(question, TODAY) is None
    assert asked_period("her 2017 Cobalt Visa statement", TODAY) == Period(
        date(2017, 1, 1), date(2017, 12, 31))
    cards = [card("jobs", "job cards since April 2021: work done on each car, parts fitted and "
                  "times booked",
                  supersedes=("jobs-old",)),
             card("jobs-old", "the old garage system, 2006 to 2021: job cards for every "
                  "car we worked on", status="superseded"),
             card("techdata", "technical data: wheel bolt torque settings, standard repair "
                  "times and service schedules for every make and model")]  # fmt: skip
    router = OfflineRouter(make_index(cards), today=TODAY)
    for question in ("wheel bolt torque for a 2020 Transit Custom?",
                     "What's the standard time for a clutch job on his 2016 Golf?"):
        ranking = router.rank(question)
        assert ranking.verdict != "nowhere" and ranking.full[0].card_id == "techdata"
    old = router.rank("What work did we do on the Transit in 2020?")
    assert old.full[0].card_id == "jobs-old"


def test_a_retention_said_by_the_organizations_own_name_is_not_of_a_card_so_named() -> None:
    """"the acme@ mailbox two years" is not said of "the old Acme Dropbox": a grazing
    licence from 2017 is still in the Dropbox that holds 2013 to 2019."""
    preamble = ("How long we keep things: grazing licences ten years after the licence "
                "ends; the acme@ mailbox two years, then deleted automatically.")
    cards = [card("dropbox-old", 'the old "Acme" Dropbox, read-only: reserve files 2013 to '
                  "2019, grazing licences and consent letters", status="demoted",
                  contains="grazing licences 2013-2019 including the Milburns' sheep"),
             card("sharepoint", "reserve files since March 2020: grazing licences, consents"),
             card("inbox", "the acme@ mailbox: enquiries and sightings", kind="inbox")]
    router = OfflineRouter(make_index(cards, preamble), today=TODAY)
    ranking = router.rank("I need the grazing licence for the Milburns' sheep from 2017.")
    assert ranking.verdict != "nowhere" and ranking.full[0].card_id == "dropbox-old"
    assert router.rank("Can I see the emails in the acme@ mailbox from 2017?").verdict == "nowhere"


def test_a_source_named_as_the_owner_of_what_it_keeps_names_it() -> None:
    """"the tracker's trip history twelve months": a question that names the tracker asks
    about what it keeps, though it says neither "trip" nor "history"."""
    said = "the tracker's trip history twelve months"
    kept = declared_retention(f"How long we keep things: {said}, rolling.", specificity)
    asked = "Where was Van 2 parked on 3 March 2025? Can we still see that on the tracker?"
    wanted = set(terms(asked))
    assert expired(kept, asked_period(asked, TODAY), TODAY, wanted, asked) == (said,)
    recent = asked.replace("3 March 2025", "3 October 2026")
    assert expired(kept, asked_period(recent, TODAY), TODAY, wanted, recent) == ()
    # said without the owner, one word of three is not its name
    plain = declared_retention("How long we keep things: tracker trip history twelve "
                               "months, rolling.", specificity)  # fmt: skip
    assert expired(plain, asked_period(asked, TODAY), TODAY, wanted, asked) == ()


def test_what_was_said_in_a_chat_before_it_started_is_nowhere(
    index_of: Callable[[list[Card]], Index],
) -> None:
    """A channel's people know the past whatever its start, so its start rules out no
    question; what was said in it before it started is not there to scroll back to."""
    cards = [
        card("side-whatsapp", "the side's WhatsApp group: polls, lifts, last-minute changes",
             contains="all members, since March 2020; polls for each dance-out",
             kind="chat-channel"),
        card("bookings", "bookings spreadsheet: every dance-out and fee since 2016",
             kind="spreadsheet"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards), today=TODAY)
    said = router.rank("What did everyone say in the group chat in 2018 about Sidmouth?")
    assert ("side-whatsapp", "holds nothing before 2020-03-01") in said.out_of_period
    assert said.verdict == "nowhere"
    # what it says now, and what its people remember of 2018, are still its to answer
    recent = router.rank("What did everyone say in the group chat last week about Sidmouth?")
    assert recent.candidates[0].card_id == "side-whatsapp" and not recent.out_of_period
    asked = router.rank("Who on the WhatsApp group remembers the 2018 Sidmouth trip?")
    assert "side-whatsapp" not in dict(asked.out_of_period)
