"""Every definition loads, and the loop has the assets, groups, checks and jobs it should."""

from __future__ import annotations

from dagster import AssetKey, Definitions

from sourcefinder_pipeline.definitions import defs

GROUPS = {
    "episodes": "collect", "claims": "verify", "verified_claims": "verify",
    "card_deltas": "correct", "published_index": "correct", "condensed_index": "correct",
    "eval_results": "evaluate", "lever_ranking": "evaluate", "coverage_matrix": "report",
    "gap_report": "report",
}


def test_all_definitions_load() -> None:
    Definitions.validate_loadable(defs)
    graph = defs.resolve_asset_graph()
    assert {k.to_user_string(): graph.get(k).group_name
            for k in graph.get_all_asset_keys()} == GROUPS
    checks = {k.name for k in graph.asset_check_keys}
    assert {"episodes_match_expectations", "candidate_lints_clean", "eval_gate",
            "resolved_cards_match_expectations"} <= checks
    for name in ("verify_and_correct", "evaluate_index", "night_shift"):
        defs.resolve_job_def(name)
    assert defs.resolve_schedule_def("night_shift_schedule").cron_schedule == "0 2 * * *"
    assert all(graph.get(AssetKey(k)).description for k in GROUPS)
