"""Probes: run a card's example queries against the real source and mark them ✓/✗.

    Prober (protocol)   run(card, on) -> list[ProbeResult], one per example
    ├── DisabledProber  the default: every example unrun ("probes disabled")
    ├── RecordedProber  deterministic results from a table (tests, the demo)
    └── LocalProber     the real runners, chosen by the card's ``probe: <runner> <target>``:
                          file <glob>    the query's words in the files the glob picks
                          git <repo>     ... in the files at HEAD and in commit messages
                          sql <db file>  a SELECT example runs read-only; other examples
                                         match table names, columns and sampled rows
                          http <url>     GET with {query} filled in; 2xx with results

Every target is untrusted: paths must stay inside the org root, URLs pass
``sourcefinder.urlsafety`` on every hop, and sizes and times are bounded. A target that
fails yields ``ok=None`` with the reason; it never fails the run.
"""

from sourcefinder.probes._documents import Limits
from sourcefinder.probes._local import LocalProber
from sourcefinder.probes._model import Prober, ProbeResult, parse_probe
from sourcefinder.probes._offline import DisabledProber, RecordedProber

__all__ = [
    "DisabledProber", "Limits", "LocalProber", "ProbeResult", "Prober", "RecordedProber",
    "parse_probe",
]
