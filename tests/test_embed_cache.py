from __future__ import annotations

from pathlib import Path

import numpy as np

from sourcefinder.embed_cache import CachingEmbedder


class CountingEmbedder:
    """A deterministic embedder that counts the texts it was asked to embed."""

    name = "counting:v1"

    def __init__(self) -> None:
        self.calls: list[str] = []

    def _vec(self, prefix: str, texts: list[str]) -> np.ndarray:
        self.calls.extend(texts)
        rows = [np.frombuffer((prefix + t).ljust(16)[:16].encode(), dtype=np.uint8)
                .astype(np.float32) for t in texts]
        return np.stack(rows)

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._vec("q:", texts)

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._vec("p:", texts)


def test_each_text_is_embedded_once_and_answers_stay_the_same(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cache = CachingEmbedder(inner, tmp_path / "e.sqlite")
    first = cache.embed_queries(["a", "b", "a"])
    assert inner.calls == ["a", "b"]
    again = cache.embed_queries(["b", "a", "c"])
    assert inner.calls == ["a", "b", "c"]
    np.testing.assert_array_equal(again[0], first[1])
    np.testing.assert_array_equal(again[1], first[0])


def test_queries_and_passages_are_kept_apart_and_survive_a_restart(tmp_path: Path) -> None:
    inner = CountingEmbedder()
    cache = CachingEmbedder(inner, tmp_path / "e.sqlite")
    q = cache.embed_queries(["same text"])
    p = cache.embed_passages(["same text"])
    assert not np.array_equal(q, p)
    cache.close()
    reopened_inner = CountingEmbedder()
    reopened = CachingEmbedder(reopened_inner, tmp_path / "e.sqlite")
    np.testing.assert_array_equal(reopened.embed_passages(["same text"]), p)
    assert reopened_inner.calls == []


def test_another_model_does_not_reuse_vectors(tmp_path: Path) -> None:
    CachingEmbedder(CountingEmbedder(), tmp_path / "e.sqlite").embed_queries(["x"])
    other = CountingEmbedder()
    other.name = "counting:v2"
    CachingEmbedder(other, tmp_path / "e.sqlite").embed_queries(["x"])
    assert other.calls == ["x"]


def test_a_model_that_reads_the_head_of_a_question_is_keyed_by_that_head(
    tmp_path: Path,
) -> None:
    class HeadEmbedder(CountingEmbedder):
        def head(self, text: str) -> str:
            return " ".join(text.split()[:3])

    inner = HeadEmbedder()
    cache = CachingEmbedder(inner, tmp_path / "e.sqlite")
    first = cache.embed_queries(["where are the invoices of March"])
    again = cache.embed_queries(["where are the payslips", "where are the invoices of May"])
    assert inner.calls == ["where are the"]
    np.testing.assert_array_equal(again[1], first[0])
    assert cache.embed_passages(["where are the invoices of March"]).shape == (1, 16)
    assert inner.calls[-1] == "where are the invoices of March"  # passages are read whole
