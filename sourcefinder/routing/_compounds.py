"""Words a question splits or glues where the map writes them the other way.

"Where can I download my October pay slip?" asks for what a card calls "payslips", and
"the current agreement for the liveaboard on K-12" for what one calls "live aboard
moorings". A question's two words are read as one when the map writes them glued and
never apart, and one word as two when the map writes the two side by side and never the
word. Narrow on purpose:

- only words of three letters or more that are not stopwords ("any one" is not
  "anyone"), written in lowercase after their first letter (not "WhatsApp", not "BSS");
- a common word is not split ("passport" is no "pass" and "port" where a card writes
  "pass port" by chance), nor a word into halves that are no words of their own;
- the map's words are read as the lexical index reads them, camelCase split ("RotaCloud"
  is "rota cloud", so "rota cloud" is left as it is), and web addresses, paths and emails
  are no part of its prose ("networkrail.co.uk" does not glue "network rail").

Nothing is read ahead: only the cards that hold a candidate's stems are read, when a
question has one, so a map of thousands of cards costs nothing at startup.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Mapping

from sourcefinder.routing._rarity import zipf
from sourcefinder.routing._text import STOPWORDS, camel_split, stem

_ADDRESS = re.compile(r"\S+[./@\\]\S+")  # a web address, a path, an email: not prose
_WORD = re.compile(r"[A-Za-z]+")
_MIN = 3  # letters in each part
_COMMON = 3.5  # Zipf: a word this common is a word of its own ("passport" is no pass port)

_HALF = 3.0  # Zipf: each half of a split is a word in its own right ("story", "time")


class Compounds:
    """Mends a question to the words the map writes: ``holding`` gives the cards whose own
    text has every one of some stems, ``written`` a card's own text, as written."""

    def __init__(self, holding: Callable[[tuple[str, ...]], list[int]],
                 written: Callable[[int], str],
                 camel_cuts: Mapping[str, int] | None = None) -> None:  # fmt: skip
        """``camel_cuts``: the names the map writes in camelCase, lowercased, and where
        each cuts in two ("whatsapp" -> 5, for "WhatsApp")."""
        self._holding = holding
        self._written = written
        self._camel_cuts = camel_cuts or {}
        self._read: dict[int, str] = {}  # a card's text as its words are read, once read
        # what the map makes of a word, or of two side by side, does not change: each is
        # judged once (a question's words took 0.2 ms a question, judged every time)
        self._cut = functools.lru_cache(maxsize=16384)(self._apart)
        self._joined = functools.lru_cache(maxsize=16384)(self._glued)

    def mend(self, question: str) -> str:
        """``question`` with its words glued or split as the map writes them."""
        found = [m for m in _WORD.finditer(question) if _plain(m.group())]
        out: list[str] = []
        at = k = 0
        while k < len(found):
            m, after = found[k], found[k + 1] if k + 1 < len(found) else None
            if after is not None and question[m.end() : after.start()].isspace() \
                    and self._joined(m.group().lower(), after.group().lower()):  # fmt: skip
                # as written: "Pay slips" -> "Payslips"
                out += [question[at : m.start()], m.group() + after.group().lower()]
                at, k = after.end(), k + 2
                continue
            cut = self._cut(word := m.group())
            if cut and word.lower() in self._camel_cuts:  # in camelCase: "whatsApp", "iPad"
                out += [question[at : m.start()], word[:cut] + word[cut].upper() + word[cut + 1 :]]
                at = m.end()
            elif cut:
                out += [question[at : m.start()], f"{word[:cut]} {word[cut:]}"]
                at = m.end()
            k += 1
        return "".join([*out, question[at:]]) if out else question

    def _glued(self, first: str, second: str) -> bool:
        """Whether the map writes ``first + second`` as one word, and never apart."""
        if not (_part(first) and _part(second)):
            return False
        texts = self._prose((first + second,))  # most pairs: no card, and no pattern built
        return bool(texts) and any(map(_alone(first + second).search, texts)) \
            and not self._side_by_side(first, second)  # fmt: skip

    def _apart(self, word: str) -> int:
        """Where ``word`` cuts into two words the map writes side by side (0: nowhere), or
        into the two halves of a name the map writes in camelCase ("whatsapp")."""
        word = word.lower()
        if cut := self._camel_cuts.get(word, 0):
            return cut
        if len(word) < 2 * _MIN or zipf(word) >= _COMMON or self._holding((stem(word),)):
            return 0
        for cut in range(_MIN, len(word) - _MIN + 1):
            head, tail = word[:cut], word[cut:]
            if _part(head) and _part(tail) and zipf(head) >= _HALF and zipf(tail) >= _HALF \
                    and self._side_by_side(head, tail):  # fmt: skip
                return cut
        return 0

    def _side_by_side(self, first: str, second: str) -> bool:
        texts = self._prose((first, second))
        return bool(texts) and any(map(_alone(rf"{first}[^a-z]+{second}").search, texts))

    def _prose(self, words: tuple[str, ...]) -> list[str]:
        """The prose of the cards that hold every one of ``words``, as its words are read."""
        out = []
        for i in self._holding(tuple(stem(w) for w in words)):
            if i not in self._read:
                self._read[i] = camel_split(_ADDRESS.sub(" ", self._written(i))).lower()
            out.append(self._read[i])
        return out


def _alone(word: str) -> re.Pattern[str]:
    """``word`` (or a pattern ending in one) as a whole word, singular or plural."""
    if word.endswith("s"):
        return re.compile(rf"(?<![a-z]){word[:-1]}s?(?![a-z])")
    return re.compile(rf"(?<![a-z]){word}s?(?![a-z])")


def _part(word: str) -> bool:
    return len(word) >= _MIN and word not in STOPWORDS


def _plain(word: str) -> bool:
    """Written in lowercase after its first letter ("pay", "Payslip"; not "BSS")."""
    return word[1:].islower() if len(word) > 1 else word.islower()
