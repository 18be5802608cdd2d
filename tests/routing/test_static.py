"""Static word vectors: asked on every question, cheap, and the cascade's first stage."""

from __future__ import annotations

import socket
from collections.abc import Callable

import numpy as np
import pytest

from sourcefinder.index.model import Card, Index
from sourcefinder.routing import OfflineRouter, RouterConfig, WordLlamaEmbedder, embed_cards
from tests.routing.conftest import HashEmbedder, card


@pytest.fixture(scope="module")
def wordllama() -> WordLlamaEmbedder:
    return WordLlamaEmbedder()


@pytest.fixture
def weather(index_of: Callable[[list[Card]], Index]) -> Index:
    return index_of([
        card("weather-api", "weather forecasts and temperatures for any city", "air quality",
             contains="hourly forecast, rainfall, wind, storm warnings"),
        card("stock-api", "share prices and company earnings", "crypto",
             contains="quotes, dividends, quarterly results"),
        card("recipes", "cooking recipes with ingredients and steps", "restaurant reviews",
             contains="dinner ideas, baking, vegetarian dishes"),
    ])  # fmt: skip


def test_wordllama_embeds_offline(wordllama: WordLlamaEmbedder,
                                  monkeypatch: pytest.MonkeyPatch) -> None:  # fmt: skip
    def no_network(*args: object, **kwargs: object) -> None:
        raise AssertionError("the static embedder tried the network")

    monkeypatch.setattr(socket.socket, "connect", no_network)
    fresh = WordLlamaEmbedder()  # loading too: the package's own loader would download
    q = fresh.embed_queries(["will it rain tomorrow"])
    p = wordllama.embed_passages(["weather forecasts", "share prices"])
    assert q.shape == (1, 256) and p.shape == (2, 256) and q.dtype == np.float32
    assert np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-5)
    sims = p @ q[0]
    assert sims[0] > sims[1]


def test_static_vectors_find_a_card_that_shares_no_word(weather: Index,
                                                         wordllama: WordLlamaEmbedder) -> None:
    question = "will it be sunny in Lisbon on Saturday?"
    lexical = OfflineRouter(weather).rank(question)
    assert lexical.full[0].confidence == 0.0  # no card uses any of its words
    ranking = OfflineRouter(weather, static=wordllama).rank(question)
    first = ranking.full[0]
    assert first.card_id == "weather-api" and first.confidence > 0
    assert any(r.startswith("close in word vectors") for r in first.reasons)


def test_static_is_asked_every_time_and_the_model_only_when_unsure(org: Index) -> None:
    static, model = HashEmbedder(), HashEmbedder()
    router = OfflineRouter(org, embedder=model, static=static)
    sure = "FY27 travel budget forecast sheet"
    unsure = "stuff about things in general"
    router.rank(sure)
    router.rank(unsure)
    assert static.queries == [sure, unsure]
    assert model.queries == [unsure]


def test_static_vectors_are_checked_and_can_be_switched_off(org: Index) -> None:
    static = HashEmbedder()
    vectors = embed_cards(org, static)
    with pytest.raises(ValueError, match="static_vectors has 3 rows"):
        OfflineRouter(org, static=static, static_vectors=vectors[:3])
    off = OfflineRouter(org, static=static, config=RouterConfig(w_static=0.0))
    assert off.static is None
    off.rank("button colors")
    assert static.queries == []
