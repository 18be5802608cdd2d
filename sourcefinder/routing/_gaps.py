"""Times the preamble says a thing did not happen: "There were no exhibitions in 2020 or
2021 (Covid)", "The congress ... It was not held in 2020 or 2021", "No markets from April
2020 to May 2021", "The café was shut 2020-03-23 to 2020-07-04"; "We were closed 23 March
– 8 July 2020" says it of everything. The cards about that thing hold nothing for those
times, whatever span they state."""

from __future__ import annotations

import calendar
import re
from dataclasses import dataclass
from datetime import date

from sourcefinder.index.model import Card
from sourcefinder.routing._period import MONTHS, Span
from sourcefinder.routing._text import BRACKETED, paragraphs, terms

_YEAR = r"(?:19|20)\d\d"
# the years, one or two ("in 2020", "in 2020 or 2021", "in 2020 and 2021"), not a bound
# ("in 2019 or earlier")
_YEARS = (rf"in\s+({_YEAR})(?:\s*(?:,|or|and|&)\s*({_YEAR}))?\b"
          r"(?!\s*(?:(?:or|and)\s+(?:earlier|before|later|after|since)|(?:to|until|-|–)\s*\d))")
# (not "no later than 2020", nor "no more events in 2020": a comparison)
_NOT_SUBJECT = r"(?!(?:later|longer|earlier|more|less|sooner|other|such)\b)"
_NONE_HELD = re.compile(
    # "There were no exhibitions in 2020 or 2021", "no shows were held in 2020"
    rf"\bno\s+{_NOT_SUBJECT}((?:[a-z]+\s+){{0,2}}?[a-z]{{3,}})\s+"
    rf"(?:(?:was|were)\s+(?:held|run|staged|played)\s+)?{_YEARS}"
    # "The congress was not held in 2020 or 2021", "the show was cancelled in 2001"
    rf"|\b((?:[A-Za-z]+\s+){{0,2}}?[A-Za-z]{{2,}})\s+(?:was|were)\s+(?:not\s+(?:held|run|staged"
    rf"|played)|cancelled|canceled|called\s+off)\s+{_YEARS}",
    re.IGNORECASE,
)
_PRONOUN = frozenset("it they this that these".split())
_DETERMINER = re.compile(r"^(?:the|our|its|their|all|a|an)\s+", re.IGNORECASE)
# what a sentence is about: "The congress is ECF-rated only."
_SUBJECT = re.compile(r"(?:^\s*(?:[-*]\s+)?|[.!?]\s+)(?:the|our)\s+"
                      r"((?:[a-z]+\s+){0,2}?[a-z]{3,})\s+"
                      r"(?:is|are|was|were|has|have|had|runs?|takes?)\b", re.IGNORECASE)
_ITEM = re.compile(r"\n\s*[-*]\s+")  # a list's items are read each on its own

_MONTH = "|".join(MONTHS)
# a day, a month or a year said as a bound: "2020-03-23", "23 March", "Apr 2020", "2021"
_BOUND = (rf"(?:{_YEAR}-\d\d(?:-\d\d)?|(?:\d{{1,2}}(?:st|nd|rd|th)?\s+)?(?:{_MONTH})"
          rf"(?:\s+{_YEAR})?|{_YEAR})")
_SPAN = (rf"(?:from\s+|between\s+)?({_BOUND})\s*(?:to|until|till|and|–|—|-)\s*({_BOUND})"
         rf"(?![\w-])")
_SPANS = re.compile(_SPAN, re.IGNORECASE)
_MORE_SPANS = re.compile(rf"\s*(?:,|and|&)\s*{_SPAN}", re.IGNORECASE)
_CLOSED_SPAN = re.compile(
    # "No markets from April 2020 to May 2021", "No sessions and no tool library loans
    # from March 2020 to August 2021" (each), "No events between 2020-03-14 and ..."
    rf"\bno\s+{_NOT_SUBJECT}((?:[^\W\d_]+\s+){{0,6}}?[^\W\d_]{{3,}})\s+(?=(?:from|between)\s+"
    rf"{_BOUND}\s*(?:to|until|till|and|–|—|-)\s*{_BOUND})"
    # "The café was shut 2020-03-23 to 2020-07-04", "We were closed 23 March – 8 July 2020"
    rf"|\b((?:[^\W\d_]+\s+){{0,2}}?[^\W\d_]{{2,}})\s+(?:was|were)\s+(?:closed|shut)\s+"
    rf"(?={_SPAN})",
    re.IGNORECASE,
)
_EACH_NO = re.compile(r"\s+(?:and|or)\s+no\s+|,\s*no\s+", re.IGNORECASE)
_EVERYTHING = frozenset({"we"})  # what a closure of everything is said of


