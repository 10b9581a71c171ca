"""One open game shared by the windows: the service, its latest view, and a change signal."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TypeVar

from PySide6.QtCore import QObject, Signal

from eote_ref.referee.game import GameService, GameView

T = TypeVar("T")


class GameHub(QObject):
    """Holds the :class:`GameService` of the open game and re-reads its view once per change.

    Widgets connect to :attr:`viewChanged` instead of each calling ``service.view()``, so one
    edit costs one read however many panels show the game. :attr:`message` carries a sentence
    for the status bar (a refused edit, what was undone).
    """

    viewChanged = Signal(object)
    message = Signal(str)

    def __init__(self, service: GameService, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self._view = service.view()
        #: Milliseconds the last refresh took (service read plus every connected widget).
        self.last_refresh_ms = 0.0
        service.subscribe(self._on_change)

    @property
    def view(self) -> GameView:
        """The game as of the last change."""
        return self._view

    def _on_change(self) -> None:
        t = time.perf_counter()
        self._view = self.service.view()
        self.viewChanged.emit(self._view)
        self.last_refresh_ms = (time.perf_counter() - t) * 1000

    def attempt(self, action: Callable[[], T]) -> T | None:
        """Call ``action`` (one service call); a refused edit becomes a status message."""
        try:
            return action()
        except ValueError as e:  # RefereeError, or a journal error from the store
            self.message.emit(str(e))
            return None
