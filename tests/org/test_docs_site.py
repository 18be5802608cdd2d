from __future__ import annotations

import json
import urllib.error
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit

import pytest

from sourcefinder.index import load_index
from sourcefinder.orgkit.site import DocsSite, running

PROJECT = Path(__file__).resolve().parents[2]
LOCAL_SITE = "http://127.0.0.1:8088/"


def _get(url: str) -> tuple[int, str, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as resp:
            return resp.status, resp.headers["Content-Type"], resp.read().decode()
    except urllib.error.HTTPError as err:
        with err:
            return err.code, err.headers["Content-Type"], err.read().decode()


@pytest.fixture(scope="module")
def base(org_dir: Path):  # noqa: ANN201 (a generator fixture)
    with running(org_dir) as url:
        yield url


def test_an_area_search_returns_json_results(base: str) -> None:
    status, ctype, body = _get(f"{base}/incidents/search?q=EDI+outage+CMA+CGM")
    data = json.loads(body)
    assert (status, ctype) == (200, "application/json")
    assert [r["path"] for r in data["results"]] == ["/incidents/inc-2026-0871"]
    assert set(data["results"][0]) == {"title", "path", "snippet"}


def test_a_search_with_no_match_is_an_empty_list(base: str) -> None:
    data = json.loads(_get(f"{base}/tableau/search?q=Transpac+Weekly+2021")[2])
    assert data["total"] == 0 and data["results"] == []


def test_the_global_search_spans_the_wiki(base: str) -> None:
    data = json.loads(_get(f"{base}/search?q=reefer+alarm")[2])
    assert "/notion/ops/sop-reefer-alarm-ocean" in [r["path"] for r in data["results"]]


def test_pages_and_folder_listings_are_served(base: str) -> None:
    status, ctype, body = _get(f"{base}/notion/onboarding/harborline-101")
    assert status == 200 and ctype.startswith("text/markdown") and "# Harborline 101" in body
    status, ctype, body = _get(f"{base}/notion/ops/")
    assert status == 200 and "/notion/ops/life-of-a-shipment" in body


def test_a_stand_in_tool_has_a_landing_page(base: str) -> None:
    status, _, body = _get(f"{base}/grafana/")
    assert status == 200 and "Grafana" in body


def test_unknown_areas_and_pages_are_404(base: str) -> None:
    assert _get(f"{base}/nowhere/search?q=x")[0] == 404
    assert _get(f"{base}/notion/ops/no-such-page")[0] == 404


def test_the_site_never_serves_outside_its_folders(org_dir: Path) -> None:
    site = DocsSite(org_dir)
    assert site.page("/notion/../../warehouse.sql") is None
    assert site.page("/notion/%2e%2e/secret") is None
    assert site.page("/.git/config") is None


def test_every_local_address_in_the_index_exists(org_dir: Path) -> None:
    """``at:`` lines and foundation pointers name things that really exist."""
    index = load_index(PROJECT / "index")
    site = DocsSite(org_dir)
    addresses = [c.at for c in index.cards.values()]
    addresses += [w for n in index.foundation.values() for w in n.pointer.split() if "/" in w]
    checked = 0
    for address in addresses:
        if address.startswith(LOCAL_SITE):
            assert site.page(urlsplit(address).path) is not None, address
        elif address.startswith("org/"):
            assert (org_dir.parent / address).exists(), address
        else:
            continue
        checked += 1
    assert checked > 50
