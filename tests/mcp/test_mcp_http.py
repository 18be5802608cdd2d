"""The desk over streamable HTTP on 127.0.0.1, with several concurrent clients."""

from __future__ import annotations

import asyncio
import os
import socket
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastmcp import Client
from fastmcp.client.transports import StreamableHttpTransport
from mcp.types import Implementation

from sourcefinder.config import Settings
from sourcefinder.episodes import EpisodeLog

SOURCEFINDER = str(Path(sys.executable).with_name("sourcefinder"))
CLIENTS, REQUESTS = 8, 10


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for_port(port: int, proc: subprocess.Popen[bytes], timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise AssertionError(f"server exited with {proc.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)  # polling the condition, not waiting for a guess
    raise AssertionError(f"nothing listened on port {port} within {timeout} s")


@pytest.fixture
def http_server(settings: Settings, example_index: Path) -> Iterator[str]:
    port = free_port()
    env = {**os.environ, "SOURCEFINDER_HOME": str(settings.home)}
    proc = subprocess.Popen(
        [SOURCEFINDER, "serve", "--transport", "http", "--host", "127.0.0.1",
         "--port", str(port), "--index", str(example_index)],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port, proc)
        yield f"http://127.0.0.1:{port}/mcp"
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait()


def test_concurrent_http_clients_each_get_one_episode(http_server: str,
                                                      settings: Settings) -> None:
    async def one_client(n: int) -> list[str]:
        client = Client(StreamableHttpTransport(http_server),
                        client_info=Implementation(name=f"http-{n}", version="1"))
        sessions = []
        async with client:
            for i in range(REQUESTS):
                result = await client.call_tool(
                    "where_can_i_find", {"question": f"rate sheet for lane {n}-{i}"})
                sessions.append(result.structured_content["session_id"])
        return sessions

    async def go() -> list[list[str]]:
        return list(await asyncio.gather(*(one_client(n) for n in range(CLIENTS))))

    answered = [sid for sessions in asyncio.run(go()) for sid in sessions]
    assert len(set(answered)) == CLIENTS * REQUESTS

    events = EpisodeLog(settings.log_path).events(kinds=["question"])
    assert sorted(e.session_id for e in events) == sorted(answered)
    assert Counter(e.client for e in events) == {f"http-{n}": REQUESTS for n in range(CLIENTS)}
