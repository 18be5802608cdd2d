"""How likely a question is to want someone to ask: a model learned from how questions are
put, and the router scaling people and channels by it."""

from __future__ import annotations

import math

from sourcefinder.routing import OfflineRouter, RouterConfig
from sourcefinder.routing._phrasing import PhrasingModel, features, shipped, train

from .conftest import card, make_index

_WANTS = ["who decides on {}?", "who do I ask about {}", "anyone know who handles {}?",
          "who should I tell about {}"]  # fmt: skip
_RECORDS = ["where is the {} list", "the {} figures for last year", "what's on the {} sheet",
            "when was the {} last done"]  # fmt: skip
_TOPICS = ["the boiler", "refunds", "the minibus", "keys", "the rota", "raffle money"]


def _samples() -> list[tuple[str, str, bool]]:
    """Six organizations asking the same ways about their own things; one of them says
    "Zebedee", its own name, only when it wants someone."""
    out = []
    for n, topic in enumerate(_TOPICS):
        org = f"org{n}"
        out += [(form.format(topic), org, True) for form in _WANTS]
        out += [(form.format(topic), org, False) for form in _RECORDS]
    out.append(("Zebedee, the minibus?", "org0", True))
    return out


def test_the_features_are_words_pairs_and_the_opening() -> None:
    assert features("Who decides?") == {"who", "decides", "who_decides", "^who",
                                        "^who_decides"}  # fmt: skip
    # a quotation mark is no part of a word; a contraction is one word
    assert features("'check the book' who's in") == {
        "check", "the", "book", "who's", "in", "check_the", "the_book", "book_who's",
        "who's_in", "^check", "^check_the"}  # fmt: skip


def test_a_model_trained_on_how_questions_are_put_tells_them_apart() -> None:
    model = train(_samples())
    assert model.probability("who decides on the minibus?") > 0.8
    assert model.probability("where is the raffle money list") < 0.2
    # ways of asking it never saw in training, over a topic it never saw
    assert model.probability("who handles the chairs") > 0.5
    assert model.probability("the chairs list") < 0.5
    # what one organization alone says carries nothing
    assert "zebedee" not in model.weights
    assert train(_samples(), min_groups=1).weights["zebedee"] > 0


def test_training_is_deterministic_and_the_model_round_trips() -> None:
    first, again = train(_samples()), train(_samples())
    assert first == again
    loaded = PhrasingModel.from_json(first.to_json())
    for question in ("who decides on refunds?", "the keys figures"):
        assert abs(loaded.probability(question) - first.probability(question)) < 1e-3


def test_the_shipped_model_hears_who_to_ask_and_a_record_of_people() -> None:
    model = shipped("askers")
    assert model.probability("card reader's died and nobody's in the office, who do I shout "
                             "for?") > 0.5  # fmt: skip
    assert model.probability("Who decides if the orchard opens to pickers this weekend?") > 0.5
    assert model.probability("whose sea survival certificates run out in the next few "
                             "months?") < 0.5  # fmt: skip
    assert model.probability("where's the blank volunteer sign-up form") < 0.5


def test_people_and_channels_go_up_or_down_with_how_likely_someone_is_wanted() -> None:
    """The same question, two models: one that hears "shout" as wanting someone puts the
    manager first; with none, the plain cut (no "who" in it) leaves the manual first."""
    cards = [
        card("till-manual", "till manual: card reader faults, refunds, end of day"),
        card("person-meg", "Meg, the shop manager: card reader faults, refunds, cash",
             kind="person"),
    ]  # fmt: skip
    question = "card reader faults again, I need to shout for refunds"
    hears = PhrasingModel(bias=-2.0, weights={"shout": 6.0})
    assert OfflineRouter(make_index(cards), askers=hears).rank(question).full[0].card_id \
        == "person-meg"  # fmt: skip
    plain = OfflineRouter(make_index(cards), askers=None)
    assert plain.rank(question).full[0].card_id == "till-manual"
    deaf = PhrasingModel(bias=-2.0, weights={})
    assert OfflineRouter(make_index(cards), askers=deaf).rank(question).full[0].card_id \
        == "till-manual"  # fmt: skip
    # at weight 0 the model is not heard: the plain cut
    off = OfflineRouter(make_index(cards), askers=hears, config=RouterConfig(asker_weight=0))
    assert off.rank(question).full[0].card_id == "till-manual"



def test_the_shipped_nowhere_model_hears_what_is_seldom_kept() -> None:
    model = shipped("nowhere")
    assert model.probability("can I see the CCTV footage from the car park last Tuesday?") > 0.5
    assert model.probability("where's the rota for next week") < 0.5


def test_a_question_put_as_nowhere_questions_are_is_nowhere_where_nothing_fits_well() -> None:
    """The model's chance counts only where no source supports the question well: weakly
    matched it is "nowhere", saying why; matched well, or with no model, it is not."""
    cards = [
        card("site-diary", "the site diary: deliveries, visitors, weather, the gate log"),
        card("cctv", "CCTV recordings of the car park, kept 30 days", kind="system"),
        card("rota", "the staff rota for the yard"),
    ]  # fmt: skip
    seldom = PhrasingModel(bias=-3.0, weights={"footage": 6.0})
    weak = "footage of who came through the gate on the 3rd"
    router = OfflineRouter(make_index(cards[:1] + cards[2:]), nowhere=seldom)
    ranking = router.rank(weak)
    assert ranking.support < 0.5
    assert ranking.verdict == "nowhere" and ranking.phrased > 0.9
    plain = OfflineRouter(make_index(cards[:1] + cards[2:]), nowhere=None).rank(weak)
    assert plain.verdict != "nowhere" and plain.phrased == 0.0
    # a source that holds it well
    held = OfflineRouter(make_index(cards), nowhere=seldom).rank("the CCTV footage of the car "
                                                                 "park, kept 30 days")
    assert held.verdict != "nowhere" and held.full[0].card_id == "cctv"
    off = OfflineRouter(make_index(cards[:1] + cards[2:]), nowhere=seldom,
                        config=RouterConfig(phrased_nowhere=1.0))  # fmt: skip
    assert off.rank(weak).verdict != "nowhere"


def test_the_better_a_source_matches_the_surer_the_model_must_be() -> None:
    """A chance of 0.45 makes a thinly matched question "nowhere", but not one a source
    matches fairly well: that needs ``phrased_nowhere`` plus ``phrased_nowhere_slope``
    times the support, and without the slope the same chance would have sent it away."""
    cards = [
        card("site-diary", "the site diary: deliveries, visitors, weather, the gate log"),
        card("cctv", "CCTV recordings of the car park, kept 30 days", kind="system"),
        card("rota", "the staff rota for the yard"),
    ]  # fmt: skip
    even = PhrasingModel(bias=math.log(0.45 / 0.55), weights={})
    router = OfflineRouter(make_index(cards), nowhere=even)
    thin = router.rank("footage of who came through the gate on the 3rd")
    assert thin.support < 0.3
    assert thin.verdict == "nowhere" and thin.phrased == 0.45
    fair = router.rank("who was on the rota for the yard last Friday")
    assert 0.5 < fair.support < RouterConfig().phrased_nowhere_below
    assert fair.verdict != "nowhere" and fair.full[0].card_id == "rota"
    flat = OfflineRouter(make_index(cards), nowhere=even,
                         config=RouterConfig(phrased_nowhere_slope=0.0))  # fmt: skip
    assert flat.rank("who was on the rota for the yard last Friday").verdict == "nowhere"
