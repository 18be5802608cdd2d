from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from datetime import date
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

from sourcefinder.errors import UnsafeTargetError
from sourcefinder.index import Card, Example
from sourcefinder.probes import LocalProber
from sourcefinder.probes._http import FetchPolicy, fetch
from sourcefinder.urlsafety import check_url

PUBLIC = "93.184.216.34"


def table(*addresses: str):  # noqa: ANN201 (a resolver)
    def resolve(host: str, port: int) -> Sequence[str]:
        return list(addresses)

    return resolve


def refused(url: str, match: str, **kw: object) -> None:
    kw.setdefault("resolver", table(PUBLIC))
    with pytest.raises(UnsafeTargetError, match=match):
        check_url(url, **kw)  # type: ignore[arg-type]


def test_a_public_url_is_normalized() -> None:
    got = check_url("HTTPS://Docs.Example.COM:443/a%20b/ü?q=x+y#frag", resolver=table(PUBLIC))
    assert got == "https://docs.example.com/a%20b/%C3%BC?q=x+y"
    assert check_url("http://bücher.example:8080", resolver=table(PUBLIC)) == (
        "http://xn--bcher-kva.example:8080/"
    )
    refused("http://example.com/a b", "whitespace")


@pytest.mark.parametrize("url", ["ftp://example.com/", "file:///etc/passwd", "gopher://x/",
                                 "javascript:alert(1)", "example.com/path"])
def test_only_http_and_https(url: str) -> None:
    refused(url, "scheme")


def test_credentials_and_missing_hosts_are_refused() -> None:
    refused("http://user:pw@example.com/", "credentials")
    refused("http:///path", "no host")


@pytest.mark.parametrize(
    ("address", "rule"),
    [
        ("127.0.0.1", "loopback"), ("::1", "loopback"),
        ("10.1.2.3", "private"), ("172.16.0.9", "private"), ("192.168.1.1", "private"),
        ("fd12::1", "private"), ("100.64.0.7", "CGNAT"), ("100.127.255.1", "CGNAT"),
        ("169.254.10.10", "link-local"), ("fe80::1", "link-local"),
        ("0.0.0.0", "unspecified"), ("::", "unspecified"),
        ("224.0.0.1", "multicast"), ("ff02::1", "multicast"),
        ("240.0.0.1", "reserved"), ("255.255.255.255", "reserved"), ("192.0.2.5", "reserved"),
        ("2001:db8::1", "reserved"), ("2001:0:4136:e378::1", "reserved"),
    ],
)  # fmt: skip
def test_every_resolved_address_class_is_denied(address: str, rule: str) -> None:
    refused("http://svc.example/", rule, resolver=table(address))


def test_all_answers_are_checked_not_just_the_first() -> None:
    refused("http://mixed.example/", "private", resolver=table(PUBLIC, "2606:4700::1", "10.0.0.5"))


@pytest.mark.parametrize(
    "url",
    ["http://0x7f000001/", "http://2130706433/", "http://0177.0.0.1/", "http://127.1/",
     "http://0x7f.0.0.1/", "http://[::ffff:127.0.0.1]/", "http://[::ffff:7f00:1]/"],
)
def test_numeric_and_mapped_forms_of_loopback_are_loopback(url: str) -> None:
    refused(url, "loopback")


def test_embedded_ipv4_is_unwrapped_from_nat64_and_6to4() -> None:
    refused("http://[64:ff9b::a00:1]/", "private")  # NAT64 of 10.0.0.1
    refused("http://[2002:c0a8:101::1]/", "private")  # 6to4 of 192.168.1.1
    refused("http://v6.example/", "loopback", resolver=table("::ffff:127.0.0.1"))


@pytest.mark.parametrize(
    "address",
    ["169.254.169.254", "169.254.170.2", "100.100.100.200", "fd00:ec2::254",
     "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe"],
)
def test_cloud_metadata_is_denied_even_when_everything_is_allowed(address: str) -> None:
    refused("http://metadata.example/", "metadata", resolver=table(address),
            allow_loopback=True, allow_private=True)


def test_loopback_and_private_can_be_allowed() -> None:
    assert check_url("http://127.0.0.1:8088/x", allow_loopback=True) == "http://127.0.0.1:8088/x"
    assert check_url("http://[::ffff:10.0.0.1]/", allow_private=True) == "http://[::ffff:a00:1]/"
    refused("http://10.0.0.1/", "private", allow_loopback=True)


def test_zone_ids_and_bad_numbers_are_refused() -> None:
    refused("http://[fe80::1%25eth0]/", "zone")
    refused("http://256.1.1.1.1/", "resolve|out of range", resolver=None)


class _Redirector(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True
    protocol_version = "HTTP/1.1"

    def do_GET(self) -> None:
        if self.path.startswith("/chain/") and self.path != "/chain/0":
            location = f"/chain/{int(self.path.rsplit('/', 1)[1]) - 1}"
        elif self.path == "/to-metadata":
            location = "http://169.254.169.254/latest/meta-data/"
        elif self.path == "/to-mapped-metadata":
            location = "http://[::ffff:a9fe:a9fe]/latest/meta-data/"
        else:
            body = b'{"results": [{"title": "ok"}]}'
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)
            return
        self.send_response(302)
        self.send_header("Location", location)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def redirector() -> Iterator[str]:
    server = ThreadingHTTPServer(("127.0.0.1", 0), _Redirector)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.05})
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


LOOPBACK_OK = FetchPolicy(allow_loopback=True, timeout=3.0)


def test_a_redirect_to_a_metadata_address_is_refused(redirector: str) -> None:
    with pytest.raises(UnsafeTargetError, match="metadata"):
        fetch(f"{redirector}/to-metadata", LOOPBACK_OK)


def test_a_redirect_to_an_ipv4_mapped_metadata_address_is_refused(redirector: str) -> None:
    everything = FetchPolicy(allow_loopback=True, allow_private=True)
    with pytest.raises(UnsafeTargetError, match="metadata"):
        fetch(f"{redirector}/to-mapped-metadata", everything)


def test_redirects_are_followed_at_most_three_times(redirector: str) -> None:
    response = fetch(f"{redirector}/chain/3", LOOPBACK_OK)
    assert response.status == 200 and response.url.endswith("/chain/0")
    with pytest.raises(UnsafeTargetError, match="more than 3 redirects"):
        fetch(f"{redirector}/chain/4", LOOPBACK_OK)


def test_a_refused_redirect_becomes_an_unrun_probe_not_a_crash(redirector: str) -> None:
    card = Card(
        id="tricky", group="Sources", path="INDEX.md", line=1, what="w", what_not="n",
        kind="wiki", scope="internal", trust="primary",
        examples=(Example("anything", "a page"),), probe=f"http {redirector}/to-metadata",
    )  # fmt: skip
    [result] = LocalProber(".", allow_loopback=True, allow_private=True).run(card, date.today())
    assert result.ok is None and "metadata" in result.detail
