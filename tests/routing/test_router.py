from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from datetime import date
from pathlib import Path

import pytest

from sourcefinder.advice import modality
from sourcefinder.index import load_index
from sourcefinder.index.model import Card, Example, FoundationNode, Health, Index, Ref
from sourcefinder.routing import (
    Embedder,
    OfflineRouter,
    PastOutcome,
    Ranking,
    RouterConfig,
    Scored,
    askable,
)
from sourcefinder.routing._fuse import Signal, rrf
from sourcefinder.routing._router import ordered
from tests.routing.conftest import card, make_index


def ids(ranking_full: tuple[Scored, ...]) -> list[str]:
    return [s.card_id for s in ranking_full]


def position(router: OfflineRouter, question: str, card_id: str) -> int:
    return ids(router.rank(question).full).index(card_id)


def test_discriminator_routes_a_plain_question(org: Index) -> None:
    ranking = OfflineRouter(org).rank("weekly metric trends dashboards")
    assert ranking.candidates[0].card_id == "historical-performance"
    assert any("what matches" in r for r in ranking.candidates[0].reasons)


def test_not_part_pushes_a_card_down(org: Index) -> None:
    router = OfflineRouter(org)
    question = "raw query data behind the weekly dashboards"
    assert position(router, question, "analytics-warehouse") < position(
        router, question, "historical-performance"
    )
    scored = {s.card_id: s for s in router.rank(question).full}
    assert any("NOT part matches" in r for r in scored["historical-performance"].reasons)


def test_not_part_is_what_demotes_it(org: Index) -> None:
    question = "raw query data behind the weekly dashboards"
    blind = OfflineRouter(org, config=RouterConfig(not_strength=0.0))
    aware = OfflineRouter(org)
    assert position(aware, question, "historical-performance") > position(
        blind, question, "historical-performance"
    )


def _appeals(valuation_supersedes: tuple[str, ...] = ()) -> Index:
    return make_index([
        card("tribunal", "the independent tribunal that decides parking appeals",
             "our own challenge decisions",
             contains="appeal process guidance, key cases, adjudicators' annual reports"),
        card("valuation", "council tax bands and rateable values, and challenges to them",
             "bills or payments", contains="band search, the rating list, Check and "
             "Challenge guidance", supersedes=valuation_supersedes),
        card("parking", "parking permits and penalty notices", contains="permit records"),
        card("wiki", "team pages and meeting notes"),
    ])  # fmt: skip


APPEAL = ("the motorist's challenge was rejected; they're going to the independent "
          "adjudicator for an appeal, what now")


def test_a_card_that_explains_much_more_of_the_question_goes_first() -> None:
    # fused rank puts "valuation" first on the one word it repeats; "tribunal" answers
    # more than twice as much of the question
    ranking = OfflineRouter(_appeals()).rank(APPEAL)
    assert ids(ranking.full)[:2] == ["tribunal", "valuation"]
    assert ranking.full[0].reasons[0] == "explains more of the question than the first"
    assert ranking.full[0].confidence >= ranking.full[1].confidence
    by_rank = OfflineRouter(_appeals(), config=RouterConfig(reorder_ratio=0)).rank(APPEAL)
    assert ids(by_rank.full)[:2] == ["valuation", "tribunal"]


def test_nothing_goes_first_for_explaining_more_when_nothing_explains_any() -> None:
    ranking = OfflineRouter(_appeals()).rank("zebra crossings")
    assert ranking.full[0].confidence == 0
    assert ids(ranking.full)[:2] == ["tribunal", "valuation"]  # authored order
    assert all("explains more" not in r for s in ranking.full for r in s.reasons)


def test_a_card_never_goes_before_its_successor_for_explaining_more() -> None:
    ranking = OfflineRouter(_appeals(("tribunal",))).rank(APPEAL)
    assert ids(ranking.full).index("valuation") < ids(ranking.full).index("tribunal")
    assert all("explains more" not in r for s in ranking.full for r in s.reasons)


def test_a_card_set_aside_for_the_period_does_not_come_back_for_explaining_more() -> None:
    index = make_index([
        card("tickets", "incident tickets: root causes, fixes and timelines, since 2023",
             contains="every incident ticket since 2023"),
        card("archive", "the old incident register, 2010-2019"),
        card("wiki", "team pages and meeting notes"),
    ])  # fmt: skip
    ranking = OfflineRouter(index).rank(
        "what was the root cause and the fix of that 2016 incident ticket, and its timeline")
    assert ids(ranking.full)[:2] == ["archive", "tickets"]
    assert ranking.full[1].reasons[0] == "out of period: holds nothing before 2023"


def test_successor_beats_demoted_card(org: Index) -> None:
    router = OfflineRouter(org)
    question = "frozen performance trend reports"  # perf-old's own words
    ranking = router.rank(question)
    assert position(router, question, "historical-performance") < position(
        router, question, "perf-old"
    )
    old = next(s for s in ranking.full if s.card_id == "perf-old")
    assert any("superseded by historical-performance" in r for r in old.reasons)


def test_a_successor_the_asker_says_it_is_not_in_does_not_hold_back_its_predecessor(
        org: Index) -> None:  # fmt: skip
    router = OfflineRouter(org)
    question = "where are the frozen performance trend reports? they're not in {}"
    assert position(router, question.format("somewhere"), "historical-performance") < position(
        router, question.format("somewhere"), "perf-old")
    missing = question.format("historical performance")
    assert position(router, missing, "perf-old") < position(
        router, missing, "historical-performance")
    old = next(s for s in router.rank(missing).full if s.card_id == "perf-old")
    assert any("its successor historical-performance is where the asker says it is not" in r
               for r in old.reasons)  # fmt: skip


def test_old_period_question_prefers_the_old_card(org: Index) -> None:
    router = OfflineRouter(org)
    for question in ("performance trend reports from 2022", "old performance trend reports"):
        assert position(router, question, "perf-old") < position(
            router, question, "historical-performance"
        ), question


@pytest.mark.parametrize(
    ("question", "first", "then"),
    [
        # "the Old Dairy", "The Old Vicarage": a name, not a time
        ("performance trend reports for the Old Mill Lane depot", "historical-performance",
         "perf-old"),
        # "an old boy phoned", "the older girls at the weigh-in": an age, not a time
        ("an old boy wants the performance trend reports", "historical-performance",
         "perf-old"),
        # "a 15 year old", "her six-week-old", "how old", "old enough": an age
        ("how old is the depot in the performance trend reports", "historical-performance",
         "perf-old"),
        ("performance trend reports for a 15 year old", "historical-performance", "perf-old"),
        ("performance trend reports for her six-week-old", "historical-performance",
         "perf-old"),
        # "old" said of a thing still asks about the old period
        ("old performance trend reports for the Mill Lane depot", "perf-old",
         "historical-performance"),
        ("an old printout of the performance trend reports", "perf-old",
         "historical-performance"),
    ],
)
def test_a_word_of_the_old_asks_about_the_old_period_only_of_a_thing(
        org: Index, question: str, first: str, then: str) -> None:  # fmt: skip
    router = OfflineRouter(org)
    assert position(router, question, first) < position(router, question, then)


