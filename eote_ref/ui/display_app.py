"""``eote-ref display``: the players' display alone, following a game in a shared database.

Run on the computer driving a club's projector: it opens the database read-only (no lock,
no upgrade), shows the game the umpire's app has open (or ``--game``), and polls for changes
the umpire's computer commits, so apply, undo and redo reach the players within a poll; when
the umpire opens another game, the display (without ``--game``) moves to it.
"""

from __future__ import annotations

import argparse
import sys

from PySide6.QtCore import QObject, QTimer, Signal

from eote_ref.referee.follow import (
    Database,
    DisplayWatcher,
    game_to_follow,
    open_read_only,
    read_view,
)
from eote_ref.referee.game import GameService
from eote_ref.referee.views import GameView

#: How often (milliseconds) the database is asked whether it changed.
POLL_MS = 1000


class DatabaseFollower(QObject):
    """A :class:`~eote_ref.ui.players_display.ViewSource` fed by polling a shared database."""

    viewChanged = Signal(object)
    #: The error reading the database ("" when it reads again): the display shows it.
    errorChanged = Signal(str)

    def __init__(
        self,
        db: Database,
        game_id: int,
        parent: QObject | None = None,
        *,
        poll_ms: int = POLL_MS,
        follow_open: bool = False,
    ) -> None:
        super().__init__(parent)
        self.db = db
        #: Whether to move to the game the umpire's app opens (no ``--game`` was given).
        self.follow_open = follow_open
        self.service = GameService(db, game_id)
        # Watching before the first reading: a step committed between the two is in the view
        # read, or seen at the first poll. The other way round it was in neither.
        try:
            self.watcher = DisplayWatcher(db)
        except Exception:
            read_view(self.service)  # a game that cannot be read is said in words, as ever
            raise
        try:
            self._view = read_view(self.service)  # FollowError (a ValueError) when it cannot
        except BaseException:
            self.watcher.close()
            raise
        self.timer = QTimer(self)
        self.timer.setInterval(poll_ms)
        self.timer.timeout.connect(self.poll)
        #: The last error reading the database (shown by the caller), or None.
        self.error: str | None = None

    @property
    def view(self) -> GameView:
        """The game as last read."""
        return self._view

    def start(self) -> None:
        """Start polling."""
        self.timer.start()

    def poll(self) -> bool:
        """Re-read the game if the database changed; returns whether it did.

        An error (the file gone, damaged, unreadable) is kept in :attr:`error` and told once
        through :attr:`errorChanged`; the next polls try again, and a game that reads again
        clears it.
        """
        try:
            moved = self.follow_open and self._to_open_game()
            if not self.watcher.changed() and self.error is None and not moved:
                return False
            self._view = read_view(self.service)
        except ValueError as e:  # a database error: told on the display, not hidden
            if str(e) != self.error:
                self.error = str(e)
                self.errorChanged.emit(self.error)
            return False
        if self.error is not None:
            self.error = None
            self.errorChanged.emit("")
        self.viewChanged.emit(self._view)
        return True

    def _to_open_game(self) -> bool:
        """Follow the game the umpire's app has open now, if it is another; whether it moved.

        Asked on every poll (one row read): the record of the open game is no game's change,
        so a server's notifications do not tell of it.
        """
        wanted = game_to_follow(self.db)
        if wanted == self.service.game_id:
            return False
        self.service = GameService(self.db, wanted)
        return True

    def stop(self) -> None:
        """Stop polling and let go of the database connection."""
        self.timer.stop()
        self.watcher.close()


def run_display(args: argparse.Namespace) -> int:
    """Open the players' display on its own; returns the exit code."""
    from PySide6.QtGui import QGuiApplication
    from PySide6.QtWidgets import QApplication

    from eote_ref.ui.players_display import PlayersDisplay
    from eote_ref.ui.settings import APPLICATION, ORGANIZATION
    from eote_ref.ui.theme import apply_scheme

    path = getattr(args, "display_db", None) or getattr(args, "db", None)
    url = getattr(args, "display_url", None) or getattr(args, "database_url", None)
    try:
        db = open_read_only(path, url=url)
    except ValueError as e:
        print(f"eote-ref display: {e}", file=sys.stderr)  # noqa: T201
        return 2
    try:
        game_id = game_to_follow(db, getattr(args, "game", None))
    except ValueError as e:
        print(f"eote-ref display: {e}", file=sys.stderr)  # noqa: T201
        db.close()
        return 2
    app = QApplication.instance() or QApplication(sys.argv[:1])
    assert isinstance(app, QApplication)
    app.setOrganizationName(ORGANIZATION)
    app.setApplicationName(APPLICATION)
    app.setApplicationDisplayName("eote-ref display")
    apply_scheme(app, "system")
    try:
        follower = DatabaseFollower(
            db,
            game_id,
            poll_ms=int(getattr(args, "poll", POLL_MS)),
            follow_open=getattr(args, "game", None) is None,
        )
    except ValueError as e:
        print(f"eote-ref display: {e}", file=sys.stderr)  # noqa: T201
        db.close()
        return 2
    display = PlayersDisplay(follower)
    screens = QGuiApplication.screens()
    index = getattr(args, "screen", None)
    screen = screens[index - 1] if index and 0 < index <= len(screens) else None
    if getattr(args, "window", False):
        display.show()
    else:
        display.show_on(screen or display.screen(), full=True)
    follower.start()
    if getattr(args, "exit_after", None) is not None:
        QTimer.singleShot(int(args.exit_after), app.quit)
    try:
        return int(app.exec())
    finally:
        follower.stop()
        display.close()  # no window outlives the command (an embedding app goes on)
        display.deleteLater()
        db.close()
