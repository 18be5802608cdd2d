"""Shared fixtures: the example organization and a fresh state folder per test."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from sourcefinder.config import Settings
from sourcefinder.orgkit.build import build_org
from sourcefinder.orgkit.site import running

# The default embedder (e5-small) costs tens of milliseconds a text on these machines; tests
# run the lexical router unless they exercise the embedder on purpose (tests/routing, the
# stdio test, which passes its own environment, and test_default_config.py).
os.environ.setdefault("SOURCEFINDER_EMBEDDER", "none")

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE_INDEX = ROOT / "index"
EXAMPLE_QUESTIONS = ROOT / "evals" / "questions.jsonl"


@pytest.fixture
def example_index(tmp_path: Path) -> Path:
    """A private copy of the example organization's index (tests may edit it)."""
    dest = tmp_path / "index"
    shutil.copytree(EXAMPLE_INDEX, dest)
    return dest


@pytest.fixture
def home(tmp_path: Path) -> Path:
    return tmp_path / "state"


@pytest.fixture
def settings(home: Path, example_index: Path) -> Settings:
    return Settings(home=home, index=example_index)


@pytest.fixture(scope="session")
def org_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A root holding the example organization (``<root>/org/...``), built once."""
    root = tmp_path_factory.mktemp("harborline")
    build_org(root)
    return root


@pytest.fixture(scope="module")
def docs_site(org_root: Path) -> Iterator[str]:
    """The example docs site on a free 127.0.0.1 port (the index's probes name 8088)."""
    with running(org_root / "org") as base:
        yield base
