"""One open pack game shared by its panels: the service, its latest view, a change signal."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from PySide6.QtCore import QObject, QTimer, Signal

from eote_ref.referee.errors import REFUSALS
from eote_ref.referee.game import explain_failure
from eote_ref.referee.pack_view import PackView, read_pack_view
from eote_ref.ui import warm_up_gate

T = TypeVar("T")
log = logging.getLogger(__name__)


class PackHub(QObject):
    """Holds a pack game's service and re-reads its :class:`PackView` once per change.

    It answers what :class:`~eote_ref.ui.journal_view.JournalView` asks of a hub (``view``
    with ``turn``, ``can_undo`` and ``can_redo``; ``service`` with the journal, undo and
    redo; ``attempt``; ``viewChanged`` and ``message``), so the journal is EotE's own.
    """

    viewChanged = Signal(object)
    message = Signal(str)

    #: How often (milliseconds) to look for changes made elsewhere.
    FOLLOW_MS = 1000

    def __init__(self, service: Any, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.service = service
        self._view = read_pack_view(service)
        service.subscribe(self._on_change)
        self._follow = QTimer(self)
        self._follow.setInterval(self.FOLLOW_MS)
        self._follow.timeout.connect(self.follow)
        self._follow.start()
        self.destroyed.connect(lambda *_: service.stop_watching())

    @property
    def view(self) -> PackView:
        """The game as of the last change."""
        return self._view

    def phase_text(self, text: str) -> str:
        """A journal step's stored phase as the log shows it (the pack's declared turn's)."""
        turn = getattr(self.service.pack, "turn", None)
        for spec in getattr(turn, "phases", ()):
            if spec.key == text:
                return str(spec.short_label)
        return text.replace("_", " ") or "—"

    @property
    def due(self) -> list[Any]:
        """What falls due as of the last change."""
        return list(self._view.due)

    def refresh(self) -> None:
        """Read the game again and tell every panel."""
        self._on_change()

    def _on_change(self) -> None:
        try:
            self._view = read_pack_view(self.service)
        except Exception as e:
            told = explain_failure(e, "the screen still shows the game as it was")
            if told is None:
                raise
            self.message.emit(told)
            return
        self.viewChanged.emit(self._view)

    def follow(self) -> bool:
        """Re-read the game if another copy of the app changed it; whether it did."""
        if warm_up_gate.running():
            return False
        try:
            changed = self.service.changed_elsewhere()
        except Exception:  # noqa: BLE001 - a lost connection: try again on the next tick
            return False
        if changed:
            self._on_change()
            self.message.emit("Another copy of eote-ref changed the game.")
        return bool(changed)

    def attempt(self, action: Callable[[], T]) -> T | None:
        """Call ``action`` (one service call); a refused edit becomes a status message."""
        try:
            return action()
        except REFUSALS as e:
            log.info("refused: %s", e)
            self.message.emit(str(e))
            return None
        except Exception as e:
            told = explain_failure(e)
            if told is None:
                raise
            self.message.emit(told)
            return None
