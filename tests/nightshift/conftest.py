"""A temporary state folder with the example index published from a working copy; the
example organization generated once, and its docs site on a free port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sourcefinder.config import Settings
from sourcefinder.demo import prepare
from sourcefinder.desk import Desk
from sourcefinder.evals.harness import Question, read_questions

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return prepare(tmp_path / "home", REPO / "index")


@pytest.fixture
def desk(settings: Settings) -> Iterator[Desk]:
    d = Desk(settings)
    yield d
    d.log.close()


@pytest.fixture(scope="session")
def questions() -> list[Question]:
    return read_questions(REPO / "evals" / "questions.jsonl")
