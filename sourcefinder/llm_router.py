"""The LLM router: a chat model judges the whole map list-wise; the offline router backs it.

    question ──► OfflineRouter.rank ──► pinned by memory? ──yes──► that answer
                                          │ no
                                          ▼
                 prompt = [stable prefix: instructions + the map]  [question last]
                                          │  (the prefix is identical for every question,
                                          ▼   so providers can cache it)
                 chat model, JSON schema answer {verdict, ranked: [{id, confidence, reason}]}
                                          │
                      ids validated against the index; unknown ids dropped
                                          ▼
                 Ranking: the model's order, then the offline ranking's remainder

On any failure (network, timeout, refusal, malformed JSON, no valid id) the offline
ranking answers and the failure is counted. The map in the prompt is the whole index up
to ``map_limit`` cards; above that, the offline router's top ``shortlist`` (first stage).
The model transcribes ids from text in front of it; nothing it says beyond ids, a
confidence and a one-line reason reaches the client.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Protocol

from sourcefinder.index.model import Card, Index
from sourcefinder.routing import HUMAN_KINDS, OfflineRouter, PastOutcome, Ranking, Scored
from sourcefinder.text import sanitize

VERDICTS = ("confident", "uncertain", "nowhere")
SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "required": ["verdict", "ranked"],
    "properties": {
        "verdict": {"type": "string", "enum": list(VERDICTS)},
        "ranked": {
            "type": "array",
            "items": {
                "type": "object",
                "additionalProperties": False,
                "required": ["id", "confidence", "reason"],
                "properties": {
                    "id": {"type": "string"},
                    "confidence": {"type": "number"},
                    "reason": {"type": "string"},
                },
            },
        },
    },
}
INSTRUCTIONS = (
    "You are an organization's reference librarian. Given a question, choose which of the "
    "sources below a person should search, best first. Each source line is: id | group | "
    "kind | what it is for (NOT what it is not for) | what it contains | example queries. "
    "A source whose NOT part matches the question is wrong for it. Prefer a current source "
    "over one it supersedes unless the question is about the old period. Answer only with "
    "ids from the list. verdict: confident when the first source clearly holds the answer, "
    "uncertain when several might, nowhere when no source covers it (then rank only people "
    "or channels to ask, if any fit)."
)


class ChatClient(Protocol):
    def complete(self, system: str, user: str, schema: dict[str, Any]) -> str: ...


class OpenAIChat:
    """Chat completions on any OpenAI-compatible endpoint, with a JSON-schema answer."""

    def __init__(self, base_url: str, model: str, api_key: str, timeout: float = 20.0,
                 max_retries: int = 1) -> None:
        import openai  # lazily: the offline path must not need it

        self._client = openai.OpenAI(base_url=base_url or None, api_key=api_key,
                                     timeout=timeout, max_retries=max_retries)
        self.model = model

    def complete(self, system: str, user: str, schema: dict[str, Any]) -> str:
        response = self._client.chat.completions.create(
            model=self.model,
            temperature=0,
            messages=[{"role": "system", "content": system}, {"role": "user", "content": user}],
            response_format={"type": "json_schema",
                             "json_schema": {"name": "routing", "schema": schema,
                                             "strict": True}},
        )
        content = response.choices[0].message.content
        if not content:
            raise ValueError("the model returned no content")
        return content


def map_line(card: Card) -> str:
    what = sanitize(card.what, 200) + (f" (NOT {sanitize(card.what_not, 120)})"
                                       if card.what_not else "")
    examples = "; ".join(sanitize(e.query, 80) for e in card.examples[:3])
    status = "" if card.status == "active" else f" [{card.status}]"
    return (f"{card.id}{status} | {sanitize(card.group, 40)} | {sanitize(card.kind, 30)} | "
            f"{what} | {sanitize(card.contains, 200)} | {examples}")


@dataclass
class LLMRouter:
    index: Index
    offline: OfflineRouter
    chat: ChatClient
    map_limit: int = 500
    shortlist: int = 40
    failures: int = 0
    last_error: str = ""
    _prefix: str = field(default="", init=False)

    def __post_init__(self) -> None:
        cards = list(self.index.cards.values())
        if len(cards) <= self.map_limit:
            self._prefix = INSTRUCTIONS + "\n\nSources:\n" + "\n".join(map_line(c) for c in cards)

    def learn(self, outcome: PastOutcome) -> None:
        self.offline.learn(outcome)

    def rank(self, question: str, context: str = "") -> Ranking:
        base = self.offline.rank(question, context)
        if base.nothing_before or any(s.pinned for s in base.candidates):
            return base  # the log already knows where the answer lives, or that it is nowhere
        system = self._prefix or (
            INSTRUCTIONS + "\n\nSources:\n" + "\n".join(
                map_line(self.index.cards[s.card_id]) for s in base.full[: self.shortlist]))
        user = f"Question: {question}" + (f"\nContext: {context}" if context else "")
        try:
            verdict, picked = self._parse(self.chat.complete(system, user, SCHEMA))
        except Exception as exc:  # noqa: BLE001 - any failure falls back, and is recorded
            self.failures += 1
            self.last_error = f"{type(exc).__name__}: {exc}"[:300]
            return base
        return self._merge(base, verdict, picked)

    def _parse(self, content: str) -> tuple[str, list[tuple[str, float, str]]]:
        data = json.loads(content)
        verdict = data.get("verdict")
        if verdict not in VERDICTS or not isinstance(data.get("ranked"), list):
            raise ValueError("answer does not follow the schema")
        picked: list[tuple[str, float, str]] = []
        for item in data["ranked"]:
            if not isinstance(item, dict):
                continue
            cid = item.get("id")
            if isinstance(cid, str) and cid in self.index.cards and cid not in {
                    p[0] for p in picked}:
                conf = item.get("confidence")
                conf = float(conf) if isinstance(conf, int | float) else 0.5
                picked.append((cid, min(1.0, max(0.0, conf)),
                               sanitize(str(item.get("reason", "")), 200)))
        if not picked and verdict != "nowhere":
            raise ValueError("no valid source id in the answer")
        return verdict, picked

    def _human(self, card_id: str) -> bool:
        return self.index.cards[card_id].kind in HUMAN_KINDS

    def _merge(self, base: Ranking, verdict: str,
               picked: list[tuple[str, float, str]]) -> Ranking:
        offline = {s.card_id: s for s in base.full}
        out: list[Scored] = []
        ceiling = 1.0
        for cid, conf, reason in picked:
            ceiling = min(ceiling, conf)  # keep confidence monotone down the list
            prior = offline.get(cid)
            out.append(Scored(cid, ceiling, (f"judged by the model: {reason}",
                                             *(prior.reasons if prior else ())),
                              via_cluster=self.index.cards[cid].extends))
        if verdict == "nowhere" and not any(self._human(s.card_id) for s in out):
            # nowhere still offers someone to ask: the offline ranking's best person/channel
            out += [s for s in base.full if self._human(s.card_id)][:1]
        chosen = {s.card_id for s in out}
        rest = [s for s in base.full if s.card_id not in chosen]
        support = out[0].confidence if out else 0.0
        return Ranking(candidates=tuple(out), verdict=verdict, full=tuple(out + rest),
                       support=support, unmatched=base.unmatched,
                       out_of_period=base.out_of_period, ruled_out=base.ruled_out,
                       expired=base.expired, theirs=base.theirs, unkept=base.unkept,
                       closed=base.closed, denied=base.denied, unused=base.unused,
                       phrased=base.phrased)
