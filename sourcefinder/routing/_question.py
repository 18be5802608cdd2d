"""What a question asks for, and what it explicitly does not.

People who already tried a place say so: "Not the pay policy: where is my payslip?",
"Skip the official explanations: ...", "This isn't a support ticket: ...", "I checked
Looker and found nothing." The words in such a negated span describe what the asker
does *not* want; matching them as if they were wanted sends the asker back where they
came from. ``analyse`` splits a question into

- ``positive``: the text to match (negated spans removed);
- ``negated``: the terms of the negated spans (stemmed, stopwords dropped).

A negated span is either a whole clause (up to ``.``, ``:``, ``;`` or ``!``; never one
ending in ``?``, which is the question itself) that opens with a dismissal ("Not ...",
"Skip ...", "Never mind ...", "This isn't ...", "It wasn't ...", "We're not ...", "I
don't need ...") or reports a place that failed ("found
nothing", "don't cover"), or, inside any clause, a contrast (", not the X", "rather
than X", "instead of X", "other than X", "except X") up to the next comma or clause
end. This is a small NegEx-style scope rule, kept narrow on purpose: "I can't find a
cheap flight" states the need, it rules nothing out.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sourcefinder.routing._text import terms

_CLAUSE = re.compile(r"[^.:;!?]+[.:;!?]*")
# A clause that opens with a dismissal, or reports a place that failed.
_CLAUSE_CUE = re.compile(
    r"^\s*(?:not\b|never ?mind\b|skip\b|forget\b|ignore\b|"
    r"(?:this|that|it)(?: i|')s(?:n't| not)\b|(?:this|that|it) (?:was|is)(?:n't| not)\b|"
    r"(?:i|we)(?:'m|'re| am| are) not\b(?! sure| certain| clear| aware)|"
    r"(?:i|we) (?:do|did)(?:n't| not) (?:need|want|mean|care about)\b)"
    r"|\bfound nothing\b|\bnothing there\b|\b(?:do|does|did)(?:n't| not) "
    r"(?:cover|have the|have any|have it|show|mention)\b",
    re.IGNORECASE,
)
# Inside a clause: a contrast ("..., not the X", "rather than X", "instead of X").
_PHRASE_CUE = re.compile(
    r"(?:(?:^|,)\s*not (?:the|a|an|our|any|what|that|this|those|these|just|from)\b|"
    r"\brather than\b|\binstead of\b|\bother than\b|\bapart from\b|\bexcept(?: for)?\b)"
    r"([^,.:;!?]*)",
    re.IGNORECASE,
)
# A clause that asks why compares the options: "why X instead of Y" asks about both.
_WHY = re.compile(r"\bwhy\b|\breason|\bdecid|\bchose\b|\bchoice\b|\brationale\b|thinking behind",
                  re.IGNORECASE)
# The cue words themselves and the verbs of trying say nothing about the source.
_CUE_TERMS = frozenset(
    terms("never mind nevermind skip forget ignore nothing found find check checked tried "
          "looked cover covers mention show")
)  # fmt: skip
_CURRENT = frozenset(
    "now today current currently latest newest newer nowadays present live modern".split()
)


@dataclass(frozen=True)
class Analysed:
    positive: str
    negated: tuple[str, ...]  # stemmed terms the asker excludes
    current: bool  # the question points at the present ("now", "today", "latest"...)


def analyse(question: str) -> Analysed:
    kept: list[str] = []
    negated: list[str] = []
    for clause in _CLAUSE.findall(question):
        if not clause.strip():
            continue
        if not clause.rstrip().endswith("?") and _CLAUSE_CUE.search(clause):
            negated.extend(terms(clause))
            continue
        if _WHY.search(clause):
            kept.append(clause)
            continue
        for span in _PHRASE_CUE.findall(clause):
            negated.extend(terms(span))
        kept.append(_PHRASE_CUE.sub(" ", clause))
    positive = " ".join("".join(kept).split())
    if not terms(positive):  # all of it negated: a statement, not an exclusion
        return Analysed(question, (), False)
    wanted = set(terms(positive)) | _CUE_TERMS
    excluded = tuple(dict.fromkeys(t for t in negated if t not in wanted))
    words = set(re.findall(r"[a-z]+", positive.lower()))
    return Analysed(positive, excluded, bool(words & _CURRENT))
