"""`make ui`: the Dagster UI on the night shift's definitions.

    python -m sourcefinder_pipeline.ui [--host 127.0.0.1] [--port 3000]

DAGSTER_HOME is ``$SOURCEFINDER_HOME/dagster`` (the repository's ``dagster.yaml`` is copied
there: telemetry and the sign-up modal off). ``dagster dev`` runs in its own process group
with SIGINT and SIGTERM restored to their defaults (a shell's ``cmd &`` starts it with both
ignored), and this process forwards either signal to the group, so Ctrl-C or ``kill <pid>``
stops the webserver, the daemon and the code server together.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import shutil
import signal
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType

from sourcefinder.config import Settings

REPO = Path(__file__).resolve().parents[1]


def dagster_home(settings: Settings) -> Path:
    home = (Path(settings.home) / "dagster").resolve()
    home.mkdir(parents=True, exist_ok=True)
    source = REPO / "dagster.yaml"
    if source.is_file():
        shutil.copyfile(source, home / "dagster.yaml")
    return home


def _default_signals() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m sourcefinder_pipeline.ui")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", default="3000")
    args = p.parse_args(argv)
    env = {**os.environ, "DAGSTER_HOME": str(dagster_home(Settings()))}
    dagster = Path(sys.executable).with_name("dagster")
    cmd = [str(dagster), "dev", "-m", "sourcefinder_pipeline.definitions",
           "-h", args.host, "-p", str(args.port)]
    proc = subprocess.Popen(cmd, env=env, start_new_session=True,  # noqa: PLW1509
                            preexec_fn=_default_signals)

    def forward(signum: int, _frame: FrameType | None) -> None:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, signal.SIGTERM)

    signal.signal(signal.SIGINT, forward)
    signal.signal(signal.SIGTERM, forward)
    print(f"Dagster UI on http://{args.host}:{args.port} (DAGSTER_HOME={env['DAGSTER_HOME']})",
          flush=True)
    code = proc.wait()
    # a code server dagster dev restarts while shutting down can outlive it: end the group
    with contextlib.suppress(ProcessLookupError):
        os.killpg(proc.pid, signal.SIGTERM)
    return code


if __name__ == "__main__":
    sys.exit(main())
