"""Resolution: inheritance, derived children, reading paths, and a round-trip property."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sourcefinder.index import Card, Example, Health, Index, Ref, lint, load_index
from sourcefinder.index import _values as values
from sourcefinder.index._lint import lint_files
from sourcefinder.index._load import resolve
from sourcefinder.index._parse import parse_file
from sourcefinder.index.model import INHERITED_KEYS


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


def load(tmp_path: Path, files: dict[str, str]) -> Index:
    write(tmp_path, files)
    assert [d for d in lint(tmp_path) if d.level == "error"] == []
    return load_index(tmp_path)


# --- the spec's complete example -----------------------------------------------------------

@pytest.fixture
def example(tmp_path: Path, spec_example: tuple[str, str]) -> Index:
    files = {"INDEX.md": spec_example[0], "clusters/confluence-spaces.md": spec_example[1]}
    return load(tmp_path, files)


def test_example_card_resolves(example: Index, spec_example: tuple[str, str]) -> None:
    example_index = spec_example[0]
    c = example.card("historical-performance")
    assert (c.what, c.what_not) == ("metric trends over time", "raw query data")
    assert c.discriminator == "metric trends over time — NOT raw query data"
    assert (c.kind, c.scope, c.trust) == ("confluence-space", "internal", "primary")
    assert c.group == "Analytics"
    assert (c.path, c.line) == ("INDEX.md", line_of(example_index, "## historical-performance"))
    assert c.read_first == ("metrics-glossary",)
    assert c.examples == (
        Example("Q2 churn by segment", "trend report T-88", "✓", date(2026, 9, 1),
                line_of(example_index, "Q2 churn")),
    )
    assert c.combines == (Ref("analytics-warehouse", "raw queries"),)
    assert c.supersedes == ("perf-old",)
    assert c.health == Health(12, 1, date(2026, 9, 1))
    assert c.status == "active"
    assert c.inherited == ()
    assert not c.is_cluster and not c.is_child
    assert [f.key for f in c.fields] == [
        "what/what-not", "kind", "scope", "trust", "contains", "read-first", "how", "example",
        "combines", "supersedes", "health",
    ]
    assert c.field_line("supersedes") == ("INDEX.md", line_of(example_index, "· supersedes"))
    assert c.field_line("owner") == ("INDEX.md", c.line)


def test_example_other_cards(example: Index) -> None:
    wh = example.card("analytics-warehouse")
    assert wh.gotchas == ("timestamps are UTC; finance reports use Pacific time",)
    assert wh.how == "SQL through the BI tool; start from the `marts` schema, never `raw`"
    old = example.card("perf-old")
    assert (old.status, old.trust, old.examples, old.health) == ("demoted", "archive", (), None)
    assert old.what == "the 2021–2023 performance space"


def test_example_cluster_and_child(example: Index) -> None:
    cluster = example.card("confluence")
    child = example.card("finance-space")
    assert cluster.is_cluster and cluster.child_index == "confluence-spaces"
    assert cluster.children == ("finance-space",)
    assert cluster.what_not == ""  # no NOT part: the W205 warning
    assert child.is_child and child.extends == "confluence"
    assert (child.kind, child.scope, child.trust) == ("wiki", "internal", "primary")
    assert child.how == cluster.how
    assert child.inherited == ("kind", "scope", "trust", "how")
    assert child.group == "Sources"
    assert (child.path, child.line) == ("clusters/confluence-spaces.md", 1)
    assert child.what == "budgets, forecasts and board packs"
    assert child.contains == "monthly forecasts, board decks (~80 docs, active)"
    assert [e.query for e in child.examples] == ["FY27 travel budget"]
    assert child.examples[0].line == 5
    assert child.health is None  # health is the card's own, never inherited
    assert child.children == ()
    assert child.field_line("kind") == ("clusters/confluence-spaces.md", 1)


def test_example_reading_path(example: Index) -> None:
    ids = [n.id for n in example.reading_path("historical-performance")]
    assert ids == ["metrics-onboarding", "metrics-glossary"]
    assert example.reading_path("perf-old") == []
    assert example.reading_path("finance-space") == []
    root = example.foundation["metrics-onboarding"]
    assert root.parent is None
    assert example.foundation["metrics-glossary"].parent == "metrics-onboarding"
    assert root.pointer == 'Confluence "Metrics Onboarding" deck'


# --- inheritance ---------------------------------------------------------------------------

INHERIT_INDEX = """\
# Foundation

