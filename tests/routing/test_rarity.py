from __future__ import annotations

from sourcefinder.routing._rarity import CEILING, RARE_ZIPF, specificity, zipf


def test_common_words_are_frequent_and_weigh_nothing() -> None:
    assert zipf("the") > 7.0
    assert specificity("the") == 0.0


def test_rarer_words_weigh_more() -> None:
    assert specificity("budget") < specificity("ticker") < specificity("gantry")


def test_unlisted_words_count_as_rare() -> None:
    assert zipf("qzxvbl") == RARE_ZIPF
    assert specificity("qzxvbl") == CEILING - RARE_ZIPF
