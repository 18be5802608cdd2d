"""Turn feedback into claims: what each outcome or follow-up says about which card.

Per session with an outcome (the client who reported is the claimant):

    worked        each card in what_worked, when found
    discovery     better_source, or a worked card the desk did not suggest, against the
                  card the desk put first
    overpromise   each suggested card the client tried and lists in what_failed
Per follow-up:
    unknown_term  each term the index knew nothing about (the desk's ``gaps``)
    missing_edge  a term a foundation node teaches, met on a card whose reading path
                  does not include that node

``stale_howto`` is not read from feedback: verification raises it when a card clients
say works fails its own probes (see ``verify``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from sourcefinder.index.model import Index
from sourcefinder.nightshift.model import Claim, Session


def extract(sessions: Iterable[Session], index: Index | None = None) -> list[Claim]:
    out: list[Claim] = []
    for s in sessions:
        if s.reported_by is not None:
            out.extend(_from_outcome(s))
        if s.terms or s.gaps:
            out.extend(_from_terms(s, index))
    return out


def _claim(s: Session, kind: str, subject: str, **kw: str) -> Claim:
    return Claim(kind, subject, s.reported_by or s.client, s.session_id, s.seq, s.question,
                 s.cls, **kw)


def _from_outcome(s: Session) -> Iterable[Claim]:
    first = s.first or ""
    if s.found:
        for w in s.worked:
            yield _claim(s, "worked", w)
    discovered = [s.better] if s.better else []
    if s.found:
        discovered += [w for w in s.worked if w not in s.candidates]
    for d in dict.fromkeys(discovered):
        if d and d != first:
            yield _claim(s, "discovery", d, against=first)
    for f in s.failed:
        if f in s.candidates and f != s.better:
            yield _claim(s, "overpromise", f)


def _from_terms(s: Session, index: Index | None) -> Iterable[Claim]:
    for g in dict.fromkeys(t.strip().lower() for t in s.gaps):
        if g:
            yield _claim(s, "unknown_term", g)
    if index is None:
        return
    card = s.better or (s.worked[0] if s.worked else s.first)
    if not card or card not in index.cards:
        return
    on_path = {n.id for n in index.reading_path(card)}
    for term in dict.fromkeys(t.strip().lower() for t in s.terms):
        for node in teaching_nodes(index, term):
            if node not in on_path:
                yield _claim(s, "missing_edge", card, against=node, card=term)


def teaching_nodes(index: Index, term: str) -> list[str]:
    """Foundation nodes whose id or description mentions ``term`` as a whole word."""
    if not term:
        return []
    pattern = re.compile(rf"(?<![a-z0-9]){re.escape(term.lower())}(?![a-z0-9])")
    return [n.id for n in index.foundation.values()
            if pattern.search(f"{n.id} {n.what}".lower())]
