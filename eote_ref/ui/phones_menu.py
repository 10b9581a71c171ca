"""View → Players' phones: the menu entry, and Ready at the top of the turn guide.

The dialog and the server (:mod:`eote_ref.ui.phones_dialog`, :mod:`eote_ref.web`) are
imported when the umpire first opens it: the first window is painted without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QLabel, QMainWindow, QMenu

if TYPE_CHECKING:
    from eote_ref.ui.phones_dialog import PhonesDialog


class PhonesMenu(QObject):
    """View → Players' phones: one dialog for the open game; the turn guide shows Ready."""

    def __init__(self, window: QMainWindow, menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.dialog: PhonesDialog | None = None
        self.action = QAction("Players' p&hones…", window)
        self.action.setObjectName("actionPlayersPhones")
        self.action.setStatusTip(
            "Serve each side its own view and order form on its phones over the club's network"
        )
        self.action.triggered.connect(self.open)
        menu.addAction(self.action)
        menu.aboutToShow.connect(self._enable)

    def _hub(self) -> Any:
        finder = getattr(self.window, "_journal_hub", None)
        return finder() if finder is not None else None

    def _enable(self) -> None:
        self.action.setEnabled(self._hub() is not None)

    def open(self) -> PhonesDialog | None:
        """Show the dialog of the open game (a new one, serving stopped, for another game)."""
        hub = self._hub()
        if hub is None:
            return None
        if self.dialog is not None and self.dialog.hub is not hub:
            self.close()
        if self.dialog is None:
            from eote_ref.ui.phones_dialog import PhonesDialog

            self.dialog = PhonesDialog(hub, self.window)
            self.dialog.readyChanged.connect(self._show_ready)
            # Another game opened (the hub goes): the phones stop following the closed one.
            hub.destroyed.connect(self._hub_gone)
        self.dialog.show()
        self.dialog.raise_()
        return self.dialog

    def _hub_gone(self, _hub: object = None) -> None:
        if self.dialog is not None:
            self.dialog.hub = None
            self.close()

    def close(self) -> None:
        """Stop serving and drop the dialog (the game closed, the app quits)."""
        if self.dialog is not None:
            self.dialog.stop()
            self.dialog.close()
            self.dialog.deleteLater()
            self.dialog = None

    def _show_ready(self, words: str) -> None:
        """At the top of the turn guide: who pressed Ready on his phone this phase."""
        dock = getattr(self.window, "guideDock", None)
        guide = dock.widget() if dock is not None else None
        if guide is None or guide.layout() is None:
            return
        label = guide.findChild(QLabel, "phonesReadyGuide")
        if label is None:
            label = QLabel(guide)
            label.setObjectName("phonesReadyGuide")
            label.setTextFormat(Qt.TextFormat.PlainText)
            guide.layout().insertWidget(0, label)
        label.setText(words)
        label.setVisible(bool(words))
