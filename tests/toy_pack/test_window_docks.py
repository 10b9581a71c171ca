"""A pack's docks come through its registry line (``window``), shown only for its games.

The main window names no pack's dock (issue 32): it makes the docks every pack's line
declares before it restores its saved layout, gives the open game's pack's docks its hub, and
hides every other pack's. The toy pack here declares one dock of its own; EotE's line declares
its movement dock (EotE 5.0), which must show for an EotE game and never for the toy's.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDockWidget, QLabel, QMainWindow
from pytestqt.qtbot import QtBot

from eote_ref.packs import registry
from eote_ref.referee.game import GameService
from eote_ref.referee.new_game_draft import NewGameDraft
from eote_ref.referee.pack_lists import summarise_any
from eote_ref.referee.phases import Phase
from eote_ref.referee.setup import SetupService
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from tests.toy_pack import LINE
from tests.toy_pack.conftest import BLUE, RED

pytestmark = pytest.mark.gui


class ToyDock:
    """The toy's one dock: made once per window, given the toy game's hub, hidden between."""

    def __init__(self) -> None:
        self.hubs: list[object] = []

    def make(self, window: QMainWindow) -> QDockWidget:
        dock = getattr(window, "toyDock", None)
        if not isinstance(dock, QDockWidget):
            dock = QDockWidget("Toy range", window)
            dock.setObjectName("toyDock")
            window.addDockWidget(Qt.DockWidgetArea.BottomDockWidgetArea, dock)
            dock.hide()
            window.toyDock = dock  # type: ignore[attr-defined]
        return dock

    def attach(self, window: QMainWindow, hub: object) -> QDockWidget:
        dock = self.make(window)
        self.hubs.append(hub)
        dock.setWidget(QLabel("ranges", dock))
        dock.show()
        return dock

    def hide(self, window: QMainWindow) -> None:
        dock = getattr(window, "toyDock", None)
        if isinstance(dock, QDockWidget):
            dock.hide()


class ToyWindow:
    docks = (ToyDock(),)

    def batch_dialog(self, hub: object, name: str, parent: object = None) -> None:
        raise AssertionError("the toy has no batches of the catalogue")

    def fire_sub_phase(self, arm: str, formation: str | None) -> str | None:
        return None


WINDOW = ToyWindow()


def _dock(window: MainWindow, name: str) -> QDockWidget:
    dock = window.findChild(QDockWidget, name)
    assert isinstance(dock, QDockWidget)
    return dock


def test_a_packs_docks_are_made_with_the_window_and_shown_only_for_its_games(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    registry.register(LINE._replace(window=f"{__name__}:WINDOW"))
    try:
        draft = NewGameDraft(pack=LINE.id)
        draft.lists = [[summarise_any(RED)], [summarise_any(BLUE)]]
        toy_game = draft.create(SetupService(db))
        while demo.view().phase is not Phase.MOVEMENT:
            demo.advance_phase()

        window = MainWindow(db)
        qtbot.addWidget(window)
        window.show()
        qtbot.waitExposed(window)
        toy, movement = _dock(window, "toyDock"), _dock(window, "movementDock")
        assert not toy.isVisible()  # made with the window, before its layout is restored
        assert not movement.isVisible()

        assert window.open_game(demo.game_id)  # EotE's game, in its movement phase
        assert movement.isVisible()
        assert not toy.isVisible()

        assert window.open_game(toy_game)  # the toy's: its dock, never EotE's
        assert window.pack_game.is_open
        assert toy.isVisible()
        assert not movement.isVisible()
        assert WINDOW.docks[0].hubs[-1] is window.pack_game.hub

        assert window.open_game(demo.game_id)
        assert movement.isVisible()
        assert not toy.isVisible()

        window.show_start_page()
        assert not movement.isVisible()
        assert not toy.isVisible()
    finally:
        registry.unregister(LINE.id)
