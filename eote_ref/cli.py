"""The ``eote-ref`` entry point: the desktop app by default, sub-commands for headless work.

Start-up is lazy: only the module of the sub-command actually named on the command line is
imported (``eote-ref rule`` loads the rules engine and its ruleset, never the database or
Qt). The others are listed by name and help text alone, so ``--help`` still shows them all.
"""

from __future__ import annotations

import argparse
import importlib
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from eote_ref import __version__

#: Sub-commands: name -> (module, one-line help). Each module has ``register(subparsers)``,
#: which adds the sub-command's full parser (with this same help) and sets ``func``.
COMMANDS: dict[str, tuple[str, str]] = {
    "rule": (
        "eote_ref.commands.rule",
        "adjudicate one procedure: JSON situation on stdin, JSON outcome on stdout",
    ),
    "armylist": ("eote_ref.commands.armylist", "validate, import and export army lists"),
    "scenario": ("eote_ref.commands.scenario", "validate, list and export scenarios"),
    "campaign": (
        "eote_ref.commands.campaign",
        "club campaigns: list, report, export and import",
    ),
    "print": (
        "eote_ref.commands.print_cmd",
        "print record sheets, the quick reference or a battle report to PDF",
    ),
    "db": (
        "eote_ref.commands.db",
        "look after the database: upgrade, check, backup, copy, roles",
    ),
    "game": (
        "eote_ref.commands.game",
        "start and play a game of a pack from the command line (EotE, AVlE)",
    ),
    "display": (
        "eote_ref.commands.display",
        "open only the players' display, following a game in a shared database",
    ),
}

#: Every sub-command module, in the order ``--help`` lists them.
COMMAND_MODULES = tuple(module for module, _ in COMMANDS.values())

#: Options of the top-level parser that take a value (skipped when looking for the command).
_VALUE_OPTIONS = ("--db", "--database-url")


def command_named(argv: Sequence[str]) -> str | None:
    """The sub-command named in ``argv`` (its first positional word), or None for the app."""
    skip = False
    for word in argv:
        if skip:
            skip = False
        elif word == "--":
            return None
        elif word in _VALUE_OPTIONS:
            skip = True
        elif not word.startswith("-"):
            return word if word in COMMANDS else None
    return None


def build_parser(only: str | None = None, *, every: bool = True) -> argparse.ArgumentParser:
    """The argument parser.

    Args:
        only: the sub-command whose module is imported and registered in full.
        every: register every sub-command in full (``only`` is then ignored); with ``False``
            the others get a stand-in parser carrying just their name and help.
    """
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
    for name, (module, help_text) in COMMANDS.items():
        if every or name == only:
            importlib.import_module(module).register(sub)
        else:  # a stand-in taking any words: main() re-parses in full if it is chosen
            stand_in = sub.add_parser(name, help=help_text, add_help=False)
            stand_in.add_argument("words", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``eote-ref``; returns the process exit code."""
    words = sys.argv[1:] if argv is None else list(argv)
    chosen = command_named(words)
    if chosen == "rule" and argv is None:  # a calculator call: its dataclasses' methods
        from eote_ref.yamlio import dataclass_methods

        dataclass_methods.install("rule")  # compiled once, kept beside the bytecode
    parser = build_parser(chosen, every=False)
    if chosen == "rule":  # the calculator answers every mistake in its JSON contract
        args, extra = parser.parse_known_args(words)
        if extra:
            from eote_ref.yamlio.rule_contract import usage_error

            usage_error(f"unrecognized arguments: {' '.join(extra)}")
    else:
        args = parser.parse_args(words)
    if args.command is not None and args.command != chosen:  # e.g. an abbreviated --db
        args = build_parser().parse_args(words)
    if args.command is None:
        if argv is None:  # the app's start, to its first window (ui.app.run_app)
            import gc

            from eote_ref.yamlio import dataclass_methods

            dataclass_methods.install("app")
            # Nothing to collect among the modules and the window made: the collector is
            # enabled again once the first window is made.
            gc.disable()
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
    if chosen == "rule" and argv is None:  # the calculator run as a program: its answer is out
        from eote_ref.yamlio import dataclass_methods

        dataclass_methods.finish()
        leave(code)
    return code


def leave(code: int) -> NoReturn:
    """Flush the answer and end the process without the interpreter's tidying up.

    At exit Python frees every module and object one by one: about 6 ms of CPU of a
    calculator call that needs 60 (issue 36). Nothing is left open to close; a flush that
    fails (the reader went away) ends with 1.
    """
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except (OSError, ValueError):
        code = code or 1
    os._exit(code)


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


#: What a lost server means for a command (each runs in one transaction).
COMMAND_SAVED = (
    "a command is saved whole or not at all, so if it was saving when the server stopped, "
    "look at what it holds before running it again when the server answers"
)


def failure_message(exc: BaseException) -> str | None:
    """What to tell the user about an error of the disk, a file or the database, else None.

    SQLite's errors arrive wrapped by SQLAlchemy; the chain is searched for a known one. A
    database server's refusal of the account's rights, or its silence, is told in words too
    (:mod:`eote_ref.store.server_errors`).
    """
    from eote_ref.store.server_errors import translate

    server = translate(exc, saved=COMMAND_SAVED)
    if server is not None:
        return str(server)
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
