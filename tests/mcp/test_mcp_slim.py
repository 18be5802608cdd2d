"""The server stays slim, and `sourcefinder serve` refuses to start with nothing to serve."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HEAVY = ("dagster", "great_expectations", "pandas", "polars")
SOURCEFINDER = str(Path(sys.executable).with_name("sourcefinder"))


def test_importing_the_server_imports_no_heavy_framework() -> None:
    probe = ("import json, sys; import sourcefinder_mcp.server; "
             f"print(json.dumps([m for m in {HEAVY!r} if m in sys.modules]))")
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                         check=True, timeout=60)
    assert json.loads(out.stdout) == []


def test_serve_refuses_to_start_with_nothing_to_serve(tmp_path: Path) -> None:
    env = {**os.environ, "SOURCEFINDER_HOME": str(tmp_path / "home")}
    out = subprocess.run([SOURCEFINDER, "serve", "--index", str(tmp_path / "no-index")],
                         capture_output=True, text=True, env=env, timeout=60)
    assert out.returncode == 2
    assert out.stdout == ""
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("sourcefinder: error: ")
    assert "nothing published" in lines[0]
