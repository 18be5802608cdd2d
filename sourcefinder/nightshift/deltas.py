"""Automatic card deltas from verified claims and the probe sweep: health counters, probe
marks, last_verified.

Probe results come from verification (cards with claims, re-probed) and from the sweep
(every card, ``sweep.py``); per example, a result that ran wins over one that did not, and
verification's over the sweep's. A mark is dated the day its probe ran, so replaying an
old sweep changes nothing; a result that did not run changes nothing at all.

Only these three kinds apply without review (they record evidence; they do not reword a
card). Counting is incremental through the ledger: each verified group adds the clients it
has not added before, so a re-run adds nothing and tomorrow adds only tomorrow's clients.

Reviewed edits (``approved.jsonl``) join as their own groups, each gated like the rest.
Groups the eval gate named before (the quarantine) are held back for review.
"""

from __future__ import annotations

import hashlib
import json
from collections import defaultdict
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from sourcefinder.errors import EditError
from sourcefinder.index.edits import SetProbeMark, UpdateHealth, edit_from_dict
from sourcefinder.index.model import Health, Index
from sourcefinder.nightshift.model import DeltaGroup, VerifiedClaim
from sourcefinder.nightshift.verify import Verification


def automatic(verification: Verification, index: Index, ledger: Mapping[str, Any],
              on: date, swept: Mapping[str, list[dict[str, Any]]] | None = None
              ) -> list[DeltaGroup]:
    counted: Mapping[str, list[str]] = ledger.get("counted", {})
    helpful: dict[str, int] = defaultdict(int)
    harmful: dict[str, int] = defaultdict(int)
    because: dict[str, list[str]] = defaultdict(list)
    adds: dict[str, dict[str, tuple[str, ...]]] = defaultdict(dict)
    for v in verification.claims:
        if v.verdict != "verified" or v.kind not in ("worked", "overpromise"):
            continue
        if v.subject not in index.cards:
            continue
        new = tuple(c for c in v.supporters if c not in set(counted.get(v.key, ())))
        if not new:
            continue
        (helpful if v.kind == "worked" else harmful)[v.subject] += len(new)
        because[v.subject].append(v.key)
        adds[v.subject][v.key] = new
    swept = swept or {}
    groups = []
    for cid in sorted(set(helpful) | set(harmful) | set(verification.probes) | set(swept)):
        card = index.cards.get(cid)
        if card is None:
            continue
        edits: list[dict[str, Any]] = []
        probes = _merge(verification.probes.get(cid, []), swept.get(cid, []))
        edits.extend(_probe_marks(card.examples, probes, cid, on))
        ran = [p for p in probes if p["ok"] is not None]
        base = card.health or Health()
        verified_on: date | None = None
        if helpful[cid]:
            verified_on = on
        elif ran and all(p["ok"] for p in ran):
            verified_on = max(_ran_on(p, on) for p in ran)
        if verified_on is not None and base.last_verified is not None \
                and base.last_verified >= verified_on:
            verified_on = None  # never move last_verified back, nor rewrite it unchanged
        if helpful[cid] or harmful[cid] or verified_on is not None:
            edits.append(UpdateHealth(cid, base.helpful + helpful[cid],
                                      base.harmful + harmful[cid],
                                      verified_on or base.last_verified).to_dict())
        if edits:
            notes = because[cid] + ([f"probes run: {len(ran)}"] if ran else [])
            groups.append(DeltaGroup(f"auto:{cid}", cid, tuple(edits), tuple(notes),
                                     adds[cid]))
    return groups


def _probe_marks(examples: Iterable[Any], probes: list[dict[str, Any]], cid: str,
                 on: date) -> list[dict[str, Any]]:
    queries = {e.query: e for e in examples}
    out = []
    for p in probes:
        ex = queries.get(p["query"])
        if ex is None or p["ok"] is None:
            continue
        mark, ran = ("✓" if p["ok"] else "✗"), _ran_on(p, on)
        if ex.mark != mark or ex.mark_date != ran:
            out.append(SetProbeMark(cid, p["query"], mark, ran).to_dict())
    return out


def _merge(verified: list[dict[str, Any]], swept: list[dict[str, Any]]
           ) -> list[dict[str, Any]]:
    """Per query: a result that ran beats one that did not; verification's beats the sweep's."""
    out: dict[str, dict[str, Any]] = {}
    for p in (*swept, *verified):
        if p["query"] not in out or p["ok"] is not None:
            out[p["query"]] = p
    return list(out.values())


def _ran_on(p: Mapping[str, Any], default: date) -> date:
    ran = p.get("ran_at")
    return date.fromisoformat(ran) if isinstance(ran, str) and ran else default


def approved(lines: Iterable[str], already: Iterable[str]) -> tuple[list[DeltaGroup],
                                                                    list[str]]:
    """Reviewed edits not applied yet, one group per line; and the lines that do not parse."""
    done = set(already)
    groups, bad = [], []
    for line in lines:
        if not line.strip():
            continue
        digest = hashlib.sha1(line.strip().encode()).hexdigest()[:12]
        if digest in done:
            continue
        try:
            edit = edit_from_dict(json.loads(line))
        except (ValueError, EditError) as exc:
            bad.append(f"{line.strip()[:80]}: {exc}")
            continue
        target = str(getattr(edit, "card_id", None) or getattr(edit, "node_id", ""))
        groups.append(DeltaGroup(f"approved:{target}:{digest}", target, (edit.to_dict(),),
                                 ("approved by review",), {"approved": (digest,)}))
    return groups, bad


def split_quarantined(groups: list[DeltaGroup], quarantine: Mapping[str, Any]
                      ) -> tuple[list[DeltaGroup], list[DeltaGroup]]:
    held = [g for g in groups if g.key in quarantine]
    return [g for g in groups if g.key not in quarantine], held


def claims_for(verification: Verification, keys: Iterable[str]) -> list[VerifiedClaim]:
    wanted = set(keys)
    return [v for v in verification.claims if v.key in wanted]
