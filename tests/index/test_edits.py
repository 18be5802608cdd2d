"""Delta edits: each kind, the errors, all-or-nothing writes, and the round trip as properties."""

from __future__ import annotations

import json
import string
import tempfile
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, event, given, reject, settings
from hypothesis import strategies as st

from sourcefinder.errors import EditError
from sourcefinder.index import Health, lint, load_index
from sourcefinder.index._parse import parse_file
from sourcefinder.index._values import parse_example
from sourcefinder.index.edits import (
    AddDraftCard,
    AddExample,
    ClearField,
    Edit,
    RemoveExample,
    SetField,
    SetNodeField,
    SetProbeMark,
    SetStatus,
    UpdateHealth,
    apply_edits,
    apply_to_text,
    edit_from_dict,
)

INDEX = """\
# Acme index

Where to look, and how.

# Foundation

### metrics-onboarding
- what: how we define and instrument metrics
- parent: (root)
- pointer: Confluence "Metrics Onboarding" deck

### metrics-glossary
- what: cohort vs. segment, MRR vs. bookings
- parent: metrics-onboarding
- pointer: glossary page, same space

# Analytics

## historical-performance
- what/what-not: metric trends over time — NOT raw query data
- kind: confluence-space · scope: internal · trust: primary
- contains: weekly dashboards, trend writeups
  (~200 docs, active)
- read-first: metrics-glossary
- how: /search API, semantic works well; browse → space tree for reports
- example: "Q2 churn by segment" → trend report T-88   [probe ✓ 2026-09-01]
- example: "MRR by region" -> dashboard D-12
- combines: analytics-warehouse (raw queries) · supersedes: perf-old
- health: helpful 12 · harmful 1 · last_verified 2026-09-01

## analytics-warehouse
- what/what-not: raw event and billing tables for ad-hoc SQL — NOT curated trends
- kind: database · scope: internal · trust: primary
- contains: ~400 tables, refreshed hourly (active)
- how: SQL through the BI tool · owner: data team
  (ask in data-help)
- example: "daily active users last week" → one row per day from marts.dau
- gotcha: timestamps are UTC;
  finance reports use Pacific time

## perf-old
- what/what-not: the 2021–2023 performance space — NOT current numbers
- kind: confluence-space · scope: internal · trust: archive
- contains: frozen trend reports (~150 docs, read-only)
- how: keyword search only
- status: demoted

# Sources

## confluence
- what/what-not: company Confluence instance — NOT a specific space
- kind: wiki · scope: internal · trust: primary
- child-index: confluence-spaces
- how: browse via space directory
- health: helpful 8 · harmful 0 · last_verified 2026-09-05
"""

FRAGMENT = """\
### finance-space
- extends: confluence
- what/what-not: budgets, forecasts and board packs — NOT payroll
- contains: monthly forecasts, board decks · owner: finance team
- example: "FY27 travel budget" → forecast sheet FIN-12   [probe ? ]

### hr-space
- extends: confluence
- what/what-not: hiring plans and policies — NOT salaries
- contains: policies (~40 docs)
- example: "parental leave" → policy page HR-3 · example: "hiring plan" → sheet HR-9
"""

FRAG = "clusters/confluence-spaces.md"
FULL_CARD = (("what/what-not", "new things — NOT old things"), ("kind", "wiki"),
             ("scope", "internal"), ("trust", "secondary"), ("contains", "a few pages"),
             ("how", "browse"))


def make_index(root: Path) -> Path:
    (root / "clusters").mkdir(parents=True)
    (root / "INDEX.md").write_text(INDEX, encoding="utf-8")
    (root / FRAG).write_text(FRAGMENT, encoding="utf-8")
    return root


@pytest.fixture
def index_root(tmp_path: Path) -> Path:
    return make_index(tmp_path / "index")


def fields_of(text: str, path: str = "INDEX.md", fragment: bool = False) -> dict[str, list]:
    parsed = parse_file(text, path, fragment=fragment)
    assert not parsed.diagnostics
    return {r.id: [(f.key, f.value) for f in r.fields] for r in parsed.records}


