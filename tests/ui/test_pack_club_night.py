"""An umpire's club-night trial of the pack screen (AVlE's Ligny, VlE's Saalfeld): its findings.

Each test is a defect the trial met in the real main window, driven by keys on the focused
widget as the umpire typed them.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_lists import pack_battle
from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from tests.ui.helpers import CTRL, Umpire, shown_window

#: The options the trial drew (AVlE 9.4, 6.0, 12.0, 10.1).
OPTIONS = {
    "general_kill_losses": "table",
    "garrison_reabsorb": "any_arm",
    "old_guard_rally_dice": 4,
    "artillery_ignores_retreat": "second_firer",
}


def ligny(db: Database) -> PackGameService:
    """The text's Ligny (AVlE 13.3) with the trial's options."""
    battle = pack_battle("avle", "ligny")
    sides = {name: list(paths) for name, paths in battle.sides}
    spec = NewPackGame("Ligny", "avle", sides, OPTIONS, battle.scenario)
    return PackGameService(db, new_pack_game(db, spec))


@pytest.fixture
def window(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, ligny(db).game_id)


def _dialog(window: MainWindow) -> PackCheckDialog:
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog), "no check wizard is open"
    return d


def _hands_from_the_guide(umpire: Umpire) -> None:
    for _side in range(2):  # Ctrl+G, Enter on the hand due, Enter takes the hand offered
        umpire.press(Qt.Key.Key_G, CTRL)
        umpire.press(Qt.Key.Key_Return)
        umpire.press(Qt.Key.Key_Return)


def test_a_pool_of_command_dice_is_typed_one_key_a_die(qtbot: QtBot, window: MainWindow) -> None:
    """Found in the trial: the five command dice (AVlE 5.1) took a Tab after every die.

    The first key went to the first die and the next ones searched its list ("fi": no face),
    so the umpire Tabbed from box to box, while the last die of the French pool moved the
    keyboard to the Prussian pool on its own. Now each die typed moves to the next one.
    """
    umpire = Umpire(qtbot, window)
    _hands_from_the_guide(umpire)
    umpire.press(Qt.Key.Key_G, CTRL)
    umpire.press(Qt.Key.Key_Return)
    d = _dialog(window)
    d.focus_die()
    umpire.keys = 0
    umpire.type("fiict")  # French: flag, infantry, infantry, cannon, trooper
    assert d.rolls.get("French_dice") == ["flag", "infantry", "infantry", "cannon", "trooper"]
    assert QApplication.focusWidget() is d.dice_rows["Prussians_dice"].combos[0]
    umpire.type("gific")
    assert d.rolls.get("Prussians_dice") == ["general", "infantry", "flag", "infantry", "cannon"]
    umpire.press(Qt.Key.Key_Return)
    assert d.applied
    assert umpire.keys == 11
