"""Structural deltas, proposed for review (never applied automatically): the workload
treated the way a DBA treats a query workload.

    split            a card put first in a large share of sessions across several classes
    draft_card       a recurring question (several clients) that no card answered
    rewrite          a routing line clients keep ignoring (put first, never tried, answer
                     found elsewhere), or one verified to overpromise, or beaten by a
                     verified discovery
    twin             clients bounce between two cards (one failed, the other worked) and
                     no overlap is declared between them
    missing_edge     clients did not know a term a foundation node teaches, on a card whose
                     reading path skips that node
    over_prescribed  a deep reading path on a card clients succeed with first time, with no
                     vocabulary trouble (a proxy: the log does not say whether they read it)
    stale_howto      a card clients find answers in whose example probes fail, or a card
                     whose example probe newly fails in the probe sweep (it passed, or was
                     never probed, before)
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from sourcefinder.errors import EditError
from sourcefinder.index.edits import AddDraftCard
from sourcefinder.index.model import Index
from sourcefinder.nightshift.model import Proposal, Session
from sourcefinder.nightshift.sweep import Failing
from sourcefinder.nightshift.verify import Verification, topic_key

_STOP = frozenset("""a an and are as at be by can do does for from get how i in is it me my
of on or our the there to we what when where which who why with you your""".split())


@dataclass(frozen=True)
class Thresholds:
    min_clients: int = 3
    split_share: float = 0.15
    split_classes: int = 3
    ignored_share: float = 0.3
    deep_path: int = 3


def propose(sessions: Sequence[Session], verification: Verification, index: Index,
            t: Thresholds = Thresholds(), stale: Iterable[Failing] = ()) -> list[Proposal]:
    """``stale``: examples the probe sweep saw start failing (``Sweep.stale()``)."""
    out = [*_splits(sessions, index, t), *_drafts(sessions, index, t),
           *_rewrites(sessions, verification, index, t), *_twins(sessions, index, t),
           *_edges(verification, index), *_over_prescribed(sessions, index, t),
           *_stale(verification, stale, index)]
    return sorted(out, key=lambda p: (-p.score, p.kind, p.subject))


def _splits(sessions: Sequence[Session], index: Index, t: Thresholds) -> list[Proposal]:
    firsts = [s for s in sessions if s.first]
    by_card: dict[str, list[Session]] = defaultdict(list)
    for s in firsts:
        by_card[s.first or ""].append(s)
    out = []
    for cid, mine in by_card.items():
        share = len(mine) / len(firsts)
        classes = Counter(s.cls for s in mine)
        if share >= t.split_share and len(classes) >= t.split_classes and cid in index.cards:
            top = ", ".join(f"{c} {n}" for c, n in classes.most_common(5))
            out.append(Proposal("split", cid, f"split {cid}: first in {share:.0%} of sessions "
                                f"across {len(classes)} classes", (f"classes: {top}",),
                                score=share * 10))
    return out


def _drafts(sessions: Sequence[Session], index: Index, t: Thresholds) -> list[Proposal]:
    unmet: dict[str, list[Session]] = defaultdict(list)
    for s in sessions:
        if s.reported_by is not None and not s.found and not s.better:
            unmet[topic_key(s.question)].append(s)
    out = []
    for key, group in unmet.items():
        clients = {s.reported_by for s in group}
        if len(clients) < t.min_clients:
            continue
        words = [w for w in re.findall(r"[a-z0-9]+", key) if w not in _STOP and len(w) > 2]
        cid = "draft-" + "-".join(words[:4]) if words else "draft-topic"
        edits: tuple[dict[str, object], ...] = ()
        try:
            edits = (AddDraftCard(cid[:64].rstrip("-"), _group_for(group, index), (
                ("what/what-not", f"answers: {group[0].question[:120]} — NOT yet verified"),
                ("kind", "unknown"), ("scope", "internal"), ("trust", "secondary"),
                ("contains", "to be described by its owner"),
                ("how", "to be described by its owner"))).to_dict(),)
        except EditError:
            edits = ()
        out.append(Proposal("draft_card", key, f"draft a card for: {group[0].question}",
                            (f"{len(group)} sessions, {len(clients)} clients found nothing",
                             "sessions: " + ", ".join(s.session_id[:8] for s in group[:5])),
                            edits, score=len(clients) + len(group) / 10))
    return out


def _group_for(group: Sequence[Session], index: Index) -> str:
    firsts = Counter(index.cards[s.first].group for s in group
                     if s.first and s.first in index.cards)
    return firsts.most_common(1)[0][0] if firsts else (index.groups or ("Sources",))[0]


def _rewrites(sessions: Sequence[Session], verification: Verification, index: Index,
              t: Thresholds) -> list[Proposal]:
    put_first: dict[str, int] = Counter(s.first for s in sessions
                                        if s.first and s.reported_by)
    ignored: dict[str, set[str]] = defaultdict(set)
    ignored_n: Counter[str] = Counter()
    for s in sessions:
        if s.first and s.found and s.first not in s.tried and s.first not in s.worked:
            ignored[s.first].add(s.reported_by or s.client)
            ignored_n[s.first] += 1
    out = []
    for cid, clients in ignored.items():
        share = ignored_n[cid] / max(put_first[cid], 1)
        if len(clients) >= t.min_clients and share >= t.ignored_share:
            out.append(Proposal("rewrite", cid, f"rewrite the routing line of {cid}: clients "
                                f"skip it ({share:.0%} of the times it is first)",
                                (f"{len(clients)} clients, {ignored_n[cid]} sessions",),
                                score=len(clients)))
    verified = [v for v in verification.claims if v.verdict == "verified"]
    over = Counter(v.subject for v in verified if v.kind == "overpromise")
    for cid, n in over.items():
        out.append(Proposal("rewrite", cid, f"sharpen the NOT part of {cid}: it overpromised "
                            f"on {n} verified topic(s)",
                            tuple(v.questions[0] for v in verified
                                  if v.kind == "overpromise" and v.subject == cid)[:5],
                            score=n))
    for v in verified:
        if v.kind == "discovery" and v.against:
            out.append(Proposal("rewrite", v.against, f"{v.subject} answers what {v.against} "
                                "was suggested for: declare it (see-also / not-for) or add an "
                                f"example to {v.subject}",
                                (f"{len(v.supporters)} clients: {', '.join(v.supporters)}",
                                 *v.questions[:2]), score=len(v.supporters)))
    return out


def _twins(sessions: Sequence[Session], index: Index, t: Thresholds) -> list[Proposal]:
    pairs: dict[tuple[str, str], set[str]] = defaultdict(set)
    for s in sessions:
        for f in s.failed:
            for w in s.worked:
                if f != w:
                    pairs[tuple(sorted((f, w)))].add(s.reported_by or s.client)  # type: ignore[index]
    out = []
    for (a, b), clients in pairs.items():
        if len(clients) < t.min_clients or _declared(index, a, b):
            continue
        out.append(Proposal("twin", f"{a}|{b}", f"undeclared twins? clients bounce between "
                            f"{a} and {b}", (f"{len(clients)} clients",),
                            score=len(clients) / 2))
    return out


def _declared(index: Index, a: str, b: str) -> bool:
    for x, y in ((a, b), (b, a)):
        c = index.cards.get(x)
        if c and (y in c.supersedes or y == c.extends
                  or any(r.id == y for r in (*c.see_also, *c.combines))):
            return True
    return False


def _edges(verification: Verification, index: Index) -> list[Proposal]:
    out = []
    for v in verification.claims:
        if v.kind == "missing_edge" and v.verdict == "verified":
            out.append(Proposal("missing_edge", v.key, f"add read-first {v.against} to "
                                f"{v.subject}: clients did not know {v.card!r}",
                                (f"{len(v.supporters)} clients", *v.questions[:2]),
                                score=len(v.supporters)))
    return out


def _over_prescribed(sessions: Sequence[Session], index: Index, t: Thresholds
                     ) -> list[Proposal]:
    smooth: dict[str, set[str]] = defaultdict(set)
    for s in sessions:
        if s.first_hit and not s.terms and s.first:
            smooth[s.first].add(s.reported_by or s.client)
    out = []
    for cid, clients in smooth.items():
        card = index.cards.get(cid)
        depth = len(index.reading_path(cid)) if card else 0
        if card and depth >= t.deep_path and len(clients) >= 2 * t.min_clients:
            out.append(Proposal("over_prescribed", cid, f"reading path of {cid} ({depth} nodes) "
                                "may be over-prescribed", (f"{len(clients)} clients succeeded "
                                "first time with no unknown terms (the log cannot say whether "
                                "they read the path)",), score=0.5))
    return out


def _stale(verification: Verification, swept: Iterable[Failing], index: Index
           ) -> list[Proposal]:
    out = [Proposal("stale_howto", v.subject, f"rewrite the how-to of {v.subject}: its "
                    "probes fail though clients find answers there",
                    tuple(f"probe {p['query']!r}: {p['detail']}" for p in v.probes
                          if p["ok"] is False)[:5], score=len(v.supporters))
           for v in verification.claims if v.kind == "stale_howto"]
    done = {p.subject for p in out}
    by_card: dict[str, list[Failing]] = defaultdict(list)
    for f in swept:
        if f.stale and f.card_id in index.cards and f.card_id not in done:
            by_card[f.card_id].append(f)
    for cid, failing in sorted(by_card.items()):
        out.append(Proposal(
            "stale_howto", cid, f"check the how-to of {cid}: {len(failing)} example probe(s) "
            "newly fail (the source moved, or the example is out of date)",
            tuple(f"probe {f.query!r}: was {f.was or 'unmarked'}, failing since {f.since}: "
                  f"{f.detail}" for f in failing)[:5],
            score=len(failing)))
    return out
