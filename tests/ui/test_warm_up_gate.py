"""The umpire's first input waits for the start-up warm-up (no two threads import the ORM)."""

from __future__ import annotations

import threading

import pytest
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
    qtbot: QtBot, db: Database, demo: GameService, monkeypatch: pytest.MonkeyPatch
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
    # A warm-up that runs until the gate, holding the key below, starts waiting for it (however
    # slow the machine): the key is pressed while it still runs, whatever the timing.
    release = threading.Event()
    warming = threading.Thread(target=release.wait, args=(60,), daemon=True)
    warming.start()
    held_while_warming: list[bool] = []
    gate_wait = warm_up_gate.wait

    def wait_then_end_the_warm_up() -> None:
        held_while_warming.append(warming.is_alive())
        release.set()
        gate_wait()

    monkeypatch.setattr(warm_up_gate, "wait", wait_then_end_the_warm_up)
    app = QApplication.instance()
    assert isinstance(app, QApplication)
    warm_up_gate.hold_input(app, warming)
    assert warm_up_gate.running()
    assert not window.hub.follow()  # the hub's timer leaves the ORM to the warm-up meanwhile
    qtbot.keyClick(pane.tree, Qt.Key.Key_Plus)
    assert held_while_warming[:1] == [True]  # the key came while the warm-up ran...
    assert not warming.is_alive()  # ...and waited for it
    assert not warm_up_gate.running()
    assert _hits(GameService(db, demo.game_id), unit.id) == unit.hits + 1
    qtbot.keyClick(pane.tree, Qt.Key.Key_Plus)  # the gate has gone: keys go straight on
    assert _hits(GameService(db, demo.game_id), unit.id) == unit.hits + 2
