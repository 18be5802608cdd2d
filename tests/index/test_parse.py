"""The line grammar of index files (sourcefinder.index._parse)."""

from __future__ import annotations

from textwrap import dedent

import pytest

from sourcefinder.index._parse import Diagnostic, ParsedFile, heading_id, parse_file
from sourcefinder.index.model import Field


def parse(text: str, *, fragment: bool = False, path: str | None = None) -> ParsedFile:
    path = path or ("clusters/frag.md" if fragment else "INDEX.md")
    return parse_file(dedent(text).lstrip("\n"), path, fragment=fragment)


def errors(pf: ParsedFile) -> list[Diagnostic]:
    return [d for d in pf.diagnostics if d.level == "error"]


def line_of(text: str, needle: str) -> int:
    lines = dedent(text).lstrip("\n").splitlines()
    hits = [i for i, line in enumerate(lines, start=1) if needle in line]
    assert len(hits) == 1, f"{needle!r} found on lines {hits}"
    return hits[0]


# --- multi-field lines ---------------------------------------------------------------------


def test_middle_dot_splits_known_keys() -> None:
    pf = parse("""
        # Sources

        ## a
        - kind: wiki · scope: internal · trust: primary
    """)
    assert not pf.diagnostics
    fields = pf.records[0].fields
    assert [(f.key, f.value, f.line, f.segment) for f in fields] == [
        ("kind", "wiki", 4, 0),
        ("scope", "internal", 4, 1),
        ("trust", "primary", 4, 2),
    ]
    assert all(f.end_line == 4 and f.path == "INDEX.md" for f in fields)


def test_health_line_stays_one_field() -> None:
    pf = parse("""
        # Sources

        ## a
        - health: helpful 12 · harmful 1 · last_verified 2026-09-01
    """)
    (f,) = pf.records[0].fields
    assert (f.key, f.value) == ("health", "helpful 12 · harmful 1 · last_verified 2026-09-01")


def test_segment_with_unknown_key_belongs_to_previous_field() -> None:
    pf = parse("""
        # Sources

        ## a
        - how: search · tip: use quotes · kind: wiki
    """)
    fields = pf.records[0].fields
    assert [(f.key, f.value, f.segment) for f in fields] == [
        ("how", "search · tip: use quotes", 0),
        ("kind", "wiki", 1),
    ]


