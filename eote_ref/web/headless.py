"""``eote-ref display --web``: the players' phones served with no window, following a database.

Opens the database read-only as ``eote-ref display`` does, serves the game played last (or
``--game``), prints one line per side (``SIDE: URL``) and one ``Spectators: URL``, and looks
for the umpire's changes four times a second until SIGINT or SIGTERM stops it. Such a
process cannot write the game, so the players' requests are refused here in words: the
umpire's app takes them (*View → Players' phones*). So is Ready, which only the umpire's
app shows (its turn guide): its pages offer none.
"""

from __future__ import annotations

import argparse
import signal
import sys
import threading
from types import FrameType
from typing import Any

from eote_ref.web.server import PhoneServer

#: Seconds between two looks at the database.
POLL_S = 0.25


def open_service(db: Any, game_id: int) -> Any:
    """The game's service, as its pack declares it (:mod:`eote_ref.referee.game_open`)."""
    from eote_ref.referee.game_open import open_service as opened

    return opened(db, game_id)


def run_web(args: argparse.Namespace, stop: threading.Event | None = None) -> int:
    """Serve until ``stop`` is set (by SIGINT or SIGTERM); returns the exit code."""
    from eote_ref.referee.follow import DisplayWatcher, game_to_follow, open_read_only
    from eote_ref.web.publisher import Publisher

    path = getattr(args, "display_db", None) or getattr(args, "db", None)
    url = getattr(args, "display_url", None) or getattr(args, "database_url", None)
    try:
        db = open_read_only(path, url=url)
    except ValueError as e:
        print(f"eote-ref display: {e}", file=sys.stderr)
        return 2
    try:
        game_id = game_to_follow(db, getattr(args, "game", None))
        service = open_service(db, game_id)
        server = PhoneServer(args.host, args.port, accepts_requests=False)
    except (ValueError, OSError) as e:
        print(f"eote-ref display: {e}", file=sys.stderr)
        db.close()
        return 2
    publisher = Publisher(service, server)
    watcher = DisplayWatcher(db)
    stop = stop or threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    old = {}
    if threading.current_thread() is threading.main_thread():
        for sig in (signal.SIGINT, signal.SIGTERM):
            old[sig] = signal.signal(sig, on_signal)
    try:
        publisher.refresh()
        server.start()
        for link in server.links():
            print(f"{link.name}: {server.url(link.path)}", flush=True)
        print(f"Spectators: {server.url('/')}", flush=True)
        while not stop.wait(POLL_S):
            try:
                if watcher.changed():
                    publisher.refresh()
            except Exception as e:  # the file damaged or gone: said at each look, kept serving
                print(f"eote-ref display: {e}", file=sys.stderr, flush=True)
        return 0
    finally:
        server.stop()
        watcher.close()
        db.close()
        for sig, handler in old.items():
            signal.signal(sig, handler)
