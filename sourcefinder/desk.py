"""The desk: the five things a client can ask, as plain functions over the domain.

The MCP server, ``sourcefinder route`` and ``sourcefinder simulate`` all go through this
one code path. The desk reads the latest published index (switching to a newer one without
a restart: each request takes one (version, router) pair and uses it throughout), appends
every request and every piece of feedback to the episodic log, and learns from finished
sessions. It holds no credentials, runs no searches and stores no source content.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from sourcefinder import advice
from sourcefinder.answers import (
    Answer,
    FollowUp,
    OutcomeRecorded,
    SourceDetail,
    SuggestionReceipt,
)
from sourcefinder.config import Settings
from sourcefinder.episodes import EpisodeLog, Event, new_id
from sourcefinder.errors import InvalidInputError, UnknownIdError
from sourcefinder.nightshift.state import discredited_clients
from sourcefinder.publish import Published, current_version, load_published
from sourcefinder.routing import PastOutcome, Ranking

MAX_QUESTION = 4000
MAX_TEXT = 4000
MAX_LIST = 100
MAX_TERM = 200



class LearningRouter(Protocol):
    """A router the desk can serve: ranks questions and learns from finished sessions."""

    def rank(self, question: str, context: str = "") -> Ranking: ...

    def learn(self, outcome: PastOutcome) -> None: ...


RouterFactory = Callable[[Published, list[PastOutcome]], LearningRouter]


def default_router_factory(settings: Settings) -> RouterFactory:
    def make(pub: Published, past: list[PastOutcome]) -> LearningRouter:
        from sourcefinder.routers import make_router

        return make_router(pub, settings, past)
    return make


@dataclass(frozen=True)
class Served:
    """One published version with its router: what a single request uses throughout."""

    published: Published
    router: LearningRouter


class Desk:
    def __init__(self, settings: Settings, *, log: EpisodeLog | None = None,
                 router_factory: RouterFactory | None = None) -> None:
        self.settings = settings
        self.home = Path(settings.home)
        self.log = log or EpisodeLog(settings.log_path)
        self._factory = router_factory or default_router_factory(settings)
        self._lock = threading.Lock()
        self._served: Served | None = None
        self._cursor = 0  # last outcome seq learned from the log
        self._distrusted: frozenset[str] = frozenset()  # set aside by the night shift

    # -- the published index -------------------------------------------------------------
    def served(self) -> Served:
        """The current (version, router) pair; switches when a newer version is published."""
        version = current_version(self.home)
        served = self._served
        if served is not None and (version is None or served.published.version == version):
            self._learn_new()
            return served
        with self._lock:
            if self._served is None or self._served.published.version != version:
                pub = load_published(self.home, version)
                self._distrusted = discredited_clients(self.home)
                past = self._past_outcomes()
                self._served = Served(pub, self._factory(pub, past))
            served = self._served
        return served

    def _past_outcomes(self) -> list[PastOutcome]:
        past = []
        for q, o in self.log.finished_sessions(0):
            if o.client not in self._distrusted:
                past.append(past_outcome(q.payload, o.payload, o.client))
            self._cursor = max(self._cursor, o.seq)
        return past

    def _learn_new(self) -> None:
        served = self._served
        if served is None:
            return
        for q, o in self.log.finished_sessions(self._cursor):
            with self._lock:
                if o.seq <= self._cursor:
                    continue
                self._cursor = o.seq
                self._learn(served.router, q.payload, o.payload, o.client)

    def _learn(self, router: LearningRouter, question: dict[str, Any],
               outcome: dict[str, Any], client: str) -> None:
        """Learn one finished session, unless the night shift set its reporter aside."""
        if client not in self._distrusted:
            router.learn(past_outcome(question, outcome, client))

    # -- the five tools --------------------------------------------------------------------
    def where_can_i_find(self, question: str, context: str | None = None,
                         client: str = "") -> Answer:
        question = _text(question, "question", MAX_QUESTION, required=True)
        context = _text(context or "", "context", MAX_TEXT)
        served = self.served()
        with self._lock:  # the router's memory is not thread-safe: rank and learn take turns
            ranking = served.router.rank(question, context)
        session_id = new_id()
        answer = advice.answer(served.published, ranking, session_id)
        self.log.append("question", session_id, client, {
            "question": question, "context": context, "verdict": answer.verdict,
            "candidates": [c.id for c in answer.candidates],
            "ranked": [s.card_id for s in ranking.full[:10]],
            "pinned": [c.id for c in answer.candidates if c.pinned],
            "words_not_in_index": answer.words_not_in_index,
        }, index_version=served.published.version)
        return answer

    def report_outcome(self, session_id: str, found: bool, sources_tried: Sequence[str],
                       what_worked: Sequence[str] | str = (), what_failed: Sequence[str] | str = (),
                       better_source: str | None = None, notes: str = "",
                       client: str = "") -> OutcomeRecorded:
        served = self.served()
        question = self._question(session_id)
        ids = served.published.index.cards
        tried = _ids(sources_tried, "sources_tried", ids)
        worked = _ids(what_worked, "what_worked", ids)
        failed = _ids(what_failed, "what_failed", ids)
        better = _ids([better_source], "better_source", ids)[0] if better_source else None
        payload = {"found": bool(found), "sources_tried": tried, "what_worked": worked,
                   "what_failed": failed, "better_source": better,
                   "notes": _text(notes, "notes", MAX_TEXT), "question_seq": question.seq}
        event = self.log.append("outcome", session_id, client, payload,
                                index_version=served.published.version)
        with self._lock:
            if event.seq > self._cursor:
                self._cursor = event.seq
                self._learn(served.router, question.payload, payload, event.client)
        return OutcomeRecorded(session_id=session_id, recorded=True, found=bool(found),
                               sources_tried=tried, what_worked=worked, what_failed=failed,
                               better_source=better,
                               note="thank you: the night shift verifies this before any change")

    def follow_up(self, session_id: str, what_happened: str,
                  unrecognized_terms: Sequence[str], client: str = "") -> FollowUp:
        if unrecognized_terms is None or isinstance(unrecognized_terms, str):
            raise InvalidInputError("unrecognized_terms must be a list (possibly empty)")
        terms = [_text(t, "unrecognized term", MAX_TERM, required=True)
                 for t in _bounded(unrecognized_terms, "unrecognized_terms")]
        what_happened = _text(what_happened, "what_happened", MAX_TEXT)
        served = self.served()
        question = self._question(session_id)
        tried = self._tried(session_id)
        with self._lock:  # follow_up ranks again: not while the router learns
            result = advice.follow_up(served.published, served.router, session_id,
                                      question.payload.get("question", ""), what_happened, tried,
                                      terms)
        self.log.append("follow_up", session_id, client, {
            "what_happened": what_happened, "unrecognized_terms": terms,
            "tried": sorted(tried), "untried": [c.id for c in result.untried],
            "gaps": [t.term for t in result.terms if t.known_as == "nothing"],
            "next_modality": result.next_modality,
        }, index_version=served.published.version)
        return result

    def describe_source(self, source_id: str, client: str = "") -> SourceDetail:
        served = self.served()
        index = served.published.index
        if not isinstance(source_id, str) or source_id not in index.cards:
            raise UnknownIdError("source", str(source_id), sorted(index.cards))
        self.log.append("describe", new_id(), client, {"id": source_id},
                        index_version=served.published.version)
        return advice.describe(served.published, source_id)

    def suggest_source(self, name: str, where: str, what_it_holds: str,
                       sample_titles: Sequence[str] | None = None,
                       client: str = "") -> SuggestionReceipt:
        payload = {
            "name": _text(name, "name", 200, required=True),
            "where": _text(where, "where", 1000, required=True),
            "what_it_holds": _text(what_it_holds, "what_it_holds", MAX_TEXT, required=True),
            "sample_titles": [_text(t, "sample title", 300) for t in
                              _bounded(sample_titles or [], "sample_titles", limit=20)],
        }
        suggestion_id = new_id()
        self.log.append("suggestion", suggestion_id, client, payload,
                        index_version=current_version(self.home))
        return SuggestionReceipt(
            suggestion_id=suggestion_id, status="pending admission",
            note="a suggestion becomes a draft card only after probes and a background check")

    # -- helpers ----------------------------------------------------------------------------
    def _question(self, session_id: str) -> Event:
        if not isinstance(session_id, str) or not session_id.strip():
            raise InvalidInputError("session_id is required")
        q = self.log.question(session_id.strip())
        if q is None:
            raise UnknownIdError("session", session_id)
        return q

    def _tried(self, session_id: str) -> set[str]:
        tried: set[str] = set()
        for e in self.log.session(session_id):
            if e.kind == "outcome":
                tried.update(e.payload.get("sources_tried", []))
                tried.update(e.payload.get("what_failed", []))
        return tried


def past_outcome(question: dict[str, Any], outcome: dict[str, Any], client: str) -> PastOutcome:
    worked = list(outcome.get("what_worked", []))
    if outcome.get("better_source"):
        worked.append(outcome["better_source"])
    if not outcome.get("found"):
        worked = [w for w in worked if w == outcome.get("better_source")]
    return PastOutcome(question=question.get("question", ""), worked=tuple(dict.fromkeys(worked)),
                       failed=tuple(outcome.get("what_failed", [])), client=client)


def _text(value: object, name: str, limit: int, *, required: bool = False) -> str:
    if value is None:
        value = ""
    if not isinstance(value, str):
        raise InvalidInputError(f"{name} must be text")
    value = value.strip()
    if required and not value:
        raise InvalidInputError(f"{name} is empty")
    if len(value) > limit:
        raise InvalidInputError(f"{name} is {len(value)} characters; the limit is {limit}")
    return value


def _bounded(items: object, name: str, limit: int = MAX_LIST) -> list[object]:
    if not isinstance(items, list | tuple):
        raise InvalidInputError(f"{name} must be a list")
    if len(items) > limit:
        raise InvalidInputError(f"{name} has {len(items)} items; the limit is {limit}")
    return list(items)


def _ids(items: Sequence[str] | str | None, name: str, valid: Mapping[str, object]) -> list[str]:
    if items is None:
        return []
    if isinstance(items, str):
        items = [items] if items.strip() else []
    out = []
    for item in _bounded(list(items), name):
        if not isinstance(item, str):
            raise InvalidInputError(f"{name} must hold source ids (text)")
        sid = item.strip()
        if sid not in valid:
            raise UnknownIdError("source", sid, sorted(valid))
        if sid not in out:
            out.append(sid)
    return out
