"""Check claims before anything changes: independent agreement, cross-examination, probes.

Claims are grouped by what they say (kind, card, the card they beat) and by topic (the
normalized question): one group is one assertion, and its evidence is every session behind
it. For a card on a topic, the log holds two kinds of witnesses:

    for      clients who found the answer in it (worked, or named it the better source)
    against  clients who tried it and failed, and (for a discovery) clients who found the
             answer on the same topic somewhere else

Only **distinct client ids** count, so one client repeating itself is one witness.
A group is ``verified`` when at least ``min_clients`` clients support it and supporters
outnumber contradictors; ``rejected`` when contradictors outnumber supporters (or match
them and reach ``min_clients``); ``pending`` otherwise (the evidence stays for a later
night).

Cross-examination also weighs the witnesses: a client whose claims are mostly rejected
(at least ``DISCREDIT_SHARE`` of at least ``DISCREDIT_MIN`` decided groups) is
*discredited*, and the groups are judged again without its testimony, for or against.
A hostile client repeating a wrong source thus never reaches the threshold alone, is
contradicted by the others, and stops counting at all once its record shows it.

Probes are an independent witness: cards with claims are re-probed (when they have
examples and a prober is configured). A failing probe counts as one supporter of an
overpromise; a card clients say works whose probe fails becomes a verified
``stale_howto`` (the source is right, its how-to is not).
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date
from typing import Any

from sourcefinder.index.model import Index
from sourcefinder.nightshift.model import Claim, VerifiedClaim
from sourcefinder.nightshift.probing import Prober
from sourcefinder.probes import DisabledProber

_WS = re.compile(r"\s+")
_TOPICAL = ("worked", "overpromise", "discovery")
DISCREDIT_SHARE = 0.6
DISCREDIT_MIN = 5


def topic_key(question: str) -> str:
    return _WS.sub(" ", question.strip()).lower()


@dataclass
class Verification:
    claims: list[VerifiedClaim]
    probes: dict[str, list[dict[str, Any]]] = field(default_factory=dict)  # card -> results
    discredited: dict[str, str] = field(default_factory=dict)  # client -> its record

    def by_verdict(self) -> dict[str, int]:
        out: dict[str, int] = defaultdict(int)
        for c in self.claims:
            out[c.verdict] += 1
        return dict(out)


def group_key(c: Claim) -> str:
    head = f"{c.kind}:{c.subject}" + (f">{c.against}" if c.against else "")
    if c.kind in _TOPICAL:
        return head + "#" + hashlib.sha1(topic_key(c.question).encode()).hexdigest()[:10]
    return head


def verify(claims: Sequence[Claim], index: Index, *, on: date, min_clients: int = 3,
           prober: Prober | None = None, max_probe_cards: int = 40) -> Verification:
    prober = prober or DisabledProber()
    groups: dict[str, list[Claim]] = defaultdict(list)
    for c in claims:
        groups[group_key(c)].append(c)
    probed = _probe(groups, index, prober, on, max_probe_cards)

    def judge_all(ignore: set[str]) -> list[VerifiedClaim]:
        witnesses = _Witnesses(c for c in claims if c.client not in ignore)
        return [_judge(key, members, witnesses, index, probed, min_clients, ignore)
                for key, members in groups.items()]

    out = judge_all(set())
    discredited = _discredited(out)
    if discredited:
        out = judge_all(set(discredited))
    out.extend(_stale_howtos(out, probed))
    out.sort(key=lambda v: (v.verdict != "verified", -len(v.supporters), v.key))
    return Verification(out, probed, discredited)


def _discredited(judged: list[VerifiedClaim]) -> dict[str, str]:
    decided: dict[str, list[str]] = defaultdict(list)
    for v in judged:
        if v.verdict in ("verified", "rejected"):
            for client in v.supporters:
                decided[client].append(v.verdict)
    out = {}
    for client, verdicts in decided.items():
        rejected = verdicts.count("rejected")
        if len(verdicts) >= DISCREDIT_MIN and rejected / len(verdicts) >= DISCREDIT_SHARE:
            out[client] = f"{rejected} of {len(verdicts)} decided claims rejected"
    return out


class _Witnesses:
    """Who found what, and who failed where, per topic: the other episodes to cross-examine."""

    def __init__(self, claims: Iterable[Claim]) -> None:
        self.positive: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.negative: dict[tuple[str, str], set[str]] = defaultdict(set)
        self.found: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
        for c in claims:
            t = topic_key(c.question)
            if c.kind in ("worked", "discovery"):
                self.positive[(t, c.subject)].add(c.client)
                self.found[t][c.client].add(c.subject)
            elif c.kind == "overpromise":
                self.negative[(t, c.subject)].add(c.client)

    def elsewhere(self, topic: str, card: str) -> set[str]:
        """Clients who found the answer on this topic, never in ``card``."""
        return {client for client, cards in self.found[topic].items() if card not in cards}


def _judge(key: str, members: list[Claim], w: _Witnesses, index: Index,
           probed: dict[str, list[dict[str, Any]]], min_clients: int,
           ignore: set[str]) -> VerifiedClaim:
    c0 = members[0]
    claimants = {m.client for m in members} - ignore
    topic = topic_key(c0.question)
    probes = tuple(probed.get(c0.subject, ()))
    failing = [p for p in probes if p["ok"] is False]
    extra = 0
    if c0.kind == "worked":
        support = w.positive[(topic, c0.subject)]
        against = w.negative[(topic, c0.subject)] - support
    elif c0.kind == "discovery":
        support = w.positive[(topic, c0.subject)]
        against = (w.negative[(topic, c0.subject)] | w.elsewhere(topic, c0.subject)) - support
    elif c0.kind == "overpromise":
        support = w.negative[(topic, c0.subject)]
        against = w.positive[(topic, c0.subject)] - support
        extra = 1 if failing else 0  # a failing probe is one more independent witness
    elif c0.kind == "unknown_term":
        support, against = claimants, set()
        if _known_now(index, c0.subject):
            against = {"index"}  # covered since the clients asked
    else:
        support, against = claimants, set()
    n = len(support) + extra
    if len(against) > n or (against and len(against) == n >= min_clients):
        verdict = "rejected"
    elif n >= min_clients:
        verdict = "verified"
    else:
        verdict = "pending"
    reason = (f"{len(support)} independent client(s) for, {len(against)} against"
              + ("; a probe fails too" if extra else "")
              + (f"; needs {min_clients}" if verdict == "pending" else "")
              + (f"; discredited testimony set aside: {', '.join(sorted(ignored))}"
                 if (ignored := {m.client for m in members} & ignore) else ""))
    return VerifiedClaim(
        key=key, kind=c0.kind, subject=c0.subject, against=c0.against, verdict=verdict,
        supporters=tuple(sorted(support)), contradictors=tuple(sorted(against)),
        sessions=tuple(dict.fromkeys(m.session_id for m in members)),
        questions=tuple(dict.fromkeys(m.question for m in members))[:5], cls=c0.cls,
        card=c0.card, probes=probes, reason=reason)


def _known_now(index: Index, term: str) -> bool:
    from sourcefinder.nightshift.claims import teaching_nodes

    if teaching_nodes(index, term):
        return True
    pattern = re.compile(rf"(?<![a-z0-9]){re.escape(term)}(?![a-z0-9])")
    return any(pattern.search(f"{c.id} {c.what} {c.contains}".lower())
               for c in index.cards.values())


def _probe(groups: dict[str, list[Claim]], index: Index, prober: Prober, on: date,
           limit: int) -> dict[str, list[dict[str, Any]]]:
    weight: dict[str, int] = defaultdict(int)
    for members in groups.values():
        if members[0].kind in _TOPICAL:
            weight[members[0].subject] += len(members)
    cards = [cid for cid, _ in sorted(weight.items(), key=lambda kv: (-kv[1], kv[0]))
             if cid in index.cards and index.cards[cid].examples][:limit]
    out: dict[str, list[dict[str, Any]]] = {}
    for cid in cards:
        results = [{"card_id": r.card_id, "query": r.query, "ok": r.ok, "detail": r.detail}
                   for r in prober.run(index.cards[cid], on)]
        if results:
            out[cid] = results
    return out


def _stale_howtos(judged: list[VerifiedClaim], probed: dict[str, list[dict[str, Any]]]
                  ) -> list[VerifiedClaim]:
    supporters: dict[str, set[str]] = defaultdict(set)
    sessions: dict[str, list[str]] = defaultdict(list)
    for v in judged:
        if v.kind == "worked" and v.verdict == "verified":
            supporters[v.subject].update(v.supporters)
            sessions[v.subject].extend(v.sessions)
    out = []
    for card, clients in sorted(supporters.items()):
        failing = [p for p in probed.get(card, ()) if p["ok"] is False]
        if failing:
            out.append(VerifiedClaim(
                key=f"stale_howto:{card}", kind="stale_howto", subject=card, against="",
                verdict="verified", supporters=tuple(sorted(clients)), contradictors=(),
                sessions=tuple(sessions[card][:20]), questions=(),
                probes=tuple(probed[card]),
                reason=f"{len(clients)} clients found answers here; {len(failing)} of its "
                       "example probes fail"))
    return out
