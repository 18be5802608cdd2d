"""Untrusted URLs: normalize them and refuse the ones that reach where probes must not go.

``check_url(url)`` returns the normalized URL or raises ``UnsafeTargetError``;
``check_target(url)`` also returns the vetted addresses, so a caller can connect to exactly
what was checked (no second DNS lookup between the check and the connection).

Rules, applied to every address the host resolves to (all A and AAAA answers, not the
string in the URL):

- schemes ``http`` and ``https`` only; no credentials in the URL; a host is required;
- numeric host forms (``0x7f000001``, ``2130706433``, ``0177.0.0.1``, ``127.1``) are read
  the way ``inet_aton`` reads them and normalized to a dotted quad;
- IPv6 addresses that embed an IPv4 one are unwrapped and the IPv4 address is checked too:
  IPv4-mapped ``::ffff:0:0/96``, NAT64 ``64:ff9b::/96`` and 6to4 ``2002::/16``
  (Python 3.11's ``ipaddress`` does neither, and its private tables predate CVE-2024-4032,
  so the tables below are our own);
- cloud metadata addresses are denied always, whatever is allowed;
- loopback is denied unless ``allow_loopback``; private (RFC 1918, ULA, NAT64 local-use),
  CGNAT ``100.64.0.0/10`` and link-local are denied unless ``allow_private``;
- unspecified, multicast, broadcast, documentation, benchmarking, Teredo and other
  reserved ranges, and IPv6 outside global unicast ``2000::/3``, are denied always.
"""

from __future__ import annotations

import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from urllib.parse import quote, urlsplit, urlunsplit

from sourcefinder.errors import UnsafeTargetError

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
Resolver = Callable[[str, int], Sequence[str]]
"""``(host, port) -> addresses`` as strings; the real one asks DNS, tests pass a table."""

METADATA = frozenset(
    ipaddress.ip_address(a)
    for a in ("169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254")
)

_N4 = ipaddress.IPv4Network
_N6 = ipaddress.IPv6Network
_LOOPBACK = (_N4("127.0.0.0/8"), _N6("::1/128"))
_PRIVATE = (
    _N4("10.0.0.0/8"), _N4("172.16.0.0/12"), _N4("192.168.0.0/16"),
    _N6("fc00::/7"), _N6("fec0::/10"), _N6("64:ff9b:1::/48"),
)  # fmt: skip
_CGNAT = (_N4("100.64.0.0/10"),)
_LINK_LOCAL = (_N4("169.254.0.0/16"), _N6("fe80::/10"))
_ALWAYS_DENIED = (
    ("unspecified", (_N4("0.0.0.0/8"), _N6("::/128"))),
    ("multicast", (_N4("224.0.0.0/4"), _N6("ff00::/8"))),
    ("reserved", (
        _N4("192.0.0.0/24"), _N4("192.0.2.0/24"), _N4("192.88.99.0/24"), _N4("198.18.0.0/15"),
        _N4("198.51.100.0/24"), _N4("203.0.113.0/24"), _N4("240.0.0.0/4"),
        _N6("2001::/32"), _N6("2001:db8::/32"), _N6("2001:10::/28"), _N6("2001:20::/28"),
        _N6("100::/64"),
    )),
)  # fmt: skip
_GLOBAL_UNICAST_V6 = _N6("2000::/3")
_NAT64 = _N6("64:ff9b::/96")


@dataclass(frozen=True)
class SafeTarget:
    """A vetted URL: its normalized form, where to connect and the addresses checked."""

    url: str
    scheme: str
    host: str  # IDNA-encoded host, or the normalized IP literal (no brackets)
    port: int
    addresses: tuple[str, ...]


def system_resolver(host: str, port: int) -> list[str]:
    """Every A and AAAA answer for ``host``."""
    try:
        infos = socket.getaddrinfo(host, port, proto=socket.IPPROTO_TCP)
    except (socket.gaierror, UnicodeError) as exc:
        raise UnsafeTargetError(f"cannot resolve {host!r}: {exc}") from exc
    return list(dict.fromkeys(str(info[4][0]) for info in infos))


def check_url(
    url: str,
    allow_loopback: bool = False,
    allow_private: bool = False,
    resolver: Resolver | None = None,
) -> str:
    """The normalized URL, or ``UnsafeTargetError`` naming the rule it breaks."""
    return check_target(url, allow_loopback, allow_private, resolver).url


def check_target(
    url: str,
    allow_loopback: bool = False,
    allow_private: bool = False,
    resolver: Resolver | None = None,
) -> SafeTarget:
    """Normalize ``url``, resolve its host and check every address."""
    scheme, host, port, normalized, literal = _normalize(url)
    if literal is not None:
        addresses: Sequence[str] = [str(literal)]
    else:
        addresses = (resolver or system_resolver)(host, port)
        if not addresses:
            raise UnsafeTargetError(f"{host!r} resolves to no address")
    checked: list[str] = []
    for raw in addresses:
        try:
            address = ipaddress.ip_address(raw.split("%", 1)[0])
        except ValueError as exc:
            raise UnsafeTargetError(f"{host!r} resolved to a malformed address {raw!r}") from exc
        check_address(address, allow_loopback=allow_loopback, allow_private=allow_private)
        checked.append(str(address))
    return SafeTarget(normalized, scheme, host, port, tuple(checked))


