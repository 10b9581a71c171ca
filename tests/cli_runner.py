"""Run ``eote-ref`` in this process, captured like a subprocess (a fraction of the cost).

:func:`run_in_process` calls :func:`eote_ref.cli.main` with stdin, stdout and stderr replaced
and returns the same :class:`subprocess.CompletedProcess` a real run would: the exit code
(argparse's ``SystemExit`` included), the text written to each stream. An exception that
would be a traceback in a real process propagates and fails the test. A few tests per
command still start a real process (:func:`run_subprocess`) to check the entry point, the
exit status and the streams as the shell sees them.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import pathlib
import subprocess
import sys

from eote_ref.cli import main

ROOT = pathlib.Path(__file__).resolve().parents[1]


def run_in_process(*argv: str, stdin: str | bytes = "") -> subprocess.CompletedProcess[str]:
    """``eote-ref ARGV...`` through :func:`main` in this process, streams captured."""
    out, err = io.StringIO(), io.StringIO()
    raw = stdin if isinstance(stdin, bytes) else stdin.encode("utf-8")
    fake_stdin = io.TextIOWrapper(io.BytesIO(raw), encoding="utf-8")
    saved_stdin = sys.stdin
    sys.stdin = fake_stdin
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                code: int | str | None = main(list(argv))
            except SystemExit as exc:  # argparse's errors, --help and --version
                code = exc.code
    finally:
        sys.stdin = saved_stdin
    if isinstance(code, str):  # SystemExit("message"): printed on stderr, status 1
        err.write(code + "\n")
        code = 1
    return subprocess.CompletedProcess(
        ["eote-ref", *argv], code or 0, out.getvalue(), err.getvalue()
    )


def run_subprocess(
    *argv: str, stdin: str = "", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``eote-ref ARGV...`` as a real separate process (``python -m eote_ref.cli``)."""
    return subprocess.run(
        [sys.executable, "-m", "eote_ref.cli", *argv],
        input=stdin,
        capture_output=True,
        text=True,
        encoding="utf-8",
        cwd=ROOT,
        env=dict(os.environ if env is None else env),
        timeout=120,
        check=False,
    )


#: Run in a fresh interpreter: one call with stdin given, then the modules it loaded.
_IMPORTS_OF_A_CALL = """
import io, json, sys
sys.stdin = io.TextIOWrapper(io.BytesIO(sys.argv[1].encode()))
from eote_ref.cli import main
code = main(sys.argv[2:])
print(json.dumps({"code": code, "modules": sorted(sys.modules)}))
"""


def modules_of_a_call(*argv: str, stdin: str) -> set[str]:
    """The modules a fresh interpreter loads for ``eote-ref ARGV...`` (its exit code 0).

    The first call after the sources change parses the ruleset's YAML and leaves a parsed
    copy (yamlio/cache.py); every later call reads that copy. The second call is judged, as a
    user's machine runs it (the copy is not written under PYTHONDONTWRITEBYTECODE).
    """
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    for _ in range(2):
        proc = subprocess.run(
            [sys.executable, "-c", _IMPORTS_OF_A_CALL, stdin, *argv],
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
            check=True,
        )
    report = json.loads(proc.stdout.strip().splitlines()[-1])
    assert report["code"] == 0
    return set(report["modules"])
