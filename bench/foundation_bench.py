"""Parse + lint + build time and peak memory for generated indexes of several sizes.

Each size runs in its own process, so peak RSS is that size's alone. Prints one JSON line
per figure. Targets: 2,000 cards under 1 s; 20,000 cards under 10x the 2,000-card time.
"""

from __future__ import annotations

import json
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

SIZES = (500, 2000, 20000)
RUNS = 5


def one(n: int) -> dict[str, float]:
    from bench.synthetic import write_index
    from sourcefinder.publish import build

    with tempfile.TemporaryDirectory() as tmp:
        root = write_index(Path(tmp) / "index", n)
        times = []
        for i in range(RUNS):
            (root / "INDEX.md").write_text((root / "INDEX.md").read_text() + f"\nrun {i}\n")
            t0 = time.perf_counter()
            build(root, Path(tmp) / f"home-{i}")
            times.append(time.perf_counter() - t0)
    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    return {"median_s": statistics.median(times), "peak_rss_mb": peak_mb}


def main() -> None:
    if len(sys.argv) == 3 and sys.argv[1] == "--one":
        print(json.dumps(one(int(sys.argv[2]))))
        return
    results = {}
    for n in SIZES:
        proc = subprocess.run(
            [sys.executable, "-m", "bench.foundation_bench", "--one", str(n)],
            capture_output=True,
            text=True,
            check=True,
        )
        results[n] = json.loads(proc.stdout)
        print(
            json.dumps(
                {
                    "figure": "parse+lint+build",
                    "cards": n,
                    "median_s": round(results[n]["median_s"], 4),
                    "peak_rss_mb": round(results[n]["peak_rss_mb"], 1),
                }
            )
        )
    ratio = results[20000]["median_s"] / results[2000]["median_s"]
    print(
        json.dumps(
            {"figure": "build scaling 20000/2000 cards", "ratio": round(ratio, 2), "target": "< 10"}
        )
    )


if __name__ == "__main__":
    main()
