"""Turn a ranking into advice: candidates with affordances, reading path, ask-back, follow-up.

Everything here is transcribed from the published cards and nodes, with provenance; the
only text of our own is the connective tissue (reasons, the ask-back sentence).
"""

from __future__ import annotations

import re

from sourcefinder.answers import (
    Answer,
    Candidate,
    ExampleQuery,
    FollowUp,
    Provenance,
    ReadingStep,
    SourceDetail,
    TermCheck,
)
from sourcefinder.index.model import Card, Index
from sourcefinder.publish import Published
from sourcefinder.routing import Ranking, Router, Scored, askable

MODALITIES = ("text", "database", "ask a human", "history")
_DB_KINDS = ("database", "warehouse", "dashboard", "api", "sql", "table", "spreadsheet", "bi")
READING_PATH_FROM = 3  # merge the reading paths of up to this many top candidates,
CLOSE_TO_TOP = 0.75  # those whose confidence is at least this share of the first one's
MAX_UNMATCHED = 8  # words_not_in_index lists at most this many


def modality(card: Card) -> str:
    kind = card.kind.lower()
    if askable(kind):
        return "ask a human"
    if any(k in kind for k in _DB_KINDS):
        return "database"
    if "git" in kind or card.trust == "archive" or card.status == "demoted":
        return "history"
    return "text"


def _prov(pub: Published, path: str, line: int) -> Provenance:
    return Provenance(file=path, line=line, index_version=pub.version)


def candidate(pub: Published, card_id: str, *, confidence: float = 0.0, reason: str = "",
              pinned: bool = False) -> Candidate:
    index = pub.index
    card = index.cards[card_id]
    overlaps = [f"supersedes {old}" for old in card.supersedes]
    overlaps += [f"superseded by {new}: prefer it unless you need the old period"
                 for new in index.successors.get(card_id, ())]
    overlaps += [f"see also {r.id}" + (f" ({r.note})" if r.note else "") for r in card.see_also]
    drill = None
    if card.is_cluster:
        drill = (f"cluster of {len(card.children)}: call describe_source('{card.id}') to list "
                 "its children, each routable by id")
    return Candidate(
        id=card.id, confidence=round(min(1.0, max(0.0, confidence)), 3), pinned=pinned,
        reason=reason, what=card.what, what_not=card.what_not, kind=card.kind,
        scope=card.scope, trust=card.trust, group=card.group, status=card.status, how=card.how,
        at=card.at or None,
        examples=[ExampleQuery(query=e.query, expect=e.expect, probe=_mark(e.mark, e.mark_date))
                  for e in card.examples],
        gotchas=list(card.gotchas),
        playbooks=[f"{r.id}" + (f" ({r.note})" if r.note else "") for r in card.combines],
        overlaps=overlaps, cluster=card.extends or None, drill_down=drill,
        background=card.background if card.background.startswith("missing") else None,
        contact=card.contact or None, provenance=_prov(pub, card.path, card.line),
    )


def _mark(mark: str | None, when: object) -> str | None:
    if not mark:
        return None
    return f"{mark} {when}" if when else mark


def reading_path(pub: Published, card_ids: list[str]) -> list[ReadingStep]:
    return [ReadingStep(node=n.id, what=n.what, pointer=n.pointer,
                        also_searchable_as=n.source or None,
                        provenance=_prov(pub, n.path, n.line))
            for n in pub.index.reading_path_for(card_ids)]


def _from_scored(pub: Published, s: Scored) -> Candidate:
    return candidate(pub, s.card_id, confidence=s.confidence, reason="; ".join(s.reasons),
                     pinned=s.pinned)


# What every "nowhere" note ends with.
_ELSEWHERE = ("Candidates below, if any, are people or channels to ask; if you find it "
              "elsewhere, report it as better_source or suggest_source.")


def _nowhere_note(ranking: Ranking, missing: list[str]) -> str:
    """Why there is nowhere to look: what the log or the index says, most telling first."""
    if ranking.nothing_before:
        return (f"{ranking.nothing_before} clients who asked this before found nothing "
                f"anywhere in the index. {_ELSEWHERE}")
    if ranking.ruled_out:
        return (f"The index says the organization has no {_quoted(list(ranking.ruled_out))}"
                f" and no source mentions it. {_ELSEWHERE}")
    if ranking.unused:
        return (f"Nothing in the index mentions {_quoted(list(ranking.unused))}: the "
                f"organization keeps nothing there. {_ELSEWHERE}")
    if ranking.theirs:
        return (f"This asks for {' and '.join(ranking.theirs)}'s own records; the sources "
                f"that match it hold the organization's own. {_ELSEWHERE}")
    # the preamble's statements, quoted, and what each says of the ask
    for said, why in ((ranking.unkept, "what is asked for is not kept"),
                      (ranking.closed, "it is not there for the time asked"),
                      (ranking.expired, "the time asked is older"),
                      (ranking.denied, "the question is nearer that than any source")):  # fmt: skip
        if said:
            return f"The index says {_quoted(list(said))}: {why}. {_ELSEWHERE}"
    if ranking.phrased:
        return ("Questions put like this one seldom have a source, and none here matches it "
                "well" + (f" (no source mentions {_quoted(missing)})" if missing else "")
                + f". {_ELSEWHERE}")
    return ("Nothing in the index covers this well"
            + (f" (no source mentions {_quoted(missing)})" if missing else "")
            + f". {_ELSEWHERE}")


