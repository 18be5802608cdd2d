from __future__ import annotations

from dataclasses import replace

import pytest

from sourcefinder.index.model import Card, Example, FoundationNode, Index, Ref
from sourcefinder.routing import FieldWeights
from sourcefinder.routing._lexical import (
    FIELDS,
    LexicalIndex,
    held_documents,
    locations,
    primer_texts,
)
from sourcefinder.routing._text import terms


def query(text: str) -> dict[str, float]:
    return dict.fromkeys(terms(text), 1.0)


def test_discriminator_outweighs_a_mention_in_contents(org: Index) -> None:
    cards = list(org.cards.values())
    lex = LexicalIndex(cards, FieldWeights())
    scores = lex.score(query("dashboards"))
    pos = {c.id: i for i, c in enumerate(cards)}
    # data-help names dashboards in its discriminator, historical-performance in contents
    assert scores[pos["data-help"]] > scores[pos["historical-performance"]] > 0


def test_not_part_terms_are_not_positive_evidence(org: Index) -> None:
    cards = list(org.cards.values())
    lex = LexicalIndex(cards, FieldWeights())
    pos = {c.id: i for i, c in enumerate(cards)}
    q = query("payroll")
    assert lex.not_hits(q)[pos["finance-space"]] == ["payrol"]
    assert lex.score(q)[pos["finance-space"]] == 0
    assert lex.score(q)[pos["people-space"]] > 0


def test_what_a_gotcha_says_is_not_here_is_the_cards_not_part() -> None:
    """"payroll is not here; payslips come from the accountants": payroll is NOT-part
    evidence, not the card's own text, and so is what "they" are in "pavement licences
    are highways, not planning; they are not here"; what is not here before a day is the
    card's period, read apart, and a clause saying something else keeps its words."""
    def make(cid: str, *gotchas: str) -> Card:
        return Card(id=cid, group="G", path="x", line=1, what="the office folder",
                    what_not="", kind="drive", scope="internal", trust="primary",
                    gotchas=gotchas)  # fmt: skip

    cards = [make("office", "payroll is not here; payslips come from the accountants"),
             make("planning", "pavement licences are highways, not planning; they are "
                              "not here", "earlier jobs are not in here"),
             make("other", "payroll and pavement licences are in the accountant's pack")]
    lex = LexicalIndex(cards, FieldWeights())
    assert lex.not_hits(query("payroll"))[0] == ["payrol"]
    assert lex.score(query("payroll"))[0] == 0 and lex.score(query("payslips"))[0] > 0
    assert lex.not_hits(query("pavement licence"))[1] == ["pavement", "licenc"]
    assert lex.score(query("pavement licence"))[1] == 0
    assert 1 not in lex.not_hits(query("earlier jobs")) and lex.score(query("jobs"))[1] > 0


def test_glued_ids_match_their_words() -> None:
    def make(cid: str, what: str) -> Card:
        return Card(id=cid, group="G", path="x", line=1, what=what, what_not="",
                    kind="api", scope="external", trust="primary")  # fmt: skip

    lex = LexicalIndex([make("weathertool", "forecasts"), make("tools", "a weather tool")],
                       FieldWeights())  # fmt: skip
    assert lex.matched_fields(0, query("weather tool")) == {"id": ["weather", "tool"]}


def test_coverage_is_the_matched_share_of_the_question(org: Index) -> None:
    cards = list(org.cards.values())
    lex = LexicalIndex(cards, FieldWeights())
    pos = {c.id: i for i, c in enumerate(cards)}
    assert lex.coverage(pos["finance-space"], query("travel budget")) == 1.0
    half = lex.coverage(pos["finance-space"], query("travel budget zebra giraffe"))
    assert 0 < half < 1


