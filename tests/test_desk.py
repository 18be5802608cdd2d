"""The desk: the one code path behind the MCP tools, `route` and `simulate`."""

from __future__ import annotations

from pathlib import Path

import pytest

from sourcefinder import advice
from sourcefinder.config import Settings
from sourcefinder.desk import Desk
from sourcefinder.errors import InvalidInputError, UnknownIdError
from sourcefinder.publish import build
from sourcefinder.routing import Ranking


@pytest.fixture
def desk(settings: Settings, example_index: Path) -> Desk:
    build(example_index, settings.home)
    return Desk(settings)


def _any_question(desk: Desk) -> str:
    card = next(c for c in desk.served().published.index.cards.values() if c.examples)
    return card.examples[0].query


def test_an_answer_is_logged_with_client_and_version(desk: Desk) -> None:
    answer = desk.where_can_i_find(_any_question(desk), client="agent-7")
    assert answer.index_version == desk.served().published.version
    events = desk.log.session(answer.session_id)
    assert [e.kind for e in events] == ["question"]
    assert events[0].client == "agent-7"
    assert events[0].payload["candidates"] == [c.id for c in answer.candidates]


def test_words_the_index_never_uses_are_named_and_logged(desk: Desk) -> None:
    answer = desk.where_can_i_find("Where is the maintenance log for the gantry cranes "
                                   "at our terminal in Rotterdam?")
    assert answer.words_not_in_index[:2] == ["gantry", "cranes"]
    assert "rotterdam" not in answer.words_not_in_index  # a name, not a subject
    event = desk.log.session(answer.session_id)[0]
    assert event.payload["words_not_in_index"] == answer.words_not_in_index
    ranking = Ranking((), "nowhere", (), support=-0.2, unmatched=("gantry", "cranes"))
    nowhere = advice.answer(desk.served().published, ranking, "s1")
    assert "no source mentions 'gantry', 'cranes'" in nowhere.note
    assert nowhere.words_not_in_index == ["gantry", "cranes"]


def test_a_nowhere_the_preamble_rules_out_says_so(desk: Desk) -> None:
    ranking = Ranking((), "nowhere", (), support=0.3, ruled_out=("gas",))
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith("The index says the organization has no 'gas'")


def test_a_nowhere_for_another_bodys_own_records_says_whose(desk: Desk) -> None:
    ranking = Ranking((), "nowhere", (), support=0.7, theirs=("Openreach",))
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith("This asks for Openreach's own records; the sources that match")


def test_a_nowhere_for_a_product_the_index_never_mentions_names_it(desk: Desk) -> None:
    ranking = Ranking((), "nowhere", (), support=0.5, unused=("salesforce",))
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith("Nothing in the index mentions 'salesforce': the organization")


def test_a_nowhere_for_how_the_question_is_put_says_so(desk: Desk) -> None:
    ranking = Ranking((), "nowhere", (), support=0.3, unmatched=("cctv",), phrased=0.83)
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith("Questions put like this one seldom have a source, and none here "
                           "matches it well (no source mentions 'cctv')")  # fmt: skip


def test_a_nowhere_past_a_retention_the_preamble_states_says_so(desk: Desk) -> None:
    ranking = Ranking((), "nowhere", (), support=0.3, expired=("CCTV 31 days",))
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith("The index says 'CCTV 31 days': the time asked is older")


def test_sources_set_aside_for_the_time_asked_are_named_with_why(desk: Desk) -> None:
    """The example's incident tracker holds incidents since February 2025, the Jira
    project before it since 2019, and its log search keeps 14 days: the answer says so
    rather than offering them."""
    answer = desk.where_can_i_find("Which incidents were declared in 2016, and who led them?")
    assert answer.note.startswith("Set aside for the time asked: ")
    assert "incidents-jira-legacy holds nothing before 2019" in answer.note
    assert "incident-tracker holds nothing before 2025-02-01" in answer.note
    assert answer.verdict == "nowhere"  # the best match is out of period, nothing else holds it
    assert all(c.id != "incident-tracker" for c in answer.candidates)
    logs = desk.where_can_i_find("error logs of the tracker service from two months ago")
    assert "log-search keeps only the last 14 days" in logs.note
    assert "ago" not in logs.words_not_in_index  # a word that says when, not what
    recent = desk.where_can_i_find("error logs of the tracker service from yesterday")
    assert recent.candidates[0].id == "log-search"
    assert "Set aside" not in recent.note


