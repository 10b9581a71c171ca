"""The ``eote-ref display`` sub-command: the players' display alone, following a shared game."""

from __future__ import annotations

import argparse
from typing import Any


def register(subparsers: Any) -> None:
    """Add ``display`` to the ``eote-ref`` parser (Qt is imported only when it runs)."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        "display",
        help="open only the players' display, following a game in a shared database",
        description="Open the players' display on its own (full screen; F11 toggles), for "
        "a projector driven by a second computer. The database is opened read-only and "
        "polled for the umpire's changes; orders stay hidden and the game's fog of war holds.",
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--db", dest="display_db", metavar="FILE", help="the SQLite database file")
    where.add_argument(
        "--database-url", dest="display_url", metavar="URL", help="a SQLAlchemy URL (PostgreSQL)"
    )
    parser.add_argument(
        "--game",
        type=int,
        metavar="ID",
        help="the game to follow (default: the game the umpire's app has open, moving with it)",
    )
    parser.add_argument("--screen", type=int, metavar="N", help="the screen to fill (1, 2...)")
    parser.add_argument("--window", action="store_true", help="a window, not full screen")
    parser.add_argument(
        "--poll", type=int, default=1000, metavar="MS", help="how often to look for changes"
    )
    parser.add_argument(
        "--web",
        action="store_true",
        help="no window: serve each side's page to the players' phones (prints their links)",
    )
    parser.add_argument(
        "--host", default="127.0.0.1", help="with --web: the address to serve on (loopback)"
    )
    parser.add_argument(
        "--port", type=int, default=8035, help="with --web: the port (0: any free one)"
    )
    parser.add_argument("--exit-after", type=int, metavar="MS", help=argparse.SUPPRESS)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Open the display (imported late: the other commands never load Qt), or serve it."""
    if getattr(args, "web", False):
        from eote_ref.web.headless import run_web

        return run_web(args)
    from eote_ref.ui.display_app import run_display

    return run_display(args)