def test_each_field_s_share_of_the_question_is_told_apart() -> None:
    card = Card(id="forecasts", group="G", path="x", line=1, what="weather reports",
                what_not="", kind="api", scope="external", trust="primary",
                examples=(Example("weather: rain in Lisbon tomorrow", "hourly"),))  # fmt: skip
    other = Card(id="maps", group="G", path="x", line=1, what="city maps", what_not="",
                 kind="api", scope="external", trust="primary")  # fmt: skip
    lex = LexicalIndex([card, other], FieldWeights())
    q = query("weather for rain in Lisbon")
    shares = dict(zip(FIELDS, lex.field_shares(lex.masks([0], q), q)[0], strict=True))
    mass = {t: lex.term_idf(t) for t in q}
    total = sum(mass.values())
    assert shares["what"] == pytest.approx(mass["weather"] / total)
    # "weather" is in the discriminator and an example, and counts in each
    assert shares["examples"] == pytest.approx(
        (mass["weather"] + mass["rain"] + mass["lisbon"]) / total)
    assert shares["contains"] == shares["gotchas"] == 0.0
    assert sum(shares.values()) > lex.coverage(0, q) == pytest.approx(1.0)
    assert lex.field_shares([{}], q).tolist() == [[0.0] * len(FIELDS)]
    assert lex.field_shares([{"weather": 1}], {}).tolist() == [[0.0] * len(FIELDS)]
    assert lex.field_shares([], q).shape == (0, len(FIELDS))


def _card(cid: str, what: str, see_also: tuple[Ref, ...] = ()) -> Card:
    return Card(id=cid, group="G", path="x", line=1, what=what, what_not="", kind="wiki",
                scope="internal", trust="primary", see_also=see_also)  # fmt: skip


def test_a_see_also_note_is_evidence_for_the_card_it_points_at() -> None:
    cards = [
        _card("adr-log", "decided architecture choices",
              (Ref("rfcs", "when the topic is still being argued"),)),
        _card("rfcs", "proposals for engineering"),
        _card("handbook", "how we work", (Ref("adr-log", ""), Ref("handbook", "self"))),
    ]
    lex = LexicalIndex(cards, FieldWeights())
    scores = lex.score(query("ideas people are still arguing about"))
    assert scores[1] > 0 and scores[0] == 0  # the note speaks for rfcs, not for its author
    assert lex.matched_fields(1, query("still arguing")) == {"pointed": ["still", "argu"]}
    assert lex.score(query("self"))[2] == 0  # a card cannot vouch for itself
    assert list(lex.positive_cards("argu")) == []  # what others say is not its own text
    assert list(lex.positive_cards("propos")) == [1]


def _node(nid: str, what: str, pointer: str, source: str = "") -> FoundationNode:
    return FoundationNode(id=nid, what=what, parent=None, pointer=pointer, path="x", line=1,
                          source=source)  # fmt: skip


def test_a_foundation_document_belongs_to_its_source_or_the_card_holding_its_location() -> None:
    def at(card: Card, where: str) -> Card:
        return replace(card, at=where)

    cards = [at(_card("handbook", "how engineering works"), "org/repos/handbook"),
             at(_card("handbook-adr", "decisions"), "org/repos/handbook/adr"),
             at(_card("handbook2", "another book"), "org/repos/handbook2"),
             at(_card("wiki", "the wiki"), "http://127.0.0.1:8088/notion/")]  # fmt: skip
    nodes = [
        _node("on-call", "SEV1-SEV4 and the incident commander role",
              "the on-call page — org/repos/handbook/engineering/on-call.md"),
        _node("adr-howto", "how decisions get written down",
              "ADR guide — org/repos/handbook/adr/README.md"),  # the longest prefix wins
        _node("glossary", "TEU and demurrage", 'Notion "Glossary" — '
              "http://127.0.0.1:8088/notion/onboarding/glossary."),
        _node("declared", "the pay calendar", "somewhere else entirely", source="wiki"),
        _node("stray", "nothing holds this", "org/repos/handbook-old/x.md"),
    ]
    index = Index(root="x", title="t", cards={c.id: c for c in cards},
                  foundation={n.id: n for n in nodes})  # fmt: skip
    held = {cid: [n.id for n in docs] for cid, docs in held_documents(index).items()}
    assert held == {"handbook": ["on-call"], "handbook-adr": ["adr-howto"],
                    "wiki": ["glossary", "declared"]}  # fmt: skip
    assert primer_texts(index)["wiki"] == "TEU and demurrage the pay calendar"
    lex = LexicalIndex(cards, FieldWeights(), primers=primer_texts(index))
    scores = lex.score(query("who is the incident commander"))
    assert scores.argmax() == 0
    assert lex.matched_fields(0, query("incident commander")) == {"primer": ["incid", "command"]}
    assert list(lex.positive_cards("incid")) == []  # the foundation wrote it, not the card