def line_of(text: str, needle: str) -> int:
    """1-based number of the line that starts with ``needle``."""
    return next(i for i, ln in enumerate(text.splitlines(), 1) if ln.startswith(needle))


def edit(text: str, *edits: Edit, path: str = "INDEX.md") -> str:
    return apply_to_text(text, path, path != "INDEX.md", list(edits))


def replaced(old: str, new: str) -> tuple[list[str], list[str]]:
    """(old lines, new lines) of the one changed stretch, everything around it equal."""
    return changed_stretch(old, new)[1:]


def changed_stretch(old: str, new: str) -> tuple[int, list[str], list[str]]:
    """(first changed line, 1-based; old lines; new lines): around them, all lines are equal."""
    a, b = old.splitlines(keepends=True), new.splitlines(keepends=True)
    p = 0
    while p < min(len(a), len(b)) and a[p] == b[p]:
        p += 1
    s = 0
    while s < min(len(a), len(b)) - p and a[-1 - s] == b[-1 - s]:
        s += 1
    return p + 1, a[p:len(a) - s], b[p:len(b) - s]


# -- SetField / ClearField ------------------------------------------------------------------


def test_set_field_rewrites_only_its_segment() -> None:
    out = edit(INDEX, SetField("historical-performance", "scope", "external"))
    assert replaced(INDEX, out) == (
        ["- kind: confluence-space · scope: internal · trust: primary\n"],
        ["- kind: confluence-space · scope: external · trust: primary\n"])


def test_set_field_replaces_continuation_lines() -> None:
    out = edit(INDEX, SetField("historical-performance", "contains", "dashboards (~210 docs)"))
    assert replaced(INDEX, out) == (
        ["- contains: weekly dashboards, trend writeups\n", "  (~200 docs, active)\n"],
        ["- contains: dashboards (~210 docs)\n"])


def test_set_field_on_last_segment_drops_its_continuation() -> None:
    out = edit(INDEX, SetField("analytics-warehouse", "owner", "platform team"))
    assert replaced(INDEX, out) == (
        ["- how: SQL through the BI tool · owner: data team\n", "  (ask in data-help)\n"],
        ["- how: SQL through the BI tool · owner: platform team\n"])


def test_set_field_appends_a_missing_field_after_the_last_field_line() -> None:
    out = edit(INDEX, SetField("perf-old", "at", "https://wiki.example/perf"))
    after = line_of(INDEX, "- status: demoted")
    old = INDEX.splitlines(keepends=True)
    assert out.splitlines(keepends=True) == [
        *old[:after], "- at: https://wiki.example/perf\n", *old[after:]]


def test_set_field_appends_after_a_trailing_continuation() -> None:
    out = edit(INDEX, SetField("analytics-warehouse", "contact", "ask Dana"))
    old = INDEX.splitlines(keepends=True)
    after = line_of(INDEX, "  finance reports use Pacific time")
    assert out.splitlines(keepends=True) == [*old[:after], "- contact: ask Dana\n", *old[after:]]


def test_set_field_on_a_cluster_child_in_a_fragment() -> None:
    out = edit(FRAGMENT, SetField("finance-space", "owner", "fp&a"), path=FRAG)
    assert replaced(FRAGMENT, out) == (
        ["- contains: monthly forecasts, board decks · owner: finance team\n"],
        ["- contains: monthly forecasts, board decks · owner: fp&a\n"])


def test_set_field_keeps_the_authored_spacing_after_the_key() -> None:
    text = "# G\n\n## a\n- kind:   wiki\n- how: x\n"
    out = edit(text, SetField("a", "kind", "database"))
    assert out == "# G\n\n## a\n- kind:   database\n- how: x\n"


def test_clear_field_removes_a_whole_line_with_its_continuation() -> None:
    out = edit(INDEX, ClearField("historical-performance", "contains"))
    assert replaced(INDEX, out) == (
        ["- contains: weekly dashboards, trend writeups\n", "  (~200 docs, active)\n"], [])


def test_clear_field_removes_a_first_segment() -> None:
    out = edit(INDEX, ClearField("historical-performance", "kind"))
    assert replaced(INDEX, out)[1] == ["- scope: internal · trust: primary\n"]


