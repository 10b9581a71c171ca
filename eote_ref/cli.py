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
    "eote_ref.commands.display",
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
    code: int = args.func(args)
    return code


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