def test_candidates_cite_where_their_text_came_from(desk: Desk) -> None:
    answer = desk.where_can_i_find(_any_question(desk))
    assert answer.candidates
    source = desk.served().published.path / "source"
    for c in answer.candidates:
        lines = (source / c.provenance.file).read_text().splitlines()
        assert c.id in lines[c.provenance.line - 1]
        card = desk.served().published.index.cards[c.id]
        assert c.what == card.what and c.how == card.how


def test_reading_path_is_root_first(desk: Desk) -> None:
    index = desk.served().published.index
    card = max(index.cards.values(), key=lambda c: len(index.reading_path(c.id)))
    answer = desk.where_can_i_find(card.examples[0].query if card.examples else card.what)
    seen: set[str] = set()
    for step in answer.read_if_new:
        parent = index.foundation[step.node].parent
        assert parent is None or parent in seen, f"{step.node} before its parent {parent}"
        seen.add(step.node)


def test_the_ask_back_names_the_session_and_a_top_candidate(desk: Desk) -> None:
    answer = desk.where_can_i_find(_any_question(desk))
    assert answer.session_id in answer.ask_back
    assert any(c.id in answer.ask_back for c in answer.candidates[:3])


def test_report_outcome_records_the_truth(desk: Desk) -> None:
    answer = desk.where_can_i_find(_any_question(desk), client="a")
    first = answer.candidates[0].id
    got = desk.report_outcome(answer.session_id, True, [first], [first], [], client="a")
    assert got.recorded and got.what_worked == [first]
    outcome = desk.log.session(answer.session_id)[-1]
    assert outcome.kind == "outcome" and outcome.payload["what_worked"] == [first]


def test_unknown_ids_get_errors_that_name_what_is_valid(desk: Desk) -> None:
    with pytest.raises(UnknownIdError, match="unknown session"):
        desk.report_outcome("no-such-session", True, [])
    answer = desk.where_can_i_find(_any_question(desk))
    with pytest.raises(UnknownIdError, match="valid sources: "):
        desk.report_outcome(answer.session_id, True, ["no-such-source"])
    with pytest.raises(UnknownIdError, match="unknown source 'nope'"):
        desk.describe_source("nope")


@pytest.mark.parametrize("question", ["", "   ", "x" * 4001])
def test_bad_questions_are_refused(desk: Desk, question: str) -> None:
    with pytest.raises(InvalidInputError):
        desk.where_can_i_find(question)
    assert desk.log.count() == 0


def test_huge_lists_and_wrong_types_are_refused(desk: Desk) -> None:
    answer = desk.where_can_i_find(_any_question(desk))
    with pytest.raises(InvalidInputError, match="limit is 100"):
        desk.report_outcome(answer.session_id, True, ["x"] * 101)
    with pytest.raises(InvalidInputError, match="must be a list"):
        desk.follow_up(answer.session_id, "stuck", "not-a-list")  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="must be text"):
        desk.where_can_i_find(42)  # type: ignore[arg-type]


def test_a_known_answer_is_pinned_for_the_same_question(desk: Desk) -> None:
    index = desk.served().published.index
    question = "who signs off on the quarterly wombat budget for the ops team"
    first = desk.where_can_i_find(question, client="c1")
    target = next(cid for cid in index.cards if cid not in
                  [c.id for c in first.candidates[:1]] and not index.cards[cid].is_cluster)
    for client in ("c1", "c2", "c3"):
        a = desk.where_can_i_find(question, client=client)
        desk.report_outcome(a.session_id, True, [target], better_source=target, client=client)
    again = desk.where_can_i_find(question, client="c4")
    assert again.candidates[0].id == target
    assert again.candidates[0].pinned


def test_follow_up_offers_untried_sources_and_checks_terms(desk: Desk) -> None:
    index = desk.served().published.index
    answer = desk.where_can_i_find(_any_question(desk), client="f")
    tried = [c.id for c in answer.candidates[:2]]
    desk.report_outcome(answer.session_id, False, tried, [], tried, client="f")
    node = next(iter(index.foundation.values()))
    card = next(iter(index.cards))
    result = desk.follow_up(answer.session_id, "nothing there",
                            [node.id, card, "zzqx-unknown-term"], client="f")
    assert not {c.id for c in result.untried} & set(tried)
    assert result.next_modality
    kinds = {t.term: t.known_as for t in result.terms}
    assert kinds == {node.id: "foundation", card: "card", "zzqx-unknown-term": "nothing"}
    event = desk.log.session(answer.session_id)[-1]
    assert event.kind == "follow_up" and event.payload["gaps"] == ["zzqx-unknown-term"]


