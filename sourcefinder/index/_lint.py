"""The linter: every error and warning of INDEX-FORMAT.md, with stable codes.

    E100 malformed-line      a field line, heading or record out of the grammar
    E101 unknown-key         a key the format does not know (the nearest known key as a hint)
    E102 missing-field       a required field is absent (after inheritance, for children)
    E103 duplicate-id        two cards/children (or two nodes) share an id
    E104 malformed-id        an id outside [a-z0-9][a-z0-9-]{0,63}
    E105 dangling-reference  read-first, parent, extends, combines, supersedes, see-also,
                             source or child-index naming nothing
    E106 cycle               a cycle in parent, extends or supersedes
    E107 authored-children   `children` is derived, never authored
    E108 malformed-date      a date that is not YYYY-MM-DD
    E109 malformed-mark      a probe mark that is not ✓, ✗ or ? (with a date after ✓/✗)
    E110 malformed-example   an example that is not "query" → expected result
    E111 fragment-mismatch   a fragment child whose cluster's child-index names another fragment
    E112 duplicate-field     a single-valued field given twice
    E113 bad-value           scope, trust, status or health outside their value sets
    E114 missing-file        no INDEX.md, or a file that cannot be read
    W201 deep-chain          a foundation chain deeper than 4
    W202 no-example          an active card (not a cluster) with no example
    W203 unreferenced-node   a foundation node no card or node points at
    W204 long-discriminator  a discriminator over 160 characters
    W205 no-not-part         a discriminator with no NOT part
"""

from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable

from sourcefinder.index import _values as values
from sourcefinder.index._parse import (
    CARD_KEYS,
    MULTI_KEYS,
    NODE_KEYS,
    Diagnostic,
    ParsedFile,
    RawRecord,
)

REQUIRED_CARD = ("what/what-not", "kind", "scope", "trust", "contains", "how")
REQUIRED_CHILD = ("what/what-not", "contains", "extends", "example")
REQUIRED_AFTER_INHERIT = ("kind", "scope", "trust", "how")
REQUIRED_NODE = ("what", "parent", "pointer")
ENUMS = {
    "scope": ("internal", "external"),
    "trust": ("primary", "secondary", "archive"),
    "status": ("active", "draft", "demoted"),
}
MAX_CHAIN = 4
MAX_DISCRIMINATOR = 160


def lint_files(index_file: ParsedFile, fragments: list[ParsedFile]) -> list[Diagnostic]:
    out: list[Diagnostic] = []
    for f in [index_file, *fragments]:
        out.extend(f.diagnostics)

    def add(rec_or_path: RawRecord | str, line: int, level: str, code: str, text: str) -> None:
        path = rec_or_path if isinstance(rec_or_path, str) else rec_or_path.path
        out.append(Diagnostic(path, line, level, code, text))

    records = [r for f in [index_file, *fragments] for r in f.records]
    cards: Table = {}
    nodes: Table = {}
    for r in records:
        table = nodes if r.kind == "node" else cards
        if not values.ID_RE.match(r.id):
            add(r, r.line, "error", "E104", f"malformed id {r.id!r} (expected [a-z0-9][a-z0-9-]*)")
        if r.id in table:
            first = table[r.id]
            add(r, r.line, "error", "E103",
                f"duplicate id {r.id!r} (first at {first.path}:{first.line})")
            continue
        table[r.id] = r
        _check_fields(r, add)

    fragment_names = {f.path.rsplit("/", 1)[-1].removesuffix(".md"): f for f in fragments}
    _check_references(cards, nodes, fragment_names, add)
    _check_cycles(cards, nodes, add)
    _check_required(cards, nodes, add)
    _check_foundation(cards, nodes, add)
    return out


Add = Callable[[RawRecord | str, int, str, str, str], None]
Table = dict[str, RawRecord]


