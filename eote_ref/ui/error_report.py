"""The app's one handler for what nobody expected: log the traceback, tell the user where.

A refusal (:data:`eote_ref.referee.errors.REFUSALS`) is a sentence in the status bar or the
wizard; anything else that reaches the event loop is a bug. :func:`install` makes
:func:`report_unexpected` the interpreter's ``sys.excepthook``: it writes the traceback to the
log file (:mod:`eote_ref.referee.logs`) and shows the error with the log's path, so a club's
"it went wrong last night" can be sent to whoever looks after the app. Every step is one
transaction, so an error in the middle of one leaves the game as it was before it.
"""

from __future__ import annotations

import html
import logging
import sys
import types

from eote_ref.referee.logs import start_logging

log = logging.getLogger(__name__)


def report_unexpected(
    kind: type[BaseException], error: BaseException, trace: types.TracebackType | None
) -> None:
    """Log ``error`` with its traceback and show it, with the log file's path."""
    if issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, trace)
        return
    path = start_logging()
    log.error("unexpected error", exc_info=(kind, error, trace))
    try:
        from PySide6.QtWidgets import QApplication, QMessageBox

        if QApplication.instance() is None:
            raise RuntimeError("no Qt application")
        where = (
            f"The details are in the log file:<br><tt>{html.escape(str(path))}</tt><br>"
            "(<i>Help → Open log folder</i>)."
            if path is not None
            else "The log folder could not be written."
        )
        QMessageBox.critical(
            QApplication.activeWindow(),
            "eote-ref — Something went wrong",
            f"<p>{html.escape(kind.__name__)}: {html.escape(str(error))}</p>"
            "<p>Each step is saved whole or not at all: the game is as it was after the "
            "last step its journal shows.</p>"
            f"<p>{where}</p>",
        )
    except Exception:  # noqa: BLE001 - the report itself failed: fall back on the terminal
        sys.__excepthook__(kind, error, trace)


def install() -> None:
    """Make :func:`report_unexpected` the handler of every uncaught exception."""
    sys.excepthook = report_unexpected
