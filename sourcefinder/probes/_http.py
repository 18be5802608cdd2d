"""A bounded HTTP GET that connects only to addresses ``urlsafety`` has vetted.

Each hop is checked and then connected to by the vetted address itself (no second DNS
lookup that a rebinding resolver could answer differently). Redirects are followed by
hand, at most ``max_redirects``, and every ``Location`` is checked like the first URL.
The body is read up to ``max_bytes``; the whole exchange must finish within ``timeout``.
"""

from __future__ import annotations

import http.client
import socket
import ssl
import time
from dataclasses import dataclass
from urllib.parse import urljoin, urlsplit

from sourcefinder.errors import UnsafeTargetError
from sourcefinder.urlsafety import Resolver, SafeTarget, check_target

_REDIRECTS = frozenset({301, 302, 303, 307, 308})
USER_AGENT = "sourcefinder-probe/0.1"


@dataclass(frozen=True)
class Response:
    status: int
    content_type: str
    body: bytes
    url: str  # the final URL, after redirects
    truncated: bool = False


@dataclass(frozen=True)
class FetchPolicy:
    allow_loopback: bool = False
    allow_private: bool = False
    timeout: float = 3.0
    max_bytes: int = 1_000_000
    max_redirects: int = 3
    resolver: Resolver | None = None


def fetch(url: str, policy: FetchPolicy) -> Response:
    """GET ``url`` under ``policy``.

    Raises ``UnsafeTargetError``, ``OSError`` (timeouts included) or ``HTTPException``.
    """
    deadline = time.monotonic() + policy.timeout
    current = url
    for _hop in range(policy.max_redirects + 1):
        target = check_target(
            current, policy.allow_loopback, policy.allow_private, policy.resolver
        )
        response, location = _get_once(target, deadline, policy.max_bytes)
        if location is None:
            return response
        current = urljoin(target.url, location)
    raise UnsafeTargetError(f"more than {policy.max_redirects} redirects from {url}")


def _get_once(target: SafeTarget, deadline: float, max_bytes: int) -> tuple[Response, str | None]:
    conn = _connect(target, deadline)
    try:
        parts = urlsplit(target.url)
        path = parts.path + (f"?{parts.query}" if parts.query else "")
        conn.request("GET", path, headers={
            "User-Agent": USER_AGENT, "Accept": "application/json, text/*;q=0.8",
            "Accept-Encoding": "identity", "Connection": "close",
        })  # fmt: skip
        resp = conn.getresponse()
        location = resp.getheader("Location")
        if resp.status in _REDIRECTS and location:
            return Response(resp.status, "", b"", target.url), location
        chunks: list[bytes] = []
        size = 0
        truncated = False
        while True:
            _check_deadline(deadline, conn)
            chunk = resp.read(min(65536, max_bytes + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
            if size > max_bytes:
                truncated = True
                break
        body = b"".join(chunks)[:max_bytes]
        ctype = resp.getheader("Content-Type", "") or ""
        return Response(resp.status, ctype, body, target.url, truncated), None
    finally:
        conn.close()


def _check_deadline(deadline: float, conn: http.client.HTTPConnection) -> None:
    remaining = deadline - time.monotonic()
    if remaining <= 0:
        raise TimeoutError("probe request took too long")
    if conn.sock is not None:
        conn.sock.settimeout(remaining)


def _connect(target: SafeTarget, deadline: float) -> http.client.HTTPConnection:
    last: OSError | None = None
    for address in target.addresses:
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            break
        conn: http.client.HTTPConnection
        if target.scheme == "https":
            conn = _PinnedHTTPS(target.host, target.port, address, remaining)
        else:
            conn = _PinnedHTTP(target.host, target.port, address, remaining)
        try:
            conn.connect()
        except OSError as exc:
            conn.close()
            last = exc
            continue
        return conn
    raise last or TimeoutError(f"could not connect to {target.host}")


class _PinnedHTTP(http.client.HTTPConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        super().__init__(host, port, timeout=timeout)
        self._address = address

    def connect(self) -> None:
        if self.sock is None:
            self.sock = socket.create_connection((self._address, self.port), self.timeout)
            self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)


class _PinnedHTTPS(http.client.HTTPSConnection):
    def __init__(self, host: str, port: int, address: str, timeout: float) -> None:
        self._tls = ssl.create_default_context()
        super().__init__(host, port, timeout=timeout, context=self._tls)
        self._address = address

    def connect(self) -> None:
        if self.sock is None:
            raw = socket.create_connection((self._address, self.port), self.timeout)
            try:
                self.sock = self._tls.wrap_socket(raw, server_hostname=self.host)
            except OSError:
                raw.close()
                raise
