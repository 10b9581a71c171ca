"""The umpire's first input waits for the start-up warm-up (no two threads import the ORM)."""

from __future__ import annotations

import threading

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.session import Database
from eote_ref.ui import warm_up_gate
from eote_ref.ui.main_window import MainWindow


def _hits(game: GameService, unit_id: int) -> int:
    return next(u.hits for s in game.view().sides for u in s.units if u.id == unit_id)


def test_a_key_pressed_during_the_warm_up_waits_for_it_then_edits(
    qtbot: QtBot, db: Database, demo: GameService
) -> None:
    window = MainWindow(db)
    qtbot.addWidget(window)
    window.open_game(demo.game_id)
    window.show()
    qtbot.waitExposed(window)
    assert window.dashboard is not None
    assert window.hub is not None
    pane = window.dashboard.panes[0]
    unit = pane.model.divisions[0].units[0]
    assert window.dashboard.select_unit(unit.id)
    pane.tree.setFocus()
    # A warm-up that runs until the test lets it end (however slow the machine), then a moment
    # more: the key below is pressed while it still runs.
    release = threading.Event()
    warming = threading.Thread(target=release.wait, args=(60,), daemon=True)
    warming.start()
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    warm_up_gate.hold_input(app, warming)
    assert warm_up_gate.running()
    assert not window.hub.follow()  # the hub's timer leaves the ORM to the warm-up meanwhile
    ending = threading.Timer(0.3, release.set)
    ending.start()
    qtbot.keyClick(pane.tree, Qt.Key.Key_Plus)
    ending.join()
    assert not warming.is_alive()  # the key waited for the warm-up
    assert not warm_up_gate.running()
    assert _hits(GameService(db, demo.game_id), unit.id) == unit.hits + 1
    qtbot.keyClick(pane.tree, Qt.Key.Key_Plus)  # the gate has gone: keys go straight on
    assert _hits(GameService(db, demo.game_id), unit.id) == unit.hits + 2
