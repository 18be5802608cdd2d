"""What the index's preamble says the organization does not do or have.

Authors describe the organization before its cards, and many say what it is not: "It
does not generate electricity, does not own the transmission grid, does not sell gas",
"runs no ambulances, nursing homes or dental services", "does not ship on Nintendo
Switch or VR". A question about one of those things has nowhere to go, however well
its other words ("spec", "pressure readings") match a card. ``declared_absent`` reads
the words inside such negations; the router counts a question word among them that no
card uses as strong evidence of "nowhere" (``RouterConfig.absent_factor``).

The scope is read narrowly: from the negation to the end of its sentence, stopping at a
colon ("does not sell electricity to households: retailers do" excludes neither
"retailers" nor what they do), and leaving out the parts of hyphenated compounds
("supports no user-generated content" does not rule out "generate"). What comes before
the negation is not read: in "the public marketing website is not covered here" the
website is out of scope, marketing is not. Only words no card uses ever count, so
"electricity" in the sentence above never makes an electricity question a "nowhere".
Owning is a relation, not a subject: a forwarder that "owns no vessels" still books
them, so "does not own" and "owns no" are not read.
"""

from __future__ import annotations

import re

from sourcefinder.routing._text import terms

_SENTENCE = re.compile(r"[^.!?;]+")
_NEGATION = re.compile(
    r"\b(?:does|do|did|is|are|was|were|has|have|can|will)(?:\s+not\b|n't\b)(?!\s+own\b)"
    r"|\b(?:runs?|sells?|issues?|supports?|offers?|makes?|operates?|provides?|"
    r"ships?|has|have|holds?|keeps?|builds?|hosts?|employs?)\s+no\b"
    r"|\bnever\b|\bneither\b",
    re.IGNORECASE,
)
# "user-generated content", "in-game advertising": a compound's parts are not subjects
_COMPOUND = re.compile(r"\S+-\S+")
# The negation's own words and the index's description of itself say nothing absent.
_NOT_SUBJECTS = frozenset(terms("does do did not never neither no runs sells issues "
                                "supports offers makes operates provides ships has "
                                "holds keeps builds hosts employs index answers hold tells "
                                "look covered scope"))  # fmt: skip


def declared_absent(preamble: str) -> frozenset[str]:
    """The stemmed words the preamble puts inside a negation of the organization."""
    out: set[str] = set()
    for sentence in _SENTENCE.findall(preamble):
        cue = _NEGATION.search(sentence)
        if cue is None:
            continue
        scope = sentence[cue.start():].split(":", 1)[0]
        out.update(terms(_COMPOUND.sub(" ", scope)))
    return frozenset(out - _NOT_SUBJECTS)