def _bound(said: str, year: int | None, *, end: bool) -> date | None:
    """The first (or, with ``end``, the last) day of a bound, in ``year`` when it names
    none ("23 March" of "23 March – 8 July 2020")."""
    if m := re.fullmatch(r"(\d{4})-(\d\d)(?:-(\d\d))?", said):
        y, mo = int(m.group(1)), max(1, min(12, int(m.group(2))))
        last = calendar.monthrange(y, mo)[1]
        return date(y, mo, min(last, int(m.group(3))) if m.group(3) else last if end else 1)
    words = said.lower().split()
    said_year = next((int(w) for w in words if w.isdigit() and len(w) == 4), year)
    month = next((MONTHS[w] for w in words if w in MONTHS), None)
    day = next((int(w.rstrip("stndrh")) for w in words if w[:1].isdigit() and len(w) <= 4
                and not (w.isdigit() and len(w) == 4)), None)
    if said_year is None:
        return None
    if month is None:
        return date(said_year, 12, 31) if end else date(said_year, 1, 1)
    last = calendar.monthrange(said_year, month)[1]
    return date(said_year, month, min(day, last) if day else last if end else 1)


def _spans(text: str) -> tuple[Span, ...]:
    """Each span of ``text`` as its first and last day."""
    out = []
    for m in _SPANS.finditer(text):
        end = _bound(m.group(2), None, end=True)
        start = _bound(m.group(1), end.year if end else None, end=False)
        if start and end and start <= end:
            out.append((start, end))
    return tuple(out)


@dataclass(frozen=True)
class Gap:
    """``subject``: the stems of the thing that did not happen; ``years``: when."""

    subject: frozenset[str]
    years: frozenset[int]
    written: str
    # the spans it did not happen in, first and last day; a subject of ``_EVERYTHING``
    # is everything
    spans: tuple[Span, ...] = ()


def declared_gaps(preamble: str) -> tuple[Gap, ...]:
    """Each "no <things> in <years>" and "<thing> was not held in <years>" of the
    preamble, and each "no <things> from <day> to <day>" and "<thing> was closed <day> to
    <day>" with its spans. "It" is what the nearest sentence before it, in its list item or
    paragraph, is about ("The congress is ECF-rated only. ... It was not held in 2020 or
    2021")."""
    out: list[Gap] = []
    items = (i for p in paragraphs(BRACKETED.sub(" ", preamble)) for i in _ITEM.split(p))
    for item in items:
        for m in _NONE_HELD.finditer(item):
            said = m.group(1) or m.group(4)
            years = frozenset(int(y) for y in m.groups()[1:3] + m.groups()[4:6] if y)
            words = _DETERMINER.sub("", said.strip()).split()
            if words[-1].lower() in _PRONOUN:
                # the thing the nearest sentence before it is about
                before = list(_SUBJECT.finditer(item, 0, m.start()))
                if not before:
                    continue
                words = before[-1].group(1).split()
            if subject := frozenset(terms(" ".join(words))):
                out.append(Gap(subject, years, m.group().strip()))
        for m in _CLOSED_SPAN.finditer(item):
            # the spans said one after another ("... to 2020-07-04 and 2021-01-05 to ...")
            at, said_spans = m.end(), list[str]()
            while span := (_SPANS if not said_spans else _MORE_SPANS).match(item, at):
                said_spans.append(span.group())
                at = span.end()
            spans = _spans(" ".join(said_spans))
            said = m.group(1) or m.group(2)
            for each in _EACH_NO.split(said):
                words = _DETERMINER.sub("", each.strip()).lower().split()
                subject = frozenset(words) & _EVERYTHING or frozenset(terms(" ".join(words)))
                if subject and spans:
                    out.append(Gap(subject, frozenset(), item[m.start() : at].strip(), spans))
    return tuple(out)


def gap_years(gaps: tuple[Gap, ...], cards: list[Card]) -> dict[int, frozenset[int]]:
    """Card position -> the years the preamble says its thing did not happen: a card
    whose name or what names the thing ("drive-exhibition", "the exhibition folder";
    all of "poultry classes")."""
    out: dict[int, frozenset[int]] = {}
    if not gaps:
        return out
    for i, card in enumerate(cards):
        said = set(terms(f"{card.id.replace('-', ' ')} {card.what}"))
        years = frozenset(y for g in gaps if g.subject <= said for y in g.years)
        if years:
            out[i] = years
    return out


def gap_spans(gaps: tuple[Gap, ...], cards: list[Card]) -> dict[int, tuple[Span, ...]]:
    """Card position -> the spans the preamble says its thing did not happen in: every
    card when it says so of the organization ("We were closed ..."), else as
    ``gap_years`` names the thing ("No markets from ..." for the market-day sheets)."""
    out: dict[int, tuple[Span, ...]] = {}
    spanned = [g for g in gaps if g.spans]
    if not spanned:
        return out
    for i, card in enumerate(cards):
        said = set(terms(f"{card.id.replace('-', ' ')} {card.what}"))
        spans = tuple(s for g in spanned if g.subject <= said or g.subject <= _EVERYTHING
                      for s in g.spans)
        if spans:
            out[i] = spans
    return out
