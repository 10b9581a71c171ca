"""Two copies of the app as separate processes (tests/ui/app_copy.py), for the tests and by hand."""

from __future__ import annotations

import json
import os
import pathlib
import subprocess
import sys
import time
from typing import Any

DRIVER = pathlib.Path(__file__).with_name("app_copy.py")
ROOT = DRIVER.parents[2]


class AppCopy:
    """A running copy of the app: :meth:`ask` sends one request and returns its answer."""

    def __init__(self, where: list[str], game_id: int, *, refusal_shot: pathlib.Path | None = None):
        env = dict(os.environ, QT_QPA_PLATFORM="offscreen", PYTHONPATH=str(ROOT))
        extra = ["--refusal-shot", str(refusal_shot)] if refusal_shot else []
        self.process = subprocess.Popen(
            [sys.executable, str(DRIVER), *where, "--game", str(game_id), *extra],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
        )
        self.first = self._answer()

    def _answer(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError(f"the app copy ended (exit status {self.process.wait(30)})")
        answer: dict[str, Any] = json.loads(line)
        return answer

    def ask(self, op: str, **fields: Any) -> dict[str, Any]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps({"op": op, **fields}) + "\n")
        self.process.stdin.flush()
        return self._answer()

    def wait_for(self, check: Any, seconds: float = 60.0) -> dict[str, Any]:
        """Let the app run (no input) until ``check(state)`` holds; the state then.

        Generous: the copy looks for changes once a second, and on a loaded machine the
        server's notification and the copy's reading may take a while; it returns as soon as
        ``check`` holds.
        """
        end = time.monotonic() + seconds
        state = self.ask("wait", ms=0)
        while not check(state):
            if time.monotonic() > end:
                raise AssertionError(f"never came: {state}")
            state = self.ask("wait", ms=100)
        return state

    def close(self) -> None:
        if self.process.poll() is None and self.process.stdin is not None:
            try:
                self.process.stdin.write('{"op": "quit"}\n')
                self.process.stdin.close()
            except (BrokenPipeError, ValueError):
                pass
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