### basics
- what: the basics
- parent: (root)
- pointer: basics page

### advanced
- what: the advanced part
- parent: basics
- pointer: advanced page

# Engineering

## repos
- what/what-not: all git repositories — NOT the wiki
- kind: git-org · scope: internal · trust: primary
- contains: ~300 repos (active)
- read-first: basics
- how: code search
- example: "who owns billing" → CODEOWNERS of billing repo
- gotcha: forks are noisy
- combines: other (why)
- see-also: other (when)
- supersedes: other
- at: https://git.example/org
- probe: http https://git.example/search?q={query}
- contact: ask Sam in #eng
- owner: platform team
- status: draft
- background: ok
- health: helpful 1 · harmful 0
- child-index: repos

## other
- what/what-not: something else — NOT repos
- kind: wiki · scope: external · trust: secondary
- contains: pages
- how: browse
- example: "x" → y
"""

INHERIT_FRAGMENT = """\
### billing
- extends: repos
- what/what-not: the billing service — NOT invoices
- contains: one repo (active)
- example: "refund flow" → src/refunds.py

### docs-site
- extends: repos
- what/what-not: the docs site — NOT the API reference
- contains: markdown pages
- example: "deploy docs" → README
- kind: git-repo
- trust: secondary
- at: https://git.example/org/docs
- owner: docs team
- read-first: advanced
- status: active

### legacy
- extends: repos
- what/what-not: the old monolith — NOT current code
- contains: frozen
- example: "old login" → auth.php
- scope: external · how: grep only · contact: nobody
"""


@pytest.fixture
def inherit(tmp_path: Path) -> Index:
    return load(tmp_path, {"INDEX.md": INHERIT_INDEX, "clusters/repos.md": INHERIT_FRAGMENT})


def test_child_inherits_every_inherited_key(inherit: Index) -> None:
    cluster, child = inherit.card("repos"), inherit.card("billing")
    for attr in ("kind", "scope", "trust", "how", "read_first", "contact", "owner", "at"):
        assert getattr(child, attr) == getattr(cluster, attr), attr
        assert getattr(child, attr), attr
    assert child.inherited == INHERITED_KEYS
    assert child.read_first == ("basics",)


def test_child_never_inherits_own_only_fields(inherit: Index) -> None:
    child = inherit.card("billing")
    assert child.what == "the billing service" and child.what_not == "invoices"
    assert child.contains == "one repo (active)"
    assert [e.query for e in child.examples] == ["refund flow"]
    assert child.gotchas == () and child.combines == () and child.see_also == ()
    assert child.supersedes == ()
    assert child.probe == ""
    assert child.status == "active"  # the cluster is a draft; status is the card's own
    assert child.background == "" and child.health is None
    assert child.child_index == "" and not child.is_cluster
    assert [f.key for f in child.fields] == ["extends", "what/what-not", "contains", "example"]


def test_child_overrides(inherit: Index) -> None:
    child = inherit.card("docs-site")
    assert (child.kind, child.trust, child.at, child.owner) == (
        "git-repo", "secondary", "https://git.example/org/docs", "docs team"
    )
    assert child.read_first == ("advanced",)
    assert (child.scope, child.how, child.contact) == ("internal", "code search", "ask Sam in #eng")
    assert child.inherited == ("scope", "how", "contact")
    legacy = inherit.card("legacy")
    assert (legacy.scope, legacy.how, legacy.contact) == ("external", "grep only", "nobody")
    assert legacy.inherited == ("kind", "trust", "read-first", "owner", "at")


def test_children_are_derived_and_counted(inherit: Index) -> None:
    cluster = inherit.card("repos")
    assert cluster.children == ("billing", "docs-site", "legacy")
    assert len(cluster.children) == 3
    assert inherit.card("other").children == ()
    assert all(inherit.card(c).group == "Engineering" for c in cluster.children)
    assert list(inherit.cards) == ["repos", "other", "billing", "docs-site", "legacy"]


def test_cluster_keeps_its_own_fields(inherit: Index) -> None:
    c = inherit.card("repos")
    assert c.status == "draft" and c.background == "ok"
    assert c.health == Health(1, 0, None)
    assert c.probe == "http https://git.example/search?q={query}"
    assert c.combines == (Ref("other", "why"),) and c.see_also == (Ref("other", "when"),)
    assert c.supersedes == ("other",)
    assert c.inherited == ()


def test_child_reading_path_uses_cluster_read_first(inherit: Index) -> None:
    assert [n.id for n in inherit.reading_path("billing")] == ["basics"]
    assert [n.id for n in inherit.reading_path("docs-site")] == ["basics", "advanced"]
    assert inherit.reading_path("billing") == inherit.reading_path("repos")


# --- reading paths over a forest -----------------------------------------------------------

FOREST = """\
# Foundation

