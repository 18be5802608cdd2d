"""What people call a source, read from its card: "HireDesk says ..." names one.

A card's names are the words of its id and of the name its discriminator opens with
("HireDesk, BPS's hire system: ..."), plus what people shorten them to:

- the product in brackets right after that opening ("our CRM (Salesforce Sales Cloud
  and CPQ)", "finance ledger (NetSuite)"), each part of a list on its own;
- the brand that opens a name of several words, when the word is rare in English
  ("Salesforce Sales Cloud" -> "Salesforce", "Argus Safety" -> "Argus"; never
  "National Highways standards" -> "National");
- a name in quotes in the opening (CalmView "Greywell Past", Teams channel "Data Help");
- an acronym in the opening name ("SAP IBP" -> "IBP", "the PRA Rulebook" -> "PRA").

Each name is a set of stems; a question names a source when its words are exactly one
of them (``OfflineRouter._names_source``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from sourcefinder.index.model import Card
from sourcefinder.routing._rarity import specificity
from sourcefinder.routing._text import terms

_OPENING_END = re.compile(r"[,:;(—–]| - ")  # where a discriminator's opening name ends
# the bracket right after the opening name, when it holds a capitalized name
_BRACKET = re.compile(r"^[^:;—–(]*\(([A-Z][^()]{0,60})\)")
_QUOTED = re.compile(r'"([A-Z][^"]{1,40})"')  # CalmView "Greywell Past", Teams "Data Help"
_PARTS = re.compile(r",|\band\b|/|&")
_ACRONYM = re.compile(r"\b[A-Z][A-Z0-9]+\b")
# rarer than this in English ("salesforce", "argus"; "national" is far more common)
_BRAND_SPECIFICITY = 2.5
_FORMAT_FIRST = re.compile(r"\s*(?:the\s+)?(?:Excel|Google|Word|PDF|Access|paper|online)\s+"
                           r"(?=[A-Z])")


def card_names(card: Card) -> tuple[frozenset[str], ...]:
    """The names a question may call ``card`` by, each a set of stems."""
    opening = _OPENING_END.split(card.what)[0]
    spelled = [opening]
    bracket = _BRACKET.match(card.what)
    if bracket:
        spelled += [p.strip() for p in _PARTS.split(bracket.group(1))
                    if p.strip() and len(p.split()) <= 3 and p.strip()[0].isupper()]  # fmt: skip
    spelled += _QUOTED.findall(opening)
    shortened = []
    for name in spelled:
        words = name.split()
        if (len(words) > 1 and words[0][0].isupper()
                and specificity(words[0].lower()) > _BRAND_SPECIFICITY):
            shortened.append(words[0])
            if (len(words) == 2 and words[1][0].isupper()
                    and specificity(words[1].lower()) > _BRAND_SPECIFICITY):
                shortened.append(words[1])  # "Oracle Aconex" -> "Aconex"
    shortened += _ACRONYM.findall(opening)
    # "the Excel Job Book" is called the Job Book: the file's format is no part of its name
    if format_named := _FORMAT_FIRST.match(opening):
        shortened.append(opening[format_named.end():])
    names = [frozenset(terms(card.id.replace("-", " ")))]
    names += [frozenset(terms(n)) for n in spelled + shortened]
    return tuple(dict.fromkeys(n for n in names if n))


# where a NOT part's items part: commas, semicolons, "or", a second "NOT" (not inside
# a bracket: "(Xero, since 2019)")
_ITEM_END = re.compile(r"[,;]|\bor\b|\bNOT\b")
# the words an item that only names where to go says besides the name ("that's Xero",
# "see the rota", "use membermojo")
_ONLY_SENDS = frozenset(terms("see use ask check try go goes lives live kept held done "
                              "handled instead that's it's there those these them"))


NameIndex = dict[str, list[tuple[int, frozenset[str]]]]


def by_least_stem(names: Iterable[tuple[int, Iterable[frozenset[str]]]]) -> NameIndex:
    """Each card's names filed under their least stem, so that the names a text says are
    found from the text's own stems (``named_in``), not by trying every card."""
    index: NameIndex = {}
    for j, own in names:
        for name in own:
            if name:
                index.setdefault(min(name), []).append((j, name))
    return index


def named_in(said: set[str], index: NameIndex) -> Iterator[tuple[int, frozenset[str]]]:
    """(card, name) of each name in ``index`` whose stems are all in ``said``."""
    for t in said:
        for j, name in index.get(t, ()):
            if name <= said:
                yield j, name


def _items(text: str) -> list[str]:
    """``text`` split at ``_ITEM_END`` outside brackets."""
    out, depth, start = [], 0, 0
    for m in re.finditer(r"[()]|" + _ITEM_END.pattern, text):
        if m.group() == "(":
            depth += 1
        elif m.group() == ")":
            depth = max(0, depth - 1)
        elif depth == 0:
            out.append(text[start : m.start()])
            start = m.end()
    out.append(text[start:])
    return [item.strip() for item in out if item.strip()]


def sent_on(cards: list[Card],
            names: list[tuple[frozenset[str], ...]]) -> dict[str, list[tuple[str, str]]]:
    """Card id -> (card id, item) of each item of another card's NOT part that names it:
    "NOT membership details (membermojo)" sends membership questions to membermojo, and
    "NOT payroll; that's BrightPay" sends payroll ones to BrightPay. ``names``: each
    card's ``card_names``."""
    out: dict[str, list[tuple[str, str]]] = {}
    by_stem = by_least_stem(enumerate(names))
    for i, card in enumerate(cards):
        before = ""
        for item in _items(card.what_not):
            said = set(terms(item))
            found: dict[frozenset[str], set[int]] = {}
            for j, name in named_in(said, by_stem):
                if j != i:
                    found.setdefault(name, set()).add(j)
            # the longest names said, each of one card only ("treasurer-accounts", not
            # "treasurer" too; a "Julie" two cards are called is no one's)
            named = {j for name, holders in found.items() if len(holders) == 1
                     and not any(name < other for other in found) for j in holders}
            rest = said - {t for name in found for t in name} - _ONLY_SENDS
            note = item if rest or not before else before
            for j in sorted(named):
                out.setdefault(cards[j].id, []).append((card.id, note))
            before = item
    return out