def test_locations_are_read_word_by_word_in_linear_time() -> None:
    pointer = ('handbook repo, engineering/on-call.md — org/repos/handbook/engineering/on-call.md '
               '(see http://127.0.0.1:8088/notion/ops/page).')  # fmt: skip
    assert locations(pointer) == ["engineering/on-call.md",
                                  "org/repos/handbook/engineering/on-call.md",
                                  "http://127.0.0.1:8088/notion/ops/page"]  # fmt: skip
    # a regex scanning every start of a long word took seconds on this
    assert locations("a" * 100_000) == []
    assert locations("a/" * 50_000 + "b") == ["a/" * 50_000 + "b"]


def test_a_word_no_card_uses_has_the_forms_cards_do_use() -> None:
    lex = LexicalIndex([_card("orders", "pub orders and deliveries, complaints"),
                        _card("crm", "pubs, contacts and visits")], FieldWeights())
    assert lex.forms_of(terms("deliver")[0]) == terms("deliveries")
    assert lex.forms_of(terms("complain")[0]) == terms("complaints")
    assert lex.forms_of(terms("deliveries")[0]) == []  # used as it is: nothing to add
    assert lex.forms_of(terms("contacting")[0]) == []  # "contact" is a form: already one stem
    assert lex.forms_of(terms("pub")[0]) == []  # too short to tell a form from a word


def test_a_close_form_is_longer_by_at_most_two_letters_or_a_suffix() -> None:
    lex = LexicalIndex([_card("classes", "participants, machinery, children and trackers")],
                       FieldWeights())  # fmt: skip
    assert [lex.knows_a_close_form_of(terms(w)[0]) for w in
            ("party", "machine", "child", "track", "partic")] == [False, True, True, True,
                                                                  True]  # fmt: skip
    assert lex.knows_a_form_of(terms("party")[0])  # "particip" opens with "parti"
    # a verb made with "-ise" is a word of its own: "organiser" is no form of "organic"
    organiser = LexicalIndex([_card("shop", "the shop organiser's diary")], FieldWeights())
    assert not organiser.knows_a_close_form_of(terms("organic")[0])


def test_inventory_terms_count_in_part_only_when_there_are_enough_of_them() -> None:
    from tests.routing.conftest import card

    cards = [card("rota", "the rota app: shifts and swaps",
                  contains="timesheets for the bank staff"),
             card("other", "the accounts", contains="budgets")]  # fmt: skip
    lex = LexicalIndex(cards, FieldWeights())
    one, two = query("shifts timesheets"), query("shifts timesheets bank")
    masks = lex.masks([0], one) + lex.masks([0], two)
    [full_one] = lex.coverages(masks[:1], one)
    [aside_one] = lex.coverages(masks[:1], one, ("contains",), 0.5, 2)
    [aside_two] = lex.coverages(masks[1:], two, ("contains",), 0.5, 2)
    [none_two] = lex.coverages(masks[1:], two, ("contains",))
    assert full_one == 1.0
    assert 0 < aside_one < full_one  # "shifts" in full; one inventory word counts nothing
    assert aside_one == lex.coverages(masks[:1], one, ("contains",))[0]
    assert none_two < aside_two < 1.0  # two inventory words count at half