### r1
- what: first root
- parent: (root)
- pointer: p

### a
- what: under r1
- parent: r1
- pointer: p

### b
- what: under a
- parent: a
- pointer: p

### c
- what: also under a
- parent: a
- pointer: p

### r2
- what: second root
- parent: (root)
- pointer: p

### d
- what: under r2
- parent: r2
- pointer: p

### e
- what: under d
- parent: d
- pointer: p

# Sources

## mixed
- what/what-not: w — NOT x
- kind: k · scope: internal · trust: primary
- contains: c
- how: h
- example: "q" → r
- read-first: b, e, c

## second
- what/what-not: w — NOT x
- kind: k · scope: internal · trust: primary
- contains: c
- how: h
- example: "q" → r
- read-first: d, a
"""


@pytest.fixture
def forest(tmp_path: Path) -> Index:
    return load(tmp_path, {"INDEX.md": FOREST})


def test_chain_is_root_first(forest: Index) -> None:
    assert [n.id for n in forest.chain("b")] == ["r1", "a", "b"]
    assert [n.id for n in forest.chain("r2")] == ["r2"]
    assert forest.chain("nope") == []


def test_reading_path_of_a_forest(forest: Index) -> None:
    path = [n.id for n in forest.reading_path("mixed")]
    assert path == ["r1", "a", "b", "r2", "d", "e", "c"]
    assert len(path) == len(set(path))
    for i, nid in enumerate(path):
        parent = forest.foundation[nid].parent
        if parent is not None:
            assert parent in path[:i], f"{parent} must come before {nid}"


def test_reading_path_for_several_cards(forest: Index) -> None:
    assert [n.id for n in forest.reading_path_for(["second", "mixed"])] == [
        "r2", "d", "r1", "a", "b", "e", "c"
    ]
    assert [n.id for n in forest.reading_path_for(["mixed", "second"])] == [
        "r1", "a", "b", "r2", "d", "e", "c"
    ]
    assert forest.reading_path_for(["unknown-card"]) == []


# --- round-trip property -------------------------------------------------------------------

IDS = st.from_regex(r"[a-z0-9][a-z0-9-]{0,12}", fullmatch=True)
_EDGE = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"
_INNER = _EDGE + " ,.;:/!?&%+=_<>{}[]|~^$@*'`#éü→—–·-()" + '"'
TEXT = st.builds(
    lambda a, mid, b: (a + mid + b).strip(),
    st.sampled_from(_EDGE),
    st.text(_INNER, max_size=30),
    st.sampled_from(_EDGE),
).filter(lambda s: " · " not in s)
NO_QUOTES = TEXT.filter(lambda s: '"' not in s and "“" not in s)
WHAT = TEXT.filter(lambda s: not values._NOT_RE.search(s))  # a NOT inside `what` would split
DATES = st.dates(min_value=date(2000, 1, 1), max_value=date(2099, 12, 31))


def _example(draw) -> Example:
    mark = draw(st.sampled_from([None, "✓", "✗", "?"]))
    when = draw(DATES) if mark in ("✓", "✗") else (draw(st.none() | DATES) if mark else None)
    return Example(draw(NO_QUOTES), draw(TEXT), mark, when)


def _record(draw, heading: str, fields: list[tuple[str, str]], start: int) -> tuple[str, dict]:
    """Render one record from ``start``: random `` · `` grouping and continuation lines.

    Returns the markdown and {field index: (line, end_line, segment)}."""
    lines = [heading]
    where: dict[int, tuple[int, int, int]] = {}
    i = 0
    while i < len(fields):
        n = draw(st.integers(1, min(3, len(fields) - i)))
        group = fields[i : i + n]
        line_no = start + len(lines)
        texts = [f"{k}: {v}" for k, v in group]
        last_key, last_value = group[-1]
        cuts = [j for j in range(1, len(last_value) - 1)
                if last_value[j] == " " and last_value[j - 1] != " " and last_value[j + 1] != " "]
        cont = None
        if cuts and last_key != "health" and draw(st.booleans()):
            j = draw(st.sampled_from(cuts))
            texts[-1] = f"{last_key}: {last_value[:j]}"
            cont = last_value[j + 1 :]
        lines.append("- " + " · ".join(texts))
        if cont is not None:
            lines.append(" " * draw(st.integers(2, 6)) + cont)
        end = start + len(lines) - 1
        for s in range(n):
            where[i + s] = (line_no, end if s == n - 1 else line_no, s)
        i += n
    return "\n".join(lines) + "\n\n", where


def _optional(draw, spec: dict, card_ids: list[str], nodes: list[str]) -> None:
    for key in ("at", "probe", "contact", "owner", "background"):
        if draw(st.booleans()):
            spec[key] = draw(TEXT)
    spec["gotcha"] = draw(st.lists(TEXT, max_size=2))
    spec["combines"] = draw(st.lists(st.builds(Ref, st.sampled_from(card_ids),
                                               st.just("") | TEXT), max_size=2))
    spec["see-also"] = draw(st.lists(st.builds(Ref, st.sampled_from(card_ids),
                                               st.just("") | TEXT), max_size=2))
    if nodes and draw(st.booleans()):
        spec["read-first"] = tuple(draw(st.lists(st.sampled_from(nodes), min_size=1, max_size=3,
                                                 unique=True)))
    if draw(st.booleans()):
        spec["status"] = draw(st.sampled_from(["active", "draft", "demoted"]))
    if draw(st.booleans()):
        spec["health"] = Health(draw(st.integers(0, 999)), draw(st.integers(0, 999)),
                                draw(st.none() | DATES))


def _fields(spec: dict) -> list[tuple[str, str]]:
    out: list[tuple[str, str]] = []
    for key, value in spec.items():
        if key.startswith("_"):
            continue
        if key == "what/what-not":
            what, what_not = value
            out.append((key, f"{what} — NOT {what_not}" if what_not else what))
        elif key == "example":
            out += [(key, values.format_example(e)) for e in value]
        elif key in ("gotcha",):
            out += [(key, v) for v in value]
        elif key in ("combines", "see-also"):
            out += [(key, f"{r.id} ({r.note})" if r.note else r.id) for r in value]
        elif key in ("read-first", "supersedes"):
            if value:
                out.append((key, ", ".join(value)))
        elif key == "health":
            out.append((key, values.format_health(value)))
        else:
            out.append((key, value))
    return out


@st.composite
def indexes(draw):
    ids = draw(st.lists(IDS, min_size=2, max_size=7, unique=True))
    n_cards = draw(st.integers(1, len(ids) - 1)) if len(ids) > 1 else 1
    card_ids, child_ids = ids[:n_cards], ids[n_cards:]
    node_ids = draw(st.lists(IDS, max_size=4, unique=True))
    has_cluster = bool(child_ids) and draw(st.booleans())
    if not has_cluster:
        card_ids, child_ids = ids, []

    specs: dict[str, dict] = {}
    for i, cid in enumerate([*card_ids, *child_ids]):
        is_child = cid in child_ids
        spec: dict = {"_child": is_child}
        if is_child:
            spec["extends"] = card_ids[0]
        not_part = draw(st.just("") | TEXT) if draw(st.booleans()) else draw(TEXT)
        spec["what/what-not"] = (draw(WHAT), not_part)
        for key, strat in (("kind", TEXT), ("scope", st.sampled_from(["internal", "external"])),
                           ("trust", st.sampled_from(["primary", "secondary", "archive"])),
                           ("how", TEXT)):
            if not is_child or draw(st.booleans()):
                spec[key] = draw(strat)
        is_cluster = has_cluster and cid == card_ids[0]
        if not is_cluster or draw(st.booleans()):
            spec["contains"] = draw(TEXT)
        n_examples = draw(st.integers(1 if is_child else 0, 3))
        spec["example"] = [_example(draw) for _ in range(n_examples)]
        earlier = ids[:i] if i < len(card_ids) else [*card_ids, *child_ids[: i - len(card_ids)]]
        spec["supersedes"] = tuple(draw(st.lists(st.sampled_from(earlier), max_size=2, unique=True))
                                   if earlier else [])
        _optional(draw, spec, ids, node_ids)
        if is_cluster:
            spec["child-index"] = "kids"
        order = _fields(spec)
        specs[cid] = {"spec": spec, "fields": order}

    parents = {}
    for i, nid in enumerate(node_ids):
        parents[nid] = draw(st.sampled_from(["(root)", *node_ids[:i]]))

    # render INDEX.md
    title = draw(TEXT.filter(lambda s: s.lower() != "foundation"))
    text = "# " + title + "\n\nSome preamble prose.\n\n"
    node_where = {}
    if node_ids:
        text += "# Foundation\n\n"
        for nid in node_ids:
            start = text.count("\n") + 1
            f = [("what", draw(TEXT)), ("parent", parents[nid]), ("pointer", draw(TEXT))]
            if draw(st.booleans()):
                f.append(("source", draw(st.sampled_from(card_ids))))
            body, where = _record(draw, f"### {nid}", f, start)
            text += body
            node_where[nid] = (start, f, where)
    text += "# Sources\n\n"
    where_all = {}
    for cid in card_ids:
        start = text.count("\n") + 1
        body, where = _record(draw, f"## {cid}", specs[cid]["fields"], start)
        text += body
        where_all[cid] = ("INDEX.md", start, where)
    frag = ""
    for cid in child_ids:
        start = frag.count("\n") + 1
        body, where = _record(draw, f"### {cid}", specs[cid]["fields"], start)
        frag += body
        where_all[cid] = ("clusters/kids.md", start, where)
    return text, frag, specs, where_all, node_where, parents, title


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(indexes())
def test_round_trip(generated) -> None:
    text, frag, specs, where_all, node_where, parents, title = generated
    index_file = parse_file(text, "INDEX.md", fragment=False)
    fragments = [parse_file(frag, "clusters/kids.md", fragment=True)] if frag else []
    diags = lint_files(index_file, fragments)
    assert [str(d) for d in diags if d.level == "error"] == [], text + "\n----\n" + frag
    index = resolve(index_file, fragments, "/idx")
    assert list(index.cards) == list(specs)
    assert index.groups == ("Sources",)
    assert index.title == title

    for nid, (start, fields, _where) in node_where.items():
        node = index.foundation[nid]
        got = dict(fields)
        assert (node.what, node.pointer, node.line) == (got["what"], got["pointer"], start)
        assert node.parent == (None if parents[nid] == "(root)" else parents[nid])
        assert node.source == got.get("source", "")

    cluster_id = next((c for c, s in specs.items() if "child-index" in s["spec"]), None)
    for cid, entry in specs.items():
        spec, fields = entry["spec"], entry["fields"]
        card: Card = index.card(cid)
        path, start, where = where_all[cid]
        assert (card.path, card.line) == (path, start)
        # every authored field, value and position
        assert [(f.key, f.value) for f in card.fields] == fields
        for i, f in enumerate(card.fields):
            assert (f.line, f.end_line, f.segment) == where[i], (f, where[i])
            assert f.path == path
        what, what_not = spec["what/what-not"]
        assert (card.what, card.what_not) == (what, what_not)
        assert card.contains == spec.get("contains", "")
        assert [(e.query, e.expect, e.mark, e.mark_date) for e in card.examples] == [
            (e.query, e.expect, e.mark, e.mark_date) for e in spec["example"]
        ]
        ex_lines = [where[i][0] for i, (k, _) in enumerate(fields) if k == "example"]
        assert [e.line for e in card.examples] == ex_lines
        assert card.gotchas == tuple(spec["gotcha"])
        assert card.combines == tuple(spec["combines"])
        assert card.see_also == tuple(spec["see-also"])
        assert card.supersedes == spec["supersedes"]
        assert card.probe == spec.get("probe", "")
        assert card.background == spec.get("background", "")
        assert card.status == spec.get("status", "active")
        assert card.health == spec.get("health")
        assert card.child_index == spec.get("child-index", "")
        assert card.extends == spec.get("extends", "")
        # inherited keys: own value, else the cluster's
        parent_spec = specs[cluster_id]["spec"] if spec["_child"] and cluster_id else {}
        inherited = []
        for key in INHERITED_KEYS:
            attr = key.replace("-", "_")
            default = () if key == "read-first" else ""
            if key in spec:
                want = spec[key]
            elif key in parent_spec:
                want = parent_spec[key]
                inherited.append(key)
            else:
                want = default
            assert getattr(card, attr) == want, key
        assert card.inherited == tuple(inherited)
        assert card.group == "Sources"
    if cluster_id:
        kids = tuple(c for c, e in specs.items() if e["spec"]["_child"])
        assert index.card(cluster_id).children == kids