def test_a_successor_with_nothing_of_its_own_is_as_sure_as_what_it_replaced() -> None:
    """"When did Margaret first join?" matches the old members spreadsheet's own example;
    the register that replaced it goes first, as sure as that match, not at none."""
    index = make_index([
        card("membership-register", "the club's register of current members and renewals",
             supersedes=("members-spreadsheet-old",)),
        card("members-spreadsheet-old", "the old spreadsheet of members, join dates and "
             "subscriptions", status="demoted",
             examples=(Example("when did Margaret first join", "her row, join date"),)),
        card("court-bookings", "court bookings and fees"),
    ])  # fmt: skip
    ranking = OfflineRouter(index).rank("When did Margaret first join?")
    first, second = ranking.full[:2]
    assert (first.card_id, second.card_id) == ("membership-register", "members-spreadsheet-old")
    assert ranking.verdict != "nowhere" and first.confidence == second.confidence > 0


def test_a_time_after_the_old_source_ended_is_its_successors() -> None:
    """"Summer 2022: is it in the old Access database?" names the old source, but it
    ended in 2021: the system that replaced it holds that summer."""
    index = make_index([
        card("floordesk", "FloorDesk: quotes, deposits and fitting jobs",
             supersedes=("orders-access-db",)),
        card("orders-access-db", "the old Access database of customer orders, 2016 to "
             "February 2021", status="demoted"),
        card("card-terminal", "card payments taken in the showroom"),
    ])  # fmt: skip
    ranking = OfflineRouter(index, today=date(2026, 11, 30)).rank(
        "Customer says we did her order in summer 2022, is it in the old Access database?")
    assert ranking.full[0].card_id == "floordesk"
    older = OfflineRouter(index, today=date(2026, 11, 30)).rank(
        "her order from summer 2019 in the old Access database")
    assert older.full[0].card_id == "orders-access-db"


def test_days_ago_are_the_present_whatever_old_source_is_named() -> None:
    """An old system the asker was told about, and a time days ago: the question is
    where such things go now, so the successor comes first."""
    index = make_index([
        card("scouting-db", "scouting reports on opponents and players: the current database",
             supersedes=("scouting-legacy",)),
        card("scouting-legacy", "the old Access database of scouting reports, read-only",
             status="demoted"),
        card("ticketing", "match tickets, seats and refunds"),
    ])  # fmt: skip
    router = OfflineRouter(index)
    told = ("Someone said scouting reports still go in the old Access database. Where do I "
            "write up the game I watched last night?")  # fmt: skip
    assert router.rank(told).full[0].card_id == "scouting-db"
    assert router.rank("old scouting reports on a player").full[0].card_id == "scouting-legacy"


def test_before_a_change_is_the_old_period_and_before_a_moment_is_not(org: Index) -> None:
    router = OfflineRouter(org)
    for question in ("performance trend reports from before the migration",
                     "performance trend reports, before then",
                     "performance trend reports from before we went over to the new one",
                     "performance trend reports from before we got the new dashboards",
                     "performance trend reports from before all the dashboard changes",
                     "performance trend reports, from before the dashboards existed",
                     "performance trend reports from before the new tracking started?"):
        assert position(router, question, "perf-old") < position(
            router, question, "historical-performance"), question
    # "before" of a moment, and a retired person, ask about now
    for question in ("performance trend reports before the board meeting",
                     "performance trend reports from before we went to press",
                     "performance trend reports from before the errors started at 2pm",
                     "performance trend reports for a retired colleague"):
        assert position(router, question, "historical-performance") < position(
            router, question, "perf-old"), question


def test_draft_twin_ranks_below_its_active_twin(org: Index) -> None:
    router = OfflineRouter(org)
    question = "billing event tables for ad-hoc SQL"
    assert position(router, question, "analytics-warehouse") < position(
        router, question, "warehouse-draft"
    )


def test_cluster_child_is_routable_and_names_its_cluster(org: Index) -> None:
    first = OfflineRouter(org).rank("FY27 travel budget forecast").candidates[0]
    assert first.card_id == "finance-space"
    assert first.via_cluster == "confluence"


def test_memory_pins_the_source_that_answered_a_near_duplicate(org: Index) -> None:
    router = OfflineRouter(org)
    question = "where do I find the design review notes for the mobile app"
    router.learn(PastOutcome(question, worked=("incident-postmortems",), failed=()))
    ranking = router.rank("where can I find design review notes for the mobile app?")
    first = ranking.candidates[0]
    assert first.card_id == "incident-postmortems"
    assert first.pinned
    assert ranking.verdict == "confident"
    assert any("pinned" in r for r in first.reasons)


def test_memory_votes_for_what_worked_on_similar_questions(org: Index) -> None:
    router = OfflineRouter(org)
    question = "checkout timing numbers and their owner"
    before = position(router, question, "data-help")
    for q in ("owner of the checkout timing dashboard", "checkout timing numbers owner"):
        router.learn(PastOutcome(q, worked=("data-help",), failed=("oncall-runbooks",)))
    assert position(router, question, "data-help") < before
    assert position(router, question, "data-help") == 0


def test_failures_count_against_a_card(org: Index) -> None:
    router = OfflineRouter(org)
    question = "outage runbook for the payments service"
    assert position(router, question, "oncall-runbooks") == 0
    for _ in range(3):
        router.learn(PastOutcome(question, worked=("incident-postmortems",),
                                 failed=("oncall-runbooks",)))  # fmt: skip
    ranking = router.rank(question)
    assert ranking.full[0].card_id == "incident-postmortems"
    runbooks = next(s for s in ranking.full if s.card_id == "oncall-runbooks")
    assert any("failed for" in r for r in runbooks.reasons)


def test_gibberish_is_nowhere(org: Index) -> None:
    ranking = OfflineRouter(org).rank("xqzv blorf wibble")
    assert ranking.verdict == "nowhere"
    assert all(s.card_id in ("data-help", "dana") for s in ranking.candidates)


def test_out_of_scope_question_gets_no_confident_source(org: Index) -> None:
    for question in ("what is on the cafeteria lunch menu today", "best hiking trails nearby"):
        ranking = OfflineRouter(org).rank(question)
        assert ranking.verdict == "nowhere", question


def test_nowhere_still_offers_a_fitting_human(org: Index) -> None:
    config = RouterConfig(nowhere_below=0.99, confident_at=1.0)
    ranking = OfflineRouter(org, config=config).rank("who defines the activation metric")
    assert ranking.verdict == "nowhere"
    assert [s.card_id for s in ranking.candidates] in (["dana"], ["data-help"])


def test_nowhere_offers_a_human_only_as_confident_as_any_candidate(org: Index) -> None:
    """A person or channel that matches a stray word of the question ("week", "who") is
    no one to ask: it must clear the same confidence floor as every candidate."""
    config = RouterConfig(nowhere_below=0.99, confident_at=1.0)
    ranking = OfflineRouter(org, config=config).rank("who defines the activation metric")
    best = max(s.confidence for s in ranking.full if s.card_id in ("dana", "data-help"))
    strict = replace(config, min_confidence=best + 0.01)
    assert OfflineRouter(org, config=strict).rank(
        "who defines the activation metric").candidates == ()


