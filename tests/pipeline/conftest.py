"""A temporary state folder and the resource pointing at it; the example organization
generated once, and its docs site on a free port."""

from __future__ import annotations

from pathlib import Path

import pytest

from sourcefinder.config import Settings
from sourcefinder.demo import prepare
from sourcefinder_pipeline.resources import NightShiftResource

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return prepare(tmp_path / "home", REPO / "index")


@pytest.fixture
def night(settings: Settings) -> NightShiftResource:
    return NightShiftResource(home=str(settings.home), index=str(REPO / "index"),
                              questions=str(REPO / "evals" / "questions.jsonl"),
                              today="2026-10-05")
