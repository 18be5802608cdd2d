"""A temporary state folder and the resource pointing at it; the example organization
generated once, and its docs site on a free port."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sourcefinder.config import Settings
from sourcefinder.demo import prepare
from sourcefinder.orgkit.build import build_org
from sourcefinder.orgkit.site import running
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