def test_confidence_is_monotone_and_candidates_are_a_prefix(org: Index) -> None:
    ranking = OfflineRouter(org).rank("outage runbooks and postmortems for checkout")
    confidences = [s.confidence for s in ranking.full]
    assert confidences == sorted(confidences, reverse=True)
    assert all(0.0 <= c <= 1.0 for c in confidences)
    assert ranking.full[: len(ranking.candidates)] == ranking.candidates
    assert len(ranking.full) >= 10


def test_twins_both_come_back_as_candidates(org: Index) -> None:
    ranking = OfflineRouter(org).rank("service outage: runbook steps and past incidents")
    got = ids(ranking.candidates)
    assert {"oncall-runbooks", "incident-postmortems"} <= set(got)


def test_context_terms_help_but_count_less(org: Index) -> None:
    router = OfflineRouter(org)
    plain = router.rank("where is the calendar")
    with_context = router.rank("where is the calendar", context="payroll payday")
    assert with_context.full[0].card_id == "people-space"
    assert plain.full[0].confidence <= 1.0


def test_ranking_is_deterministic(org: Index, embedder: Embedder) -> None:
    def run() -> list[Ranking]:
        router = OfflineRouter(org, embedder=embedder)
        router.learn(PastOutcome("board deck for Q3", ("finance-space",), ("people-space",)))
        return [router.rank(q) for q in ("Q3 board deck", "payroll dates", "outage steps")]

    assert run() == run()


def test_semantic_signal_is_fused_when_an_embedder_is_given(org: Index, embedder: Embedder) -> None:
    config = RouterConfig(embed_only_when_unsure=False)
    router = OfflineRouter(org, embedder=embedder, config=config)
    first = router.rank("button colors and design tokens").candidates[0]
    assert first.card_id == "design-system"
    assert any("cosine" in r for r in first.reasons)


def test_embeds_only_when_the_cheap_ranking_is_unsure(org: Index, embedder: Embedder) -> None:
    router = OfflineRouter(org, embedder=embedder)
    sure = "FY27 travel budget forecast sheet"
    unsure = "stuff about things in general"
    assert OfflineRouter(org).rank(sure).verdict == "confident"
    assert OfflineRouter(org).rank(unsure).verdict != "confident"
    router.rank(sure)
    router.rank(unsure)
    assert embedder.queries == [unsure]  # type: ignore[attr-defined]
    router.learn(PastOutcome(unsure, ("data-help",), ()))
    router.learn(PastOutcome(sure, ("finance-space",), ()))
    assert embedder.queries == [unsure]  # type: ignore[attr-defined]  # learning reuses the cached vector, adds none


def test_semantic_can_be_switched_off(org: Index, embedder: Embedder) -> None:
    router = OfflineRouter(org, embedder=embedder, config=RouterConfig(semantic=False))
    first = router.rank("button colors and design tokens").candidates[0]
    assert not any("cosine" in r for r in first.reasons)


def test_empty_index_is_nowhere(index_of: Callable[[list[Card]], Index]) -> None:
    ranking = OfflineRouter(index_of([])).rank("anything at all")
    assert ranking.verdict == "nowhere"
    assert ranking.candidates == ()


def test_health_breaks_a_tie_between_identical_cards(
    cards: list[Card], index_of: Callable[[list[Card]], Index]
) -> None:
    base = next(c for c in cards if c.id == "oncall-runbooks")
    good = replace(base, id="runbooks-a", health=Health(helpful=1, harmful=9))
    better = replace(base, id="runbooks-b", health=Health(helpful=9, harmful=0))
    router = OfflineRouter(index_of([good, better]))
    assert router.rank("outage runbooks").full[0].card_id == "runbooks-b"


def test_a_chain_of_successors_ends_at_the_newest(
    cards: list[Card], index_of: Callable[[list[Card]], Index]
) -> None:
    base = next(c for c in cards if c.id == "perf-old")
    v1 = replace(base, id="perf-v1", what="performance reports, first edition", status="active")
    v2 = replace(base, id="perf-v2", what="performance reports, second edition",
                 status="active", supersedes=("perf-v1",))  # fmt: skip
    v3 = replace(base, id="perf-v3", what="the performance space", status="active",
                 supersedes=("perf-v2",))  # fmt: skip
    router = OfflineRouter(index_of([v1, v2, v3]))  # authored oldest first
    ranking = router.rank("first edition performance reports")
    assert ids(ranking.full)[:3] == ["perf-v3", "perf-v2", "perf-v1"]


def test_of_several_successors_the_one_asked_about_takes_the_old_cards_place(
    index_of: Callable[[list[Card]], Index]
) -> None:
    """An old system split in two: dispensing went to one, controlled drug registers to
    another. A question about the registers lifts the register's successor, not the
    dispensing one; about the old period, the old system still comes first."""
    old = card("proscript", "ProScript, read-only: dispensing history and CD registers "
               "2016-2023", status="demoted", trust="archive")  # fmt: skip
    titan = card("titan", "Titan, the patient medication record: dispensing history, labels",
                 supersedes=("proscript",))  # fmt: skip
    cds = card("cd-manager", "CD Manager: controlled drug register entries and balances",
               supersedes=("proscript",))  # fmt: skip
    router = OfflineRouter(index_of([old, titan, cds]))
    assert ids(router.rank("where do CD register entries go?").full)[:2] \
        == ["cd-manager", "proscript"]  # fmt: skip
    assert ids(router.rank("CD register entries at Elland in 2019").full)[0] == "proscript"


def test_what_the_question_rules_out_pushes_down_and_the_not_part_agrees(org: Index) -> None:
    router = OfflineRouter(org)
    question = "Not the budgets: where is the monthly calendar?"
    assert position(router, question, "people-space") < position(router, question, "finance-space")
    finance = next(s for s in router.rank(question).full if s.card_id == "finance-space")
    assert any("rules out" in r for r in finance.reasons)


def test_a_present_time_word_keeps_the_successor_first(org: Index) -> None:
    router = OfflineRouter(org)
    question = "old performance trend reports differ: which are current?"
    assert position(router, question, "historical-performance") < position(
        router, question, "perf-old"
    )


def test_words_no_card_uses_are_named_most_specific_first(org: Index) -> None:
    ranking = OfflineRouter(org).rank("where is the maintenance log for our gantry cranes today")
    assert ranking.unmatched[:2] == ("gantry", "cranes")  # rarest in English first
    assert "today" not in ranking.unmatched  # too common to say what the question is about
    assert "log" not in ranking.unmatched or "log" in ranking.unmatched[2:]
    contracted = OfflineRouter(org).rank("gantry cranes that haven't been fixed and won't be")
    assert not {"haven", "won", "t"} & set(contracted.unmatched)
    # a word that says when is no subject ("sometime in the nineties")
    decade = OfflineRouter(org).rank("gantry cranes fixed sometime in the nineties")
    assert not {"sometime", "nineties"} & set(decade.unmatched)


