"""After fusion: what the index itself declares about cards, applied to fused scores.

- **NOT part.** Query terms that a card mentions only in its NOT part multiply its score
  by ``exp(-not_strength * share)``, ``share`` being those terms' part of the question's
  idf mass: one telling term in a short question sinks a card, in a long one it dents it.
  Terms the question itself rules out ("not the pay policy: ...", see ``_question``)
  push down the cards that offer them, the same way (``excluded_strength``).
- **Supersession.** A card that another card ``supersedes`` hands its relevance to the
  successor (of several, to the one that scores best on the question) and is kept just
  below it, unless the question is about the old period (an "old" word, "before 2024",
  "before the new system came in" but not "before I reply", a year that only the old
  card mentions, or a time the successor is too young to hold, and no "now" or
  "latest"): then the old card is placed just above. ``demoted`` without a successor is
  multiplied by ``demoted_factor``.
- **Periods.** A card whose own text says it does not hold the period the question
  asks about (``_period``) is multiplied by ``period_factor`` and says why. This comes
  last, so that no successor or predecessor hands its relevance back to it.
- **Mild priors.** ``draft`` cards, trust and health (helpful vs harmful) multiply the
  score by factors close to 1: they break near-ties, they do not overrule relevance.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from sourcefinder.index.model import Card
from sourcefinder.routing._text import tokens

_YEAR = re.compile(r"\b(1[89]\d\d|20\d\d)\b")
_YEAR_RANGE = re.compile(
    r"\b(19[5-9]\d|20\d\d)\s*(?:-|–|—|to|until)\s*(?:[A-Za-z]{3,9}\.?\s+)?(\d{4}|\d{2})\b"
)
# a year that names a model, not a time: "a 2020 Transit Custom?", "his 2016 Golf is",
# "a 2019 Ford Focus" (not "her 2017 Cobalt Visa statement", "a 2022 Brindle run")
MODEL_YEAR = re.compile(
    r"\b(?:a|an|his|her|their|my|your)\s+(?:1[89]|20)\d\d\s+(?:[A-Z][\w-]*\s+){0,3}?"
    r"[A-Z][\w-]*(?=\s*(?:[.,:;?!]|$)|\s+(?:is|was|due|from|since|in|and|anywhere|with|"
    r"that|which|we|on|at|for|to|has|had)\b)")
_BEFORE_YEAR = re.compile(r"\b(?:pre|before|until|prior to)[-\s]?(?:19|20)\d\d\b", re.IGNORECASE)
# "before" of a change ("before the new system came in", "before then", "before it shut"),
# not of a moment ("before I reply", "before the end of the year")
_BEFORE_CHANGE = re.compile(
    r"\bbefore\s+(?:then|that\b|it\s+(?:shut|closed)|(?:we|they)\s+(?:moved|switched|changed|"
    # ("before we went over to Dentally", "before we got the new system", "before we went
    # paperless"; not "before we went to press")
    r"migrated|went\s+(?:over\s+to|onto|to\s+(?-i:[A-Z]))|went\s+(?:live|paperless|digital)|got|"
    r"started\s+(?:using|on))|(?:all\s+)?the\s+(?:[\w-]+\s+){0,3}?(?:change|changes|changeover|"
    r"switch|switchover|move|migration|upgrade|new|rebrand|merger)"
    # "before the training portal existed", "before the restoration started?" (not "before
    # the errors started at 2pm", "before the contractor started felling")
    r"|(?:all\s+)?the\s+(?:[\w-]+\s+){1,3}?(?:existed|(?:started|began)(?=\s*(?:[.,;:?!)]|$))"
    r"|came\s+in|arrived|was\s+set\s+up|took\s+over))\b",
    re.IGNORECASE,
)

_OLD_WORDS = (
    "old older oldest legacy previous previously prior former formerly earlier archive "
    "archived archives deprecated outdated historic bygone obsolete superseded"
)
OLD_PERIOD_WORDS = frozenset(_OLD_WORDS.split())
# an old being is no old time
_BEINGS = frozenset(
    "mule mules donkey donkeys horse horses pony ponies dog dogs cat cats boy boys girl girls "
    "lad lads lass lasses man men woman women lady ladies chap chaps fella bloke gent gents "
    "folk folks timer timers boy's girl's mr mrs miss ms dear dears mate mates pal pals "
    "gran grandad granny".split())
# ... nor an age ("the fee for a 15 year old", "a six-week-old puppy", "How old is
# Hector?", "is he old enough?")
_AGE = re.compile(r"\bhow\s+old\b|\bold\s+enough\b|\b(?:years?|months?|weeks?|days?|yrs?)"
                  r"[\s-]+old\b", re.IGNORECASE)  # fmt: skip
# ... capitalized inside a sentence before another capitalized word, it opens a name
_IN_NAME = re.compile(r"(?<=[a-z,]\s)(?:Old|Older|Former|Previous|Legacy|Historic)\s+(?=[A-Z])")


@dataclass
class Adjusted:
    """Fused scores after the index's declarations, with the reasons they add."""

    score: dict[int, float]
    notes: dict[int, list[str]] = field(default_factory=dict)
    leader_out_of_period: bool = False  # one of the best three was set aside for the period
    leader: int | None = None  # the best card before the period set any aside
    set_aside: list[int] = field(default_factory=list)  # of the best five, out of period
    old_period: set[int] = field(default_factory=set)  # the old sources asked for their period

    def note(self, i: int, text: str) -> None:
        self.notes.setdefault(i, []).append(text)


