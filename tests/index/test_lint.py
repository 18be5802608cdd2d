"""The linter: every code of _lint's docstring, triggered by a small malformed index on disk."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from sourcefinder.errors import IndexLoadError, SourcefinderError
from sourcefinder.index import Diagnostic, lint, load_index
from sourcefinder.index import _lint as lint_module

# --- building small indexes ----------------------------------------------------------------

BASE = {
    "what/what-not": "{id} pages — NOT other pages",
    "kind": "wiki",
    "scope": "internal",
    "trust": "primary",
    "contains": "pages (~10 docs, active)",
    "how": "search",
    "example": '"q" → a page',
}


def card(cid: str, *extra: str, omit: tuple[str, ...] = (), level: int = 2) -> str:
    """A complete, lint-clean card (all required fields, one example) plus ``extra`` lines."""
    lines = [f"{'#' * level} {cid}"]
    ident = cid.split()[0]  # text after the id on the heading is ignored
    lines += [f"- {k}: {v.format(id=ident)}" for k, v in BASE.items() if k not in omit]
    lines += list(extra)
    return "\n".join(lines) + "\n\n"


def child(cid: str, cluster: str, *extra: str, omit: tuple[str, ...] = ()) -> str:
    lines = [f"### {cid}", f"- extends: {cluster}"]
    own = {k: BASE[k] for k in ("what/what-not", "contains", "example")}
    lines += [f"- {k}: {v.format(id=cid)}" for k, v in own.items() if k not in omit]
    lines += list(extra)
    return "\n".join(line for line in lines if line not in {f"- {o}" for o in omit}) + "\n\n"


def node(nid: str, parent: str = "(root)", *extra: str, omit: tuple[str, ...] = ()) -> str:
    ident = nid.split()[0]
    fields = {"what": f"what {ident} teaches", "parent": parent, "pointer": f"doc {ident}"}
    lines = [f"### {nid}"] + [f"- {k}: {v}" for k, v in fields.items() if k not in omit]
    return "\n".join([*lines, *extra]) + "\n\n"


def sources(*cards: str) -> str:
    return "# Sources\n\n" + "".join(cards)


def foundation(*nodes: str) -> str:
    return "# Foundation\n\n" + "".join(nodes)


def write(root: Path, files: dict[str, str]) -> Path:
    for rel, text in files.items():
        p = root / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        p.write_text(text, encoding="utf-8")
    return root


def line_of(text: str, needle: str) -> int:
    hits = [i for i, line in enumerate(text.splitlines(), start=1) if needle in line]
    assert len(hits) == 1, f"{needle!r} on lines {hits}"
    return hits[0]


# --- the table: one (or more) small index per code -----------------------------------------


@dataclass
class Case:
    name: str
    files: dict[str, str]
    code: str
    at: tuple[str, str]  # (file, a text unique to the offending line)
    words: tuple[str, ...]  # what the message must name
    also: frozenset[str] = field(default_factory=frozenset)  # other codes allowed


FRAG = "clusters/spaces.md"
CLUSTER = card("wiki", "- child-index: spaces", omit=("example",))

CASES = [
    # E100 malformed-line
    Case("E100 item not key: value", {"INDEX.md": sources(card("alpha", "- just a note"))},
         "E100", ("INDEX.md", "just a note"), ("just a note",)),
    Case("E100 field outside record",
         {"INDEX.md": "# Sources\n\n- owner: dana\n\n" + card("alpha")},
         "E100", ("INDEX.md", "owner: dana"), ("'owner:'", "outside any record")),
    Case("E100 heading at wrong level", {"INDEX.md": sources(card("alpha"), "### sub-alpha\n")},
         "E100", ("INDEX.md", "### sub-alpha"), ("level-3",)),
    Case("E100 empty value", {"INDEX.md": sources(card("alpha", "- at:"))},
         "E100", ("INDEX.md", "- at:"), ("'at'", "alpha")),
    # E101 unknown-key
    Case("E101 typo", {"INDEX.md": sources(card("alpha", "- exmaple: x"))},
         "E101", ("INDEX.md", "exmaple"), ("'exmaple'", "alpha", "did you mean 'example'")),
    Case("E101 node key in card", {"INDEX.md": sources(card("alpha", "- what: oops"))},
         "E101", ("INDEX.md", "- what: oops"), ("'what'", "alpha", "'what/what-not'")),
    Case("E101 card key in node (what/what-not)",
         {"INDEX.md": foundation(node("n-one", "(root)", "- what/what-not: docs — NOT code"))
          + sources(card("alpha", "- read-first: n-one"))},
         "E101", ("INDEX.md", "docs — NOT code"), ("'what/what-not'", "n-one", "'what'")),
    Case("E101 card key in node",
         {"INDEX.md": foundation(node("n-one", "(root)", "- kind: doc"))
          + sources(card("alpha", "- read-first: n-one"))},
         "E101", ("INDEX.md", "- kind: doc"), ("'kind'", "n-one")),
    # E102 missing-field
    Case("E102 card without how", {"INDEX.md": sources(card("alpha", omit=("how",)))},
         "E102", ("INDEX.md", "## alpha"), ("alpha", "'how'")),
    Case("E102 card without what/what-not",
         {"INDEX.md": sources(card("alpha", omit=("what/what-not",)))},
         "E102", ("INDEX.md", "## alpha"), ("alpha", "'what/what-not'")),
    Case("E102 child without contains",
         {"INDEX.md": sources(CLUSTER), FRAG: child("fin-space", "wiki", omit=("contains",))},
         "E102", (FRAG, "### fin-space"), ("fin-space", "'contains'")),
    Case("E102 child without example",
         {"INDEX.md": sources(CLUSTER), FRAG: child("fin-space", "wiki", omit=("example",))},
         "E102", (FRAG, "### fin-space"), ("fin-space", "'example'")),
    Case("E102 child with nothing to inherit",
         {"INDEX.md": sources(card("wiki", "- child-index: spaces", omit=("example", "how"))),
          FRAG: child("fin-space", "wiki")},
         "E102", (FRAG, "### fin-space"), ("fin-space", "'how'", "nor from its cluster")),
    Case("E102 child without extends",
         {"INDEX.md": sources(CLUSTER),
          FRAG: "### fin-space\n- what/what-not: a — NOT b\n- contains: c\n- example: \"q\" → r\n"},
         "E102", (FRAG, "### fin-space"), ("fin-space", "'extends'")),  # and kind, scope...
    Case("E102 node without pointer",
         {"INDEX.md": foundation(node("n-one", omit=("pointer",)))
          + sources(card("alpha", "- read-first: n-one"))},
         "E102", ("INDEX.md", "### n-one"), ("n-one", "'pointer'")),
    Case("E102 node without parent",
         {"INDEX.md": foundation(node("n-one", omit=("parent",)))
          + sources(card("alpha", "- read-first: n-one"))},
         "E102", ("INDEX.md", "### n-one"), ("n-one", "'parent'")),
    # E103 duplicate-id
    Case("E103 two cards", {"INDEX.md": sources(card("alpha"), card("alpha   the second"))},
         "E103", ("INDEX.md", "the second"), ("'alpha'", "first at INDEX.md:3")),
    Case("E103 child shadows a card",
         {"INDEX.md": sources(CLUSTER, card("alpha")), FRAG: child("alpha", "wiki")},
         "E103", (FRAG, "### alpha"), ("'alpha'", "first at INDEX.md:")),
    Case("E103 two nodes",
         {"INDEX.md": foundation(node("n-one"), node("n-one  the twin"))
          + sources(card("alpha", "- read-first: n-one"))},
         "E103", ("INDEX.md", "the twin"), ("'n-one'",)),
    # E104 malformed-id
    Case("E104 uppercase and underscore", {"INDEX.md": sources(card("Alpha_One"))},
         "E104", ("INDEX.md", "## Alpha_One"), ("'Alpha_One'",)),
    Case("E104 too long", {"INDEX.md": sources(card("a" * 65))},
         "E104", ("INDEX.md", "## aaaa"), ("a" * 65,)),
    Case("E104 node id", {"INDEX.md": foundation(node("-n")) + sources(card("alpha"))},
         "E104", ("INDEX.md", "### -n"), ("'-n'",), also=frozenset({"W203"})),
    # E105 dangling-reference
    Case("E105 read-first",
         {"INDEX.md": foundation(node("metrics-glossary"))
          + sources(card("alpha", "- read-first: metrics-glosary"))},
         "E105", ("INDEX.md", "read-first:"),
         ("read-first", "alpha", "'metrics-glosary'", "did you mean 'metrics-glossary'")),
    Case("E105 parent",
         {"INDEX.md": foundation(node("n-one", "n-zero"))
          + sources(card("alpha", "- read-first: n-one"))},
         "E105", ("INDEX.md", "parent: n-zero"), ("parent", "n-one", "'n-zero'")),
    Case("E105 extends", {"INDEX.md": sources(CLUSTER), FRAG: child("fin-space", "wikki")},
         "E105", (FRAG, "extends: wikki"), ("extends", "fin-space", "'wikki'", "'wiki'"),
         also=frozenset({"E102"})),  # nothing to inherit from a missing cluster
    Case("E105 combines", {"INDEX.md": sources(card("alpha", "- combines: beta (join on id)"))},
         "E105", ("INDEX.md", "combines:"), ("combines", "alpha", "'beta'")),
    Case("E105 supersedes",
         {"INDEX.md": sources(card("alpha", "- supersedes: beta, gamma"), card("beta"))},
         "E105", ("INDEX.md", "supersedes:"), ("supersedes", "alpha", "'gamma'")),
    Case("E105 see-also", {"INDEX.md": sources(card("alpha", "- see-also: beta (when stuck)"))},
         "E105", ("INDEX.md", "see-also:"), ("see-also", "alpha", "'beta'")),
    Case("E105 source",
         {"INDEX.md": foundation(node("n-one", "(root)", "- source: nowhere"))
          + sources(card("alpha", "- read-first: n-one"))},
         "E105", ("INDEX.md", "source: nowhere"), ("source", "n-one", "'nowhere'")),
    Case("E105 child-index", {"INDEX.md": sources(card("wiki", "- child-index: spaces"))},
         "E105", ("INDEX.md", "child-index:"), ("child-index", "wiki", "clusters/spaces.md")),
    # E106 cycle
    Case("E106 parent",
         {"INDEX.md": foundation(node("na", "nb"), node("nb", "na"))
          + sources(card("alpha", "- read-first: na"))},
         "E106", ("INDEX.md", "parent: nb"), ("parent", "na → nb → na")),
    Case("E106 parent self", {"INDEX.md": foundation(node("na", "na")) + sources(card("alpha"))},
         "E106", ("INDEX.md", "parent: na"), ("na → na",)),
    Case("E106 extends",
         {"INDEX.md": sources(card("alpha", "- extends: beta"), card("beta", "- extends: alpha"))},
         "E106", ("INDEX.md", "extends: beta"), ("extends", "alpha → beta → alpha")),
    Case("E106 supersedes",
         {"INDEX.md": sources(card("alpha", "- supersedes: beta"),
                              card("beta", "- supersedes: gamma"),
                              card("gamma", "- supersedes: alpha"))},
         "E106", ("INDEX.md", "supersedes: beta"), ("supersedes", "alpha → beta → gamma → alpha")),
    # E107 authored-children
    Case("E107", {"INDEX.md": sources(card("alpha", "- children: 3"))},
         "E107", ("INDEX.md", "children: 3"), ("'children'", "alpha", "derived")),
    # E108 malformed-date
    Case("E108 probe date",
         {"INDEX.md": sources(card("alpha", '- example: "q" → r [probe ✓ 2026-13-01]'))},
         "E108", ("INDEX.md", "2026-13-01"), ("'2026-13-01'", "alpha")),
    Case("E108 health date",
         {"INDEX.md": sources(card("alpha", "- health: helpful 1 · last_verified 2026/09/01"))},
         "E108", ("INDEX.md", "health:"), ("'2026/09/01'", "alpha")),
    # E109 malformed-mark
    Case("E109 unknown mark",
         {"INDEX.md": sources(card("alpha", '- example: "q" → r [probe x 2026-09-01]'))},
         "E109", ("INDEX.md", "probe x"), ("[probe x 2026-09-01]", "alpha")),
    Case("E109 pass mark without date",
         {"INDEX.md": sources(card("alpha", '- example: "q" → r [probe ✓]'))},
         "E109", ("INDEX.md", "[probe ✓]"), ("✓", "needs a date", "alpha")),
    Case("E109 mark that mentions a date",
         {"INDEX.md": sources(card("alpha", '- example: "q" → r [probe updated]'))},
         "E109", ("INDEX.md", "probe updated"), ("[probe updated]", "alpha")),
    # E110 malformed-example
    Case("E110 no quotes", {"INDEX.md": sources(card("alpha", "- example: churn → report"))},
         "E110", ("INDEX.md", "churn → report"), ("'churn → report'", "alpha")),
    Case("E110 no arrow", {"INDEX.md": sources(card("alpha", '- example: "churn" report'))},
         "E110", ("INDEX.md", '"churn" report'), ("churn", "alpha")),
    # E111 fragment-mismatch
    Case("E111 cluster names another fragment",
         {"INDEX.md": sources(CLUSTER), FRAG: child("fin-space", "wiki"),
          "clusters/other.md": child("hr-space", "wiki")},
         "E111", ("clusters/other.md", "extends: wiki"), ("hr-space", "'other'", "'spaces'")),
    Case("E111 cluster without child-index",
         {"INDEX.md": sources(card("wiki")), "clusters/other.md": child("hr-space", "wiki")},
         "E111", ("clusters/other.md", "extends: wiki"), ("hr-space", "'wiki'", "no child-index")),
    # E112 duplicate-field
    Case("E112 on its own line", {"INDEX.md": sources(card("alpha", "- kind: database"))},
         "E112", ("INDEX.md", "kind: database"), ("'kind'", "alpha", "first on line 5")),
    Case("E112 in one middle-dot line",
         {"INDEX.md": sources(card("alpha", "- at: x · at: y"))},
         "E112", ("INDEX.md", "at: x"), ("'at'", "alpha")),
    # E113 bad-value
    Case("E113 scope", {"INDEX.md": sources(card("alpha").replace("internal", "intranet"))},
         "E113", ("INDEX.md", "intranet"), ("scope", "alpha", "'intranet'")),
    Case("E113 trust", {"INDEX.md": sources(card("alpha").replace("primary", "gold"))},
         "E113", ("INDEX.md", "gold"), ("trust", "alpha", "'gold'")),
    Case("E113 status", {"INDEX.md": sources(card("alpha", "- status: retired"))},
         "E113", ("INDEX.md", "retired"), ("status", "alpha", "'retired'")),
    Case("E113 health count",
         {"INDEX.md": sources(card("alpha", "- health: helpful many · harmful 0"))},
         "E113", ("INDEX.md", "health:"), ("helpful", "'many'", "alpha")),
    Case("E113 health part",
         {"INDEX.md": sources(card("alpha", "- health: helpful 1 · updated 2026"))},
         "E113", ("INDEX.md", "health:"), ("'updated 2026'", "alpha")),
    # W201 deep-chain
    Case("W201",
         {"INDEX.md": foundation(node("n1"), node("n2", "n1"), node("n3", "n2"), node("n4", "n3"),
                                 node("n5", "n4"))
          + sources(card("alpha", "- read-first: n5"))},
         "W201", ("INDEX.md", "### n5"), ("n5", "5 deep")),
    # W202 no-example
    Case("W202", {"INDEX.md": sources(card("alpha", omit=("example",)))},
         "W202", ("INDEX.md", "## alpha"), ("alpha",)),
    # W203 unreferenced-node
    Case("W203", {"INDEX.md": foundation(node("lonely")) + sources(card("alpha"))},
         "W203", ("INDEX.md", "### lonely"), ("lonely",)),
    # W204 long-discriminator
    Case("W204", {"INDEX.md": sources(card("alpha").replace("alpha pages", "x" * 160))},
         "W204", ("INDEX.md", "what/what-not"), ("alpha", "178 characters")),
    # W205 no-not-part
    Case("W205", {"INDEX.md": sources(card("alpha").replace(" — NOT ", ", not "))},
         "W205", ("INDEX.md", "what/what-not"), ("alpha", "NOT")),
]


def test_every_documented_code_has_a_case() -> None:
    documented = set(re.findall(r"^\s+([EW]\d{3}) ", lint_module.__doc__ or "", re.M))
    assert len(documented) == 20
    covered = {c.code for c in CASES} | {"E114"}  # E114 is tested with files on disk below
    assert documented == covered


@pytest.mark.parametrize("case", CASES, ids=[c.name for c in CASES])
def test_lint_code(tmp_path: Path, case: Case) -> None:
    write(tmp_path, case.files)
    diags = lint(tmp_path)
    path, needle = case.at
    line = line_of(case.files[path], needle)
    hits = [d for d in diags if d.code == case.code and d.path == path and d.line == line]
    assert hits, f"no {case.code} at {path}:{line}; got:\n" + "\n".join(map(str, diags))
    named = [d for d in hits if all(word in d.text for word in case.words)]
    assert named, f"{case.words} not all in any of {[d.text for d in hits]}"
    d = named[0]
    assert d.level == ("error" if case.code.startswith("E") else "warning")
    # no collateral errors: the index is otherwise clean
    stray = {x.code for x in diags if x.level == "error"} - {case.code} - case.also
    assert not stray, "\n".join(map(str, diags))
    # the message format
    assert str(d) == f"{path}:{line}: {d.level} {case.code}: {d.text}"
    # and load_index refuses exactly when there is an error
    if case.code.startswith("E"):
        with pytest.raises(IndexLoadError):
            load_index(tmp_path)
    else:
        load_index(tmp_path)


def test_unknown_key_in_middle_dot_line_is_reported_when_it_starts_the_line(tmp_path: Path) -> None:
    write(tmp_path, {"INDEX.md": sources(card("alpha", "- colour: blue · at: x"))})
    (d,) = [d for d in lint(tmp_path) if d.code == "E101"]
    assert "'colour'" in d.text and d.line == 11


def test_hardcoded_line_numbers(tmp_path: Path) -> None:
    text = (
        "# Acme index\n"                       # 1
        "\n"                                   # 2
        "# Sources\n"                          # 3
        "\n"                                   # 4
        "## alpha\n"                           # 5
        "- what/what-not: a — NOT b\n"         # 6
        "- kind: wiki · scope: world\n"        # 7
        "- trust: primary\n"                   # 8
        "- contains: c\n"                      # 9
        "- how: search\n"                      # 10
        "  and browse\n"                       # 11
        "- example: no quotes\n"               # 12
        "- exmaple: \"q\" → r\n"               # 13
    )
    write(tmp_path, {"INDEX.md": text})
    got = [(d.path, d.line, d.level, d.code) for d in lint(tmp_path)]
    assert got == [
        ("INDEX.md", 7, "error", "E113"),
        ("INDEX.md", 12, "error", "E110"),
        ("INDEX.md", 13, "error", "E101"),
    ]


# --- E114 and files that cannot be read ----------------------------------------------------


def test_e114_no_index_file(tmp_path: Path) -> None:
    (d,) = lint(tmp_path)
    assert (d.path, d.line, d.level, d.code) == ("INDEX.md", 0, "error", "E114")
    assert "INDEX.md" in d.text and str(tmp_path) in d.text
    assert str(d) == f"INDEX.md:0: error E114: {d.text}"
    with pytest.raises(IndexLoadError) as info:
        load_index(tmp_path)
    assert [x.code for x in info.value.diagnostics] == ["E114"]


def test_e114_index_is_a_directory(tmp_path: Path) -> None:
    (tmp_path / "INDEX.md").mkdir()
    assert [d.code for d in lint(tmp_path)] == ["E114"]


def test_e114_unreadable_fragment(tmp_path: Path) -> None:
    write(tmp_path, {"INDEX.md": sources(CLUSTER)})
    (tmp_path / "clusters").mkdir()
    (tmp_path / FRAG).write_bytes(b"### fin\n- extends: wiki\n\xff\xfe bad bytes\n")
    diags = [d for d in lint(tmp_path) if d.level == "error"]
    assert [(d.path, d.line, d.code) for d in diags] == [(FRAG, 0, "E114")]
    assert "clusters/spaces.md" in diags[0].text


def test_missing_clusters_dir_is_fine(tmp_path: Path) -> None:
    write(tmp_path, {"INDEX.md": sources(card("alpha"))})
    assert lint(tmp_path) == []


# --- negative cases: what must NOT be flagged ----------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        sources(card("alpha", omit=("example",)).replace("- how", "- status: draft\n- how")),
        sources(card("alpha", "- status: demoted", omit=("example",))),
        sources(card("alpha", "- example: \"q2\" -> r2   [probe ? ]")),
        sources(card("alpha", "- example: “q2” → r2 [probe ✗ 2026-01-31]")),
        sources(card("alpha", "- gotcha: one", "- gotcha: two", "- see-also: beta",
                     "- see-also: beta (x)"),
                card("beta", "- combines: alpha (why) · combines: alpha")),
        sources(card("alpha").replace(" — NOT ", " -- NOT ")),
        sources(card("alpha").replace(" — NOT ", " – NOT ")),
        sources(card("alpha", "- background: missing — senior-friendly only")),
        foundation(node("n1"), node("n2", "n1"), node("n3", "n2"), node("n4", "n3"))
        + sources(card("alpha", "- read-first: n4")),
        foundation(node("n1", "(root)", "- source: alpha"))
        + sources(card("alpha", "- read-first: n1")),
    ],
    ids=["draft-no-example", "demoted-no-example", "ascii-arrow-question-mark", "curly-fail-mark",
         "multi-keys", "double-hyphen", "en-dash", "background", "chain-of-4", "node-source"],
)
def test_clean_variants(tmp_path: Path, text: str) -> None:
    write(tmp_path, {"INDEX.md": text})
    assert lint(tmp_path) == []


def test_cluster_needs_no_contains_nor_example_and_child_inherits_required(tmp_path: Path) -> None:
    write(tmp_path, {
        "INDEX.md": sources(card("wiki", "- child-index: spaces", omit=("contains", "example"))),
        FRAG: child("fin-space", "wiki"),
    })
    assert lint(tmp_path) == []


def test_same_id_for_a_card_and_a_node_is_allowed(tmp_path: Path) -> None:
    text = foundation(node("alpha")) + sources(card("alpha", "- read-first: alpha"))
    write(tmp_path, {"INDEX.md": text})
    assert lint(tmp_path) == []


def test_lint_output_is_sorted_by_file_then_line(tmp_path: Path) -> None:
    write(tmp_path, {
        "INDEX.md": sources(card("wiki", "- child-index: spaces", "- exmaple: x"),
                            card("beta", "- status: gone")),
        FRAG: child("fin-space", "wiki", "- scope: planet"),
    })
    diags = lint(tmp_path)
    keys = [(0 if d.path == "INDEX.md" else 1, d.line) for d in diags]
    assert keys == sorted(keys)
    assert [d.code for d in diags] == ["E101", "E113", "E113"]
    assert diags[-1].path == FRAG


def test_every_message_matches_the_documented_format(tmp_path: Path) -> None:
    write(tmp_path, {
        "INDEX.md": foundation(node("lonely")) + sources(
            card("alpha", "- exmaple: x", "- children: 2"), card("beta", omit=("example", "how"))),
        FRAG: "- extends: x\n",
    })
    diags = lint(tmp_path)
    assert len(diags) >= 5
    for d in diags:
        assert re.fullmatch(r"[^:\n]+:\d+: (error|warning) [EW]\d{3}: [^\n]+", str(d)), str(d)


# --- load_index ----------------------------------------------------------------------------


def test_load_index_raises_with_diagnostics(tmp_path: Path) -> None:
    write(tmp_path, {"INDEX.md": sources(card("alpha", "- exmaple: x", omit=("example",)),
                                          card("beta", "- trust: gold"))})
    with pytest.raises(IndexLoadError) as info:
        load_index(tmp_path)
    err = info.value
    assert isinstance(err, SourcefinderError)
    assert all(isinstance(d, Diagnostic) for d in err.diagnostics)
    # only errors are attached (the W202 warning is not), with paths under the root
    assert [(d.code, d.line, d.level) for d in err.diagnostics] == [
        ("E101", 10, "error"), ("E112", 20, "error"), ("E113", 20, "error")
    ]
    assert all(d.path == str(tmp_path / "INDEX.md") for d in err.diagnostics)
    message = str(err)
    assert "3 lint error(s)" in message
    for d in err.diagnostics:
        assert str(d) in message


def test_load_index_caps_the_message_at_twenty(tmp_path: Path) -> None:
    cards = [card(f"c{i}", "- status: gone") for i in range(25)]
    write(tmp_path, {"INDEX.md": sources(*cards)})
    with pytest.raises(IndexLoadError) as info:
        load_index(tmp_path)
    assert len(info.value.diagnostics) == 25
    assert "... and 5 more" in str(info.value)


def test_load_index_accepts_warnings(tmp_path: Path) -> None:
    write(tmp_path, {"INDEX.md": sources(card("alpha", omit=("example",)))})
    assert [d.code for d in lint(tmp_path)] == ["W202"]
    assert list(load_index(tmp_path).cards) == ["alpha"]


# --- the complete example of INDEX-FORMAT.md -----------------------------------------------

def write_example(root: Path, spec_example: tuple[str, str]) -> Path:
    files = {"INDEX.md": spec_example[0], "clusters/confluence-spaces.md": spec_example[1]}
    return write(root, files)


def test_example_from_the_spec_is_read_whole(spec_example: tuple[str, str]) -> None:
    index_md, fragment = spec_example
    assert index_md.startswith("# Acme index\n") and "## confluence" in index_md
    assert fragment.startswith("### finance-space\n") and fragment.endswith("FIN-12\n")


def test_complete_example_lints_with_one_w205(tmp_path: Path,
                                             spec_example: tuple[str, str]) -> None:
    write_example(tmp_path, spec_example)
    diags = lint(tmp_path)
    assert [(d.path, d.line, d.level, d.code) for d in diags] == [
        ("INDEX.md", line_of(spec_example[0], "company Confluence instance"), "warning", "W205")
    ]
    assert "confluence" in diags[0].text


def test_complete_example_loads(tmp_path: Path, spec_example: tuple[str, str]) -> None:
    write_example(tmp_path, spec_example)
    index = load_index(tmp_path)
    assert index.title == "Acme index"
    assert index.groups == ("Analytics", "Sources")
    assert list(index.cards) == [
        "historical-performance", "analytics-warehouse", "perf-old", "confluence", "finance-space"
    ]
    assert list(index.foundation) == ["metrics-onboarding", "metrics-glossary"]


def test_byte_order_mark_does_not_hide_the_first_heading(tmp_path: Path) -> None:
    text = "# Acme index\n\n" + sources(card("alpha"))
    (tmp_path / "INDEX.md").write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
    assert lint(tmp_path) == []
    index = load_index(tmp_path)
    assert index.title == "Acme index"
    assert index.card("alpha").line == 5