def test_clear_field_removes_a_last_segment_and_its_continuation() -> None:
    out = edit(INDEX, ClearField("analytics-warehouse", "owner"))
    assert replaced(INDEX, out)[1] == ["- how: SQL through the BI tool\n"]


def test_clear_field_in_a_fragment() -> None:
    out = edit(FRAGMENT, ClearField("finance-space", "owner"), path=FRAG)
    assert replaced(FRAGMENT, out)[1] == ["- contains: monthly forecasts, board decks\n"]


def test_set_status_replaces_the_status() -> None:
    out = edit(INDEX, SetStatus("perf-old", "active"))
    assert replaced(INDEX, out) == (["- status: demoted\n"], ["- status: active\n"])


def test_update_health_replaces_a_value_that_holds_separators() -> None:
    out = edit(INDEX, UpdateHealth("historical-performance", 13, 1, date(2026, 10, 1)))
    assert replaced(INDEX, out) == (
        ["- health: helpful 12 · harmful 1 · last_verified 2026-09-01\n"],
        ["- health: helpful 13 · harmful 1 · last_verified 2026-10-01\n"])


def test_set_node_field_edits_a_foundation_node() -> None:
    out = edit(INDEX, SetNodeField("metrics-glossary", "pointer", "wiki page G-1"))
    assert replaced(INDEX, out) == (["- pointer: glossary page, same space\n"],
                                    ["- pointer: wiki page G-1\n"])


# -- examples and probe marks ---------------------------------------------------------------


def test_add_example_goes_after_the_last_example() -> None:
    out = edit(INDEX, AddExample("historical-performance", '"NRR" → metric page M-3'))
    old = INDEX.splitlines(keepends=True)
    after = line_of(INDEX, '- example: "MRR by region"')
    assert out.splitlines(keepends=True) == [
        *old[:after], '- example: "NRR" → metric page M-3\n', *old[after:]]


def test_add_example_to_a_card_without_examples_goes_after_its_last_field() -> None:
    out = edit(INDEX, AddExample("perf-old", '"2022 churn" → report R-1'))
    assert fields_of(out)["perf-old"][-1] == ("example", '"2022 churn" → report R-1')


def test_remove_example_alone_on_its_line() -> None:
    out = edit(INDEX, RemoveExample("historical-performance", "MRR by region"))
    assert replaced(INDEX, out) == (['- example: "MRR by region" -> dashboard D-12\n'], [])


def test_remove_example_sharing_a_line() -> None:
    out = edit(FRAGMENT, RemoveExample("hr-space", "parental leave"), path=FRAG)
    assert replaced(FRAGMENT, out)[1] == ['- example: "hiring plan" → sheet HR-9\n']


def test_set_probe_mark_replaces_a_mark() -> None:
    out = edit(INDEX, SetProbeMark("historical-performance", "Q2 churn by segment", "✗",
                                   date(2026, 10, 2)))
    assert replaced(INDEX, out)[1] == [
        '- example: "Q2 churn by segment" → trend report T-88   [probe ✗ 2026-10-02]\n']


def test_set_probe_mark_adds_a_mark_keeping_the_authored_text() -> None:
    out = edit(INDEX, SetProbeMark("historical-performance", "MRR by region", "?"))
    assert replaced(INDEX, out)[1] == [
        '- example: "MRR by region" -> dashboard D-12   [probe ?]\n']


def test_set_probe_mark_on_a_shared_line_in_a_fragment() -> None:
    out = edit(FRAGMENT, SetProbeMark("hr-space", "hiring plan", "✓", date(2026, 9, 9)),
               path=FRAG)
    assert replaced(FRAGMENT, out)[1] == [
        '- example: "parental leave" → policy page HR-3 · '
        'example: "hiring plan" → sheet HR-9   [probe ✓ 2026-09-09]\n']


# -- draft cards ----------------------------------------------------------------------------