def check_address(address: IPAddress, *, allow_loopback: bool, allow_private: bool) -> None:
    """Raise ``UnsafeTargetError`` unless ``address`` (and any IPv4 inside it) may be reached."""
    for candidate in (address, *_embedded_v4(address)):
        reason = _deny_reason(candidate, allow_loopback, allow_private)
        if reason:
            shown = f"{address} (embeds {candidate})" if candidate != address else str(address)
            raise UnsafeTargetError(f"{reason} address refused: {shown}")


def _deny_reason(address: IPAddress, allow_loopback: bool, allow_private: bool) -> str:
    if address in METADATA:
        return "cloud metadata"
    for name, networks in _ALWAYS_DENIED:
        if _in(address, networks):
            return name
    if _in(address, _LOOPBACK):
        return "" if allow_loopback else "loopback"
    allowable: tuple[tuple[str, Sequence[_N4 | _N6]], ...] = (
        ("private", _PRIVATE), ("CGNAT", _CGNAT), ("link-local", _LINK_LOCAL),
    )  # fmt: skip
    for name, ranges in allowable:
        if _in(address, ranges):
            return "" if allow_private else name
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped or address in _NAT64 or address.sixtofour:
            return ""  # judged by the IPv4 address inside it
        if address not in _GLOBAL_UNICAST_V6:
            return "reserved"
    if address.is_multicast or address.is_reserved or address.is_unspecified:
        return "reserved"
    return ""


def _in(address: IPAddress, networks: Sequence[_N4 | _N6]) -> bool:
    return any(address.version == n.version and address in n for n in networks)


def _embedded_v4(address: IPAddress) -> list[ipaddress.IPv4Address]:
    if not isinstance(address, ipaddress.IPv6Address):
        return []
    found: list[ipaddress.IPv4Address] = []
    if address.ipv4_mapped is not None:
        found.append(address.ipv4_mapped)
    if address in _NAT64:
        found.append(ipaddress.IPv4Address(int(address) & 0xFFFFFFFF))
    if address.sixtofour is not None:
        found.append(address.sixtofour)
    return found


def _normalize(url: str) -> tuple[str, str, int, str, IPAddress | None]:
    """``(scheme, host, port, normalized url, ip literal or None)``."""
    if not isinstance(url, str) or not url.strip():
        raise UnsafeTargetError("empty URL")
    if any(ord(c) < 0x21 or ord(c) == 0x7F for c in url.strip()):
        raise UnsafeTargetError("URL contains whitespace or control characters")
    try:
        parts = urlsplit(url.strip())
        port_given = parts.port
    except ValueError as exc:
        raise UnsafeTargetError(f"malformed URL: {exc}") from exc
    scheme = parts.scheme.lower()
    if scheme not in ("http", "https"):
        raise UnsafeTargetError(f"scheme {scheme or '(none)'!r} refused: http and https only")
    if parts.username is not None or parts.password is not None:
        raise UnsafeTargetError("credentials in URLs are refused")
    raw_host = parts.hostname or ""
    if not raw_host:
        raise UnsafeTargetError("URL has no host")
    literal = _ip_literal(raw_host)
    if literal is not None:
        host = str(literal)
        shown = f"[{host}]" if literal.version == 6 else host
    else:
        try:
            host = raw_host.rstrip(".").encode("idna").decode("ascii").lower()
        except UnicodeError as exc:
            raise UnsafeTargetError(f"host {raw_host!r} is not a valid name: {exc}") from exc
        shown = host
    default = 443 if scheme == "https" else 80
    port = port_given if port_given is not None else default
    netloc = shown if port == default else f"{shown}:{port}"
    path = quote(parts.path or "/", safe="/%:@!$&'()*+,;=-._~")
    query = quote(parts.query, safe="/%:@!$&'()*+,;=-._~?")
    return scheme, host, port, urlunsplit((scheme, netloc, path, query, "")), literal


def _ip_literal(host: str) -> IPAddress | None:
    """An IP address written as a host, in any form ``inet_aton`` would accept."""
    if "%" in host:
        raise UnsafeTargetError(f"IPv6 zone identifiers are refused: {host!r}")
    if ":" in host:
        try:
            return ipaddress.IPv6Address(host)
        except ValueError as exc:
            raise UnsafeTargetError(f"malformed IPv6 address {host!r}") from exc
    value = _inet_aton(host)
    return None if value is None else ipaddress.IPv4Address(value)


def _inet_aton(host: str) -> int | None:
    """``127.1``, ``0x7f.1``, ``017700000001``, ``2130706433`` → int; a name → None."""
    parts = host.split(".")
    if parts and parts[-1] == "":
        parts = parts[:-1]  # a trailing dot
    if not 1 <= len(parts) <= 4:
        return None
    numbers: list[int] = []
    for part in parts:
        try:
            if part.lower().startswith("0x"):
                numbers.append(int(part[2:] or "0", 16))
            elif len(part) > 1 and part.startswith("0"):
                numbers.append(int(part, 8))
            elif part.isdigit():
                numbers.append(int(part))
            else:
                return None
        except ValueError:
            return None
    *head, last = numbers
    if any(n > 255 for n in head) or last >= 256 ** (5 - len(numbers)):
        raise UnsafeTargetError(f"numeric host {host!r} is out of range")
    value = last
    for i, n in enumerate(head):
        value |= n << (24 - 8 * i)
    return value
