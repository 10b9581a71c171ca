"""The ``eote-ref`` entry point: the desktop app by default, sub-commands for headless work."""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from eote_ref import __version__

#: Sub-command modules; each has ``register(subparsers)`` that adds its parser and sets ``func``.
COMMAND_MODULES = (
    "eote_ref.commands.rule",
    "eote_ref.commands.armylist",
    "eote_ref.commands.campaign",
    "eote_ref.commands.print_cmd",
)


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser, with every sub-command registered."""
    parser = argparse.ArgumentParser(
        prog="eote-ref",
        description="Referee assistant for Eagles Over the Empire 6.2. "
        "Without a sub-command it opens the desktop app.",
    )
    parser.add_argument("--version", action="version", version=f"eote-ref {__version__}")
    parser.add_argument("--db", metavar="FILE", help="the SQLite database file to use")
    parser.add_argument(
        "--database-url", metavar="URL", help="a SQLAlchemy URL (e.g. PostgreSQL for a club server)"
    )
    parser.add_argument("--demo", action="store_true", help="open the demo battle")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``eote-ref``; returns the process exit code."""
    parser = build_parser()
    args = parser.parse_args(argv)
    if args.command is None:
        from eote_ref.ui.app import run_app  # imported late: headless commands never load Qt

        return run_app(args)
    try:
        code: int = args.func(args)
    except Exception as exc:  # a failure of the machine or of a file, not of eote-ref: say so
        message = failure_message(exc)
        if message is None:
            raise
        print(f"error: {message}", file=sys.stderr)
        return 1
    return code


#: SQLite's words for conditions of the disk or the file, and what to tell the user.
_SQLITE_CONDITIONS = {
    "database or disk is full": "the disk is full; nothing was saved. Free some space and "
    "try again.",
    "readonly database": "the database cannot be written (the file, its folder or its disk "
    "is read-only); nothing was saved.",
    "database is locked": "the database is in use by another program; nothing was saved.",
    "disk I/O error": "the disk reported an error; nothing was saved. Check the disk.",
    "malformed": "the database file is damaged; nothing was saved. Restore a backup copy.",
    "not a database": "the database file is damaged; nothing was saved. Restore a backup copy.",
}


def failure_message(exc: BaseException) -> str | None:
    """What to tell the user about an error of the disk, a file or the database, else None.

    SQLite's errors arrive wrapped by SQLAlchemy; the chain is searched for a known one.
    """
    seen: BaseException | None = exc
    while seen is not None:
        if isinstance(seen, OSError) and seen.strerror:
            where = f"{seen.filename}: " if seen.filename else ""
            return f"{where}{seen.strerror}"
        if type(seen).__module__.startswith(("sqlite3", "sqlalchemy")):
            text = str(seen)
            for words, message in _SQLITE_CONDITIONS.items():
                if words in text:
                    return message
        if seen.__class__.__name__ == "StoreError" or any(
            cls.__name__ == "StoreError" for cls in type(seen).__mro__
        ):
            return str(seen)
        seen = seen.__cause__ or seen.__context__
    return None


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
