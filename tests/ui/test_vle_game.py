"""A VlE game in the app: the wizard starts it, the shared pack screen plays its turn."""

from __future__ import annotations

from PySide6.QtCore import Qt
from pytestqt.qtbot import QtBot

from eote_ref.referee.pack_play import NewPackGame, PackGameService, new_pack_game
from eote_ref.referee.setup import SetupService, shipped_army_lists_dir
from eote_ref.store import Database
from eote_ref.ui.new_game_wizard.wizard import NewGameWizard
from eote_ref.ui.pack_game.check_dialog import PackCheckDialog
from eote_ref.ui.pack_game.dashboard import PackDashboard
from tests.ui.helpers import CTRL, Umpire, shown_window

FOLDER = shipped_army_lists_dir()
assert FOLDER is not None
FRENCH = FOLDER / "vle" / "saalfeld-1806-french.yaml"
PRUSSIAN = FOLDER / "vle" / "saalfeld-1806-prussian.yaml"


def test_the_wizard_starts_a_vle_game_on_the_pack_screen(qtbot: QtBot, db: Database) -> None:
    w = NewGameWizard(SetupService(db))
    qtbot.addWidget(w)
    w.show()
    combo = w.pages[0].packCombo
    combo.setCurrentIndex(combo.findData("vle"))
    assert combo.currentData() == "vle"
    w.select_lists([FRENCH.name], [PRUSSIAN.name])
    while w.currentPage() is not w.pages[-1]:
        w.next()
    w.accept()
    assert w.game_id is not None
    window = shown_window(qtbot, db, w.game_id)
    assert window.pack_game.is_open
    assert isinstance(window.pack_game.dashboard, PackDashboard)
    assert len(PackGameService(db, w.game_id).state().units) == 8 + 9
    assert "Vive l'Empereur! 3rd edition" in window.status_text()


def test_a_turn_with_a_check_and_undo_in_the_app(qtbot: QtBot, db: Database) -> None:
    spec = NewPackGame("Saalfeld", "vle", {"French": [FRENCH], "Prussians": [PRUSSIAN]},
                       scenario="saalfeld")  # fmt: skip
    gid = new_pack_game(db, spec)
    window = shown_window(qtbot, db, gid)
    screen = window.pack_game
    service = screen.hub.service
    assert screen.guide is not None
    assert "<b>Turn 1, player turn 1 of 2 · Cavalry charges: French" in screen.guide.heading.text()
    # The fire check from the pack's checks, on a Prussian regiment, its die entered.
    unit = next(u for u in service.state().units if u.name == "IR 49 Müffling")
    screen.open_check("fire", {"unit_id": unit.id})
    d = window.pack_game.dialog
    assert isinstance(d, PackCheckDialog)
    assert d.windowTitle().startswith("Fire on a unit")
    d.answer("fire_value", 5)
    d.enter_die("roll", 6)
    d.apply()
    assert d.applied
    assert service.state().unit(unit.id).markers["steps"] == 2
    assert screen.guide.items()[0].startswith("IR 49 Müffling: morale check after fire")
    assert [e.summary for e in service.journal()] == ["fire on IR 49 Müffling at 5: loss 2 (VII.3)"]
    qtbot.waitUntil(lambda: screen.journal.model.rowCount() == 1)
    Umpire(qtbot, window).press(Qt.Key.Key_Z, CTRL)
    assert service.state().unit(unit.id).markers["steps"] == 4
    assert all(e.status != "done" for e in service.journal())
    # The phases of the two player turns (II) through the turn guide's last item.
    for _ in range(12):
        screen.open_check("next_phase", {})
        d = window.pack_game.dialog
        assert isinstance(d, PackCheckDialog)
        d.apply()
    assert service.turn_label().startswith("Turn 2, player turn 1 of 2")
