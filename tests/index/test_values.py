"""The small grammars inside field values (sourcefinder.index._values)."""

from __future__ import annotations

from datetime import date

import pytest

from sourcefinder.index import _values as values
from sourcefinder.index.model import Example, Health, Ref

# --- dates ---------------------------------------------------------------------------------


def test_parse_date_accepts_iso() -> None:
    assert values.parse_date("2026-09-01") == date(2026, 9, 1)


@pytest.mark.parametrize(
    "text", ["2026-9-1", "01-09-2026", "2026/09/01", "2026-09-01x", "", "soon"]
)
def test_parse_date_rejects_non_iso(text: str) -> None:
    with pytest.raises(ValueError, match="malformed date"):
        values.parse_date(text)


def test_parse_date_rejects_impossible_day() -> None:
    with pytest.raises(ValueError, match="no such day"):
        values.parse_date("2026-02-30")


# --- ids -----------------------------------------------------------------------------------


@pytest.mark.parametrize("ident", ["a", "0", "metrics-glossary", "a-", "x" * 64, "9lives"])
def test_id_re_accepts(ident: str) -> None:
    assert values.ID_RE.match(ident)


@pytest.mark.parametrize("ident", ["", "-a", "A", "a_b", "a b", "x" * 65, "ünï", "a.b"])
def test_id_re_rejects(ident: str) -> None:
    assert not values.ID_RE.match(ident)


# --- discriminator -------------------------------------------------------------------------


@pytest.mark.parametrize("dash", ["—", "–", "--"])
def test_split_discriminator_dashes(dash: str) -> None:
    assert values.split_discriminator(f"metric trends over time {dash} NOT raw query data") == (
        "metric trends over time",
        "raw query data",
    )


def test_split_discriminator_without_not_part() -> None:
    text = "company Confluence instance — general kind/scope/trust only, NOT a specific space"
    assert values.split_discriminator(text) == (text, "")


def test_split_discriminator_takes_the_first_not() -> None:
    assert values.split_discriminator("a — NOT b — NOT c") == ("a", "b — NOT c")


def test_split_discriminator_ignores_dash_inside_words_and_years() -> None:
    text = "the 2021–2023 performance space — NOT current numbers"
    what, what_not = values.split_discriminator(text)
    assert (what, what_not) == ("the 2021–2023 performance space", "current numbers")


def test_split_discriminator_optional_colon_after_not() -> None:
    assert values.split_discriminator("budgets — NOT: payroll") == ("budgets", "payroll")


def test_split_discriminator_needs_the_word_not() -> None:
    # "NOTHING" is not the NOT keyword; lowercase "not" is prose.
    assert values.split_discriminator("a — NOTHING else")[1] == ""
    assert values.split_discriminator("a — not b")[1] == ""


def test_split_discriminator_strips_whitespace() -> None:
    assert values.split_discriminator("  what   —   NOT   not this  ") == ("what", "not this")


# --- examples ------------------------------------------------------------------------------


@pytest.mark.parametrize("arrow", ["→", "->"])
def test_example_arrows(arrow: str) -> None:
    ex = values.parse_example(f'"Q2 churn by segment" {arrow} trend report T-88', line=7)
    assert ex == Example(query="Q2 churn by segment", expect="trend report T-88", line=7)


def test_example_curly_quotes() -> None:
    ex = values.parse_example("“FY27 travel budget” → forecast sheet FIN-12")
    assert (ex.query, ex.expect) == ("FY27 travel budget", "forecast sheet FIN-12")


def test_example_without_space_around_arrow() -> None:
    ex = values.parse_example('"q"->r')
    assert (ex.query, ex.expect) == ("q", "r")


@pytest.mark.parametrize(
    ("mark", "when"),
    [("✓", date(2026, 9, 1)), ("✗", date(2026, 9, 2)), ("?", date(2026, 9, 3)), ("?", None)],
)
def test_example_probe_marks(mark: str, when: date | None) -> None:
    suffix = f" {when.isoformat()}" if when else ""
    ex = values.parse_example(f'"Q2 churn" → trend report T-88   [probe {mark}{suffix}]')
    assert ex.mark == mark
    assert ex.mark_date == when
    assert ex.expect == "trend report T-88"


def test_example_mark_with_inner_spaces() -> None:
    ex = values.parse_example('"q" → r [ probe ✓ 2026-09-01 ]')
    assert (ex.mark, ex.mark_date) == ("✓", date(2026, 9, 1))


def test_example_bracket_text_that_is_not_a_probe_mark_stays_in_expect() -> None:
    ex = values.parse_example('"q" → table [see notes]')
    assert ex.expect == "table [see notes]" and ex.mark is None


