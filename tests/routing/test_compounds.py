"""Words a question glues or splits the other way from the map: "pay slip" for the
"payslips" a card names, "liveaboard" for its "live aboard"."""

from __future__ import annotations

import pytest

from sourcefinder.routing import OfflineRouter
from sourcefinder.routing._compounds import Compounds
from sourcefinder.routing._text import terms
from tests.routing.conftest import card, make_index

TEXTS = [
    "HR system: contracts, holiday, payslips and P60s; timesheets by week",
    "who may live aboard a residential mooring; the RotaCloud shift rota",
    "Network Rail possessions, see https://www.networkrail.co.uk/possessions",
    "one log book per boat",
    "airside pass port side of the terminal",
]
MAP = Compounds(lambda stems: [i for i, t in enumerate(TEXTS) if set(stems) <= set(terms(t))],
                TEXTS.__getitem__)


@pytest.mark.parametrize(
    ("question", "mended"),
    [
        ("Where can I download my October pay slip?", "Where can I download my October payslip?"),
        ("Pay slips for May", "Payslips for May"),
        ("my time sheet for last week", "my timesheet for last week"),
        ("Can a liveaboard keep a dog?", "Can a live aboard keep a dog?"),
        ("the logbook of Wren", "the log book of Wren"),
        # the map writes the two apart as well: nothing to mend
        ("the rota cloud login", "the rota cloud login"),
        ("one log book missing", "one log book missing"),
        # an address is not prose; stopwords and short words are not parts
        ("a network rail possession", "a network rail possession"),
        ("can anyone help", "can anyone help"),
        ("pay slip", "payslip"),
        # a common word is a word of its own
        ("queues at passport control", "queues at passport control"),
        # a name or an acronym is left as written
        ("the PaySlip app", "the PaySlip app"),
        ("a question with no such words", "a question with no such words"),
    ],
)
def test_a_question_is_mended_to_the_words_the_map_writes(question: str, mended: str) -> None:
    assert MAP.mend(question) == mended


def test_a_question_that_splits_the_map_s_word_finds_its_card() -> None:
    cards = [card("hr-system", "contracts, holiday, sickness and payslips for every employee"),
             card("rota", "shift rota: who works which day"),
             card("expenses", "expense claims and mileage, paid with the monthly pay run")]
    router = OfflineRouter(make_index(cards))
    ranking = router.rank("Where can I download my October pay slip?")
    assert ranking.full[0].card_id == "hr-system"
    assert ranking.verdict != "nowhere"


def test_nothing_is_read_before_a_question_has_a_candidate() -> None:
    asked: list[tuple[str, ...]] = []
    compounds = Compounds(lambda stems: asked.append(stems) or [], "".__add__)
    assert asked == []  # nothing at startup, however big the map
    assert compounds.mend("Who is on the rota this week?") == "Who is on the rota this week?"
    assert asked == []  # short and common words are no candidates
    compounds.mend("Where is my payslip?")
    # an uncommon word: do the cards hold it, and if not, do they hold two halves of it?
    assert asked == [("payslip",), ("pai", "slip"), ("pai", "lip")]  # stems: "pay", "pays"


def test_a_name_the_map_writes_in_camel_case_is_split_where_the_question_glues_it() -> None:
    """"whatsapp" for the "WhatsApp" a card names: the map's camelCase is read as two
    words ("whats app"), so a question writing the name as one word is written as the map
    writes it, and cut the same way; only names the map writes so are ("snapchat" is
    left)."""
    camel = Compounds(lambda stems: [], "".__getitem__, {"whatsapp": 5})
    assert camel.mend("who can add me to the club whatsapp") \
        == "who can add me to the club whatsApp"  # fmt: skip
    assert camel.mend("is there a snapchat") == "is there a snapchat"
    cards = [card("members-whatsapp", "the members' WhatsApp group: notices and chat"),
             card("committee-email", "the committee's email list: minutes and agendas"),
             card("website", "the club website: fixtures, results and how to join")]
    router = OfflineRouter(make_index(cards))
    assert router.rank("can someone add me to the whatsapp").full[0].card_id == "members-whatsapp"
