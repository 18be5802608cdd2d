from __future__ import annotations

from pathlib import Path

import pytest

from sourcefinder.orgkit.build import OrgBuild, build_org


@pytest.fixture(scope="session")
def built(tmp_path_factory: pytest.TempPathFactory) -> OrgBuild:
    """The example organization, generated once into a temporary root."""
    return build_org(tmp_path_factory.mktemp("harborline"))


@pytest.fixture(scope="session")
def org_dir(built: OrgBuild) -> Path:
    return built.org_dir
