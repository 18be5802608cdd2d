from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from sourcefinder.index import Index, load_index
from sourcefinder.orgkit.build import build_org

PROJECT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def pristine_root(tmp_path_factory: pytest.TempPathFactory) -> Path:
    root = tmp_path_factory.mktemp("harborline")
    build_org(root)
    return root


@pytest.fixture
def org_root(pristine_root: Path, tmp_path: Path) -> Path:
    """A private copy of the example organization that a test may change."""
    root = tmp_path / "root"
    shutil.copytree(pristine_root, root, symlinks=True)
    return root


@pytest.fixture(scope="session")
def index() -> Index:
    return load_index(PROJECT / "index")
