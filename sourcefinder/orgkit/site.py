"""A tiny local docs site for the example organization (127.0.0.1 only).

Areas and where their pages live::

    /notion/...       org/wiki/notion/...          the Notion wiki
    /confluence/...   org/wiki/confluence/...      the frozen Confluence
    /<area>/...       org/web/<area>/...           stand-ins: backstage, developers, jira, ...
    /<area>/          a landing page for the tools listed in org/web/tools.md

A page is a markdown file addressed without its ``.md``; a folder lists its pages.
Search is naive keyword matching: ``/search?q=`` over every page, ``/<area>/search?q=``
over one area; a page matches when it holds every significant word of the query (the
same words the probes use), and the answer is JSON
``{"query", "area", "total", "results": [{"title", "path", "snippet"}]}``.
"""

from __future__ import annotations

import html
import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path, PurePosixPath
from urllib.parse import parse_qs, urlsplit

from sourcefinder.probes._paths import inside
from sourcefinder.probes._words import holds, matches, significant_words, snippet

HOST = "127.0.0.1"
WIKI_AREAS = ("notion", "confluence")
MAX_RESULTS = 20


@dataclass(frozen=True)
class Page:
    path: str  # URL path, e.g. /notion/ops/sop-claims-ocean
    title: str
    text: str


class DocsSite:
    """The site's content, read from ``org_dir`` on every request (it is small)."""

    def __init__(self, org_dir: Path) -> None:
        self.org_dir = org_dir.resolve()

    def area_root(self, area: str) -> Path | None:
        if not area or area.startswith(".") or "/" in area:
            return None
        base = self.org_dir / ("wiki" if area in WIKI_AREAS else "web") / area
        return base if base.is_dir() and inside(self.org_dir, base) else None

    def areas(self) -> list[str]:
        found = [a for a in WIKI_AREAS if self.area_root(a)]
        web = self.org_dir / "web"
        if web.is_dir():
            found += sorted(p.name for p in web.iterdir() if p.is_dir())
        return found

    def tools(self) -> dict[str, tuple[str, str]]:
        """``area -> (tool, what)`` from ``web/tools.md`` lines ``- area | tool | what``."""
        listing = self.org_dir / "web" / "tools.md"
        out: dict[str, tuple[str, str]] = {}
        if listing.is_file():
            for line in listing.read_text(encoding="utf-8").splitlines():
                parts = [p.strip() for p in line.lstrip("- ").split("|")]
                if line.startswith("- ") and len(parts) == 3:
                    out[parts[0]] = (parts[1], parts[2])
        return out

    def pages(self, area: str | None = None) -> list[Page]:
        out: list[Page] = []
        for name in [area] if area else self.areas():
            root = self.area_root(name)
            if root is None:
                continue
            for file in sorted(root.rglob("*.md")):
                if file.is_symlink() or not inside(self.org_dir, file):
                    continue
                text = file.read_text(encoding="utf-8", errors="replace")
                rel = file.relative_to(root).with_suffix("").as_posix()
                title = next(
                    (ln[2:].strip() for ln in text.splitlines() if ln.startswith("# ")), rel
                )
                out.append(Page(f"/{name}/{rel}", title, text))
        return out

    def search(self, query: str, area: str | None = None) -> dict[str, object]:
        words = significant_words(query)
        hits = [p for p in self.pages(area) if matches(f"{p.path}\n{p.title}\n{p.text}", words)]
        hits.sort(key=lambda p: (-sum(holds(p.title, w) for w in words), p.path))
        return {
            "query": query, "area": area or "", "total": len(hits),
            "results": [
                {"title": p.title, "path": p.path, "snippet": snippet(p.text, words)}
                for p in hits[:MAX_RESULTS]
            ],
        }  # fmt: skip

    def page(self, url_path: str) -> tuple[str, str] | None:
        """``(content type, body)`` for a page, a folder listing or a tool's landing page."""
        parts = [p for p in PurePosixPath(url_path).parts if p != "/"]
        if not parts:
            return _listing("Harborline docs", [(f"/{a}/", a) for a in self.areas()])
        if any(p in ("..", ".") or p.startswith(".") for p in parts):
            return None
        area, rest = parts[0], parts[1:]
        root = self.area_root(area)
        if root is None:
            tool = self.tools().get(area)
            if tool is None or rest:
                return None
            return "text/markdown; charset=utf-8", f"# {tool[0]}\n\n{tool[1]}\n"
        target = root.joinpath(*rest)
        for candidate in (target.with_name(target.name + ".md"), target / "index.md"):
            if rest and candidate.is_file() and inside(root, candidate):
                return "text/markdown; charset=utf-8", candidate.read_text(encoding="utf-8")
        if target.is_dir() and inside(root, target):
            links = [
                (f"/{area}/{p.relative_to(root).with_suffix('').as_posix()}", p.stem)
                for p in sorted(target.iterdir())
                if (p.suffix == ".md" or p.is_dir()) and not p.name.startswith(".")
            ]
            return _listing(f"/{'/'.join(parts)}/", links)
        return None


def _listing(title: str, links: list[tuple[str, str]]) -> tuple[str, str]:
    items = "".join(
        f'<li><a href="{html.escape(href)}">{html.escape(text)}</a></li>' for href, text in links
    )
    return "text/html; charset=utf-8", f"<h1>{html.escape(title)}</h1><ul>{items}</ul>"


class _Handler(BaseHTTPRequestHandler):
    disable_nagle_algorithm = True
    protocol_version = "HTTP/1.1"
    site: DocsSite
    quiet = True

    def do_GET(self) -> None:
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        if segments and segments[-1] == "search" and len(segments) <= 2:
            query = parse_qs(parts.query).get("q", [""])[0][:500]
            area = segments[0] if len(segments) == 2 else None
            if area is not None and self.site.area_root(area) is None:
                self._send(404, "application/json", json.dumps({"error": f"no area {area!r}"}))
                return
            self._send(200, "application/json", json.dumps(self.site.search(query, area)))
            return
        found = self.site.page(parts.path)
        if found is None:
            self._send(404, "text/plain; charset=utf-8", "not found\n")
            return
        self._send(200, *found)

    def _send(self, status: int, content_type: str, body: str) -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, format: str, *args: object) -> None:
        if not self.quiet:
            super().log_message(format, *args)


def make_server(org_dir: Path, port: int = 8088, *, quiet: bool = True) -> ThreadingHTTPServer:
    """A threaded server for the site, bound to 127.0.0.1 (``port=0``: any free port)."""
    handler = type("DocsHandler", (_Handler,), {"site": DocsSite(org_dir), "quiet": quiet})
    server = ThreadingHTTPServer((HOST, port), handler)
    server.daemon_threads = True
    return server


@contextmanager
def running(org_dir: Path, port: int = 0) -> Iterator[str]:
    """Serve the site in a background thread; yields its base URL; stops on exit."""
    server = make_server(org_dir, port)
    thread = threading.Thread(
        target=server.serve_forever, kwargs={"poll_interval": 0.05}, name="docs-site", daemon=True
    )
    thread.start()
    try:
        yield f"http://{HOST}:{server.server_address[1]}"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)