def test_add_draft_card_goes_at_the_end_of_its_group() -> None:
    out = edit(INDEX, AddDraftCard("metrics-wiki", "Analytics", FULL_CARD))
    old = INDEX.splitlines(keepends=True)
    after = line_of(INDEX, "- status: demoted")
    added = ["\n", "## metrics-wiki\n", *(f"- {k}: {v}\n" for k, v in FULL_CARD),
             "- status: draft\n"]
    assert out.splitlines(keepends=True) == [*old[:after], *added, *old[after:]]


def test_add_draft_card_creates_a_missing_group_at_the_end() -> None:
    out = edit(INDEX, AddDraftCard("metrics-wiki", "Finance", FULL_CARD))
    assert out.startswith(INDEX)
    assert out[len(INDEX):].startswith("\n# Finance\n\n## metrics-wiki\n")
    parsed = parse_file(out, "INDEX.md", fragment=False)
    assert parsed.groups[-1] == "Finance"
    assert parsed.records[-1].group == "Finance"


def test_add_draft_card_leaves_a_blank_line_before_the_next_heading() -> None:
    text = "# A\n\n## a\n- kind: x\n# B\n\n## b\n- kind: y\n"
    out = edit(text, AddDraftCard("c", "A", (("kind", "z"),)))
    assert out == ("# A\n\n## a\n- kind: x\n\n## c\n- kind: z\n- status: draft\n\n"
                   "# B\n\n## b\n- kind: y\n")


def test_a_card_added_in_a_batch_can_be_edited_in_the_same_batch(index_root: Path) -> None:
    apply_edits(index_root, [AddDraftCard("metrics-wiki", "Analytics", FULL_CARD),
                             AddExample("metrics-wiki", '"x" → y')])
    assert lint(index_root) == []
    text = (index_root / "INDEX.md").read_text(encoding="utf-8")
    assert ("example", '"x" → y') in fields_of(text)["metrics-wiki"]


def test_edits_on_every_card_of_the_example_index(example_index: Path) -> None:
    index = load_index(example_index)
    batch: list[Edit] = []
    for card in index.cards.values():
        batch.append(UpdateHealth(card.id, 1, 0, date(2026, 11, 1)))
        if card.examples:
            batch.append(SetProbeMark(card.id, card.examples[0].query, "✗", date(2026, 11, 1)))
    lines_before = {p: p.read_text(encoding="utf-8").count("\n")
                    for p in example_index.rglob("*.md")}
    apply_edits(example_index, batch)
    after = load_index(example_index)
    for card in after.cards.values():
        assert card.health == Health(1, 0, date(2026, 11, 1))
        if card.examples:
            assert (card.examples[0].mark, card.examples[0].mark_date) == ("✗", date(2026, 11, 1))
    assert (after.foundation, after.groups) == (index.foundation, index.groups)
    added = sum(1 for c in index.cards.values() if c.health is None)
    assert sum(p.read_text(encoding="utf-8").count("\n") for p in lines_before) == (
        sum(lines_before.values()) + added)


# -- line endings ---------------------------------------------------------------------------


@pytest.mark.parametrize("final", ["\r\n", ""])
def test_crlf_and_a_missing_final_newline_are_kept(final: str) -> None:
    text = INDEX.replace("\n", "\r\n").removesuffix("\r\n") + final
    out = edit(text, SetField("confluence", "owner", "it"), ClearField("confluence", "health"),
               AddDraftCard("new-card", "Sources", FULL_CARD))
    assert out.endswith("- status: draft" + final)
    assert "\n" not in out.replace("\r\n", "")
    assert out.startswith(text[: text.index("## confluence")])


# -- errors ---------------------------------------------------------------------------------


