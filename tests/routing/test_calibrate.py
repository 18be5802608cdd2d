from __future__ import annotations

from sourcefinder.index.model import Index
from sourcefinder.routing import OfflineRouter, RouterConfig, calibrate

SUITE = [
    ("FY27 travel budget forecast", ["finance-space"]),
    ("when is payday", ["people-space"]),
    ("restart the payments service during an outage", ["oncall-runbooks"]),
    ("root cause of the March checkout incident", ["incident-postmortems"]),
    ("daily active users from the raw event tables", ["analytics-warehouse"]),
    ("button colors in the design tokens", ["design-system"]),
    ("what is on the cafeteria lunch menu", []),
    ("best hiking trails near the office", []),
    ("xqzv blorf wibble", []),
]


def test_calibrated_thresholds_separate_nowhere_questions(org: Index) -> None:
    router = OfflineRouter(org)
    thresholds = calibrate(router, SUITE)
    assert thresholds.questions == len(SUITE)
    assert 0.0 <= thresholds.nowhere_below <= thresholds.confident_at
    assert thresholds.nowhere_recall == 1.0
    assert thresholds.precision_when_confident >= 0.9

    tuned = OfflineRouter(org, config=thresholds.apply(RouterConfig()))
    for question, gold in SUITE:
        ranking = tuned.rank(question)
        if not gold:
            assert ranking.verdict == "nowhere", question
        elif ranking.verdict == "confident":
            assert ranking.candidates[0].card_id in gold, question


def test_without_nowhere_questions_few_answerable_ones_fall_under(org: Index) -> None:
    answerable = [(q, g) for q, g in SUITE if g]
    thresholds = calibrate(OfflineRouter(org), answerable)
    router = OfflineRouter(org, config=thresholds.apply(RouterConfig()))
    verdicts = [router.rank(q).verdict for q, _ in answerable]
    assert verdicts.count("nowhere") <= 1


def test_no_answerable_question_falls_under_a_zero_loss_threshold(org: Index) -> None:
    thresholds = calibrate(OfflineRouter(org), SUITE, answerable_loss=0.0)
    router = OfflineRouter(org, config=thresholds.apply(RouterConfig()))
    assert all(router.rank(q).verdict != "nowhere" for q, gold in SUITE if gold)
    loose = calibrate(OfflineRouter(org), SUITE, answerable_loss=0.5)
    assert loose.nowhere_below >= thresholds.nowhere_below
