from __future__ import annotations

import json
from pathlib import Path

import pytest

from sourcefinder.errors import InvalidInputError
from sourcefinder.importer import UNSTATED, import_jsonl
from sourcefinder.index import lint, load_index

BENCH = Path(__file__).resolve().parent / "data" / "metatool-sources.jsonl"


def _write(path: Path, rows: list[object]) -> Path:
    path.write_text("\n".join(json.dumps(r) for r in rows) + "\n")
    return path


def test_imported_cards_keep_ids_and_invent_no_text(tmp_path: Path) -> None:
    src = _write(tmp_path / "s.jsonl", [
        {"id": "weather-tool", "name": "weather", "description": "Forecasts for a city."},
        {"id": "maps", "name": "maps", "description": "Directions · routes",
         "extra": {"description_for_model": "Plan routes between places."}},
    ])
    assert import_jsonl(src, tmp_path / "out") == 2
    assert not [d for d in lint(tmp_path / "out") if d.level == "error"]
    index = load_index(tmp_path / "out")
    assert list(index.cards) == ["weather-tool", "maps"]
    assert index.cards["weather-tool"].what == "Forecasts for a city."
    assert index.cards["weather-tool"].contains == "weather"
    assert index.cards["maps"].contains == "maps: Plan routes between places."
    assert index.cards["maps"].how == UNSTATED


@pytest.mark.parametrize("row, message", [
    ({"id": "Bad Id", "name": "x", "description": "y"}, "not a valid card id"),
    ({"id": "ok", "name": "x", "description": ""}, "has no description"),
    (["not", "an", "object"], "expected a JSON object"),
])
def test_bad_rows_name_their_line(tmp_path: Path, row: object, message: str) -> None:
    src = _write(tmp_path / "s.jsonl", [{"id": "fine", "name": "f", "description": "d"}, row])
    with pytest.raises(InvalidInputError, match=f":2: .*{message}"):
        import_jsonl(src, tmp_path / "out")


def test_duplicate_ids_are_refused(tmp_path: Path) -> None:
    row = {"id": "same", "name": "f", "description": "d"}
    src = _write(tmp_path / "s.jsonl", [row, row])
    with pytest.raises(InvalidInputError, match="duplicate id"):
        import_jsonl(src, tmp_path / "out")


def test_the_public_benchmark_imports_cleanly(tmp_path: Path) -> None:
    n = import_jsonl(BENCH, tmp_path / "metatool")
    assert n == 199
    assert not [d for d in lint(tmp_path / "metatool") if d.level == "error"]