@pytest.mark.parametrize(("make", "message"), [
    (lambda: SetField("historical-performance", "kind", "a\nb"), "line break"),
    (lambda: SetField("historical-performance", "kynd", "wiki"), "did you mean 'kind'"),
    (lambda: SetField("historical-performance", "children", "x"), "derived"),
    (lambda: SetField("historical-performance", "example", '"q" → r'), "many times"),
    (lambda: SetField("historical-performance", "scope", "public"), "not one of"),
    (lambda: SetField("historical-performance", "kind", "wiki · scope: external"), "another field"),
    (lambda: SetField("historical-performance", "how", "   "), "empty"),
    (lambda: SetField("Bad Id", "kind", "wiki"), "malformed card id"),
    (lambda: SetStatus("perf-old", "retired"), "not one of"),
    (lambda: AddExample("perf-old", "no quotes here"), "malformed example"),
    (lambda: SetProbeMark("perf-old", "q", "✓"), "needs a date"),
    (lambda: SetProbeMark("perf-old", "q", "ok", date(2026, 1, 1)), "not one of"),
    (lambda: UpdateHealth("perf-old", -1, 0, None), "whole number"),
    (lambda: AddDraftCard("x", "Foundation", FULL_CARD), "Foundation"),
    (lambda: AddDraftCard("x", "Analytics", (("status", "active"),)), "always 'draft'"),
    (lambda: SetNodeField("metrics-glossary", "kind", "x"), "unknown key"),
])
def test_malformed_edits_are_refused_when_made(make: Callable[[], Edit], message: str) -> None:
    with pytest.raises(EditError, match=message):
        make()


@pytest.mark.parametrize(("e", "message"), [
    (SetField("historical-performanse", "kind", "wiki"), "did you mean 'historical-performance'"),
    (ClearField("perf-old", "owner"), "no 'owner' field"),
    (RemoveExample("historical-performance", "nope"), "no example 'nope'"),
    (SetProbeMark("perf-old", "nope", "?"), "no example"),
    (SetNodeField("no-such-node", "what", "x"), "unknown foundation node"),
    (AddDraftCard("perf-old", "Analytics", FULL_CARD), "already exists"),
    (AddDraftCard("c-sharp", "C#", FULL_CARD), "would not read back"),
    (SetField("historical-performance", "kind", "a ·"), "would not read back"),
])
def test_edits_that_do_not_apply_raise(e: Edit, message: str) -> None:
    with pytest.raises(EditError, match=message):
        edit(INDEX, e)


def test_a_draft_card_never_goes_in_a_fragment() -> None:
    with pytest.raises(EditError, match="INDEX.md"):
        edit(FRAGMENT, AddDraftCard("new-card", "Sources", FULL_CARD), path=FRAG)


def test_a_draft_card_cannot_take_a_cluster_child_id(index_root: Path) -> None:
    with pytest.raises(EditError, match="already exists"):
        apply_edits(index_root, [AddDraftCard("finance-space", "Sources", FULL_CARD)])


def snapshot(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*"))
            if p.is_file()}


def test_a_failing_edit_writes_nothing(index_root: Path) -> None:
    before = snapshot(index_root)
    batch: list[Edit] = [SetField("finance-space", "owner", "fp&a"),
                         SetStatus("perf-old", "active"), ClearField("perf-old", "owner")]
    with pytest.raises(EditError, match=r"edit 3 of 3 \(clear_field\)"):
        apply_edits(index_root, batch)
    assert snapshot(index_root) == before


def test_a_batch_that_breaks_lint_writes_nothing(index_root: Path) -> None:
    before = snapshot(index_root)
    with pytest.raises(EditError, match="E105"):
        apply_edits(index_root, [SetField("perf-old", "supersedes", "ghost")])
    with pytest.raises(EditError, match="E102"):
        apply_edits(index_root, [ClearField("perf-old", "how")])
    assert snapshot(index_root) == before


def test_apply_edits_returns_the_changed_files_and_stays_lint_clean(index_root: Path) -> None:
    assert lint(index_root) == []
    changed = apply_edits(index_root, [
        SetProbeMark("finance-space", "FY27 travel budget", "✓", date(2026, 9, 30)),
        UpdateHealth("confluence", 9, 0, date(2026, 9, 30)),
    ])
    assert changed == [index_root / "INDEX.md", index_root / FRAG]
    assert lint(index_root) == []
    assert sorted(p.name for p in index_root.rglob("*")) == sorted(
        ["INDEX.md", "clusters", "confluence-spaces.md"])  # no temp files left


