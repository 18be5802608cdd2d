"""Which words of an example query a probe looks for, and whether a text holds them all.

A query's *significant words* are its lowercase tokens (letters, digits, ``_``, inner
``-``) minus function words, question words and relative time phrases ("last month",
"this quarter": a keyword search cannot honour them, so they would only make every probe
fail). A document holds a word when a light stem of it appears between non-alphanumeric
characters: ``alarms`` finds ``alarm``, ``polled`` finds ``polling``, ``sev1s`` finds
``SEV1``, and ``shipments`` finds ``fct_shipments``. A document *matches* a query when it
holds every significant word (keyword search's AND), which is what makes a moved or
missing page a genuine ✗ rather than a near miss.
"""

from __future__ import annotations

import re
from functools import lru_cache

_TOKEN = re.compile(r"[a-z0-9][a-z0-9_]*(?:['-][a-z0-9_]+)*")

_STOPWORD_TEXT = """
    a an the and or but if then than so as of to in on at by for from with without via per
    into onto over under about above across after against along among around before behind
    below between beyond during except inside near off out outside since through toward until
    up upon within
    i me my mine we us our ours you your yours he she it its they them their this that these
    those there here
    is am are was were be been being do does did done doing have has had having will would
    shall should can could may might must get got go goes going went
    what which who whom whose when where why how
    all any some each every no not nor only own same such too very just also ever
    anyone anybody someone something anything everyone everything much many more most few
    don't doesn't didn't isn't aren't can't won't what's who's where's how's
    right now currently please tell show find me let
    """
STOPWORDS = frozenset(_STOPWORD_TEXT.split())
_RELATIVE = frozenset({"last", "this", "next", "past", "previous", "current", "coming"})
_TIME_UNITS = frozenset(
    {"day", "days", "week", "weeks", "month", "months", "quarter", "quarters", "year", "years",
     "night", "tonight", "today", "yesterday", "tomorrow", "hour", "hours"}
)  # fmt: skip
_ALWAYS_RELATIVE = frozenset({"today", "yesterday", "tonight", "tomorrow", "ago", "recently"})


def significant_words(query: str) -> tuple[str, ...]:
    """The words a probe requires, in query order, each once."""
    tokens = _TOKEN.findall(query.lower())
    words: list[str] = []
    skip = False
    for i, token in enumerate(tokens):
        if skip:
            skip = False
            continue
        if token in _RELATIVE and i + 1 < len(tokens) and tokens[i + 1] in _TIME_UNITS:
            skip = True
            continue
        if token in STOPWORDS or token in _RELATIVE or token in _ALWAYS_RELATIVE:
            continue
        if len(token) < 2 or token in words:
            continue
        words.append(token)
    return tuple(words)


@lru_cache(maxsize=4096)
def word_pattern(word: str) -> re.Pattern[str]:
    """A case-insensitive pattern for ``word`` and its common inflections."""
    if len(word) > 4 and word.endswith("ies"):
        body = re.escape(word[:-3]) + "(?:y|ies)"
    elif len(word) > 4 and word.endswith("ed"):
        body = re.escape(word[:-2]) + "(?:e|ed|es|ing|s)?"
    elif len(word) > 5 and word.endswith("ing"):
        body = re.escape(word[:-3]) + "(?:e|ed|es|ing|s)?"
    elif len(word) > 3 and word.endswith("s") and not word.endswith("ss"):
        body = re.escape(word[:-1]) + "(?:s|es)?"
    else:
        body = re.escape(word) + "(?:s|es|ed|d|ing)?"
    return re.compile(rf"(?<![a-z0-9]){body}(?![a-z0-9])", re.IGNORECASE)


def holds(text: str, word: str) -> bool:
    return word_pattern(word).search(text) is not None


def matches(text: str, words: tuple[str, ...]) -> bool:
    """Whether ``text`` holds every one of ``words`` (and there is at least one)."""
    return bool(words) and all(holds(text, w) for w in words)


def snippet(text: str, words: tuple[str, ...], width: int = 160) -> str:
    """The line around the first word found, folded and bounded."""
    for word in words:
        m = word_pattern(word).search(text)
        if m:
            start = max(0, m.start() - width // 3)
            piece = " ".join(text[start : start + width].split())
            return ("…" if start else "") + piece
    return " ".join(text[:width].split())
