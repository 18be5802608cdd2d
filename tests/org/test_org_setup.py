from __future__ import annotations

import sqlite3
import subprocess
from pathlib import Path

from sourcefinder import org_setup
from sourcefinder.orgkit.build import OrgBuild

REPOS = {
    "handbook", "runbooks", "booking-service", "rate-engine", "tracker", "edi-gateway",
    "beacon-web", "customs-bridge", "infra", "dbt", "driver-app", "notifier",
}  # fmt: skip


def _git(repo: Path, *args: str) -> str:
    proc = subprocess.run(["git", "-C", str(repo), *args], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    return proc.stdout.strip()


def test_every_repository_is_a_git_repository_with_history(built: OrgBuild) -> None:
    assert set(built.repos) == REPOS
    for name, head in built.repos.items():
        repo = built.org_dir / "repos" / name
        assert (repo / ".git").is_dir()
        assert _git(repo, "rev-parse", "HEAD") == head
    assert _git(built.org_dir / "repos" / "customs-bridge", "rev-list", "--count", "HEAD") == "2"


def test_history_keeps_what_a_later_commit_removed(built: OrgBuild) -> None:
    repo = built.org_dir / "repos" / "customs-bridge"
    assert not (repo / "adapters/ics2/air_hl.py").exists()
    assert "house-level" in _git(repo, "show", "HEAD~1:adapters/ics2/air_hl.py")


def test_commits_have_fixed_dates_and_authors(built: OrgBuild) -> None:
    line = _git(built.org_dir / "repos" / "runbooks", "log", "-1", "--format=%an|%aI|%cI")
    assert line == "Ana Sousa|2026-09-08T10:05:00+02:00|2026-09-08T10:05:00+02:00"


def test_the_build_is_deterministic_and_the_command_line_builds_too(
    built: OrgBuild, tmp_path: Path
) -> None:
    assert org_setup.main(["build", "--root", str(tmp_path)]) == 0
    for name, head in built.repos.items():
        assert _git(tmp_path / "org" / "repos" / name, "rev-parse", "HEAD") == head


def test_the_warehouse_holds_the_marts(built: OrgBuild) -> None:
    conn = sqlite3.connect(f"{built.warehouse.as_uri()}?mode=ro", uri=True)
    try:
        tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master")}
        ocean = conn.execute("SELECT count(*) FROM fct_shipments WHERE mode = 'OCEAN'").fetchall()
    finally:
        conn.close()
    assert {"dim_customer", "fct_shipments", "fct_milestones", "fct_invoice_lines"} <= tables
    assert "fct_shipment_margin" in tables
    assert ocean[0][0] > 0


def test_committed_text_is_copied_but_generated_parts_are_not(built: OrgBuild) -> None:
    assert (built.org_dir / "wiki/notion/ops/life-of-a-shipment.md").is_file()
    assert (built.org_dir / "drive/wbr/WBR-2026-31.md").is_file()
    assert not list(built.org_dir.glob("repos/.*.building"))
