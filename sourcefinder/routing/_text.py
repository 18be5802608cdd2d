"""Text normalization shared by every lexical signal: tokens, stopwords, a Porter stemmer.

``terms(text)`` is the one entry point: lowercase, split on anything that is not a letter
or a digit (so ``pdf-urltool`` and ``abc_to_audio`` split), drop stopwords and one-letter
tokens, stem with the classic Porter (1980) algorithm. Cards and questions go through the
same function, so a term means the same thing on both sides.

``split_compound`` segments glued identifiers (``weathertool`` -> ``weather``, ``tool``)
against a vocabulary, because ids are often written that way and questions never are.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache

_TOKEN = re.compile(r"[a-z0-9]+")
_CAMEL = re.compile(r"(?<=[a-z])(?=[A-Z])")
_CODE_PLURAL = re.compile(r"[a-z]{1,3}\d+s")  # "p60s", "fp17s", "u18s"
_WONT = re.compile(r"\bwon['’]t\b")
# an aside in brackets, innermost first: it says which, not what
BRACKETED = re.compile(r"\([^()]*\)")

# English function words plus the request boilerplate every question carries ("can you
# help me find ..."): they say nothing about which source holds the answer. "who" and
# "why" are kept: they ask for a person or a reason, and cards that hold those say so
# ("who to ask", "why odd ones are odd"); hit@1 on the three organizations then in ``evals/``
# 0.679 / 0.718 / 0.769 -> 0.684 / 0.718 / 0.779, one fewer answerable question answered
# "nowhere", MetaTool unchanged.
_STOPWORDS = """
    a about above after again against all also am an and any anyone anything are as at be
    because been being below between both but by can cannot could did do does doing done
    down during each else etc even ever every few for from further get gets getting give
    go going got had has have having he her here hers herself him himself his how however
    i if in into is it its itself just let lets like make me might mine more most much
    must my myself need needs no nor not now of off on once one only or other our ours
    ourselves out over own please provide same shall she should show so some someone
    something such tell than that the their theirs them themselves then there these they
    this those through to too under until up upon us use using very want wants was we were
    what when where whether which while whom whose will with within without would
    yes yet you your yours yourself yourselves hey hi hello thanks thank sure certainly
    kindly assist help find looking look know wondering ve ll re don doesn isn aren wasn
    didn hasn haven hadn weren couldn wouldn shouldn mustn needn mightn shan
"""
STOPWORDS = frozenset(_STOPWORDS.split())


# --- Porter stemmer -------------------------------------------------------------------


def _is_cons(w: str, i: int) -> bool:
    c = w[i]
    if c in "aeiou":
        return False
    if c == "y":
        return i == 0 or not _is_cons(w, i - 1)
    return True


def _measure(stem: str) -> int:
    """Porter's m: the number of vowel-consonant sequences in ``stem``."""
    m = 0
    prev_vowel = False
    for i in range(len(stem)):
        vowel = not _is_cons(stem, i)
        if prev_vowel and not vowel:
            m += 1
        prev_vowel = vowel
    return m


def _has_vowel(stem: str) -> bool:
    return any(not _is_cons(stem, i) for i in range(len(stem)))


def _double_cons(w: str) -> bool:
    return len(w) >= 2 and w[-1] == w[-2] and _is_cons(w, len(w) - 1)


def _cvc(w: str) -> bool:
    if len(w) < 3 or w[-1] in "wxy":
        return False
    n = len(w)
    return _is_cons(w, n - 3) and not _is_cons(w, n - 2) and _is_cons(w, n - 1)


_STEP2 = (
    ("ational", "ate"), ("tional", "tion"), ("enci", "ence"), ("anci", "ance"),
    ("izer", "ize"), ("abli", "able"), ("alli", "al"), ("entli", "ent"), ("eli", "e"),
    ("ousli", "ous"), ("ization", "ize"), ("ation", "ate"), ("ator", "ate"),
    ("alism", "al"), ("iveness", "ive"), ("fulness", "ful"), ("ousness", "ous"),
    ("aliti", "al"), ("iviti", "ive"), ("biliti", "ble"), ("logi", "log"),
)  # fmt: skip
_STEP3 = (
    ("icate", "ic"), ("ative", ""), ("alize", "al"), ("iciti", "ic"), ("ical", "ic"),
    ("ful", ""), ("ness", ""),
)  # fmt: skip
_STEP4 = (
    "al", "ance", "ence", "er", "ic", "able", "ible", "ant", "ement", "ment", "ent",
    "ion", "ou", "ism", "ate", "iti", "ous", "ive", "ize",
)  # fmt: skip


def _replace(w: str, rules: Iterable[tuple[str, str]], min_m: int) -> str:
    for suffix, repl in rules:
        if w.endswith(suffix):
            stem = w[: len(w) - len(suffix)]
            return stem + repl if _measure(stem) > min_m else w
    return w