def test_follow_up_reformulations_come_from_card_examples(desk: Desk) -> None:
    index = desk.served().published.index
    answer = desk.where_can_i_find(_any_question(desk))
    result = desk.follow_up(answer.session_id, "", [])
    examples = {e.query for c in index.cards.values() for e in c.examples}
    assert result.reformulations and set(result.reformulations) <= examples


def test_describe_a_cluster_lists_its_children(desk: Desk) -> None:
    index = desk.served().published.index
    cluster = next(c for c in index.cards.values() if c.is_cluster)
    detail = desk.describe_source(cluster.id)
    assert detail.children == list(cluster.children)
    assert detail.card.drill_down and "describe_source" in detail.card.drill_down


def test_a_suggestion_goes_to_admission_not_the_index(desk: Desk) -> None:
    before = set(desk.served().published.index.cards)
    receipt = desk.suggest_source("Ops wiki 2", "http://wiki.example/ops2", "ops pages",
                                  ["Pager rota"], client="s")
    assert receipt.status == "pending admission"
    assert desk.log.session(receipt.suggestion_id)[0].kind == "suggestion"
    assert set(desk.served().published.index.cards) == before


def test_a_newer_published_version_is_served_without_restart(desk: Desk,
                                                               example_index: Path) -> None:
    old = desk.where_can_i_find(_any_question(desk)).index_version
    md = example_index / "INDEX.md"
    md.write_text(md.read_text() + "\nA new paragraph of prose.\n")
    new = build(example_index, desk.settings.home).version
    assert new != old
    assert desk.where_can_i_find(_any_question(desk)).index_version == new


def test_after_two_clients_found_nothing_the_next_asker_hears_nowhere(desk: Desk) -> None:
    question = "Where is the maintenance log for the gantry cranes at our terminal?"
    for client in ("agent-a", "agent-b"):
        answer = desk.where_can_i_find(question, client=client)
        tried = [c.id for c in answer.candidates[:2]]
        desk.report_outcome(answer.session_id, found=False, sources_tried=tried,
                            what_failed=tried, client=client)
    third = desk.where_can_i_find(question, client="agent-c")
    assert third.verdict == "nowhere"
    assert third.note.startswith("2 clients who asked this before found nothing")
    assert all(c.kind in ("person", "chat-channel") for c in third.candidates)


def test_clients_the_night_shift_set_aside_teach_the_desk_nothing(desk: Desk) -> None:
    from sourcefinder.nightshift.state import NightPaths, write_json

    write_json(NightPaths(desk.home).verified,
               {"claims": [], "probes": {}, "discredited": {"agent-x": "9 of 10 rejected"}})
    question = "Where is the maintenance log for the gantry cranes at our terminal?"
    for client in ("agent-x", "agent-y"):
        answer = desk.where_can_i_find(question, client=client)
        desk.report_outcome(answer.session_id, found=False, sources_tried=[], client=client)
    third = desk.where_can_i_find(question, client="agent-z")
    assert "found nothing" not in third.note  # agent-y alone is one client, not two
    assert third.words_not_in_index[:2] == ["gantry", "cranes"]
    fresh = Desk(desk.settings)  # a restart re-learns the log, still without agent-x
    assert "found nothing" not in fresh.where_can_i_find(question).note


def test_a_nowhere_for_what_is_never_kept_quotes_the_index(desk: Desk) -> None:
    said = "DBS certificates are never kept, only the certificate number and date"
    ranking = Ranking((), "nowhere", (), support=0.8, unkept=(said,))
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith(f"The index says '{said}': what is asked for is not kept.")


def test_a_nowhere_for_a_place_since_it_closed_quotes_the_index(desk: Desk) -> None:
    said = "The Cardiff studio closed in June 2019"
    ranking = Ranking((), "nowhere", (), support=0.8, closed=(said,))
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith(f"The index says '{said}': it is not there for the time asked.")


def test_a_nowhere_nearer_what_the_organization_does_not_do_quotes_the_index(
    desk: Desk,
) -> None:
    said = "We do not dispense veterinary prescriptions"
    ranking = Ranking((), "nowhere", (), support=0.4, denied=(said,))
    note = advice.answer(desk.served().published, ranking, "s1").note
    assert note.startswith(f"The index says '{said}': the question is nearer that than any "
                           "source.")  # fmt: skip
