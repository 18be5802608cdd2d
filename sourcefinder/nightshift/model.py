"""Records the night shift passes between its steps (all frozen, all JSON-able)."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any

CLAIM_KINDS = ("overpromise", "discovery", "unknown_term", "stale_howto", "worked",
               "missing_edge")


@dataclass(frozen=True)
class Session:
    """One where_can_i_find call with the latest outcome and the follow-ups reported for it."""

    session_id: str
    seq: int  # the question's seq in the log
    client: str  # who asked
    asked_at: str
    question: str
    question_key: str
    cls: str
    verdict: str
    candidates: tuple[str, ...]
    reported_by: str | None = None  # who reported the outcome (None: no outcome yet)
    found: bool | None = None
    tried: tuple[str, ...] = ()
    worked: tuple[str, ...] = ()
    failed: tuple[str, ...] = ()
    better: str | None = None
    terms: tuple[str, ...] = ()  # unrecognized terms from follow_ups
    gaps: tuple[str, ...] = ()  # of those, the ones the index knew nothing about
    missing_words: tuple[str, ...] = ()  # words of the question no card used (as answered)

    @property
    def first(self) -> str | None:
        return self.candidates[0] if self.candidates else None

    @property
    def first_hit(self) -> bool:
        return bool(self.found) and self.first is not None and self.first in self.worked


@dataclass(frozen=True)
class Claim:
    """What one piece of feedback claims about one card (or term).

    overpromise   ``subject`` was suggested, tried, and did not hold the answer
    discovery     ``subject`` held the answer though the desk put ``against`` first
                  (better_source, or found in a card the desk did not suggest)
    unknown_term  ``subject`` is a term the client met and the index knew nothing about
    stale_howto   ``subject`` is a card with example probes that the client tried and failed
    worked        ``subject`` held the answer (the evidence behind `helpful`)
    missing_edge  the client did not know ``subject`` (a term a foundation node teaches,
                  ``against``) though the card it used (``card``) does not point there
    """

    kind: str
    subject: str
    client: str
    session_id: str
    seq: int
    question: str
    cls: str
    against: str = ""
    card: str = ""

    @property
    def topic(self) -> str:
        return self.question


@dataclass(frozen=True)
class VerifiedClaim:
    """A group of like claims after verification, with the evidence for the verdict.

    ``verdict``: ``verified`` (independent clients agree, probes do not contradict),
    ``rejected`` (other clients' episodes or the probes contradict it) or ``pending``
    (not enough independent agreement yet).
    """

    key: str  # kind:subject[:against]#topic — stable across nights
    kind: str
    subject: str
    against: str
    verdict: str
    supporters: tuple[str, ...]  # distinct client ids that claimed it
    contradictors: tuple[str, ...]  # distinct client ids whose episodes contradict it
    sessions: tuple[str, ...]  # the sessions behind the claim (evidence)
    questions: tuple[str, ...]  # up to five of the questions, for readers
    cls: str = ""
    card: str = ""
    probes: tuple[dict[str, Any], ...] = ()  # probe results re-run for this claim
    reason: str = ""


@dataclass(frozen=True)
class Proposal:
    """A structural change for a person to review (never applied automatically)."""

    kind: str  # split | draft_card | rewrite | twin | missing_edge | over_prescribed
    subject: str  # card id, term or "a|b"
    title: str
    evidence: tuple[str, ...] = ()
    edits: tuple[dict[str, Any], ...] = ()  # suggested edits (to_dict form), if any
    score: float = 0.0


@dataclass(frozen=True)
class DeltaGroup:
    """The edits one card receives tonight from one origin, with the evidence behind them.

    The unit the eval gate accepts or names: ``auto:<card>`` (health, probe marks,
    last_verified from verified claims) or ``approved:<card>:<hash>`` (a reviewed edit).
    """

    key: str
    card_id: str
    edits: tuple[dict[str, Any], ...]  # edits in to_dict form
    because: tuple[str, ...] = ()  # VerifiedClaim keys and probe notes
    counted: dict[str, tuple[str, ...]] = field(default_factory=dict)  # ledger additions


def as_dict(record: Any) -> dict[str, Any]:
    d = dataclasses.asdict(record)
    return {k: list(v) if isinstance(v, tuple) else v for k, v in d.items()}
