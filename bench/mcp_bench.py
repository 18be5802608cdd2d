"""The desk's speed and size, measured through real MCP clients; one JSON line per figure.

    .venv/bin/python bench/mcp_bench.py                     # every figure
    .venv/bin/python bench/mcp_bench.py --figures cold,stdio --runs 3
    .venv/bin/python bench/mcp_bench.py --figures http --clients 8 --requests 50

Figures (medians unless named otherwise; targets from issue 4):

- ``cold_start_s``: spawn ``sourcefinder serve`` over stdio → initialize → first
  where_can_i_find answer, on the example organization (target ≤ 1.5 s).
- ``rss_mb``: the server's resident memory after one answer at 2,000 synthetic cards
  (target ≤ 150 MB); the peak (VmHWM) rides along.
- ``stdio_ms``: where_can_i_find round trip over stdio at 500 synthetic cards, p50 and p99
  of sequential calls after a warm-up (target p50 ≤ 10 ms).
- ``http``: 32 concurrent clients × 200 requests over streamable HTTP: errors, requests per
  second, and whether the log holds exactly one question episode per request.

Every figure carries the load average when it was taken: on a shared machine, contention
shows up in wall-clock figures. Only loopback traffic; every loop is bounded.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from bench.synthetic import WORDS, write_index  # noqa: E402
from sourcefinder.config import Settings  # noqa: E402
from sourcefinder.episodes import EpisodeLog  # noqa: E402
from sourcefinder.publish import build  # noqa: E402
from sourcefinder.routers import prepare  # noqa: E402

SOURCEFINDER = str(Path(sys.executable).with_name("sourcefinder"))
EXAMPLE_INDEX = REPO / "index"
DEVNULL = open(os.devnull, "w")  # noqa: SIM115 - the servers' log lines, for the whole run
def synthetic_index(root: Path, cards: int) -> Path:
    """An index of ``cards`` cards (clusters and a foundation tree included)."""
    return write_index(root, cards, seed=4)


def published_home(base: Path, name: str, index: Path) -> Path:
    """What `sourcefinder build` leaves: the version and, with the default embedder, its
    card vectors (so the server only loads them)."""
    home = base / name
    prepare(build(index, home), Settings(home=home))
    return home


# -- helpers ---------------------------------------------------------------------------------
def emit(figure: str, **values: Any) -> None:
    values["load_avg_1m"] = round(os.getloadavg()[0], 2)
    print(json.dumps({"figure": figure, **values}), flush=True)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q * (len(ordered) - 1))))]


def stdio_params(home: Path) -> StdioServerParameters:
    return StdioServerParameters(
        command=SOURCEFINDER,
        args=["serve", "--transport", "stdio"],
        env={"SOURCEFINDER_HOME": str(home), "SOURCEFINDER_INDEX": str(home / "no-index")},
    )


def server_children() -> list[int]:
    """Pids of this process's children running `sourcefinder serve`."""
    me, pids = os.getpid(), []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        ppid = int(stat.rsplit(")", 1)[1].split()[1])
        if ppid == me and " serve " in f"{cmdline} ":
            pids.append(int(entry.name))
    return pids


def memory_kb(pid: int) -> dict[str, int]:
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        if key in ("VmRSS", "VmHWM"):
            fields[key] = int(value.split()[0])
    return fields