def test_names_are_instances_not_subjects(org: Index) -> None:
    ranking = OfflineRouter(org).rank("Weekly metric trends for the Rotterdam office")
    assert "rotterdam" not in ranking.unmatched
    assert "weekly" not in ranking.unmatched  # opens the sentence, and cards use it
    assert "pto" in OfflineRouter(org).rank("How much PTO is left this year?").unmatched
    odd = OfflineRouter(org).rank("weekly trends for ICS2 filings at 2am in 2016").unmatched
    assert "ics2" in odd and "ics" not in odd  # cut as the index cuts it
    assert not any(w[0].isdigit() or w == "am" for w in odd)  # quantities are not subjects


def test_answered_questions_teach_the_router_new_words(org: Index) -> None:
    router = OfflineRouter(org)
    question = "where do the gantry crane figures live"
    assert "gantry" in router.rank(question).unmatched
    router.learn(PastOutcome("gantry crane utilisation report", ("historical-performance",), ()))
    assert "gantry" not in router.rank(question).unmatched


def test_uncovered_words_lower_the_support_that_decides_nowhere(org: Index) -> None:
    question = "weekly metric trends for gantry cranes and bollards"
    plain = OfflineRouter(org, config=RouterConfig(uncovered_penalty=0.0)).rank(question)
    assert plain.support == plain.full[0].confidence
    penalized = OfflineRouter(org, config=RouterConfig(uncovered_penalty=0.5)).rank(question)
    assert penalized.full[0].confidence == plain.full[0].confidence  # the ranking is the same
    assert penalized.support < plain.support
    # with a threshold between the two supports, only the penalty makes it "nowhere"
    between = (penalized.support + plain.support) / 2
    cfg = RouterConfig(uncovered_penalty=0.0, nowhere_below=between, confident_at=1.0)
    assert OfflineRouter(org, config=cfg).rank(question).verdict != "nowhere"
    cfg = RouterConfig(uncovered_penalty=0.5, nowhere_below=between, confident_at=1.0)
    assert OfflineRouter(org, config=cfg).rank(question).verdict == "nowhere"


def test_how_much_said_in_words_is_no_subject_the_map_lacks(org: Index) -> None:
    """"over a hundred quid" says an amount: its words are not counted as ones the map
    never uses, as "gantry cranes" are."""
    penalized = OfflineRouter(org, config=RouterConfig(uncovered_penalty=0.5))
    priced = penalized.rank("where are the weekly metric trends? over a hundred quid")
    assert priced.unmatched == () and priced.support == priced.full[0].confidence
    cranes = penalized.rank("where are the weekly metric trends? over a gantry crane")
    assert "gantry" in cranes.unmatched and cranes.support < cranes.full[0].confidence


def test_askers_who_found_nothing_make_a_near_duplicate_nowhere(org: Index) -> None:
    question = "weekly metric trends for the harbour cranes"
    router = OfflineRouter(org)
    assert router.rank(question).verdict != "nowhere"
    router.learn(PastOutcome(question, (), ("historical-performance",), client="a"))
    assert router.rank(question).verdict != "nowhere"  # one client is not enough
    router.learn(PastOutcome(question, (), ("historical-performance",), client="a"))
    assert router.rank(question).verdict != "nowhere"  # nor is one client twice
    router.learn(PastOutcome(question, (), (), client="b"))
    ranking = router.rank(question)
    assert (ranking.verdict, ranking.nothing_before) == ("nowhere", 2)
    assert router.rank("who is on call for the checkout service").verdict != "nowhere"


def test_finding_something_outweighs_as_many_who_found_nothing(org: Index) -> None:
    question = "weekly metric trends for the harbour cranes"
    router = OfflineRouter(org)
    for client in ("a", "b"):
        router.learn(PastOutcome(question, (), (), client=client))
    for client in ("c", "d"):
        router.learn(PastOutcome(question, ("historical-performance",), (), client=client))
    ranking = router.rank(question)
    assert ranking.verdict == "confident" and ranking.nothing_before == 0
    assert ranking.candidates[0].card_id == "historical-performance"


def test_a_cluster_comes_second_when_its_children_lead(org: Index) -> None:
    ranking = OfflineRouter(org).rank("monthly forecasts and the payroll calendar")
    assert [s.card_id for s in ranking.full[:3]] == ["people-space", "confluence",
                                                      "finance-space"]
    assert ranking.full[1].reasons[0] == "the cluster of several leading candidates"
    assert ranking.full[1].confidence == ranking.full[2].confidence  # the place it took
    one_child = OfflineRouter(org).rank("FY27 travel budget forecast")
    assert "the cluster of several leading candidates" not in one_child.full[1].reasons


def test_a_question_about_the_whole_puts_the_cluster_of_its_leader_first(org: Index) -> None:
    """"Search every space at once" asks about the instance, not the child that matched."""
    router = OfflineRouter(org)
    part = router.rank("FY27 travel budget forecast")
    assert part.full[0].card_id == "finance-space"
    whole = router.rank("how do I search across all spaces for the FY27 travel budget forecast")
    assert whole.full[0].card_id == "confluence"
    assert whole.full[0].reasons[0] == "the whole of which a leading candidate is part"
    assert whole.full[1].card_id == "finance-space"
    assert whole.full[0].confidence == whole.full[1].confidence  # the place it took
    # "across every forecast" names no part of what the cluster is made of
    other = router.rank("the FY27 travel budget across every forecast we made")
    assert other.full[0].card_id == "finance-space"


def test_a_see_also_note_routes_and_says_so(
    cards: list[Card], index_of: Callable[[list[Card]], Index]
) -> None:
    base = next(c for c in cards if c.id == "oncall-runbooks")
    handbook = replace(base, id="handbook", what="how engineering works",
                       see_also=(Ref("rfcs", "when the topic is still being argued"),))
    rfcs = replace(base, id="rfcs", what="engineering proposals", examples=())
    router = OfflineRouter(index_of([handbook, rfcs]))
    first = router.rank("which ideas are people still arguing about").full[0]
    assert first.card_id == "rfcs"
    assert "the see-also from handbook matches 'still', 'arguing'" in first.reasons
    # what the asker rules out is judged on a card's own words, not on what others say
    ruled = router.rank("not the ones still argued: which engineering proposals are decided")
    assert not any("rules out" in r for s in ruled.full if s.card_id == "rfcs" for r in s.reasons)


def test_a_foundation_document_a_card_holds_routes_and_says_so(
    cards: list[Card], index_of: Callable[[list[Card]], Index]
) -> None:
    base = next(c for c in cards if c.id == "oncall-runbooks")
    handbook = replace(base, id="handbook", what="how engineering works", examples=(),
                       at="org/handbook")  # fmt: skip
    other = replace(base, id="wiki", what="company wiki pages", examples=(), at="org/wiki")
    node = FoundationNode(id="on-call", what="severity levels and the incident commander role",
                          parent=None, pointer="On-call — org/handbook/on-call.md",
                          path="INDEX.md", line=1)  # fmt: skip
    index = replace(index_of([other, handbook]), foundation={"on-call": node})
    first = OfflineRouter(index).rank("what do the severity levels mean").full[0]
    assert first.card_id == "handbook"
    assert "the foundation document on-call matches 'severity', 'levels'" in first.reasons


