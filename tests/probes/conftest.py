from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from sourcefinder.index import Index, load_index
from sourcefinder.orgkit.build import build_org
from sourcefinder.orgkit.site import running

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def org_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A root holding the example organization, generated once (``<root>/org/...``)."""
    root = tmp_path_factory.mktemp("harborline")
    build_org(root)
    return root


@pytest.fixture(scope="session")
def index() -> Index:
    return load_index(PROJECT / "index")


@pytest.fixture(scope="module")
def site(org_root: Path) -> Iterator[str]:
    """The docs site on a free 127.0.0.1 port, for the module's tests."""
    with running(org_root / "org") as base:
        yield base
