from __future__ import annotations

import os
import sqlite3
from datetime import date
from pathlib import Path

import pytest

from sourcefinder.errors import UnsafeTargetError
from sourcefinder.index import Card, Example, Index
from sourcefinder.probes import DisabledProber, Limits, LocalProber, ProbeResult, RecordedProber
from sourcefinder.probes import parse_probe as parse
from sourcefinder.probes._paths import confined, glob_regex
from sourcefinder.probes._words import matches, significant_words

ON = date(2026, 10, 3)


def card(probe: str, *queries: str, cid: str = "c") -> Card:
    return Card(
        id=cid, group="Sources", path="INDEX.md", line=1, what="w", what_not="n", kind="wiki",
        scope="internal", trust="primary", probe=probe,
        examples=tuple(Example(q, "something") for q in queries or ("anything",)),
    )  # fmt: skip


@pytest.fixture
def root(tmp_path: Path) -> Path:
    docs = tmp_path / "org" / "docs"
    docs.mkdir(parents=True)
    (docs / "alarms.md").write_text("# Reefer alarm\nCall the carrier's reefer desk.\n")
    (tmp_path / "outside.md").write_text("reefer alarm secret\n")
    return tmp_path / "org"


def test_significant_words_drop_function_words_and_relative_time() -> None:
    assert significant_words("What to do when reefers alarm at sea") == ("reefers", "alarm", "sea")
    assert significant_words("EDI outage with CMA last month") == ("edi", "outage", "cma")
    assert significant_words("what should I do in my first week") == ("first", "week")


def test_matching_needs_every_word_and_allows_light_inflection() -> None:
    words = significant_words("reefer alarms")
    assert matches("Reefer ALARM at sea", words)
    assert not matches("reefer only", words)
    assert matches("model fct_shipments", ("shipments",))
    assert not matches("lens", ("ens",))


def test_globs_keep_star_inside_one_folder() -> None:
    assert glob_regex("*.md").match("a.md") and not glob_regex("*.md").match("x/a.md")
    assert glob_regex("**/*.md").match("a.md") and glob_regex("**/*.md").match("x/y/a.md")


@pytest.mark.parametrize("target", ["../outside.md", "docs/../../outside.md", "/etc/passwd",
                                    "~/x", "docs\\..\\x"])
def test_paths_that_escape_the_root_are_refused(root: Path, target: str) -> None:
    with pytest.raises(UnsafeTargetError):
        confined(root, target)


def test_an_escaping_probe_is_unrun_with_its_reason(root: Path) -> None:
    [result] = LocalProber(root).run(card("file ../*.md", "reefer alarm"), ON)
    assert result.ok is None and "'..'" in result.detail


def test_a_symlink_out_of_the_root_is_not_followed(root: Path) -> None:
    os.symlink(root.parent / "outside.md", root / "docs" / "leak.md")
    os.symlink(root.parent, root / "docs" / "up")
    [result] = LocalProber(root).run(card("file docs/**/*.md", "secret"), ON)
    assert result.ok is False
    assert "symlink out of the org root" in result.detail
    with pytest.raises(UnsafeTargetError):
        confined(root, "docs/up/outside.md")


def test_file_probe_passes_and_fails_on_content(root: Path) -> None:
    results = LocalProber(root).run(card("file docs/*.md", "reefer alarms", "dry van"), ON)
    assert [r.ok for r in results] == [True, False]
    assert results[0] == ProbeResult("c", "reefer alarms", True, results[0].detail, ON)
    assert "alarms.md" in results[0].detail


def test_a_failing_target_never_fails_the_run(root: Path) -> None:
    prober = LocalProber(root, limits=Limits(http_timeout=0.5))
    cards = [
        card("git repos/missing", "x", cid="missing-repo"),
        card("sql no.sqlite", "x", cid="missing-db"),
        card("http http://127.0.0.1:9/search?q={query}", "x", cid="refused-http"),
        card("ftp somewhere", "x", cid="unknown-runner"),
        card("", "x", cid="no-probe"),
        card("file docs/*.md", "reefer", cid="fine"),
    ]
    results = {c.id: prober.run(c, ON)[0] for c in cards}
    assert results["fine"].ok is True
    for cid in ("missing-repo", "missing-db", "refused-http", "unknown-runner", "no-probe"):
        assert results[cid].ok is None and results[cid].detail, cid
    assert "loopback" in results["refused-http"].detail
    assert "no probe line" in results["no-probe"].detail


def test_git_probe_refuses_a_folder_without_its_own_repository(root: Path) -> None:
    [result] = LocalProber(root).run(card("git docs", "reefer"), ON)
    assert result.ok is None and "not a git repository" in result.detail


@pytest.fixture
def db(root: Path) -> Path:
    path = root / "w.sqlite"
    conn = sqlite3.connect(path)
    conn.executescript("CREATE TABLE fct_orders (order_id TEXT, origin_port TEXT);"
                       "INSERT INTO fct_orders VALUES ('o1', 'Rotterdam');")
    conn.close()
    return path


def test_sql_probe_runs_selects_and_matches_names_and_rows(root: Path, db: Path) -> None:
    results = LocalProber(root).run(
        card("sql w.sqlite", "select * from fct_orders", "orders by origin port Rotterdam",
             "select * from fct_orders where 1 = 0", "invoices"), ON,
    )  # fmt: skip
    assert [r.ok for r in results] == [True, True, False, False]


@pytest.mark.parametrize("statement", [
    "select * from fct_orders; drop table fct_orders",
    "with x as (select 1) delete from fct_orders",
    "select load_extension('x')",
])  # fmt: skip
def test_sql_probe_is_read_only(root: Path, db: Path, statement: str) -> None:
    [result] = LocalProber(root).run(card("sql w.sqlite", statement), ON)
    assert result.ok is False
    conn = sqlite3.connect(db)
    assert conn.execute("SELECT count(*) FROM fct_orders").fetchall() == [(1,)]
    conn.close()


def test_sql_probe_refuses_pragmas_and_stops_runaway_queries(root: Path, db: Path) -> None:
    runaway = (
        "with recursive r(n) as (select 1 union all select n + 1 from r) select count(*) from r"
    )
    prober = LocalProber(root, limits=Limits(timeout=0.3))
    results = prober.run(card("sql w.sqlite", "select * from pragma_database_list", runaway), ON)
    assert [r.ok for r in results] == [False, False]
    assert "not authorized" in results[0].detail and "interrupted" in results[1].detail


def test_disabled_prober_runs_nothing() -> None:
    results = DisabledProber().run(card("file x", "a", "b"), ON)
    assert [(r.ok, r.detail) for r in results] == [(None, "probes disabled")] * 2


def test_recorded_prober_answers_from_its_table() -> None:
    prober = RecordedProber({("c", "a"): False, "c": True}, default=None)
    assert [r.ok for r in prober.run(card("", "a", "b"), ON)] == [False, True]
    assert [r.ok for r in prober.run(card("", "a", cid="other"), ON)] == [None]


def test_recorded_prober_can_replay_the_index_marks(index: Index) -> None:
    results = RecordedProber.from_marks(index).run(index.card("runbooks"), ON)
    assert [r.mark for r in results] == ["✓", "✗"]


def test_parse_probe() -> None:
    assert parse("file org/x/**/*.md") == ("file", "org/x/**/*.md")
    assert parse("  ") == ("", "")