def answer(pub: Published, ranking: Ranking, session_id: str) -> Answer:
    cands = [_from_scored(pub, s) for s in ranking.candidates if s.card_id in pub.index.cards]
    note = ""
    missing = list(ranking.unmatched[:MAX_UNMATCHED])
    if ranking.verdict == "nowhere":
        note = _nowhere_note(ranking, missing)
    elif ranking.verdict == "uncertain":
        note = "No source is a clear match: try the candidates in order and report back."
    if ranking.out_of_period:
        note = ("Set aside for the time asked: "
                + "; ".join(f"{cid} {why}" for cid, why in ranking.out_of_period)
                + (f". {note}" if note else "."))
    top = cands[0].confidence if cands else 0.0
    near = [c.id for c in cands[:READING_PATH_FROM] if c.confidence >= CLOSE_TO_TOP * top]
    path = reading_path(pub, near)
    return Answer(session_id=session_id, index_version=pub.version, verdict=ranking.verdict,
                  read_if_new=path, candidates=cands,
                  ask_back=ask_back(pub.index, [c.id for c in cands[:3]], session_id), note=note,
                  words_not_in_index=missing)


def _quoted(words: list[str]) -> str:
    return ", ".join(f"'{w}'" for w in words)


def _doubt(card: Card) -> tuple[int, str, str]:
    """How doubtful the card's weakest claim is (lower sorts first) and what it is."""
    failed = [e for e in card.examples if e.mark == "✗"]
    if failed:
        return (0, f"its example probe \"{failed[0].query}\" failed on {failed[0].mark_date}",
                f"does it still give {failed[0].expect}?")
    unrun = [e for e in card.examples if e.mark in (None, "?")]
    verified = card.health.last_verified.isoformat() if card.health and card.health.last_verified \
        else ""
    if unrun:
        return (1, f"its example \"{unrun[0].query}\" has never been probed",
                f"does a query like it return {unrun[0].expect}?")
    if not verified:
        return (2, "it has never been verified by a client", "did it hold what you needed?")
    return (3, f"it was last verified on {verified}", "is it still current?")


def ask_back(index: Index, top: list[str], session_id: str) -> str:
    call = f'report_outcome(session_id="{session_id}", found=..., sources_tried=[...])'
    if not top:
        return (f"If you find it anywhere, one line back please: {call} with better_source, "
                "or suggest_source. Even a failure is useful.")
    doubts = sorted((_doubt(index.cards[c]) + (c,) for c in top), key=lambda d: (d[0], d[1]))
    _, claim, question = doubts[0][:3]
    weakest = doubts[0][3]
    return (f"When you're done, one line back please: {call}. I'm least sure about "
            f"{weakest}: {claim}; {question} Even a failure is useful.")


def describe(pub: Published, card_id: str) -> SourceDetail:
    card = pub.index.cards[card_id]
    health = None
    if card.health:
        h = card.health
        health = (f"helpful {h.helpful} · harmful {h.harmful} · "
                  f"last_verified {h.last_verified or 'never'}")
    return SourceDetail(id=card_id, index_version=pub.version,
                        card=candidate(pub, card_id, confidence=1.0, reason="described by id"),
                        children=list(card.children), read_if_new=reading_path(pub, [card_id]),
                        health=health)


def follow_up(pub: Published, router: Router, session_id: str, question: str,
              what_happened: str, tried: set[str], terms: list[str]) -> FollowUp:
    index = pub.index
    ranking = router.rank(question, what_happened)
    pool = list(ranking.full) or list(ranking.candidates)
    untried = [s for s in pool if s.card_id not in tried and s.card_id in index.cards][:10]
    cands = [_from_scored(pub, s) for s in untried]
    reform: list[str] = []
    for c in cands:
        for ex in index.cards[c.id].examples:
            if ex.query not in reform:
                reform.append(ex.query)
    tried_modes = {modality(index.cards[t]) for t in tried if t in index.cards}
    next_mode, mode_sources = "nowhere left: report it as a gap", []
    for mode in MODALITIES:
        if mode in tried_modes:
            continue
        sources = [c.id for c in cands if modality(index.cards[c.id]) == mode]
        if not sources and mode == "ask a human":
            sources = [c.id for c in index.cards.values() if modality(c) == mode][:3]
        if sources:
            next_mode, mode_sources = mode, sources[:5]
            break
    return FollowUp(session_id=session_id, index_version=pub.version, untried=cands,
                    reformulations=reform[:8], next_modality=next_mode,
                    modality_sources=mode_sources, terms=[check_term(index, t) for t in terms],
                    ask_back=ask_back(index, [c.id for c in cands[:3]], session_id))


def _mentions(term: str, text: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text, re.I) is not None


def check_term(index: Index, term: str) -> TermCheck:
    key = term.strip().lower()
    slug = re.sub(r"[^a-z0-9]+", "-", key).strip("-")
    if slug in index.cards:
        c = index.cards[slug]
        return TermCheck(term=term, known_as="card", id=c.id, what=c.what)
    if slug in index.foundation:
        n = index.foundation[slug]
        return TermCheck(term=term, known_as="foundation", id=n.id, what=n.what, pointer=n.pointer)
    for n in index.foundation.values():
        if _mentions(key, f"{n.what} {n.pointer}"):
            return TermCheck(term=term, known_as="foundation", id=n.id, what=n.what,
                             pointer=n.pointer)
    for c in index.cards.values():
        text = " ".join([c.what, c.contains, *c.gotchas, *(e.query for e in c.examples)])
        if _mentions(key, text):
            return TermCheck(term=term, known_as="card", id=c.id, what=c.what)
    return TermCheck(term=term, known_as="nothing")