def test_an_edit_that_changes_nothing_changes_no_file(index_root: Path) -> None:
    assert apply_edits(index_root, [SetStatus("perf-old", "demoted")]) == []


# -- JSON -----------------------------------------------------------------------------------

ALL_KINDS: list[Edit] = [
    SetField("perf-old", "owner", "analytics"), ClearField("perf-old", "status"),
    AddExample("perf-old", '"q" → r'), RemoveExample("perf-old", "q"),
    SetProbeMark("perf-old", "q", "✓", date(2026, 9, 1)), SetProbeMark("perf-old", "q", "?"),
    UpdateHealth("perf-old", 1, 2, date(2026, 9, 1)), UpdateHealth("perf-old", 0, 0, None),
    SetStatus("perf-old", "draft"), AddDraftCard("new-card", "Sources", FULL_CARD),
    SetNodeField("metrics-glossary", "what", "terms"),
]


@pytest.mark.parametrize("e", ALL_KINDS, ids=lambda e: e.op)
def test_edits_round_trip_through_json(e: Edit) -> None:
    assert edit_from_dict(json.loads(json.dumps(e.to_dict()))) == e


@pytest.mark.parametrize(("d", "message"), [
    ({"op": "rename_card"}, "unknown edit op"),
    ({"op": "set_field", "card_id": "a", "key": "kind"}, "missing"),
    ({"op": "set_field", "card_id": "a", "key": "kind", "value": "x", "extra": 1}, "unknown"),
    ({"op": "update_health", "card_id": "a", "helpful": 1, "harmful": 0,
      "last_verified": "2026-13-01"}, "not a YYYY-MM-DD date"),
    ({"op": "set_field", "card_id": "a", "key": "kind", "value": 3}, "must be text"),
    ([1, 2], "JSON object"),
])
def test_malformed_edit_dicts_are_refused(d: object, message: str) -> None:
    with pytest.raises(EditError, match=message):
        edit_from_dict(d)  # type: ignore[arg-type]


# -- properties: parse → edit → write → parse -----------------------------------------------

SAFE = st.text(string.ascii_letters + string.digits + " ,.()/-&", min_size=1, max_size=24) \
    .map(str.strip).filter(bool)
WILD = st.text(st.characters(blacklist_categories=("Cc", "Cs", "Zl", "Zp")), min_size=1,
               max_size=24).filter(lambda s: s.strip() and len(s.splitlines()) == 1)
TRICKY = st.lists(st.sampled_from(["a", " · ", "·", " ", "scope: b", "x: y", "#", "→", '"',
                                   "[probe ✓ 2026-01-01]", "-", "  "]), min_size=1, max_size=6) \
    .map("".join).filter(lambda s: s.strip() != "")
QUERY = SAFE
FREE_KEYS = ("kind", "contains", "how", "at", "probe", "contact", "owner", "background")
ENUM_VALUES = {"scope": ("internal", "external"), "trust": ("primary", "secondary", "archive"),
               "status": ("active", "draft", "demoted")}
MARK = st.sampled_from(["", "   [probe ✓ 2026-09-01]", "   [probe ?]"])


@st.composite
def card_lines(draw: st.DrawFn) -> list[str]:
    """One card's field lines: fields sharing lines, continuation lines, examples."""
    keys = draw(st.lists(st.sampled_from(FREE_KEYS + tuple(ENUM_VALUES)), unique=True,
                         min_size=1, max_size=6))
    items = [(k, draw(st.sampled_from(ENUM_VALUES[k])) if k in ENUM_VALUES else draw(SAFE))
             for k in keys]
    queries = draw(st.lists(QUERY, unique=True, max_size=3))
    items += [("example", f'"{q}" → {draw(SAFE)}{draw(MARK)}') for q in queries]
    items = draw(st.permutations(items))
    lines: list[str] = []
    i = 0
    while i < len(items):
        chunk = items[i:i + draw(st.integers(1, 3))]
        lines.append("- " + " · ".join(f"{k}: {v}" for k, v in chunk))
        i += len(chunk)
        if chunk[-1][0] not in ENUM_VALUES:
            lines += ["  " + c for c in draw(st.lists(SAFE, max_size=2))]
    return lines


