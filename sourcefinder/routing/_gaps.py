"""Years the preamble says a thing did not happen: "There were no exhibitions in 2020 or
2021 (Covid)", "The congress ... It was not held in 2020 or 2021". The cards about that
thing hold nothing for those years, whatever span they state."""

from __future__ import annotations

import re
from dataclasses import dataclass

from sourcefinder.index.model import Card
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


@dataclass(frozen=True)
class Gap:
    """``subject``: the stems of the thing that did not happen; ``years``: when."""

    subject: frozenset[str]
    years: frozenset[int]
    written: str


def declared_gaps(preamble: str) -> tuple[Gap, ...]:
    """Each "no <things> in <years>" and "<thing> was not held in <years>" of the
    preamble. "It" is what the nearest sentence before it, in its list item or
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
