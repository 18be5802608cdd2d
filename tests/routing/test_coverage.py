"""How much of the question a card's text has: rank fusion hears one rare word a card
repeats as loudly as several of the question's words a card has once, so the leading
cards are lifted by their coverage before the index's declarations apply."""

from __future__ import annotations

from dataclasses import replace

from sourcefinder.index.model import Example
from sourcefinder.routing import OfflineRouter, PastOutcome, RouterConfig
from tests.routing.conftest import card, make_index

QUESTION = "reconciliation at month-end for one entity ledger"


def cards(reporting_in: str = "how") -> list:
    reporting = "month-end management reporting packs per entity"
    return [
        card("recon-engine", "reconciliation engine: automated reconciliation of bank feeds",
             contains="reconciliation jobs, reconciliation breaks, reconciliation matching",
             kind="app"),
        card("mgmt-reporting", "management packs", kind="wiki",
             how=reporting if reporting_in == "how" else "search",
             contains=reporting if reporting_in == "contains" else ""),
        card("general-ledger", "the general ledger: journals and balances per entity", kind="app"),
        card("entity-register", "the legal entity register: directors and filings", kind="app"),
        card("ledger-archive", "ledger exports before 2019, by entity", kind="app"),
    ]  # fmt: skip


def first(router: OfflineRouter, question: str = QUESTION) -> str:
    return router.rank(question).full[0].card_id


def order(router: OfflineRouter, question: str = QUESTION) -> list[str]:
    return [s.card_id for s in router.rank(question).full]


def test_a_card_with_more_of_the_question_outranks_one_with_one_word_of_it() -> None:
    """Every word at its idf alone. (Weighted by English too, "month-end" and "one" say
    little and the reconciliation engine is first; see
    ``test_a_word_common_in_english_counts_less_of_the_question``.)"""
    index = make_index(cards())
    plain = RouterConfig(generic_ref=0)
    assert first(OfflineRouter(index, config=replace(plain, w_coverage=0))) == "recon-engine"
    assert first(OfflineRouter(index, config=plain)) == "mgmt-reporting"


def test_words_only_in_a_cards_inventory_do_not_count_as_coverage() -> None:
    """``contains`` lists what a source holds; a question touching its list is not
    thereby about it, so coverage leaves it aside (ranking still reads it)."""
    index = make_index(cards(reporting_in="contains"))
    assert first(OfflineRouter(index, config=RouterConfig(w_coverage=0))) == "recon-engine"
    assert first(OfflineRouter(index)) == "recon-engine"


def test_several_words_of_the_question_in_one_inventory_count_in_part() -> None:
    """Where several of the question's words are in a card's inventory and nowhere else
    ("timesheets for the bank HCAs" in the rota app's), they count at a part of their
    weight; the cards that name one of the words where it counts in full no longer tie."""
    index = make_index([
        card("finance", "the accounts: supplier bills, bank feeds, expenses", kind="app",
             contains="bank reconciliation, budgets, payroll journals"),
        card("policies", "clinical policies for nurses and HCAs", kind="wiki",
             contains="syringe drivers, verification of death"),
        card("rota", "the rota app: shifts, night sits, on-call nurses", kind="app",
             contains="open shifts and swaps; timesheets for the bank HCAs"),
        card("website", "the public website: opening hours, news", kind="website"),
    ])  # fmt: skip
    question = "timesheets for the bank HCAs"
    assert first(OfflineRouter(index), question) == "rota"
    aside = OfflineRouter(index, config=RouterConfig(contains_coverage=0.0))
    assert first(aside, question) != "rota"


def test_once_past_questions_vote_coverage_steps_aside() -> None:
    index = make_index(cards())
    routers = [OfflineRouter(index), OfflineRouter(index, config=RouterConfig(w_coverage=0))]
    for router in routers:
        router.learn(PastOutcome("month-end reconciliation per entity", worked=("recon-engine",),
                                 failed=()))  # fmt: skip
    with_coverage, without = (order(r, "reconciliation at month-end for the entity ledger")
                              for r in routers)  # fmt: skip
    assert with_coverage == without


def test_coverage_never_lifts_a_superseded_card_over_its_successor() -> None:
    old = card("reports-v1", "month-end reporting packs per entity ledger, reconciliation notes",
               kind="wiki")
    new = card("reports-v2", "reporting packs", supersedes=("reports-v1",), kind="wiki")
    index = make_index([*cards(), old, new])
    ranked = order(OfflineRouter(index))
    assert ranked.index("reports-v2") < ranked.index("reports-v1")


def test_a_word_common_in_english_counts_less_of_the_question() -> None:
    """In a small index "many" and "year" are rare, so the card whose examples ask "how
    many ... this year" covered more of "How many days' holiday have I got left this
    year?" than the HR system with the holiday. Weighted by how specific each word is
    in English too, the holiday outweighs them."""
    examples = (Example("how many repairs this year", "the list"),
                Example("how many days to fix a window", "the list"),
                Example("how many jobs are left this year", "the list"))
    index = make_index([
        card("hr", "the HR system: holiday, staff records, contracts, sickness",
             contains="absence; training; payslips"),
        card("repairs", "repairs list: jobs reported and done", examples=examples,
             contains="jobs open"),
        card("move-on", "the move-on register: flats and who moved on",
             examples=(Example("how many moved on this year", "the register"),)),
        card("handbook", "staff handbook: conduct, expenses"),
    ])  # fmt: skip
    question = "How many days' holiday have I got left this year?"
    assert first(OfflineRouter(index, config=RouterConfig(generic_ref=0)), question) == "repairs"
    assert first(OfflineRouter(index), question) == "hr"
