"""The gap report: unmet information needs, ranked, with the evidence attached (markdown).

Sections, each ranked by distinct clients then sessions:

1. Unmet needs: topics clients found nothing for (and named no better source).
2. Unknown terms: terms several clients met that no card or foundation node covers; then
   words several clients asked with that no card uses (the answers' words_not_in_index),
   still missing from the current index.
3. Onboarding debt: recurring questions whose answering card has no primer (no reading
   path), and foundation chains deeper than 4 (a missing primer at the root).
4. Rising question classes: a class's share of recent sessions (the last third, by log
   order) against its share before, when it grew by half or more.
5. Watched topics no card covers: sources the watcher saw (new ones included) that no
   card's targets cover, as its coverage check decided.
6. Coverage gaps: the coverage matrix rows that are not `covered`.
7. Failing example probes: examples the probe sweep sees failing; the ones that passed
   (or were never probed) before are stale how-tos, listed first.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from sourcefinder.index.model import Index
from sourcefinder.nightshift.model import Proposal, Session
from sourcefinder.nightshift.sweep import Failing
from sourcefinder.nightshift.verify import Verification, topic_key
from sourcefinder.routing._lexical import card_field_texts, pointed_texts, primer_texts
from sourcefinder.routing._text import terms as stems

MAX_CHAIN = 4


def unmet_needs(sessions: Sequence[Session], min_clients: int = 2) -> list[dict[str, Any]]:
    groups: dict[str, list[Session]] = defaultdict(list)
    for s in sessions:
        if s.reported_by is not None and not s.found and not s.better:
            groups[topic_key(s.question)].append(s)
    rows = []
    for group in groups.values():
        clients = sorted({s.reported_by or s.client for s in group})
        if len(clients) >= min_clients:
            rows.append({"question": group[0].question, "cls": group[0].cls,
                         "clients": clients, "sessions": [s.session_id for s in group],
                         "tried": sorted({t for s in group for t in s.tried})})
    return sorted(rows, key=lambda r: (-len(r["clients"]), -len(r["sessions"]), r["question"]))


def missing_words(sessions: Sequence[Session], index: Index, min_clients: int = 2
                  ) -> list[dict[str, Any]]:  # fmt: skip
    """Words asked with by ``min_clients`` or more that the current index still never uses."""
    used: set[str] = set()
    # the router also matches see-also notes and the foundation documents a card holds
    inbound, primers = pointed_texts(list(index.cards.values())), primer_texts(index)
    for card in index.cards.values():
        fields = card_field_texts(card, inbound.get(card.id, ""), primers.get(card.id, ""))
        used.update(stems(" ".join(fields.values())))
    who: dict[str, set[str]] = defaultdict(set)
    asked: dict[str, list[str]] = defaultdict(list)
    for s in sessions:
        for word in s.missing_words:
            who[word].add(s.client)
            asked[word].append(s.question)
    rows = [{"word": w, "clients": sorted(c), "questions": asked[w]} for w, c in who.items()
            if len(c) >= min_clients and not set(stems(w)) & used]
    rows.sort(key=lambda r: (-len(r["clients"]), -len(r["questions"]), r["word"]))
    return rows


def onboarding_debt(sessions: Sequence[Session], index: Index, min_clients: int = 2
                    ) -> list[str]:
    out = []
    asked: dict[str, set[str]] = defaultdict(set)
    for s in sessions:
        card = s.worked[0] if s.worked else s.better
        if card and card in index.cards and not index.reading_path(card):
            asked[card].add(s.reported_by or s.client)
    for card, clients in sorted(asked.items(), key=lambda kv: (-len(kv[1]), kv[0])):
        if len(clients) >= min_clients:
            out.append(f"**{card}** answers recurring questions ({len(clients)} clients) "
                       "and has no primer: no read-first, so newcomers start cold")
    for node in index.foundation.values():
        chain = index.chain(node.id)
        if len(chain) > MAX_CHAIN:
            path = " → ".join(n.id for n in chain)
            out.append(f"foundation chain of depth {len(chain)}: {path} — the root is "
                       "missing a primer that would shorten it")
    return out


def rising_classes(sessions: Sequence[Session], min_recent: int = 5) -> list[dict[str, Any]]:
    ordered = sorted(sessions, key=lambda s: s.seq)
    cut = len(ordered) * 2 // 3
    before, recent = ordered[:cut], ordered[cut:]
    if not before or not recent:
        return []
    b, r = Counter(s.cls for s in before), Counter(s.cls for s in recent)
    rows = []
    for cls, n in r.items():
        share_r, share_b = n / len(recent), b[cls] / len(before)
        if n >= min_recent and share_r >= 1.5 * share_b:
            rows.append({"cls": cls, "recent_share": round(share_r, 4),
                         "earlier_share": round(share_b, 4), "recent_sessions": n})
    return sorted(rows, key=lambda x: -x["recent_share"])


def render(sessions: Sequence[Session], verification: Verification, index: Index,
           coverage: Sequence[dict[str, Any]], *, min_clients: int,
           watched: Sequence[str] | None, version: str, failing: Sequence[Failing] = (),
           watch_notes: Mapping[str, str] | None = None) -> tuple[str, list[dict[str, Any]]]:
    """(markdown, ranked entries) for the gap report. ``watched``: sources no card covers
    (None: no watcher report); ``watch_notes``: what the watcher knows of each source."""
    notes = watch_notes or {}
    needs = unmet_needs(sessions, min_clients=max(2, min_clients - 1))
    terms = [v for v in verification.claims if v.kind == "unknown_term"
             and v.verdict == "verified"]
    debt = onboarding_debt(sessions, index, min_clients)
    rising = rising_classes(sessions)
    lines = [f"# Gap report (index {version})", "",
             "Unmet information needs, ranked, with the evidence. Filed for people: "
             "Sourcefinder cannot write the missing documents.", ""]
    lines += ["## 1. Unmet needs", ""]
    for i, n in enumerate(needs[:20], 1):
        lines.append(f"{i}. **{n['question']}** ({n['cls']}) — {len(n['clients'])} clients, "
                     f"{len(n['sessions'])} sessions found nothing; tried: "
                     f"{', '.join(n['tried']) or 'nothing'}; sessions "
                     f"{', '.join(s[:8] for s in n['sessions'][:5])}")
    lines += ["" if needs else "None this time.", "", "## 2. Unknown terms", ""]
    for v in terms:
        lines.append(f"- **{v.subject}**: {len(v.supporters)} clients "
                     f"({', '.join(v.supporters)}) met it; no card or node covers it")
    lines += ["" if terms else "None verified.", ""]
    words = missing_words(sessions, index, min_clients)
    if words:
        lines += ["Words clients asked with that no card uses:", ""]
        lines += [f"- **{w['word']}**: {len(w['clients'])} clients, {len(w['questions'])} "
                  f"questions, e.g. \"{w['questions'][-1]}\"" for w in words[:20]]
        lines.append("")
    lines += ["## 3. Onboarding debt", ""]
    lines += [f"- {d}" for d in debt] or ["None."]
    lines += ["", "## 4. Rising question classes", ""]
    lines += [f"- **{r['cls']}**: {r['recent_share']:.0%} of recent sessions, "
              f"{r['earlier_share']:.0%} before" for r in rising] or ["None."]
    lines += ["", "## 5. Watched sources no card covers", ""]
    if watched is None:
        lines.append("No watcher report in the state folder.")
    else:
        lines += [f"- {t}{f' ({notes[t]})' if t in notes else ''}: watched, and no card "
                  "covers it (a failing coverage check)" for t in watched] \
            or ["None: every watched source has a card."]
    lines += ["", "## 6. Coverage gaps", "",
              "| class | sessions | found | eval hit@k | best internal | best external | gap |",
              "|---|---|---|---|---|---|---|"]
    for row in coverage:
        if row["gap"] != "covered":
            lines.append(f"| {row['cls']} | {row['sessions']} | {row['found_rate']} | "
                         f"{row['eval_hit_at_k']} | {row['best_internal'] or '—'} | "
                         f"{row['best_external'] or '—'} | {row['gap']} |")
    lines += ["", "## 7. Failing example probes", ""]
    for f in failing:
        lines.append(f"- **{f.card_id}** \"{f.query}\": "
                     + (f"stale how-to: was {f.was or 'unmarked'}, failing since {f.since}"
                        if f.stale else f"known failure (marked ✗), failing since {f.since}")
                     + f"; {f.detail}")
    if not failing:
        lines.append("None.")
    ranked = ([{"kind": "unmet_need", "subject": n["question"], "clients": len(n["clients"])}
               for n in needs]
              + [{"kind": "unknown_term", "subject": v.subject, "clients": len(v.supporters)}
                 for v in terms]
              + [{"kind": "missing_word", "subject": w["word"], "clients": len(w["clients"])}
                 for w in words]
              + [{"kind": "stale_howto", "subject": f"{f.card_id}: {f.query}", "clients": 0}
                 for f in failing if f.stale]
              + [{"kind": "uncovered_source", "subject": t, "clients": 0}
                 for t in watched or ()])
    ranked.sort(key=lambda e: -e["clients"])
    return "\n".join(lines) + "\n", ranked


def render_proposals(proposals: Sequence[Proposal], held: Sequence[str], date_: str) -> str:
    lines = [f"# Proposed deltas for review ({date_})", "",
             "Structural changes the night shift does not make on its own. To accept one, add "
             "its edit (one JSON object a line) to `nightshift/approved.jsonl`; the next night "
             "applies it through the eval gate.", ""]
    if held:
        lines += ["## Held back by the eval gate", ""]
        lines += [f"- `{k}`" for k in held] + [""]
    by_kind: dict[str, list[Proposal]] = defaultdict(list)
    for p in proposals:
        by_kind[p.kind].append(p)
    for kind, items in by_kind.items():
        lines += [f"## {kind.replace('_', ' ')} ({len(items)})", ""]
        for p in items[:25]:
            lines.append(f"- {p.title}")
            lines += [f"  - {e}" for e in p.evidence]
            lines += [f"  - edit: `{_json(e)}`" for e in p.edits]
        lines.append("")
    if not proposals:
        lines.append("Nothing to propose tonight.")
    return "\n".join(lines) + "\n"


def _json(d: dict[str, Any]) -> str:
    import json

    return json.dumps(d, ensure_ascii=False)
