"""A small synthetic organization, built from records (no parser involved).

- twins: ``oncall-runbooks`` and ``incident-postmortems`` cover outages from two sides;
- a NOT-part trap: ``historical-performance`` says "NOT raw query data";
- a demoted predecessor: ``perf-old`` (2021-2023), superseded by ``historical-performance``;
- a cluster ``confluence`` with children ``finance-space`` and ``people-space``;
- a draft twin ``warehouse-draft`` of ``analytics-warehouse``;
- humans: ``data-help`` (chat channel) and ``dana`` (person).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable

import numpy as np
import pytest

from sourcefinder.index.model import Card, Example, Health, Index
from sourcefinder.routing import _router
from sourcefinder.routing._phrasing import PhrasingModel
from sourcefinder.routing._text import terms


@pytest.fixture(autouse=True)
def _no_phrased_nowhere(monkeypatch: pytest.MonkeyPatch, request: pytest.FixtureRequest) -> None:
    """Routers built here hear no model of questions seldom held (``_phrasing``) unless
    given one: the indexes of these tests are a few cards, which support any question
    thinly, and each test reads one mechanism of its own. ``test_phrasing`` reads that
    model, shipped and given."""
    if request.node.path.name != "test_rerank.py":
        # nor any re-ranking learned across organizations (``test_rerank`` reads it)
        monkeypatch.setattr(_router, "shipped_reranker", lambda config: None)
    if request.node.path.name == "test_phrasing.py":
        return
    shipped = _router.shipped
    deaf = PhrasingModel(bias=-30.0, weights={})
    monkeypatch.setattr(_router, "shipped",
                        lambda name: deaf if name == "nowhere" else shipped(name))


def card(cid: str, what: str, what_not: str = "", **kw: object) -> Card:
    defaults: dict[str, object] = {
        "group": "Sources", "path": "INDEX.md", "line": 1, "kind": "wiki",
        "scope": "internal", "trust": "primary", "contains": "", "how": "search",
    }  # fmt: skip
    defaults.update(kw)
    return Card(id=cid, what=what, what_not=what_not, **defaults)  # type: ignore[arg-type]


def org_cards() -> list[Card]:
    return [
        card(
            "historical-performance",
            "metric trends over time",
            "raw query data",
            group="Analytics",
            kind="confluence-space",
            contains="weekly dashboards, trend writeups (~200 docs, active)",
            examples=(Example("Q2 churn by segment", "trend report T-88"),),
            supersedes=("perf-old",),
            health=Health(helpful=12, harmful=1),
        ),  # fmt: skip
        card(
            "analytics-warehouse",
            "raw event and billing tables for ad-hoc SQL",
            "curated trends or definitions",
            group="Analytics",
            kind="database",
            contains="~400 tables, refreshed hourly",
            examples=(Example("daily active users last week", "one row per day"),),
            gotchas=("timestamps are UTC",),
        ),  # fmt: skip
        card(
            "perf-old",
            "the 2021-2023 performance space",
            "current numbers",
            group="Analytics",
            kind="confluence-space",
            trust="archive",
            contains="frozen trend reports (~150 docs, read-only)",
            status="demoted",
        ),  # fmt: skip
        card(
            "warehouse-draft",
            "raw event and billing tables for ad-hoc SQL",
            "curated trends or definitions",
            group="Analytics",
            kind="database",
            contains="~400 tables, refreshed hourly",
            status="draft",
        ),  # fmt: skip
        card(
            "oncall-runbooks",
            "step-by-step runbooks for services during an outage",
            "root-cause analyses",
            group="Engineering",
            kind="git-repo",
            contains="markdown runbooks per service",
            examples=(Example("restart the payments service", "runbook page"),),
        ),  # fmt: skip
        card(
            "incident-postmortems",
            "root-cause analyses of past outages and incidents",
            "live procedures",
            group="Engineering",
            kind="confluence-space",
            contains="postmortem documents with timelines",
            examples=(Example("why did checkout fail in March", "postmortem PM-12"),),
        ),  # fmt: skip
        card(
            "confluence",
            "company Confluence instance",
            "a specific space",
            child_index="confluence-spaces",
            children=("finance-space", "people-space"),
        ),  # fmt: skip
        card(
            "finance-space",
            "budgets, forecasts and board packs",
            "payroll",
            extends="confluence",
            contains="monthly forecasts, board decks (~80 docs)",
            examples=(Example("FY27 travel budget", "forecast sheet FIN-12"),),
        ),  # fmt: skip
        card(
            "people-space",
            "payroll, benefits and hiring policies",
            "budgets",
            extends="confluence",
            contains="HR policies, payroll calendar",
            examples=(Example("when is payday", "payroll calendar"),),
        ),  # fmt: skip
        card(
            "data-help",
            "ask the data team about metrics and dashboards",
            "incidents",
            kind="chat-channel",
            group="People",
            contains="#data-help on chat, answered within a day",
        ),  # fmt: skip
        card(
            "dana",
            "Dana, analytics lead: metric definitions and ownership",
            "",
            kind="person",
            group="People",
            contains="knows the history of every metric",
        ),  # fmt: skip
        card(
            "design-system",
            "UI components and design tokens for the web apps",
            "marketing brand assets",
            group="Engineering",
            kind="public-docs",
            contains="component catalog, tokens, usage guidelines",
            examples=(Example("button colors", "token table"),),
        ),  # fmt: skip
    ]


def make_index(cards: list[Card], preamble: str = "") -> Index:
    """An index of ``cards``, with the prose before them when a test needs one."""
    return Index(root="index", title="Acme", cards={c.id: c for c in cards},
                 preamble=preamble)  # fmt: skip


class HashEmbedder:
    """A deterministic bag-of-stems embedder: enough to exercise the semantic path."""

    name = "hash-test"
    dim = 64

    def __init__(self) -> None:
        self.queries: list[str] = []  # every query text embedded, to count model calls

    def _embed(self, texts: list[str]) -> np.ndarray:
        out = np.zeros((len(texts), self.dim), dtype=np.float32)
        for row, text in enumerate(texts):
            out[row, 0] = 0.1  # every text shares a little, as real embeddings do
            for t in terms(text):
                out[row, int(hashlib.md5(t.encode()).hexdigest(), 16) % (self.dim - 1) + 1] += 1
        return out / np.linalg.norm(out, axis=1, keepdims=True)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        self.queries.extend(texts)
        return self._embed(texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._embed(texts)


@pytest.fixture
def org() -> Index:
    return make_index(org_cards())


@pytest.fixture
def cards() -> list[Card]:
    return org_cards()


@pytest.fixture
def index_of() -> Callable[[list[Card]], Index]:
    return make_index


@pytest.fixture
def embedder() -> HashEmbedder:
    return HashEmbedder()
