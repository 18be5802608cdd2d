"""Reference tables beside the events: the published cards, their declared overlaps, and
the eval suite's labeled question classes. Rewritten whole on each ingest."""

from __future__ import annotations

from collections.abc import Callable, Iterable

import duckdb
import pyarrow as pa

from sourcefinder.evals.harness import Question
from sourcefinder.index.model import Index
from sourcefinder.warehouse._schema import question_key


def refresh_reference(index: Index | None, labels: Iterable[Question] = ()
                      ) -> Callable[[duckdb.DuckDBPyConnection], None]:
    """A callable for ``ingest(reference=...)`` that rewrites cards, card_links, labels."""
    labelled = {question_key(q.question): q.cls for q in labels if q.cls}

    def write(con: duckdb.DuckDBPyConnection) -> None:
        tables: dict[str, pa.Table] = {}
        if index is not None:
            tables["cards"] = pa.Table.from_pylist(
                [_card_row(index, cid) for cid in index.cards], schema=_CARDS)
            tables["card_links"] = pa.Table.from_pylist(list(_links(index)), schema=_LINKS)
        if labelled:
            tables["question_labels"] = pa.table(
                {"question_key": list(labelled), "cls": list(labelled.values())})
        for name, table in tables.items():
            con.register("reference_rows", table)
            try:
                con.execute(f"DELETE FROM {name}")
                con.execute(f"INSERT INTO {name} SELECT * FROM reference_rows")
            finally:
                con.unregister("reference_rows")

    return write


_CARDS = pa.schema([("card_id", pa.string()), ("grp", pa.string()), ("kind", pa.string()),
                    ("scope", pa.string()), ("trust", pa.string()), ("status", pa.string()),
                    ("background", pa.string()), ("chain_depth", pa.int32()),
                    ("read_first", pa.list_(pa.string()))])
_LINKS = pa.schema([("card_id", pa.string()), ("other_id", pa.string()),
                    ("relation", pa.string())])


def _card_row(index: Index, cid: str) -> dict[str, object]:
    c = index.cards[cid]
    depth = max((len(index.chain(n)) for n in c.read_first), default=0)
    return {"card_id": cid, "grp": c.group, "kind": c.kind, "scope": c.scope,
            "trust": c.trust, "status": c.status, "background": c.background,
            "chain_depth": depth, "read_first": list(c.read_first)}


def _links(index: Index) -> Iterable[dict[str, str]]:
    for c in index.cards.values():
        for old in c.supersedes:
            yield {"card_id": c.id, "other_id": old, "relation": "supersedes"}
        for ref in c.see_also:
            yield {"card_id": c.id, "other_id": ref.id, "relation": "see-also"}
        for ref in c.combines:
            yield {"card_id": c.id, "other_id": ref.id, "relation": "combines"}
        if c.extends:
            yield {"card_id": c.id, "other_id": c.extends, "relation": "extends"}
