"""One open game shared by the windows: the service, its latest view, and a change signal."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

from eote_ref.referee.errors import REFUSALS
from eote_ref.referee.game import GameService, explain_failure
from eote_ref.referee.todo import DueCheck, checks_due
from eote_ref.referee.views import GameView
from eote_ref.ui import warm_up_gate

T = TypeVar("T")
log = logging.getLogger(__name__)

#: What a server that stops answering while the screen is brought up to date means.
SAVED_NOT_SHOWN = (
    "the screen still shows the game as it was (any step already saved is kept) and is "
    "brought up to date when the server answers"
)


class FollowingHub(QObject):
    """What the hub of any open game does, EotE's or a pack's.

    It follows changes another copy of the app makes to the same game (a shared server) and
    turns a refused edit into a :attr:`message` for the status bar (:meth:`attempt`); each
    subclass reads its own view in :meth:`_on_change` and emits :attr:`viewChanged`.
    """

    viewChanged = Signal(object)
    message = Signal(str)

    #: How often (milliseconds) to look for changes made elsewhere.
    FOLLOW_MS = 1000

    service: Any

    def _start_following(self) -> None:
        """Look for changes made elsewhere every :attr:`FOLLOW_MS`, until the hub goes."""
        service = self.service
        self._follow = QTimer(self)
        self._follow.setInterval(self.FOLLOW_MS)
        self._follow.timeout.connect(self.follow)
        self._follow.start()
        self.destroyed.connect(lambda *_: service.stop_watching())

    def _on_change(self) -> None:
        """Read the game again and emit :attr:`viewChanged` (each hub its own view)."""
        raise NotImplementedError

    def _changed_elsewhere_text(self) -> str:
        """The status bar's news of a change made elsewhere."""
        return "Another copy of eote-ref changed the game."

    def follow(self) -> bool:
        """Re-read the game if another copy of the app changed it; whether it did."""
        if warm_up_gate.running():
            return False  # its first look imports the ORM: not while the warm-up does
        try:
            changed = self.service.changed_elsewhere()
        except Exception:  # noqa: BLE001 - a lost connection: try again on the next tick
            # ... or a bug: either way the traceback goes to the log, never nowhere.
            log.exception("following the open game failed (tried again in a second)")
            return False
        if changed:
            self._on_change()
            self.message.emit(self._changed_elsewhere_text())
        return bool(changed)

    def attempt(self, action: Callable[[], T]) -> T | None:
        """Call ``action`` (one service call); a refused edit becomes a status message."""
        try:
            return action()
        except REFUSALS as e:  # a refusal in words; anything else is a bug for error_report
            log.info("refused: %s", e)
            self.message.emit(str(e))
            return None
        except Exception as e:  # a server that refused this account or stopped answering
            told = explain_failure(e)
            if told is None:
                raise
            self.message.emit(told)
            return None


class GameHub(FollowingHub):
    """Holds the :class:`GameService` of the open game and re-reads its view once per change.

    Widgets connect to :attr:`viewChanged` instead of each calling ``service.view()``, so one
    edit costs one read however many panels show the game; the checks due in the view
    (:attr:`due`) are worked out once per change too, for the dashboard and the turn guide.
    :attr:`message` carries a sentence for the status bar (a refused edit, what was undone).
    """

    service: GameService

    def __init__(
        self, service: GameService, parent: QObject | None = None, *, announce: bool = False
    ) -> None:
        super().__init__(parent)
        self.service = service
        #: Record the game as the one the app has open, on the first tick after the warm-up
        #: (the main window's hub: a separate players' display follows it).
        self._announce = announce
        self._view = service.view()
        self._due: tuple[GameView, list[DueCheck]] | None = None
        #: Milliseconds the last refresh took (service read plus every connected widget).
        self.last_refresh_ms = 0.0
        service.subscribe(self._on_change)
        self._start_following()

    @property
    def view(self) -> GameView:
        """The game as of the last change."""
        return self._view

    def follow(self) -> bool:
        """:meth:`FollowingHub.follow`, first recording the game as open (see ``announce``)."""
        if self._announce and not warm_up_gate.running():
            self._announce = False
            try:
                self.service.announce_open()
            except Exception:  # noqa: BLE001 - a nicety for the display: never fail the tick
                log.exception("recording the open game for the players' display failed")
        return super().follow()

    def due_in(self, view: GameView) -> list[DueCheck]:
        """The checks due in ``view`` (:func:`checks_due`), worked out once per view."""
        if self._due is None or self._due[0] is not view:
            self._due = (view, checks_due(view, self.service))
        return list(self._due[1])

    @property
    def due(self) -> list[DueCheck]:
        """The checks due in the game as of the last change."""
        return self.due_in(self._view)

    def _on_change(self) -> None:
        t = time.perf_counter()
        try:
            self._view = self.service.view()
        except Exception as e:
            told = explain_failure(e, SAVED_NOT_SHOWN)
            if told is None:
                raise
            self.message.emit(told)  # the last view stays on screen until the server answers
            return
        self.viewChanged.emit(self._view)
        self.last_refresh_ms = (time.perf_counter() - t) * 1000

    def _changed_elsewhere_text(self) -> str:
        """The status bar's news of a change made elsewhere: its newest journal step."""
        try:
            newest = self.service.journal(limit=1)
        except Exception:  # noqa: BLE001 - the news is a nicety: never fail the refresh on it
            log.exception("reading the newest journal step for the status bar failed")
            newest = []
        if not newest:
            return "Another copy of eote-ref changed the game."
        step = newest[0]
        what = f"undid {step.summary}" if step.status == "undone" else step.summary
        return f"Another copy of eote-ref changed the game: {what}"
