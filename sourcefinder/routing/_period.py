"""The time a question asks about, and whether a card says it holds that time.

Cards state what period they hold in plain words: "every deploy since 2023", "the
2019–2023 Tableau workbooks", "application logs, last 14 days", "30-day retention",
"nothing before 2012 was ever loaded", "read-only since 2025-02-14". A question that
asks for "logs from two months ago", "incident records from 2016" or "the AML alerts
that fired in 2019" cannot be answered by a card whose own text says it starts later or
forgets sooner, however well its words match. The router pushes such a card down and
says why; when every card that matched is out of period, that is a "nowhere".

Both sides are read narrowly, so a year that is part of a name ("Incoterms 2020", "SOC
2") or a measure ("30-day readmission rate") is never taken for a period:

- a question's period needs a time word with the year ("in 2016", "summer 2022",
  "January 2022", "Q3 2021", "before 2020", "early 2025"), a school or
  financial year ("2019-20") or a relative phrase ("two months ago",
  "last April", "last year", "last quarter", "last month", "yesterday");
- a card's coverage comes from its discriminator, contents and gotchas: "since",
  "from ... (to ...)", year ranges, "nothing before", "history starts", a year it has
  nothing for ("no 2020 show", "nothing for 2020 (no trials)"), and retention
  ("N-day retention", "kept N days", "last N days" as its own phrase, "older than N days
  are deleted", "messages disappear after N days", "WhatsApp deletes messages after 90
  days", spelled or in digits); what it says is gone before a day ("books before 2021
  have been destroyed", "nothing before 2024-02 remains") is a start later than what it
  began with, when said of what the card is. A retention naming what it applies
  to ("logs kept 15 days, metrics 15 months") counts only for questions that name it
  (in any form: "applied" names "applicants"); when the question names none of them,
  the longest retention counts if it is all the card says of time, so a card is never
  dropped on a guess, and none does on a card that states its span ("SIMS archive
  2011-2022" whose registers are "deleted after 3 years" still holds 2018's exam
  results); a card whose own example asks about a year ("anyone remembering the 1968
  flood" on interviews recorded 1978-2025) holds talk of that year, whatever its span,
  and what it names that year whatever the preamble says is kept ("signed install sheet
  for the Academy signs, 2019" against "install sheets 6 years");
- the index's preamble may say how long things are kept that no card holds or whose
  card does not say ("Retention limits: CCTV 31 days at each hotel; Guest Care tickets
  deleted after 3 years", "How long records last: ...", ``declared_retention``): a
  question naming one of them (its most specific word and half its words) for a time
  older than that has nowhere to go; so does one for a time before what it says is
  gone ("paper deviations before 2009 were destroyed", "holds results only from 2011
  (older results were purged)").
"""

from __future__ import annotations

import bisect
import calendar
import contextlib
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, replace
from datetime import date, timedelta

from sourcefinder.index.model import Card
from sourcefinder.routing._priors import MODEL_YEAR, years_in
from sourcefinder.routing._text import BRACKETED, ends_marked, paragraphs, same_word, terms

_MONTHS = {m.lower(): i for i, m in enumerate(calendar.month_name) if m}
_MONTHS.update({m.lower(): i for i, m in enumerate(calendar.month_abbr) if m})
_MONTHS["sept"] = 9  # "14 Sept 2024"
MONTHS = _MONTHS  # the month names and their short forms, read by ``_gaps`` too
Span = tuple[date, date]  # a span said of a time: its first and last day
_MONTH = r"(?:" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_YEAR = r"(?:1[89]\d\d|20\d\d)"
YEAR_TERM = re.compile(_YEAR)  # a year as a lexical term ("2016"): the period speaks for it
_NUMBERS = {w: i for i, w in enumerate(
    "zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen "
    "fifteen sixteen seventeen eighteen nineteen twenty".split())}
_NUMBERS.update({"thirty": 30, "forty": 40, "fifty": 50, "sixty": 60})
_SPELLED = "|".join(sorted(_NUMBERS, key=len, reverse=True))  # "eighteen" before "eight"
_NUMBERS.update({"a": 1, "an": 1, "couple of": 2, "few": 3})
_COUNT = r"(\d{1,3}|" + "|".join(sorted(_NUMBERS, key=len, reverse=True)) + r")"
_UNIT = r"(day|week|month|year)s?"
# a season is a year's ("register books 3 seasons": this one and the two before it)
_UNIT_DAYS = {"day": 1, "week": 7, "month": 30, "year": 365, "season": 365}
_SEASONS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11),
            "winter": (1, 12)}  # fmt: skip  # winter straddles two years: read the whole year


# Words that say when, not what: never a subject the map should know.
_DECADE_WORDS = {"twenties": 1920, "thirties": 1930, "forties": 1940, "fifties": 1950,
                 "sixties": 1960, "seventies": 1970, "eighties": 1980, "nineties": 1990,
                 "noughties": 2000}  # fmt: skip
TIME_WORDS = frozenset(
    [*_MONTHS, *(w + s for w in (*_SEASONS, *_UNIT_DAYS) for s in ("", "s")), "ago",
     "yesterday", "today", "tonight", "tomorrow", "quarter", "quarters", "last", "past",
     "previous", "since", "before", "early", "late", "mid", "sometime", *_DECADE_WORDS]
)  # fmt: skip


@dataclass(frozen=True)
class Period:
    """The span a question asks about (inclusive)."""

    start: date
    end: date


@dataclass(frozen=True)
class Coverage:
    """The span a card says it holds: a start, an end, and retentions in days (each
    with the term it applies to, "" for the whole card)."""

    start: date | None = None
    end: date | None = None
    retention: tuple[tuple[frozenset[str], int, str], ...] = ()  # (subject, days, words)
    # each start with what it applies to ("drone imagery only since 2021"; empty: the card)
    starts: tuple[tuple[frozenset[str], date], ...] = ()
    # each end said of a part ("RxWorks transactions 2019–2023" in a lakehouse's contents)
    part_ends: tuple[tuple[frozenset[str], date], ...] = ()
    gaps: frozenset[int] = frozenset()  # years it says it has nothing for ("no 2020 show")
    # the retentions a gotcha says of a thing the card does not say it is ("DVLA check
    # codes expire after 21 days" on a volunteer register): they count only when named
    apart: frozenset[int] = frozenset()
    # the day before which it says nothing remains, whatever it began with
    floor: date | None = None

    def __bool__(self) -> bool:
        return bool(self.start or self.end or self.retention or self.part_ends or self.gaps)


# --- the question -----------------------------------------------------------------------

_AGO = re.compile(rf"\b{_COUNT}\s+{_UNIT}\s+ago\b", re.IGNORECASE)
# "three months back", with a number ("a day back in June" is a day, back in June)
_BACK = re.compile(rf"\b(\d{{1,3}}|{_SPELLED})\s+{_UNIT}\s+back\b", re.IGNORECASE)
_LAST_MONTH_NAME = re.compile(rf"\blast\s+({_MONTH})(?!\s*{_YEAR})\b", re.IGNORECASE)
# "the CCTV from Easter weekend", "went missing around Easter": this year's, gone by
_BARE_EASTER = re.compile(r"\b(?:at|over|around|from|during|on|since)\s+(?:the\s+)?Easter\b"
                          r"(?!\s*(?:(?:weekend|holidays?|Monday|Sunday|week)\s*)?"
                          r"(?:-|in\s+|of\s+)?\s*(?:19|20)\d\d)", re.IGNORECASE)  # fmt: skip
