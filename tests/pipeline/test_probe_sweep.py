"""The nightly loop with the probe sweep on: the real LocalProber against the generated
example organization marks the examples ✓/✗ in the working copy and publishes them through
the eval gate; a watched source with no card fails a non-blocking check and reaches the gap
report."""

from __future__ import annotations

from pathlib import Path

from dagster import AssetCheckSeverity, materialize

from sourcefinder.config import Settings
from sourcefinder.demo import INDEX_DOCS
from sourcefinder.index import load_index
from sourcefinder.publish import current_version, load_published
from sourcefinder_pipeline.defs.watch.assets import watched_sources
from sourcefinder_pipeline.defs.watch.checks import every_watched_source_has_a_card
from sourcefinder_pipeline.resources import NightShiftResource
from sourcefinder_pipeline.run import materialize_loop

REPO = Path(__file__).resolve().parents[2]
PLANTED = {("runbooks", "how to replay EDI messages from the dead letter queue"),
           ("repo-customs-bridge", "ENS house-level filing for air shipments"),
           ("tableau-legacy", "2021 volume dashboard for the transpacific lane")}


def _with(night: NightShiftResource, **kw: object) -> NightShiftResource:
    return NightShiftResource(**{**night.model_dump(), **kw})  # type: ignore[arg-type]


def test_the_nightly_loop_sweeps_probes_and_publishes_marks(
        settings: Settings, night: NightShiftResource, org_root: Path, docs_site: str) -> None:
    probing = _with(night, prober="local", org_root=str(org_root), allow_loopback=True,
                    probe_url_rewrites={INDEX_DOCS: docs_site})
    before = current_version(settings.home)

    result = materialize_loop(probing, log_level="WARNING")

    assert result.success
    assert all(c.passed for c in result.get_asset_check_evaluations())
    [sweep] = result.asset_materializations_for_node("probe_results")
    assert sweep.metadata["probes_failed"].value == 3
    assert sweep.metadata["probes_passed"].value > 50
    assert current_version(settings.home) != before
    worktree = load_index(settings.home / "nightshift" / "worktree")
    published = load_published(settings.home).index
    for cid, query in PLANTED:
        [ex] = [e for e in published.cards[cid].examples if e.query == query]
        assert (ex.mark, str(ex.mark_date)) == ("✗", night.today)
    for card in load_index(REPO / "index").cards.values():
        if not card.probe:
            continue
        for ex in published.cards[card.id].examples:
            if (card.id, ex.query) not in PLANTED:
                assert (ex.mark, str(ex.mark_date)) == ("✓", night.today), (card.id, ex.query)
    assert worktree.cards["service-catalog"].examples[1].mark == "✓"  # was "?"


def test_a_failing_target_does_not_fail_the_run(settings: Settings,
                                                night: NightShiftResource,
                                                org_root: Path) -> None:
    nowhere = _with(night, prober="local", org_root=str(org_root), allow_loopback=True,
                    probe_url_rewrites={INDEX_DOCS: "http://127.0.0.1:9"})  # nothing listens

    result = materialize_loop(nowhere, log_level="CRITICAL")

    assert result.success
    [sweep] = result.asset_materializations_for_node("probe_results")
    assert sweep.metadata["probes_failed"].value == 2  # the http one could not run
    published = load_published(settings.home).index
    assert published.cards["tableau-legacy"].examples[0].mark_date != night.today
    assert published.cards["runbooks"].examples[1].mark == "✗"


def test_an_uncovered_watched_source_warns_and_reaches_the_gap_report(
        settings: Settings, night: NightShiftResource, tmp_path: Path) -> None:
    (tmp_path / "org" / "drive" / "brand-new-folder").mkdir(parents=True)
    (tmp_path / "org" / "drive" / "brand-new-folder" / "plan.md").write_text("a plan\n")
    watching = _with(night, org_root=str(tmp_path))

    result = materialize([watched_sources, every_watched_source_has_a_card],
                         resources={"night": watching}, raise_on_error=False)

    assert result.success  # the check warns; it blocks nothing
    [check] = result.get_asset_check_evaluations()
    assert not check.passed and check.severity == AssetCheckSeverity.WARN
    assert "org/drive/brand-new-folder" in str(check.metadata["uncovered_sources"].value)
    text, ranked = watching.night().gap_report()
    assert "- org/drive/brand-new-folder (drive-folder)" in text
    assert {"kind": "uncovered_source", "subject": "org/drive/brand-new-folder",
            "clients": 0} in ranked