# -- figures ---------------------------------------------------------------------------------
async def _cold_once(home: Path) -> float:
    start = time.perf_counter()
    async with (
        stdio_client(stdio_params(home), errlog=DEVNULL) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        result = await session.call_tool(
            "where_can_i_find", {"question": "who owns the booking service?"}
        )
        elapsed = time.perf_counter() - start
    assert not result.is_error and result.structured_content
    return elapsed


def cold_start(base: Path, runs: int) -> None:
    home = published_home(base, "cold", EXAMPLE_INDEX)
    times = [asyncio.run(_cold_once(home)) for _ in range(runs)]
    median = statistics.median(times)
    emit(
        "cold_start_s",
        median=round(median, 3),
        min=round(min(times), 3),
        runs=runs,
        cards="example (80)",
        target=1.5,
        ok=median <= 1.5,
    )


async def _rss(home: Path) -> dict[str, int]:
    async with (
        stdio_client(stdio_params(home), errlog=DEVNULL) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        await session.call_tool("where_can_i_find", {"question": "invoice for a lane"})
        pids = server_children()
        assert len(pids) == 1, pids
        return memory_kb(pids[0])


def rss(base: Path, cards: int) -> None:
    home = published_home(base, f"rss-{cards}", synthetic_index(base / f"idx-{cards}", cards))
    mem = asyncio.run(_rss(home))
    rss_mb = mem["VmRSS"] / 1024
    emit(
        "rss_mb",
        value=round(rss_mb, 1),
        peak_mb=round(mem["VmHWM"] / 1024, 1),
        cards=cards,
        target=150,
        ok=rss_mb <= 150,
    )


async def _stdio_latency(home: Path, calls: int) -> list[float]:
    rng = random.Random(1)
    async with (
        stdio_client(stdio_params(home), errlog=DEVNULL) as (read, write),
        ClientSession(read, write) as session,
    ):
        await session.initialize()
        for _ in range(10):  # warm-up: first calls fetch the tool list, fill caches
            await session.call_tool("where_can_i_find", {"question": "warm up"})
        times = []
        for _ in range(calls):
            question = " ".join(rng.choice(WORDS) for _ in range(6))
            start = time.perf_counter()
            result = await session.call_tool("where_can_i_find", {"question": question})
            times.append((time.perf_counter() - start) * 1000)
            assert not result.is_error
    return times


def _raw_stdio_latency(home: Path, calls: int) -> list[float]:
    """Newline-delimited JSON-RPC over the pipe: the server's round trip, no client library."""
    params = stdio_params(home)
    proc = subprocess.Popen(
        [params.command, *params.args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={"PATH": os.environ.get("PATH", ""), **(params.env or {})},
    )
    assert proc.stdin is not None and proc.stdout is not None
    stdin, stdout = proc.stdin, proc.stdout

    def request(rid: int, method: str, body: dict[str, Any]) -> dict[str, Any]:
        stdin.write(
            (
                json.dumps({"jsonrpc": "2.0", "id": rid, "method": method, "params": body}) + "\n"
            ).encode()
        )
        stdin.flush()
        for _ in range(100):  # skip notifications; a reply comes within a few lines
            reply = json.loads(stdout.readline() or "{}")
            if reply.get("id") == rid:
                return reply
        raise RuntimeError(f"no reply to request {rid}")

    rng = random.Random(1)
    try:
        request(
            1,
            "initialize",
            {
                "protocolVersion": "2025-11-25",
                "capabilities": {},
                "clientInfo": {"name": "bench-raw", "version": "1"},
            },
        )
        stdin.write(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}\n')
        times = []
        for rid in range(2, calls + 12):
            question = " ".join(rng.choice(WORDS) for _ in range(6))
            start = time.perf_counter()
            reply = request(
                rid, "tools/call", {"name": "where_can_i_find", "arguments": {"question": question}}
            )
            if rid >= 12:  # the first ten are the warm-up
                times.append((time.perf_counter() - start) * 1000)
            assert not reply["result"].get("isError"), reply
        return times
    finally:
        stdin.close()
        proc.wait(timeout=10)


def stdio_latency(base: Path, cards: int, calls: int) -> None:
    home = published_home(base, f"stdio-{cards}", synthetic_index(base / f"idx-{cards}", cards))
    times = asyncio.run(_stdio_latency(home, calls))
    p50 = pct(times, 0.5)
    emit(
        "stdio_ms",
        client="mcp.ClientSession (validates output schema)",
        p50=round(p50, 2),
        p99=round(pct(times, 0.99), 2),
        calls=calls,
        cards=cards,
        target_p50=10,
        ok=p50 <= 10,
    )
    times = _raw_stdio_latency(home, calls)
    p50 = pct(times, 0.5)
    emit(
        "stdio_raw_ms",
        client="raw JSON-RPC lines",
        p50=round(p50, 2),
        p99=round(pct(times, 0.99), 2),
        calls=calls,
        cards=cards,
        target_p50=10,
        ok=p50 <= 10,
    )


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def http_server(home: Path) -> Iterator[str]:
    port = free_port()
    env = {
        **os.environ,
        "SOURCEFINDER_HOME": str(home),
        "SOURCEFINDER_INDEX": str(home / "no-index"),
    }
    proc = subprocess.Popen(
        [SOURCEFINDER, "serve", "--transport", "http", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            if proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError("the HTTP server did not start")
            try:
                socket.create_connection(("127.0.0.1", port), timeout=0.2).close()
                break
            except OSError:
                time.sleep(0.05)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


async def _http_load(url: str, clients: int, requests: int) -> tuple[int, int]:
    from fastmcp import Client
    from fastmcp.client.transports import StreamableHttpTransport

    async def one(n: int) -> tuple[int, int]:
        ok = errors = 0
        rng = random.Random(n)
        try:
            async with Client(StreamableHttpTransport(url), timeout=60) as client:
                for _ in range(requests):
                    question = " ".join(rng.choice(WORDS) for _ in range(6))
                    try:
                        result = await client.call_tool(
                            "where_can_i_find", {"question": question}, raise_on_error=False
                        )
                    except Exception:  # a transport failure counts as an error, run goes on
                        errors += 1
                        continue
                    if result.is_error:
                        errors += 1
                    else:
                        ok += 1
        except Exception:  # the client could not connect: all its requests failed
            errors += requests - ok - errors
        return ok, errors

    results = await asyncio.gather(*(one(n) for n in range(clients)))
    return sum(r[0] for r in results), sum(r[1] for r in results)


def http_load(base: Path, cards: int, clients: int, requests: int) -> None:
    home = published_home(base, f"http-{cards}", synthetic_index(base / f"idx-{cards}", cards))
    with http_server(home) as url:
        start = time.perf_counter()
        ok, errors = asyncio.run(_http_load(url, clients, requests))
        elapsed = time.perf_counter() - start
    log = EpisodeLog(home / "episodes.sqlite")
    questions = log.count("question")
    sessions = len({e.session_id for e in log.events(kinds=["question"])})
    total = clients * requests
    emit(
        "http",
        clients=clients,
        requests_each=requests,
        cards=cards,
        answered=ok,
        errors=errors,
        seconds=round(elapsed, 2),
        requests_per_s=round(ok / elapsed, 1),
        question_episodes=questions,
        distinct_sessions=sessions,
        one_episode_per_request=questions == sessions == total,
        ok=errors == 0 and questions == sessions == total,
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--figures", default="cold,rss,stdio,http", help="comma-separated: cold, rss, stdio, http"
    )
    parser.add_argument("--runs", type=int, default=5, help="cold starts to take the median of")
    parser.add_argument("--calls", type=int, default=300, help="stdio calls timed")
    parser.add_argument("--clients", type=int, default=32, help="concurrent HTTP clients")
    parser.add_argument("--requests", type=int, default=200, help="requests per HTTP client")
    args = parser.parse_args()
    figures = set(args.figures.split(","))
    with tempfile.TemporaryDirectory(prefix="mcp-bench-") as tmp:
        base = Path(tmp)
        if "cold" in figures:
            cold_start(base, args.runs)
        if "rss" in figures:
            rss(base, 2000)
        if "stdio" in figures:
            stdio_latency(base, 500, args.calls)
        if "http" in figures:
            http_load(base, 500, args.clients, args.requests)
    return 0


if __name__ == "__main__":
    sys.exit(main())
