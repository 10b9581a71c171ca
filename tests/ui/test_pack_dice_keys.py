"""The dice boxes of a pack game's check by keys alone, as an umpire's trial found them.

A d10 whose face reads 0 is typed 0 (it reads 10, as the scenario dialog's arrival d10);
Alt+D in a pool of dice half entered goes to the first die still empty.
"""

from __future__ import annotations

import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication, QLabel
from pytestqt.qtbot import QtBot

from eote_ref.store import Database
from eote_ref.ui.main_window import MainWindow
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from tests.avle_games import quatre_bras, saalfeld, unit_id
from tests.ui.helpers import ALT, Umpire, shown_window
from tests.ui.pack_helpers import pack_service

LANCERS = "Piré's lancers (Hubert)"


@pytest.fixture
def avle(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, quatre_bras(db).game_id)


@pytest.fixture
def vle(qtbot: QtBot, db: Database) -> MainWindow:
    return shown_window(qtbot, db, saalfeld(db).game_id)


def _opened(qtbot: QtBot, window: MainWindow, key: str, unit: str) -> PackCheckDialog:
    d = window.pack_game.open_check(key, {"unit_id": unit_id(pack_service(window), unit)})
    assert isinstance(d, PackCheckDialog)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is d)
    return d


def test_a_d10_showing_0_is_typed_0_and_reads_10(qtbot: QtBot, avle: MainWindow) -> None:
    """Found in a trial: 0 typed in a d10's box did nothing and ate the next key."""
    d = _opened(qtbot, avle, "pursuit", LANCERS)  # one d10 (9.1.3)
    assert QApplication.focusWidget() is d.dice_rows["roll"].combos[0]
    assert d.findChild(QLabel, "keys_roll").text() == "keys 1–10 (0 reads 10)"
    Umpire(qtbot, avle).type("0")
    assert d.rolls == {"roll": 10}
    assert d.apply_button.isEnabled()
    d.reject()


def test_alt_d_goes_to_the_first_die_of_a_pool_still_empty(qtbot: QtBot, vle: MainWindow) -> None:
    """Found in a trial: Alt+D after the first of two d6 went back to it (VlE X.2)."""
    d = _opened(qtbot, vle, "morale", "IR 49 Müffling")
    umpire = Umpire(qtbot, vle)
    umpire.press(Qt.Key.Key_D, ALT)
    (name,) = d.dice_rows  # the two d6 of the check (X.2)
    first, second = d.dice_rows[name].combos
    assert QApplication.focusWidget() is first
    umpire.type("3")
    d.questions["event_bonus"].widget.setFocus()  # back to a question to correct it
    umpire.press(Qt.Key.Key_D, ALT)
    assert QApplication.focusWidget() is second
    umpire.type("4")
    assert d.rolls == {name: [3, 4]}
    d.reject()
