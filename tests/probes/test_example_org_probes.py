"""The real example cards, probed against the generated example organization.

Every example marked ✓ in the index must pass and every one marked ✗ must fail: the
three ✗ are planted (a runbook moved to a stub, an ICS2 adapter restructured away, a
purged Tableau workbook).
"""

from __future__ import annotations

import dataclasses
from datetime import date
from pathlib import Path

import pytest

from sourcefinder.index import Card, Index
from sourcefinder.probes import LocalProber, parse_probe

ON = date(2026, 10, 3)
EXPECTED = {"✓": True, "✗": False}


def _cards(index: Index, runner: str) -> list[Card]:
    return [c for c in index.cards.values() if parse_probe(c.probe)[0] == runner and c.examples]


def _assert_marks(results: list, card: Card) -> None:
    for ex, result in zip(card.examples, results, strict=True):
        assert result.query == ex.query and result.ran_at == ON
        if ex.mark in EXPECTED:
            assert result.ok is EXPECTED[ex.mark], f"{card.id}: {ex.query!r}: {result.detail}"
        else:
            assert result.ok is not None, result.detail


@pytest.mark.parametrize("runner", ["file", "git", "sql"])
def test_local_runners_reproduce_the_index_marks(runner: str, index: Index, org_root: Path) -> None:
    prober = LocalProber(org_root)
    cards = _cards(index, runner)
    assert cards
    for card in cards:
        _assert_marks(prober.run(card, ON), card)


def test_the_planted_file_and_git_failures_fail(index: Index, org_root: Path) -> None:
    prober = LocalProber(org_root)
    runbooks = prober.run(index.card("runbooks"), ON)
    customs = prober.run(index.card("repo-customs-bridge"), ON)
    assert [r.ok for r in runbooks] == [True, False]
    assert "dlq-replay.md" in runbooks[1].detail  # the stub is there, the content is not
    assert [r.ok for r in customs] == [True, False]


def test_http_runner_reproduces_the_index_marks(index: Index, org_root: Path,
                                                docs_site: str) -> None:
    prober = LocalProber(org_root, allow_loopback=True)
    cards = _cards(index, "http")
    assert len(cards) >= 7
    for card in cards:
        local = dataclasses.replace(
            card, probe=card.probe.replace("http://127.0.0.1:8088", docs_site))
        _assert_marks(prober.run(local, ON), card)


def test_the_purged_tableau_workbook_fails_over_http(
    index: Index, org_root: Path, docs_site: str
) -> None:
    card = index.card("tableau-legacy")
    probed = dataclasses.replace(card, probe=f"http {docs_site}/tableau/search?q={{query}}")
    [result] = LocalProber(org_root, allow_loopback=True).run(probed, ON)
    assert result.ok is False and "no results" in result.detail


def test_http_probes_refuse_loopback_unless_allowed(index: Index, org_root: Path) -> None:
    results = LocalProber(org_root).run(index.card("dbt-docs"), ON)
    assert [r.ok for r in results] == [None, None]
    assert "loopback" in results[0].detail