@lru_cache(maxsize=65536)
def stem(word: str) -> str:
    """The Porter stem of a lowercase word (numbers and short words pass unchanged; a
    code's plural loses its "s": "p60s", "fp17s")."""
    w = word
    if len(w) <= 2 or not w.isalpha():
        return w[:-1] if _CODE_PLURAL.fullmatch(w) else w
    # Step 1a: plurals.
    if w.endswith("sses") or w.endswith("ies"):
        w = w[:-2]
    elif w.endswith("s") and not w.endswith("ss"):
        w = w[:-1]
    # Step 1b: -ed, -ing.
    if w.endswith("eed"):
        if _measure(w[:-3]) > 0:
            w = w[:-1]
    else:
        for suffix in ("ed", "ing"):
            if w.endswith(suffix) and _has_vowel(w[: -len(suffix)]):
                w = w[: -len(suffix)]
                if w.endswith(("at", "bl", "iz")):
                    w += "e"
                elif _double_cons(w) and w[-1] not in "lsz":
                    w = w[:-1]
                elif _measure(w) == 1 and _cvc(w):
                    w += "e"
                break
    # Step 1c: y -> i.
    if w.endswith("y") and _has_vowel(w[:-1]):
        w = w[:-1] + "i"
    w = _replace(w, _STEP2, 0)
    w = _replace(w, _STEP3, 0)
    # Step 4: drop a suffix when the stem is long enough (m > 1).
    for suffix in _STEP4:
        if w.endswith(suffix):
            s = w[: len(w) - len(suffix)]
            if _measure(s) > 1 and (suffix != "ion" or s.endswith(("s", "t"))):
                w = s
            break
    # Step 5: final -e and -ll.
    if w.endswith("e"):
        s = w[:-1]
        m = _measure(s)
        if m > 1 or (m == 1 and not _cvc(s)):
            w = s
    if w.endswith("ll") and _measure(w) > 1:
        w = w[:-1]
    return w


# --- tokens and terms -------------------------------------------------------------------


# a word of two short halves is one word, however written: "Wi-Fi", "WiFi" and "wifi";
# "co-op" and "coop"
_SHORT_HALVES = re.compile(r"\b([A-Za-z][a-z])(?:-([A-Za-z][a-z])|([A-Z][a-z]))\b")


def join_halves(text: str) -> str:
    """``text`` with each word of two short halves as one ("Wi-Fi" -> "wifi")."""
    def joined(m: re.Match[str]) -> str:
        first, second = m.group(1).lower(), (m.group(2) or m.group(3)).lower()
        # ("up-to-date" and "no-go" are words of their own)
        return m.group() if first in STOPWORDS or second in STOPWORDS else first + second

    return _SHORT_HALVES.sub(joined, text)


def camel_split(text: str) -> str:
    """``text`` with its camelCase words apart ("RotaCloud" -> "Rota Cloud")."""
    return _CAMEL.sub(" ", text)


def tokens(text: str) -> list[str]:
    """Lowercase word tokens, camelCase split, stopwords and one-letter tokens dropped."""
    text = camel_split(join_halves(text)).lower()
    if "won" in text:  # "won't" is "will not", not the "won" of "bids we won"
        text = _WONT.sub("will not", text)
    return [t for t in _TOKEN.findall(text) if len(t) > 1 and t not in STOPWORDS]


def terms(text: str) -> list[str]:
    """Stemmed tokens: what the lexical indexes store and match."""
    if len(text) <= _SHORT:  # a question reads its words one by one, many times
        return list(_short_terms(text))
    return [stem(t) for t in tokens(text)]


_SHORT = 40


@lru_cache(maxsize=65536)
def _short_terms(text: str) -> tuple[str, ...]:
    return tuple(stem(t) for t in tokens(text))


def surface_forms(text: str) -> dict[str, str]:
    """Stem -> the first word in ``text`` that produced it, to quote terms in reasons."""
    forms: dict[str, str] = {}
    for t in tokens(text):
        forms.setdefault(stem(t), t)
    return forms


def split_compound(token: str, vocabulary: frozenset[str] | set[str]) -> list[str]:
    """Split a glued identifier into two known words (``jobtool`` -> ``job``, ``tool``).

    Only a split into exactly two parts of at least three letters, both in ``vocabulary``
    (unstemmed words), counts: anything looser invents words.
    """
    if token in vocabulary or len(token) < 6:
        return [token]
    for i in range(3, len(token) - 2):
        head, tail = token[:i], token[i:]
        if head in vocabulary and tail in vocabulary:
            return [head, tail]
    return [token]


_HEAD_MAX = 200  # characters: a line introducing a list is short ("What we do not do:")


_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")


def paragraphs(text: str) -> list[str]:
    """``text`` (the preamble) split at its blank lines."""
    return _PARAGRAPH_BREAK.split(text)


def ends_marked(text: str) -> str:
    """``text`` (the preamble: one line a line, "- " items, "" between paragraphs) as
    sentences: a paragraph and a list item end one. An item of a list that a line ending
    in a colon introduces is read with it ("What we do not do:" / "- crime" reads "What
    we do not do: crime."), so neither the head nor the item loses what it says."""
    out: list[str] = []
    prose: list[str] = []  # the paragraph so far
    head = ""
    for line in text.split("\n"):
        if line.startswith("- "):
            if prose:
                said = " ".join(prose).rstrip()
                # the paragraph's last sentence heads the list when it ends in a colon
                cut = max(said.rfind(mark) for mark in ".!?;") + 1
                head = said[cut:].strip() if said.endswith(":") else ""
                head = head if len(head) <= _HEAD_MAX else ""  # repeated for every item
                out.append(said[:cut] if head else said)
                prose = []
            out.append(f"{head} {line[2:]}".strip().rstrip(".;") + ".")
        elif not line.strip():
            if prose:
                out.append(" ".join(prose).rstrip() + ("" if prose[-1].endswith(".") else "."))
            prose, head = [], ""
        else:
            if not prose:
                head = ""
            prose.append(line.strip())
    if prose:
        out.append(" ".join(prose))
    return " ".join(part for part in out if part.strip())


def same_word(a: str, b: str, least: int) -> bool:
    """Whether stems ``a`` and ``b`` are one word in forms the stemmer keeps apart
    ("complain"/"complaint", "appli"/"applic"): equal, or the shorter, of ``least``
    letters or more, opens the longer and is at most three letters short of it."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= least and len(long_) - len(short) <= 3 and long_.startswith(short)
