"""Leaving a phase with checks still due: Enter on the question stays (issue 30)."""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from eote_ref.referee.game import GameService
from eote_ref.referee.phases import Phase
from eote_ref.referee.session import Database
from eote_ref.ui.dashboard import Dashboard
from tests.ui.helpers import shown_window

#: The real question, read before conftest's stand-in replaces it for the test.
REAL_CONFIRM_LEAVE = Dashboard.confirm_leave


def test_enter_on_the_checks_still_due_question_stays(
    qtbot: QtBot, db: Database, demo: GameService, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(Dashboard, "confirm_leave", REAL_CONFIRM_LEAVE)
    window = shown_window(qtbot, db, demo.game_id)
    assert window.hub is not None
    game = window.hub.service
    game.set_initiative(None)  # undecided: the initiative roll is due (4.0)
    game.advance_phase()
    seen: list[str] = []

    def enter() -> None:
        box = next(
            w
            for w in QApplication.topLevelWidgets()
            if isinstance(w, QMessageBox) and w.isVisible()  # not one an earlier test left
        )
        seen.append(box.defaultButton().text())
        qtbot.keyClick(box, Qt.Key.Key_Return)  # the umpire's habit

    QTimer.singleShot(100, enter)
    window.ui.actionNextPhase.trigger()
    assert seen == ["&Stay"]
    assert game.view().phase is Phase.INITIATIVE
