"""Benchmark start-up: process launch to the demo dashboard shown (``make bench``, offscreen).

Runs ``eote-ref --demo`` with ``EOTE_REF_EXIT_WHEN_READY=1`` a few times (after a first run
that creates the demo game, so set-up is not timed) and, for comparison, a bare PySide6
``QMainWindow`` started the same way. The launcher passes its clock in
``EOTE_REF_LAUNCH_TIME``; each process prints ``ready in N ms`` once its window is shown.
Prints the medians. Data and settings live in a throw-away folder.
"""

from __future__ import annotations

import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

#: Launch to dashboard shown, median; above this the run is marked SLOW.
TARGET_MS = 2000.0

BARE = """
import os, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QMainWindow
app = QApplication([])
w = QMainWindow()
w.resize(1440, 900)
w.show()
def ready():
    app.processEvents()
    t0 = float(os.environ["EOTE_REF_LAUNCH_TIME"])
    print(f"ready in {(time.time() - t0) * 1000:.0f} ms", flush=True)
    app.quit()
QTimer.singleShot(0, ready)
app.exec()
"""


def app_command() -> list[str]:
    """The installed ``eote-ref`` next to this Python, or ``python -m eote_ref.cli``."""
    here = pathlib.Path(sys.executable).parent
    for name in ("eote-ref", "eote-ref.exe"):
        if (here / name).exists():
            return [str(here / name), "--demo"]
    return [sys.executable, "-m", "eote_ref.cli", "--demo"]


def launch(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """Run ``command`` once; returns (launch to window shown, launch to exit) in ms."""
    t0 = time.time()
    run_env = dict(env, EOTE_REF_LAUNCH_TIME=repr(t0))
    result = subprocess.run(
        command, env=run_env, capture_output=True, text=True, check=False, timeout=120
    )
    total = (time.time() - t0) * 1000
    found = re.search(r"ready in (\d+) ms", result.stdout)
    if result.returncode != 0 or not found:
        raise SystemExit(
            f"{command[0]} failed ({result.returncode}):\n{result.stdout}\n{result.stderr}"
        )
    return float(found.group(1)), total


def main(argv: list[str] | None = None) -> int:
    """Time both start-ups and print the medians; returns 1 if the app is slower than the target."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5, help="timed runs of each")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(
            os.environ,
            QT_QPA_PLATFORM="offscreen",
            EOTE_REF_HOME=str(pathlib.Path(tmp) / "data"),
            XDG_CONFIG_HOME=str(pathlib.Path(tmp) / "config"),
            EOTE_REF_EXIT_WHEN_READY="1",
        )
        app = app_command()
        bare = [sys.executable, "-c", BARE]
        launch(app, env)  # creates the demo game and warms the file cache
        launch(bare, env)
        app_runs = [launch(app, env) for _ in range(args.repeat)]
        bare_runs = [launch(bare, env) for _ in range(args.repeat)]
    rows = [
        ("eote-ref --demo: launch to dashboard shown", [r[0] for r in app_runs]),
        ("eote-ref --demo: launch to exit", [r[1] for r in app_runs]),
        ("bare PySide6 QMainWindow: launch to shown", [r[0] for r in bare_runs]),
        ("bare PySide6 QMainWindow: launch to exit", [r[1] for r in bare_runs]),
    ]
    width = max(len(name) for name, _ in rows)
    print(f"\nstart-up (offscreen, median of {args.repeat})")
    print(f"{'measure':<{width}}  {'median':>10}  {'min':>8}  {'max':>8}")
    print(f"{'-' * width}  {'-' * 10}  {'-' * 8}  {'-' * 8}")
    for name, values in rows:
        print(
            f"{name:<{width}}  {statistics.median(values):>7.0f} ms  "
            f"{min(values):>5.0f} ms  {max(values):>5.0f} ms"
        )
    app_median = statistics.median(r[0] for r in app_runs)
    bare_median = statistics.median(r[0] for r in bare_runs)
    print(
        f"eote-ref's own start-up cost over a bare Qt window: {app_median - bare_median:.0f} ms"
        + ("" if app_median < TARGET_MS else f"  SLOW (target {TARGET_MS:.0f} ms)")
    )
    return 0 if app_median < TARGET_MS else 1


if __name__ == "__main__":
    raise SystemExit(main())
