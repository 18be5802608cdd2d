"""The routing subcommands of `sourcefinder`: route, eval, simulate."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import Any


def add_parsers(sub: Any, index_arg: Callable[[argparse.ArgumentParser], None]) -> None:
    """Register route, eval and simulate on the `sourcefinder` parser."""