@pytest.mark.parametrize("mark", ["✓", "✗"])
def test_example_pass_fail_mark_needs_a_date(mark: str) -> None:
    with pytest.raises(values.MarkError, match="needs a date"):
        values.parse_example(f'"q" → r [probe {mark}]')


@pytest.mark.parametrize(
    "body", ["x 2026-09-01", "✔ 2026-09-01", "", "ok", "✓ 2026-09-01 extra", "updated"]
)
def test_example_malformed_marks(body: str) -> None:
    with pytest.raises(values.MarkError, match="malformed probe mark"):
        values.parse_example(f'"q" → r [probe {body}]'.replace("[probe ]", "[probe]"))


@pytest.mark.parametrize("bad_date", ["2026-13-01", "2026/09/01", "yesterday"])
def test_example_mark_with_malformed_date(bad_date: str) -> None:
    with pytest.raises(values.MarkError, match=r"^probe mark: malformed date"):
        values.parse_example(f'"q" → r [probe ✓ {bad_date}]')


@pytest.mark.parametrize(
    "text",
    [
        "Q2 churn → report",  # no quotes
        '"Q2 churn" report',  # no arrow
        '"Q2 churn" →',  # no expected result
        '"" → report',  # empty query
        '"   " → report',  # blank query
        '"q" → [probe ✓ 2026-09-01]',  # only a mark
        "'q' → report",  # single quotes
        '"q” → report',  # mismatched quotes
        "",
    ],
)
def test_example_malformed(text: str) -> None:
    with pytest.raises(ValueError, match="malformed example"):
        values.parse_example(text)


def test_malformed_example_is_not_a_mark_error() -> None:
    with pytest.raises(ValueError) as info:
        values.parse_example("no quotes → x")
    assert not isinstance(info.value, values.MarkError)


@pytest.mark.parametrize(
    "ex",
    [
        Example("q", "r"),
        Example("Q2 churn by segment", "trend report T-88", "✓", date(2026, 9, 1)),
        Example("a", "b", "✗", date(2025, 1, 31)),
        Example("a", "b", "?"),
        Example("a", "b", "?", date(2026, 9, 1)),
    ],
)
def test_format_example_round_trips(ex: Example) -> None:
    assert values.parse_example(values.format_example(ex)) == ex


# --- health --------------------------------------------------------------------------------


def test_parse_health_full() -> None:
    h = values.parse_health("helpful 12 · harmful 1 · last_verified 2026-09-01")
    assert h == Health(helpful=12, harmful=1, last_verified=date(2026, 9, 1))


def test_parse_health_any_order_and_defaults() -> None:
    assert values.parse_health("harmful 3") == Health(helpful=0, harmful=3, last_verified=None)
    assert values.parse_health("last_verified 2026-01-02 · helpful 4") == Health(
        4, 0, date(2026, 1, 2)
    )


@pytest.mark.parametrize(
    "text",
    [
        "helpful twelve",
        "helpful -1",
        "helpful 1.5",
        "useful 3",
        "helpful",
        "helpful 1 2",
        "helpful 1 · ",
        "",
    ],
)
def test_parse_health_malformed(text: str) -> None:
    with pytest.raises(ValueError):
        values.parse_health(text)


def test_parse_health_malformed_date() -> None:
    with pytest.raises(ValueError, match="malformed date"):
        values.parse_health("helpful 1 · last_verified 2026/09/01")


@pytest.mark.parametrize(
    "h", [Health(0, 0), Health(12, 1, date(2026, 9, 1)), Health(3, 0, date(2020, 2, 29))]
)
def test_format_health_round_trips(h: Health) -> None:
    assert values.parse_health(values.format_health(h)) == h


# --- refs and id lists ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "ref"),
    [
        ("analytics-warehouse (raw queries)", Ref("analytics-warehouse", "raw queries")),
        ("analytics-warehouse", Ref("analytics-warehouse")),
        ("  perf-old  ", Ref("perf-old")),
        ("x(joined on user_id)", Ref("x", "joined on user_id")),
        ("x (join on a (b) then c)", Ref("x", "join on a (b) then c")),
        ("x (why / how to join)", Ref("x", "why / how to join")),
        ("x ()", Ref("x", "")),
        ("x, (y)", Ref("x", "y")),
        ("x when in doubt", Ref("x", "when in doubt")),
    ],
)
def test_parse_ref(text: str, ref: Ref) -> None:
    assert values.parse_ref(text) == ref


@pytest.mark.parametrize(
    ("text", "ids"),
    [
        ("a", ("a",)),
        ("a, b,c", ("a", "b", "c")),
        ("a,, b ,", ("a", "b")),
        ("", ()),
        (" , ", ()),
    ],
)
def test_parse_id_list(text: str, ids: tuple[str, ...]) -> None:
    assert values.parse_id_list(text) == ids
