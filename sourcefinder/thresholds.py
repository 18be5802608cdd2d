"""Verdict thresholds calibrated on one organization's own suite, kept in the state folder.

The router ships with thresholds chosen on our suites (``RouterConfig``); an organization
whose questions read differently calibrates its own: ``sourcefinder calibrate`` ranks its
labeled questions, derives ``confident_at`` and ``nowhere_below``
(``routing.calibrate``) and writes them to ``$SOURCEFINDER_HOME/thresholds.json``. Every
router built afterwards (server, route, eval, simulate) applies them, as long as they were
measured with the same embedder: confidences from another signal mix mean something else.
"""

from __future__ import annotations

import json
from dataclasses import asdict, replace
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sourcefinder.errors import ConfigError
from sourcefinder.nightshift.state import write_json
from sourcefinder.routing import RouterConfig
from sourcefinder.routing._calibrate import Thresholds

FILE = "thresholds.json"


def save(home: Path, embedder: str, thresholds: Thresholds) -> Path:
    path = Path(home) / FILE
    write_json(path, {"embedder": embedder, **asdict(thresholds),
                      "calibrated_at": datetime.now(UTC).isoformat(timespec="seconds")})
    return path


def apply(home: Path, embedder: str, config: RouterConfig) -> RouterConfig:
    """``config`` with the calibrated thresholds, when some were measured with ``embedder``."""
    path = Path(home) / FILE
    try:
        data: Any = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return config
    except (OSError, ValueError) as exc:
        raise ConfigError(f"{path}: unreadable thresholds ({exc}); run `sourcefinder "
                          "calibrate` again or delete the file") from exc
    values = [data.get(k) if isinstance(data, dict) else None
              for k in ("confident_at", "nowhere_below")]
    numbers = [float(v) for v in values
               if isinstance(v, int | float) and not isinstance(v, bool) and -1.0 <= v <= 1.01]
    if len(numbers) != 2:
        raise ConfigError(f"{path}: confident_at and nowhere_below must be numbers in "
                          "[-1, 1.01]; run `sourcefinder calibrate` again or delete the file")
    if data.get("embedder") != embedder:
        return config
    confident_at, nowhere_below = numbers
    return replace(config, confident_at=confident_at,
                   nowhere_below=min(nowhere_below, confident_at))
