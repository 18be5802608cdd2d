"""Great Expectations suites for the episodes in the warehouse and the resolved cards.

Run in an ephemeral GX context over pandas frames (GX has no polars source: frames come
from DuckDB through polars ``.to_pandas()``). Great Expectations takes seconds to import,
so it is imported here, on use, and never by the server or the hot paths.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sourcefinder.episodes import KINDS
from sourcefinder.index._lint import ENUMS

EVENT_COLUMNS = ("seq", "event_id", "session_id", "kind", "client", "occurred_at",
                 "index_version", "verdict")
VERDICTS = ("confident", "uncertain", "nowhere")


@dataclass(frozen=True)
class Validation:
    success: bool
    rows: int
    failed: tuple[str, ...]  # "expectation(column)" of each failed expectation
    evaluated: int


def _run(name: str, frame: Any, expectations: Sequence[Any]) -> Validation:
    os.environ.setdefault("GX_ANALYTICS_ENABLED", "false")  # offline: no usage reports
    import great_expectations as gx
    from great_expectations.data_context.types.base import ProgressBarsConfig

    ctx = gx.get_context(mode="ephemeral")
    ctx.variables.progress_bars = ProgressBarsConfig(globally=False)
    batch = (ctx.data_sources.add_pandas(name).add_dataframe_asset(name)
             .add_batch_definition_whole_dataframe(name))
    suite = ctx.suites.add(gx.ExpectationSuite(name=name))
    for e in expectations:
        suite.add_expectation(e)
    vd = ctx.validation_definitions.add(gx.ValidationDefinition(name=name, data=batch,
                                                                suite=suite))
    result = vd.run(batch_parameters={"dataframe": frame})
    failed = tuple(_name(r.expectation_config) for r in result.results if not r.success)
    return Validation(bool(result.success), len(frame), failed, len(result.results))


def _name(config: Any) -> str:
    if config is None:
        return "unknown expectation"
    return f"{config.type}({config.kwargs.get('column', '')})"


def validate_episodes(frame: Any) -> Validation:
    """Schema, non-null ids, unique ids, and value sets of the warehouse's events."""
    import great_expectations as gx

    x = gx.expectations
    return _run("episodes", frame, [
        x.ExpectTableColumnsToMatchSet(column_set=list(EVENT_COLUMNS), exact_match=True),
        *(x.ExpectColumnValuesToNotBeNull(column=c)
          for c in ("seq", "event_id", "session_id", "kind", "client", "occurred_at")),
        x.ExpectColumnValuesToBeUnique(column="event_id"),
        x.ExpectColumnValuesToBeUnique(column="seq"),
        x.ExpectColumnValuesToBeInSet(column="kind", value_set=list(KINDS)),
        x.ExpectColumnValuesToBeInSet(column="verdict", value_set=list(VERDICTS)),
    ])


def validate_cards(frame: Any) -> Validation:
    """Resolved cards: ids present and unique, the required fields set, enums in range."""
    import great_expectations as gx

    x = gx.expectations
    return _run("cards", frame, [
        *(x.ExpectColumnValuesToNotBeNull(column=c) for c in ("id", "what", "kind", "scope")),
        x.ExpectColumnValuesToBeUnique(column="id"),
        *(x.ExpectColumnValuesToBeInSet(column=k, value_set=list(v)) for k, v in ENUMS.items()),
    ])


EVENTS_SQL = """
SELECT seq, event_id, session_id, 'question' AS kind, client, occurred_at, index_version,
       verdict FROM questions
UNION ALL SELECT seq, event_id, session_id, 'outcome', client, occurred_at, index_version, NULL
  FROM outcome_events
UNION ALL SELECT seq, event_id, session_id, 'follow_up', client, occurred_at, index_version,
       NULL FROM follow_ups
UNION ALL SELECT seq, event_id, session_id, kind, client, occurred_at, index_version, NULL
  FROM other_events
ORDER BY seq DESC LIMIT ?
"""