def all_successors(cards: list[Card]) -> dict[int, tuple[int, ...]]:
    """Old card position -> the positions of every card that supersedes it, in order: a
    record system split in two ("Titan" for dispensing, "CD Manager" for controlled drug
    registers) has a successor for each part."""
    pos = {c.id: i for i, c in enumerate(cards)}
    out: dict[int, list[int]] = {}
    for i, card in enumerate(cards):
        for old in card.supersedes:
            if old in pos and pos[old] != i and i not in out.get(pos[old], ()):
                out.setdefault(pos[old], []).append(i)
    return {old: tuple(news) for old, news in out.items()}


def before_a_change(text: str) -> bool:
    """Whether ``text`` asks about the time before a change ("before we moved systems")."""
    return _BEFORE_CHANGE.search(text) is not None


def is_old_period(question: str, old: Card, new: Card | None) -> bool:
    """Whether ``question`` asks about the period that ``old`` documents (a word of the
    old in a name or an age says nothing of time: "Is the Old Dairy free?")."""
    said = tokens(_AGE.sub(" ", _IN_NAME.sub(" ", question)))
    if _of_the_old(said) \
            or _BEFORE_YEAR.search(question) or _BEFORE_CHANGE.search(question):  # fmt: skip
        return True
    years = set(_YEAR.findall(MODEL_YEAR.sub("", question)))
    if not years:
        return False
    old_years = years_in(f"{old.id} {old.what} {old.what_not} {old.contains}")
    new_years = years_in(f"{new.id} {new.what} {new.contains}") if new else set()
    return any(int(y) in old_years and int(y) not in new_years for y in years)


def _of_the_old(said: list[str]) -> bool:
    """Whether a word of the old in ``said`` speaks of an old time, not of an old being
    ("the old mule", "one of the old girls", "old Mrs Dodd")."""
    return any(word in OLD_PERIOD_WORDS and not (
        k + 1 < len(said) and said[k + 1] in _BEINGS) for k, word in enumerate(said))


def years_in(text: str) -> set[int]:
    """Years a text mentions, ranges ("2021-2023", "2021–23") expanded."""
    return {int(y) for y in _YEAR.findall(text)} | years_spanned(text)


def years_spanned(text: str) -> set[int]:
    """The years of the ranges a text mentions ("2004 to 2012"), no single year."""
    found: set[int] = set()
    for start, end in _YEAR_RANGE.findall(text):
        first = int(start)
        last = int(end) if len(end) == 4 else first // 100 * 100 + int(end)
        if first <= last <= first + 50:
            found.update(range(first, last + 1))
    return found