@st.composite
def index_texts(draw: st.DrawFn) -> str:
    cards = draw(st.lists(card_lines(), min_size=1, max_size=4))
    nl = draw(st.sampled_from(["\n", "\r\n"]))
    lines = ["# Generated", "", "# Group", ""]
    for n, card in enumerate(cards):
        lines += [f"## c{n}", *card, ""]
    text = nl.join(lines)
    return text if draw(st.booleans()) else text + nl


@st.composite
def text_and_edit(draw: st.DrawFn) -> tuple[str, Edit]:
    text = draw(index_texts())
    fields = fields_of(text)
    card = draw(st.sampled_from(sorted(fields)))
    present = [k for k, _ in fields[card] if k != "example"]
    queries = [parse_example(v).query for k, v in fields[card] if k == "example"]
    value = st.one_of(SAFE, WILD, TRICKY)
    choices: list[st.SearchStrategy[Edit]] = [
        st.builds(SetField, st.just(card), st.sampled_from(FREE_KEYS), value),
        st.sampled_from(sorted(ENUM_VALUES)).flatmap(lambda k: st.builds(
            SetField, st.just(card), st.just(k), st.sampled_from(ENUM_VALUES[k]))),
        st.builds(UpdateHealth, st.just(card), st.integers(0, 999), st.integers(0, 999),
                  st.none() | st.dates()),
        st.builds(AddExample, st.just(card),
                  st.builds(lambda q, e: f'"{q}" → {e}', QUERY.filter(lambda q: q not in queries),
                            value)),
    ]
    if present:
        choices.append(st.builds(ClearField, st.just(card), st.sampled_from(present)))
    if queries:
        choices.append(st.builds(RemoveExample, st.just(card), st.sampled_from(queries)))
        choices.append(st.builds(SetProbeMark, st.just(card), st.sampled_from(queries),
                                 st.sampled_from(["✓", "✗"]), st.dates()))
        choices.append(st.builds(SetProbeMark, st.just(card), st.sampled_from(queries),
                                 st.just("?"), st.none() | st.dates()))
    try:
        return text, draw(draw(st.sampled_from(choices)))  # each kind equally often
    except EditError:  # a generated value the edit refuses when made (e.g. ' · key:' inside)
        reject()


def expected_fields(pairs: list[tuple[str, str]], e: Edit) -> list[tuple[str, str]]:
    """The card's (key, value) pairs after the edit, examples compared as a list."""
    out = list(pairs)
    if isinstance(e, SetField | SetStatus | UpdateHealth):
        key, value = ((e.key, e.value) if isinstance(e, SetField) else ("status", e.status)
                      if isinstance(e, SetStatus) else ("health", e.value))
        spot = [i for i, (k, _) in enumerate(out) if k == key]
        if spot:
            out[spot[0]] = (key, value)
        else:
            out.append((key, value))
    elif isinstance(e, ClearField):
        out.remove(next(p for p in out if p[0] == e.key))
    elif isinstance(e, AddExample):
        out.append(("example", e.text))
    elif isinstance(e, RemoveExample):
        out = [p for p in out if p[0] != "example" or parse_example(p[1]).query != e.query]
    return out


def in_order(pairs: list[tuple[str, str]]) -> tuple[list, list]:
    return [p for p in pairs if p[0] != "example"], [p for p in pairs if p[0] == "example"]