def test_middle_dot_without_spaces_does_not_split() -> None:
    pf = parse("""
        # Sources

        ## a
        - how: a·kind: b
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [("how", "a·kind: b")]


def test_segment_key_needs_space_after_colon() -> None:
    pf = parse("""
        # Sources

        ## a
        - kind: wiki · scope:internal
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [("kind", "wiki · scope:internal")]


def test_mixed_multi_field_line_from_the_spec() -> None:
    pf = parse("""
        # Sources

        ## a
        - combines: analytics-warehouse (raw queries) · supersedes: perf-old
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [
        ("combines", "analytics-warehouse (raw queries)"),
        ("supersedes", "perf-old"),
    ]


def test_value_may_contain_colons_and_urls() -> None:
    pf = parse("""
        # Sources

        ## a
        - at: https://wiki.example/x?q=1 · probe: http https://wiki.example/rest?q={query}
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [
        ("at", "https://wiki.example/x?q=1"),
        ("probe", "http https://wiki.example/rest?q={query}"),
    ]


def test_star_list_items_are_fields_too() -> None:
    pf = parse("""
        # Sources

        ## a
        * kind: wiki
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [("kind", "wiki")]


def test_empty_value_is_kept_as_empty() -> None:
    pf = parse("""
        # Sources

        ## a
        - at:
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [("at", "")]


# --- continuation lines --------------------------------------------------------------------


def test_continuation_lines_join_with_one_space() -> None:
    pf = parse("""
        # Sources

        ## a
        - contains: weekly dashboards,
          trend writeups
              (~200 docs, active)
        - kind: wiki
    """)
    contains, kind = pf.records[0].fields
    assert contains == Field(
        "contains", "weekly dashboards, trend writeups (~200 docs, active)", "INDEX.md", 4, 6, 0
    )
    assert (kind.key, kind.line, kind.end_line) == ("kind", 7, 7)


def test_tab_indented_continuation() -> None:
    pf = parse_file("# Sources\n\n## a\n- how: search\n\tthen browse\n", "INDEX.md", fragment=False)
    (how,) = pf.records[0].fields
    assert (how.value, how.end_line) == ("search then browse", 5)


def test_continuation_extends_only_the_last_segment() -> None:
    pf = parse("""
        # Sources

        ## a
        - kind: wiki · how: search
          then browse
    """)
    kind, how = pf.records[0].fields
    assert (kind.value, kind.end_line) == ("wiki", 4)
    assert (how.value, how.line, how.end_line, how.segment) == ("search then browse", 4, 5, 1)


def test_continuation_can_fill_an_empty_first_line() -> None:
    pf = parse("""
        # Sources

        ## a
        - what/what-not:
          budgets — NOT payroll
    """)
    (f,) = pf.records[0].fields
    assert (f.value, f.line, f.end_line) == ("budgets — NOT payroll", 4, 5)


def test_blank_line_ends_continuation() -> None:
    pf = parse("""
        # Sources

        ## a
        - how: search

          indented prose after a blank line
        - kind: wiki
    """)
    how, kind = pf.records[0].fields
    assert (how.value, how.end_line) == ("search", 4)
    assert kind.value == "wiki"


def test_one_space_indent_is_not_a_continuation() -> None:
    pf = parse_file("# Sources\n\n## a\n- how: search\n not continued\n", "INDEX.md",
                    fragment=False)
    assert pf.records[0].fields[0].value == "search"


def test_indented_line_after_prose_is_ignored() -> None:
    pf = parse("""
        # Sources

        ## a
        Some prose.
          more prose
        - how: search
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [("how", "search")]
    assert not pf.diagnostics


def test_indented_line_right_after_heading_is_ignored() -> None:
    pf = parse("""
        # Sources

        ## a
          stray indented text
        - how: search
    """)
    assert [(f.key, f.value) for f in pf.records[0].fields] == [("how", "search")]
    assert not pf.diagnostics


def test_continuation_does_not_cross_a_heading() -> None:
    pf = parse("""
        # Sources

        ## a
        - how: search
        ## b
          stray
        - how: browse
    """)
    a, b = pf.records
    assert a.fields[0].value == "search"
    assert b.fields[0].value == "browse"


# --- prose, blanks, headings ---------------------------------------------------------------


def test_prose_and_blank_lines_are_ignored() -> None:
    pf = parse("""
        # Sources

        Intro prose for the group.

        ## a

        A paragraph inside the card.
        > a quote
        1. a numbered item
        - kind: wiki

        - how: search
    """)
    assert not pf.diagnostics
    assert [(f.key, f.value) for f in pf.records[0].fields] == [("kind", "wiki"), ("how", "search")]


def test_list_item_in_preamble_that_is_not_a_field_is_prose() -> None:
    pf = parse("""
        # Acme index

        - a bullet in the preamble
        - note: also a bullet, 'note' is no field key

        # Sources
    """)
    assert not pf.diagnostics
    assert pf.title == "Acme index"
    assert pf.preamble == ["- a bullet in the preamble",
                           "- note: also a bullet, 'note' is no field key"]


def test_a_list_in_the_preamble_is_kept_one_item_a_line() -> None:
    """What the organization does not do is often a list: every item is kept, its
    continuation lines joined to it, and a blank line marks a new paragraph."""
    pf = parse("""
        # Acme index

        Things we don't do:
        - no care or supported housing: our two schemes went
          to Severn Care Trust in 2020
        - no Slack

        Retention: call recordings 18 months.

        # Sources
    """)
    assert not pf.diagnostics
    assert pf.preamble == [
        "Things we don't do:",
        "- no care or supported housing: our two schemes went to Severn Care Trust in 2020",
        "- no Slack", "", "Retention: call recordings 18 months."]


def test_title_before_foundation() -> None:
    pf = parse("""
        # Acme index

        Free text preamble.

        # Foundation

        ### n1
        - what: w

        # Analytics

        ## a
        - kind: wiki
    """)
    assert pf.title == "Acme index"
    assert pf.groups == ["Analytics"]
    assert [(r.kind, r.id, r.group) for r in pf.records] == [
        ("node", "n1", ""), ("card", "a", "Analytics")
    ]


def test_the_preamble_is_the_free_text_before_any_block() -> None:
    pf = parse("""
        # Acme index

        Acme sells widgets.
        It does not sell gas.

        # Foundation

        Text about the foundation.

        ### n1
        - what: w

        # Analytics

        Group intro.

        ## a
        - kind: wiki
    """)
    assert pf.preamble == ["Acme sells widgets.", "It does not sell gas."]
    assert parse("Before any heading.\n\n# Sources\n\n## a\n").preamble == [
        "Before any heading."]  # fmt: skip
    assert parse("### c\n- what: w\n\nText.\n", fragment=True).preamble == []


def test_title_before_a_group() -> None:
    pf = parse("""
        # Acme index

        # Sources

        ## a
    """)
    assert pf.title == "Acme index"
    assert pf.groups == ["Sources"]
    assert pf.records[0].group == "Sources"


def test_title_alone() -> None:
    pf = parse("# Acme index\n\nJust a preamble.\n")
    assert pf.title == "Acme index"
    assert pf.groups == []


def test_first_heading_with_records_is_a_group_not_a_title() -> None:
    pf = parse("""
        # Analytics

        ## a

        # Sources

        ## b
    """)
    assert pf.title == ""
    assert pf.groups == ["Analytics", "Sources"]
    assert [(r.id, r.group) for r in pf.records] == [("a", "Analytics"), ("b", "Sources")]


def test_foundation_first_means_no_title_and_later_empty_group_stays_a_group() -> None:
    pf = parse("""
        # Foundation

        ### n1

        # Empty group

        # Sources

        ## a
    """)
    assert pf.title == ""
    assert pf.groups == ["Empty group", "Sources"]


def test_foundation_heading_is_case_insensitive() -> None:
    pf = parse("""
        # FOUNDATION

        ### n1
    """)
    assert [(r.kind, r.id) for r in pf.records] == [("node", "n1")]
    assert pf.groups == []


def test_class_groups_are_recorded_in_order() -> None:
    pf = parse("""
        # Analytics

        ## a

        # Engineering

        ## b
        ## c

        # Sources

        ## d
    """)
    assert pf.groups == ["Analytics", "Engineering", "Sources"]
    assert [(r.id, r.group, r.kind) for r in pf.records] == [
        ("a", "Analytics", "card"),
        ("b", "Engineering", "card"),
        ("c", "Engineering", "card"),
        ("d", "Sources", "card"),
    ]


@pytest.mark.parametrize(
    ("heading", "ident"),
    [
        ("## confluence   <- cluster card", "confluence"),
        ("## confluence (cluster)", "confluence"),
        ("## confluence ##", "confluence"),
        ("##   spaced-id   ", "spaced-id"),
    ],
)
def test_text_after_the_id_on_a_heading_is_ignored(heading: str, ident: str) -> None:
    pf = parse_file(f"# Sources\n\n{heading}\n- kind: wiki\n", "INDEX.md", fragment=False)
    assert [r.id for r in pf.records] == [ident]
    assert not pf.diagnostics


def test_heading_id_helper() -> None:
    assert heading_id("finance-space  extra words") == "finance-space"
    assert heading_id("") == ""


def test_record_and_field_line_numbers() -> None:
    text = """
        # Acme index

        # Foundation

        ### n1
        - what: w · parent: (root)
        - pointer: p

        # Sources

        ## a
        - kind: wiki

        ## b
        - how: search
          more
    """
    pf = parse(text)
    n1, a, b = pf.records
    assert (n1.line, a.line, b.line) == (5, 11, 14)
    assert (n1.line, a.line, b.line) == (line_of(text, "### n1"), line_of(text, "## a"),
                                         line_of(text, "## b"))
    assert [(f.key, f.line, f.end_line, f.segment) for f in n1.fields] == [
        ("what", 6, 6, 0),
        ("parent", 6, 6, 1),
        ("pointer", 7, 7, 0),
    ]
    assert [(f.key, f.line) for f in a.fields] == [("kind", 12)]
    assert [(f.key, f.line, f.end_line) for f in b.fields] == [("how", 15, 16)]
    assert all(r.path == "INDEX.md" for r in pf.records)


def test_fragment_records_are_children() -> None:
    text = """
        # Confluence spaces

        ### finance-space
        - extends: confluence

        ### hr-space  the people space
        - extends: confluence
    """
    pf = parse(text, fragment=True, path="clusters/confluence-spaces.md")
    assert not pf.diagnostics
    assert [(r.kind, r.id, r.line, r.group, r.path) for r in pf.records] == [
        ("child", "finance-space", 3, "", "clusters/confluence-spaces.md"),
        ("child", "hr-space", 6, "", "clusters/confluence-spaces.md"),
    ]
    assert pf.groups == []


def test_lines_with_crlf_endings() -> None:
    text = "# Sources\r\n\r\n## a\r\n- kind: wiki\r\n  more\r\n"
    pf = parse_file(text, "INDEX.md", fragment=False)
    (f,) = pf.records[0].fields
    assert (f.value, f.line, f.end_line) == ("wiki more", 4, 5)


# --- malformed input is reported -----------------------------------------------------------


def test_list_item_in_record_that_is_not_key_value_is_e100() -> None:
    text = """
        # Sources

        ## a
        - kind: wiki
        - just a note without a key
        - how: search
    """
    pf = parse(text)
    (d,) = errors(pf)
    assert (d.code, d.level, d.path) == ("E100", "error", "INDEX.md")
    assert d.line == line_of(text, "just a") == 5
    assert "just a note" in d.text
    # the record keeps its other fields
    assert [f.key for f in pf.records[0].fields] == ["kind", "how"]


@pytest.mark.parametrize(
    "item",
    ["- Kind: wiki", "- kind:wiki", "- https://example.com", "- kind = wiki", "- : wiki"],
)
def test_malformed_field_lines_are_e100(item: str) -> None:
    pf = parse_file(f"# Sources\n\n## a\n{item}\n", "INDEX.md", fragment=False)
    (d,) = errors(pf)
    assert (d.code, d.line) == ("E100", 4)
    assert "malformed field line" in d.text


def test_one_space_indented_list_item_is_a_field_not_silently_dropped() -> None:
    text = "# Sources\n\n## a\n- how: search\n - gotcha: slow\n"
    pf = parse_file(text, "INDEX.md", fragment=False)
    assert [(f.key, f.value, f.line) for f in pf.records[0].fields] == [
        ("how", "search", 4),
        ("gotcha", "slow", 5),
    ]


def test_one_space_indented_malformed_item_is_reported() -> None:
    pf = parse_file("# Sources\n\n## a\n - no key here\n", "INDEX.md", fragment=False)
    assert [(d.code, d.line) for d in errors(pf)] == [("E100", 4)]


def test_field_line_before_first_record_in_group() -> None:
    text = """
        # Sources

        - kind: wiki

        ## a
    """
    pf = parse(text)
    (d,) = errors(pf)
    assert (d.code, d.line) == ("E100", line_of(text, "- kind"))
    assert "'kind:'" in d.text and "outside any record" in d.text
    assert pf.records[0].fields == []


def test_field_line_in_preamble_is_reported() -> None:
    text = """
        # Acme index

        - what: the whole company
    """
    pf = parse(text)
    (d,) = errors(pf)
    assert (d.code, d.line) == ("E100", 3)
    assert "'what:'" in d.text


def test_field_line_in_fragment_before_first_child() -> None:
    text = """
        - extends: confluence

        ### finance-space
    """
    pf = parse(text, fragment=True)
    (d,) = errors(pf)
    assert (d.code, d.path, d.line) == ("E100", "clusters/frag.md", 1)
    assert "extends" in d.text


@pytest.mark.parametrize(
    ("text", "bad_line", "words"),
    [
        ("# Sources\n\n### a\n", 3, ["level-3", "class group", "## card-id"]),
        ("# Foundation\n\n## n\n", 3, ["level-2", "foundation block", "### id"]),
        ("## a\n", 1, ["level-2", "preamble", "level-1 heading first"]),
        ("# Sources\n\n## a\n#### notes\n", 4, ["level-4", "class group"]),
    ],
)
def test_heading_at_wrong_level(text: str, bad_line: int, words: list[str]) -> None:
    pf = parse_file(text, "INDEX.md", fragment=False)
    (d,) = errors(pf)
    assert (d.code, d.line) == ("E100", bad_line)
    for word in words:
        assert word in d.text
    assert all(r.line != bad_line for r in pf.records)


def test_heading_at_wrong_level_in_fragment() -> None:
    pf = parse("## finance-space\n- extends: confluence\n", fragment=True)
    assert [(d.code, d.line) for d in errors(pf)] == [("E100", 1), ("E100", 2)]
    assert "a fragment" in pf.diagnostics[0].text
    assert "outside any record" in pf.diagnostics[1].text
    assert pf.records == []


def test_fields_after_a_wrong_level_heading_are_not_attached_to_the_previous_record() -> None:
    pf = parse("""
        # Sources

        ## a
        - kind: wiki
        ### sub
        - how: search
    """)
    assert [f.key for f in pf.records[0].fields] == ["kind"]
    assert [(d.code, d.line) for d in errors(pf)] == [("E100", 5), ("E100", 6)]


def test_diagnostic_str_format() -> None:
    d = Diagnostic("clusters/x.md", 12, "warning", "W205", "discriminator of a has no '— NOT' part")
    assert str(d) == "clusters/x.md:12: warning W205: discriminator of a has no '— NOT' part"
