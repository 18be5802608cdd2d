"""What the desk returns: pydantic models, so every MCP tool has an output schema.

Every piece of advice names where its text came from (``Provenance``): nothing in an answer
is invented; it is transcribed from a card or a foundation node of a published version.
"""

from __future__ import annotations

from pydantic import BaseModel, Field


class Provenance(BaseModel):
    file: str = Field(description="index file the text was transcribed from")
    line: int = Field(description="1-based line of the card or node heading")
    index_version: str = Field(description="published index version")


class ReadingStep(BaseModel):
    node: str
    what: str
    pointer: str = Field(description="the document to read: title and, where known, a link")
    also_searchable_as: str | None = Field(None, description="card id when the doc is a source")
    provenance: Provenance


class ExampleQuery(BaseModel):
    query: str
    expect: str = Field(description="the shape of the expected result")
    probe: str | None = Field(None, description="last probe result: '✓ 2026-09-01', '✗ ...', '?'")


class Candidate(BaseModel):
    id: str
    confidence: float = Field(ge=0.0, le=1.0)
    pinned: bool = Field(False, description="past sessions show the answer lives here")
    reason: str = Field(description="why it was chosen: which fields matched")
    what: str
    what_not: str = ""
    kind: str
    scope: str
    trust: str
    group: str
    status: str = "active"
    how: str = Field("", description="how to search or browse it")
    at: str | None = None
    examples: list[ExampleQuery] = []
    gotchas: list[str] = []
    playbooks: list[str] = Field([], description="combination playbooks: other-id (how to join)")
    overlaps: list[str] = Field([], description="supersedes / superseded by / see-also notes")
    cluster: str | None = Field(None, description="the cluster this child belongs to")
    drill_down: str | None = Field(None, description="how to expand a cluster into its children")
    background: str | None = Field(None, description="set when newcomers lack a primer")
    contact: str | None = None
    provenance: Provenance


class Answer(BaseModel):
    session_id: str
    index_version: str
    verdict: str = Field(description="confident | uncertain | nowhere")
    read_if_new: list[ReadingStep] = Field(description="root-first reading path, read first")
    candidates: list[Candidate] = Field(description="ordered by confidence, cut by confidence")
    ask_back: str
    note: str = ""
    words_not_in_index: list[str] = Field(
        default_factory=list,
        description="specific words of the question no source card uses (names left out), "
                    "most specific first: the map may not cover them")


class OutcomeRecorded(BaseModel):
    session_id: str
    recorded: bool
    found: bool
    sources_tried: list[str]
    what_worked: list[str]
    what_failed: list[str]
    better_source: str | None = None
    note: str = ""


class TermCheck(BaseModel):
    term: str
    known_as: str = Field(description="card | foundation | nothing")
    id: str | None = None
    what: str | None = None
    pointer: str | None = None


class FollowUp(BaseModel):
    session_id: str
    index_version: str
    untried: list[Candidate] = Field(description="eligible sources this session has not tried")
    reformulations: list[str] = Field(description="queries drawn from the cards' examples")
    next_modality: str = Field(description="text → database → ask a human → history")
    modality_sources: list[str] = Field([], description="sources of that modality")
    terms: list[TermCheck] = []
    ask_back: str = ""


class SourceDetail(BaseModel):
    id: str
    index_version: str
    card: Candidate
    children: list[str] = Field([], description="a cluster's children, for drill-down")
    read_if_new: list[ReadingStep] = []
    health: str | None = None


class SuggestionReceipt(BaseModel):
    suggestion_id: str
    status: str = Field(description="always 'pending admission': never a card directly")
    note: str