def apply_declarations(
    fused: dict[int, float],
    cards: list[Card],
    succ: dict[int, tuple[int, ...]],
    question: str,
    not_shares: dict[int, tuple[float, list[str]]],
    excluded: dict[int, tuple[float, list[str]]],
    *,
    not_strength: float,
    excluded_strength: float,
    current: bool,
    demoted_factor: float,
    draft_factor: float,
    trust_factors: dict[str, float],
    health_weight: float,
    out_of_period: dict[int, str] | None = None,
    period_factor: float = 1.0,
    dismissed: frozenset[int] = frozenset(),
) -> Adjusted:
    adj = Adjusted(dict(fused))
    score = adj.score
    for i, (share, words) in not_shares.items():
        if i in score and share > 0 and not_strength > 0:
            score[i] *= math.exp(-not_strength * share)
            adj.note(i, "NOT part matches " + ", ".join(f"'{w}'" for w in words[:3]))
    for i, (share, words) in excluded.items():
        if i in score and share > 0 and excluded_strength > 0:
            score[i] *= math.exp(-excluded_strength * share)
            adj.note(i, "matches what the question rules out: "
                     + ", ".join(f"'{w}'" for w in words[:3]))  # fmt: skip
    for i in list(score):
        card = cards[i]
        if card.status == "draft":
            score[i] *= draft_factor
            adj.note(i, "draft: admitted, not yet verified")
        score[i] *= trust_factors.get(card.trust, 1.0)
        if card.health is not None and health_weight:
            h, x = card.health.helpful, card.health.harmful
            score[i] *= 1.0 + health_weight * (h - x) / (h + x + 5.0)
    # Oldest first, so in a chain (c supersedes b supersedes a) what a hands to b
    # reaches c too.
    first = {old: news[0] for old, news in succ.items()}
    olds = [i for i in score if i in succ or cards[i].status == "demoted"]
    for old in sorted(olds, key=lambda i: (-_hops(i, first), i)):
        # of several successors, the one the question is most about takes the old card's
        # place: a question about controlled drug registers is not one for dispensing
        news = succ.get(old, ())
        new = max(news, key=lambda j: score.get(j, 0.0)) if news else None
        old_card = cards[old]
        new_card = cards[new] if new is not None else None
        # (not when the time asked is after the old card ends: its successor holds that,
        # "did we do her lounge in summer 2022, the old Access thing or the new system?")
        ended = (out_of_period or {}).get(old, "").startswith("holds nothing after")
        if not current and not (ended and new is not None) and (
                is_old_period(question, old_card, new_card)
                or (new is not None and new in (out_of_period or {}))):
            if new is not None and new in score:
                score[old] = max(score[old], score[new] * 1.05)
            adj.note(old, "question is about the old period this source documents")
            adj.old_period.add(old)
            continue
        if new is not None and new in dismissed:  # "... and they're not in <successor>"
            adj.note(old, f"its successor {cards[new].id} is where the asker says it is not")
            continue
        if new is None:
            score[old] *= demoted_factor
            adj.note(old, "demoted: kept for history")
            continue
        if score.get(new, 0.0) < score[old]:
            if new not in score:
                adj.note(new, f"supersedes {old_card.id}, which matched")
            score[new] = score[old] * 1.01
        score[old] = min(score[old], score[new] * 0.9)
        adj.note(old, f"superseded by {cards[new].id}")
    # Last, so that no successor or predecessor hands its relevance back.
    if out_of_period and score:
        leaders = sorted(score, key=lambda i: (-score[i], i))[:5]
        adj.set_aside = [i for i in leaders if i in out_of_period]
        adj.leader_out_of_period = any(i in out_of_period for i in leaders[:3])
        adj.leader = leaders[0]
    for i, why in (out_of_period or {}).items():
        if i in score:
            score[i] *= period_factor
            adj.note(i, f"out of period: {why}")
    return adj


def _hops(i: int, succ: dict[int, int]) -> int:
    """How many successors stand between card ``i`` and the newest of its line."""
    seen = {i}
    while i in succ and succ[i] not in seen:  # the linter refuses cycles; never loop
        i = succ[i]
        seen.add(i)
    return len(seen) - 1
