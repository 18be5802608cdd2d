"""Static word vectors: asked on every question, cheap, and the cascade's first stage."""

from __future__ import annotations

import json
import socket
import struct
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest
from threadpoolctl import threadpool_info, threadpool_limits

from sourcefinder.index import load_index
from sourcefinder.index.model import Card, Example, Index
from sourcefinder.routing import (
    Memory,
    OfflineRouter,
    PastOutcome,
    RouterConfig,
    WordLlamaEmbedder,
    embed_cards,
    embed_parts,
)
from sourcefinder.routing._wordvectors import BPE, SPACE, _package_root, load_table, load_vocab
from tests.routing.conftest import HashEmbedder, card

EXAMPLE_INDEX = Path(__file__).resolve().parents[2] / "index" / "INDEX.md"
ORGS = Path(__file__).resolve().parents[2] / "evals" / "orgs"


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
    static.queries.clear()  # (the cards' parts, embedded as the router is built)
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


def test_each_cards_parts_are_embedded_in_one_batch_in_card_order(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    index = index_of([
        card("a", "payslips and pay dates", contains="monthly payslips",
             examples=(Example("when is payday", "the pay calendar"),
                       Example("where is my P60", "the P60 folder"))),
        card("b", "", contains="board packs"),
        card("c", "travel budget"),
    ])  # fmt: skip
    static = HashEmbedder()
    parts = embed_parts(index, static)
    assert len(parts) == 3 and parts.starts.tolist() == [0, 4, 6, 8]
    expected = HashEmbedder().embed_queries(["payslips and pay dates", "monthly payslips",
                                             "when is payday", "where is my P60"])
    assert np.array_equal(parts.of(0), expected)
    # no discriminator: the empty text holds its place
    assert np.array_equal(parts.of(1), HashEmbedder().embed_queries(["", "board packs"]))
    assert np.array_equal(parts.of(2)[0], HashEmbedder().embed_queries(["travel budget"])[0])
    assert len(static.queries) == 8  # one batch: every part once


def test_a_router_given_the_parts_embeds_none_and_checks_them(org: Index) -> None:
    static = HashEmbedder()
    vectors, parts = embed_cards(org, static), embed_parts(org, static)
    static.queries.clear()
    router = OfflineRouter(org, static=static, static_vectors=vectors, static_parts=parts)
    router.rank("budgets, forecasts and board packs")
    assert static.queries == ["budgets, forecasts and board packs"]
    fewer = embed_parts(index_of_first(org, 3), static)
    with pytest.raises(ValueError, match="static_parts has 3 cards"):
        OfflineRouter(org, static=static, static_vectors=vectors, static_parts=fewer)


def index_of_first(index: Index, n: int) -> Index:
    return replace(index, cards=dict(list(index.cards.items())[:n]))


def test_a_router_with_vectors_keeps_numpys_blas_to_one_thread(org: Index) -> None:
    """Its threads spin after every product and fight the rest of the process for the
    cores, for products one thread does as fast."""
    def blas_threads() -> list[int]:
        return [p["num_threads"] for p in threadpool_info() if p["user_api"] == "blas"]

    with threadpool_limits(limits=2, user_api="blas"):
        before = blas_threads()  # (2 where the machine has two cores)
        assert before
        OfflineRouter(org)  # lexical: no products, nothing to limit
        assert blas_threads() == before
        OfflineRouter(org, static=HashEmbedder())
        assert set(blas_threads()) == {1}


def test_memory_keeps_static_vectors_aligned_with_outcomes() -> None:
    memory = Memory()
    memory.add(PastOutcome("no vector", ("a",), ()))
    memory.add(PastOutcome("east", ("b",), ()), static=np.array([1.0, 0.0], dtype=np.float32))
    memory.add(PastOutcome("north", ("c",), ()), static=np.array([0.0, 1.0], dtype=np.float32))
    near = memory.static_neighbours(np.array([0.8, 0.6], dtype=np.float32), 3)
    assert [doc for doc, _ in near] == [1, 2, 0]  # the outcome without a vector comes last
    assert near[-1][1] == 0.0


def test_a_past_question_close_in_word_vectors_votes(index_of: Callable[[list[Card]], Index],
                                                     wordllama: WordLlamaEmbedder) -> None:
    org = index_of([
        card("it-helpdesk", "IT support tickets for laptops and accounts", "HR questions"),
        card("people-wiki", "HR policies and benefits", "IT problems"),
    ])  # fmt: skip
    asked = "forgot computer login credentials"  # no word in common with the past question
    votes = {}
    for weight in (0.0, 0.5):
        config = RouterConfig(w_neighbours_static=weight, knn_min_static=0.5)
        router = OfflineRouter(org, static=wordllama, config=config)
        router.learn(PastOutcome("reset my laptop password", ("people-wiki",), ()))
        votes[weight] = router.rank(asked).full
    reason = "worked for 1 similar past question"
    assert not any(reason in s.reasons for s in votes[0.0])
    voted = next(s for s in votes[0.5] if s.card_id == "people-wiki")
    assert reason in voted.reasons


def test_bpe_merges_lowest_id_first_and_falls_back_to_bytes() -> None:
    vocab = {"<unk>": 0, **{f"<0x{b:02X}>": 1 + b for b in range(256)},
             SPACE: 300, "a": 301, "b": 302, "c": 303, f"{SPACE}a": 304, "bc": 305,
             "ab": 306, f"{SPACE}abc": 307}  # fmt: skip
    bpe = BPE(vocab)
    # "▁a" (304) merges before "bc" (305), then "▁a"+"bc" makes "▁abc"; "ab" (306) never wins
    assert bpe.encode("abc") == [307]
    assert bpe.encode("cab") == [300, 303, 306]
    assert bpe.encode("é") == [300, 1 + 0xC3, 1 + 0xA9]  # not in the vocabulary: its bytes


def test_the_bpe_word_cache_stays_bounded_and_changes_no_answer(
        wordllama: WordLlamaEmbedder) -> None:  # fmt: skip
    vocab = wordllama._bpe.vocab
    small, fresh = BPE(vocab, cache_size=8), BPE(vocab, cache_size=10_000)
    words = [f"word{i} shipment{i}" for i in range(40)]
    for text in words * 2:
        assert small.encode(text) == fresh.encode(text)
        assert len(small._cache) <= 8


def test_our_bpe_tokenizes_as_the_tokenizers_library(wordllama: WordLlamaEmbedder) -> None:
    from tokenizers import Tokenizer  # installed with wordllama; the embedder does not use it

    reference = Tokenizer.from_file(str(
        _package_root() / "tokenizers" / "l2_supercat_tokenizer_config.json"))  # fmt: skip
    lines = [line for line in EXAMPLE_INDEX.read_text().splitlines() if line.strip()]
    lines += ["naïve café, 東京 🚢", "PTO/NPS: 40ft HC @ $1,200?"]
    differ = [t for t in lines if wordllama.tokens(t)
              != reference.encode(t, add_special_tokens=False).ids]  # fmt: skip
    assert len(lines) > 500 and differ == []


def test_damaged_word_vector_files_are_clear_errors(tmp_path: Path) -> None:
    bad = tmp_path / "table.safetensors"
    header = json.dumps({"embedding.weight": {"dtype": "F16", "shape": [10, 4],
                                              "data_offsets": [0, 40]}}).encode()  # fmt: skip
    bad.write_bytes(struct.pack("<Q", len(header)) + header + b"\0" * 40)
    with pytest.raises(ValueError, match="does not match its declared shape"):
        load_table(bad)
    tok = tmp_path / "tokenizer.json"
    tok.write_text('{"model": {"type": "BPE", "merges": []}}')
    with pytest.raises(ValueError, match="no model.vocab"):
        load_vocab(tok)
    tok.write_text('{"model": {"vocab": {"a": "one"}, "merges": []}}')
    with pytest.raises(ValueError, match="not a piece -> id object"):
        load_vocab(tok)


def test_a_question_nearer_what_the_organization_does_not_do_than_any_card_is_a_nowhere(
    wordllama: WordLlamaEmbedder,
) -> None:
    """Linthwaite's pharmacies "do not dispense veterinary prescriptions": a dog's tablets
    share no word with that, yet sit nearer it than any source in word vectors."""
    index = load_index(ORGS / "linthwaite" / "index")
    vectors = embed_cards(index, wordllama)
    dog = "Customer has a vet's prescription for her dog's tablets. Can we dispense it?"
    router = OfflineRouter(index, static=wordllama, static_vectors=vectors)
    ranking = router.rank(dog)
    assert ranking.verdict == "nowhere" and ranking.ruled_out == ()
    assert ranking.denied == ("We do not dispense veterinary prescriptions",)
    # a patient's own prescription is nearer a source than the statement
    own = router.rank("Patient moved her nomination to us on Monday but her prescription "
                      "hasn't turned up. Where can I see whether the GP's electronic script "
                      "has come through?")  # fmt: skip
    assert own.verdict != "nowhere" and own.denied == ()
    # the margin is the setting: no statement is that much nearer
    wide = OfflineRouter(index, static=wordllama, static_vectors=vectors,
                         config=RouterConfig(denial_margin=1.0))  # fmt: skip
    assert wide.rank(dog).denied == () and wide.rank(dog).verdict != "nowhere"


def test_where_the_asker_comes_from_is_not_what_is_denied(
    wordllama: WordLlamaEmbedder,
) -> None:
    """Morwenstow "never ferments juice into cider for growers": a brewer who has come
    over asks how fruit becomes cider here, not what the cidery denies."""
    index = load_index(ORGS / "morwenstow" / "index")
    vectors = embed_cards(index, wordllama)
    router = OfflineRouter(index, static=wordllama, static_vectors=vectors)
    came = router.rank("I've come over from a brewery so I know fermentation, but not "
                       "apples. Is there a walkthrough of how fruit gets from the yard to a "
                       "finished bottle here?")  # fmt: skip
    assert came.denied == () and came.verdict != "nowhere"



def test_a_statement_naming_the_person_who_has_it_sends_the_asker_to_them(
    wordllama: WordLlamaEmbedder,
) -> None:
    """Odstock "does not sell cider online"; a fete's cider stall sits nearer that than
    any card, but the first card left is the head cider maker, whom the statement names:
    the asker is sent to her, not told there is nowhere. So is one who the statement
    says does it."""
    index = load_index(ORGS / "odstock" / "index")
    vectors = embed_cards(index, wordllama)
    router = OfflineRouter(index, static=wordllama, static_vectors=vectors)
    fete = router.rank("The fete in the next village wants us to run a cider stall. Are we "
                       "even allowed to sell there, and who makes that call?")  # fmt: skip
    assert fete.candidates[0].card_id == "person-cider-maker"
    assert fete.denied == () and fete.verdict != "nowhere"
    # Mawbray's "payroll ... is run by the bookkeeper's payroll bureau, not by us" says
    # who does it: the bookkeeper is where a payslip question goes
    mawbray = load_index(ORGS / "mawbray" / "index")
    payslip = OfflineRouter(mawbray, static=wordllama,
                            static_vectors=embed_cards(mawbray, wordllama)).rank(
        "Jamie's asking why the pension deduction on his payslip went up in April")
    assert payslip.candidates[0].card_id == "carol-bookkeeper"
    assert payslip.denied == () and payslip.verdict != "nowhere"


def test_a_statement_bound_to_years_denies_nothing_of_other_years(
    wordllama: WordLlamaEmbedder,
) -> None:
    """Helsington's "scoring files from our ScoreBridge years (2004 to 2012) were not
    kept": last year's winner of a trophy is no question about those years."""
    index = load_index(ORGS / "helsington" / "index")
    router = OfflineRouter(index, static=wordllama, static_vectors=embed_cards(index, wordllama))
    won = router.rank("who won the Scout Scar Salver last year")
    assert won.denied == () and won.verdict != "nowhere"
    assert won.candidates[0].card_id == "trophies-and-honours"


def test_a_card_that_explains_more_than_a_first_with_no_confidence_keeps_its_own(
    wordllama: WordLlamaEmbedder,
) -> None:
    """Kilnworth's "latest version of the grievance policy": the first card has no
    confidence at all, and the HR hub, which explains much more, goes first with its own,
    not held at the none of the card it passed (which read as nowhere)."""
    index = load_index(ORGS / "kilnworth" / "index")
    router = OfflineRouter(index, static=wordllama, static_vectors=embed_cards(index, wordllama))
    ranking = router.rank("latest version of the grievance policy")
    first = ranking.full[0]
    assert first.card_id == "hub-people" and first.reasons[0].startswith("explains more")
    assert first.confidence > 0.3 and ranking.verdict != "nowhere"
    assert [s.confidence for s in ranking.full] == sorted(
        (s.confidence for s in ranking.full), reverse=True)

def test_a_short_statement_counts_only_for_a_question_naming_what_it_denies(
    wordllama: WordLlamaEmbedder,
) -> None:
    """Brantwood's "Beck House has no lift" is mostly Beck House in word vectors: a
    question about a flat there is not near what is denied. One about the lift is."""
    index = load_index(ORGS / "brantwood" / "index")
    vectors = embed_cards(index, wordllama)
    router = OfflineRouter(index, static=wordllama, static_vectors=vectors)
    ready = router.rank("The council keeps ringing to ask when 12 Beck House will be ready "
                        "for someone to move in.")  # fmt: skip
    assert ready.denied == () and ready.verdict != "nowhere"
    assert ready.candidates[0].card_id == "voids-tracker"
    lift = router.rank("When was the lift at Beck House last serviced?")
    assert lift.verdict == "nowhere"
    # the length is the setting: counted as a long statement, it is near enough
    loose = OfflineRouter(index, static=wordllama, static_vectors=vectors,
                          config=RouterConfig(denial_short_words=0))  # fmt: skip
    assert loose.rank("The council keeps ringing to ask when 12 Beck House will be ready "
                      "for someone to move in.").denied == ("Beck House has no lift",)
