"""The probe sweep on the generated example organization: every card's probes run with the
real LocalProber (the docs site on a free port, the index's 8088 URLs rewritten to it by
configuration), the planted failures are marked ✗ and the passing examples ✓ in the
published working copy, and nothing a target does fails the night."""

from __future__ import annotations

import shutil
from datetime import date
from pathlib import Path

from sourcefinder.config import Settings
from sourcefinder.demo import INDEX_DOCS
from sourcefinder.index import load_index
from sourcefinder.index.model import Card
from sourcefinder.nightshift.loop import NightConfig, NightShift
from sourcefinder.nightshift.probing import RebasedProber, make_prober
from sourcefinder.nightshift.sweep import sweep
from sourcefinder.probes import LocalProber, ProbeResult
from sourcefinder.publish import load_published

REPO = Path(__file__).resolve().parents[2]
ON = date(2026, 10, 5)
AUTHORED = load_index(REPO / "index")
PLANTED = {("runbooks", "how to replay EDI messages from the dead letter queue"),
           ("repo-customs-bridge", "ENS house-level filing for air shipments"),
           ("tableau-legacy", "2021 volume dashboard for the transpacific lane")}


def _shift(settings: Settings, prober: object, org_root: Path | None = None) -> NightShift:
    return NightShift(NightConfig(settings, REPO / "evals" / "questions.jsonl", today=ON),
                      prober=prober, org_root=org_root)  # type: ignore[arg-type]


def test_a_night_with_the_sweep_marks_the_published_working_copy(
        settings: Settings, org_root: Path, docs_site: str) -> None:
    prober = make_prober("local", AUTHORED, org_root, allow_loopback=True,
                         url_rewrites={INDEX_DOCS: docs_site})
    result = _shift(settings, prober, org_root).run_night()

    assert result["published"]["published"] and result["gate"]["passed"]
    assert result["probes"]["failed"] == 3 and result["probes"]["passed"] > 50
    assert result["uncovered"] == []  # every watched source of the example org has a card
    published = load_published(settings.home).index
    for card in AUTHORED.cards.values():
        now = {ex.query: ex for ex in published.cards[card.id].examples}
        for ex in card.examples:
            after = now[ex.query]
            if (card.id, ex.query) in PLANTED:
                assert (after.mark, after.mark_date) == ("✗", ON), (card.id, ex.query)
            elif not card.probe:  # could not run: the authored mark stays as it was
                assert (after.mark, after.mark_date) == (ex.mark, ex.mark_date), card.id
            else:
                assert (after.mark, after.mark_date) == ("✓", ON), (card.id, ex.query)
    flipped = {(f["card_id"], f["before"], f["after"]) for f in result["flipped"]}
    assert ("service-catalog", "?", "✓") in flipped and all(a == "✓" for _, _, a in flipped)
    swept = _shift(settings, prober).swept()
    assert swept is not None and swept.unrun_reasons() == {"no probe line": 47}
    # the planted failures were already marked ✗: known failures, not stale how-tos
    assert {(f.card_id, f.query) for f in swept.failing} == PLANTED and not swept.stale()
    assert "## 7. Failing example probes" in (settings.home / "reports" /
                                              "gap-report.md").read_text()


def test_an_example_that_newly_fails_is_filed_as_a_stale_howto(
        settings: Settings, org_root: Path, tmp_path: Path) -> None:
    root = tmp_path / "moved"
    shutil.copytree(org_root / "org", root / "org", symlinks=True)
    (root / "org" / "repos" / "handbook" / "engineering" / "access.md").unlink()
    shift = _shift(settings, LocalProber(root), root)  # loopback refused: http probes unrun
    shift.run_night()

    card = load_published(settings.home).index.cards["eng-handbook"]
    assert [(ex.mark, ex.mark_date) for ex in card.examples] == [("✗", ON), ("✓", ON)]
    swept = shift.swept()
    assert swept is not None
    assert [(f.card_id, f.was, f.since) for f in swept.stale()] == [("eng-handbook", "✓",
                                                                   "2026-10-05")]
    assert any("loopback" in r.detail for r in swept.results if r.ok is None)
    proposals = (settings.home / "reports" / "proposed-deltas.md").read_text()
    assert "check the how-to of eng-handbook" in proposals
    gaps = (settings.home / "reports" / "gap-report.md").read_text()
    assert "**eng-handbook**" in gaps and "stale how-to: was ✓" in gaps
    # the next night (no probes) keeps the failure on file, and changes no mark back
    later = NightShift(NightConfig(settings, shift.config.questions, today=date(2026, 10, 6)))
    later.run_night()
    again = later.swept()
    assert again is not None and [f.card_id for f in again.stale()] == ["eng-handbook"]
    assert load_published(settings.home).index.cards["eng-handbook"].examples[0].mark == "✗"


class _Exploding:
    """A prober whose target blows up for one card."""

    def __init__(self, local: LocalProber) -> None:
        self.local = local

    def run(self, card: Card, on: date) -> list[ProbeResult]:
        if card.id == "warehouse":
            raise RuntimeError("the warehouse target exploded")
        return self.local.run(card, on)


def test_a_failing_target_does_not_fail_the_sweep(org_root: Path) -> None:
    result = sweep(AUTHORED, RebasedProber(_Exploding(LocalProber(org_root)),
                                           {INDEX_DOCS: "http://127.0.0.1:9"}), ON)
    by_card = {r.card_id: r for r in result.results}
    assert by_card["warehouse"].ok is None
    assert "RuntimeError: the warehouse target exploded" in by_card["warehouse"].detail
    assert by_card["runbooks"].ok is not None  # the others still ran
    assert by_card["dbt-docs"].ok is None and "127.0.0.1:9" in by_card["dbt-docs"].detail
    assert result.counts()["failed"] == 2  # the planted file and git failures
    assert result.prober == "_Exploding"


def test_rebased_prober_rewrites_only_http_probe_prefixes() -> None:
    rebased = RebasedProber(LocalProber("."), {INDEX_DOCS: "http://127.0.0.1:5555"})
    assert rebased.rebase(AUTHORED.cards["dbt-docs"]).probe == \
        "http http://127.0.0.1:5555/dbt/search?q={query}"
    assert rebased.rebase(AUTHORED.cards["runbooks"]) is AUTHORED.cards["runbooks"]
