from __future__ import annotations

import json
import os
from pathlib import Path

from sourcefinder.index import Index
from sourcefinder.orgkit.build import git, git_env
from sourcefinder.watch import card_targets, scan


def _new_repo(path: Path) -> None:
    path.mkdir(parents=True)
    env = git_env("Ana Sousa <ana.sousa@harborline.example>", "2026-10-01T09:00:00+02:00")
    git(path, "init", "-q", "-b", "main", env=env)
    (path / "README.md").write_text("# pricing-lab\n")
    git(path, "add", "-A", env=env)
    git(path, "commit", "-q", "-m", "spike", env=env)


def test_the_first_scan_records_a_baseline_and_the_example_org_is_covered(
    org_root: Path, index: Index, tmp_path: Path
) -> None:
    state = tmp_path / "state" / "watch.json"
    report = scan(org_root, index, state)
    assert report.baseline and report.ok
    assert (report.new, report.changed, report.removed) == ((), (), ())
    kinds = {s.kind for s in report.sources}
    assert kinds == {"repo", "wiki-space", "drive-folder", "database"}
    assert report.coverage["org/repos/handbook"] == ("eng-handbook", "adr-log")
    assert json.loads(state.read_text())["sources"]["org/repos/tracker"]["kind"] == "repo"


def test_a_new_repository_with_no_card_is_reported_uncovered(
    org_root: Path, index: Index, tmp_path: Path
) -> None:
    state = tmp_path / "watch.json"
    scan(org_root, index, state)
    _new_repo(org_root / "org" / "repos" / "pricing-lab")
    report = scan(org_root, index, state)
    assert not report.baseline
    assert report.new == ("org/repos/pricing-lab",)
    assert report.uncovered == ("org/repos/pricing-lab",)
    assert not report.ok


def test_a_new_commit_is_a_change(org_root: Path, index: Index, tmp_path: Path) -> None:
    state = tmp_path / "watch.json"
    scan(org_root, index, state)
    repo = org_root / "org" / "repos" / "runbooks"
    env = git_env("Ana Sousa <ana.sousa@harborline.example>", "2026-10-02T09:00:00+02:00")
    (repo / "tracker" / "TrackerEtaStale.md").write_text("# TrackerEtaStale\n")
    git(repo, "add", "-A", env=env)
    git(repo, "commit", "-q", "-m", "Runbook for TrackerEtaStale", env=env)
    report = scan(org_root, index, state)
    assert report.changed == ("org/repos/runbooks",)
    assert report.new == () and report.ok


def test_a_new_wiki_space_a_touched_folder_and_a_removed_source(
    org_root: Path, index: Index, tmp_path: Path
) -> None:
    state = tmp_path / "watch.json"
    scan(org_root, index, state)
    org = org_root / "org"
    (org / "wiki" / "notion" / "marketing").mkdir()
    (org / "wiki" / "notion" / "marketing" / "brand.md").write_text("# Brand\n")
    page = org / "drive" / "wbr" / "WBR-2026-31.md"
    os.utime(page, ns=(page.stat().st_atime_ns, page.stat().st_mtime_ns + 10**9))
    (org / "warehouse.sqlite").unlink()
    report = scan(org_root, index, state)
    assert report.new == ("org/wiki/notion/marketing",)
    assert report.uncovered == ("org/wiki/notion/marketing",)
    assert report.changed == ("org/drive/wbr",)
    assert report.removed == ("org/warehouse.sqlite",)


def test_targets_are_normalized_deduplicated_and_the_rest_ignored_with_reasons(
    index: Index,
) -> None:
    ignored: list = []
    targets = card_targets(index, ignored)
    assert ("org/repos/handbook", "eng-handbook") in targets
    assert len({t for t, _ in targets}) == len(targets)
    reasons = {i.what.split(":")[0]: i.reason for i in ignored}
    assert reasons["github-org"].startswith("cluster card")
    assert "URL" in reasons["aws-docs"]
    assert any(i.reason.startswith("duplicate of") for i in ignored)


def test_an_unreadable_state_starts_a_new_baseline(
    org_root: Path, index: Index, tmp_path: Path
) -> None:
    state = tmp_path / "watch.json"
    state.write_text("{not json")
    report = scan(org_root, index, state)
    assert report.baseline
    assert any("unreadable watch state" in i.reason for i in report.ignored)
    assert json.loads(state.read_text())["version"] == 1
    assert not list(tmp_path.glob(".watch.json.*"))


def test_a_symlinked_repository_pointing_out_of_the_root_is_ignored(
    org_root: Path, index: Index, tmp_path: Path
) -> None:
    elsewhere = tmp_path / "elsewhere"
    _new_repo(elsewhere)
    os.symlink(elsewhere, org_root / "org" / "repos" / "borrowed")
    report = scan(org_root, index, tmp_path / "watch.json")
    assert "org/repos/borrowed" not in {s.path for s in report.sources}
    assert any(i.what == "org/repos/borrowed" for i in report.ignored)
