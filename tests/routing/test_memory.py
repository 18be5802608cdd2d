from __future__ import annotations

from sourcefinder.routing import Embedder, Memory, PastOutcome
from sourcefinder.routing._memory import vote
from sourcefinder.routing._text import terms


def query(text: str) -> dict[str, float]:
    return dict.fromkeys(terms(text), 1.0)


def test_lexical_neighbours_rank_the_closest_question_first() -> None:
    memory = Memory(
        [
            PastOutcome("weather forecast for Paris tomorrow", ("weather",), ()),
            PastOutcome("cheap flights to Paris", ("flights",), ()),
            PastOutcome("stock price of Apple", ("finance",), ()),
        ]
    )
    near = memory.lexical_neighbours(query("forecast for Paris tomorrow"), k=2)
    assert near[0][0] == 0
    assert near[0][1] > near[1][1] > 0
    assert len(near) == 2


def test_identical_question_has_similarity_one() -> None:
    memory = Memory([PastOutcome("quarterly board deck", ("finance",), ())])
    [(doc, sim)] = memory.lexical_neighbours(query("quarterly board deck"), k=5)
    assert doc == 0
    assert abs(sim - 1.0) < 1e-5


def test_votes_count_worked_for_and_failed_against() -> None:
    memory = Memory(
        [
            PastOutcome("q1", ("a",), ("b",)),
            PastOutcome("q2", ("b",), ()),
        ]
    )
    votes = vote(memory, [(0, 1.0), (1, 0.5)], power=1.0, min_sim=0.0)
    assert votes.score["a"] == 1.0
    assert votes.score["b"] == -0.5
    assert votes.support == {"a": 1, "b": 1}
    assert votes.against == {"b": 1}


def test_learned_terms_associate_questions_with_the_cards_that_answered() -> None:
    memory = Memory()
    memory.add(PastOutcome("forecast temperature tomorrow", ("weather",), ()))
    memory.add(PastOutcome("share price earnings", ("finance",), ()))
    field = memory.learned_field(query("temperature next week"))
    assert field == {"temperatur": {"weather": 1.0}}


def test_memory_embeds_questions_when_given_an_embedder(embedder: Embedder) -> None:
    memory = Memory([PastOutcome("board deck", ("finance",), ())], embedder=embedder)
    memory.add(PastOutcome("payroll calendar", ("people",), ()))
    assert memory.has_vectors
    vec = embedder.embed_queries(["payroll calendar dates"])[0]
    assert memory.semantic_neighbours(vec, k=1)[0][0] == 1
    centroids = memory.centroid_scores(vec)
    assert centroids["people"] > centroids["finance"]


def test_neighbours_survive_questions_without_terms() -> None:
    memory = Memory([PastOutcome("the", ("a",), ()), PastOutcome("budget", ("b",), ())])
    memory.add(PastOutcome("?", ("c",), ()))
    [(doc, sim)] = memory.lexical_neighbours(query("budget"), k=3)
    assert doc == 1
    assert abs(sim - 1.0) < 1e-5