def the_field(text: str, e: Edit) -> tuple[int, int] | None:
    """(line, end_line of the last field on that line) of the field an edit replaces, if any."""
    rec = next(r for r in parse_file(text, "INDEX.md", fragment=False).records
               if r.id == e.card_id)  # type: ignore[union-attr]
    key = {SetField: getattr(e, "key", ""), SetStatus: "status", UpdateHealth: "health",
           ClearField: getattr(e, "key", "")}.get(type(e), "example")
    query = getattr(e, "query", None)
    for f in rec.fields:
        if f.key == key and (query is None or parse_example(f.value).query == query):
            return f.line, max(g.end_line for g in rec.fields if g.line == f.line)
    return None


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text_and_edit())
def test_round_trip_changes_the_edited_field_and_nothing_else(case: tuple[str, Edit]) -> None:
    text, e = case
    assert not isinstance(e, SetNodeField)
    span = the_field(text, e) if not isinstance(e, AddExample) else None
    try:
        out = edit(text, e)
    except EditError as exc:
        # only a value the format cannot hold may be refused: one whose ' · ' would not
        # read back as written (the parser trims the spaces around a separator)
        assert "would not read back" in str(exc)
        assert "·" in str(getattr(e, "value", getattr(e, "text", "")))
        event("refused")
        return
    event(type(e).__name__)
    before, after = fields_of(text), fields_of(out)
    assert {c: p for c, p in after.items() if c != e.card_id} == {
        c: p for c, p in before.items() if c != e.card_id}
    want = expected_fields(before[e.card_id], e)
    if isinstance(e, SetProbeMark):
        got = [parse_example(v) for k, v in after[e.card_id] if k == "example"]
        marked = [x for x in got if x.query == e.query]
        assert [(x.mark, x.mark_date) for x in marked] == [(e.mark, e.on)]
        assert in_order(after[e.card_id])[0] == in_order(want)[0]
    elif isinstance(e, AddExample):
        assert in_order(after[e.card_id]) == in_order(want)
    else:
        assert after[e.card_id] == want
    start, old_lines, new_lines = changed_stretch(text, out)
    if out == text:  # the value was already there
        assert isinstance(e, SetField | SetStatus | UpdateHealth | SetProbeMark)
    elif span is None:  # an added line: nothing else changed
        assert old_lines == [] and len(new_lines) == 1
    else:  # only the field's own line(s) changed, into at most one line
        assert span[0] <= start and start + len(old_lines) - 1 <= span[1]
        assert len(new_lines) <= 1
    nl = "\r\n" if "\r\n" in text else "\n"
    assert all(ln.endswith(nl) for ln in out.splitlines(keepends=True)[:-1])
    assert out.endswith(nl) == text.endswith(nl)


FIXED_CARDS = {"historical-performance": "INDEX.md", "analytics-warehouse": "INDEX.md",
               "perf-old": "INDEX.md", "confluence": "INDEX.md", "finance-space": FRAG,
               "hr-space": FRAG}
OPTIONAL_KEYS = ("at", "probe", "contact", "owner", "background")


@st.composite
def lint_safe_edits(draw: st.DrawFn) -> list[Edit]:
    """Edits that keep the fixed index lint-clean, on cards of both files."""
    batch: list[Edit] = []
    for _ in range(draw(st.integers(1, 4))):
        card = draw(st.sampled_from(sorted(FIXED_CARDS)))
        batch.append(draw(st.one_of(
            st.builds(SetField, st.just(card), st.sampled_from(OPTIONAL_KEYS + ("contains",)),
                      SAFE),
            st.builds(SetStatus, st.just(card), st.sampled_from(["active", "draft", "demoted"])),
            st.builds(UpdateHealth, st.just(card), st.integers(0, 99), st.integers(0, 99),
                      st.dates()),
            st.builds(AddExample, st.just(card), SAFE.map(lambda s: f'"{s}?" → {s}')),
        )))
    return batch


@settings(max_examples=50, deadline=None)
@given(lint_safe_edits())
def test_apply_edits_keeps_a_clean_index_clean(batch: list[Edit]) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root = make_index(Path(tmp))
        before = {rel: fields_of((root / rel).read_text(encoding="utf-8"), rel, rel == FRAG)
                  for rel in ("INDEX.md", FRAG)}
        changed = apply_edits(root, batch)
        assert [d for d in lint(root) if d.level == "error"] == []
        for rel in ("INDEX.md", FRAG):
            after = fields_of((root / rel).read_text(encoding="utf-8"), rel, rel == FRAG)
            for card, pairs in before[rel].items():
                for e in (e for e in batch if getattr(e, "card_id", None) == card):
                    pairs = expected_fields(pairs, e)
                assert in_order(after[card]) == in_order(pairs), card
        assert set(changed) <= {root / "INDEX.md", root / FRAG}
