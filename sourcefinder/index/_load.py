"""Load an index folder: read, lint, then resolve into an ``Index``.

Resolution applies inheritance (a child takes ``kind``, ``scope``, ``trust``, ``how``,
``read-first``, ``contact``, ``owner`` and ``at`` from its cluster unless it states its
own) by walking ``extends`` to the root, and counts each cluster's ``children``.
"""

from __future__ import annotations

from pathlib import Path

from sourcefinder.errors import IndexLoadError
from sourcefinder.index import _values as values
from sourcefinder.index._lint import lint_files
from sourcefinder.index._parse import Diagnostic, ParsedFile, RawRecord, parse_file
from sourcefinder.index.model import INHERITED_KEYS, Card, Example, FoundationNode, Index

INDEX_FILE = "INDEX.md"
FRAGMENT_DIR = "clusters"


def read_files(root: Path) -> tuple[ParsedFile, list[ParsedFile]]:
    main = root / INDEX_FILE
    if not main.is_file():
        empty = ParsedFile(path=INDEX_FILE)
        empty.diagnostics.append(
            Diagnostic(INDEX_FILE, 0, "error", "E114", f"no {INDEX_FILE} in {root}"))
        return empty, []
    index_file = _parse(main, INDEX_FILE, fragment=False)
    fragments = [
        _parse(p, f"{FRAGMENT_DIR}/{p.name}", fragment=True)
        for p in sorted((root / FRAGMENT_DIR).glob("*.md"))
    ]
    return index_file, fragments


def _parse(path: Path, rel: str, *, fragment: bool) -> ParsedFile:
    try:
        text = path.read_text(encoding="utf-8-sig")  # a BOM must not hide the first heading
    except (OSError, UnicodeDecodeError) as exc:
        pf = ParsedFile(path=rel)
        pf.diagnostics.append(Diagnostic(rel, 0, "error", "E114", f"cannot read {rel}: {exc}"))
        return pf
    return parse_file(text, rel, fragment=fragment)


def lint(root: str | Path) -> list[Diagnostic]:
    """Every diagnostic for the index at ``root``, in file and line order."""
    return lint_and_load(root)[0]


def lint_and_load(root: str | Path) -> tuple[list[Diagnostic], Index | None]:
    """Read once: every diagnostic, and the resolved index when there is no error."""
    index_file, fragments = read_files(Path(root))
    diags = lint_files(index_file, fragments)
    order = {f.path: i for i, f in enumerate([index_file, *fragments])}
    diags.sort(key=lambda d: (order.get(d.path, 99), d.line, d.code))
    if any(d.level == "error" for d in diags):
        return diags, None
    return diags, resolve(index_file, fragments, str(root))


def load_index(root: str | Path) -> Index:
    """Parse, lint and resolve; raise ``IndexLoadError`` when the linter finds errors."""
    root = Path(root)
    diags, index = lint_and_load(root)
    errors = [d for d in diags if d.level == "error"]
    if errors:
        shown = "\n".join(str(_display(d, root)) for d in errors[:20])
        more = f"\n... and {len(errors) - 20} more" if len(errors) > 20 else ""
        raise IndexLoadError(f"the index at {root} has {len(errors)} lint error(s):\n{shown}{more}",
                             [_display(d, root) for d in errors])
    assert index is not None
    return index


def _display(d: Diagnostic, root: Path) -> Diagnostic:
    return Diagnostic(str(root / d.path), d.line, d.level, d.code, d.text)


def resolve(index_file: ParsedFile, fragments: list[ParsedFile], root: str) -> Index:
    raw_cards: dict[str, RawRecord] = {}
    nodes: dict[str, FoundationNode] = {}
    for r in [*index_file.records, *(rec for f in fragments for rec in f.records)]:
        if r.kind == "node":
            nodes[r.id] = _node(r)
        else:
            raw_cards[r.id] = r
    children: dict[str, list[str]] = {}
    for r in raw_cards.values():
        ext = r.first("extends")
        if ext:
            children.setdefault(ext.value, []).append(r.id)
    cards = {cid: _card(r, raw_cards, children.get(cid, [])) for cid, r in raw_cards.items()}
    return Index(root=root, title=index_file.title, cards=cards, foundation=nodes,
                 groups=tuple(index_file.groups), preamble="\n".join(index_file.preamble))


def _node(r: RawRecord) -> FoundationNode:
    def get(key: str) -> str:
        f = r.first(key)
        return f.value if f else ""

    parent = get("parent")
    return FoundationNode(id=r.id, what=get("what"), parent=None if parent == "(root)" else parent,
                          pointer=get("pointer"), path=r.path, line=r.line, source=get("source"))


def _lineage(r: RawRecord, raw_cards: dict[str, RawRecord]) -> list[RawRecord]:
    """The record, then its cluster, then that cluster's cluster..."""
    chain, seen = [r], {r.id}
    ext = r.first("extends")
    while ext is not None and ext.value in raw_cards and ext.value not in seen:
        parent = raw_cards[ext.value]
        chain.append(parent)
        seen.add(parent.id)
        ext = parent.first("extends")
    return chain


def _card(r: RawRecord, raw_cards: dict[str, RawRecord], kids: list[str]) -> Card:
    lineage = _lineage(r, raw_cards)
    inherited: list[str] = []

    def own(key: str) -> str:
        f = r.first(key)
        return f.value if f else ""

    def get(key: str) -> str:
        for i, rec in enumerate(lineage):
            f = rec.first(key)
            if f:
                if i:
                    inherited.append(key)
                return f.value
        return ""

    inheritable = {k: get(k) for k in INHERITED_KEYS}
    what, what_not = values.split_discriminator(own("what/what-not"))
    examples: list[Example] = [values.parse_example(f.value, f.line) for f in r.all("example")]
    health = values.parse_health(own("health")) if own("health") else None
    group = lineage[-1].group
    return Card(
        id=r.id, group=group, path=r.path, line=r.line, what=what, what_not=what_not,
        kind=inheritable["kind"], scope=inheritable["scope"], trust=inheritable["trust"],
        contains=own("contains"), how=inheritable["how"],
        read_first=values.parse_id_list(inheritable["read-first"]),
        examples=tuple(examples),
        gotchas=tuple(f.value for f in r.all("gotcha")),
        combines=tuple(values.parse_ref(f.value) for f in r.all("combines")),
        supersedes=values.parse_id_list(own("supersedes")),
        see_also=tuple(values.parse_ref(f.value) for f in r.all("see-also")),
        at=inheritable["at"], probe=own("probe"), contact=inheritable["contact"],
        owner=inheritable["owner"], status=own("status") or "active",
        background=own("background"), health=health, child_index=own("child-index"),
        extends=own("extends"), children=tuple(kids), fields=tuple(r.fields),
        inherited=tuple(inherited),
    )