def _check_fields(r: RawRecord, add: Add) -> None:
    allowed = NODE_KEYS if r.kind == "node" else CARD_KEYS
    seen: dict[str, int] = {}
    for f in r.fields:
        if f.key not in allowed:
            near = [k for k in allowed if f.key in k.split("/") or k in f.key.split("/")
                    ] or difflib.get_close_matches(f.key, allowed, n=1, cutoff=0.5)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            add(r, f.line, "error", "E101", f"unknown key {f.key!r} in {r.id}{hint}")
            continue
        if f.key not in MULTI_KEYS and f.key in seen:
            add(r, f.line, "error", "E112",
                f"field {f.key!r} given twice in {r.id} (first on line {seen[f.key]})")
        seen.setdefault(f.key, f.line)
        if not f.value:
            add(r, f.line, "error", "E100", f"field {f.key!r} of {r.id} has no value")
            continue
        _check_value(r, f.key, f.value, f.line, add)


def _check_value(r: RawRecord, key: str, value: str, line: int, add: Add) -> None:
    if key == "children":
        add(r, line, "error", "E107",
            f"'children' of {r.id} is derived at build time; remove the authored value")
    elif key in ENUMS and value not in ENUMS[key]:
        add(r, line, "error", "E113",
            f"{key} of {r.id} is {value!r}; expected one of {', '.join(ENUMS[key])}")
    elif key == "example":
        try:
            values.parse_example(value, line)
        except values.MarkError as exc:
            code = "E108" if str(exc).startswith("probe mark: malformed date") else "E109"
            add(r, line, "error", code, f"{exc} in {r.id}")
        except ValueError as exc:
            add(r, line, "error", "E110", f"{exc} in {r.id}")
    elif key == "health":
        try:
            values.parse_health(value)
        except ValueError as exc:
            code = "E108" if str(exc).startswith("malformed date") else "E113"
            add(r, line, "error", code, f"{exc} in {r.id}")
    elif key == "what/what-not":
        what, what_not = values.split_discriminator(value)
        if len(value) > MAX_DISCRIMINATOR:
            add(r, line, "warning", "W204",
                f"discriminator of {r.id} is {len(value)} characters (over {MAX_DISCRIMINATOR})")
        if not what_not:
            add(r, line, "warning", "W205", f"discriminator of {r.id} has no '— NOT' part")


def _refs(r: RawRecord) -> Iterable[tuple[str, str, int]]:
    """(key, referenced id, line) for every card reference a record makes."""
    for f in r.fields:
        if f.key in ("combines", "see-also"):
            yield f.key, values.parse_ref(f.value).id, f.line
        elif f.key == "supersedes":
            for i in values.parse_id_list(f.value):
                yield f.key, i, f.line
        elif f.key == "extends" or (f.key == "source" and r.kind == "node"):
            yield f.key, f.value.strip(), f.line


def _check_references(cards: Table, nodes: Table, fragments: dict[str, ParsedFile],
                      add: Add) -> None:
    for r in cards.values():
        for key, target, line in _refs(r):
            if target not in cards:
                add(r, line, "error", "E105", f"{key} of {r.id} names unknown card {target!r}"
                    + _near(target, cards))
        rf = r.first("read-first")
        if rf:
            for node in values.parse_id_list(rf.value):
                if node not in nodes:
                    add(r, rf.line, "error", "E105",
                        f"read-first of {r.id} names unknown foundation node {node!r}"
                        + _near(node, nodes))
        ci = r.first("child-index")
        if ci and ci.value not in fragments:
            add(r, ci.line, "error", "E105",
                f"child-index of {r.id} names {ci.value!r}, "
                f"but clusters/{ci.value}.md does not exist")
        ext = r.first("extends")
        if r.kind == "child" and ext and ext.value in cards:
            cluster = cards[ext.value]
            named = cluster.first("child-index")
            fragment = r.path.rsplit("/", 1)[-1].removesuffix(".md")
            if named is None or named.value != fragment:
                add(r, ext.line, "error", "E111",
                    f"{r.id} is in fragment {fragment!r} but its cluster {ext.value!r} "
                    + ("has no child-index" if named is None else f"names {named.value!r}"))
    for r in nodes.values():
        for key, target, line in _refs(r):
            if target not in cards:
                add(r, line, "error", "E105", f"{key} of node {r.id} names unknown card {target!r}")
        p = r.first("parent")
        if p and p.value != "(root)" and p.value not in nodes:
            add(r, p.line, "error", "E105",
                f"parent of {r.id} names unknown node {p.value!r}" + _near(p.value, nodes))


def _near(name: str, table: Table) -> str:
    near = difflib.get_close_matches(name, list(table), n=1, cutoff=0.6)
    return f" (did you mean {near[0]!r}?)" if near else ""


