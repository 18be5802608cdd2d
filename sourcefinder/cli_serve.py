"""`sourcefinder serve`: the desk over MCP, on stdio or streamable HTTP.

It serves the published index in the state folder, building it from ``--index`` first
when that index is newer than what is published. The MCP framework is imported only
here, when the command runs, so the other commands stay fast.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from sourcefinder.config import Settings
from sourcefinder.errors import PublishError

Handler = Callable[[argparse.Namespace, Settings], int]


def add_parsers(sub: Any, index_arg: Callable[[argparse.ArgumentParser], None]
                ) -> dict[str, Handler]:
    """Add `serve` to the `sourcefinder` parser; return its handler."""
    p = sub.add_parser("serve", help="serve the desk to MCP clients (stdio or HTTP)")
    p.add_argument("--transport", choices=("stdio", "http"), default="stdio",
                   help="stdio for a client that starts the server, http to listen (default stdio)")
    p.add_argument("--host", default="127.0.0.1", help="HTTP address (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8765, help="HTTP port (default 8765)")
    index_arg(p)
    return {"serve": _serve}


def _serve(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.cli_route import published_for
    from sourcefinder.publish import current_version

    try:
        published_for(args.index, cfg)
    except PublishError as exc:
        served = current_version(cfg.home)
        if served is None:  # no index and nothing published: nothing to serve
            raise
        first = str(exc).splitlines()[0]
        print(f"sourcefinder: warning: {first}; serving published version {served}",
              file=sys.stderr)

    from sourcefinder_mcp.server import make_server

    server = make_server(cfg)
    if args.transport == "stdio":
        server.run("stdio", show_banner=False)
    else:
        server.run("http", show_banner=False, host=args.host, port=args.port,
                   uvicorn_config={"access_log": False})
    return 0
