from __future__ import annotations

from pathlib import Path

import pytest

from sourcefinder.index import Index, load_index

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def index() -> Index:
    return load_index(PROJECT / "index")