def test_a_key_goes_to_the_system_whose_records_carry_its_shape() -> None:
    """'fixes AB#2210' in an old commit: the card that says references like AB#1234
    point to it wins over the tracker that matches the words."""
    from sourcefinder.routing._keys import key_shapes
    from tests.routing.conftest import card, make_index

    assert key_shapes("fixes AB#2210 and INC-2026-0871 on feeder RDG-04") == {
        "AB#": "AB#2210", "INC-": "INC-2026-0871"}  # fmt: skip
    cards = [
        card("jira", "the team's tickets: bugs, stories and fixes, linked from commits",
             contains="bug fixes referenced from commit messages", kind="jira-project"),
        card("devops-legacy", "the old Azure DevOps boards and repos, read-only",
             contains="work items 2017-2023",
             gotchas=("work-item references like AB#1234 point here, not to Jira",)),
    ]  # fmt: skip
    router = OfflineRouter(make_index(cards))
    first = router.rank("A commit message says 'fixes AB#2210'. Where is that?").candidates[0]
    assert first.card_id == "devops-legacy"
    assert "its records carry keys like AB#1234 (the question has AB#2210)" in first.reasons
    plain = router.rank("A commit message says it fixes a bug. Where is that?")
    assert plain.candidates[0].card_id == "jira"


