"""The one resource: where the night shift works, and how strict it is."""

from __future__ import annotations

from datetime import date
from pathlib import Path

from dagster import ConfigurableResource

from sourcefinder.config import Settings
from sourcefinder.nightshift.loop import NightConfig, NightShift
from sourcefinder.nightshift.probing import make_prober


class NightShiftResource(ConfigurableResource):
    """Settings and paths for the night shift. Empty fields fall back to ``Settings()``
    (``SOURCEFINDER_HOME``, ``SOURCEFINDER_INDEX``), read when a run starts."""

    home: str = ""
    index: str = ""
    questions: str = "evals/questions.jsonl"
    min_clients: int = 3  # independent clients that must agree before a claim counts
    tolerance: float = 0.02  # hit@1 the standing suite may lose before the gate blocks
    today: str = ""  # YYYY-MM-DD: the night's date (empty: today)
    prober: str = "disabled"  # disabled | recorded (replays the index's marks) | local
    org_root: str = "."  # the folder holding org/: where the local prober and watcher look
    allow_loopback: bool = False  # let http probes reach 127.0.0.1 (the example docs site)
    # URL prefix in a card's http probe -> where it is served tonight, e.g.
    # {"http://127.0.0.1:8088": "http://127.0.0.1:49152"}
    probe_url_rewrites: dict[str, str] = {}

    def settings(self) -> Settings:
        base = Settings()
        update: dict[str, object] = {}
        if self.home:
            update["home"] = Path(self.home)
        if self.index:
            update["index"] = Path(self.index)
        return base.model_copy(update=update)

    def night(self) -> NightShift:
        cfg = NightConfig(self.settings(), Path(self.questions), self.min_clients,
                          self.tolerance, date.fromisoformat(self.today) if self.today else None)
        shift = NightShift(cfg, org_root=Path(self.org_root))
        if self.prober not in ("", "disabled"):
            shift.prober = make_prober(self.prober, shift.index(), Path(self.org_root),
                                       allow_loopback=self.allow_loopback,
                                       url_rewrites=self.probe_url_rewrites)
        return shift
