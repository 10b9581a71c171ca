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
