"""Words a question splits or glues where the map writes them the other way.

"Where can I download my October pay slip?" asks for what a card calls "payslips", and
"the current agreement for the liveaboard on K-12" for what one calls "live aboard
moorings". A question's two words are read as one when the map writes them glued and
never apart, and one word as two when the map writes the two side by side and never the
word. Narrow on purpose:

- only words of three letters or more that are not stopwords ("any one" is not
  "anyone"), written in lowercase after their first letter (not "WhatsApp", not "BSS");
- a common word is not split ("passport" is no "pass" and "port" where a card writes
  "pass port" by chance);
- the map's words are read as the lexical index reads them, camelCase split ("RotaCloud"
  is "rota cloud", so "rota cloud" is left as it is), and web addresses, paths and emails
  are no part of its prose ("networkrail.co.uk" does not glue "network rail").
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from sourcefinder.routing._rarity import zipf
from sourcefinder.routing._text import STOPWORDS, camel_split

_ADDRESS = re.compile(r"\S+[./@\\]\S+")  # a web address, a path, an email: not prose
_WORD = re.compile(r"[A-Za-z]+")
_MIN = 3  # letters in each part
_COMMON = 3.5  # Zipf: a word this common is a word of its own ("passport" is no pass port)


class Compounds:
    """What the map's prose writes as one word and as two, to mend a question by."""

    def __init__(self, texts: Iterable[str]) -> None:
        words: set[str] = set()
        pairs: set[tuple[str, str]] = set()
        for text in texts:
            said = _WORD.findall(camel_split(_ADDRESS.sub(" ", text)).lower())
            words.update(said)
            pairs.update(zip(said, said[1:], strict=False))
        self._words = frozenset(words)
        self._pairs = frozenset(pairs)

    def mend(self, question: str) -> str:
        """``question`` with its words glued or split as the map writes them."""
        found = [m for m in _WORD.finditer(question) if _plain(m.group())]
        out: list[str] = []
        at = k = 0
        while k < len(found):
            m, after = found[k], found[k + 1] if k + 1 < len(found) else None
            if after is not None and question[m.end() : after.start()].isspace() \
                    and self._glued(m.group().lower(), after.group().lower()):  # fmt: skip
                # as written: "Pay slips" -> "Payslips"
                out += [question[at : m.start()], m.group() + after.group().lower()]
                at, k = after.end(), k + 2
                continue
            cut = self._apart(m.group().lower())
            if cut:
                out += [question[at : m.start()], f"{m.group()[:cut]} {m.group()[cut:]}"]
                at = m.end()
            k += 1
        return "".join([*out, question[at:]]) if out else question

    def _glued(self, first: str, second: str) -> bool:
        """Whether the map writes ``first + second`` as one word, and never apart."""
        return (_part(first) and _part(second) and not self._side_by_side(first, second)
                and self._knows(first + second))  # fmt: skip

    def _apart(self, word: str) -> int:
        """Where ``word`` cuts into two words the map writes side by side (0: nowhere)."""
        if len(word) < 2 * _MIN or self._knows(word) or zipf(word) >= _COMMON:
            return 0
        for cut in range(_MIN, len(word) - _MIN + 1):
            head, tail = word[:cut], word[cut:]
            if _part(head) and _part(tail) and self._side_by_side(head, tail):
                return cut
        return 0

    def _knows(self, word: str) -> bool:
        return any(form in self._words for form in _forms(word))

    def _side_by_side(self, first: str, second: str) -> bool:
        return any((first, form) in self._pairs for form in _forms(second))


def _forms(word: str) -> tuple[str, ...]:
    """``word``, its plural and, written plural, its singular (by the last letter alone)."""
    return (word, word + "s", word[:-1]) if word.endswith("s") else (word, word + "s")


def _part(word: str) -> bool:
    return len(word) >= _MIN and word not in STOPWORDS


def _plain(word: str) -> bool:
    """Written in lowercase after its first letter ("pay", "Payslip"; not "BSS")."""
    return word[1:].islower() if len(word) > 1 else word.islower()
