"""The main window's View-menu entries for the table: players' display, fog of war, order sheets.

Kept apart from :mod:`eote_ref.ui.main_window` so the window only creates a
:class:`DisplayMenu` and tells it when a game opens.
"""

from __future__ import annotations

import functools
from typing import Any

from PySide6.QtCore import QObject
from PySide6.QtGui import QAction, QActionGroup, QKeySequence
from PySide6.QtWidgets import QMainWindow, QMenu

from eote_ref.referee.players_view import Fog, fog_of_war, set_fog_of_war
from eote_ref.ui.game_hub import GameHub
from eote_ref.ui.players_display import PlayersDisplay, open_players_display


class DisplayMenu(QObject):
    """View → Players' display, View → Fog of war (one choice per game)."""

    def __init__(self, window: QMainWindow, menu: QMenu) -> None:
        super().__init__(window)
        self.window = window
        self.hub: GameHub | None = None
        #: The open players' display, if any.
        self.display: PlayersDisplay | None = None
        menu.addSeparator()
        self.actionDisplay = QAction("&Players' display", window)
        self.actionDisplay.setObjectName("actionPlayersDisplay")
        self.actionDisplay.setShortcut(QKeySequence("Ctrl+Shift+D"))
        self.actionDisplay.setStatusTip(
            "Open the players' display on a second screen (F11 there toggles full screen)"
        )
        self.actionDisplay.triggered.connect(self.open_display)
        menu.addAction(self.actionDisplay)
        self.menuFog = menu.addMenu("&Fog of war")
        self.menuFog.setObjectName("menuFog")
        group = QActionGroup(self)
        self.fog_actions: dict[Fog, QAction] = {}
        for fog in Fog:
            action = QAction(fog.label, self)
            action.setCheckable(True)
            action.triggered.connect(functools.partial(self.set_fog, fog))
            group.addAction(action)
            self.menuFog.addAction(action)
            self.fog_actions[fog] = action
        self.menuFog.aboutToShow.connect(self._sync)
        self.game_opened(None)

    def game_opened(self, hub: GameHub | None) -> None:
        """A game was opened (or closed: None); an open display follows the new one."""
        self.hub = hub
        self.actionDisplay.setEnabled(hub is not None)
        self.menuFog.setEnabled(hub is not None)
        if self.display is not None:
            self.display.close()
            self.display.deleteLater()
            self.display = None
            if hub is not None:
                self.open_display()

    def open_display(self) -> PlayersDisplay | None:
        """Show the players' display (raised if open already)."""
        if self.hub is None:
            return None
        if self.display is not None and self.display.source is self.hub:
            self.display.show()
            self.display.raise_()
            return self.display
        self.display = open_players_display(self.hub, self.window)
        return self.display

    def set_fog(self, fog: Fog) -> Any:
        """Choose the open game's fog of war (one journal step)."""
        hub = self.hub
        if hub is None:
            return None
        return hub.attempt(lambda: set_fog_of_war(hub.service, fog))

    def _sync(self) -> None:
        if self.hub is not None:
            self.fog_actions[fog_of_war(self.hub.view)].setChecked(True)
