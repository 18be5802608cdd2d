"""Every definition loads, and the loop has the assets, groups, checks and jobs it should."""

from __future__ import annotations

from dagster import AssetKey, Definitions

from sourcefinder_pipeline.definitions import defs

GROUPS = {
    "episodes": "collect", "claims": "verify", "verified_claims": "verify",
    "card_deltas": "correct", "published_index": "correct", "condensed_index": "correct",
    "eval_results": "evaluate", "lever_ranking": "evaluate", "coverage_matrix": "report",
    "gap_report": "report", "probe_results": "watch", "watched_sources": "watch",
}


def test_all_definitions_load() -> None:
    Definitions.validate_loadable(defs)
    graph = defs.resolve_asset_graph()
    assert {k.to_user_string(): graph.get(k).group_name
            for k in graph.get_all_asset_keys()} == GROUPS
    checks = {k.name for k in graph.asset_check_keys}
    assert {"episodes_match_expectations", "candidate_lints_clean", "eval_gate",
            "resolved_cards_match_expectations", "every_watched_source_has_a_card"} <= checks
    for name in ("verify_and_correct", "evaluate_index", "night_shift"):
        defs.resolve_job_def(name)
    schedule = defs.resolve_schedule_def("night_shift_schedule")
    assert schedule.cron_schedule == "0 2 * * *" and schedule.job_name == "night_shift"
    nightly = {k.to_user_string() for k in defs.resolve_job_def("night_shift").asset_layer
               .executable_asset_keys}
    assert {"probe_results", "watched_sources", "card_deltas", "published_index"} <= nightly
    evaluate = {k.to_user_string() for k in defs.resolve_job_def("evaluate_index").asset_layer
                .executable_asset_keys}
    assert "watched_sources" in evaluate and "probe_results" not in evaluate
    assert {s.name for s in defs.sensors or ()} == {
        "new_feedback_sensor", "published_index_sensor", "watched_sources_sensor"}
    assert defs.resolve_sensor_def("watched_sources_sensor").job_name == "evaluate_index"
    assert all(graph.get(AssetKey(k)).description for k in GROUPS)