def test_a_source_that_sends_the_asker_on_is_not_where_to_look(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """The router knows its sources' names (a card's id, the name its discriminator
    opens with): "Points desk say they don't ..." dismisses that source."""
    cards = [
        card("loyalty", "Points desk, the loyalty scheme: tiers, points and complaints "
             "about member benefits"),
        card("customer-care", "customer care: complaints about service, refunds"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards))
    question = "Points desk say they don't take complaints about tiers. Where do they go?"
    assert router.rank(question).full[0].card_id == "customer-care"
    # a person who says so is not a source: the same words keep their weight
    person = "Points member says they don't understand tiers and complaints. Who explains?"
    assert router.rank(person).full[0].card_id == "loyalty"


def test_a_source_dismissed_by_name_is_out_however_long_the_question(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """A name is a small share of a long question's words; dismissed by name, the card
    still goes down as if it were at least ``named_excluded`` of the question."""
    cards = [
        card("looker", "Looker, the dashboards: gross bookings by title, platform, region and "
             "week, revenue and retention"),
        card("netsuite", "NetSuite, the ledger: net revenue after platform fees, invoices"),
    ]  # fmt: skip
    question = ("Looker shows gross bookings by title, platform, region and week for the "
                "board. Where is revenue after the platform cut?")  # fmt: skip
    weak = OfflineRouter(index_of(cards), config=RouterConfig(named_excluded=0))
    assert ids(weak.rank(question).full)[0] == "looker"
    assert ids(OfflineRouter(index_of(cards)).rank(question).full)[0] == "netsuite"


def test_a_source_described_by_part_of_its_name_is_dismissed(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """"the gov.uk MOT check doesn't show ..." calls GOV.UK "Check MOT history" by words
    of its name: it is out as if named. Words that two cards' names share name neither."""
    cards = [
        card("mot-history", 'GOV.UK "Check MOT history" for our van: pass or fail, '
             "advisories, mileage, when the van was serviced at its MOT"),
        card("service-folder", "the van folder: service invoices, oil changes, repairs"),
        card("mot-reminders", "MOT reminder texts from the garage"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards))
    question = ("the gov.uk MOT check doesn't show when the van was serviced. Where's the "
                "proof?")  # fmt: skip
    assert ids(router.rank(question).full)[0] == "service-folder"
    assert router._described(frozenset({"gov", "uk", "mot"})) == 0
    assert router._described(frozenset({"mot"})) is None  # one word names no one
    twins = OfflineRouter(index_of([*cards, card("mot-check", "GOV.UK MOT check reminders")]))
    assert twins._described(frozenset({"gov", "uk", "mot"})) is None


def test_a_source_called_by_its_short_name_is_dismissed_with_what_it_shows(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """"Salesforce" names the card of "our CRM (Salesforce Sales Cloud)": what it shows
    is what the asker has, the ask after "but" is what they want."""
    cards = [
        card("crm", "our CRM (Salesforce Sales Cloud and CPQ): accounts, renewals, "
             "closed-won deals, quotes"),
        card("ledger", "finance ledger (NetSuite): invoices, payments received, AR ageing"),
        card("projects", "implementation projects: renewals of go-live plans, closed tasks"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards))
    question = "Salesforce shows the Rheinwerk renewal as closed-won, but was the invoice paid?"
    assert ids(router.rank(question).full)[0] == "ledger"
    # the same statement from a record, not a source: its words still count, at the
    # weight of words before a "but" (at full weight, they lead)
    record = "The order shows the Rheinwerk renewal as closed-won, but was the invoice paid?"
    level = OfflineRouter(index_of(cards), config=RouterConfig(background_weight=1.0))
    assert ids(level.rank(record).full)[0] != "ledger"
    assert ids(level.rank(question).full)[0] == "ledger"


def test_words_before_a_but_count_less_than_the_ask(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """"The fault ticket's closed but the customer wants money off their bill": the
    ticket is where the asker has been, the bill is what they ask about."""
    cards = [
        card("service-desk", "service desk: fault tickets, engineer visits, closed and "
             "open faults, customer outage reports"),
        card("billing", "billing system: customer bills, credits and money off"),
    ]  # fmt: skip
    question = "the fault ticket for the outage is closed but the customer wants a credit"
    level = OfflineRouter(index_of(cards), config=RouterConfig(background_weight=1.0))
    assert ids(level.rank(question).full)[0] == "service-desk"
    assert ids(OfflineRouter(index_of(cards)).rank(question).full)[0] == "billing"


def test_a_not_part_does_not_refuse_what_the_asker_says_they_have(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """"I have booked my holidays, but which sale am I on?": the holidays are where the
    asker has been, so the rota's "NOT holidays" does not count against it."""
    cards = [
        card("brighthr", "BrightHR for staff: holidays, sickness, payslips and contracts",
             "who works which sale"),
        card("sale-rota", "the sale-day rota: who is on the rostrum, clerk, phones and "
             "cashier for each sale", "holidays"),
        card("catalogue", "sale catalogues: lots in each sale, estimates and results"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards))
    assert not _refused(router, "sale-rota",
                        "I have booked my holidays, but which sale am I on the phones for?")
    # asked, not had, the holidays are what the rota refuses
    assert _refused(router, "sale-rota",
                    "Which sale am I on the phones for, and how many holidays have I got left?")


def _refused(router: OfflineRouter, card_id: str, question: str) -> bool:
    """Whether ``card_id``'s NOT part counts against it for ``question``."""
    scored = next(s for s in router.rank(question).full if s.card_id == card_id)
    return any(r.startswith("NOT part matches") for r in scored.reasons)


def test_a_not_part_about_people_refuses_only_a_question_about_people(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """"NOT who has passed" on the course materials refuses "who has passed the course?",
    not "what do I need to do to pass the course?", which the materials answer."""
    cards = [
        card("course", "presenter course materials: sessions, slides, the assessment "
             "checklist, course dates", "who has passed"),
        card("volunteers", "volunteer records: profiles, sign-offs, who is cleared for air"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards))
    assert _refused(router, "course", "Who has passed the presenter course this year?")
    assert not _refused(router, "course",
                        "What do I need to be able to do to pass the presenter course?")



def test_a_not_part_about_now_refuses_no_question_about_a_time_gone_by(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """"NOT current intakes (use the form)" on the old admissions daybooks refuses a
    question about today's intake, not one about an intake in August 2021."""
    cards = [
        card("daybooks", "the paper admissions daybooks: notes on each hedgehog that came "
             "in, September 2016 to February 2023", "current intakes"),
        card("admission-form", "the admission form for every hedgehog that comes in, since "
             "March 2023", "anything before March 2023"),
    ]  # fmt: skip
    router = OfflineRouter(index_of(cards))
    assert _refused(router, "daybooks", "Where are today's intake notes?")
    assert not _refused(router, "daybooks", "Where are the intake notes for a hedgehog "
                                            "that came in in August 2021?")

def test_someone_to_ask_is_read_from_the_kind_the_same_way_everywhere() -> None:
    """One reading of "a person, a channel, a team or its mailbox" for the router's
    person signal and the answer's "ask a human" modality."""
    for kind in ("person", "slack-channel", "chat-channel", "team-mailbox", "mailing-list",
                 "ops-team", "shared-mailbox"):
        assert askable(kind) and modality(card("x", "x", kind=kind)) == "ask a human"
    for kind in ("wiki", "email-archive", "database", "git-org"):
        assert not askable(kind) and modality(card("x", "x", kind=kind)) != "ask a human"


def test_a_source_that_sends_the_asker_on_is_out_even_when_the_ask_uses_its_name(
        index_of: Callable[[list[Card]], Index]) -> None:  # fmt: skip
    """"Reserving say they don't set individual claim reserves. Where do I see the
    reserve on this claim?": the ask repeats the source's word, the source is still out."""
    cards = [
        card("reserving", "Reserving, the actuarial team: reserve models, claim reserves by "
             "portfolio, reserving sign-off"),
        card("claims", "claims system: each claim, its reserve, payments and notes"),
    ]  # fmt: skip
    question = ("Reserving say they don't set individual claim reserves. Where do I see the "
                "reserve on this one claim?")  # fmt: skip
    assert ids(OfflineRouter(index_of(cards)).rank(question).full)[0] == "claims"
    weak = OfflineRouter(index_of(cards), config=RouterConfig(named_excluded=0))
    assert ids(weak.rank(question).full)[0] == "reserving"


def test_an_exact_tie_goes_to_the_card_the_words_ranked_higher() -> None:
    """Cards 3 and 5 are first and second by the words and by meaning, crosswise: fused
    by rank they tie exactly, and the words decide; authored order only after them."""
    lexical = Signal("lexical", 1.0, (5, 3), (1, 2))
    semantic = Signal("semantic", 1.0, (3, 5), (1, 2))
    score = rrf([lexical, semantic], 60.0)
    assert score[3] == score[5]
    assert ordered(score, (), [lexical, semantic]) == [5, 3]
    assert ordered(score, (), [semantic]) == [3, 5]  # no words: authored order
    assert ordered(score, (3,), [lexical, semantic]) == [3, 5]  # a pinned card leads


def test_a_question_in_a_form_no_card_uses_finds_the_form_cards_use() -> None:
    cards = [card("crm", "pubs we supply: contacts, visits and bar kit", "orders or deliveries",
                  contains="visit notes, landlords, new pub listings"),
             card("orders", "orders and deliveries to pubs: delivery days by area",
                  contains="delivery runs, van routes")]  # fmt: skip
    ranking = OfflineRouter(make_index(cards)).rank(
        "A new pub wants to know which day we deliver to their area")
    assert ranking.full[0].card_id == "orders"
    assert any("'deliver'" in r for r in ranking.full[0].reasons)
    assert "deliver" not in ranking.unmatched


def test_a_person_is_held_back_unless_the_question_could_want_one() -> None:
    """The plain cut, without the model of who asks for someone (``test_phrasing``)."""
    said = dict(contains="subject access requests, data breaches, privacy notices")
    cards = [card("person-dpo", "data protection officer: subject access requests", kind="person",
                  **said),
             card("privacy-hub", "data protection: subject access requests", kind="wiki",
                  **said)]  # fmt: skip
    held = OfflineRouter(make_index(cards), askers=None)
    level = OfflineRouter(make_index(cards), config=RouterConfig(unasked_human_factor=1.0),
                          askers=None)  # fmt: skip

    def person(router: OfflineRouter, question: str) -> float:
        return next(s.confidence for s in router.rank(question).full if s.card_id == "person-dpo")

    where = "Where is the process for subject access requests?"
    assert person(held, where) < person(level, where)
    for asked in ("Who handles subject access requests?",
                  "Can someone do a subject access request?"):
        assert person(held, asked) == person(level, asked)
    assert held.rank("Who handles subject access requests?").full[0].card_id == "person-dpo"


def test_a_question_for_someone_to_ask_is_not_nowhere_for_words_no_source_uses() -> None:
    """"Who decides?" with a person among the candidates is worth asking however little
    of the rest the sources say; without one, or asking where it is written, the words no
    source uses still make it a "nowhere"."""
    people = [
        card("course-list", "training courses: dates, prices, levels"),
        card("payroll", "staff pay, commission and holiday", contains="payslips, commission"),
        card("head-tutor", "the head tutor: exceptions to course rules", kind="person"),
        card("rota", "shift rota for the salons"),
    ]  # fmt: skip
    router = OfflineRouter(make_index(people, "Marlo Academy trains hairdressers."))
    said = "Grandmother insists nephew skips onto stage three like cousin Priya, tutor reckons "
    asked = router.rank(said + "otherwise. Who decides?")
    assert asked.verdict == "uncertain" and asked.support < RouterConfig().nowhere_below
    assert [s.card_id for s in asked.candidates] == ["head-tutor"]
    assert router.rank(said + "otherwise. Where is it written?").verdict == "nowhere"
    nobody = OfflineRouter(make_index([c for c in people if c.kind != "person"],
                                      "Marlo Academy trains hairdressers."))  # fmt: skip
    assert nobody.rank(said + "otherwise. Who decides?").verdict == "nowhere"


def test_an_old_source_that_holds_the_period_goes_before_a_first_card_that_does_not() -> None:
    """"Board papers from the March 2019 meeting": the board folder since 2021 is set
    aside, the SharePoint site that superseded the S: drive fits a little better but
    holds nothing from then, and the S: drive archive, close behind, does."""
    cards = [
        card("board-folder", "board papers folder on SharePoint: agendas, papers and minutes",
             contains="board papers since June 2021"),
        card("sharepoint", "our SharePoint site as a whole: board papers, policies, funders",
             supersedes=("s-drive",)),
        card("s-drive", "the old S: drive, read-only archive of board papers and policies, "
                        "2006 to June 2021", contains="board papers, policies and funders"),
        card("rota", "the volunteer rota"),
    ]  # fmt: skip
    question = "Board papers from the March 2019 meeting: where do they live now?"
    ranking = OfflineRouter(make_index(cards)).rank(question)
    assert ids(ranking.full)[:2] == ["s-drive", "sharepoint"]
    assert ranking.full[0].reasons[0] == "holds the period asked, which the first does not"
    assert ranking.full[0].confidence == ranking.full[1].confidence  # never rising down
    # not one that fits much less well than the first
    strict = RouterConfig(old_period_close=1.5)
    assert ids(OfflineRouter(make_index(cards), config=strict).rank(question).full)[0] \
        == "sharepoint"  # fmt: skip


def test_a_source_dismissed_by_name_takes_nothing_from_its_successor() -> None:
    """"The Job Book spreadsheet hasn't got the wall": what the old Job Book shares with
    Tradify, which replaced it ("job", "book"), does not count against Tradify."""
    cards = [card("job-book-legacy", "the Excel Job Book, read-only: quotes and jobs April "
                  "2009 to February 2023", status="superseded"),
             card("tradify-jobs", "Tradify since March 2023: the job book of enquiries, "
                  "quotes, crew schedule, job notes", supersedes=("job-book-legacy",)),
             card("drive-office", "office drive: price lists and wall specs")]
    router = OfflineRouter(make_index(cards))
    ranking = router.rank("The Job Book spreadsheet hasn't got the wall we started in May. "
                          "Where are quotes kept these days?")  # fmt: skip
    tradify = next(s for s in ranking.full if s.card_id == "tradify-jobs")
    assert not any("rules out" in r for r in tradify.reasons)
    old = next(s for s in ranking.full if s.card_id == "job-book-legacy")
    assert any("rules out: 'job', 'book'" in r for r in old.reasons)


def test_an_old_source_ruled_out_by_its_words_leaves_its_successor_alone() -> None:
    """"the old till archive stops in 2022": the tills that replaced it are where this
    year's transactions are, though they share the word "till"."""
    cards = [card("retail-pro-legacy", "archived Retail Pro 9 till transactions, January 2015 "
                  "to each store's 2022 switch-over", status="superseded"),
             card("xstore-pos", "Oracle Xstore tills: transaction journal, receipt lookup, "
                  "till and tender configuration", supersedes=("retail-pro-legacy",)),
             card("engineering", "engineering wiki: outages and fixes")]
    ranking = OfflineRouter(make_index(cards)).rank(
        "the old till archive stops in 2022 - where are this year's transactions")
    xstore, legacy = (next(s for s in ranking.full if s.card_id == cid)
                      for cid in ("xstore-pos", "retail-pro-legacy"))  # fmt: skip
    assert ranking.full[0] is xstore
    assert not any("rules out" in r for r in xstore.reasons)
    assert any("rules out: 'till', 'archive'" in r for r in legacy.reasons)


def test_a_cards_own_retention_of_what_is_asked_past_is_a_nowhere() -> None:
    """A card's gotcha "bank statements older than six years are destroyed each
    September": the statements of nine years ago are gone, the accounts of then are not;
    a count ("~180k ticket orders a season") is no retention."""
    cards = [card("drive-finance", "annual accounts, examiner reports and bank statements",
                  contains="accounts 2016 on; ~180k ticket orders a season",
                  gotchas=("bank statements older than six years are destroyed each "
                           "September",)),
             card("ledger", "the live ledger: what each team owes and has paid")]
    router = OfflineRouter(make_index(cards), today=date(2026, 11, 30))
    gone = router.rank("can I have the league's bank statements from 2017?")
    assert gone.verdict == "nowhere"
    assert gone.expired == ("bank statements older than six years are destroyed each "
                            "September",)  # fmt: skip
    assert router.rank("can I have the league's annual accounts from 2017?").expired == ()
    assert router.rank("the bank statements from last March, please").expired == ()
    assert router.rank("how many ticket orders did we take in 2017?").expired == ()


def test_a_name_of_one_word_written_in_parts_dismisses_its_card() -> None:
    """"can't see my payslip anywhere in RotaCloud": the card called rotacloud is out,
    though the question writes its name as two words."""
    index = make_index([
        card("rotacloud", "the staff rota app: shifts, swaps, holidays, clocking in",
             "pay (the payroll bureau)", how="open the app; payslip questions go to the office",
             contains="rotas, shift swaps, staff holidays, clock-in records"),
        card("payroll-bureau", "the accountants who run payroll: payslips, P60s",
             contains="staff payslips"),
        card("office", "the office shared drive: policies, staff files",
             contains="staff rota archive, handbooks"),
    ])  # fmt: skip
    router = OfflineRouter(index)
    ranking = router.rank(
        "can't see my staff payslip anywhere in RotaCloud, where do I actually get it")
    assert ids(ranking.full)[0] == "payroll-bureau"
    assert ids(router.rank("my shift swaps in RotaCloud").full)[0] == "rotacloud"


def test_a_first_card_that_holds_nothing_of_the_time_asked_is_nowhere() -> None:
    """"what was our occupancy percentage in 2017", where the only card of occupancy holds
    nothing before 2023 and no older source is kept: nowhere to look, however well it
    matches. An older source that holds the time goes first instead."""
    index = make_index([
        card("bookings-reports", "occupancy percentage and takings reports from the "
             "bookings app, since 2023", how="Reports tab, occupancy",
             contains="monthly occupancy percentage reports since 2023"),
        card("vet-folder", "vet visit invoices and treatment notes"),
        card("cash-book", "the paper cash book of takings, 2011-2018"),
    ])  # fmt: skip
    router = OfflineRouter(index)
    old = router.rank("what was our occupancy percentage in 2017")
    assert ids(old.full)[0] == "bookings-reports" and old.verdict == "nowhere"
    assert router.rank("what was our occupancy percentage in 2024").verdict == "confident"
    takings = router.rank("takings in 2017")
    assert ids(takings.full)[0] == "cash-book" and takings.verdict == "confident"


def test_a_source_looked_in_by_name_and_kind_is_out() -> None:
    """"looked through the policies folder and couldn't find anything": the card called
    policies is out, though the question adds the kind of record it is; asked for what
    it holds, it still leads."""
    index = make_index([
        card("policies", "the trustees' policies: safeguarding, complaints, hirers, data "
             "protection", contains="policy documents for hirers, reviewed each spring"),
        card("hire-documents", "the hire pack: conditions of hire, what hirers may and may "
             "not bring, candles, decorations, bouncy castles"),
        card("bookings-inbox", "the bookings email: enquiries, hirers' certificates"),
    ])  # fmt: skip
    router = OfflineRouter(index)
    looked = router.rank("do we have a policy on hirers using candles? looked through the "
                         "policies folder and couldn't find anything")
    assert ids(looked.full)[0] == "hire-documents"
    assert ids(router.rank("the safeguarding policy in the policies folder").full)[0] \
        == "policies"  # fmt: skip


def test_an_old_source_close_behind_goes_first_for_its_period() -> None:
    """Crosthwaite's "Did the rugby club get their deposit back when they borrowed the PA
    in 2020?": the PA's spec sheet fits better but holds nothing of hires; the old kit
    hire book, which holds 2020 and fits within ``old_period_close`` (0.7) of it, goes
    first. At the former 0.85 it stayed behind."""
    index = load_index(Path(__file__).resolve().parents[2] / "evals/orgs/crosthwaite/index")
    question = ("Did the rugby club get their deposit back when they borrowed the PA in "
                "2020?")  # fmt: skip
    first = OfflineRouter(index).rank(question).full[0]
    assert first.card_id == "kit-hire-book-old"
    assert first.reasons[0] == "holds the period asked, which the first does not"
    former = OfflineRouter(index, config=RouterConfig(old_period_close=0.85))
    assert former.rank(question).full[0].card_id != "kit-hire-book-old"


def _sweet_shop(spec_sheets: str) -> Index:
    return make_index([
        card("spec-sheets", spec_sheets, kind="document",
             contains="pear drops, sherbet lemons, aniseed balls: ingredients per jar"),
        card("stock-book-old", "the red paper stock books, January 2016 to March 2023",
             contains="jars opened each week", kind="paper", trust="archive"),
        card("till", "the till: card and cash takings", kind="till"),
    ])  # fmt: skip


def test_a_source_whose_own_dates_hold_a_time_gone_by_goes_first() -> None:
    """"How many jars of pear drops did we open a week in 2021?": the spec sheets fit as
    well but say nothing of when; the stock books, January 2016 to March 2023, hold 2021
    and go first, saying why; so they do when the sheets say only when they began. Not
    for 2024, after the books end, nor when the first card says when it ended too, nor
    with ``dated_close`` above 1."""
    question = "How many jars of pear drops did we open a week in 2021?"
    undated = _sweet_shop("suppliers' specification sheets for every sweet: allergens")
    first = OfflineRouter(undated).rank(question).full[0]
    assert first.card_id == "stock-book-old"
    assert first.reasons[0] == "its own dates hold the time asked and end; the first's do not"
    never = OfflineRouter(undated, config=RouterConfig(dated_close=1.01))
    assert never.rank(question).full[0].card_id == "spec-sheets"
    later = question.replace("2021", "2024")
    assert OfflineRouter(undated).rank(later).full[0].card_id == "spec-sheets"
    begun = _sweet_shop("suppliers' specification sheets since 2020: allergens")
    assert OfflineRouter(begun).rank(question).full[0].card_id == "stock-book-old"
    ended = _sweet_shop("suppliers' specification sheets, 2019 to 2022: allergens")
    assert OfflineRouter(ended).rank(question).full[0].card_id == "spec-sheets"


def test_who_answers_for_the_source_a_question_matches_is_asked() -> None:
    """Burrow's "My standing order bounced this month, who sorts that out?": the bank
    account matches it, and the card names the treasurer as its contact, so the treasurer
    goes first, says why, and is as sure as that match. Without the people sources name,
    the chair did."""
    index = load_index(Path(__file__).resolve().parents[2] / "evals/orgs/burrow/index")
    question = "My standing order bounced this month, who sorts that out?"
    ranking = OfflineRouter(index).rank(question)
    first = ranking.full[0]
    assert first.card_id == "treasurer"
    # as well supported as the bank account it answers for: not "nowhere"
    assert ranking.verdict == "uncertain"
    assert any(r.startswith("answers for ") and r.endswith("(its owner or contact)")
               for r in first.reasons)  # fmt: skip
    unnamed = OfflineRouter(index, config=RouterConfig(w_owner=0.0))
    assert unnamed.rank(question).full[0].card_id != "treasurer"
    # a question asking for no one ranks no one by what they answer for
    plain = OfflineRouter(index).rank("My standing order bounced this month").full
    assert not any(r.startswith("answers for ") for s in plain for r in s.reasons)


def test_an_item_of_a_not_part_naming_a_card_is_that_cards_text() -> None:
    """Ashcombe's Power BI card says it is "NOT raw tables for your own SQL
    (insight-warehouse)": "need raw missed bin rows by round" goes to the warehouse, and
    the reason names whose NOT part matched. Without reading NOT parts for the cards they
    name, the bins system went first."""
    index = load_index(Path(__file__).resolve().parents[2] / "evals/orgs/ashcombe/index")
    question = "need raw missed bin rows by round so I can do my own analysis"
    first = OfflineRouter(index).rank(question).full[0]
    assert first.card_id == "insight-warehouse"
    assert "the NOT part of power-bi matches 'raw'" in first.reasons
    unread = OfflineRouter(index, config=RouterConfig(not_pointers=False))
    assert unread.rank(question).full[0].card_id != "insight-warehouse"


def test_a_dismissed_source_sends_the_asker_where_its_not_part_says() -> None:
    """Amble's "the probe app doesn't seem to have the van fridge readings": the probe
    app's NOT part says "van temperatures (delivery-notes)", so the delivery notes go
    first and say why. Without the signal a driver did; a question that does not name
    the app is sent nowhere by it."""
    index = load_index(Path(__file__).resolve().parents[2] / "evals/orgs/amble/index")
    question = ("the probe app doesn't seem to have the van fridge readings for monday's "
                "round, where are those")  # fmt: skip
    first = OfflineRouter(index).rank(question).full[0]
    assert first.card_id == "delivery-notes"
    why = "the NOT part of temptrack-app, which the question names, sends it here"
    assert why in first.reasons
    unsent = OfflineRouter(index, config=RouterConfig(w_sent=0.0))
    assert unsent.rank(question).full[0].card_id != "delivery-notes"
    plain = OfflineRouter(index).rank("where are the van fridge readings for monday's round")
    assert not any(r == why for s in plain.full for r in s.reasons)


def test_a_thing_asked_by_the_body_that_keeps_it_is_nowhere() -> None:
    """Akeld's preamble says "Search dog gradings are kept by SARDA England": "Moss's last
    SARDA grading result" has nowhere to go here, though the dog handler's card (Moss is
    hers) matched it confidently. Asked without SARDA, it still goes to her."""
    index = load_index(Path(__file__).resolve().parents[2] / "evals/orgs/akeld/index")
    ranking = OfflineRouter(index).rank("Moss's last SARDA grading result")
    assert ranking.verdict == "nowhere"
    assert "SARDA England's search dog gradings" in ranking.ruled_out
    plain = OfflineRouter(index).rank("when is Moss's next grading?")
    assert plain.verdict != "nowhere"