def _check_cycles(cards: Table, nodes: Table, add: Add) -> None:
    def edges(table: Table, key: str) -> dict[str, list[tuple[str, int]]]:
        graph: dict[str, list[tuple[str, int]]] = {}
        for r in table.values():
            for f in r.all(key):
                targets = values.parse_id_list(f.value) if key == "supersedes" else [f.value]
                graph.setdefault(r.id, []).extend((t, f.line) for t in targets if t in table)
        return graph

    for table, key in ((nodes, "parent"), (cards, "extends"), (cards, "supersedes")):
        graph = edges(table, key)
        reported: set[frozenset[str]] = set()
        for start in sorted(graph):
            cycle = _find_cycle(graph, start)
            if cycle and frozenset(cycle) not in reported:
                reported.add(frozenset(cycle))
                r = table[cycle[0]]
                line = graph[cycle[0]][0][1]
                add(r, line, "error", "E106", f"cycle in {key}: {' → '.join([*cycle, cycle[0]])}")


def _find_cycle(graph: dict[str, list[tuple[str, int]]], start: str) -> list[str] | None:
    path: list[str] = []
    on_path: set[str] = set()
    done: set[str] = set()

    def visit(node: str) -> list[str] | None:
        if node in on_path:
            return path[path.index(node):]
        if node in done:
            return None
        on_path.add(node)
        path.append(node)
        for nxt, _ in graph.get(node, []):
            found = visit(nxt)
            if found:
                return found
        on_path.discard(node)
        path.pop()
        done.add(node)
        return None

    cycle = visit(start)
    return cycle if cycle and cycle[0] == start else None


def _check_required(cards: Table, nodes: Table, add: Add) -> None:
    for r in cards.values():
        keys = {f.key for f in r.fields}
        is_cluster = "child-index" in keys
        if r.kind == "child" or "extends" in keys:
            required = list(REQUIRED_CHILD)
            inherited = _inherited_keys(r, cards)
            for key in REQUIRED_AFTER_INHERIT:
                if key not in keys and key not in inherited:
                    add(r, r.line, "error", "E102",
                        f"{r.id} has no {key!r} of its own nor from its cluster")
        else:
            required = [k for k in REQUIRED_CARD if not (is_cluster and k == "contains")]
        for key in required:
            if key not in keys:
                add(r, r.line, "error", "E102", f"{r.id} is missing required field {key!r}")
        status_field = r.first("status")
        status = status_field.value if status_field else "active"
        if (r.kind == "card" and "extends" not in keys and not is_cluster
                and status == "active" and "example" not in keys):
            add(r, r.line, "warning", "W202", f"active card {r.id} has no example")
    for r in nodes.values():
        for key in REQUIRED_NODE:
            if r.first(key) is None:
                add(r, r.line, "error", "E102", f"foundation node {r.id} is missing {key!r}")


def _inherited_keys(r: RawRecord, cards: Table) -> set[str]:
    keys: set[str] = set()
    seen = {r.id}
    ext = r.first("extends")
    while ext is not None and ext.value in cards and ext.value not in seen:
        seen.add(ext.value)
        parent = cards[ext.value]
        keys |= {f.key for f in parent.fields}
        ext = parent.first("extends")
    return keys


def _check_foundation(cards: Table, nodes: Table, add: Add) -> None:
    referenced: set[str] = set()
    for r in cards.values():
        rf = r.first("read-first")
        if rf:
            referenced.update(values.parse_id_list(rf.value))
    for r in nodes.values():
        p = r.first("parent")
        if p and p.value != "(root)":
            referenced.add(p.value)
    for r in nodes.values():
        if r.id not in referenced:
            add(r, r.line, "warning", "W203",
                f"foundation node {r.id} is not read-first of any card nor parent of any node")
        depth, seen = 0, set()
        node: RawRecord | None = r
        while node is not None and node.id not in seen:
            seen.add(node.id)
            depth += 1
            p = node.first("parent")
            node = nodes.get(p.value) if p else None
        if depth > MAX_CHAIN:
            add(r, r.line, "warning", "W201",
                f"foundation chain to {r.id} is {depth} deep (over {MAX_CHAIN}): onboarding debt")
