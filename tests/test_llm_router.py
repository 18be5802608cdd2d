"""The LLM router against a real local OpenAI-compatible server (stdlib http.server)."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

from sourcefinder.config import Settings
from sourcefinder.errors import ConfigError
from sourcefinder.index import load_index
from sourcefinder.llm_router import LLMRouter, OpenAIChat
from sourcefinder.publish import build
from sourcefinder.routers import make_router
from sourcefinder.routing import OfflineRouter, PastOutcome

Reply = Callable[[dict[str, Any]], tuple[int, Any]]


class _Stub(BaseHTTPRequestHandler):
    reply: Reply = staticmethod(lambda body: (500, {"error": "unset"}))
    seen: list[dict[str, Any]] = []
    disable_nagle_algorithm = True

    def do_POST(self) -> None:  # noqa: N802 - the handler API names it so
        body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
        type(self).seen.append(body)
        status, payload = type(self).reply(body)
        data = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args: object) -> None:
        pass


def completion(content: str) -> dict[str, Any]:
    return {"id": "c1", "object": "chat.completion", "created": 0, "model": "stub",
            "choices": [{"index": 0, "finish_reason": "stop",
                         "message": {"role": "assistant", "content": content}}]}


@pytest.fixture
def stub() -> Iterator[tuple[str, type[_Stub]]]:
    handler = type("Stub", (_Stub,), {"seen": []})
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1", handler
    finally:
        server.shutdown()
        server.server_close()


def _router(example_index: Path, url: str) -> LLMRouter:
    index = load_index(example_index)
    chat = OpenAIChat(url, "stub-model", "test-key", timeout=5, max_retries=0)
    return LLMRouter(index, OfflineRouter(index), chat)


def test_the_models_order_is_followed_and_unknown_ids_dropped(example_index: Path,
                                                               stub: Any) -> None:
    url, handler = stub
    router = _router(example_index, url)
    a, b = list(router.index.cards)[3:5]
    handler.reply = staticmethod(lambda body: (200, completion(json.dumps({
        "verdict": "confident", "ranked": [
            {"id": "invented-source", "confidence": 0.99, "reason": "made up"},
            {"id": b, "confidence": 0.9, "reason": "it holds it"},
            {"id": a, "confidence": 0.95, "reason": "maybe"}]}))))
    ranking = router.rank("where is the thing")
    assert [s.card_id for s in ranking.candidates] == [b, a]
    assert ranking.verdict == "confident"
    assert ranking.candidates[1].confidence <= ranking.candidates[0].confidence
    assert "invented-source" not in [s.card_id for s in ranking.full]
    assert len(ranking.full) > 2
    gantry = router.rank("where is the thing about gantry cranes")
    assert gantry.unmatched[:2] == ("gantry", "cranes")  # the offline stage's words carry over
    assert gantry.support == gantry.candidates[0].confidence
    old = router.rank("the error logs of the tracker service from two months ago")
    assert ("log-search", "keeps only the last 14 days") in old.out_of_period  # and these


def test_the_prompt_prefix_is_the_same_for_every_question(example_index: Path,
                                                           stub: Any) -> None:
    url, handler = stub
    router = _router(example_index, url)
    handler.reply = staticmethod(lambda body: (200, completion(
        json.dumps({"verdict": "nowhere", "ranked": []}))))
    router.rank("first question")
    router.rank("a second, different question")
    systems = [b["messages"][0]["content"] for b in handler.seen]
    assert systems[0] == systems[1]
    assert all(cid in systems[0] for cid in router.index.cards)
    assert handler.seen[0]["response_format"]["type"] == "json_schema"
    assert "first question" in handler.seen[0]["messages"][1]["content"]


@pytest.mark.parametrize("reply", [
    lambda body: (500, {"error": {"message": "boom"}}),
    lambda body: (200, completion("this is not json")),
    lambda body: (200, completion(json.dumps({"verdict": "confident",
                                              "ranked": [{"id": "nope", "confidence": 1,
                                                          "reason": "x"}]}))),
])
def test_any_failure_falls_back_to_the_offline_ranking(example_index: Path, stub: Any,
                                                       reply: Reply) -> None:
    url, handler = stub
    handler.reply = staticmethod(reply)
    router = _router(example_index, url)
    question = next(c for c in router.index.cards.values() if c.examples).examples[0].query
    assert router.rank(question) == router.offline.rank(question)
    assert router.failures == 1 and router.last_error


def test_settings_switch_the_llm_router_on(example_index: Path, tmp_path: Path,
                                           stub: Any) -> None:
    url, _ = stub
    pub = build(example_index, tmp_path / "home")
    assert isinstance(make_router(pub, Settings(home=tmp_path / "home")), OfflineRouter)
    llm = make_router(pub, Settings(home=tmp_path / "home", router="llm", llm_base_url=url))
    assert isinstance(llm, LLMRouter)
    with pytest.raises(ConfigError, match="needs SOURCEFINDER_LLM_BASE_URL"):
        make_router(pub, Settings(home=tmp_path / "home", router="llm",
                                  llm_api_key_env="SF_TEST_NO_SUCH_KEY"))


def test_the_model_is_not_asked_what_the_log_already_knows(example_index: Path,
                                                          stub: Any) -> None:
    url, handler = stub
    router = _router(example_index, url)
    some_id = next(iter(router.index.cards))
    handler.reply = staticmethod(lambda body: (200, completion(json.dumps(
        {"verdict": "confident", "ranked": [{"id": some_id, "confidence": 1, "reason": "x"}]}))))
    question = "where is the maintenance log for the gantry cranes"
    for client in ("a", "b"):
        router.learn(PastOutcome(question, (), (), client=client))
    asked = len(handler.seen)
    ranking = router.rank(question)
    assert ranking.verdict == "nowhere" and ranking.nothing_before == 2
    assert len(handler.seen) == asked  # no call: two clients found nothing for it


def test_a_nowhere_from_the_model_still_offers_someone_to_ask(example_index: Path,
                                                             stub: Any) -> None:
    url, handler = stub
    handler.reply = staticmethod(lambda body: (200, completion(
        json.dumps({"verdict": "nowhere", "ranked": []}))))
    router = _router(example_index, url)
    ranking = router.rank("who can tell me about the customs broker contracts?")
    assert ranking.verdict == "nowhere"
    assert len(ranking.candidates) == 1
    assert router.index.cards[ranking.candidates[0].card_id].kind in ("person", "chat-channel")
