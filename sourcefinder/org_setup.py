"""Set up the example organization's sources, or serve its docs site.

    python -m sourcefinder.org_setup [build] [--root DIR]
        create DIR/org/repos/<name> (git, with history) and DIR/org/warehouse.sqlite from
        the committed sources; DIR defaults to the project folder (in place); elsewhere,
        the committed text is copied to DIR/org first
    python -m sourcefinder.org_setup serve [--port 8088] [--root DIR]
        serve DIR/org's wiki and stand-in tools on http://127.0.0.1:PORT until Ctrl-C
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

from sourcefinder.errors import SourcefinderError
from sourcefinder.orgkit.build import COMMITTED_ORG, PROJECT_ROOT, build_org
from sourcefinder.orgkit.site import HOST, make_server


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sourcefinder.org_setup", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("command", nargs="?", choices=("build", "serve"), default="build")
    parser.add_argument("--root", type=Path, default=PROJECT_ROOT,
                        help="folder that holds (or will hold) org/ (default: the project)")
    parser.add_argument("--port", type=int, default=8088, help="port for serve (default 8088)")
    args = parser.parse_args(argv)
    try:
        if args.command == "serve":
            return _serve(args.root / "org", args.port)
        built = build_org(args.root, COMMITTED_ORG)
    except (SourcefinderError, OSError) as exc:
        print(f"org_setup: {exc}", file=sys.stderr)
        return 1
    for name, head in built.repos.items():
        print(f"repo {built.org_dir / 'repos' / name}  HEAD {head[:12]}")
    print(f"warehouse {built.warehouse}")
    return 0


def _serve(org_dir: Path, port: int) -> int:
    if not org_dir.is_dir():
        print(f"org_setup: no org folder at {org_dir}", file=sys.stderr)
        return 1
    server = make_server(org_dir, port, quiet=False)
    print(f"serving {org_dir} on http://{HOST}:{server.server_address[1]}/ (Ctrl-C stops)")
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
