"""The toy pack in the real main window, from the new-game wizard to a shot undone.

The shared pack screen plays a shot from the Adjudicate menu; the keyboard undoes it.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QAction
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_play import PackGameService
from eote_ref.referee.setup import SetupService
from eote_ref.store import Database
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.dashboard import PackDashboard
from tests.toy_pack.conftest import BLUE, RED
from tests.ui.helpers import CTRL, Umpire, shown_window

pytestmark = [pytest.mark.gui, pytest.mark.usefixtures("toy_pack")]


def test_a_toy_game_from_the_wizard_to_a_shot_undone(qtbot: QtBot, db: Database) -> None:
    wizard = NewGameWizard(SetupService(db))
    qtbot.addWidget(wizard)
    wizard.show()
    combo = wizard.pages[0].packCombo
    combo.setCurrentIndex(combo.findData("toy"))
    assert combo.currentText() == "Toy Skirmish (a test pack)"
    wizard.select_lists([RED], [BLUE])
    while wizard.currentPage() is not wizard.pages[-1]:
        wizard.next()
    wizard.accept()
    assert wizard.game_id is not None

    window = shown_window(qtbot, db, wizard.game_id)
    screen = window.pack_game
    assert screen.is_open
    dashboard = screen.dashboard
    assert isinstance(dashboard, PackDashboard)
    assert "Toy Skirmish (a test pack)" in window.status_text()
    assert screen.guide is not None
    assert "<b>Turn 1 · Shooting</b>" in screen.guide.heading.text()
    assert screen.guide.items() == ["end this phase (Toy 2)"]  # cited as its line says
    service = screen.hub.service
    assert isinstance(service, PackGameService)
    units = {u.name: u.id for u in service.state().units}
    assert len(units) == 4

    # Select Blue foot, Adjudicate → Shoot by its shortcut, cover, the d6 typed, Enter.
    umpire = Umpire(qtbot, window)
    assert dashboard.select("unit", units["Blue foot"])
    shoot = window.findChild(QAction, "actionPackCheck_shoot")
    assert shoot is not None
    assert shoot.text() == "Shoot at a unit (3)"
    keys = shoot.shortcut()[0]
    umpire.press(keys.key(), keys.keyboardModifiers())
    d = screen.dialog
    assert isinstance(d, PackCheckDialog)
    assert d.windowTitle() == "Shoot at a unit (Toy 3)"
    d.answer("cover", True)
    preview = " ".join(d.preview.toPlainText().split())
    assert "target in cover" in preview
    # The exact odds of each result, as the wizards' bars (cover: a d6 less one, 4+ hits).
    assert d.odds.text() == "miss 66.7%\nhit 33.3%"
    assert d.trial is None or d.trial.outcome is None
    d.dice_rows["roll"].combos[0].setFocus()
    umpire.type("6")
    assert d.result_text().startswith("Result: hit")
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert service.state().unit(units["Blue foot"]).markers == {"strength": 2, "shaken": True}
    assert [e.summary for e in service.journal()] == ["shot at Blue foot: hit (Toy 3)"]
    qtbot.waitUntil(lambda: screen.journal is not None and screen.journal.model.rowCount() == 1)

    umpire.press(Qt.Key.Key_Z, CTRL)
    assert service.state().unit(units["Blue foot"]).markers == {"strength": 3}
    assert all(e.status != "done" for e in service.journal())

    # Its declared marker by hand (shaken is editable, strength is the checks'), undone.
    blue = units["Blue foot"]
    assert [key for _label, key, _v in dashboard.hand_edits("unit", blue)] == ["shaken"]
    assert dashboard.edit("unit", blue, "shaken", True)
    assert service.state().unit(blue).markers == {"strength": 3, "shaken": True}
    assert not dashboard.edit("unit", blue, "strength", 1)  # refused, in the status bar
    window.ui.actionUndo.trigger()
    assert service.state().unit(blue).markers == {"strength": 3}

    # The players' display words the declared markers.
    display = screen.open_display()
    assert display is not None
    qtbot.waitUntil(lambda: "Blue foot" in display.text())
    assert "strength 3" in display.text()

    # The turn from the guide's check: shooting, rally, turn 2.
    for _ in range(2):
        screen.open_check("next_phase", {})
        d = screen.dialog
        assert isinstance(d, PackCheckDialog)
        d.apply()
    assert service.turn_label() == "Turn 2 · Shooting"
