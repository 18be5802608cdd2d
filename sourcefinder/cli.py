"""The `sourcefinder` command. Each subcommand is a thin call into the domain.

User mistakes (a missing folder, a malformed index, an unknown id) print one line to stderr
and exit non-zero; they never print a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path

from sourcefinder.config import Settings
from sourcefinder.errors import SourcefinderError, UnknownIdError

Handler = Callable[[argparse.Namespace, Settings], int]
COMMANDS: dict[str, Handler] = {}


def command(name: str) -> Callable[[Handler], Handler]:
    def register(fn: Handler) -> Handler:
        COMMANDS[name] = fn
        return fn
    return register


def _index_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--index", type=Path, default=None,
                   help="the authored index folder (default: $SOURCEFINDER_INDEX or index/)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="sourcefinder",
        description="Where to look, how, and what to read first: the organization's librarian.")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    p = sub.add_parser("lint", help="check the index against the format; exit 1 on errors")
    _index_arg(p)
    p = sub.add_parser("build", help="lint, then publish a versioned snapshot to the state folder")
    _index_arg(p)
    p.add_argument("--budget", type=int, default=None, help="condensed index budget (characters)")
    p = sub.add_parser("show", help="print one resolved card with provenance and reading path")
    p.add_argument("id", help="a card or cluster child id")
    _index_arg(p)
    p = sub.add_parser("condensed", help="print the condensed index (index of the index)")
    _index_arg(p)
    p.add_argument("--budget", type=int, default=None,
                   help="fit this many characters (default: the full list)")
    p = sub.add_parser("import-jsonl", help="turn {id,name,description} lines into an index")
    p.add_argument("sources", type=Path, help="a JSONL file of sources")
    p.add_argument("--out", type=Path, required=True, help="the index folder to write")

    from sourcefinder import cli_route  # the routing commands live beside this module

    COMMANDS.update(cli_route.add_parsers(sub, _index_arg))

    from sourcefinder import cli_serve  # `serve` imports the MCP server only when it runs

    COMMANDS.update(cli_serve.add_parsers(sub, _index_arg))
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        cfg = Settings()
        if getattr(args, "index", None) is None and "index" in vars(args):
            args.index = cfg.index
        return COMMANDS[args.command](args, cfg)
    except SourcefinderError as exc:
        first, *rest = str(exc).splitlines() or [""]
        print(f"sourcefinder: error: {first}", file=sys.stderr)
        for line in rest:
            print(line, file=sys.stderr)
        return 2
    except (OSError, ValueError) as exc:
        print(f"sourcefinder: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


@command("lint")
def _lint(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.index import lint

    if not args.index.is_dir():
        raise SourcefinderError(f"no index folder at {args.index}")
    diags = lint(args.index)
    for d in diags:
        print(f"{args.index / d.path}:{d.line}: {d.level} {d.code}: {d.text}")
    errors = sum(d.level == "error" for d in diags)
    warnings = len(diags) - errors
    print(f"{errors} error(s), {warnings} warning(s)", file=sys.stderr)
    return 1 if errors else 0


@command("build")
def _build(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.publish import build

    pub = build(args.index, cfg.home, keep=cfg.keep_versions, budget=args.budget or cfg.budget)
    from sourcefinder.routers import prepare

    prepare(pub, cfg)
    for d in pub.warnings:
        print(f"{args.index / d.path}:{d.line}: {d.level} {d.code}: {d.text}", file=sys.stderr)
    print(f"published {pub.version} ({len(pub.index.cards)} cards) to {pub.path}")
    return 0


@command("show")
def _show(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.index import load_index
    from sourcefinder.render import render_card

    index = load_index(args.index)
    if args.id not in index.cards:
        raise UnknownIdError("card", args.id, sorted(index.cards))
    print(render_card(index, args.id))
    return 0


@command("condensed")
def _condensed(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.index import load_index
    from sourcefinder.index.condense import render_budget, render_full

    index = load_index(args.index)
    print(render_budget(index, args.budget) if args.budget else render_full(index))
    return 0


@command("import-jsonl")
def _import(args: argparse.Namespace, cfg: Settings) -> int:
    from sourcefinder.importer import import_jsonl

    n = import_jsonl(args.sources, args.out)
    print(json.dumps({"cards": n, "out": str(args.out)}))
    return 0
