"""The first candidates put in order again by a model learned across organizations."""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest

from sourcefinder.index.model import Card, Index
from sourcefinder.routing import OfflineRouter, PastOutcome, RouterConfig, _router
from sourcefinder.routing._lexical import FIELDS as LEXICAL_FIELDS
from sourcefinder.routing._rerank import (
    CONFIGS,
    DEPTH,
    FEATURES,
    HIDDEN,
    REORDER,
    Candidate,
    Context,
    Reranker,
    against_others,
    describe,
    model_path,
    shipped,
    train,
)

from .conftest import HashEmbedder, make_index

_COVERAGE = FEATURES.index("coverage")
_STATIC = FEATURES.index("static_cos")
_ASKER = FEATURES.index("askable_asker")


def _weights(**named: float) -> Reranker:
    return Reranker(np.array([named.get(f, 0.0) for f in FEATURES]))


def _groups(n: int, seed: int) -> list[tuple[np.ndarray, int]]:
    """Ten candidates in place order; the right one is the one covering most of the
    question, wherever it was placed."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        x = np.zeros((DEPTH, len(FEATURES)))
        for k in range(1, DEPTH):
            x[k, FEATURES.index(f"place_{k}")] = 1.0
        x[:, _COVERAGE] = rng.random(DEPTH)
        out.append((x, int(np.argmax(x[:, _COVERAGE]))))
    return out


def test_training_learns_what_picks_the_right_candidate() -> None:
    model = train(_groups(300, seed=1))
    fresh = _groups(200, seed=2)
    kept_first = sum(right == 0 for _, right in fresh)
    first = sum(model.order(x)[0] == right for x, right in fresh if right < REORDER)
    assert model.weights[_COVERAGE] > 0
    reachable = sum(right < REORDER for _, right in fresh)
    assert first >= 0.85 * reachable > 4 * kept_first


def test_training_is_deterministic_and_the_model_round_trips() -> None:
    first, again = train(_groups(100, seed=3)), train(_groups(100, seed=3))
    assert np.array_equal(first.weights, again.weights)
    assert first.hidden is not None and again.hidden is not None
    assert np.array_equal(first.hidden.weights, again.hidden.weights)
    assert first.to_json() == again.to_json()
    loaded = Reranker.from_json(first.to_json())
    x, _ = _groups(1, seed=4)[0]
    assert np.allclose(loaded.scores(x), first.scores(x), atol=1e-3)
    # a feature the file does not name weighs nothing; one the router does not know is
    # an error, not a silent zero
    assert Reranker.from_json('{"features": {"coverage": 2.0}}').weights[_COVERAGE] == 2.0
    with pytest.raises(ValueError, match="unknown features"):
        Reranker.from_json('{"features": {"coverage": 2.0, "shoe_size": 1.0}}')


def _crossed(n: int, seed: int) -> list[tuple[np.ndarray, int]]:
    """Whether the words or the word vectors pick the right card depends on the question
    (a value every candidate of the group shares, so no single weight can use it)."""
    rng = np.random.default_rng(seed)
    out = []
    for _ in range(n):
        x = np.zeros((DEPTH, len(FEATURES)))
        x[:, _COVERAGE], x[:, _STATIC] = rng.random(DEPTH), rng.random(DEPTH)
        words = rng.random() < 0.5
        x[:, _ASKER] = float(words)
        out.append((x, int(np.argmax(x[:, _COVERAGE] if words else x[:, _STATIC]))))
    return out


def test_the_hidden_layer_learns_what_no_single_weight_can() -> None:
    groups, fresh = _crossed(2000, seed=5), _crossed(300, seed=6)
    linear = train(groups, hidden=0)
    layered = train(groups)
    assert linear.hidden is None and layered.hidden is not None
    assert layered.hidden.weights.shape == (len(FEATURES), HIDDEN)

    def first(model: Reranker) -> int:
        return sum(model.order(x)[0] == right for x, right in fresh)

    # the linear model can only mix the two; the layer tells the questions apart
    assert first(layered) >= 0.8 * len(fresh) > 1.3 * first(linear)


def test_a_malformed_hidden_layer_is_an_error_not_a_silent_model() -> None:
    model = train(_crossed(200, seed=7), epochs=2)
    data = json.loads(model.to_json())
    assert list(data["hidden"]["weights"]) == list(FEATURES)
    x, _ = _crossed(1, seed=8)[0]
    assert np.allclose(Reranker.from_json(model.to_json()).scores(x), model.scores(x),
                       atol=1e-3)  # fmt: skip
    broken = [
        ("out", [0.0]),  # fewer units out than in
        ("weights", {**data["hidden"]["weights"], "shoe_size": [0.0] * HIDDEN}),
        ("scale", {**data["hidden"]["scale"], "coverage": 0.0}),
        ("bias", [float("nan")] * HIDDEN),
        ("bias", None),
    ]
    for key, value in broken:
        hidden = {**data["hidden"], key: value}
        with pytest.raises(ValueError, match="hidden layer malformed"):
            Reranker.from_json(json.dumps({**data, "hidden": hidden}))
    del data["hidden"]["mean"]
    with pytest.raises(ValueError, match="hidden layer malformed"):
        Reranker.from_json(json.dumps(data))
    with pytest.raises(ValueError, match="not a finite number"):
        Reranker.from_json('{"features": {"coverage": Infinity}}')
    # a model without a layer is linear, as the files before it were
    assert Reranker.from_json(json.dumps({"features": data["features"]})).hidden is None


def test_only_the_first_places_are_put_in_order_again() -> None:
    x = np.zeros((REORDER + 2, len(FEATURES)))
    x[:, _COVERAGE] = [0.1, 0.5, 0.5, 0.9, 0.2, 0.3, 0.4, 1.0, 0.0, 0.0, 2.0, 0.0]
    order = _weights(coverage=1.0).order(x)
    # ties keep their order; the best covering card past the places that move stays there
    assert REORDER == 10
    assert order == [7, 3, 1, 2, 6, 5, 4, 0, 8, 9, 10, 11]


def test_a_candidate_is_described_by_what_the_router_knows_of_it() -> None:
    base = dict(own=0.5, held=0.5, evidence=0.4, score=0.2, fused=0.25, coverage=0.6,
                lexical=4.0, lead=0.3, static_cos=0.7, semantic_cos=None,
                ranks={"lexical": 1, "static": 2, "neighbours": 1}, askable=False,
                excluded=0.0, not_only=0.0, rules_out=0.0, out_of_period=False,
                dismissed=False, pinned=False, reasons=2, superseded=False, successor=False,
                cluster_child=False, secondary=False, archive=False,
                external=False)  # fmt: skip
    person = {**base, "own": 0.25, "score": 0.1, "lexical": 2.0, "askable": True,
              "ranks": {"human": 1}, "coverage": 0.45, "secondary": True,
              "external": True, "example_cos": 0.6,
              "fields": [0.3 if f == "what" else 0.0 for f in LEXICAL_FIELDS]}  # fmt: skip
    x = describe([Candidate(**base), Candidate(**person)],  # type: ignore[arg-type]
                 Context(asker=0.8, seldom=0.1, best_lexical=4.0, best_static=0.9,
                         best_semantic=None))  # fmt: skip
    row = dict(zip(FEATURES, x[1], strict=True))
    assert row["place_1"] == 1 and x[0, FEATURES.index("place_1")] == 0
    assert row["own_gap"] == -0.25 and row["score_share"] == 0.5 and row["lexical_share"] == 0.5
    assert row["askable_asker"] == 0.8 and row["askable_seldom"] == 0.1
    assert row["rank_human"] == 1.0 and x[0, FEATURES.index("rank_static")] == 0.5
    assert x[0, FEATURES.index("static_gap")] == pytest.approx(-0.2)
    # no semantic signal asked, nothing said of it; a signal the model does not weigh
    # ("neighbours") adds no column
    assert row["semantic_cos"] == row["semantic_gap"] == 0.0
    assert "rank_neighbours" not in FEATURES
    # the card's standing, and how much of the question it covers against the best of them
    assert row["secondary"] == row["external"] == 1.0 and row["archive"] == 0.0
    assert x[0, FEATURES.index("secondary")] == x[0, FEATURES.index("external")] == 0.0
    assert row["best_coverage"] == x[0, FEATURES.index("best_coverage")] == 0.6
    assert row["coverage_gap"] == pytest.approx(-0.15)
    assert x[0, FEATURES.index("coverage_gap")] == 0.0
    # and each of those against the other card's: the first leads on lexical score by 2.0,
    # the second trails by as much
    assert x[0, FEATURES.index("lexical_share_vs_others")] == 0.5
    assert row["lexical_share_vs_others"] == -0.5
    assert row["secondary_vs_others"] == 1.0 and row["static_cos_vs_others"] == 0.0
    # where in each card the question's words are, and how near its nearest example is
    # (none told, none given)
    assert row["in_what"] == 0.3 and row["in_examples"] == 0.0 and row["example_cos"] == 0.6
    assert x[0, FEATURES.index("in_what")] == x[0, FEATURES.index("example_cos")] == 0.0
    assert row["in_what_vs_others"] == 0.3


def test_each_column_is_also_measured_against_the_best_of_the_other_candidates() -> None:
    x = np.array([[0.9, 1.0], [0.5, 1.0], [0.2, 0.0]])
    out = against_others(x)
    assert out.shape == (3, 4)
    assert np.array_equal(out[:, :2], x)
    # the leader by its lead over the second, the others by how far they trail the leader
    assert out[:, 2] == pytest.approx([0.4, -0.4, -0.7])
    # two tied at the top lead nothing
    assert out[:, 3] == pytest.approx([0.0, 0.0, -1.0])
    # one candidate alone has nothing to be measured against
    assert np.array_equal(against_others(x[:1]), np.concatenate([x[:1], [[0.0, 0.0]]], 1))
    assert against_others(np.zeros((0, 2))).shape == (0, 4)


class _Seen:
    """A re-ranking that keeps the order and remembers what it was given."""

    def __init__(self) -> None:
        self.given: list[tuple[np.ndarray, list[str]]] = []

    def order(self, features: np.ndarray, ids: Sequence[str]) -> list[int]:
        self.given.append((features, list(ids)))
        return list(range(len(features)))


def test_the_fifth_card_put_first_keeps_the_first_place_confidence(org: Index) -> None:
    question = "raw billing tables and trend dashboards"
    plain = OfflineRouter(org, askers=None, reranker=None).rank(question)
    seen = _Seen()
    kept = OfflineRouter(org, askers=None, reranker=seen).rank(question)
    features, ids = seen.given[-1]
    assert ids == [s.card_id for s in plain.full[:DEPTH]] and len(features) == len(ids)
    assert kept.full == plain.full

    moved = OfflineRouter(org, askers=None, reranker=_weights(place_4=10.0)).rank(question)
    assert [s.card_id for s in moved.full] == [ids[4], *ids[:4], *ids[5:]]
    # which card is first changes, not how sure the answer is; no place is less sure
    # than it was, and each is held under the one above
    assert moved.full[0].confidence == plain.full[0].confidence
    assert moved.verdict == plain.verdict
    conf = [s.confidence for s in moved.full]
    assert conf == sorted(conf, reverse=True)
    assert all(m.confidence >= p.confidence for m, p in zip(moved.full, plain.full, strict=True))
    assert moved.full[0].reasons[0] == _router._RERANKED
    assert _router._RERANKED not in moved.full[1].reasons


def test_the_router_tells_the_model_each_card_s_standing(cards: list[Card]) -> None:
    cards = [replace(c, scope="external", trust="secondary") if c.id == "analytics-warehouse"
             else c for c in cards]  # fmt: skip
    seen = _Seen()
    OfflineRouter(make_index(cards), askers=None, reranker=seen).rank(
        "performance trend reports in the billing tables")
    features, ids = seen.given[-1]
    rows = {cid: dict(zip(FEATURES, row, strict=True)) for cid, row in zip(ids, features,
                                                                              strict=True)}
    assert {"perf-old", "analytics-warehouse", "historical-performance"} <= set(rows)
    standing = {cid: (r["archive"], r["secondary"], r["external"]) for cid, r in rows.items()}
    assert standing["perf-old"] == (1.0, 0.0, 0.0)
    assert standing["analytics-warehouse"] == (0.0, 1.0, 1.0)
    assert standing["historical-performance"] == (0.0, 0.0, 0.0)
    best = max(r["coverage"] for r in rows.values())
    assert best > 0 and all(r["best_coverage"] == best for r in rows.values())
    assert all(r["coverage_gap"] == pytest.approx(r["coverage"] - best) for r in rows.values())


def test_the_router_tells_the_model_where_each_card_matched_and_its_nearest_example(
        org: Index) -> None:  # fmt: skip
    seen = _Seen()
    OfflineRouter(org, askers=None, static=HashEmbedder(), reranker=seen).rank(
        "when is payday for the travel budget")
    features, ids = seen.given[-1]
    rows = {cid: dict(zip(FEATURES, row, strict=True)) for cid, row in zip(ids, features,
                                                                              strict=True)}
    people, finance = rows["people-space"], rows["finance-space"]
    # "payday" is in people-space's example only; "travel budget" in finance-space's
    # example and "budget" in its discriminator too
    assert people["in_examples"] > 0 and people["in_what"] == 0
    assert finance["in_what"] > 0 and finance["in_examples"] > finance["in_what"]
    assert all(0 <= r[f"in_{f}"] <= 1 for r in rows.values() for f in LEXICAL_FIELDS)
    # the nearest example of each: people-space's asks half of the question in its words
    # (HashEmbedder: a bag of stems), a card with no example has none to be near
    vec = HashEmbedder().embed_queries(["when is payday for the travel budget",
                                        "when is payday"])  # fmt: skip
    assert people["example_cos"] == pytest.approx(float(vec[0] @ vec[1]), abs=1e-5)
    assert people["example_cos"] > rows["confluence"]["example_cos"] == 0.0
    # asked in its discriminator's own words, a card is as near its discriminator as can
    # be, and its example (another question) is not
    static = HashEmbedder()
    router = OfflineRouter(org, askers=None, static=static, reranker=seen)
    # every card's parts are embedded when the router is built, never for a question
    built = len(static.queries)
    assert "FY27 travel budget" in static.queries
    router.rank("budgets, forecasts and board packs")
    router.rank("budgets, forecasts and board packs")
    assert static.queries[built:] == ["budgets, forecasts and board packs"] * 2
    features, ids = seen.given[-1]
    finance = dict(zip(FEATURES, features[ids.index("finance-space")], strict=True))
    vec = HashEmbedder().embed_queries(["budgets, forecasts and board packs",
                                        "FY27 travel budget",
                                        "monthly forecasts, board decks (~80 docs)"])  # fmt: skip
    assert finance["what_cos"] == pytest.approx(1.0, abs=1e-5)
    assert finance["example_cos"] == pytest.approx(float(vec[0] @ vec[1]), abs=1e-5)
    assert finance["contains_cos"] == pytest.approx(float(vec[0] @ vec[2]), abs=1e-5)


def test_a_card_never_passes_its_successor(org: Index) -> None:
    question = "performance trend reports"
    plain = [s.card_id for s in OfflineRouter(org, askers=None, reranker=None)
             .rank(question).full]  # fmt: skip
    new, old = plain.index("historical-performance"), plain.index("perf-old")
    assert new < old < REORDER
    # a model that would put the superseded card first
    pulled = _weights(**{f"place_{old}": 10.0})
    ranked = [s.card_id for s in OfflineRouter(org, askers=None, reranker=pulled)
              .rank(question).full]  # fmt: skip
    assert ranked.index("historical-performance") < ranked.index("perf-old")
    # where it passes none, it still moves up
    assert ranked.index("perf-old") <= old
    assert ranked[new] == "perf-old" and ranked[new - 1] == "historical-performance" \
        if new else ranked[:2] == ["historical-performance", "perf-old"]  # fmt: skip


def test_once_past_questions_vote_what_worked_decides(org: Index) -> None:
    question = "raw billing tables and trend dashboards"
    router = OfflineRouter(org, askers=None, reranker=_weights(place_4=10.0))
    before = router.rank(question).full
    router.learn(PastOutcome("billing tables", worked=(), failed=("analytics-warehouse",)))
    plain = OfflineRouter(org, askers=None, reranker=None)
    plain.learn(PastOutcome("billing tables", worked=(), failed=("analytics-warehouse",)))
    after = router.rank(question).full
    assert _router._RERANKED in before[0].reasons
    assert [s.card_id for s in after] == [s.card_id for s in plain.rank(question).full]


def test_each_configuration_hears_its_own_model(
        org: Index, embedder: HashEmbedder, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []
    monkeypatch.setattr(_router, "shipped_reranker", lambda config: asked.append(config))
    question = "raw billing tables and trend dashboards"
    OfflineRouter(org, askers=None).rank(question)
    OfflineRouter(org, askers=None, static=embedder).rank(question)
    assert asked == ["lexical", "static"]
    asked.clear()
    # the default configuration, static word vectors first and e5 when unsure: one model
    # for both passes
    OfflineRouter(org, askers=None, embedder=embedder, static=embedder,
                  config=RouterConfig(embed_below=1.01)).rank(question)  # fmt: skip
    assert asked == ["default", "default"]


@pytest.mark.parametrize("config", CONFIGS)
def test_the_shipped_models_weigh_every_feature_the_router_gives(config: str) -> None:
    model = shipped(config)
    assert model is not None, f"{model_path(config)} missing: make phrasing-models"
    data = json.loads(model_path(config).read_text(encoding="utf-8"))
    assert list(data["features"]) == list(FEATURES)
    assert np.count_nonzero(model.weights) > len(FEATURES) // 2
    assert model.hidden is not None and list(data["hidden"]["weights"]) == list(FEATURES)
    assert np.count_nonzero(model.hidden.out) > HIDDEN // 2


def test_a_card_passed_keeps_its_own_confidence_under_the_new_first(org: Index) -> None:
    question = "2022 performance space"
    seen = _Seen()
    plain = OfflineRouter(org, askers=None, reranker=seen).rank(question).full
    own = seen.given[-1][0][:, FEATURES.index("own")]
    assert plain[0].confidence == pytest.approx(own[0], abs=1e-4)
    assert own[0] > own[2] > 0
    moved = OfflineRouter(org, askers=None, reranker=_weights(place_2=10.0)).rank(question).full
    assert [s.card_id for s in moved[:3]] == [plain[2].card_id, plain[0].card_id,
                                              plain[1].card_id]  # fmt: skip
    # the new first is as sure as the place it took; the card it passed, as its own
    # confidence allows under it, not the lower place it fell to
    assert moved[0].confidence == plain[0].confidence
    assert moved[1].confidence == pytest.approx(own[0], abs=1e-4)
    assert moved[1].confidence > plain[1].confidence
    assert moved[2].confidence == plain[1].confidence


def test_what_the_question_set_aside_is_not_put_first(org: Index) -> None:
    question = "not the warehouse: raw billing tables"
    seen = _Seen()
    plain = OfflineRouter(org, askers=None, reranker=seen).rank(question).full
    excluded = seen.given[-1][0][:, FEATURES.index("excluded")]
    assert excluded[0] == 0 < excluded[1]
    pulled = OfflineRouter(org, askers=None, reranker=_weights(excluded=10.0)).rank(question)
    assert pulled.full[0].card_id == plain[0].card_id
    # the same pull toward a card not set aside moves it
    other = OfflineRouter(org, askers=None, reranker=_weights(place_3=10.0)).rank(question)
    assert other.full[0].card_id == plain[3].card_id
