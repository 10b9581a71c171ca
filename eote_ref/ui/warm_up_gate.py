"""The umpire's first input waits for the start-up warm-up (:func:`eote_ref.ui.app.warm_up`).

The warm-up imports the ORM on a background thread after the first paint. If the main thread
imports it meanwhile (the first edit, or the hub's first look for changes made elsewhere),
two threads import SQLAlchemy at once: Python breaks their import-lock cycle by handing one
of them a half-made module, and that import fails (``cannot import name ... from partially
initialized module``): the edit was lost and the warm-up died. So until the warm-up is done,
an input event first waits for it, where the main thread holds no import lock (the event
loop delivering the event); the hub's timer waits too (:meth:`GameHub.follow`).
"""

from __future__ import annotations

import threading

from PySide6.QtCore import QCoreApplication, QEvent, QObject

#: The events an umpire's command starts from.
INPUT_EVENTS = frozenset(
    {
        QEvent.Type.KeyPress,
        QEvent.Type.ShortcutOverride,
        QEvent.Type.MouseButtonPress,
        QEvent.Type.MouseButtonDblClick,
        QEvent.Type.ContextMenu,
        QEvent.Type.TouchBegin,
    }
)

_warming: threading.Thread | None = None


def wait() -> None:
    """Wait for the warm-up if it is still running (at once otherwise)."""
    global _warming
    thread = _warming
    if thread is not None:
        thread.join()
        _warming = None


def running() -> bool:
    """Whether a warm-up is still running."""
    return _warming is not None and _warming.is_alive()


class _InputGate(QObject):
    """An application event filter: an input event waits for the warm-up, then it goes."""

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 - Qt's name
        if _warming is None or event.type() in INPUT_EVENTS or not _warming.is_alive():
            wait()
            app = QCoreApplication.instance()
            if app is not None:
                app.removeEventFilter(self)
            self.deleteLater()
        return False


def hold_input(app: QCoreApplication, thread: threading.Thread) -> QObject:
    """Make the umpire's input wait for ``thread`` (the warm-up) while it runs."""
    global _warming
    _warming = thread
    gate = _InputGate(app)
    app.installEventFilter(gate)
    return gate