# "last Christmas": the latest one gone by (not "its last Christmas before it shut")
_LAST_CHRISTMAS = re.compile(r"(?<!\bits\s)(?<!\bthe\s)(?<!\btheir\s)(?<!\bhis\s)"
                             r"(?<!\bher\s)\blast\s+Christmas\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(rf"\b({_MONTH})\s+(?:of\s+)?({_YEAR})\b", re.IGNORECASE)
_SEASON = "spring|summer|autumn|fall|winter"
_SEASON_YEAR = re.compile(rf"\b({_SEASON}),?\s+(?:of\s+)?({_YEAR})\b",
                          re.IGNORECASE)  # fmt: skip
# a season counted back: "last winter", "two summers ago", "the autumn before last"
_SEASON_BACK = re.compile(
    rf"\b(?:(last|past|previous)\s+({_SEASON})|{_COUNT}\s+({_SEASON})s\s+ago"
    rf"|(?:the\s+)?({_SEASON})\s+before\s+last"
    # what happened "in the spring" was in the last one: "the guide who left in the spring"
    # ("Back in the spring someone shared a video")
    rf"|(?:left|ended|closed|stopped|happened|finished|retired|resigned|back)\s+in\s+the\s+"
    rf"({_SEASON}))\b(?!\s+(?:of\s+)?{_YEAR})", re.IGNORECASE
)
_QUARTER_YEAR = re.compile(rf"\bQ([1-4])\s*({_YEAR})\b|\b({_YEAR})\s*Q([1-4])\b", re.IGNORECASE)
_RANGE = re.compile(
    rf"\b(?:from|between)\s+({_YEAR})\s*(?:to|until|through|and|-|–)\s*({_YEAR}|today|now)\b"
    # ("service records for the Adler 2014-2016", "2014 to 2016")
    rf"|(?<![-/\d])\b({_YEAR})\s*(?:-|–|to|until|through)\s*({_YEAR})\b(?![-/]\d)",
    re.IGNORECASE,
)
# "from 2005 on" is a start; "from 2005 on the old tablet press" is a year and a place
_NOT_PLACE = r"(?!\s+(?:the|a|an|our|their|its|this|that|my|your|his|her)\b)"
_BEFORE = re.compile(rf"\b(?:before|pre-?|prior\s+to|until)\s*({_YEAR})\b", re.IGNORECASE)
_SINCE = re.compile(
    rf"\bsince\s+(?:about\s+|around\s+|roughly\s+)?({_YEAR})\b"
    rf"|\bfrom\s+({_YEAR})\s+(?:on{_NOT_PLACE}|onwards?|forward)\b"
    # "every spray record back to 2013"; not a source's own reach ("Xero only goes back to
    # 2020": that is why the question is asked)
    rf"|(?<!\bgoes\s)(?<!\bgo\s)(?<!\bonly\s)\bback\s+to\s+(?:about\s+|around\s+)?({_YEAR})\b",
    re.IGNORECASE,
)
_NOT_SINCE = re.compile(r"(?:n't|\bnot|\bnever)\b[^,.;:!?]*$", re.IGNORECASE)
_EVENTS = ("fair|show|festival|congress|conference|convention|games|gala|open|championships?|"
           "marathon|expo|rally|regatta|tournament|cup|awards|ball|carnival|exhibition|"
           "auction|sale|panto|pantomime|tour|race|camp|party|concert|match|trip|dinner|quiz")
_IN_YEAR = re.compile(
    rf"\b(?:in|from|during|for|of|around|circa|throughout|early|late|mid|back\s+in)"
    rf"[-\s]+(?:the\s+)?({_YEAR})\b(?![-/]\d|\s+(?:on{_NOT_PLACE}|onwards?|forward)\b)|\b({_YEAR})'s\b|\bFY\s?({_YEAR})\b"
    # a year that says which one of a thing: "the 1998 proms", "the orchestra's 1962 season"
    rf"|(?:\b(?:the|our|their|its|his|her|my|that|need|want)|'s)\s+(?:original\s+|old\s+|"
    rf"whole\s+|full\s+|actual\s+)?({_YEAR})\s+(?=[a-z])"
    # "christmas 2019", "Boxing Day 2021", "2011-ish", a school or university term:
    # "Hilary term 2020", "Michaelmas 2017", "the spring term 2019"
    # ("Christmas week 2018", "Easter weekend 2019", "the bank holiday weekend 2019")
    rf"|\b(?:(?:christmas|easter|bank\s+holiday)(?:\s+(?:day|eve|week|weekend|holidays?|"
    rf"period|fortnight|sunday|monday|saturday))?|boxing\s+day|new\s+year(?:'s\s+(?:day|eve))?|"
    rf"bonfire\s+night|halloween|(?:valentine|mother|father)['’]?s\s+day|michaelmas|hilary|"
    rf"(?:michaelmas|hilary|trinity|lent|"
    rf"autumn|spring|summer|winter)\s+term)\s+({_YEAR})\b|\b({_YEAR})-ish\b"
    # "that would've been 2016", "in about 2009"
    rf"|\b(?:been|in\s+about|in\s+roughly)\s+({_YEAR})\b(?![-/]\d)"
    # a year of one thing, after a preposition: "the sketch for a 2016 job" (not "for a
    # 2019 Sportage": a model, written with its capital)
    rf"|\b(?:for|from|of|on|at|with)\s+an?\s+({_YEAR})\s+(?=(?-i:[a-z]))"
    # a year hedged: "about 2008", "say 2010", "like 2012"
    rf"|(?<!\bsince\s)\b(?:about|say|like|roughly|approximately|approx\.?|c\.|ca\.)\s+({_YEAR})\b"
    rf"(?![-/]\d)"
    # an event's year: "Toy Fair 2021", "the Great Yorkshire Show 2019", "the Open 2021"
    rf"|(?:\b(?-i:[A-Z])[\w'-]*\s+|\b(?=(?-i:[A-Z])))(?:{_EVENTS})\s+({_YEAR})\b(?![-/]\d)",
    re.IGNORECASE,
)
# A year said in passing, read only when nothing else names the time: "— 2021 I think?",
# "..., 2018 maybe", "..., 2021?"; not "summer 2018 I think", which is read as the summer;
# and a year after a record or an occasion: "trustee minutes 1997", "sports day 2015"
_RECORD_OR_DAY = (r"minutes|accounts|results|photos|pictures|pics|reports?|registers?|diary|"
                  r"diaries|rotas?|ledgers?|returns|newsletters?|programmes?|fixtures|budget|"
                  r"records|logs?|bookings|entries|figures|takings|sales|"
                  r"books?|day|week|night|camp|trip|gala")
_PASSING_YEAR = re.compile(
    rf"(?:^|(?<=[,;—–(?!.-])|(?<=[,;—–(?!.-]\s))({_YEAR})\s+"
    rf"(?:I\s+(?:think|reckon|believe)|maybe|perhaps|or\s+so|or\s+thereabouts)\b"
    rf"|[,—–]\s*({_YEAR})\s*[?.!]*\s*$"
    rf"|\b(?:{_RECORD_OR_DAY})\s+({_YEAR})\b(?![-/–]\d)",
    re.IGNORECASE,
)
# A month named alone ("back in January", "the March storm", "since August"): this
# year's, when it has begun; a month still to come this year is left unread. Capitalized
# full names, or small ones after "in", "since", "from" or "during" ("back in august"),
# so "may" the verb and "march" the verb are never read; "May" itself needs a preposition
# or a day of the month before it ("on 12 May").
_FULL = "|".join(m for m in calendar.month_name if m and m != "May")
# written small ("back in august"), after a preposition; never "may" or "march"
_LOW = "|".join(m.lower() for m in calendar.month_name if m and m not in ("May", "March"))
_BARE_MONTH = re.compile(
    rf"(?:\b([Ss]ince|[Ii]n|[Ff]rom|[Dd]uring|early|late|mid|[Tt]his|[Bb]ack in)\s+)?"
    rf"\b(?<![Ll]ast )(?<![Pp]ast )(?<![Pp]revious )"
    rf"({_FULL}|(?<=in |om |ng |ce |ly |te |id |is |\d\d | \d )May"
    # "over the May bank holiday weekend", "at May half-term"
    rf"|May(?=\s+(?:bank\s+holiday|half[- ]term)\b)"
    rf"|(?<=in |om |ng |ce )(?:{_LOW}))\b"
    rf"(?![-\s,]*(?:{_YEAR}|of\s+{_YEAR}))"
)
# a month in a year counted back: "August two years ago", "March of last year"
_MONTH_BACK = re.compile(
    rf"\b({_MONTH})\s+(?:of\s+)?(?:(last|previous)\s+year|{_COUNT}\s+years?\s+ago)\b",
    re.IGNORECASE,
)
# "from the 1970s", "back in the 1990s": the ten years ("a 1960s school" is its age);
# "in the 1970s and 80s", "during the 1960s to the 1980s": from the first to the last
_DECADE = re.compile(r"\b(?:from|in|during|through|throughout)\s+(?:the\s+)?"
                     r"(1[89]\d0|20\d0)s\b(?:\s+(?:and|or|to|into)\s+(?:the\s+)?"
                     r"(?:'|’)?((?:1[89]|20)?\d0)s\b)?", re.IGNORECASE)
# a decade said in words or by its last two digits: "back in the seventies", "late
# nineties", "from the mid 90s"; not an age ("in her late sixties", "in his forties"), nor
# "fifties" scored or "twenties" in the till
_SAID_DECADE = re.compile(
    r"(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\bmy\s)(?<!\byour\s)(?<!\bour\s)"
    r"\b(?:(?:in|from|during|through|throughout)\s+the\s+(?:(early|mid|late)[-\s]+)?"
    r"|(early|mid|late)[-\s]+)"
    rf"({'|'.join(_DECADE_WORDS)}|['’]?[3-9]0s)\b", re.IGNORECASE)
# its first, middle or last years
_PART_OF_DECADE = {"early": (0, 3), "mid": (3, 7), "late": (6, 9), "": (0, 9)}
# a year that straddles two ("2019-20", "2025/26"): April of the first to August of the next
_SPLIT_YEAR = re.compile(rf"\b({_YEAR})[-/–](\d\d)\b(?![-/]\d)")
# "closed on 2021-03-31": one day, written the ISO way
_ISO_DAY = re.compile(rf"\b({_YEAR})-(\d\d)-(\d\d)\b")
# "early 2025" is its first third, "mid-2019" its middle, "late 2021" its last
_PART_OF_YEAR = {"early": (1, 4), "mid": (5, 8), "late": (9, 12)}
# ... not someone's own ("her last week" on the unit is hers, not the week gone by)
_RELATIVE = re.compile(r"(?<!\bher\s)(?<!\bhis\s)(?<!\btheir\s)(?<!\bits\s)"
                       r"\b(?:(early|mid|late)[-\s]+)?(last|past|previous)\s+"
                       r"(year|quarter|month|week)\b|\byesterday\b", re.IGNORECASE)  # fmt: skip


# "she starts in January", "the rota for March will": a month named alone is one to come;
# so is one asked free or to be booked ("Is the big hall free on Sat 20 June?")
_AHEAD = re.compile(r"\b(?:starts|starting|will|going to|coming|upcoming)\b|'ll\b"
                    r"|\b(?:is|are)\b[^.?!]{0,40}?\b(?:free|available)\s+(?:on|for|over|at)\b"
                    r"|\bcan\s+(?:i|we|they)\s+(?:book|hire|have)\b"
                    # "how do I book a week off in August", "I want to book the hall in May"
                    # (not "I need to request the CCTV from August")
                    r"|\b(?:how\s+(?:do|can|should|would)\s+(?:i|we|you)|(?:want|need|like)\s+to)"
                    r"\s+(?:book|reserve)\b"
                    # "where do I put in for time off in August", "can I take a week off"
                    r"|\bput\s+in\s+for\b|\b(?:take|taking)\s+(?:some\s+|a\s+|the\s+)?(?:few\s+)?"
                    r"(?:time|days?|weeks?)\s+off\b",
                    re.IGNORECASE)  # fmt: skip
_WHEN_WORDS = ("ago", "back", "last", "past", "previous", "yesterday", "ties", "easter",
               *_SEASONS)
_MONTH_LOWS = tuple(m.lower() for m in calendar.month_name if m)


def _easter(year: int) -> date:
    """Easter Sunday of ``year`` (the Gregorian computus)."""
    a, b, c = year % 19, year // 100, year % 100
    d, e = divmod(b, 4)
    f = (b + 8) // 25
    g = (b - f + 1) // 3
    h = (19 * a + b - d - g + 15) % 30
    i, k = divmod(c, 4)
    el = (32 + 2 * e + 2 * i - h - k) % 7
    m = (a + 11 * h + 22 * el) // 451
    month, day = divmod(h + el - 7 * m + 114, 31)
    return date(year, month, day + 1)


def _month_span(year: int, month: int) -> Period:
    return Period(date(year, month, 1), date(year, month, calendar.monthrange(year, month)[1]))


def _year_span(year: int) -> Period:
    return Period(date(year, 1, 1), date(year, 12, 31))


def _season_back(name: str, back: int, today: date) -> Period:
    """The season ``back`` times over, counting the last one that has ended as one:
    winter runs from December to February."""
    if name == "winter":
        year = today.year - (today.month < 3) - (back - 1)  # the year its February is in
        return Period(date(year - 1, 12, 1), _month_span(year, 2).end)
    first, last = _SEASONS[name]
    year = today.year - (today.month <= last) - (back - 1)
    return Period(date(year, first, 1), _month_span(year, last).end)


def _count(word: str) -> int:
    word = " ".join(word.lower().split())
    return int(word) if word.isdigit() else _NUMBERS[word]


_NOW_IS = re.compile(
    rf"\b(?:it'?s|it\s+is|we'?re|we\s+are)\s+(?:now\s+)?(?:in\s+)?(?:{_MONTH})\s+now\b"
    rf"|\b(?:it'?s|it\s+is|we'?re|we\s+are)\s+now\s+(?:in\s+)?(?:{_MONTH})\b",
    re.IGNORECASE)  # fmt: skip


def asked_period(question: str, today: date) -> Period | None:
    """The span ``question`` asks about, or None when it names no time (several
    mentions: the span covering all of them)."""
    low = question.lower()
    if not (_DIGIT.search(question) or any(w in low for w in _WHEN_WORDS)
            or any(m in low for m in _MONTH_LOWS)):  # fmt: skip
        return None  # most questions name no time: skip the eleven patterns
    # "It's November now": today, said to count back from, not a time asked about
    question = _NOW_IS.sub(lambda m: " " * len(m.group()), question)
    # "his 2016 Golf": which model, not when
    question = MODEL_YEAR.sub(lambda m: " " * len(m.group()), question)
    spans: list[Period] = []
    for m in _ISO_DAY.finditer(question):
        with contextlib.suppress(ValueError):  # "2021-02-30" names no day
            day = date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
            spans.append(Period(day, day))
    for m in _MONTH_BACK.finditer(question):
        back = 1 if m.group(2) else _count(m.group(3))
        spans.append(_month_span(today.year - back, _MONTHS[m.group(1).lower().rstrip(".")]))
        # read once, as one month: blank it so "two years ago" and "August" are not read again
        question = question[: m.start()] + " " * (m.end() - m.start()) + question[m.end():]
    for m in (*_AGO.finditer(question), *_BACK.finditer(question)):
        day = today - timedelta(days=_count(m.group(1)) * _UNIT_DAYS[m.group(2).lower()])
        spans.append(Period(day, day))
    for m in _LAST_MONTH_NAME.finditer(question):
        month = _MONTHS[m.group(1).lower().rstrip(".")]
        spans.append(_month_span(today.year - (month >= today.month), month))
    for _ in _LAST_CHRISTMAS.finditer(question):
        year = today.year - (today < date(today.year, 12, 24))
        spans.append(Period(date(year, 12, 24), date(year, 12, 26)))
    for _ in _BARE_EASTER.finditer(question) if not _AHEAD.search(question) else ():
        sunday = _easter(today.year)
        if sunday <= today:  # (one to come is no time asked about: "before Easter")
            spans.append(Period(sunday - timedelta(days=2), sunday + timedelta(days=1)))
    dated = len(spans)  # the spans from here to the bare months each name their year
    for m in _MONTH_YEAR.finditer(question):
        spans.append(_month_span(int(m.group(2)), _MONTHS[m.group(1).lower().rstrip(".")]))
    for m in _SEASON_YEAR.finditer(question):
        first, last = _SEASONS[m.group(1).lower()]
        year = int(m.group(2))
        spans.append(Period(date(year, first, 1), _month_span(year, last).end))
    for m in _SEASON_BACK.finditer(question):
        name = (m.group(2) or m.group(4) or m.group(5) or m.group(6)).lower()
        back = 1 if m.group(1) or m.group(6) else 2 if m.group(5) else _count(m.group(3))
        spans.append(_season_back(name, back, today))
    for m in _QUARTER_YEAR.finditer(question):
        q, y = (m.group(1), m.group(2)) if m.group(1) else (m.group(4), m.group(3))
        first = 3 * int(q) - 2
        spans.append(Period(date(int(y), first, 1), _month_span(int(y), first + 2).end))
    for m in _RANGE.finditer(question):
        since, end = m.group(1, 2) if m.group(1) else m.group(3, 4)
        if end[0].isdigit() and int(end) < int(since):
            continue  # (no span runs backwards)
        until = _year_span(int(end)).end if end[0].isdigit() else today
        spans.append(Period(date(int(since), 1, 1), until))
    for m in _BEFORE.finditer(question):
        spans.append(Period(date(1900, 1, 1), date(int(m.group(1)), 1, 1) - timedelta(days=1)))
    for m in _SINCE.finditer(question):
        year = int(next(g for g in m.groups() if g))
        # "a dog we haven't seen since 2014": that year is the last, not a start
        not_since = _NOT_SINCE.search(question, max(0, m.start() - 40), m.start())
        spans.append(_year_span(year) if not_since else Period(date(year, 1, 1), today))
    for m in _DECADE.finditer(question):
        first = last = int(m.group(1))
        if m.group(2):  # "80s" is of the first's century
            to = int(m.group(2))
            last = to if to >= 100 else first - first % 100 + to
            first, last = min(first, last), max(first, last)
        spans.append(Period(date(first, 1, 1), date(last + 9, 12, 31)))
    for m in _SAID_DECADE.finditer(question):
        said = m.group(3).lower().lstrip("'’")
        decade = _DECADE_WORDS.get(said) or 1900 + int(said[:2])
        first, last = _PART_OF_DECADE[(m.group(1) or m.group(2) or "").lower()]
        spans.append(Period(date(decade + first, 1, 1), date(decade + last, 12, 31)))
    for m in _SPLIT_YEAR.finditer(question):
        first = int(m.group(1))
        if int(m.group(2)) == (first + 1) % 100:  # "2019-20": a school or financial year
            spans.append(Period(date(first, 4, 1), date(first + 1, 8, 31)))
        elif first % 100 < int(m.group(2)) <= first % 100 + 20:  # "2014-16": the years
            spans.append(Period(date(first, 1, 1), date(first - first % 100 + int(m.group(2)),
                                                        12, 31)))
    for m in _IN_YEAR.finditer(question):
        year = int(next(g for g in m.groups() if g))
        first, last = _PART_OF_YEAR.get(m.group(0).split()[0].split("-")[0].lower(), (1, 12))
        spans.append(Period(date(year, first, 1), _month_span(year, last).end))
    # "the 2021 season ... the August weekends": a month said bare is of the year named
    named = [s for s in spans[dated:] if s.start.year == s.end.year]
    for m in _BARE_MONTH.finditer(question) if not _AHEAD.search(question) else ():
        month = _MONTHS[m.group(2).lower()]
        if named:
            span = _month_span(max(s.start.year for s in named), month)
        elif month > today.month:
            continue  # "the December release" in November: last year's or the coming one
        else:
            span = _month_span(today.year, month)
        since = (m.group(1) or "").lower() == "since"
        spans.append(Period(span.start, today) if since else span)
    for m in _RELATIVE.finditer(question):
        unit = (m.group(3) or "day").lower()
        if unit == "year":  # "early last year" is its first third
            first, last = _PART_OF_YEAR.get((m.group(1) or "").lower(), (1, 12))
            year = today.year - 1
            spans.append(Period(date(year, first, 1), _month_span(year, last).end))
        elif unit == "quarter":
            first = 3 * ((today.month - 1) // 3) + 1 - 3
            year = today.year - (first < 1)
            first = first + 12 if first < 1 else first
            spans.append(Period(date(year, first, 1), _month_span(year, first + 2).end))
        elif unit == "month":
            prev = today.replace(day=1) - timedelta(days=1)
            spans.append(_month_span(prev.year, prev.month))
        elif unit == "week":
            spans.append(Period(today - timedelta(days=13), today - timedelta(days=7)))
        else:
            spans.append(Period(today - timedelta(days=1), today - timedelta(days=1)))
    if not spans:
        spans.extend(_year_span(int(next(g for g in m.groups() if g)))
                     for m in _PASSING_YEAR.finditer(question))
    spans = [s for s in spans if s.start <= today]
    if not spans:
        return None
    return Period(min(s.start for s in spans), min(today, max(s.end for s in spans)))


# --- the card ---------------------------------------------------------------------------

# "since 1 October 2023": a day before the month is read as that month (the widest reading)
_DATE = rf"(?:(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?({_MONTH})\s+)?({_YEAR})(?:-(\d\d)(?:-(\d\d))?)?"
# ("~6,200 orders since launch in 2020-09", "since it opened in 2019")
_CARD_SINCE = re.compile(rf"\bsince\s+(?:the\s+)?(?:(?:its\s+|our\s+)?(?:launch|opening|start)|"
                         rf"(?:it|we)\s+(?:started|opened|launched|began))?\s*(?:in\s+|on\s+)?"
                         rf"{_DATE}\b", re.IGNORECASE)
_CARD_FROM = re.compile(
    rf"\bfrom\s+{_DATE}(?:\s+(?:to|until|through)\s+{_DATE})?\b", re.IGNORECASE
)
# "files for 2019 onwards remain", "bound catalogues 1952 onwards", "(April 2020 on)": a
# start
_CARD_ONWARDS = re.compile(rf"\b{_DATE}\s+(?:onwards?\b|on(?=\s*[),;]))", re.IGNORECASE)
# a season or school year is said split ("seasons 2012–13 to 2019–20"): it ends in the
# second year
_CARD_RANGE = re.compile(
    rf"(?<![\w-])(?:({_MONTH})\s+)?({_YEAR})(?:[–/-]\d\d(?!\d))?\s*(?:–|—|-|to)\s*"
    # ("January 2020 to 4 June 2023": to the end of that month, the widest reading)
    rf"(?:(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?({_MONTH})\s+)?({_YEAR}|present|now|today)"
    rf"(?:[–/-](\d\d))?\b(?![-/]\d)",
    re.IGNORECASE,
)
# "2011–2014 data was purged in the migration", "callout books from 1972 to 1997 went to
# the Heritage Centre": a span that is gone is not held
# what was got rid of: "were shredded", "thrown out", "cleared out when the shop moved"
_THROWN = r"shredded|thrown\s+(?:away|out)|cleared\s+out|binned|scrapped|ruined"
# what was not kept in the first place: "never written down", "not recorded", "never logged"
_UNWRITTEN = r"written\s+down|recorded|logged"
_GONE = re.compile(
    r"\)?(?:\s+[\w-]+){0,2}?\s+(?:(?:was|were|has\s+been|have\s+been)\s+(?:not\s+kept|"
    # ("orders from the old Wix site (2015–2020) were never brought across")
    r"(?:not|never)\s+(?:migrated|copied|moved|imported|transferred|brought\s+(?:across|over)|"
    r"carried\s+over)|purged|deleted|destroyed|lost|discarded|dropped|removed|deposited|transferred|"
    rf"handed\s+over|given|{_THROWN})"
    r"|went\s+to|(?:is|are|was|were)\s+(?:all\s+)?gone"
    # "the 2009-2015 books went in the Storm Desmond flood"
    r"|went\s+(?:in|with)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:flood|fire|skip|bin|clear-?out|"
    r"pipe|leak|burglary|break-in|crash)"
    # "forms from 2011 to 2015 are on paper in the records store" (on a scanned source)
    r"|(?:is|are|was|were)\s+(?:still\s+)?(?:on\s+paper|in\s+(?:archive\s+)?boxes))\b",
    re.IGNORECASE,
)
_CARD_NOTHING = re.compile(
    rf"\b(?:nothing|no\s+(?:data|records?|history|(?:[a-z]+\s+)?[a-z]+(?=\s+before\b)))\b"
    rf"(?:\s+\w+){{0,3}}?\s+"
    rf"(?:before|prior\s+to|older\s+than|earlier\s+than)\s+"
    rf"(?:(?:about|around|roughly|approximately|circa|c\.)\s+)?{_DATE}\b",  # "before about 2024-02"
    re.IGNORECASE,
)
# "nothing remains for adults last treated in 2014 or earlier": held from the year after,
# for what it is said of
_CARD_OR_EARLIER = re.compile(
    rf"\bnothing\s+(?:remains|is\s+left|survives|is\s+kept|is\s+held)(?:\s+(?:for|of)"
    rf"((?:\s+[\w'-]+){{1,5}}?))?\s+(?:in|from)\s+({_YEAR})\s+or\s+(?:earlier|before)\b",
    re.IGNORECASE,
)
# "2019 and earlier are gone": held from the year after; "the books for FY2019/20 and
# earlier were deleted": from the start of its second year, the widest reading
_CARD_GONE_UP_TO = re.compile(
    rf"\b(?:FY\s?)?({_YEAR})(?:[/–-]\d\d)?\s+(?:and|or)\s+(?:earlier|before)\s+"
    rf"(?:(?:is|are|was|were|has\s+been|have\s+been)\s+)?"
    rf"(?:gone|lost|destroyed|shredded|deleted|purged|ruined)\b", re.IGNORECASE,
)
# A year the card says it has nothing for: "(nothing in 2020)", "no 2020 show", "no
# festival in 2020"; not a bound ("nothing in 2019 or earlier", "no later than 2020")
_CARD_GAP = re.compile(
    # ("no congress in 2020 or 2021": each)
    rf"\b(?:(?:nothing|none)\s+(?:in|for)|no\s+[a-z]+\s+in)\s+({_YEAR})\s*(?:,|or|and|&)\s*"
    rf"({_YEAR})\b(?!\s*(?:or|to|and|until|-|–)\b)"
    # ("one folder per show (2022–2025; none for 2021, the show was cancelled)")
    rf"|\b(?:nothing|none)\s+(?:in|for)\s+({_YEAR})\b(?!\s*(?:or|to|and|until|-|–)\b)"
    rf"|\bno\s+({_YEAR})\s+[a-z]+|\bno\s+(?!(?:later|longer|earlier|more|less|sooner)\b)"
    rf"[a-z]+\s+in\s+({_YEAR})\b(?!\s*(?:or|to|and|until|-|–)\b)",
    re.IGNORECASE,
)
_CARD_STARTS = re.compile(
    rf"\b(?:starts?|begins?|goes\s+back\s+to|back\s+to)\s+(?:in\s+)?{_DATE}\b", re.IGNORECASE
)
_KEEP_WORD = r"(?:retention|retained|kept|keeps|stored|held|holds|purged\s+after)"
_RETENTION = re.compile(
    rf"\b{_KEEP_WORD}\s+(?:for\s+|of\s+)?(?:only\s+)?(?:the\s+)?"
    rf"(?:last\s+|past\s+)?(\d{{1,4}})\s*{_UNIT}\b"
    rf"|\b(\d{{1,4}})[- ]{_UNIT}\s+(?:of\s+)?(?:retention|history|window)\b"
    rf"|(?:^|[,(;:]\s*|\bonly\s+(?:the\s+)?)(?:last|past)\s+(\d{{1,4}})\s+{_UNIT}\b"
    rf"|\bolder\s+than\s+(\d{{1,4}})\s+{_UNIT}\s+(?:are|is|get|gets)\s+"
    rf"(?:deleted|purged|dropped|removed|expired|gone)\b"
    # ("overwritten after ~30 days", "overwrites itself after about 30 days")
    rf"|\b(?:deleted|purged|dropped|removed|erased|expire[sd]?|gone|overwritten|"
    rf"overwrites(?:\s+itself)?|wiped)\s+(?:after\s+)?"
    rf"(?:(?:about|around|roughly|approximately)\s+|~\s*)?(\d{{1,4}})\s*{_UNIT}\b"
    # "disappearing messages after 90 days", "messages disappear after 90 days"
    rf"|\bdisappear(?:s|ing)?(?:\s+messages)?\s+(?:after|set\s+to)\s+(\d{{1,4}})\s*{_UNIT}\b"
    # "12 months of history", "only 13 months kept"
    rf"|\b(\d{{1,4}})\s*{_UNIT}\s+(?:(?:is|are)\s+)?(?:kept|retained)\b"
    # "rolling 12 months", "a rolling 30 days of video"
    rf"|\brolling\s+(\d{{1,4}})[- ]{_UNIT}\b"
    # "results older than 36 months drop off the portal"
    rf"|\bolder\s+than\s+(\d{{1,4}})\s+{_UNIT}\s+(?:drops?|falls?)\s+off\b",
    re.IGNORECASE,
)
# "WhatsApp deletes messages after 90 days", "Jotform deletes submissions after 2 years":
# said of what is deleted
_DELETES = re.compile(
    rf"\b(?:deletes|purges|removes|wipes|erases|clears)\s+((?:[a-z][\w'-]*\s+){{0,4}}?)"
    rf"(?:after|older\s+than)\s+(?:(?:about|around|roughly|approximately)\s+|~\s*)?"
    rf"(\d{{1,4}})\s*{_UNIT}\b", re.IGNORECASE)
# "nothing before 2016 survives": what is left, not what it began with
_REMAINS = re.compile(r"\s+(?:now\s+)?(?:remains?|survives?|exists?|is\s+left|was\s+kept)\b",
                      re.IGNORECASE)
_NOT_ITEM = re.compile(r"[,;]?\s*\bNOT\s+|;\s*")
_NOT_YEARS = re.compile(
    rf"\s*({_YEAR})(?:\s*(?:[-–—]|to)\s*({_YEAR}|\d\d)|\s*(?:or|and|&)\s*({_YEAR})"
    r"|\s+((?:or|and)\s+(?:earlier|before))|\s+(onwards?|on|(?:and|or)\s+later))?"
    r"\s*(?:\([^()]*\))?\s*(?:\b(?:and|or)\b)?\s*",
    re.IGNORECASE,
)
_NOT_PRE = re.compile(rf"(?<![\w-])pre-({_YEAR})\b", re.IGNORECASE)
_ANYTHING = re.compile(r"\s*any(?:thing|one)\s+(?:from\s+)?(?:before|prior\s+to|earlier\s+than|"
                       r"older\s+than)\s+(?=[^,;]*\d)", re.IGNORECASE)  # fmt: skip
_ANY = re.compile(r"^\s*any(?:thing|one)\s+", re.IGNORECASE)
_NOT_ANY_OLDER = re.compile(rf"\s*any(?:thing|one)\s+older\s+than\s+(?:about\s+|around\s+)?"
                            rf"(\d{{1,4}})\s*{_UNIT}\b", re.IGNORECASE)  # fmt: skip
_ISO_MONTH = re.compile(r"-(0[1-9]|1[0-2])\b")
# a range said before what it is of ("the Apr 2020–Feb 2021 quotes")
_ARTICLES = frozenset("the its our their".split())
_NAMES_NEXT = re.compile(r"\s+([a-z][\w-]*)")
_TIME_TERMS = frozenset(terms("year month week day season quarter those ones"))
_NO_LONGER = re.compile(r"\bno\s+longer\s+exists?\b|\b(?:do|does|did)\s+not\s+survive\b",
                        re.IGNORECASE)  # fmt: skip
# Said of the subject, not part of it: "drone imagery only since", "tickets are deleted".
_NOT_SUBJECT = frozenset("only just still also are is were was get gets be been kept available "
                         "exists exist data who which that".split())  # fmt: skip
_NOT_SUBJECT_TERMS = frozenset(terms(" ".join(_NOT_SUBJECT)))
_DIGIT = re.compile(r"\d")
_NO = re.compile(r"\b(?:no|not|nothing|none|never)\b", re.IGNORECASE)
# a part named as the card's first years is no part that ended ("early minutes (2015–2017)")
_EARLY = frozenset(terms("early earlier earliest first"))
# what a span is counted by, not what it is of ("results sheet per year")
_PER = frozenset("per each every".split())
_DENIED = frozenset("never not".split())
# "read-only since 2025-02-14": the card stopped growing then, it did not start.
_ENDED = frozenset("read-only readonly frozen archived closed retired decommissioned "
                   "sunset sunsetted".split())  # fmt: skip
# "undocumented since 2026-01", "tech lead since 2019": not about what the card holds.
_NOT_COVERAGE = frozenset("undocumented deprecated unmaintained lead head manager owner "
                          "member chair been".split())  # fmt: skip


def _word_before(text: str, at: int) -> str:
    """The word just before position ``at`` (read backwards, never by a regex scan)."""
    end = at
    while end > 0 and text[end - 1].isspace():
        end -= 1
    start = end
    while start > 0 and (text[start - 1].isalnum() or text[start - 1] in "-_"):
        start -= 1
    return text[start:end]


def _start_before(text: str, at: int) -> int:
    """Where the word just before position ``at`` starts."""
    end = at
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end - len(_word_before(text, end))


def _subject(text: str, at: int, *, past_small: bool = False, size: int = 2) -> frozenset[str]:
    """The terms of the (up to ``size``) words before ``at`` that a period statement is
    said of ("drone imagery only since 2021" -> drone, imagery), within its own phrase;
    of an aside, the first of the phrase before it. ``past_small``: small words do not
    count ("lots from the 2016 to 2020 vintages" -> lots)."""
    words: list[str] = []
    end = at
    while end > 0 and text[end - 1].isspace():
        end -= 1
    if end > 0 and text[end - 1] == "(":
        # "season tickets issued before the switch (deleted 3 years after expiry)": an
        # aside is said of the phrase it follows, named by its first words
        start = end = end - 1
        while start > 0 and text[start - 1] not in ",;:()":
            start -= 1
        named = [t for w in re.findall(r"[A-Za-z][\w-]*", text[start:end])
                 if w.lower() not in _NOT_SUBJECT for t in terms(w)]
        return frozenset(named[:size])
    while len(words) < size:
        while end > 0 and text[end - 1].isspace():
            end -= 1
        word = _word_before(text, end)
        if not word:
            break  # punctuation: the phrase starts here
        end -= len(word)
        if word.lower() in _DENIED:
            words.clear()  # "candidates never placed": said of candidates, not placements
        elif word.lower() not in _NOT_SUBJECT and (terms(word) or not past_small) and not (
                past_small and (word.lower() in _PER or set(terms(word)) <= _TIME_TERMS)):
            words.append(word)  # ("results sheet per year 2009–2024": results sheet)
    return frozenset(terms(" ".join(words)))


def _part(text: str, at: int) -> frozenset[str]:
    """What a range at ``at`` in a live card's contents or gotchas is said of, past the
    small words; nothing when that is the card's own first years ("early minutes
    (2015–2017) are scans")."""
    part = _subject(text, at, past_small=True)
    return frozenset() if part & _EARLY else part


# what a card says is kept somewhere else: "returns under the old contract are not here:
# September 2021 to March 2023 in the closed folder"
# (or a time then said to be in another named place: "1999-2019 are in the Access
# database", "orders to 2015 are in OnBase")
_NOT_HERE = re.compile(r"\bnot\s+(?:here|in\s+(?:here|this\s+(?:one|card|system|source)))\b"
                       r"|\b(?:19|20)\d\d\)?\s+(?:are|were|is|was)\s+(?:now\s+|still\s+)?"
                       r"(?:kept\s+|held\s+|stored\s+)?(?:in|on|at)\s+(?:the\s+)?"
                       r"(?!(?:use|this|these|here|it)\b)\w",
                       re.IGNORECASE)  # fmt: skip
_CLAUSE = re.compile(r"[^;.]+(?:\.(?! )[^;.]*)*")


def _elsewhere(text: str) -> Callable[[int], bool]:
    """Whether the clause at a position of ``text`` says what it names is not here (read
    once per text: a clause with many dates is not scanned again for each)."""
    away = [(m.start(), m.end()) for m in _CLAUSE.finditer(text) if _NOT_HERE.search(m.group())]
    starts = [a for a, _ in away]

    def at(i: int) -> bool:
        k = bisect.bisect_right(starts, i) - 1
        return k >= 0 and i < away[k][1]

    return at


# a word of ``_ENDED`` said of the card, not of a thing it names ("the Membership folder
# holds only the frozen 2012-2021 workbook")
_SAID_ENDED = re.compile(r"(?<!\bthe\s)(?<!\ba\s)(?<!\ban\s)(?<!\bits\s)(?<!\bour\s)"
                         r"(?<!\btheir\s)\b([\w-]+)")


def _denied(text: str, at: int) -> bool:
    """Whether the clause up to ``at`` denies what its span holds: "there was no
    newsletter at all from 2016 to March 2019" is a gap, not a span held."""
    start = max(text.rfind(";", 0, at), text.rfind(". ", 0, at)) + 1
    return _NO.search(text, start, at) is not None


def _live(card: Card) -> bool:
    """Whether ``card`` is a source still growing: no archive, nothing says it ended."""
    return card.trust != "archive" and card.status == "active" and not any(
        m.group(1) in _ENDED for t in (card.what, card.contains, *card.gotchas)
        for m in _SAID_ENDED.finditer(t.lower()))  # fmt: skip


def _overlap(asked: Period, span: Span) -> int:
    """How many days of ``asked`` fall in ``span``."""
    return max(0, (min(asked.end, span[1]) - max(asked.start, span[0])).days + 1)


def _date(month: str | None, year: str, mm: str | None, dd: str | None, *, end: bool) -> date:
    y = int(year)
    if mm:
        m = max(1, min(12, int(mm)))
        if dd:
            return date(y, m, max(1, min(calendar.monthrange(y, m)[1], int(dd))))
        return _month_span(y, m).end if end else date(y, m, 1)
    if month:
        span = _month_span(y, _MONTHS[month.lower().rstrip(".")])
        return span.end if end else span.start
    return date(y, 12, 31) if end else date(y, 1, 1)


def coverage(card: Card) -> Coverage:
    """What span ``card`` says it holds (empty when its text says nothing of it)."""
    # every statement of a period has a digit in it: most texts are skipped at once
    texts = [_in_digits(t) for t in (card.what, card.contains, *card.gotchas)]
    texts = [t for t in texts if _DIGIT.search(t)]
    # "NOT anything before May 2023", "NOT anything older than 30 days": what it is not
    # is a time, said as a card says what it holds ("nothing before May 2023", "last 30
    # days")
    for t in map(_in_digits, _NOT_ITEM.split(card.what_not)):
        if _ANYTHING.match(t):
            m = _NOT_ANY_OLDER.match(t)
            texts.append(f"last {m.group(1)} {m.group(2)}s" if m else f"nothing {_ANY.sub('', t)}")
    # "NOT 1976–1979 (burnt in the hut fire)", "NOT 2017 or 2018 (lost)", "NOT 2015 or
    # earlier", "NOT 2022 onwards": years the discriminator says the card has nothing for
    said_not = [m for t in _NOT_ITEM.split(card.what_not) if (m := _NOT_YEARS.fullmatch(t))]
    # "NOT pre-2024 rules", "NOT payments or pre-2022 history": it holds nothing earlier
    pre = [date(int(m.group(1)), 1, 1) for m in _NOT_PRE.finditer(card.what_not)]
    if not texts and not said_not and not pre:
        return Coverage()
    starts: list[tuple[frozenset[str], date]] = []
    part_ends: list[tuple[frozenset[str], date]] = []
    ends: list[date] = []
    kept: list[tuple[frozenset[str], int, str]] = []
    floors: list[date] = pre
    gaps: set[int] = set()
    for m in said_not:
        first, last, other, earlier, later = m.groups()
        if earlier:
            floors.append(date(int(first) + 1, 1, 1))
        elif later:
            ends.append(date(int(first) - 1, 12, 31))
        elif last:  # "1976–1979", "2012–14"
            end = int(last) if len(last) == 4 else int(first) // 100 * 100 + int(last)
            gaps.update(range(int(first), end + 1))
        else:  # "2017 or 2018", "2013"
            gaps.update({int(first), int(other or first)})
    apart: set[int] = set()
    none: frozenset[str] = frozenset()
    own = frozenset(terms(f"{card.id.replace('-', ' ')} {card.what}"))
    gotchas = {_in_digits(g) for g in card.gotchas} - {_in_digits(card.what),
                                                        _in_digits(card.contains)}
    live = _live(card)  # once: a card with many ranges is not read again for each
    for text in texts:
        for m in _CARD_SINCE.finditer(text):
            before = _word_before(text, m.start()).lower()
            if before in _NOT_COVERAGE:
                continue
            if before and _word_before(text, _start_before(text, m.start())).lower() in _DENIED:
                continue  # "patients not seen since October 2019" were seen before it
            when = _date(*m.group(1, 2, 3, 4), end=False)
            if before in _ENDED:
                ends.append(when)
            else:
                starts.append((_subject(text, m.start()), when))
        elsewhere = _elsewhere(text)
        for m in _CARD_FROM.finditer(text):
            # "diaries from 2013 to 2020 have been destroyed", "the paper archive from
            # 1946 to 2004 is at the Record Office, not here"
            if _GONE.match(text, m.end()) or elsewhere(m.start()) or _denied(text, m.start()):
                continue
            starts.append((_subject(text, m.start()), _date(*m.group(1, 2, 3, 4), end=False)))
            if m.group(6):
                # on a live card, a span said of something in its contents or gotchas
                # ends that part ("entries from 2016 to 2019 were typed up from paper")
                until = _date(*m.group(5, 6, 7, 8), end=True)
                part = _part(text, m.start()) if text is not card.what and live else none
                if part:
                    part_ends.append((part, until))
                elif text is card.what or not live:
                    ends.append(until)
        for m in _CARD_ONWARDS.finditer(text):
            if not (_GONE.match(text, m.end()) or elsewhere(m.start())):
                starts.append((_subject(text, m.start()), _date(*m.group(1, 2, 3, 4), end=False)))
        for m in _CARD_RANGE.finditer(text):
            if _GONE.match(text, m.end()) or elsewhere(m.start()) or _denied(text, m.start()):
                continue
            first, last, mm = m.group(2), m.group(4), None
            if m.group(5) and last[0].isdigit() and int(m.group(5)) > int(last) % 100:
                last = str(int(last) // 100 * 100 + int(m.group(5)))  # "2019–20": in 2020
            elif m.group(5) and 1 <= int(m.group(5)) <= 12:
                mm = m.group(5)  # "2003-01 to 2019-06": to the end of June 2019
            if last[0].isdigit() and not int(first) <= int(last) <= int(first) + 200:
                continue
            # in a live card's contents or gotchas, a range said of something is that
            # part's span ("RxWorks transactions 2019–2023" in a lakehouse); in the
            # discriminator, or on an archive, it is the card's ("SIMS archive 2011–2022",
            # "work items 2017–2023, read-only"); said of no part it names, it ends
            # nothing on a live card ("done for 2009 to 2015, 2016 to 2020 still in the
            # old log": the card still grows)
            part = _part(text, m.start()) if text is not card.what and live else none
            if live and text is card.what and (next_word := _NAMES_NEXT.match(text, m.end())) \
                    and _word_before(text, m.start()).lower() in _ARTICLES:
                # "invoices, bills and the Apr 2020–Feb 2021 quotes": of what it names next
                part = frozenset(terms(next_word.group(1)))
            starts.append((part, _date(m.group(1), first, None, None, end=False)))
            if last[0].isdigit():  # "2016 – Jul 2022": to the end of July
                if part:
                    part_ends.append((part, _date(m.group(3), last, mm, None, end=True)))
                elif text is card.what or not live:
                    ends.append(_date(m.group(3), last, mm, None, end=True))
        for m in _CARD_OR_EARLIER.finditer(text):
            said = frozenset(terms(m.group(1) or "")) - _NOT_SUBJECT_TERMS
            starts.append((said, date(int(m.group(2)) + 1, 1, 1)))
        for m in _CARD_GONE_UP_TO.finditer(text):
            starts.append((none, date(int(m.group(1)) + 1, 1, 1)))
        for m in _LOST_BEFORE.finditer(text):
            # "books before 2021 have been destroyed", "stubs from before 2020 no longer
            # exist": what is left starts then
            gone = _LOST.search(text, m.end()) or _NO_LONGER.search(text, m.end())
            if gone and not _STILL_HELD.search(text, m.end(), gone.start()) \
                    and not (_subject(text, m.start(), past_small=True) - own - _TIME_TERMS):
                # (said of what the card is: "the paper registers from before 2016" on
                # an electronic register since 2023 is no part of it)
                iso = _ISO_MONTH.match(text, m.end())
                floors.append(_day(m).replace(month=int(iso.group(1))) if iso else _day(m))
        for pattern in (_CARD_NOTHING, _CARD_STARTS):
            for m in pattern.finditer(text):
                when = _date(*m.group(1, 2, 3, 4), end=False)
                starts.append((none, when))
                if pattern is _CARD_NOTHING and _REMAINS.match(text, m.end()):
                    floors.append(when)
        gaps.update(int(y) for m in _CARD_GAP.finditer(text) for y in m.groups() if y)
        for m in _RETENTION.finditer(text):
            g = m.groups()
            n, unit = next((n, u) for n, u in zip(g[::2], g[1::2], strict=True) if n)
            days = int(n) * _UNIT_DAYS[unit.lower()]
            # what it applies to: "logs kept 15 days", "logs older than 15 days are
            # deleted", "tickets are deleted 3 years after closing"
            said_of = m.group(1) or m.group(3) or m.group(7) or m.group(9) or m.group(13) \
                or m.group(17)
            subject = _subject(text, m.start()) if said_of else none
            if subject and text in gotchas and not (
                    _subject(text, m.start(), size=1) & (own | _HELD_WORDS | _WHOLE)):
                apart.add(len(kept))  # its head is none of what the card says it is
            kept.append((subject, days, f"{n} {unit.lower()}s"))
        for m in _DELETES.finditer(text):
            subject = _subject(m.group(1), len(m.group(1)), past_small=True)
            if subject and text in gotchas and not subject & (own | _HELD_WORDS | _WHOLE):
                apart.add(len(kept))
            kept.append((subject, int(m.group(2)) * _UNIT_DAYS[m.group(3).lower()],
                         f"{m.group(2)} {m.group(3).lower()}s"))
    # Several statements: the widest reading (a card is never dropped on a guess).
    # A card that grew until it stopped ("read-only since") but states no other end
    # still holds everything up to that day.
    # What it says is all that remains is later than what it says it began with ("since
    # 2023-05 ... so nothing before about 2024-02 remains")
    floor = max(floors) if floors else None
    start = min(d for _, d in starts) if starts else None
    return Coverage(max(start, floor) if start and floor else start or floor,
                    max(ends) if ends else None, tuple(kept), tuple(starts),
                    tuple(part_ends), frozenset(gaps), frozenset(apart), floor)  # fmt: skip


def out_of_period(cov: Coverage, asked: Period, today: date, question_terms: set[str]) -> str:
    """Why ``cov`` cannot hold ``asked`` ("" when it may)."""
    # a start said of what the question names counts for it: "outage records from 2008;
    # customer call logs only from 2014" holds no call logs from 2011. The subject named
    # most wins; a tie keeps the widest reading.
    if cov.gaps and all(y in cov.gaps for y in range(asked.start.year, asked.end.year + 1)):
        return f"holds nothing for {asked.start.year}"
    start = _start(cov, question_terms)
    if start is not None and asked.end < start:
        return f"holds nothing before {_when(start)}"
    end = cov.end
    named_end = max((len(subject & question_terms) for subject, _ in cov.part_ends), default=0)
    if named_end:
        part_end = max(d for subject, d in cov.part_ends
                       if len(subject & question_terms) == named_end)
        # unless the card says it holds the same thing again from later on ("minutes
        # since 2015; earlier minutes from 1998 to 2014 are in bound books")
        if not any(d > part_end and subject & question_terms for subject, d in cov.starts):
            end = part_end
    if end is not None and asked.start > end:
        return f"holds nothing after {_when(end)}"
    if cov.retention:
        # A retention said of something the question does not name counts when it is all
        # the card says of time ("footage kept 31 days" on the CCTV card); not on a card
        # that states its span ("SIMS archive 2011-2022 ... registers deleted after 3
        # years" says nothing of its exam results).
        pool = _said_of_asked(cov, question_terms) or (
            [r for k, r in enumerate(cov.retention) if not r[0] & _FAILED  # not "declined
             and k not in cov.apart]  # applications"
            if cov.start is None and cov.end is None else [])
        if not pool:
            return ""
        _, days, words = max(pool, key=lambda r: r[1])
        if asked.end < today - timedelta(days=days):
            return f"keeps only the last {words}"
    return ""


def _said_of_asked(cov: Coverage, question_terms: set[str],
                   ) -> list[tuple[frozenset[str], int, str]]:
    """The card's retentions said of what the question names, else those said of the
    whole card."""
    return [r for r in cov.retention if _named_in(r[0], question_terms)] \
        or [r for r in cov.retention if not r[0]]  # fmt: skip


def _start(cov: Coverage, question_terms: set[str]) -> date | None:
    """When ``cov`` starts for what the question names."""
    named = max((len(subject & question_terms) for subject, _ in cov.starts), default=0)
    if not named:
        return cov.start
    start = min(d for subject, d in cov.starts if len(subject & question_terms) == named)
    return max(start, cov.floor) if cov.floor else start


def _part_named(cov: Coverage, question_terms: set[str]) -> bool:
    """Whether the question names a part the card gives a time of its own ("invoice PDFs
    from April 2020" on a job register of 2012-2021)."""
    return any(subject & question_terms for subject, _ in (*cov.starts, *cov.part_ends)) \
        or any(subject and _named_in(subject, question_terms)
               for subject, _, _ in cov.retention)  # fmt: skip


def _named_in(subject: frozenset[str], question_terms: set[str]) -> bool:
    """Whether the question names ``subject``, in the same form or one the stemmer keeps
    apart ("applied" and "applicants")."""
    return any(same_word(s, t, 4) for s in subject for t in question_terms)


def _when(day: date) -> str:
    if (day.month, day.day) in ((1, 1), (12, 31)):
        return str(day.year)
    return day.isoformat()


class Periods:
    """What period each card of a ranking says it holds, read once per router."""

    def __init__(self, cards: list[Card], skip_kinds: frozenset[str],
                 gaps: dict[int, frozenset[int]] | None = None,
                 said_kinds: frozenset[str] = frozenset(),
                 closed: dict[int, tuple[Span, ...]] | None = None) -> None:  # fmt: skip
        """``skip_kinds``: people and channels know the past whatever their start date;
        ``gaps``: card position -> the years the preamble says its thing did not happen;
        ``said_kinds``: of those, the ones whose start holds for what was said in them
        ("the WhatsApp group, since March 2020" has nothing said in 2018); ``closed``:
        card position -> the spans its thing did not happen in ("We were closed 23 March
        – 8 July 2020")."""
        self._coverage = {i: cov for i, c in enumerate(cards)
                          if c.kind not in skip_kinds and (cov := coverage(c))}  # fmt: skip
        self._said = {i: cov for i, c in enumerate(cards)
                      if c.kind in said_kinds and (cov := coverage(c))}  # fmt: skip
        self._gaps = {i: ys for i, ys in (gaps or {}).items() if cards[i].kind not in skip_kinds}
        self._closed = {i: spans for i, spans in (closed or {}).items()
                        if cards[i].kind not in skip_kinds}
        self._named_years = {i: frozenset(ys) for i, c in enumerate(cards)
                             if (ys := years_in(f"{c.id} {c.what} {c.contains}"))}  # fmt: skip
        # the years its example questions ask about: "anyone remembering the 1968 flood"
        # on interviews recorded 1978-2025 is what they talk about, not when
        self._examples = {i: [(years, frozenset(terms(e.query))) for e in c.examples
                              if (years := years_in(e.query))]
                          for i, c in enumerate(cards)}  # fmt: skip

    def out_of(self, asked: Period | None, today: date, wanted: set[str],
               said: bool = False) -> dict[int, str]:  # fmt: skip
        """Card position -> why its own text says it does not hold ``asked`` (never a card
        whose own example asks about a year in it, unless the question names a part the
        card gives a time of its own); ``said``: the question asks what was said in a
        chat, which a channel holds only from its start."""
        if asked is None:
            return {}
        out = {i: out_of_period(cov, asked, today, wanted) for i, cov in self._coverage.items()
               if not (self.asks_about(i, asked) and not _part_named(cov, wanted))}
        if said:  # (only its start: what it keeps is read as the retention it is)
            out |= {i: f"holds nothing before {_when(start)}" for i, cov in self._said.items()
                    if (start := _start(cov, wanted)) is not None and asked.end < start
                    and not self.asks_about(i, asked)}
        for i, years in self._gaps.items():
            if not out.get(i) and not self.asks_about(i, asked) and all(
                    y in years for y in range(asked.start.year, asked.end.year + 1)):
                out[i] = f"holds nothing for {asked.start.year}"
        for i in self._closed:
            if not out.get(i) and (span := self.shut(i, asked)):
                out[i] = f"nothing happened {_when(span[0])} to {_when(span[1])}"
        return {i: why for i, why in out.items() if why}

    def shut(self, i: int, asked: Period | None) -> Span | None:
        """The span the preamble says card ``i``'s thing did not happen in that holds most
        of ``asked`` and none of it after ("spring 2020" in "23 March – 8 July 2020"; not
        July 2021 of "until 2021-07-24", the month it came back), unless the card's own
        example asks about that year."""
        if asked is None or i not in self._closed or self.asks_about(i, asked):
            return None
        return next((s for s in self._closed[i] if asked.end <= s[1]
                     and 2 * _overlap(asked, s) > (asked.end - asked.start).days + 1), None)

    def starts_after(self, i: int, asked: Period | None, wanted: set[str]) -> bool:
        """Whether card ``i`` says it holds nothing as early as ``asked``."""
        cov = self._coverage.get(i)
        start = _start(cov, wanted) if cov is not None else None
        return start is not None and asked is not None and asked.end < start

    def lapsed(self, i: int, asked: Period | None, today: date, wanted: set[str]) -> bool:
        """Whether card ``i`` keeps what is asked no longer than ``asked``, by a retention
        said of what the question names or of the whole card ("booking calls recorded,
        kept 90 days" for last February's call): then no other source holds it either.
        Not by one said of something else ("leavers' mailboxes deleted after 30 days" on
        the service desk for a question about donors)."""
        cov = self._coverage.get(i)
        if cov is None or asked is None:
            return False
        pool = _said_of_asked(cov, wanted)
        return bool(pool) and asked.end < today - timedelta(days=max(r[1] for r in pool))

    def asks_about(self, i: int, asked: Period | None, named: str = "") -> bool:
        """Whether card ``i``'s own example asks about a year of ``asked`` (and, given
        ``named``, names that stem: "signed install sheet for the Academy signs, 2019"):
        the card says it holds that year."""
        if asked is None:
            return False
        return any(any(asked.start.year <= y <= asked.end.year for y in years)
                   and (not named or named in said)
                   for years, said in self._examples.get(i, ()))  # fmt: skip

    def spans(self, i: int) -> bool:
        """Whether card ``i``'s own text states the time it covers."""
        return i in self._coverage

    def ended(self, i: int) -> bool:
        """Whether card ``i``'s own text says when it ends ("to March 2023"), not only
        when it began ("since 2020")."""
        cov = self._coverage.get(i)
        return cov is not None and cov.end is not None

    def bounds(self, i: int, asked: Period) -> bool:
        """Whether card ``i``'s own text says when it ends, and that it holds the whole of
        ``asked`` ("the red paper stock books, January 2016 to March 2023" for 2021)."""
        cov = self._coverage.get(i)
        return cov is not None and cov.end is not None and asked.end <= cov.end \
            and (cov.start is None or cov.start <= asked.start)  # fmt: skip

    def holds(self, i: int, asked: Period | None, out: dict[int, str]) -> bool:
        """Whether card ``i`` says it holds ``asked``: a coverage the period is inside,
        or a year in it ("the 2022 handbook")."""
        if i in out:
            return False
        years = self._named_years.get(i, frozenset())
        return i in self._coverage or (
            asked is not None and any(asked.start.year <= y <= asked.end.year for y in years))


# --- the preamble -----------------------------------------------------------------------

# A sentence that says how long something is kept: "Retention limits that catch people
# out: CCTV 31 days at each hotel; Guest Care tickets deleted after 3 years."
_KEPT_CUE = re.compile(r"\b(?:kept|keeps?|retained|retention|deleted|purged|destroyed|lost|"
                       r"erased|overwritten|overwrites|anonymi[sz]ed|discarded|shredded|ruined|"
                       r"thrown\s+(?:away|out)|binned|"
                       r"disappear(?:s|ing)?|how\s+long"
                       r"|(?:not|never)\s+(?:collected|saved|copied|backed\s+up|held|handed\s+over|"
                       rf"{_UNWRITTEN})"
                       # "UMT minutes before 2016 ... are gone", "Boat logs before 2017 went
                       # missing", "Results of 2009 to 2012 went when the website closed"
                       r"|(?:is|are|was|were)\s+(?:all\s+|now\s+)?gone|went\s+(?:missing|when)"
                       r"|gone(?=\s*:)"
                       # "so there are no van temperatures before then"
                       r"|there\s+(?:is|are|was|were)\s+no\b(?=[^.;:]{0,80}\bbefore\b))\b",
                       re.IGNORECASE)  # fmt: skip
# "deleted after a year", not "purged once a year"
_A_SPAN = r"(?<!\bonce )(?<!\btwice )(?<!\btimes )(?<!\bper )\ban?(?= )"
_KIND_OF = r"(?:(?:academic|financial|calendar|school|tax|full|complete|whole)\s+)?"
# (an age is no span: "sold at about three weeks old")
_KEPT_COUNT = (rf"(\d{{1,4}}|{_SPELLED}|{_A_SPAN})[- ]{_KIND_OF}(day|week|month|year|season)s?\b"
               r"(?![- ]old\b)")
_KEPT_SPAN = re.compile(_KEPT_COUNT, re.IGNORECASE)
_NOTHING_BEFORE = re.compile(
    rf"\(?(?:\bso\s+)?\bnothing\s+(?:[\w-]+\s+){{0,4}}?(?:from\s+)?before\s+(?:\d{{1,2}}\s+)?"
    rf"(?:({_MONTH})\s+)?({_YEAR})\s+(?:survives|exists|is\s+left|remains)\b", re.IGNORECASE)
_RATE = re.compile(r"\b\d[\d,]*\s+(?:[\w'-]+\s+){1,2}$")  # "110 incidents a year"
# list items: ", ; :" and an "and" that opens the next item ("GPS positions 13 months and
# dashcam clips 28 days")
_KEPT_AHEAD = (rf"(?:\d{{1,4}}|{_SPELLED}|{_A_SPAN})[- ]{_KIND_OF}"
               r"(?:day|week|month|year|season)s?\b")
# "Dashcam clips: overwritten after 14 days": what is done to the item before, and when
_DONE_AFTER = re.compile(r"(?:kept|retained|deleted|purged|destroyed|erased|overwritten|"
                         r"anonymi[sz]ed|discarded|shredded)\s+(?:after|for|within)\s+"
                         + _KEPT_AHEAD, re.IGNORECASE)  # fmt: skip
_KEPT_ITEMS = re.compile(rf"(,|;|:|\band\b(?=(?:\s+[\w-]+){{1,6}}\s+{_KEPT_AHEAD}))",
                         re.IGNORECASE)  # fmt: skip
_LOST_BEFORE = re.compile(
    rf"\b(?:from\s+)?(?:before|prior\s+to)\s+"
    # ("before Tradify (March 2023)": a name, then its day)
    rf"(?:(?-i:[A-Z])[\w-]*(?:\s+(?-i:[A-Z])[\w-]*)?\s+\(\s*)?(?:({_MONTH})\s+)?({_YEAR})\b",
    re.IGNORECASE,
)
# ... or what was of years from one to another ("results for 2005–2008 ... are gone",
# "its WhatsApp chats with parents (2016–2022) were not backed up"),
# when nothing between says where they still are ("from 2005 to 2014 are boxed in the
# archive room, and books before 2005 were destroyed")
# ("the sign-in book covering Feb 2017 – Jan 2018", "from 2014 to early 2017")
_LOST_SPAN = re.compile(rf"(?:\b(?:for|from|of|covering|spanning)\s+(?:the\s+)?|\()"
                        rf"(?:{_MONTH}\s+)?({_YEAR})\s*(?:–|-|to)\s*(?:(?:early|mid|late)[\s-]+)?"
                        rf"(?:({_MONTH})\s+)?({_YEAR})\b",
                        re.IGNORECASE)  # fmt: skip
_FIRST_DAY = re.compile(rf"(?:({_MONTH})\s+)?({_YEAR})\b", re.IGNORECASE)
_STILL_HELD = re.compile(r",|\b(?:kept|held|boxed|archived|stored|scanned|earlier|older|"
                         r"before|after|ones)\b", re.IGNORECASE)  # fmt: skip
# ... or what came before a year said as "pre-2016"
_PRE_YEAR = re.compile(rf"\bpre-?({_YEAR})\b", re.IGNORECASE)
_TAKEN_WITH = re.compile(r"\s+with\s+(?:it|them)\b", re.IGNORECASE)
# ... not only some of them ("most pre-2023 galleries were deleted")
_SOME = re.compile(r"\b(?:most|some|many|several|half|part)\s+(?:of\s+)?(?:the\s+|our\s+)?$",
                   re.IGNORECASE)  # fmt: skip
# what was gone once, in a year it says ("Sage data before April 2014 was purged in 2021")
_PURGED_ONCE = re.compile(rf"\b(?:destroyed|deleted|discarded|shredded|purged)\s+in\s+"
                          rf"(?:{_MONTH}\s+)?{_YEAR}\b", re.IGNORECASE)  # fmt: skip
# a start said with what came before it gone: "holds results only from 2011 (older
# results were purged)", "whose history starts in 2010 (older history was not kept)"
_HELD_FROM = re.compile(
    rf"\b(?:only\s+)?(?:from|since|starts?\s+in)\s+(?:({_MONTH})\s+)?({_YEAR})\b"
    rf"(?:\s+(?:only|onwards?))?\s*\(?\s*(?:the\s+)?(?:older|earlier)\b", re.IGNORECASE
)
# "7 years after an animal's last visit", "6 years after someone leaves", "3 years after the
# grant ends": kept from an event that may come long after the record was made
_AFTER_EVENT = re.compile(r"\s+(?:after|from)\b", re.IGNORECASE)
_HOLDS = re.compile(r"\b(?:holds?|has|have|keeps?)\b", re.IGNORECASE)
_LOST = re.compile(rf"\b(?:destroyed|lost|deleted|discarded|purged|{_THROWN}|(?:not|never)\s+"
                   r"(?:kept|migrated|moved|loaded|retained|digitised|digitized|scanned|"
                   r"collected|saved|copied|backed\s+up|held|handed\s+(?:over|on)|"
                   # "Grazing lets before 2012 were never written down"
                   rf"{_UNWRITTEN})|went\s+missing"
                   # "are gone", "went with the old BT mail account", "went when the old
                   # timing firm's website closed"
                   r"|(?:is|are|was|were)\s+(?:all\s+|now\s+)?gone|went\s+(?:with|when)"
                   # an aside's last word: "accounts before April 2012 (paper, gone)"
                   r"|gone(?=\s*\)))\b",
                   re.IGNORECASE)  # fmt: skip
_KEEPER = re.compile(r"\s*(?:[\w-]+\s+){1,3}?keeps\b", re.IGNORECASE)  # "Sentry keeps"
_HEAD_WORDS = 8  # a cued sentence this short, with no span of its own, heads its paragraph
_WHERE = re.compile(r"\s(?:in|on|at|across)\s", re.IGNORECASE)
# what a record is called varies; which record it is does not
# a file, a form, a register and an entry are records ("attendance registers" of a pupil's
# record, "accident book entries" and "accident-book pages" of an accident record)
_RECORD_WORDS = frozenset(terms("record file form register entry page"))
_JOINED = re.compile(r"[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+")
# last words that say only that something is held, not what ("members' details")
_HELD_WORDS = _RECORD_WORDS | frozenset(terms("details data information notes history"))
_HELD_ONLY = frozenset(terms("details data information"))
# what a card holds, said of it all ("reports are kept 6 years", "items are kept 3 months")
_WHOLE = frozenset(terms("reports items entries logs sheets documents papers"))
# what is listened to or played back is a recording ("Can I listen to that call?")
LISTEN_WORDS = frozenset(terms("listen listening hear"))
# CCTV is what people call camera footage
_CAMERA_WORDS, _CCTV = frozenset(terms("camera cameras footage")), frozenset(terms("cctv"))
# "unsuccessful candidates 6 months" is what a candidate turned down is called
_TURNED_DOWN = re.compile(
    r"\bturned (?:\w+ )?down\b|\bdid(?:n't| not) (?:shortlist|appoint|hire|get (?:in|it|"
    r"through|the (?:job|post|role|seat|place))\b)|\b(?:was|were)(?:n't| not) (?:shortlisted|"
    r"successful|appointed)\b|\brejected (?:candidate|applicant|application)"
    r"|\bwe (?:lost|didn't win|did not win)\b",  # "the tender we lost in 2019"
    re.IGNORECASE,
)
_UNSUCCESSFUL = frozenset(terms("unsuccessful"))
# what only some of a source's records are ("declined applications are deleted after 6
# months" says nothing of the volunteers' hours)
_FAILED = frozenset(terms("unsuccessful declined rejected failed"))
# the event a span is counted from has not come: "He's still here", "she is still a member"
_ADULT = frozenset(terms("adult adults"))
_CHILD = frozenset(terms("child children kid kids son daughter minor minors baby infant "
                         "teenager boy girl pupil"))
# what is kept longer for a child, said after the span: "or until an injured child turns 21"
_CHILD_LONGER = re.compile(r"(?:or\s+)?\buntil\b[^;]{0,40}?\b(?:child|children|minor|"
                           r"young\s+person|pupil)s?\b|\(\s*(?:a\s+)?(?:child|children)(?:'s|s')?"
                           r"(?:\s+[\w-]+){0,2}\s+until\b", re.IGNORECASE)  # fmt: skip
# a verb the question asks to do: "Can we check her payments?"
_ASKED_TO = re.compile(r"\b(?:can|could|should|would|do|to|please)\s+(?:(?:we|i|you|they|"
                       r"someone|somebody)\s+)?(?:just\s+)?([a-z]+)\b", re.IGNORECASE)
# a count asked for ("how many riders did we have"), which what is anonymised still gives
_HOW_MANY = re.compile(r"\bhow\s+(?:many|busy)\b|\bnumbers?\s+of\b", re.IGNORECASE)
_ANONYMISED = re.compile(r"\banonymi[sz]ed\b", re.IGNORECASE)
_ONGOING = re.compile(r"(?:\b(?:is|are|am)|'s|'re|'m)\s+still\s+(?:here|with\s+us|on\s+our\s+"
                      r"books|an?\s|our\s|live\b|open\b|active\b|current\b|registered\b|"
                      r"employed\b|working\b)", re.IGNORECASE)
# ... or the time asked is when someone began with us, not when they left: "consultation
# notes from when she joined in 2018" may be kept six years after her last session yet
_JOINED_THEN = re.compile(r"\b(?:when|since)\s+(?:she|he|they|i|we)\s+(?:first\s+)?"
                          r"(?:joined|started|signed\s+up|enrolled|registered|began)\b",
                          re.IGNORECASE)  # fmt: skip
# a chat is what people call a thread, a conversation or a message in it, and what was
# posted there ("posted in the group"; a post-mortem is no post)
_THREAD_WORDS = frozenset(terms("thread conversation message"))
# someone who has left is a leaver ("the guide who left in the spring", "Tom left two
# months ago"), not what was left somewhere ("he left it in the porch")
_LEFT_US = re.compile(
    r"\b(?:who|he|she|they)\s+(?:has\s+|had\s+|have\s+)?left\b(?!\s+(?:it|them|a|an|the|her|"
    r"his|their|some|something|behind|without)\b)|\bleft\s+(?:us|the\s+(?:company|firm|"
    r"business|team|school|practice|club|charity))\b|\b\w+\s+left\s+(?:in|at\s+the\s+end|last|"
    r"on|about|over|earlier|recently|\d+|two|three|four|five|six|a\s+(?:month|week|year|few|"
    r"couple))\b",
    re.IGNORECASE,
)
_LEAVER = frozenset(terms("leaver"))
# "her Gmail", "his inbox" ask about "leavers' Google accounts" and "mailboxes"
_MAIL_WORDS = frozenset(terms("gmail inbox mailbox"))
_MAIL = frozenset(terms("mail mailbox email"))
_GMAIL = frozenset(terms("gmail"))
_GOOGLE = frozenset(terms("google"))
_CHAT = frozenset(terms("chat message"))
_POSTED = re.compile(r"\bposted\b", re.IGNORECASE)
# what was said in a chat: "the #eng-help thread", "what the lads said in the WhatsApp group"
_CHAT_ASKED = re.compile(r"\b(?:threads?|conversations?|messages?|chats?|whatsapp|posted|"
                         r"(?:said|wrote|agreed)\s+(?:it\s+)?(?:in|on)\s+(?:the\s+)?"
                         r"(?:[\w#-]+\s+){0,3}(?:group|channel))\b", re.IGNORECASE)  # fmt: skip


def asks_for_chat(question: str) -> bool:
    """Whether ``question`` asks for what was said in a chat."""
    return bool(_CHAT_ASKED.search(question))


# ... said, written or posted, not who is in it ("Who on the WhatsApp group remembers")
_SAID = re.compile(r"\b(?:threads?|conversations?|messages?|posts?|posted|said|say|says|wrote|"
                   r"written|discussed|agreed|sent)\b", re.IGNORECASE)  # fmt: skip


def asks_what_was_said(question: str) -> bool:
    """Whether ``question`` asks for the words said in a chat, not its people."""
    return asks_for_chat(question) and _SAID.search(question) is not None


_SHIELD = str.maketrans({",": "\x1f"})  # a semicolon still ends a clause inside one
_WITH_ASIDE = re.compile(r",\s*(?:with|including|together\s+with|along\s+with|plus)\s[^,;:()]*,",
                         re.IGNORECASE)  # fmt: skip
# (not "accounts, including their mail and files": whose, a part of each, not a kind)
_INCLUDED = re.compile(r",\s*(?:including|such\s+as)\s(?!(?:their|its|his|her)\b)([^,;:()]*),",
                       re.IGNORECASE)  # fmt: skip
_UNSHIELD = str.maketrans({"\x1f": ","})
_BEING = re.compile(r"\b(?:is|are|was|were)\b", re.IGNORECASE)
_AND = re.compile(r"\band\b", re.IGNORECASE)
_RARE_HEAD = 2.5  # specificity of a head that names a retention alone
_MAX_NAME = 4  # the most words of a list's item before a span ("Job records")
_KEPT_NOT_SUBJECT = frozenset(terms(
    "only just are is were was get gets be been kept keeps retained retention deleted whose "
    "purged destroyed erased anonymised anonymized overwritten shredded discarded for after "
    "then searchable before from "
    "since last lasts disappear disappears disappearing set use overwrite overwrites "
    "delete deletes"))  # fmt: skip


@dataclass(frozen=True)
class Kept:
    """What the preamble says is kept only so long: its subject's stems, the most
    specific of them, the days, and the item as written."""

    subject: frozenset[str]
    key: str
    days: int  # 0 when only what came before a day is gone
    written: str
    gone_before: date | None = None  # "lab results before 2006 were destroyed"
    # ... and from a day only: a span lost ("the stock notebook for January 2011 to
    # November 2012 was ruined" says nothing of 2008)
    gone_since: date | None = None
    # named only by all its words: where what is kept of it starts says nothing of
    # another thing that shares a word ("Kickboxing gradings start in 2009" is not of a
    # grading in karate)
    named_whole: bool = False
    # said of everything of its time: "Nothing from 1991 to 2007 survives"
    universal: bool = False
    # counted from an event, not from when the record was made ("6 years after someone
    # leaves"): a question must name the event's time itself
    from_event: bool = False
    failed: bool = False  # said only of failed ones ("declined applications 6 months")
    # the word of what is kept that names the thing kept, not what modifies it: "taproom
    # CCTV" is CCTV ("" for a record, whose modifiers say what it is a record of)
    head: str = ""
    # whether the head is a rare word ("CCTV", "mailboxes", not "reports"): named alone it
    # names the retention ("the CCTV from the intake bay" and "creamery CCTV 30 days")
    rare_head: bool = False
    # a child's are kept longer: "3 years from the date, or until an injured child turns 21"
    child_longer: bool = False
    # the years there is none of it: "There were no tours in 2020 or 2021"
    gone_in: frozenset[int] = frozenset()


def declared_retention(preamble: str, specificity: Callable[[str], float]) -> tuple[Kept, ...]:
    """Each "X (is kept / deleted after) N units" item of the preamble's sentences that
    speak of keeping, said of X and of what a span is of ("Circuit keeps 12 months of
    routes and photos"); ``specificity(word)`` (how rare the word is in English) picks
    the subject's key word."""
    out: list[Kept] = []
    for sentence in _kept_sentences(preamble):
        items = _items(sentence)
        headed = _GONE_HEAD.match(sentence) is not None
        for k, item in enumerate(items):
            then = _BEFORE_THEN.search(item)
            days_said = [d.group() for d in _DAY_SAID.finditer(
                " ".join(items[:k]) + item[: then.start()])] if then else []  # fmt: skip
            if then and days_said:
                # "closed in October 2022; enquiry emails from before then are gone"
                item = f"{item[: then.start()]}before {days_said[-1]}{item[then.end() :]}"
            m = _KEPT_SPAN.search(item)
            # "paper invoices before April 2016 were destroyed after six years": what
            # came before the day is gone, whatever span it was kept
            lost = _lost_before(item, specificity) or (
                _listed_lost(item, specificity) if headed and k else [])
            out.extend(lost)
            if lost and _PURGED_ONCE.search(item):
                continue  # "... was purged in 2021 under the six-year rule": why, that once
            if not m or (m.group(1).lower() in ("a", "an") and _RATE.search(item, 0, m.start())):
                continue  # (a rate, not a span: "we run about 110 incidents a year")
            words = _said_of(item[: m.start()])
            if not words:
                continue
            n = int(m.group(1)) if m.group(1).isdigit() else _NUMBERS[m.group(1).lower()]
            after = bool(_AFTER_EVENT.match(item, m.end()))
            # "..., or until an injured child turns 21" may be the next item
            young = bool(_CHILD_LONGER.search(item, m.end())) or (
                k + 1 < len(items) and bool(_CHILD_LONGER.match(items[k + 1].strip())))
            # "three years, so nothing before 2022 survives": the day it says, not a span
            # counted back from whenever the question is asked
            cut = _NOTHING_BEFORE.search(item, m.end()) or _cut_after(items[k + 1 : k + 3])
            days = 0 if cut else n * _UNIT_DAYS[m.group(2).lower()]
            before = _day(cut) if cut else None
            # "Circuit keeps 12 months of routes and photos": of its routes and photos too
            of = _OF_KEPT.match(item, m.end())
            kept_of = [w for w in (_said_of(x) for x in _AND_LIST.split(of.group(1)))
                       if w] if of else []  # fmt: skip
            for said in (words, *filter(None, map(_said_of, _each_of(item[: m.start()]))),
                         *kept_of):
                kept = _kept(said, item, specificity, days, before)
                out.append(replace(kept, from_event=after and not cut, child_longer=young))
    # (a start read already, with what came before it gone, is not read again)
    read = {(k.subject, k.gone_before) for k in out}
    return (*out, *(k for k in _none_in(preamble, specificity)
                    if not (k.named_whole and (k.subject, k.gone_before) in read)))


# The years the preamble says there is none of something: "There were no tours in 2020 or
# 2021", "No rota for 2020", "poultry classes were cancelled in 2022 (bird flu) and in
# 2023", "Toy Fair 2021 didn't happen"; not a bound ("no later than 2020", "nothing
# booked in 2019 or earlier") nor a span ("no sales for 2014 to April 2016")
_YEARS_AFTER = (rf"((?:\s*(?:\([^()]{{0,40}}\))?\s*(?:,|or|and|&)\s*(?:in\s+)?{_YEAR})*)"
                rf"(?!\s*(?:or|and)\s+(?:earlier|before|later|after)\b)"
                rf"(?!\s*(?:to|until|through|-|–|onwards?)\b)(?![-–/]\d)")
_NONE_IN = re.compile(
    rf"\bno\s+(?!(?:later|longer|earlier|more|less|sooner|one|data)\b)"
    rf"((?:[\w'-]+\s+){{0,5}}?[\w'-]+)\s+(?:for|in|during)\s+(?:the\s+)?({_YEAR})\b"
    + _YEARS_AFTER
    + rf"|\b((?:[\w'-]+\s+){{0,3}}?[\w'-]+)\s+(?:was|were)\s+(?:not\s+(?:held|run)|"
    rf"cancelled|canceled|called\s+off)\s+in\s+({_YEAR})\b" + _YEARS_AFTER
    + rf"|\b((?:(?-i:[A-Z])[\w'-]*\s+){{1,4}})({_YEAR})\s+(?:didn't|did\s+not|never)\s+"
    rf"(?:happen|run|go\s+ahead|take\s+place)\b()",
    re.IGNORECASE,
)
_EACH_YEAR = re.compile(_YEAR)
# ... or of a year it says is lost: "The 2017 clipboard sheets were lost to damp", "the
# 1974 club rules were lost"; "Shower block cleaning was not written down at all in 2011"
# (not "before 2015 were paper and were destroyed": a bound, read as one)
_WORD_NOT_VERB = r"(?!(?:was|were|is|are|and|or|had|have|has)\b)[\w'-]+"
_LOST_IN = re.compile(
    rf"\b(?:the|our|its|their)\s+({_YEAR})\s+((?:{_WORD_NOT_VERB}\s+){{0,4}}?{_WORD_NOT_VERB})"
    # ("The 2016 planting plan and most 2017 paper receipts were ruined": the first)
    rf"(?:\s+and\s+[^.;:()]{{0,50}}?)?\s+(?:was|were)\s+(?:all\s+)?(?:lost|destroyed|deleted|discarded|{_THROWN}|"
    r"(?:not|never)\s+kept)\b"
    rf"|\b((?:{_WORD_NOT_VERB}\s+){{0,3}}?{_WORD_NOT_VERB})\s+(?:was|were)\s+(?:not|never)\s+"
    rf"(?:{_UNWRITTEN}|kept)(?:\s+at\s+all)?\s+in\s+({_YEAR})\b" + _YEARS_AFTER
    # "The lunch tally books for 2018 and Jan–Feb 2019 went in the burst pipe": the whole
    # years said
    + rf"|\b((?:{_WORD_NOT_VERB}\s+){{0,4}}?{_WORD_NOT_VERB})\s+for\s+({_YEAR})"
    rf"((?:\s*(?:,|and|&)\s*(?:{_MONTH}(?:\s*[–-]\s*{_MONTH})?\s+)?{_YEAR})*)"
    rf"\s+(?:(?:was|were)\s+(?:all\s+)?(?:lost|destroyed|deleted|discarded|{_THROWN})|"
    r"went\s+(?:in|with)\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:flood|fire|pipe|leak|burglary|"
    r"break-in|crash))\b",
    re.IGNORECASE,
)
# a year said with its months is not whole ("Jan–Feb 2019")
_PART_YEAR = re.compile(rf"\b{_MONTH}(?:\s*[–-]\s*{_MONTH})?\s+{_YEAR}\b", re.IGNORECASE)


# ... or where what is kept of something starts: "Kickboxing gradings start in 2009", "the
# cash book now goes back only to April 2019", "EasyCert records start 2017" (none before)
# ("SumUp statements exist only for 2019 to 2022", "Paper job cards survive from 2004",
# "Wastage has only been logged since January 2023", "Oils have been lab-tested (GC-MS)
# only since the 2020 harvest")
_DONE = r"(?:has|have)\s+(?:only\s+)?been\s+[a-z-]+(?:\s+\([^()]{0,30}\))?"
_STARTS_IN = re.compile(rf"\s+(?:(?:(?:only|now)\s+){{0,2}}(?:starts?|begins?|go(?:es)?\s+back"
                        rf"(?:\s+only)?\s+to)\s+(?:only\s+)?(?:in\s+|from\s+)?"
                        rf"|(?:exists?|survives?)\s+only\s+(?:for|from|since)\s+|survives?\s+from\s+"
                        rf"|(?:has|have)\s+only\s+been\s+[a-z-]+\s+(?:for|from|since)\s+"
                        rf"|{_DONE}\s+only\s+(?:for|from|since)\s+)"
                        rf"(?:the\s+)?(?:({_MONTH})\s+)?({_YEAR})\b", re.IGNORECASE)  # fmt: skip
_DONE_VERB = re.compile(r"\bbeen\s+([a-z-]+)", re.IGNORECASE)
_KEPT_VERBS = frozenset(terms("logged recorded kept written noted tracked stored saved held"))
_CLAUSE_START = re.compile(r".*(?:[,;:(]|\b(?:and|so|but|while|where)\b)", re.IGNORECASE)


# ... or that nothing at all survives of a time: "Nothing from 1991 to 2007 survives apart
# from a few photos", "nothing survives of the sole-trader years (2004 to March 2012)",
# "Nothing on paper survives from before 2012"
_SPAN_SAID = (rf"\(?\s*(?:({_MONTH})\s+)?({_YEAR})\s*(?:–|-|to)\s*(?:({_MONTH})\s+)?({_YEAR})\b")
_NOTHING_SURVIVES = re.compile(
    rf"\bnothing\s+(?:on\s+paper\s+|at\s+all\s+)?(?:survives|remains|is\s+left)\s+"
    rf"(?:(?:from|of)\s+(?:the\s+)?(?:[\w'-]+\s+){{0,4}}?{_SPAN_SAID}"
    rf"|(?:from\s+)?(?:before|prior\s+to)\s+(?:({_MONTH})\s+)?({_YEAR})\b)"
    rf"|\bnothing\s+from\s+{_SPAN_SAID}\s+(?:survives|remains|is\s+left)\b",
    re.IGNORECASE,
)


def _nothing_survives(sentence: str) -> list[Kept]:
    """What a sentence says nothing at all survives of, of whatever thing."""
    out = []
    for m in _NOTHING_SURVIVES.finditer(sentence):
        g = m.groups()
        month, year, end_month, end_year = next(
            (g[k : k + 4] for k in (0, 6) if g[k + 1]), (None, None, None, None))
        if year:
            since = _first_of(month, year)
            end = int(end_year or year)
            before = (date(end + 1, 1, 1) if not end_month else
                      _next_month(end, _MONTHS[end_month.lower().rstrip(".")]))
        else:
            since = None
            before = _first_of(g[4], g[5])
        out.append(Kept(frozenset(), "", 0, " ".join(sentence.split()).rstrip(".;"),
                        before, gone_since=since, universal=True))
    return out


def _next_month(year: int, month: int) -> date:
    return date(year + month // 12, month % 12 + 1, 1)


def _none_in(preamble: str, specificity: Callable[[str], float]) -> list[Kept]:
    """Each thing the preamble says there was none of in some years, with those years,
    and each it says is kept only from a day."""
    out: list[Kept] = []
    for paragraph in paragraphs(preamble):
        for sentence in re.split(r"(?<=[.;])\s+", ends_marked(paragraph)):
            out.extend(_nothing_survives(sentence))
            for m in _STARTS_IN.finditer(sentence):
                head = sentence[: m.start()]
                clause = _CLAUSE_START.match(head)
                if said := _said_of(head[clause.end() :] if clause else head):
                    kept = _kept(said, sentence, specificity, 0, _day(m))
                    # what has been done to it only since is what it is named by too:
                    # "Oils have been lab-tested only since 2020" holds 2017's oil, not
                    # its tests (not a verb of keeping: "has only been logged since")
                    done = _DONE_VERB.search(m.group())
                    did = set(terms(done.group(1))) - _KEPT_VERBS if done else set()
                    out.append(replace(kept, subject=kept.subject | did, named_whole=True))
            for m in _NONE_IN.finditer(sentence):
                g = m.groups()
                what, first, more = next((g[k], g[k + 1], g[k + 2]) for k in (0, 3, 6)
                                         if g[k + 1])
                years = frozenset(int(y) for y in (first, *_EACH_YEAR.findall(more or "")))
                if said := _said_of(what):
                    out.append(replace(_kept(said, sentence, specificity, 0), gone_in=years))
            for m in _LOST_IN.finditer(sentence):
                if m.group(6):
                    what, year, more = m.group(6, 7) + (m.group(8),)
                    listed = _EACH_YEAR.findall(_PART_YEAR.sub(" ", more or ""))
                else:
                    year, what = (m.group(1), m.group(2)) if m.group(1) else m.group(4, 3)
                    listed = _EACH_YEAR.findall(m.group(5) or "")
                years = frozenset(int(y) for y in (year, *listed))
                if said := _said_of(what):
                    out.append(replace(_kept(said, sentence, specificity, 0), gone_in=years))
    return out


# what a span is of, after it ("12 months of routes and photos"), each of a short list
_OF_KEPT = re.compile(r"\s+of\s+([A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?(?:(?:,\s*|\s+and\s+)"
                      r"[A-Za-z][\w'-]*(?:\s+[A-Za-z][\w'-]*)?){0,4})\s*(?:$|[.;,)])")
_AND_LIST = re.compile(r",\s*|\s+and\s+")


def _cut_after(following: list[str]) -> re.Match[str] | None:
    """The "so nothing before 2022 survives" of the items after a span, before another
    span ("6 years after the stay, purged each April, so nothing from a stay before 1
    April 2020 survives")."""
    for item in following:
        if cut := _NOTHING_BEFORE.match(item.strip()):
            return cut
        if _KEPT_SPAN.search(item):
            return None
    return None


# "kept for the current year and the three before": four years
_CURRENT_AND = re.compile(rf"\b(?:for\s+)?the\s+current\s+(year|season)\s+and\s+(?:the\s+)?"
                          rf"(\d{{1,2}}|{_SPELLED})\s+(?:(?:years?|seasons?)\s+)?before(?:\s+it)?\b",
                          re.IGNORECASE)  # fmt: skip

# "kept for the current and previous financial year": two years
_CURRENT_AND_LAST = re.compile(r"\b(?:for\s+)?(?:the\s+)?current\s+and\s+(?:the\s+)?"
                               rf"(?:previous|last)\s+{_KIND_OF}(year|season|month)s?\b",
                               re.IGNORECASE)  # fmt: skip


# "kept six years": a span spelled out
_SPELLED_SPAN = re.compile(rf"\b({_SPELLED})(?=[- ](?:day|week|month|year)s?\b)", re.IGNORECASE)


def _as_count(text: str) -> str:
    """``text`` with "the current year and the three before" said as "4 years", and "the
    current and previous year" as "2 years"."""
    def count(m: re.Match[str]) -> str:
        n = int(m.group(2)) if m.group(2).isdigit() else _NUMBERS[m.group(2).lower()]
        return f"{n + 1} {m.group(1).lower()}s"

    return _CURRENT_AND_LAST.sub(lambda m: f"2 {m.group(1).lower()}s",
                                 _CURRENT_AND.sub(count, text))  # fmt: skip


def _in_digits(text: str) -> str:
    """``text`` with a span spelled out in digits ("kept six years": "kept 6 years")."""
    return _SPELLED_SPAN.sub(lambda m: str(_NUMBERS[m.group(1).lower()]), _as_count(text))


def _kept_sentences(preamble: str) -> Iterator[str]:
    """The preamble's sentences that speak of keeping: those with a cue word, and those
    a short cued sentence of their paragraph heads ("How long things are kept. Pulsar
    incident logs 7 years. Teams chats 2 years.")."""
    for paragraph in paragraphs(preamble):
        headed = False
        for sentence in re.split(r"(?<=\.)\s+", ends_marked(_as_count(paragraph))):
            cued = bool(_KEPT_CUE.search(sentence))
            if cued or headed:
                yield sentence
            if cued and not _KEPT_SPAN.search(sentence) and len(sentence.split()) <= _HEAD_WORDS:
                headed = True


def _kept(words: list[tuple[str, str]], item: str, specificity: Callable[[str], float],
          days: int, gone_before: date | None = None, failed_in: str = "") -> Kept:
    """``failed_in``: where a word saying it is kept only of failed ones would be, when
    not anywhere in ``item`` ("the disk failed and took the pre-2018 artwork")."""
    key = max(words, key=lambda wt: specificity(wt[0].lower()))[1]
    # "Sentry keeps events 90 days" is named by its keeper too
    head = "" if _KEEPER.match(item) else _head([t for _, t in words])
    rare = any(t == head and specificity(w.lower()) >= _RARE_HEAD for w, t in words)
    return Kept(frozenset(t for _, t in words), key, days, " ".join(item.split()).rstrip(".;"),
                gone_before, failed=bool(_FAILED.intersection(terms(failed_in or item))), head=head,
                rare_head=rare)


def _head(subject: list[str]) -> str:
    """The word of ``subject`` (stems, in order) that names the thing kept: its last, or
    the one before a word that only says it is held ("beer club members' details" are
    the members'); none for a record ("patient care records" are records of patient care,
    and a patient's form is one of them)."""
    if not subject or subject[-1] in _RECORD_WORDS:
        return ""
    if subject[-1] in _HELD_WORDS:
        return subject[-2] if len(subject) > 1 and subject[-2] not in _HELD_WORDS else ""
    return subject[-1]


# "so there are no van temperatures before 2020", "there is no battery history before
# January 2024"
_NONE_BEFORE = re.compile(rf"\bthere\s+(?:is|are|was|were)\s+no\s+(?P<what>[^.;:()]{{3,80}}?)\s+"
                          rf"(?:from\s+)?(?:before|prior\s+to)\s+(?:({_MONTH})\s+)?({_YEAR})\b",
                          re.IGNORECASE)  # fmt: skip


def _lost_before(item: str, specificity: Callable[[str], float]) -> list[Kept]:
    """``item`` when it says what came before a time is gone ("laboratory results before
    2006 were on paper and were destroyed in 2016", "paper deviations before 2009 were
    destroyed"), or that what was of some years is ("results for 2005–2008 ... are
    gone": from the first of them to the last): said of the words before "before" or the
    years."""
    m = _LOST_BEFORE.search(item)
    failed_in = ""
    since = None
    if m and _LOST.search(item, m.end()):
        head = item[: m.start()]
        before = _day(m)
    elif none := _NONE_BEFORE.search(item):  # "there is no sales history before 2014"
        head, before = none.group("what"), _first_of(none.group(2), none.group(3))
    elif (pre := _PRE_YEAR.search(item)) and not _SOME.search(item, 0, pre.start()) \
            and (gone := _LOST.search(item, pre.end()) or _TAKEN_WITH.search(item, pre.end())):
        # "Penrith's pre-2016 cash books were thrown away", "the disk failed and took
        # the pre-2018 artwork and proofs with it": what follows the year (and no failed
        # artwork: the disk failed)
        head = failed_in = item[pre.end() : gone.start()]
        before = date(int(pre.group(1)), 1, 1)
    elif (span := _LOST_SPAN.search(item)) and (gone := _LOST.search(item, span.end())) \
            and not _STILL_HELD.search(item, span.end(), gone.start()) \
            and not _KEPT_SPAN.search(item):  # fmt: skip
        # "results for 2005–2008 were on the old webspace and are gone": those years
        head = item[: span.start()]
        before = _after_month(span) if span.group(2) else date(int(span.group(3)) + 1, 1, 1)
        since = _day(first) if (first := _FIRST_DAY.search(span.group())) else None
    elif (gone := _GONE_ON.search(item)) and not _SOME_OF.search(gone.group("what")):
        # "the old paper registration forms were shredded in December 2023": all of them
        # up to then (not "the 2017 sheets were lost in 2018": of a year, read as such;
        # nor "earlier tabs were deleted in 2022": some of them, said before)
        head = gone.group("what")
        before = _first_of(gone.group("month"), gone.group("year"))
    else:  # "holds rosters from 2016 only (earlier ones were purged)"
        m = _HELD_FROM.search(item)
        if not m or not _LOST.search(item, m.end()):
            return []
        head = item[: m.start()]
        held = _HOLDS.search(head)
        head = head[held.end():] if held else head  # what is held, not who holds it
        before = _day(m)
    words = _said_of(head)
    if not words:
        return []
    # "Sage 50 data and paper invoices before April 2016": each of them too
    each = re.split(r",\s*|\s+and\s+", head.strip()) if "," in head or _AND.search(head) else []
    return [replace(_kept(said, item, specificity, 0, before, failed_in), gone_since=since)
            for said in (words, *filter(None, map(_said_of, each)))]


# ... or what was destroyed on a day, all of it up to then ("the card index was shredded
# in 2016", "the old paper registration forms were thrown away in December 2023")
_GONE_ON = re.compile(
    rf"(?<![(\w])(?P<what>(?:the|our|its|their|all\s+the)\s+(?:[\w'-]+\s+){{0,4}}?[\w'-]+)\s+"
    rf"(?:was|were|has\s+been|have\s+been)\s+"
    rf"(?:all\s+)?(?:destroyed|shredded|deleted|discarded|purged|wiped|{_THROWN})\s+"
    rf"(?:[\w'-]+\s+){{0,4}}?in\s+(?:(?P<month>{_MONTH})\s+)?(?P<year>{_YEAR})\b"
    rf"(?!\s*(?:-|–|to)\s*\d)",
    re.IGNORECASE,
)
_SOME_OF = re.compile(r"\d|\b(?:earlier|older|before|previous|prior|anything|rest|ones|went|"
                      r"last|first)\b", re.IGNORECASE)
# A list a heading says is gone: "Gone: gas safety certificates 2011–2015, the comments
# book volume 2 (2013–2015) and a box of receipts", "Lost: minute books 1978–1985,
# table-booking diaries before 2016"
_GONE_HEAD = re.compile(r"\s*(?:what\s+(?:was|we)\s+)?(?:lost|gone|destroyed)\b[^:.]{0,40}:",
                        re.IGNORECASE)  # fmt: skip
# "before then", "before that (date)": the day said last before it
_BEFORE_THEN = re.compile(r"\bbefore\s+(?:then|that(?:\s+date)?)\b", re.IGNORECASE)
_DAY_SAID = re.compile(rf"(?:\b{_MONTH}\s+)?\b{_YEAR}\b", re.IGNORECASE)
_BARE_SPAN = re.compile(rf"\(?\b({_YEAR})\s*(?:–|-|to)\s*({_YEAR})\b\)?")
# ... not of an item that says it is there still ("minutes 1990-2000 kept at the office"),
# nor of one with a verb of its own
_THERE_STILL = re.compile(r"\b(?:kept|held|boxed|archived|stored|scanned|survives?|remains?)\b",
                          re.IGNORECASE)  # fmt: skip
_VERB = re.compile(r"\b(?:is|are|was|were|be|been|has|have|had|do|does|did|went|goes|go|"
                   r"will|would|can|could|may|might|must|should|"
                   # (not a thing that ends so: "the red repairs book", "the shed log")
                   r"(?!(?:red|bed|shed|need|feed|seed|reed|deed|weed|sled|speed)\b)\w+ed)\b"
                   r"|n't\b", re.IGNORECASE)  # fmt: skip


def _listed_lost(item: str, specificity: Callable[[str], float]) -> list[Kept]:
    """An item of a list headed as gone, said with its years or what came before a
    day: what it names is gone up to the end of them. An item with a verb of its own
    says what became of it ("Card payments before May 2021 went through Worldpay")."""
    if _THERE_STILL.search(item) or _VERB.search(item):
        return []
    if span := _BARE_SPAN.search(item):
        head, before = item[: span.start()], date(int(span.group(2)) + 1, 1, 1)
    elif at := _LOST_BEFORE.search(item):
        head, before = item[: at.start()], _day(at)
    else:
        return []
    words = _said_of(head)
    return [_kept(words, item, specificity, 0, before)] if words else []


def _after_month(m: re.Match[str]) -> date:
    """The first day after the month ``m`` says: its groups 2 (month) and 3 (year)."""
    return _next_month(int(m.group(3)), _MONTHS[m.group(2).lower().rstrip(".")])


def _day(m: re.Match[str]) -> date:
    """The first day of the month (or year) ``m`` says: its groups 1 and 2."""
    return _first_of(m.group(1), m.group(2))


def _first_of(month: str | None, year: str) -> date:
    """The first day of ``month`` of ``year``, or of the year without a month."""
    return date(int(year), _MONTHS[month.lower().rstrip(".")] if month else 1, 1)


# "Membership and direct debit records": one word, then the name whose noun it shares
_SHARED_NOUN = re.compile(r"(?:^|[,;:]|\b(?:and|or)\b)\s*([A-Za-z][\w-]*)\s+(?:and|or)\s+"
                          r"((?:[A-Za-z][\w-]*\s+){1,3}?([A-Za-z][\w-]*))\s*$")


# "Parent invoices and payments": one word, then two names that share it
_SHARED_MODIFIER = re.compile(r"(?:^|[,;:])\s*([A-Za-z][\w-]*)\s+([A-Za-z][\w-]*)\s+(?:and|or)\s+"
                              r"([A-Za-z][\w-]*)\s*$")


def _each_of(head: str) -> list[str]:
    """The single words of a list that share its last noun, each with that noun
    ("Membership and direct debit records" is also "Membership records" and "direct debit
    records"), or the first word that each of two shares ("Parent invoices and payments"
    is also "Parent invoices"), so that a question naming one of them names the
    retention. What an aside says is included is kept the same ("financial records,
    including gate cash sheets, 6 years")."""
    included = [m.group(1) for m in _INCLUDED.finditer(head)]
    head = _WITH_ASIDE.sub(" ", BRACKETED.sub(" ", head))
    cut = min((m.start() for m in (_BEING.search(head), _WHERE.search(head)) if m),
              default=len(head))  # fmt: skip
    m = _SHARED_NOUN.search(head[:cut].rstrip())
    if m:
        return [f"{m.group(1)} {m.group(3)}", m.group(2), *included]
    # "Parent invoices and payments": the first word is each one's
    m = _SHARED_MODIFIER.search(head[:cut].rstrip())
    return [f"{m.group(1)} {m.group(2)}", f"{m.group(1)} {m.group(3)}", *included] if m \
        else included  # fmt: skip


# which one of a thing, or that it is every one: "Batch book volume 3", "no candle
# records of any kind"
_WHICH_ONE = re.compile(r"\s+(?:vol(?:ume)?\.?\s*\d+|of\s+any\s+(?:kind|sort|description))\b",
                        re.IGNORECASE)  # fmt: skip


def _said_of(head: str) -> list[tuple[str, str]]:
    """The words (and their stems) a retention is said of: the last four before its
    span, or, when a verb of being follows the subject, the words before it ("CCTV is
    recorded locally at each site and overwritten after 30 days" is said of CCTV)."""
    def words(text: str) -> list[tuple[str, str]]:
        return [(w, t) for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", text)
                for t in terms(w) if t not in _KEPT_NOT_SUBJECT]  # fmt: skip

    head = _WITH_ASIDE.sub(" ", BRACKETED.sub(" ", head))  # an aside says which, not what
    head = _WHICH_ONE.sub(" ", head)  # ... as does "volume 3" or "of any kind"
    # the subject ends at a verb of being, or where it is kept ("CCTV in communal areas")
    cut = min((m.start() for m in (_BEING.search(head), _WHERE.search(head)) if m),
              default=len(head))  # fmt: skip
    return words(head[:cut])[-4:] or words(head)[-4:]


def _unspanned(item: str) -> bool:
    """Whether a retention item says no span and no year of its own."""
    return not (_KEPT_SPAN.search(item) or re.search(_YEAR, item))


def _items(sentence: str) -> list[str]:
    """The list items of ``sentence``; an "and" only ends an item that has its own span
    ("CDN and application logs 30 days" is one item, of both)."""
    # a list in brackets is one item's ("Care records (care plans, daily notes, MAR
    # charts) are kept 8 years"), and so is what goes with it, set off by commas
    # ("Customer records, with the ID seen at move-in, are kept six years")
    shielded = BRACKETED.sub(lambda m: m.group().translate(_SHIELD), sentence)
    shielded = _WITH_ASIDE.sub(lambda m: m.group().translate(_SHIELD), shielded)
    parts = [p.translate(_UNSHIELD) for p in _KEPT_ITEMS.split(shielded)]
    items, joins = [parts[0]], [""]  # each item, and the mark that joins it to the last
    for delimiter, item in zip(parts[1::2], parts[2::2], strict=True):
        if delimiter == ":" and (_KEPT_SPAN.match(item.strip())
                                 or _DONE_AFTER.match(item.strip())):
            # "Audition recordings, CVs of unsuccessful candidates: 6 months": the span
            # is each one's of the items before it that have none
            k = len(items)
            while k and _unspanned(items[k - 1]):
                k -= 1
            items[k:] = [f"{head} {item.strip()}" for head in items[k:]] or [item]
            joins[k:] = joins[k:] or [delimiter]
        elif delimiter == "," and _WHERE.search(items[-1]) and _unspanned(items[-1]) \
                and not re.search(_YEAR, item):  # fmt: skip
            # "CCTV in the warehouses, the yard and the shop is overwritten after 31
            # days": the places go on, the subject is still the one before them
            items[-1] += f",{item}"
        elif delimiter == "," and _BEING.match(item.strip()) and _unspanned(items[-1]):
            # "Patient care records, paper or electronic, are kept 10 years": said of
            # the first of the unspanned items before it, the others an aside
            k = len(items)
            while k > 1 and _unspanned(items[k - 2]):
                k -= 1
            items[k - 1:] = [f"{items[k - 1]} {item.strip()}"]
            del joins[k:]
        elif delimiter.lower() != "and":
            items.append(item)
            joins.append(delimiter)
        elif not _KEPT_SPAN.search(items[-1]):
            items[-1] += f" and {item}"
        else:  # "Backtrace keeps crash dumps 90 days and crash records two years": both
            keeper = _KEEPER.match(items[-1])
            items.append(f"{keeper.group(0)} {item.strip()}" if keeper else item)
            joins.append(delimiter)
    return _listed(items, joins)


def _listed(items: list[str], joins: list[str]) -> list[str]:
    """``items`` with the span of a list's last item ("estimates and invoices are kept six
    years") said of each short item before it that has none ("Job records, estimates and
    invoices are kept six years")."""
    for i, item in enumerate(items):
        being = _BEING.search(item)
        if being:
            if not _AND.search(item, 0, being.start()):
                continue
            said = item[being.end():].strip()
        else:  # "train registers, loco exam sheets and track patrol sheets 6 years"
            span = _KEPT_SPAN.search(item)
            if not span or not _AND.search(item, 0, span.start()):
                continue
            said = item[span.start():].strip()
        if not _KEPT_SPAN.search(said):
            continue
        j = i
        while j and joins[j] == "," and _unspanned(items[j - 1]) \
                and len(items[j - 1].split()) <= _MAX_NAME:  # fmt: skip
            j -= 1
            items[j] = f"{items[j].strip()} {said}"
    return items


def _names(kept: Kept, wanted: set[str], strict: bool = False) -> bool:
    """Whether ``wanted`` has half the words of what ``kept`` is said of, two of them, its
    most specific one, or the thing kept when that is a rare word ("creamery CCTV"). A
    word joined by hyphens that only modifies what is kept is not its name:
    "part-exchange" does not name "Part-exchange appraisal photos", though "rest hours"
    names "Hours-of-rest records"."""
    named = kept.subject & wanted
    if kept.named_whole and not kept.subject - _RECORD_WORDS <= wanted:
        return False
    # a word that only says something is held is no part of what ("applicants' details")
    size = len(kept.subject - _HELD_ONLY) or len(kept.subject)
    # ("the tracker's trip history twelve months": a source that keeps it, named by
    # what it is, names what it keeps: "Can we still see that on the tracker?")
    owner = kept.key in wanted and bool(re.search(
        rf"\b{re.escape(kept.key)}\w*'s\s", kept.written, re.IGNORECASE))
    if not owner and not (2 * len(named) >= size
                          and (len(named) >= 2 or kept.key in wanted
                               or (kept.rare_head and kept.head in wanted))):
        return False
    if strict and kept.head and kept.head not in wanted:
        return False  # only what modifies it: "taproom takings" against "taproom CCTV"
    for joined in _JOINED.findall(kept.written):
        parts = set(terms(joined)) & kept.subject
        if len(parts) > 1 and named <= parts and kept.key not in parts \
                and kept.subject - parts - _RECORD_WORDS:  # fmt: skip
            return False
    return True


def expired(kept: tuple[Kept, ...], asked: Period | None, today: date,
            wanted: set[str], question: str = "", *, strict: bool = False) -> tuple[str, ...]:
    """The preamble's statements that the question's subject is kept for less time than
    has passed since the period it asks about. The question names the subject when it
    has at least half its words, two of them or its most specific one ("the CCTV from two
    months ago" against "CCTV 31 days at each hotel"; "a guest's folio" is not "Guest
    Care tickets"). A file or a form is a record, what is listened to a recording, camera
    footage is CCTV, a thread, a conversation, a message or what was posted is a chat,
    someone who left ("the guide who left in the spring") is a leaver, a Gmail or an
    inbox is mail, and a candidate turned down (in ``question``: "we didn't shortlist")
    is an unsuccessful one. A span counted from an event the question says has not come
    ("he's still here") is no limit, and what is said of adults is not said of a child
    ("my daughter's forms from 2012"). ``strict``: the question names the thing kept
    itself, not only what modifies it."""
    if asked is None:
        return ()
    # a verb the question asks to do is no thing kept ("Can we check her payments?" asks
    # for no "cleaning checks")
    words = terms(question)
    wanted = wanted - {t for m in _ASKED_TO.finditer(question) for t in terms(m.group(1))
                       if words.count(t) == 1 and t not in LISTEN_WORDS}  # ("Can I listen?")
    if _ONGOING.search(question) or _JOINED_THEN.search(question):
        # "he's still here", "from when she joined": what is kept from a leaving stays
        kept = tuple(k for k in kept if not k.from_event)
    if _HOW_MANY.search(question):  # what is anonymised is still counted
        kept = tuple(k for k in kept if not _ANONYMISED.search(k.written))
    # what is said of adults is not said of a child, nor the other way round
    if wanted & _CHILD:
        kept = tuple(k for k in kept if not k.subject & _ADULT and not k.child_longer)
    elif wanted & _ADULT:
        kept = tuple(k for k in kept if not k.subject & _CHILD)
    said = wanted
    if _TURNED_DOWN.search(question):
        wanted = wanted | _UNSUCCESSFUL
    if not wanted & _FAILED:  # "declined foster carer applications 6 months": not approved
        kept = tuple(k for k in kept if not k.failed)
    if wanted & LISTEN_WORDS:  # "listen to that call" asks about "call recordings"
        wanted = wanted | frozenset(terms("recording"))
    if wanted & _RECORD_WORDS:  # "a care file" asks about "care records"
        wanted = wanted | _RECORD_WORDS
    if wanted & _CAMERA_WORDS:  # "the camera footage" asks about "CCTV 31 days"
        wanted = wanted | _CCTV
    if _LEFT_US.search(question):  # "the guide who left in the spring"
        wanted = wanted | _LEAVER
    if wanted & _MAIL_WORDS:  # "her Gmail", "his inbox": "leavers' Google mailboxes"
        wanted = wanted | _MAIL | (_GOOGLE if wanted & _GMAIL else frozenset())
    if wanted & _THREAD_WORDS or _POSTED.search(question):
        # "the Teams thread" asks about "Teams chats 12 months"
        wanted = wanted | _CHAT
    # a word in a form the stemmer keeps apart is the same word ("delivered", "delivery")
    wanted = wanted | {s for k in kept for s in k.subject
                       if s not in wanted and any(same_word(s, t, 5) for t in wanted)}
    # what nothing at all survives of is gone, whatever is asked for (unless the question
    # must name the thing kept itself)
    every = [] if strict else [
        k.written for k in kept if k.universal and k.gone_before and asked.end < k.gone_before
        and not (k.gone_since and asked.start < k.gone_since)]
    named = {k: len(k.subject & wanted) for k in kept
             if k.subject & (wanted - _RECORD_WORDS)}  # a record of what, named too
    named = {k: n for k, n in named.items() if _names(k, wanted, strict)}
    if not named:
        return tuple(dict.fromkeys(every))
    # what was lost before a day is lost whatever else is said of it; of the spans kept,
    # those the question names best decide ("crash records" asks about "Backtrace keeps
    # ... crash records two years", not about its crash dumps kept 90 days)
    lost = [k.written for k in named if k.gone_before and asked.end < k.gone_before
            and not (k.gone_since and asked.start < k.gone_since)]
    lost += [k.written for k in named if k.gone_in
             and all(y in k.gone_in for y in range(asked.start.year, asked.end.year + 1))]
    # a word the question says itself outweighs one it is read to mean
    # ("dashcam footage" asks about "Dashcam clips 14 days" before "Plant CCTV 30 days")
    read_in = (_UNSUCCESSFUL | _CCTV | _CHAT) - said
    spans = {k: n - len(k.subject & read_in) / 2 for k, n in named.items()
             if not k.gone_before and not k.gone_in}  # fmt: skip
    best = [k for k, n in spans.items() if n == max(spans.values())]
    gone = [k.written for k in best if asked.end < today - timedelta(days=k.days)]
    return tuple(dict.fromkeys(every + lost + (gone if len(gone) == len(best) else [])))
