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
them, so "does not own" and "owns no" are not read. Nor is the participle of a passive
negation ("its data were not kept": what was not kept is the sentence's subject, and
"kept" is how people ask about retention), nor an everyday word ("we never used
Blackboard" rules out Blackboard, never "use"; common words are as frequent as "today"
or more, by ``specificity``).
"""

from __future__ import annotations

import re

from sourcefinder.routing._rarity import specificity
from sourcefinder.routing._text import terms

_SENTENCE = re.compile(r"[^.!?;]+")
_NEGATION = re.compile(
    r"\b(?:does|do|did|is|are|was|were|has|have|can|will)(?:\s+not\b|n't\b)(?!\s+own\b)"
    r"|\b(?:runs?|sells?|issues?|supports?|offers?|makes?|operates?|provides?|"
    r"ships?|has|have|holds?|keeps?|builds?|hosts?|employs?)\s+no\b"
    r"|\bnever\b|\bneither\b",
    re.IGNORECASE,
)
_PASSIVE = re.compile(r"(?:is|are|was|were)(?:\s+not|n't)", re.IGNORECASE)
_WORD = re.compile(r"[^\W_]+")
EVERYDAY = 1.0  # the specificity of "today": a word this common names no subject
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
        cues = list(_NEGATION.finditer(sentence))
        if not cues:
            continue
        # each negation reaches to the next one, or to the end of its sentence
        ends = [c.start() for c in cues[1:]] + [len(sentence)]
        for cue, end in zip(cues, ends, strict=True):
            scope = sentence[cue.end():end].split(":", 1)[0]
            words = _WORD.findall(_COMPOUND.sub(" ", scope))
            if _PASSIVE.fullmatch(cue.group()):
                words = words[1:]  # "were not kept": the participle is the relation
            for word in words:
                if specificity(word.lower()) >= EVERYDAY:
                    out.update(terms(word))
    return frozenset(out - _NOT_SUBJECTS)
