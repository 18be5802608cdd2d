"""A state folder with the example organization already published, fresh per test.

The index is built once per run into a template state folder; each test gets its own
copy, so episode counts never leak between tests. ``example_index`` (the root conftest)
is a private copy of the authored index that a test may edit and build again.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sourcefinder.config import Settings
from sourcefinder.publish import build

REPO = Path(__file__).resolve().parents[2]
EXAMPLE_INDEX = REPO / "index"


@pytest.fixture(scope="session")
def published_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("template-home")
    build(EXAMPLE_INDEX, home)
    return home


@pytest.fixture
def home(published_template: Path, tmp_path: Path) -> Path:
    target = tmp_path / "home"
    shutil.copytree(published_template, target)
    return target


@pytest.fixture
def settings(home: Path) -> Settings:
    return Settings(home=home, index=EXAMPLE_INDEX, budget=2000, router="offline",
                    embedder="none")
